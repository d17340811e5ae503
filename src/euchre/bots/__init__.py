"""Computer players: the bot interface and a registry of bots by name."""

from __future__ import annotations

from collections.abc import Callable

from euchre.bots.base import Bot, RandomBot

__all__ = ["BOT_FACTORIES", "Bot", "RandomBot", "make_bot"]

BOT_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
}
"""Bot constructors by name; each takes an optional seed."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ...)."""
    from euchre.engine.errors import EuchreError

    factory = BOT_FACTORIES.get(name)
    if factory is None:
        raise EuchreError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOT_FACTORIES))}")
    return factory(seed)
