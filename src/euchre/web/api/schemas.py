"""Pydantic schemas of the JSON API (kept apart from the SQLAlchemy models)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from euchre.store.models import EventStatus, SubmissionStatus
from euchre.store.scoring.table_status import TableState
from euchre.tournament import EventConfig, EventSnapshot, PenaltyRecord, Stage, TableResult
from euchre.tournament.settings import (
    BreakAfterRound,
    BreakMinutes,
    RoundMinutes,
    Rounds,
    SidePotCents,
    SidePotLoneCents,
    SitOutPoints,
)

__all__ = [
    "AtTableOut",
    "AuditOut",
    "CorrectionIn",
    "CorrectionOut",
    "Credentials",
    "DateIn",
    "EntrantClasses",
    "EntrantCreate",
    "EntrantOut",
    "EntrantsImport",
    "ErrorOut",
    "EventCreate",
    "EventOut",
    "InTotalsIn",
    "LevelGameOut",
    "LoginOut",
    "MovementChangeOut",
    "OfficialOut",
    "PairCreate",
    "PenaltyCreate",
    "PenaltyOut",
    "PlayerCode",
    "PrizeTierIn",
    "QuestionOut",
    "Reason",
    "ResultIn",
    "RoundOut",
    "RuledHandIn",
    "SeatingIn",
    "SnapshotEventOut",
    "SnapshotOut",
    "SnapshotPlayerOut",
    "StartRoundIn",
    "SubmissionIn",
    "SubmissionOut",
    "TableOut",
    "TablePlayerOut",
    "TableStatusOut",
    "TyingScoreIn",
]

_Strict = ConfigDict(extra="forbid")
_FromRow = ConfigDict(from_attributes=True)
"""An answer read from a stored row's attributes of the same names."""
Number = Annotated[int, Field(ge=0, le=1_000_000)]
"""A count, a player number or points: bounded so every value fits a database integer."""


CompetitorId = Annotated[str, Field(max_length=200)]
"""A competitor's id: a player number or a team's name."""


def _choice(description: str) -> Any:
    """An optional choice of a closed set, sent as its text (the store names the choices
    when the text is none of them)."""
    return Field(default=None, max_length=20, description=description)


def _competitors(description: str) -> Any:
    """An optional list of competitor ids."""
    return Field(default=None, max_length=500, description=description)


class ErrorOut(BaseModel):
    """Every error body: what is wrong, in words."""

    detail: str


class SetupStateOut(BaseModel):
    """Whether the first director's password still has to be set."""

    needs_setup: bool


class PenaltyRoleOut(BaseModel):
    """Whom a penalty of one kind names, and who scores its points."""

    named: str
    scores: str


class ChoicesOut(BaseModel):
    """What an event's configuration may name."""

    profiles: dict[str, str] = Field(description="Each sheet's id and its name")
    formats: list[str]
    sit_out_scoring: list[str]
    tie_breaks: list[str]
    penalty_kinds: list[str]
    penalty_roles: dict[str, PenaltyRoleOut] = Field(description="Per penalty kind")


class DeletedOut(BaseModel):
    """An event deleted: its name."""

    deleted: str


class _BackupOut(BaseModel):
    """A backup's top level: named parts, each kept exactly as the store wrote it. A part
    this model does not name is kept too (``extra="allow"``): a backup never drops data."""

    model_config = ConfigDict(extra="allow")


class EventBackupOut(_BackupOut):
    """Everything stored about one event (``POST /api/events/restore`` reads it back)."""

    format: str = Field(description='"euchre-event-backup/1"')
    event: dict[str, Any]
    entrants: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    table_codes: list[dict[str, Any]]
    submissions: list[dict[str, Any]]
    results: list[dict[str, Any]]
    penalties: list[dict[str, Any]]
    seating_overrides: list[dict[str, Any]]
    online_marks: list[dict[str, Any]]
    online_tables: list[dict[str, Any]]
    audit: list[dict[str, Any]]


class ClubBackupOut(_BackupOut):
    """The whole club (``POST /api/club/restore`` reads it back)."""

    format: str = Field(description='"euchre-club-backup/1"')
    members: list[dict[str, Any]]
    settings: dict[str, Any]
    events: list[dict[str, Any]]
    seasons: dict[str, Any]


class Credentials(BaseModel):
    """A director's name and password."""

    model_config = _Strict
    name: str = Field(default="director", min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=1000)


class LoginOut(BaseModel):
    """A new session: the bearer token (also set as a cookie) and its CSRF token."""

    director: str
    token: str
    csrf_token: str


class PrizeTierIn(BaseModel):
    """Prize amounts in cents for events of at least ``min_tables`` tables."""

    model_config = _Strict
    min_tables: int = Field(ge=1, le=1000)
    amounts_cents: list[Number] = Field(max_length=100)


class EventCreate(BaseModel):
    """A new event's configuration (see ``docs/tournament.md`` for formats and options).
    Choosing ``profile_id`` sets up that sheet's event: every field left out (or null) takes
    the sheet's preset (format, rounds, prizes, side pot...)."""

    model_config = _Strict
    # The store refuses a name over its limit with a message that gives the limit; this
    # bound only keeps a request small.
    name: str = Field(min_length=1, max_length=2000)
    profile_id: str = Field(max_length=100)
    format: str | None = Field(default=None, max_length=100)
    # The bounded settings' types are declared once (euchre.tournament.settings).
    rounds: Rounds | None = None
    format_options: dict[str, Any] | None = None
    round_minutes: RoundMinutes | None = None
    seed: int | None = Field(default=None, ge=0, le=2**31)
    prizes: list[PrizeTierIn] | None = Field(default=None, max_length=20)
    side_pot: bool | None = None
    side_pot_cents: SidePotCents | None = None
    sit_out_scoring: str | None = Field(default=None, max_length=20)
    sit_out_points: SitOutPoints | None = None
    break_after_round: BreakAfterRound | None = Field(
        default=None, description="The round after which the night breaks (0: no break)."
    )
    break_minutes: BreakMinutes | None = Field(
        default=None,
        description="The break's length in minutes: the next round's clock starts after it.",
    )
    tie_breaks: list[str] | None = Field(default=None, max_length=10)
    prize_ties: str | None = _choice(
        '"tie_breaks" (each prize says which tie-break decided it) or "split" '
        "(competitors level on points share the places they span).",
    )
    side_pot_qualification: str | None = _choice(
        'Who can take the euchred cup: "every_game" (only players who played every '
        'game) or "everyone".',
    )
    side_pot_lone_cents: SidePotLoneCents | None = Field(
        default=None,
        description="The cup's stake per euchred player on a lone hand (0: as any euchre).",
    )
    side_pot_fallback: str | None = _choice(
        'Who takes the cup when its rule leaves one player or none: "director" (nobody '
        'until the director lets players in) or "fewest_points_of_all".',
    )
    date: str | None = Field(
        default=None,
        max_length=40,
        description='The night\'s date, "YYYY-MM-DD" (default: the day it is created, UTC). '
        "Seasons, histories and ratings go by it. Left out when changing the configuration: "
        "the event keeps its date; it can be changed even after round 1 starts.",
        examples=["2027-01-14"],
    )
    tags: list[Annotated[str, Field(max_length=200)]] | None = Field(
        default=None,
        max_length=50,
        description='Labels a season can take events by ("Thursday league 2027"). Left out '
        "when changing the configuration: the event keeps its tags; [] removes them.",
    )
    side_pot_exclude: list[CompetitorId] | None = _competitors(
        "Competitor ids (player numbers, or team names) the director takes out of the cup.",
    )
    side_pot_include: list[CompetitorId] | None = _competitors(
        "Competitor ids let into the cup whatever the qualification rule says.",
    )
    online: bool | None = Field(
        default=None, description="Every table plays in the browser (docs/online.md)."
    )
    online_drop_seconds: int | None = Field(
        default=None,
        ge=0,
        le=3600,
        description="Seconds a dropped online player has to come back before a computer "
        "player takes his seat (default 120); 0: wait for the director.",
    )
    online_chat: str | None = _choice(
        'The chat at the online tables: "between_hands" (the preset messages '
        'between hands only; the default), "presets", "free" (presets and free text) or "off".',
    )
    last_round_by: str | None = Field(
        default=None,
        max_length=5,
        description='A clock cut-off for the night, "HH:MM" on the club\'s clock: no main '
        "round is started after it without the director's say (docs/sheets.md).",
        examples=["22:30"],
    )
    time_zone: str | None = Field(
        default=None,
        max_length=60,
        description='The club\'s time zone for last_round_by, an IANA name ("America/Chicago"); '
        "default: the local time of the app's machine.",
    )


class DateIn(BaseModel):
    """A night's date, ``YYYY-MM-DD``."""

    model_config = _Strict
    date: str = Field(max_length=40, examples=["2027-01-14"])


class EventOut(BaseModel):
    """An event's summary."""

    id: int
    name: str
    status: EventStatus
    config: EventConfig
    current_round: int | None
    rounds_started: int
    date: str = Field(description='The night\'s date, "YYYY-MM-DD".')
    tags: list[str] = Field(default_factory=list, description="The event's tags.")
    warnings: list[str] = Field(
        default_factory=list, description="Where the settings contradict the rule sheet."
    )
    cut_off: str | None = Field(
        default=None,
        description="The night's clock cut-off in words (\"Last round called by 22:30 "
        '(America/Chicago).") or null.',
    )
    break_line: str | None = Field(
        default=None,
        description='The night\'s break in words ("Break: 15 minutes after round 6") or null.',
    )
    cut_off_passed: str | None = Field(
        default=None,
        description="Why the next main round may not start now (the cut-off has passed), in "
        "words, or null.",
    )
    movement: list[str] = Field(
        default_factory=list,
        description="How players move, in words, a sentence a rule, each move with its way "
        'in table numbers ("up 1: to the next lower-numbered table, toward table 1").',
    )
    seat_classes: list[str] = Field(
        default_factory=list, description="The sheet's [players] seat classes (none: empty)."
    )
    prize_categories: list[str] = Field(
        default_factory=list,
        description="The sheet's [players] prize categories (none: empty).",
    )


class EntrantCreate(BaseModel):
    """A player to add: a club member (``member_id``) or a name (the member of that name,
    created when the club has none); ``team`` names a fixed partnership."""

    model_config = _Strict
    # The store refuses a name over its limit (``events.NAME_LIMIT``) with a message that
    # gives the limit; these bounds only keep a request small.
    name: str = Field(default="", max_length=2000)
    member_id: int | None = Field(default=None, ge=1, le=2_147_483_647)
    team: str | None = Field(default=None, max_length=2000)
    checked_in: bool = True
    seat_class: str | None = Field(
        default=None,
        max_length=200,
        description="One of the seat classes the event's sheet names (its [players] table); "
        "required where it names any. Left out for a member: his last night's.",
    )
    prize_category: str | None = Field(
        default=None,
        max_length=200,
        description="One of the prize categories the event's sheet names, or none. Left out "
        "for a member: his last night's.",
    )
    guest: bool = Field(
        default=False,
        description="A guest plays and wins money on the night but is no club member: no "
        "member is found or created for him, and no season table or rating counts him.",
    )
    stationary: bool = Field(
        default=False,
        description="He asks for the movement's stationary seat (Chatgamers' North: he "
        "stays put, the others move around him); only where the sheet allows it.",
    )


class EntrantClasses(BaseModel):
    """A player's seat class and prize category, corrected (values the event's sheet names;
    both are set: one left out is none)."""

    model_config = _Strict
    seat_class: str | None = Field(default=None, max_length=200)
    prize_category: str | None = Field(default=None, max_length=200)
    reason: str = Field(default="", max_length=2000)


class EntrantsImport(BaseModel):
    """CSV text with a header row: ``name``, optional ``team``, ``checked_in``,
    ``seat_class``, ``prize_category`` and ``guest``."""

    model_config = _Strict
    csv: str = Field(max_length=1_000_000)


class EntrantOut(BaseModel):
    """A player of an event, with the personal code printed on his scorecard."""

    model_config = _FromRow
    number: int
    name: str
    member_id: int | None = None
    team: str | None
    code: str
    checked_in: bool
    arrival_round: int
    withdrawal_round: int | None
    seat_class: str | None = None
    prize_category: str | None = None
    guest: bool = False
    stationary: bool = False


class PairCreate(BaseModel):
    """Two players who came alone, to play as a team."""

    model_config = _Strict
    numbers: tuple[Number, Number]
    team: str | None = Field(default=None, max_length=2000)


class Reason(BaseModel):
    """Why the director did something (kept in the audit log)."""

    model_config = _Strict
    reason: str = Field(default="", max_length=2000)


class StartRoundIn(BaseModel):
    """Starting a round: after the night's clock cut-off only when the director says
    ``past_cut_off`` (written in the audit with the ``reason``)."""

    model_config = _Strict
    past_cut_off: bool = False
    reason: str = Field(default="", max_length=2000)


class SeatingIn(BaseModel):
    """A hand-set seating: tables in order, each two partnerships of player numbers."""

    model_config = _Strict
    tables: list[tuple[list[Number], list[Number]]] = Field(min_length=1, max_length=500)
    sitting_out: list[Number] = Field(default_factory=list, max_length=2000)
    reason: str = Field(default="", max_length=2000)


class TablePlayerOut(BaseModel):
    """A player at a table (no code: codes are private)."""

    number: int
    name: str


class TableStatusOut(BaseModel):
    """One table of a round on the director's screen."""

    table: int
    code: str
    partnerships: tuple[list[str], list[str]]
    team_points: tuple[int, int] | None
    pending: int
    disputed: int
    state: TableState
    compass_seats: dict[str, str] = Field(
        default_factory=dict,
        description="Under a movement by compass seat, each seat's player number "
        '("North": "9", "South", "East", "West": the first partnership is North & South, '
        "its first player North); empty otherwise.",
    )


class RoundOut(BaseModel):
    """A started round: its seating, clock and tables."""

    number: int
    started_at: datetime
    ends_at: datetime
    closed_at: datetime | None
    seconds_left: int
    plan: dict[str, Any]
    tables: list[TableStatusOut]


class ResultIn(BaseModel):
    """A table's score: the two totals, or hand by hand (a pair of points per hand).
    Per-player counts are keyed by player number: ``lone_hands`` made, ``lone_marches`` (lone
    hands of five tricks each player called: under 5/4 scoring the caller's own points come
    from them), ``euchres`` (both partners of a euchred team count one), and ``player_points``
    (an own total, checked against the hands). ``first_to_tying_score`` (0/1) names the team
    that reached a level score first (derived from the hands when they are given)."""

    model_config = _Strict
    team_points: tuple[Number, Number] | None = None
    hand_points: list[tuple[Number, Number]] = Field(default_factory=list, max_length=200)
    lone_hands: dict[Number, Number] = Field(default_factory=dict, max_length=8)
    euchres: dict[Number, Number] = Field(default_factory=dict, max_length=8)
    player_points: dict[Number, Number] = Field(default_factory=dict, max_length=8)
    first_to_tying_score: int | None = Field(default=None, ge=0, le=1)
    lone_marches: dict[Number, Number] = Field(default_factory=dict, max_length=8)
    lone_euchres: dict[Number, Number] = Field(
        default_factory=dict,
        max_length=8,
        description="Of each player's euchres, those on a lone hand his side called (the "
        "euchred cup's stake on a loner, side_pot_lone_cents).",
    )


class SubmissionIn(ResultIn):
    """A score entered at the table, with the entering player's own code. ``round``: the
    round it scores (the table's page sends it); when given and that round is not the one in
    play, the score is refused (409, naming both rounds) and nothing is recorded."""

    player_code: str = Field(min_length=1, max_length=32)
    round: int | None = Field(default=None, ge=1, le=10_000)


class PlayerCode(BaseModel):
    """A player's own code (the digital initials)."""

    model_config = _Strict
    player_code: str = Field(min_length=1, max_length=32)


class CorrectionIn(ResultIn):
    """A director's correction (or entry) of a table's result: only the fields sent change;
    the recorded values of the others are kept. ``rulings_in_totals``: for totals alone at a
    table with rulings that have points, whether those totals already hold the rulings'
    points (true: nothing is added; false: the ruled hand was written 0-0 and the rulings'
    points are added); without it such totals are refused (the one ledger, docs/scores.md)."""

    rulings_in_totals: bool | None = None

    reason: str = Field(default="", max_length=2000)


class AtTableOut(BaseModel):
    """Something recorded at one table of a round (a submission, a penalty), read from its
    stored row (whose columns are ``round_number`` and ``table_number``)."""

    model_config = _FromRow
    id: int
    round: int = Field(validation_alias=AliasChoices("round", "round_number"))
    table: int = Field(validation_alias=AliasChoices("table", "table_number"))


class SubmissionOut(AtTableOut):
    """A score a table submitted and where it stands."""

    result: TableResult = Field(
        description="The score as entered, checked and completed by the event's rules."
    )
    submitted_by: int = Field(description="The number of the player who entered it.")
    submitted_at: datetime
    status: SubmissionStatus
    confirmed_by: int | None = Field(
        description="The number of the opponent who confirmed it (null until one does)."
    )
    confirmed_at: datetime | None


class MovementChangeOut(BaseModel):
    """A later seat that a correction changed."""

    round: int
    player_id: str
    before: str
    after: str


class LevelGameOut(BaseModel):
    """A game the director's penalties left level with nobody named first to the tying
    score: the next round waits for the answer (``first``: 0 or 1, the partnership as
    seated, posted to ``answer``)."""

    round: int
    table: int
    points: int
    question: str
    partnerships: list[list[str]]
    penalty_points: list[int]
    answer: str


class QuestionOut(BaseModel):
    """A question the director must answer before a table's game counts for good: its round
    waits (no close, no next round) until then. ``kind``: ``level_game`` (post ``first`` to
    ``answer``), ``totals_hold_ruling`` (post ``in_totals``) or ``ruling_hand`` (post
    ``hand_number``)."""

    kind: str
    round: int
    table: int
    question: str
    penalty_id: int | None
    answer: str


class InTotalsIn(BaseModel):
    """Whether a table's totals alone already hold a ruling's points."""

    model_config = _Strict
    in_totals: bool


class RuledHandIn(BaseModel):
    """The hand a ruling ended (1-based)."""

    model_config = _Strict
    hand_number: int = Field(ge=1, le=1000)


class TyingScoreIn(BaseModel):
    """Who reached the tying score first: the partnership (0 or 1) as seated."""

    model_config = _Strict
    first: int = Field(ge=0, le=1)


class CorrectionOut(BaseModel):
    """The recorded result and what it changed."""

    result: TableResult
    movement_changes: list[MovementChangeOut]
    money_moved: list[str] = Field(
        default_factory=list,
        description='What the change moved besides scores, each "kind: player before -> '
        'after" (kind "prize" or "cup" in cents, "sit-out points" in points); also in the '
        'audit log as "money_moved".',
    )


class OfficialOut(BaseModel):
    """A table's official result as its page shows it: the two totals."""

    team_points: tuple[int, int]


class TableOut(BaseModel):
    """What a table's page shows."""

    event_id: int
    event_name: str
    round: int
    table: int
    code: str
    seconds_left: int
    partnerships: tuple[list[TablePlayerOut], list[TablePlayerOut]]
    submissions: list[SubmissionOut]
    official: OfficialOut | None
    max_hand_points: int
    game_hands: int = Field(
        description="The hands of the game this table plays: the sheet's game, or a playoff "
        "round's own count (a 4-hand playoff, a sudden-death hand); 0 for a game to a target."
    )
    stage: Stage = Field(
        default=Stage.MAIN, description='"main", or "playoff" for a playoff round\'s table.'
    )


class PenaltyCreate(BaseModel):
    """An irregularity at a table (kinds: see ``PENALTY_KINDS``)."""

    model_config = _Strict
    round: int = Field(ge=1, le=1000)
    table: int = Field(ge=1, le=10_000)
    kind: str = Field(max_length=64)
    offender: Number
    hand_number: int | None = Field(default=None, ge=1, le=1000)
    proven: bool | None = None
    lone_hand: bool = False
    lone_caller: Number | None = None
    """The player (number) who called alone; a dealer failing to discard on a lone hand
    needs it (sheet 004 raises that penalty only for the opposition's lone call)."""
    warned: bool | None = None
    choice: str | None = Field(default=None, max_length=64)
    note: str = Field(default="", max_length=2000)
    in_totals: bool | None = None
    """For a table that sent its totals only: whether those totals already hold this
    ruling's points (None: the dashboard asks, and the round waits for the answer)."""


class PenaltyOut(AtTableOut):
    """A recorded penalty."""

    record: PenaltyRecord


class AuditOut(BaseModel):
    """One audit-log entry."""

    model_config = _FromRow
    id: int
    at: datetime
    who: str
    action: str
    target: str
    old_value: Any
    new_value: Any
    reason: str
    changes: str = ""
    """For a result: what changed, field by field (``team_points: 7-6 -> 6-7``)."""


class SnapshotEventOut(BaseModel):
    """The event a snapshot is of."""

    id: int
    name: str
    status: EventStatus


class SnapshotPlayerOut(BaseModel):
    """A player of the event, by number (names for the snapshot's player ids)."""

    number: int
    name: str
    team: str | None


class SnapshotOut(BaseModel):
    """The event's snapshot (seating, standings with tie-breaks, prizes, the pot) with its
    players' names."""

    event: SnapshotEventOut
    players: list[SnapshotPlayerOut]
    snapshot: EventSnapshot
