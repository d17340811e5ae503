"""The shared play rules of :mod:`euchre.engine.rules`, compiled by numba for the fast paths.

The batch kernel (:mod:`euchre.engine.kernel`) and the open-hand solver
(:mod:`euchre.bots.solver`) call these: the very functions ``HandState`` calls, compiled
once here (with an on-disk cache), so each rule has one definition. The tables come as
numpy arrays with the same indices as the tuples in :mod:`euchre.engine.rules`.

Importing this module imports numba (slow): only the kernel and the solver import it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numba
import numpy as np

from euchre.engine import rules

__all__ = [
    "EFFECTIVE_SUIT",
    "FOLLOW_MASK",
    "POWER",
    "follow_suit",
    "hand_score",
    "is_farmers_hand",
    "may_fold",
    "may_order_up",
    "trick_winner",
]


def _compiled(function: Callable[..., Any]) -> Callable[..., Any]:
    """``numba.njit`` with an on-disk cache. Typed loosely on purpose: the compiled functions
    take numpy rows where the plain ones take sequences."""
    return cast(Callable[..., Any], numba.njit(cache=True, nogil=True)(function))


FOLLOW_MASK = np.array(rules.FOLLOW_MASK, dtype=np.int64)
"""``FOLLOW_MASK[trump + 1, card]`` as an array."""
EFFECTIVE_SUIT = np.array(rules.EFFECTIVE_SUIT, dtype=np.int64)
"""``EFFECTIVE_SUIT[trump + 1, card]`` as an array."""
POWER = np.array(rules.POWER, dtype=np.int64)
"""``POWER[trump, card]`` as an array."""

follow_suit = _compiled(rules.follow_suit)
trick_winner = _compiled(rules.trick_winner)
hand_score = _compiled(rules.hand_score)
is_farmers_hand = _compiled(rules.is_farmers_hand)
may_fold = _compiled(rules.may_fold)
may_order_up = _compiled(rules.may_order_up)
