"""Computer players: the bot interface and a registry of bots by name.

``random`` is the baseline, ``rules`` the heuristic player, ``pimc`` the strong one (sampled
worlds, each solved open-handed). Any object with a ``name`` and ``choose(view) -> Action``
can sit at a table (see :class:`Bot`).
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.bots.base import Bot, RandomBot
from euchre.engine.errors import EuchreError

__all__ = ["BOT_FACTORIES", "Bot", "RandomBot", "make_bot"]


def _rules(seed: int | None) -> Bot:
    from euchre.bots.rules import RulesBot

    return RulesBot(seed)


def _pimc(seed: int | None) -> Bot:
    from euchre.bots.pimc import PimcBot

    return PimcBot(seed)


BOT_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "rules": _rules,
    "pimc": _pimc,
}
"""Bot constructors by name; each takes an optional seed."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``rules``, ``pimc``)."""
    factory = BOT_FACTORIES.get(name)
    if factory is None:
        raise EuchreError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOT_FACTORIES))}")
    return factory(seed)
