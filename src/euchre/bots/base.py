"""The bot interface: any program that turns a seat's view into an action can sit at a table."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from euchre.engine.actions import Action
from euchre.engine.view import PlayerView

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """A computer player. It sees only its seat's view and returns one of ``view.legal``."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """Pick an action for ``view.seat`` from ``view.legal``."""
        ...


class RandomBot:
    """Uniform over the legal actions (the baseline)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random legal action."""
        return self._rng.choice(view.legal)
