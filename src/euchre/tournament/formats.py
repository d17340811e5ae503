"""The event formats, their options, and each rule sheet's preset.

A format says who plays whom each round (the movement) and how the event is ranked. The
movement code itself is in ``movement.py``; this module is the catalogue a director (or the
web app) chooses from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from euchre.tournament.errors import TournamentError
from euchre.tournament.model import (
    FORMAT_NAMES,
    SIT_OUT_SCORING,
    TIE_BREAKS,
    EventConfig,
    PrizeTable,
    PrizeTier,
)

__all__ = ["FORMATS", "PRESETS", "FormatSpec", "check_config", "format_options", "preset_config"]


@dataclass(frozen=True, slots=True)
class FormatSpec:
    """One event format: whether partners are fixed, its options (default and meaning) and
    its default tie-break order."""

    name: str
    summary: str
    fixed_partners: bool
    options: Mapping[str, tuple[Any, str]] = field(default_factory=dict)
    tie_breaks: tuple[str, ...] = ("points",)


FORMATS: dict[str, FormatSpec] = {
    "winners_move_up": FormatSpec(
        "winners_move_up",
        "Fixed partners at numbered tables (1 is the top). After each game the winners move "
        "up one table and the losers stay; at the top table the winners stay and the losers "
        "go to the bottom table (so every table again seats two teams). A level game moves as "
        "won by the team that reached the tying score first when the result says so, else by "
        "the table's first partnership, with a warning. Ballantrae's format.",
        fixed_partners=True,
        options={},
        tie_breaks=("points", "games_won", "lone_hands", "head_to_head"),
    ),
    "rotating_partners": FormatSpec(
        "rotating_partners",
        "Individual event: partners change every game from a whist-design schedule (no two "
        "players partners twice while possible; opponents as even as possible). The "
        "schedule's tables are placed so the previous game's winners keep their table and the "
        "team with fewer points moves. Individual totals decide. Bolivar's format.",
        fixed_partners=False,
        options={},
        tie_breaks=("points", "games_won", "lone_hands"),
    ),
    "losers_rotate": FormatSpec(
        "losers_rotate",
        "Fixed teams (players who came alone are paired by a seeded draw). Winners stay at "
        "their table, losers all move at once to the next table, adjusted so no two teams "
        "ever meet twice while that is possible. Ties for a prize place are played off: two "
        "teams a 4-hand game then a sudden-death hand, three or more a 4-hand round robin. "
        "Valpo's format.",
        fixed_partners=True,
        options={
            "playoffs": (True, "Play off ties for prize places (the Valpo rule)."),
            "playoff_hands": (4, "Hands in each playoff game."),
        },
        tie_breaks=("points",),
    ),
    "progressive": FormatSpec(
        "progressive",
        "Individual progressive euchre: 8 deals a game (each player deals twice), winners "
        "move up a table, the top table's winners stay and its losers go to the bottom; at "
        "every table the two arriving players split the two staying ones, so partners "
        "change each game. The general tournament sheet's format (lone 5/4 individual "
        "scoring from the profile).",
        fixed_partners=False,
        options={},
        tie_breaks=("points", "games_won", "lone_hands", "first_to_score"),
    ),
    "round_robin": FormatSpec(
        "round_robin",
        "Fixed teams; every team meets every other once (the circle method; a bye each round "
        "with an odd number of teams). For small events and playoffs.",
        fixed_partners=True,
        options={},
        tie_breaks=("points", "games_won", "head_to_head"),
    ),
}
"""Every format by name."""

BOLIVAR_PRIZES = PrizeTable((PrizeTier(3, (6000, 4000, 2000)), PrizeTier(4, (7500, 5000, 3500))))

PRESETS: dict[str, dict[str, Any]] = {
    "ballantrae": {"format": "winners_move_up", "rounds": 7},
    "bolivar": {
        "format": "rotating_partners",
        "rounds": 10,
        "prizes": BOLIVAR_PRIZES,
        "side_pot": True,
        "side_pot_cents": 25,
    },
    "valpo": {"format": "losers_rotate", "rounds": 7},
    "tournament": {"format": "progressive", "rounds": 8},
    "questions": {"format": "round_robin", "rounds": 3},
}
"""Each sheet's own event settings (by profile id): format, rounds, prizes, side pot."""


def preset_config(profile_id: str, name: str = "", **overrides: Any) -> EventConfig:
    """An event configured as the sheet ``profile_id`` runs it (fields can be overridden)."""
    preset = PRESETS.get(profile_id)
    if preset is None:
        raise TournamentError(
            f"no event preset for profile {profile_id!r}; presets: {', '.join(sorted(PRESETS))}"
        )
    values: dict[str, Any] = {"name": name or profile_id, "profile_id": profile_id, **preset}
    values.update(overrides)
    config = EventConfig(**values)
    check_config(config)
    return config


def format_options(config: EventConfig) -> dict[str, Any]:
    """The format's options with the config's values over the defaults."""
    spec = FORMATS[config.format]
    options = {name: default for name, (default, _doc) in spec.options.items()}
    options.update(config.format_options)
    return options


def check_config(config: EventConfig) -> None:
    """Raise :class:`TournamentError` naming the first bad setting of ``config``."""
    from euchre.engine.profile import load_profile

    if config.format not in FORMATS:
        raise TournamentError(
            f"unknown format {config.format!r}; formats: {', '.join(FORMAT_NAMES)}"
        )
    spec = FORMATS[config.format]
    for key in config.format_options:
        if key not in spec.options:
            known = ", ".join(spec.options) or "none"
            raise TournamentError(
                f"unknown option {key!r} for format {config.format!r}; options: {known}"
            )
    load_profile(config.profile_id)
    if config.rounds < 1:
        raise TournamentError(f"an event needs at least 1 round, got {config.rounds}")
    from euchre.tournament.validation import check_event_length

    check_event_length(config.profile_id, config.rounds)  # Bolivar: at most 10 games
    if config.round_minutes < 0:
        raise TournamentError(f"round length must be 0 or more minutes, got {config.round_minutes}")
    if config.sit_out_scoring not in SIT_OUT_SCORING:
        raise TournamentError(
            f"unknown sit-out scoring {config.sit_out_scoring!r}; "
            f"choose one of {', '.join(SIT_OUT_SCORING)}"
        )
    for name in config.tie_breaks:
        if name not in TIE_BREAKS:
            raise TournamentError(
                f"unknown tie-break {name!r}; choose from {', '.join(TIE_BREAKS)}"
            )
    if config.side_pot_cents < 0:
        raise TournamentError(f"side pot stake must not be negative, got {config.side_pot_cents}")
