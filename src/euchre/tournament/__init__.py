"""The tournament director's core: event formats, schedules, penalties, standings, prizes.

Pure domain code on plain dataclasses: :func:`compute_event` turns an event's inputs
(:class:`EventInputs`) into a snapshot (:class:`EventSnapshot`). See ``docs/tournament.md``.
"""

from euchre.tournament.errors import TournamentError
from euchre.tournament.event import compute_event, movement_changes, validate_result
from euchre.tournament.formats import (
    FORMATS,
    PRESETS,
    FormatSpec,
    Seating,
    SeatingState,
    check_config,
    preset_config,
)
from euchre.tournament.model import (
    FORMAT_NAMES,
    PENALTY_KINDS,
    PRIZE_TIES,
    SIDE_POT_QUALIFICATION,
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
    PlayoffConflict,
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
    "PRIZE_TIES",
    "SIDE_POT_QUALIFICATION",
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
    "PlayoffConflict",
    "PrizeAward",
    "PrizeTable",
    "PrizeTier",
    "RoundPlan",
    "RoundTimer",
    "Schedule",
    "ScheduleSummary",
    "Seating",
    "SeatingOverride",
    "SeatingState",
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
