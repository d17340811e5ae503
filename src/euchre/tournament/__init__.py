"""The tournament director's core: event formats, schedules, penalties, standings, prizes.

Pure domain code on plain dataclasses: :func:`compute_event` turns an event's inputs
(:class:`EventInputs`) into a snapshot (:class:`EventSnapshot`). See ``docs/tournament.md``.
"""

from euchre.tournament import model
from euchre.tournament.errors import TournamentError
from euchre.tournament.event import compute_event, game_winner, movement_changes, validate_result
from euchre.tournament.formats import (
    FORMATS,
    PRESETS,
    FormatSpec,
    Seating,
    SeatingState,
    check_config,
    preset_config,
)
from euchre.tournament.model import *  # noqa: F403  (its __all__ is part of ours)
from euchre.tournament.schedule import Schedule, ScheduleSummary, generate_schedule, summarize
from euchre.tournament.timer import BellEvent, RoundTimer

__all__ = [
    "FORMATS",
    "PRESETS",
    "BellEvent",
    "FormatSpec",
    "RoundTimer",
    "Schedule",
    "ScheduleSummary",
    "Seating",
    "SeatingState",
    "TournamentError",
    "check_config",
    "compute_event",
    "game_winner",
    "generate_schedule",
    "movement_changes",
    "preset_config",
    "summarize",
    "validate_result",
]
__all__ += model.__all__
