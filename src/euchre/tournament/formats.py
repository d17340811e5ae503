"""The event formats as strategies, their options, and an event from a rule sheet's preset.

A format is an object (:class:`FormatSpec` subclass) with its own steps, after Tabbycat's draw
generators: :meth:`FormatSpec.seat` seats round r+1 from the rounds before it (the movement)
and :meth:`FormatSpec.playoffs` names the ties to play off. :func:`compute_event` runs them
(seat -> score -> finish) and never branches on a format's name. The movements themselves
live in ``movement.py`` (winners up, progressive, round robin, the whist schedule),
``winners_split.py`` (Bolivar) and ``winners_stay.py`` (Valpo); this module is the catalogue
a director (or the web app) chooses from.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

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
    TableSeating,
)
from euchre.tournament.movement import (
    PlayedRound,
    choose_out,
    first_round_individual,
    first_round_teams,
    progressive_round,
    rotating_partners_round,
    round_rng,
    round_robin_round,
    sit_out_rotation,
    winners_move_up_round,
)
from euchre.tournament.sheets import PRESETS, SheetKeyError, get_sheet, on_check_preset
from euchre.tournament.standings import Ranking
from euchre.tournament.winners_split import split_round
from euchre.tournament.winners_stay import winners_stay_round

__all__ = [
    "FORMATS",
    "PRESETS",
    "FormatSpec",
    "Seating",
    "SeatingState",
    "check_config",
    "check_format_options",
    "format_options",
    "preset_config",
]


@dataclass(slots=True)
class SeatingState:
    """What a format sees when it seats a round (Tabbycat's draw generators get the same:
    who is present, what happened so far, and a seeded random source).

    ``active`` are the units present (teams in fixed-partner formats, players otherwise);
    ``history`` the complete rounds so far, oldest first; ``out_counts`` how often each
    unit sat out; ``met`` the teams each team has played (fixed-partner formats)."""

    config: EventConfig
    options: Mapping[str, Any]
    round_number: int
    active: list[str]
    members: Mapping[str, tuple[str, ...]]
    unit_of: Mapping[str, str]
    draw_order: Sequence[str]
    roster: Sequence[str]
    history: Sequence[PlayedRound]
    out_counts: Mapping[str, int]
    met: Mapping[str, set[str]]

    @property
    def previous(self) -> PlayedRound | None:
        """The last complete round (None before the first)."""
        return self.history[-1] if self.history else None

    def rng(self, salt: str = "") -> random.Random:
        """The seeded random source of this round (``salt`` names its purpose)."""
        return round_rng(self.config.seed, self.round_number, salt)

    def players_of(self, units: Sequence[str]) -> list[str]:
        """The players of ``units``."""
        return [player for unit in units for player in self.members[unit]]


@dataclass(frozen=True, slots=True)
class Seating:
    """A format's answer for one round: its tables and the players sitting out."""

    tables: tuple[TableSeating, ...]
    sitting_out: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FormatSpec:
    """One event format: whether partners are fixed, its options (default and meaning), its
    default tie-break order, and its steps: :meth:`first_round` (the opening seating),
    :meth:`move` (round r+1 from the results of rounds 1..r), both reached through
    :meth:`seat`, and :meth:`playoffs` (ties to play off once the main rounds are in). Each
    format in :data:`FORMATS` is a subclass."""

    name: str
    summary: str
    fixed_partners: bool
    options: Mapping[str, tuple[Any, str]] = field(default_factory=dict)
    tie_breaks: tuple[str, ...] = ("points",)

    def seat(self, state: SeatingState) -> Seating:
        """Seat round ``state.round_number``: the first round's draw, then the movement."""
        if state.previous is None:
            return self.first_round(state)
        return self.move(state)

    def first_round(self, state: SeatingState) -> Seating:
        """The opening seating: a seeded draw, with fair byes (teams) or sit-outs (players)."""
        rng = state.rng()
        if self.fixed_partners:
            out = set(choose_out(state.active, len(state.active) % 2, state.out_counts, rng))
            playing = [unit for unit in state.active if unit not in out]
            return _team_seating(state, first_round_teams(playing, state.members, rng))
        sitting = sit_out_rotation(state.active, len(state.active) % 4, state.out_counts, rng)
        playing = [player for player in state.active if player not in set(sitting)]
        return Seating(tuple(first_round_individual(playing, rng)), tuple(sorted(sitting)))

    def move(self, state: SeatingState) -> Seating:
        """The movement: round ``state.round_number`` from the complete rounds before it."""
        raise NotImplementedError(f"format {self.name!r} has no movement")

    def playoffs(self, options: Mapping[str, Any], final: Ranking, places: int) -> list[Playoff]:
        """The playoffs the main event's ``final`` standings call for (none by default)."""
        return []

    def pair_moves(self, table: int, tables: int, won: bool) -> str:
        """Where the sheet's movement sends one pair of a finished main-round game at
        ``table`` (of ``tables``), in words for the table's phones before the next round is
        seated; ``won``: this pair won. Empty for a format seated by a schedule."""
        return ""


def _team_seating(state: SeatingState, tables: Sequence[TableSeating]) -> Seating:
    """A team format's seating: the players of present teams not seated sit out."""
    seated = {player for table in tables for player in table.players}
    out = [player for player in state.players_of(state.active) if player not in seated]
    return Seating(tuple(tables), tuple(sorted(out)))


@dataclass(frozen=True, slots=True)
class WinnersMoveUp(FormatSpec):
    """Ballantrae: "Winners will move up one numbered table. Losers remain at their table"."""

    def move(self, state: SeatingState) -> Seating:
        """A fair bye for an odd team count, then winners up one table, losers stay."""
        assert state.previous is not None
        out = set(choose_out(state.active, len(state.active) % 2, state.out_counts, state.rng()))
        playing = [unit for unit in state.active if unit not in out]
        tables = winners_move_up_round(state.previous, playing, state.members, state.unit_of)
        return _team_seating(state, tables)

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

    def first_round(self, state: SeatingState) -> Seating:
        """Round 1 of the circle method over the seeded draw order."""
        return self.move(state)

    def move(self, state: SeatingState) -> Seating:
        """Round r of the circle method: the schedule, whatever the results."""
        tables = round_robin_round(
            state.draw_order, state.round_number, state.active, state.members
        )
        return _team_seating(state, tables)


@dataclass(frozen=True, slots=True)
class LosersRotate(FormatSpec):
    """Valpo rule 16: losers rotate, winners stay, no repeat match-ups; ties for a prize are
    played off (rules 20-21). Round 1 is a random draw (rule 1)."""

    def move(self, state: SeatingState) -> Seating:
        """:func:`winners_stay_round`, told which teams are still unbeaten (they keep
        playing: the bye goes to a team that has lost)."""
        assert state.previous is not None
        lost: set[str] = set()
        played: set[str] = set()
        for done in state.history:
            for table in done.tables:
                winner = done.winners.get(table.table, 0)
                for side in (0, 1):
                    team = state.unit_of.get(table.partnerships[side][0], "")
                    played.add(team)
                    if side != winner:
                        lost.add(team)
        tables, _byes = winners_stay_round(
            previous=state.previous,
            active=state.active,
            members=state.members,
            team_by_member=state.unit_of,
            met=state.met,
            bye_counts=state.out_counts,
            seed=state.config.seed,
            round_number=state.round_number,
            rounds_left=state.config.rounds - state.round_number,
            unbeaten=played - lost,
        )
        return _team_seating(state, tables)

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

    def move(self, state: SeatingState) -> Seating:
        """A fair sit-out rotation, then :func:`progressive_round` (each table split with
        the fewest repeat partners, then opponents)."""
        assert state.previous is not None
        count = len(state.active) % 4
        out = sit_out_rotation(state.active, count, state.out_counts, state.rng())
        playing = [player for player in state.active if player not in set(out)]
        history = [played.tables for played in state.history]
        tables = progressive_round(state.previous, playing, history)
        return Seating(tuple(tables), tuple(sorted(out)))

    def pair_moves(self, table: int, tables: int, won: bool) -> str:
        """Winners up one table, losers stay and split."""
        return _up_one_table(table, tables, won, split=True)


@dataclass(frozen=True, slots=True)
class RotatingPartners(FormatSpec):
    """Bolivar: "At the end of each game, teams change partners - the team with less points
    moves. No two players should be partners for more than one game." Result-driven: see
    ``winners_split.py``."""

    def move(self, state: SeatingState) -> Seating:
        """Sit-outs (fewest so far first, games missed counting as sat out, then players who
        would move anyway), then the winners stay and split while the losers move
        (:func:`split_round`)."""
        previous = state.previous
        assert previous is not None
        # A game missed (arriving late) counts as a turn sitting out: a late arrival does
        # not sit out as soon as he comes.
        turns = {
            player: state.out_counts.get(player, 0)
            + sum(1 for played in state.history if player not in played.active)
            for player in state.active
        }
        tables, out = split_round(
            previous=previous.tables,
            winners=previous.winners,
            history=[played.tables for played in state.history],
            active=state.active,
            out_counts=turns,
            seed=state.config.seed,
            round_number=state.round_number,
        )
        return Seating(tuple(tables), tuple(sorted(out)))

    def pair_moves(self, table: int, tables: int, won: bool) -> str:
        """ "The team with less points moves": the winners stay and split."""
        if won:
            return f"they stay at table {table} and split: each partners a player who moves in"
        return "the team with less points moves: each of you to another table, with a new partner"


@dataclass(frozen=True, slots=True)
class WhistSchedule(FormatSpec):
    """A balanced rotating-partner schedule fixed before the first game (a whist design
    where one exists), for clubs that want everyone to partner everyone."""

    def first_round(self, state: SeatingState) -> Seating:
        """Round 1 of the schedule."""
        return self.move(state)

    def move(self, state: SeatingState) -> Seating:
        """The schedule's round while the players are round 1's and no round was set by
        hand; otherwise a search against the history."""
        history = state.history
        first_players = list(history[0].active) if history else list(state.active)
        follows = all(
            not played.overridden and set(played.active) == set(first_players) for played in history
        )
        tables, out, _follows = rotating_partners_round(
            round_number=state.round_number,
            roster=state.roster,
            first_round_players=first_players,
            active=state.active,
            out_counts=state.out_counts,
            history=[played.tables for played in history],
            history_follows_schedule=follows,
            rounds=state.config.rounds,
            seed=state.config.seed,
            previous=state.previous,
        )
        return Seating(tuple(tables), tuple(out))


_FORMATS: tuple[FormatSpec, ...] = (
    WinnersMoveUp(
        "winners_move_up",
        "Fixed partners at numbered tables (1 is the top). After each game the winners move "
        "up one table and the losers stay; at the top table the winners stay and the losers "
        "go to the bottom table (so every table again seats two teams). A level game moves as "
        "won by the team that reached the tying score first when the result says so, else by "
        "the table's first partnership, with a warning. Ballantrae's format.",
        fixed_partners=True,
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
        tie_breaks=("points", "games_won", "lone_hands"),
    ),
    WhistSchedule(
        "whist_schedule",
        "Individual event on a balanced schedule fixed before the first game: a whist "
        "design where one exists (every pair partners once and opposes twice), otherwise a "
        "search with no repeat partner while possible. Tables are numbered so the previous "
        "game's winners keep their table. For clubs that want everyone to partner everyone.",
        fixed_partners=False,
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
        tie_breaks=("points", "games_won", "lone_hands", "first_to_score"),
    ),
    RoundRobin(
        "round_robin",
        "Fixed teams; every team meets every other once (the circle method; a bye each round "
        "with an odd number of teams). For small events and playoffs.",
        fixed_partners=True,
        tie_breaks=("points", "games_won", "head_to_head"),
    ),
)
FORMATS: dict[str, FormatSpec] = {spec.name: spec for spec in _FORMATS}
"""Every format by name."""


def check_format_options(format_name: str, options: Mapping[str, Any]) -> None:
    """Raise :class:`SheetKeyError` (naming the sheet file's key) for an option ``format_name``
    does not take, or a value of the wrong kind."""
    spec = FORMATS[format_name]
    for key, value in options.items():
        if key not in spec.options:
            known = ", ".join(spec.options) or "none"
            raise SheetKeyError(
                f"unknown option {key!r} for format {format_name!r}; options: {known}",
                key=f"event.format_options.{key}",
            )
        default = spec.options[key][0]
        if type(value) is not type(default):
            raise SheetKeyError(
                f"option {key!r} takes a {type(default).__name__} like {default!r}, got {value!r}",
                key=f"event.format_options.{key}",
            )


on_check_preset(check_format_options)


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
    if config.side_pot_cents < 0:
        raise TournamentError(f"side pot stake must not be negative, got {config.side_pot_cents}")
