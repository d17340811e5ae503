"""The bot interface: any program that turns a seat's view into an action can sit at a table."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from euchre.engine.actions import Action
from euchre.engine.view import PlayerView

__all__ = ["Bot", "RandomBot", "SeededBot"]


@runtime_checkable
class Bot(Protocol):
    """A computer player. It sees only its seat's view and returns one of ``view.legal``."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """Pick an action for ``view.seat`` from ``view.legal``."""
        ...


@dataclass(eq=False)
class SeededBot:
    """A bot whose randomness all comes from ``seed``: the same seed plays the same way.

    Subclasses add their options as keyword-only dataclass fields after ``seed``.
    """

    seed: int | None = None
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)


@dataclass(eq=False)
class RandomBot(SeededBot):
    """Uniform over the legal actions (the baseline)."""

    name = "random"

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random legal action."""
        return self._rng.choice(view.legal)
