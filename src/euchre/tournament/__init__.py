"""The tournament director's core: event formats, schedules, penalties, standings, prizes.

Pure domain code on plain dataclasses: :func:`compute_event` turns an event's inputs
(:class:`EventInputs`) into a snapshot (:class:`EventSnapshot`). See ``docs/tournament.md``.
"""

from euchre.tournament.errors import TournamentError
from euchre.tournament.event import compute_event, movement_changes, validate_result
from euchre.tournament.formats import FORMATS, PRESETS, FormatSpec, check_config, preset_config
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
from euchre.tournament.schedule import Schedule, ScheduleSummary, generate_schedule, summarize
from euchre.tournament.timer import BellEvent, RoundTimer

__all__ = [
    "FORMATS",
    "FORMAT_NAMES",
    "PENALTY_KINDS",
    "PRESETS",
    "SIT_OUT_SCORING",
    "TIE_BREAKS",
    "BellEvent",
    "Entrant",
    "EventConfig",
    "EventInputs",
    "EventSnapshot",
    "FormatSpec",
    "MovementChange",
    "PenaltyRecord",
    "PenaltyRuling",
    "Playoff",
    "PrizeAward",
    "PrizeTable",
    "PrizeTier",
    "RoundPlan",
    "RoundTimer",
    "Schedule",
    "ScheduleSummary",
    "SeatingOverride",
    "SidePot",
    "StandingRow",
    "TableResult",
    "TableSeating",
    "TournamentError",
    "check_config",
    "compute_event",
    "generate_schedule",
    "movement_changes",
    "preset_config",
    "summarize",
    "validate_result",
]
