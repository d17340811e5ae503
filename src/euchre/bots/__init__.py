"""Computer players: the bot interface and a registry of bots by name.

``random`` is the baseline, ``rules`` the heuristic player, ``pimc-basic`` (alias ``pimc``)
sampled worlds each solved open-handed, frozen as the yardstick, and ``expert`` the strongest
(it also reads the bidding). The levels for people are ``easy``, ``medium``, ``hard`` and
``expert`` (:data:`euchre.bots.levels.LEVELS`). Any object with a ``name`` and
``choose(view) -> Action`` can sit at a table (see :class:`Bot`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from euchre.bots.base import Bot, RandomBot
from euchre.engine.errors import EuchreError

__all__ = [
    "BOT_FACTORIES",
    "SOLVER_WARM_UP",
    "Bot",
    "RandomBot",
    "make_bot",
    "warm_up_solver_in_background",
]

SOLVER_WARM_UP = "EUCHRE_SOLVER_WARM_UP"
"""Environment variable: ``1`` makes the web app warm the open-hand solver up at start-up
(:func:`warm_up_solver_in_background`). ``euchre serve`` sets it unless it is set already;
otherwise it is off, so tests and scripts that build the app do not pay for it."""


def _rules(seed: int | None) -> Bot:
    from euchre.bots.rules import RulesBot

    return RulesBot(seed)


def _pimc_basic(seed: int | None) -> Bot:
    from euchre.bots.pimc import BASIC_RULES, PimcBot

    return PimcBot(seed, rules_parameters=BASIC_RULES, name="pimc-basic")


def _pimc(seed: int | None) -> Bot:
    from euchre.bots.pimc import BASIC_RULES, PimcBot

    return PimcBot(seed, rules_parameters=BASIC_RULES)


def _expert(seed: int | None) -> Bot:
    from euchre.bots.expert import ExpertBot

    return ExpertBot(seed)


def _expert_learned_inference(seed: int | None) -> Bot:
    from euchre.bots.expert import ExpertBot

    return ExpertBot(seed, policy_inference=True, name="expert-learned-inference")


def _easy(seed: int | None) -> Bot:
    from euchre.bots.levels import EasyBot

    return EasyBot(seed)


def _medium(seed: int | None) -> Bot:
    from euchre.bots.levels import medium_bot

    return medium_bot(seed)


def _hard(seed: int | None) -> Bot:
    from euchre.bots.pimc import BASIC_RULES, PimcBot

    return PimcBot(seed, rules_parameters=BASIC_RULES, name="hard")


BOT_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "rules": _rules,
    "pimc-basic": _pimc_basic,
    "pimc": _pimc,
    "expert": _expert,
    "expert-learned-inference": _expert_learned_inference,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
}
"""Bot constructors by name (bots and levels); each takes an optional seed."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot (or level) by name: any key of :data:`BOT_FACTORIES`."""
    factory = BOT_FACTORIES.get(name)
    if factory is None:
        raise EuchreError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOT_FACTORIES))}")
    return factory(seed)


def warm_up_solver_in_background() -> threading.Thread:
    """Compile (or load from numba's cache) the open-hand solver in a daemon thread.

    The ``pimc``, ``hard`` and ``expert`` players' first decision in a process otherwise
    waits for it. Numba itself is imported in the thread, so the caller does not wait at all;
    a solve started meanwhile waits for the warm-up instead of compiling a second time.
    """

    def run() -> None:
        try:
            from euchre.bots.solver import warm_up

            warm_up()
        except Exception:  # a failed warm-up only means the first solve compiles
            logging.getLogger(__name__).exception("warming up the solver failed")

    thread = threading.Thread(target=run, name="solver-warm-up", daemon=True)
    thread.start()
    return thread
