"""The event formats as strategies, their options, and an event from a rule sheet's preset.

A format is an object (:class:`FormatSpec` subclass) with its own steps, after Tabbycat's draw
generators: :meth:`FormatSpec.seat` seats round r+1 from the rounds before it (the movement)
and :meth:`FormatSpec.playoffs` names the ties to play off. :func:`compute_event` runs them
(seat -> score -> finish) and never branches on a format's name. A format's movement is data
(:class:`~euchre.tournament.movement_spec.MovementSpec`): its own, or the ``[movement]`` of the
event's sheet file when that sheet plays this format; ``movement_rules.py`` interprets it (with
the searches of ``winners_split.py``, Bolivar, and ``winners_stay.py``, Valpo). This module is
the catalogue a director (or the web app) chooses from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre.tournament.bell import bell_problem
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import (
    FORMAT_NAMES,
    PRIZE_TIES,
    SIDE_POT_QUALIFICATION,
    SIT_OUT_SCORING,
    TIE_BREAKS,
    ComputerGames,
    EventConfig,
    Playoff,
    SidePotFallback,
)
from euchre.tournament.movement_rules import Seating, SeatingState, seat_round
from euchre.tournament.movement_spec import (
    Avoid,
    Ends,
    MovementSpec,
    MoveRule,
    Partners,
    ScheduleName,
    SitOuts,
    Who,
    describe_move,
    movement_problems,
)
from euchre.tournament.sheets import (
    PRESETS,
    SheetKeyError,
    get_sheet,
    on_check_movement,
    on_check_preset,
)
from euchre.tournament.standings import Ranking

__all__ = [
    "BUILTIN_MOVEMENTS",
    "FORMATS",
    "PRESETS",
    "FormatSpec",
    "Seating",
    "SeatingState",
    "check_config",
    "check_format_options",
    "format_option_problems",
    "format_options",
    "movement_problems_for",
    "preset_config",
]


@dataclass(frozen=True, slots=True)
class FormatSpec:
    """One event format: whether partners are fixed, its options (default and meaning), its
    default tie-break order, its movement as data (:attr:`movement`, seated by :meth:`seat`),
    and :meth:`playoffs` (ties to play off once the main rounds are in). Each format in
    :data:`FORMATS` is a subclass where it plays off ties or words its moves."""

    name: str
    summary: str
    fixed_partners: bool
    movement: MovementSpec
    options: Mapping[str, tuple[Any, str]] = field(default_factory=dict)
    tie_breaks: tuple[str, ...] = ("points",)

    def movement_for(self, config: EventConfig) -> MovementSpec:
        """The movement of an event in this format: its sheet's ``[movement]`` when the sheet
        plays this format, else the format's own."""
        sheet = get_sheet(config.profile_id)
        if (
            sheet is not None
            and sheet.movement is not None
            and sheet.preset.get("format") == config.format
        ):
            return sheet.movement
        return self.movement

    def moves_words(
        self, config: EventConfig, table: int, tables: int, won: bool, *, sat_out: bool = False
    ) -> str:
        """:meth:`pair_moves` for an event: the words of its sheet's own ``[movement]`` when
        that differs from the format's (LVEA's "the high player to table 1; ..."), else the
        format's sentence. ``sat_out``: someone sat out this round; with a ghost table (the
        foot table the movement feeds) that is one more table than ``tables``, named so."""
        movement = self.movement_for(config)
        if movement == self.movement:
            return self.pair_moves(table, tables, won)
        ghost = sat_out and movement.sit_outs is SitOuts.GHOST_TABLE
        return describe_move(movement, table, tables + int(ghost), won, ghost=ghost)

    def seat(self, state: SeatingState) -> Seating:
        """Seat round ``state.round_number`` as the event's movement says (the first round
        is a seeded draw unless the movement is a schedule)."""
        return seat_round(
            self.movement_for(state.config), state, fixed_partners=self.fixed_partners
        )

    def playoffs(self, options: Mapping[str, Any], final: Ranking, places: int) -> list[Playoff]:
        """The playoffs the main event's ``final`` standings call for (none by default)."""
        return []

    def pair_moves(self, table: int, tables: int, won: bool) -> str:
        """Where the sheet's movement sends one pair of a finished main-round game at
        ``table`` (of ``tables``), in words for the table's phones before the next round is
        seated; ``won``: this pair won. Empty for a format seated by a schedule."""
        return ""


@dataclass(frozen=True, slots=True)
class WinnersMoveUp(FormatSpec):
    """Ballantrae: "Winners will move up one numbered table. Losers remain at their table"."""

    def pair_moves(self, table: int, tables: int, won: bool) -> str:
        """Winners up one table (the top table's stay), losers stay (the top table's go to
        the bottom table)."""
        return _up_one_table(table, tables, won, split=False)


def _up_one_table(table: int, tables: int, won: bool, *, split: bool) -> str:
    """:meth:`FormatSpec.pair_moves` of the winners-move-up formats (:func:`winners_move_up_round`
    and :func:`progressive_round`); ``split``: partners change at every table."""
    partners = ", with new partners" if split else ""
    if won:
        if table > 1:
            return f"they move up one table, to table {table - 1}{partners}"
        return "they stay at table 1, the top table" + (", and split" if split else "")
    if table == 1 and tables > 1:
        return f"they go to table {tables}, the bottom table{partners}"
    return f"they stay at table {table}" + (" and split" if split else "")


@dataclass(frozen=True, slots=True)
class RoundRobin(FormatSpec):
    """Every team meets every other once (the circle method gives the byes)."""


@dataclass(frozen=True, slots=True)
class LosersRotate(FormatSpec):
    """Valpo rule 16: losers rotate, winners stay, no repeat match-ups; ties for a prize are
    played off (rules 20-21). Round 1 is a random draw (rule 1)."""

    def pair_moves(self, table: int, tables: int, won: bool) -> str:
        """Rule 16: the winner stays, the losing team rotates."""
        if won:
            return f"they stay at table {table} (rule 16: the winner will stay)"
        return "they rotate to another table, against a team they have not met"

    def playoffs(self, options: Mapping[str, Any], final: Ranking, places: int) -> list[Playoff]:
        """Rule 20: two teams tied play a 4-hand playoff, then a sudden-death hand; rule 21:
        more than two play a 4-hand round robin. Only ties for a prize place (at least
        first) are played off."""
        if not options.get("playoffs", True):
            return []
        hands = int(options.get("playoff_hands", 4))
        sudden = int(options.get("sudden_death_hands", 1))
        sudden_text = "sudden-death hand" if sudden == 1 else f"{sudden}-hand sudden-death game"
        found: list[Playoff] = []
        for group in final.ties:
            rank = next(row.rank for row in final.rows if row.competitor_id == group[0])
            if rank > places:
                continue
            if len(group) == 2:
                description = (
                    f"a {hands}-hand playoff between the two teams; if still tied, a " + sudden_text
                )
                found.append(Playoff(group, "two_teams", description, hands, sudden))
            else:
                description = f"a {hands}-hand round-robin playoff among the {len(group)} teams"
                found.append(Playoff(group, "round_robin", description, hands, sudden))
        return found


@dataclass(frozen=True, slots=True)
class Progressive(FormatSpec):
    """Individual progressive euchre: winners up, losers stay, the staying pair splits."""

    def pair_moves(self, table: int, tables: int, won: bool) -> str:
        """Winners up one table, losers stay and split."""
        return _up_one_table(table, tables, won, split=True)


@dataclass(frozen=True, slots=True)
class RotatingPartners(FormatSpec):
    """Bolivar: "At the end of each game, teams change partners - the team with less points
    moves. No two players should be partners for more than one game." Result-driven: see
    ``winners_split.py``."""

    def pair_moves(self, table: int, tables: int, won: bool) -> str:
        """ "The team with less points moves": the winners stay and split."""
        if won:
            return f"they stay at table {table} and split: each partners a player who moves in"
        return "the team with less points moves: each of you to another table, with a new partner"


@dataclass(frozen=True, slots=True)
class WhistSchedule(FormatSpec):
    """A balanced rotating-partner schedule fixed before the first game (a whist design
    where one exists), for clubs that want everyone to partner everyone."""


_UP_ONE = (
    MoveRule(who=Who.WINNERS, move="up 1", ends=Ends.STAY),
    MoveRule(who=Who.LOSERS, move="stay", at_head="foot"),
)
"""Winners up one table (the head table's stay), losers stay (the head table's to the foot)."""
_STAY_AND_SEARCH = (
    MoveRule(who=Who.WINNERS, move="stay"),
    MoveRule(who=Who.LOSERS, move="anywhere"),
)
"""Winners stay; losers are placed by the search."""
BUILTIN_MOVEMENTS: dict[str, MovementSpec] = {
    "winners_move_up": MovementSpec(moves=_UP_ONE, partners=Partners.KEEP),
    "rotating_partners": MovementSpec(
        moves=_STAY_AND_SEARCH,
        partners=Partners.SPLIT,
        avoid=(Avoid.REPEAT_PARTNERS, Avoid.REPEAT_OPPONENTS),
    ),
    "whist_schedule": MovementSpec(schedule=ScheduleName.WHIST, partners=Partners.SPLIT),
    "losers_rotate": MovementSpec(
        moves=_STAY_AND_SEARCH, partners=Partners.KEEP, avoid=(Avoid.REPEAT_OPPONENTS,)
    ),
    "progressive": MovementSpec(
        moves=_UP_ONE,
        partners=Partners.SPLIT,
        avoid=(Avoid.REPEAT_PARTNERS, Avoid.REPEAT_OPPONENTS),
    ),
    "round_robin": MovementSpec(schedule=ScheduleName.ROUND_ROBIN),
}
"""Each format's own movement, in the vocabulary a sheet file's ``[movement]`` writes (the
built-in sheet files write the same values)."""


_FORMATS: tuple[FormatSpec, ...] = (
    WinnersMoveUp(
        "winners_move_up",
        "Fixed partners at numbered tables (1 is the top). After each game the winners move "
        "up one table and the losers stay; at the top table the winners stay and the losers "
        "go to the bottom table (so every table again seats two teams). A level game moves as "
        "won by the team that reached the tying score first when the result says so, else by "
        "the table's first partnership, with a warning. Ballantrae's format.",
        fixed_partners=True,
        movement=BUILTIN_MOVEMENTS["winners_move_up"],
        tie_breaks=("points", "games_won", "lone_hands", "head_to_head"),
    ),
    RotatingPartners(
        "rotating_partners",
        "Individual event, result-driven: after each game the winning pair stays at its "
        "table and splits, the losing pair (the team with less points) moves, its two "
        "players to two different tables; nobody partners anyone twice, repeat opponents as "
        "few as possible. A level game is won by the team that reached the tying score "
        "first. Individual totals decide. Bolivar's format.",
        fixed_partners=False,
        movement=BUILTIN_MOVEMENTS["rotating_partners"],
        tie_breaks=("points", "games_won", "lone_hands"),
    ),
    WhistSchedule(
        "whist_schedule",
        "Individual event on a balanced schedule fixed before the first game: a whist "
        "design where one exists (every pair partners once and opposes twice), otherwise a "
        "search with no repeat partner while possible. Tables are numbered so the previous "
        "game's winners keep their table. For clubs that want everyone to partner everyone.",
        fixed_partners=False,
        movement=BUILTIN_MOVEMENTS["whist_schedule"],
        tie_breaks=("points", "games_won", "lone_hands"),
    ),
    LosersRotate(
        "losers_rotate",
        "Fixed teams (players who came alone are paired by a seeded draw). Winners stay at "
        "their table and losers rotate, with no repeat match-up: every winner stays whenever "
        "some assignment allows it without a repeat now or later; an odd team count's bye "
        "goes to a team that moves anyway. Ties for a prize place are played off: two teams "
        "a 4-hand game then a sudden-death hand, three or more a 4-hand round robin. "
        "Valpo's format.",
        fixed_partners=True,
        movement=BUILTIN_MOVEMENTS["losers_rotate"],
        options={
            "playoffs": (True, "Play off ties for prize places (the Valpo rule)."),
            "playoff_hands": (4, "Hands in each playoff game."),
            "sudden_death_hands": (1, "Hands in each sudden-death game after a level playoff."),
        },
        tie_breaks=("points",),
    ),
    Progressive(
        "progressive",
        "Individual progressive euchre: 8 deals a game (each player deals twice), winners "
        "move up a table, the top table's winners stay and its losers go to the bottom; at "
        "every table the two arriving players split the two staying ones, so partners "
        "change each game. The general tournament sheet's format (lone 5/4 individual "
        "scoring from the profile).",
        fixed_partners=False,
        movement=BUILTIN_MOVEMENTS["progressive"],
        tie_breaks=("points", "games_won", "lone_hands", "first_to_score"),
    ),
    RoundRobin(
        "round_robin",
        "Fixed teams; every team meets every other once (the circle method; a bye each round "
        "with an odd number of teams). For small events and playoffs.",
        fixed_partners=True,
        movement=BUILTIN_MOVEMENTS["round_robin"],
        tie_breaks=("points", "games_won", "head_to_head"),
    ),
)
FORMATS: dict[str, FormatSpec] = {spec.name: spec for spec in _FORMATS}
"""Every format by name."""


def format_option_problems(format_name: str, options: Mapping[str, Any]) -> list[SheetKeyError]:
    """Every option ``format_name`` does not take and every value of the wrong kind, each
    as a :class:`SheetKeyError` naming the sheet file's key."""
    spec = FORMATS[format_name]
    known = ", ".join(spec.options) or "none"
    problems = []
    for key, value in options.items():
        where = f"event.format_options.{key}"
        if key not in spec.options:
            problems.append(
                SheetKeyError(
                    f"unknown option {key!r} for format {format_name!r}; options: {known}",
                    key=where,
                )
            )
            continue
        default = spec.options[key][0]
        if type(value) is not type(default):
            problems.append(
                SheetKeyError(
                    f"option {key!r} takes a {type(default).__name__} like {default!r}, "
                    f"got {value!r}",
                    key=where,
                )
            )
    return problems


def check_format_options(format_name: str, options: Mapping[str, Any]) -> None:
    """Raise the first of :func:`format_option_problems` (naming the sheet file's key)."""
    problems = format_option_problems(format_name, options)
    if problems:
        raise problems[0]


def movement_problems_for(
    format_name: str, movement: MovementSpec, seat_classes: Sequence[str]
) -> list[tuple[str, str]]:
    """Each ``(dotted key, message)`` that ``format_name`` cannot do of a sheet's
    ``movement`` (:func:`~euchre.tournament.movement_spec.movement_problems`)."""
    fixed = FORMATS[format_name].fixed_partners
    found = movement_problems(movement, fixed_partners=fixed, seat_classes=seat_classes)
    return [(problem.key, problem.message) for problem in found]


on_check_preset(format_option_problems)
on_check_movement(movement_problems_for)


def preset_config(profile_id: str, name: str = "", **overrides: Any) -> EventConfig:
    """An event configured as the sheet ``profile_id`` runs it (fields can be overridden)."""
    sheet = get_sheet(profile_id)
    if sheet is None:
        raise TournamentError(
            f"no event preset for profile {profile_id!r}; presets: {', '.join(sorted(PRESETS))}"
        )
    preset = sheet.preset
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
    profile = load_profile(config.profile_id)
    if config.rounds < 1:
        raise TournamentError(f"an event needs at least 1 round, got {config.rounds}")
    from euchre.tournament.validation import check_event_length

    check_event_length(config.profile_id, config.rounds)  # Bolivar: at most 10 games
    if config.round_minutes < 0:
        raise TournamentError(f"round length must be 0 or more minutes, got {config.round_minutes}")
    bell = bell_problem(profile, config.round_minutes)
    if bell is not None:
        raise TournamentError(bell)
    if config.sit_out_scoring not in SIT_OUT_SCORING:
        raise TournamentError(
            f"unknown sit-out scoring {config.sit_out_scoring!r}; "
            f"choose one of {', '.join(SIT_OUT_SCORING)}"
        )
    if config.computer_games not in tuple(ComputerGames):
        raise TournamentError(
            f"unknown computer_games {config.computer_games!r}; "
            f"choose one of {', '.join(ComputerGames)}"
        )
    for name in config.tie_breaks:
        if name not in TIE_BREAKS:
            raise TournamentError(
                f"unknown tie-break {name!r}; choose from {', '.join(TIE_BREAKS)}"
            )
    if config.prize_ties not in PRIZE_TIES:
        raise TournamentError(
            f"unknown prize_ties {config.prize_ties!r}; choose one of {', '.join(PRIZE_TIES)}"
        )
    if config.side_pot_qualification not in SIDE_POT_QUALIFICATION:
        raise TournamentError(
            f"unknown side_pot_qualification {config.side_pot_qualification!r}; "
            f"choose one of {', '.join(SIDE_POT_QUALIFICATION)}"
        )
    if config.side_pot_fallback not in tuple(SidePotFallback):
        raise TournamentError(
            f"unknown side_pot_fallback {config.side_pot_fallback!r}; "
            f"choose one of {', '.join(SidePotFallback)}"
        )
    if config.side_pot_cents < 0:
        raise TournamentError(f"side pot stake must not be negative, got {config.side_pot_cents}")
