"""Where a hand stands and how it ended: the two enums the hand state and its record actions
(:mod:`euchre.engine.irregular_play`) share."""

from __future__ import annotations

import enum

__all__ = ["HandStatus", "Phase"]


class Phase(enum.IntEnum):
    """Where a hand stands."""

    GO_UNDER = 0
    BID_ROUND_1 = 1
    BID_ROUND_2 = 2
    DEFEND = 3
    DISCARD = 4
    FOLD = 5
    PLAY = 6
    OVER = 7


class HandStatus(enum.StrEnum):
    """How a finished hand ended."""

    SCORED = "scored"
    THROWN_IN = "thrown_in"
    REDEAL = "redeal"
    PENALTY = "penalty"
    """Ended by an irregularity the record shows (the dealer failed to discard): the
    penalty is the hand's score and the deal passes."""
