"""The tournament director's core: event formats, schedules, penalties, standings, prizes.

Pure domain code on plain dataclasses: :func:`compute_event` turns an event's inputs
(:class:`EventInputs`) into a snapshot (:class:`EventSnapshot`). See ``docs/tournament.md``.
"""

from euchre.tournament.errors import TournamentError
from euchre.tournament.model import (
    FORMAT_NAMES,
    PENALTY_KINDS,
    SIT_OUT_SCORING,
    TIE_BREAKS,
    Entrant,
    EventConfig,
    EventInputs,
    EventSnapshot,
    MovementChange,
    PenaltyRecord,
    PenaltyRuling,
    Playoff,
    PrizeAward,
    PrizeTable,
    PrizeTier,
    RoundPlan,
    SeatingOverride,
    SidePot,
    StandingRow,
    TableResult,
    TableSeating,
)

__all__ = [
    "FORMAT_NAMES",
    "PENALTY_KINDS",
    "SIT_OUT_SCORING",
    "TIE_BREAKS",
    "Entrant",
    "EventConfig",
    "EventInputs",
    "EventSnapshot",
    "MovementChange",
    "PenaltyRecord",
    "PenaltyRuling",
    "Playoff",
    "PrizeAward",
    "PrizeTable",
    "PrizeTier",
    "RoundPlan",
    "SeatingOverride",
    "SidePot",
    "StandingRow",
    "TableResult",
    "TableSeating",
    "TournamentError",
]
