"""The tournament core's data: an event's inputs (what storage keeps) and its computed snapshot.

The core is a deterministic function from :class:`EventInputs` to :class:`EventSnapshot`
(:func:`euchre.tournament.event.compute_event`). Every type has ``to_json()`` and
``from_json()`` from one codec (:mod:`euchre.tournament.codec`); JSON keys are the field names.
Rounds and tables are numbered from 1; table 1 is the top (head) table. Team 0 of a table is
its first partnership, team 1 its second. Money is kept in whole cents.

This module is a contract shared with storage and the web app: fields are only ever added
(with defaults), never renamed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Annotated, Any

from pydantic import Field

from euchre.tournament.choices import (
    FORMAT_NAMES,
    PENALTY_KINDS,
    PRIZE_TIES,
    SIDE_POT_QUALIFICATION,
    SIT_OUT_SCORING,
    TIE_BREAKS,
    ChatMode,
    ChatModeText,
    ComputerGames,
    ComputerGamesText,
    FallbackText,
    FormatName,
    FormatText,
    KindText,
    PenaltyKind,
    PrizeTies,
    PrizeTiesText,
    QualificationText,
    SidePotFallback,
    SidePotQualification,
    SitOutScoring,
    SitOutText,
    Stage,
    StageText,
    TieBreak,
    TieBreakText,
)
from euchre.tournament.codec import AS_TEXT, OMIT_FALSE, OMIT_NONE, Choice, JsonCodec, one_of
from euchre.tournament.cut_off import check_cut_off
from euchre.tournament.errors import TournamentError
from euchre.tournament.settings import SIDE_POT_LONE_CENTS, break_problem

__all__ = [
    "FORMAT_NAMES",
    "PENALTY_KINDS",
    "PRIZE_TIES",
    "SIDE_POT_QUALIFICATION",
    "SIT_OUT_SCORING",
    "TIE_BREAKS",
    "AwardKind",
    "AwardRule",
    "ChatMode",
    "ComputerGames",
    "Entrant",
    "EventConfig",
    "EventInputs",
    "EventSnapshot",
    "FormatName",
    "MovementChange",
    "PenaltyKind",
    "PenaltyRecord",
    "PenaltyRuling",
    "Playoff",
    "PlayoffConflict",
    "PrizeAward",
    "PrizeEligibility",
    "PrizeTable",
    "PrizeTier",
    "PrizeTies",
    "RoundPlan",
    "SeatingOverride",
    "SidePot",
    "SidePotFallback",
    "SidePotQualification",
    "SitOutScoring",
    "Stage",
    "StandingRow",
    "TableResult",
    "TableSeating",
    "Tally",
    "TieBreak",
]


# --- configuration ---------------------------------------------------------------------------


class PrizeEligibility(Choice):
    """Who may win a prize, beyond ranking: "must play from the first round", "be present to
    win" (still playing at the end), club members only (a guest wins nothing)."""

    FROM_FIRST_ROUND = "from_first_round"
    PRESENT_AT_END = "present_at_end"
    MEMBERS_ONLY = "members_only"


_ELIGIBILITY = Annotated[
    PrizeEligibility,
    one_of(PrizeEligibility, "unknown prize eligibility {value!r}; choose from {choices}"),
    AS_TEXT,
]


def _omit_zero(value: int) -> bool:
    return value == 0


def _omit_one(value: int) -> bool:
    return value == 1


class AwardKind(Choice):
    """An award paid besides the places, from the recorded hands: the most lone hands made
    (``most_lone_hands``), the highest single-game score (``high_game``), or the most points
    of the players of one prize category (``high_score`` with a ``category``: "high lady",
    "high man")."""

    MOST_LONE_HANDS = "most_lone_hands"
    HIGH_GAME = "high_game"
    HIGH_SCORE = "high_score"


_AWARD_KIND = Annotated[
    AwardKind, one_of(AwardKind, "unknown award {value!r}; choose from {choices}"), AS_TEXT
]


@dataclass(frozen=True, slots=True)
class AwardRule(JsonCodec):
    """One award of a sheet's prizes: its kind, its money (cents), the prize category it is
    for (``high_score`` only) and its name as the prize list shows it ("high lady"; empty:
    the kind's own words)."""

    kind: _AWARD_KIND
    cents: int
    category: Annotated[str | None, OMIT_NONE] = None
    name: Annotated[str, OMIT_FALSE] = ""

    def __post_init__(self) -> None:
        if self.cents < 0:
            raise TournamentError(f"award {self.kind}: {self.cents} cents; amounts are 0 or more")
        if (self.kind is AwardKind.HIGH_SCORE) != (self.category is not None):
            raise TournamentError(
                f"award {self.kind}: a category goes with high_score only, and high_score "
                "needs one (the places already pay the highest scores of all)"
            )

    @property
    def label(self) -> str:
        """The award's name on the prize list ("most lone hands", "high lady")."""
        if self.name:
            return self.name
        if self.kind is AwardKind.HIGH_SCORE:
            return f"high {self.category}"
        return {"most_lone_hands": "most lone hands", "high_game": "high game"}[self.kind]


@dataclass(frozen=True, slots=True)
class PrizeTier(JsonCodec):
    """Prize amounts (in cents, 1st place first) used when an event has at least
    ``min_tables`` tables, or, when ``min_entrants`` is set, at least that many entrants
    (players entered: LVEA's pot "depends on the number of players entered")."""

    min_tables: int
    amounts_cents: tuple[int, ...]
    min_entrants: Annotated[int, Field(exclude_if=_omit_zero)] = 0


@dataclass(frozen=True, slots=True)
class PrizeTable(JsonCodec):
    """A payout table that depends on the number of tables (Bolivar: $60/$40/$20 with three
    tables, $75/$50/$35 with four or more) or of entrants (tiers with ``min_entrants``): the
    tier with the largest bound not above the event's count applies; with none, no prizes.

    Or the prizes are ``percents`` of the pot (``entry_fee_cents`` times the entrants), each
    rounded down to a multiple of ``round_to_cents``, what the rounding leaves going to first
    place; ``extras_cents`` are fixed sums added to the places (1st first), and
    ``last_place_cents`` a prize to the last eligible player in the standings. ``eligible``
    limits who may win (:class:`PrizeEligibility`); a player it leaves out is passed over and
    the places go to those below him. ``awards`` are paid besides the places."""

    tiers: tuple[PrizeTier, ...] = ()
    entry_fee_cents: Annotated[int, Field(exclude_if=_omit_zero)] = 0
    percents: Annotated[tuple[int, ...], OMIT_FALSE] = ()
    round_to_cents: Annotated[int, Field(exclude_if=_omit_one)] = 1
    extras_cents: Annotated[tuple[int, ...], OMIT_FALSE] = ()
    last_place_cents: Annotated[int, Field(exclude_if=_omit_zero)] = 0
    eligible: Annotated[tuple[_ELIGIBILITY, ...], OMIT_FALSE] = ()
    awards: Annotated[tuple[AwardRule, ...], OMIT_FALSE] = ()
    """Awards paid besides the places (:class:`AwardRule`), each to the competitors the
    recorded hands name; ``eligible`` applies to them too."""

    @property
    def pays(self) -> bool:
        """True when this table pays anything at all."""
        return bool(
            self.tiers or self.percents or self.extras_cents or self.last_place_cents or self.awards
        )

    @property
    def by_entrants(self) -> bool:
        """True when the tiers go by the number of entrants rather than of tables."""
        return any(tier.min_entrants for tier in self.tiers)

    def amounts_for(self, table_count: int, entrants: int = 0) -> tuple[int, ...]:
        """The amounts (cents) paid for an event of ``table_count`` tables and ``entrants``
        players entered (fixed extras and the pot's percentages included)."""
        amounts = list(self.tier_for(table_count, entrants)[1])
        if self.percents:
            amounts = list(self.pot_shares(entrants))
        for place, extra in enumerate(self.extras_cents):
            if place < len(amounts):
                amounts[place] += extra
            else:
                amounts.append(extra)
        return tuple(amounts)

    def tier_for(self, table_count: int, entrants: int) -> tuple[int, tuple[int, ...]]:
        """The bound of the tier that pays (tables or entrants) and its amounts; (0, ())
        when none does."""
        count = entrants if self.by_entrants else table_count
        best: PrizeTier | None = None
        for tier in self.tiers:
            bound = tier.min_entrants if self.by_entrants else tier.min_tables
            if bound <= count and (best is None or bound > _bound(best, self.by_entrants)):
                best = tier
        if best is None:
            return 0, ()
        return _bound(best, self.by_entrants), best.amounts_cents

    def pot_shares(self, entrants: int) -> tuple[int, ...]:
        """The pot's percentages in cents, each rounded down to ``round_to_cents``; what the
        rounding leaves goes to first place."""
        pot = self.entry_fee_cents * entrants
        step = max(1, self.round_to_cents)
        shares = [pot * percent // 100 // step * step for percent in self.percents]
        if shares:
            shares[0] += pot * sum(self.percents) // 100 - sum(shares)
        return tuple(shares)


def _bound(tier: PrizeTier, by_entrants: bool) -> int:
    return tier.min_entrants if by_entrants else tier.min_tables


@dataclass(frozen=True, slots=True)
class EventConfig(JsonCodec):
    """Everything a director sets before the first round.

    ``format`` is one of :data:`FORMAT_NAMES`, with ``format_options`` as that format documents
    (see ``euchre.tournament.formats.FORMATS``). ``rounds`` is the number of games each
    player/team plays in the main event. ``tie_breaks`` is the standings order (empty: the
    format's default). ``side_pot`` turns on the euchred cup (``side_pot_cents`` per euchred
    player per euchre; the player with the fewest points takes the pot).
    ``prize_ties`` is one of :data:`PRIZE_TIES` ("split": competitors level on points share
    the prize places they span whatever the tie-breaks say). ``side_pot_qualification`` is one
    of :data:`SIDE_POT_QUALIFICATION`; the director can still take players out of the cup
    (``side_pot_exclude``) or let players in whom the rule leaves out (``side_pot_include``),
    by competitor id.
    """

    name: str
    profile_id: str
    format: FormatText
    rounds: int
    format_options: Mapping[str, Any] = field(default_factory=dict)
    round_minutes: int = 0
    seed: int = 0
    prizes: PrizeTable = field(default_factory=PrizeTable)
    side_pot: bool = False
    side_pot_cents: int = 25
    sit_out_scoring: SitOutText = SitOutScoring.AVERAGE
    sit_out_points: int = 0
    tie_breaks: tuple[TieBreakText, ...] = ()
    prize_ties: PrizeTiesText = PrizeTies.TIE_BREAKS
    side_pot_qualification: QualificationText = SidePotQualification.EVERY_GAME
    side_pot_exclude: tuple[str, ...] = ()
    side_pot_include: tuple[str, ...] = ()
    side_pot_lone_cents: Annotated[int, Field(exclude_if=_omit_zero)] = 0
    """The cup's stake per euchred player when the euchred hand was a lone hand (the bump
    cup's "$2 on a loner"); 0: a lone hand's euchre costs ``side_pot_cents`` like any."""
    side_pot_fallback: FallbackText = SidePotFallback.DIRECTOR
    """Who takes the cup when its rule leaves one player or none (:class:`SidePotFallback`)."""
    online: Annotated[bool, OMIT_FALSE] = False
    """Every table plays in the browser (a club night played online; see docs/online.md):
    the engine referees and records each table's result. Single tables can be marked
    online or on paper apart from this."""
    online_drop_seconds: Annotated[int, Field(exclude_if=lambda value: value == 120)] = 120
    """At an online table, how long a player who dropped (lost his connection) has to come
    back before a computer player takes his seat (until he is back); 0: nobody takes it
    until the director decides (docs/online.md)."""
    computer_games: ComputerGamesText = ComputerGames.TABLE_ONLY
    """What a game a computer player played for an absent player does (:class:`ComputerGames`;
    which games those are: :attr:`TableResult.computer_played`)."""
    online_chat: ChatModeText = ChatMode.BETWEEN_HANDS
    """The chat at the event's online tables (:class:`ChatMode`): by default the preset
    messages between hands only; the director may change it, also at a table in play."""
    hands_worth_points: Annotated[int, Field(exclude_if=lambda value: value == 4)] = 4
    """The points a hand must give a side to count for the ``hands_worth`` tie-break (LVEA's
    four-point hands: 4)."""
    last_round_by: Annotated[str | None, OMIT_NONE] = None
    """A clock cut-off for the night (``"22:30"``, the club's clock): no round is started after
    it without the director's say, and the night ends with the rounds played
    (``tournament/cut_off.py``). None: the night plays its ``rounds``."""
    time_zone: Annotated[str | None, OMIT_NONE] = None
    """The club's time zone for ``last_round_by`` (an IANA name, ``"America/Chicago"``);
    None: the local time of the machine the app runs on."""
    break_after_round: Annotated[int, Field(exclude_if=_omit_zero)] = 0
    """The round after which the night breaks (0: no break): the next round's clock starts
    ``break_minutes`` after that round closes."""
    break_minutes: Annotated[int, Field(exclude_if=_omit_zero)] = 0
    """The break's length in minutes."""

    def __post_init__(self) -> None:
        if self.side_pot_lone_cents < 0:
            # The declared bound's words (the form, the API and the sheet file say the
            # same); only the floor here, so no stored configuration stops loading.
            raise TournamentError(SIDE_POT_LONE_CENTS.refusal(self.side_pot_lone_cents))
        if self.hands_worth_points < 1:
            raise TournamentError(
                f"hands_worth_points is {self.hands_worth_points}; a hand worth counting "
                "scores 1 point or more"
            )
        check_cut_off(self.last_round_by, self.time_zone)
        problem = break_problem(self.break_after_round, self.break_minutes)
        if problem:
            raise TournamentError(problem)


@dataclass(frozen=True, slots=True)
class Entrant(JsonCodec):
    """A player. Entrants with the same ``team`` label are fixed partners (team formats);
    ``team`` None means the player came alone (paired by the first draw where the format needs
    teams). ``arrival_round`` is the first round played; ``withdrawal_round`` the first round
    missed (None: stays to the end)."""

    id: str
    name: str
    team: str | None = None
    arrival_round: int = 1
    withdrawal_round: int | None = None
    seat_class: Annotated[str | None, OMIT_NONE] = None
    """The seat class the sheet's ``[players]`` table names (LVEA's ``high`` or ``low``
    scoresheet), which a movement may read; None where the sheet declares none. Checked
    against the sheet where a player is entered (:func:`euchre.tournament.sheets.
    check_player_classes`), so the core reads it as given."""
    prize_category: Annotated[str | None, OMIT_NONE] = None
    """The prize category the sheet names (``lady``, ``man`` for "high lady / high man"),
    or None."""
    guest: Annotated[bool, OMIT_FALSE] = False
    """A guest plays and wins money on the night like anyone, but is no club member (no
    season table or rating counts him; docs/season.md, "Guests")."""
    stationary: Annotated[bool, OMIT_FALSE] = False
    """He asked for the movement's stationary seat (Chatgamers' North: he stays put, the
    others move around him), where the sheet allows it (``[players] stationary_seat``)."""

    def active_in(self, round_number: int) -> bool:
        """True when this player is present for ``round_number``."""
        if round_number < self.arrival_round:
            return False
        return self.withdrawal_round is None or round_number < self.withdrawal_round


# --- results, penalties, overrides --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableResult(JsonCodec):
    """One table's game in one round, as the tally sheet (or the digital table) gives it.

    ``team_points`` are the totals of the table's two partnerships (team 0 = its first
    partnership in the round's seating). ``hand_points`` optionally lists each counted hand's
    points per team; ``player_points`` optionally gives each player's own total (individual
    scoring; otherwise each player scores the team's total). ``lone_hands`` counts lone hands
    made per player, ``euchres`` the times each player's side was euchred (the euchred cup).
    ``first_to_tying_score`` names the team (0/1) that reached a tied total first.
    ``stage`` is ``"main"`` or ``"playoff"``. Penalties are recorded apart
    (:class:`PenaltyRecord`) and added on top of these totals. ``partnerships``, when given,
    names who played the game (as seated when it was entered): the result then always
    belongs to them, whatever a later correction does to the computed seating.
    ``lone_marches`` counts, per player, the lone hands he called that took all five tricks
    (the tournament sheet's progressive scoring pays the caller 5 and his partner 4;
    ``player_points`` is derived from it at entry, see
    :func:`euchre.tournament.validation.complete_result`).
    """

    round: int
    table: int
    team_points: tuple[int, int]
    hand_points: tuple[tuple[int, int], ...] = ()
    player_points: Mapping[str, int] = field(default_factory=dict)
    lone_hands: Mapping[str, int] = field(default_factory=dict)
    euchres: Mapping[str, int] = field(default_factory=dict)
    hands_played: int | None = None
    first_to_tying_score: int | None = None
    stage: StageText = Stage.MAIN
    partnerships: Annotated[tuple[tuple[str, ...], tuple[str, ...]] | None, OMIT_NONE] = None
    lone_marches: Mapping[str, int] = field(default_factory=dict)
    computer_played: Annotated[tuple[str, ...], OMIT_FALSE] = ()
    """The players whose game a computer player played (online: it made most of the moves
    in most of the hands the player took part in; see docs/online.md)."""
    lone_euchres: Annotated[Mapping[str, int], OMIT_FALSE] = field(default_factory=dict)
    """Of each player's ``euchres``, those on a lone hand his side called (a euchred loner:
    the bump cup's "$2 on a loner", :attr:`EventConfig.side_pot_lone_cents`)."""


@dataclass(frozen=True, slots=True)
class PenaltyRecord(JsonCodec):
    """An irregularity the director recorded at a table (one of :data:`PENALTY_KINDS`).

    ``offender_id`` is the offending player (his partnership is the offending team).
    ``proven`` applies to a renege (None: judge it from ``hand_record`` when given, a hand
    record's JSON). ``lone_hand`` says whether a lone hand was on. ``warned`` None means the
    core counts earlier table-talk records of that team in the same game. ``choice`` is the
    non-offending team's option where the sheet gives one (``"points"`` or
    ``"void_and_call_alone"`` for a bid out of turn). ``hand_number`` (1-based) lets a
    "score nothing that deal" ruling remove the offenders' points of that hand.
    ``lone_caller_id`` names the player who called alone (it implies ``lone_hand``), so a
    ruling that depends on *whose* lone call it was (sheet 004's dealer failing to discard:
    4 only when the opposition called alone) is scored without a record of the hand.
    ``in_totals``: see below.
    """

    round: int
    table: int
    kind: KindText
    offender_id: str
    hand_number: int | None = None
    proven: bool | None = None
    lone_hand: bool = False
    warned: bool | None = None
    choice: str | None = None
    hand_record: Mapping[str, Any] | None = None
    note: str = ""
    lone_caller_id: Annotated[str | None, OMIT_NONE] = None
    in_totals: Annotated[bool | None, OMIT_NONE] = None
    """For a table scored by its totals only: whether those totals already hold this
    ruling's points (True: nothing is added; False: the table wrote the ruled hand 0-0 and
    the ruling's points are added). None: not said; the director is asked (the one ledger,
    :mod:`euchre.tournament.ledger`)."""


@dataclass(frozen=True, slots=True)
class TableSeating(JsonCodec):
    """One table of a round: its number and its two partnerships (player ids). ``hands`` is
    the game's length when it differs from the profile's (a playoff game, a sudden-death
    hand); None means the profile's game.

    A table of three (``sit_outs = "tables_of_three"``: three players play cutthroat on
    paper, each for himself) lists its three players as the first "partnership" and nobody as
    the second: :attr:`three_handed` says so, and its result is each player's own total."""

    table: int
    partnerships: tuple[tuple[str, ...], tuple[str, ...]]
    hands: Annotated[int | None, OMIT_NONE] = None

    @property
    def players(self) -> tuple[str, ...]:
        """Every player at the table."""
        return self.partnerships[0] + self.partnerships[1]

    @property
    def three_handed(self) -> bool:
        """True for a table of three: three players, each for himself (no partners)."""
        return len(self.partnerships[0]) == 3 and not self.partnerships[1]


@dataclass(frozen=True, slots=True)
class SeatingOverride(JsonCodec):
    """A round's seating set by hand; the format continues from it."""

    round: int
    tables: tuple[TableSeating, ...]
    sitting_out: tuple[str, ...] = ()
    frozen: Annotated[bool, OMIT_FALSE] = False
    """The movement's own seating, fixed when the round started (nobody set it by hand): the
    round's plan then says ``overridden: false``."""


@dataclass(frozen=True, slots=True)
class EventInputs(JsonCodec):
    """Everything storage keeps about an event; :func:`compute_event` derives the rest."""

    config: EventConfig
    entrants: tuple[Entrant, ...] = ()
    results: tuple[TableResult, ...] = ()
    penalties: tuple[PenaltyRecord, ...] = ()
    overrides: tuple[SeatingOverride, ...] = ()
    night_started: Annotated[datetime | None, OMIT_NONE] = None
    """When round 1 started (the event file of the CLI keeps it; the web app reads its
    rounds' start times): the night's clock cut-off is read from it."""


# --- the snapshot ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundPlan(JsonCodec):
    """One round's seating: tables (two partnerships each) and who sits out. ``byes`` names
        the teams (team formats) or players sitting out, ``overridden`` marks a seating set by hand
    (a started round whose seating the movement made is not),
        ``complete`` says every table's result is in. ``stage`` is ``"main"`` or ``"playoff"``;
        ``hands`` is the number of hands its games last when that is not the profile's game (a
        playoff), ``minutes`` the round's clock scaled to those hands, and ``label`` a short name
        for pages ("Playoff: 4-hand game", "Playoff: sudden-death hand")."""

    round: int
    tables: tuple[TableSeating, ...]
    sitting_out: tuple[str, ...] = ()
    byes: tuple[str, ...] = ()
    overridden: bool = False
    complete: bool = False
    stage: StageText = Stage.MAIN
    hands: int | None = None
    minutes: int | None = None
    label: str = ""

    def table(self, number: int) -> TableSeating | None:
        """Table ``number`` of this round (None when the round has no such table)."""
        for table in self.tables:
            if table.table == number:
                return table
        return None

    def frozen_seating(self) -> SeatingOverride:
        """This round's seating, once started, as the core keeps it from then on: an override,
        so that a result or a correction entered later never re-seats a round that is being
        played (the stored round's plan is read back the same way)."""
        return SeatingOverride(
            round=self.round,
            tables=self.tables,
            sitting_out=self.sitting_out,
            frozen=not self.overridden,
        )


@dataclass(frozen=True, slots=True)
class Tally(JsonCodec):
    """A competitor's counts: what the standings add up, table by table and sit-out by sit-out
    (``penalty_points`` are already in ``points``). Adding a count here adds it to the
    standings' rows and to what the ledger keeps."""

    points: int = 0
    games_played: int = 0
    games_won: int = 0
    lone_hands: int = 0
    euchres: int = 0
    points_against: int = 0
    sit_outs: int = 0
    penalty_points: int = 0
    computer_games: Annotated[int, OMIT_FALSE] = 0
    """Games a computer player played for this competitor (a player absent online)."""
    hands_worth: Annotated[int, OMIT_FALSE] = 0
    """Hands that gave the competitor's side exactly the event's ``hands_worth_points``
    (LVEA's four-point hands): every hand of the table's recorded ``hand_points``, else (no
    hands typed) the side's lone hands of five tricks when those are worth that many. Both
    partners of the side count the hand; penalties are not hands and never count."""
    euchres_made: Annotated[int, OMIT_FALSE] = 0
    """Euchres the competitor's side made as defenders: the hands its opponents at the table
    were euchred (their recorded ``euchres``), counted for both partners. Counted only where
    the ``euchres_made`` tie-break reads it."""

    def __add__(self, other: Tally) -> Tally:
        """Both tallies' counts added, count by count (a :class:`StandingRow` adds as its
        tally): a game to a competitor's running total, or a member's lines in one event."""
        return Tally(
            **{
                count.name: getattr(self, count.name) + getattr(other, count.name)
                for count in fields(Tally)
            }
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow(Tally):
    """One competitor's line in the standings (a player in individual formats, a team in team
    formats): its :class:`Tally`, with its place. ``rank`` is shared by competitors still tied
    after every tie-break (``tied``). ``points_by_round`` gives the points of each round scored
    so far (penalties and sit-outs included); ``tie_break_values`` are shown as read (a round
    number, a count), never negated for sorting."""

    rank: int
    competitor_id: str
    name: str
    members: tuple[str, ...]
    tied: bool = False
    tie_break_values: Mapping[str, int] = field(default_factory=dict)
    points_by_round: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PrizeAward(JsonCodec):
    """Money to one competitor: ``places`` the prize places shared (ties split them evenly;
    any odd cent goes to the competitor listed first). ``decided_by`` says what decided the
    place: ``"points"``, the tie-break that separated competitors level on points (one of
    :data:`TIE_BREAKS`), ``"playoff"``, or ``"split"`` (level, the places shared)."""

    competitor_id: str
    name: str
    places: tuple[int, ...]
    amount_cents: int
    shared_with: tuple[str, ...] = ()
    decided_by: str = "points"
    place_label: str = ""
    """The place as the prize list shows it: "1", or "T2" for a place shared (tied for 2nd)."""
    basis: Annotated[str, OMIT_FALSE] = ""
    """What set the money, in words, and who the eligibility rule passed over ("18
    entrants: the row from 18 entrants"; "75% of the $90.00 pot (18 entrants × $5.00)";
    "Late Larry passed over: arrived for game 2; prizes go to those who played from the
    first round"). Empty for a plain prize table by tables."""


@dataclass(frozen=True, slots=True)
class SidePot(JsonCodec):
    """The euchred cup: the money in it and who takes it (the fewest points among those who
    qualify; ties split). ``rule`` says who qualifies in words for the screen,
    ``qualified`` lists them, ``not_qualified`` gives each one left out and why (absent for a
    game, excluded by the director). ``paid`` is True once the event is over (before that the
    winners are the current leaders)."""

    total_cents: int
    winners: tuple[str, ...]
    shares_cents: tuple[int, ...]
    rule: str = ""
    qualified: tuple[str, ...] = ()
    not_qualified: Mapping[str, str] = field(default_factory=dict)
    paid: bool = False
    basis: Annotated[str, OMIT_FALSE] = ""
    """What the money is, in words ("14 euchres at $0.25 a player; 2 on a lone hand at
    $0.50; 3 euchres taken by a computer player on an absent player's seat charge
    nobody")."""
    undecided: Annotated[str, OMIT_FALSE] = ""
    """Why nobody is paid the cup, in words, when its rule leaves one player or none (or
    the fewest points are the top score) and the director decides."""


@dataclass(frozen=True, slots=True)
class PenaltyRuling(JsonCodec):
    """How the profile scored one :class:`PenaltyRecord`: points per team of its table, the
    clause, and what happened to the hand."""

    round: int
    table: int
    kind: KindText
    offender_id: str
    team_points: tuple[int, int]
    outcome: str
    clause: str
    offenders_score_nothing: bool = False
    covered: bool = True


@dataclass(frozen=True, slots=True)
class Playoff(JsonCodec):
    """Competitors tied at the end who must play off, and how (the format's tie rule):
    ``hands`` per playoff game, ``sudden_death_hands`` per game after a level two-team game."""

    competitors: tuple[str, ...]
    kind: str
    description: str
    hands: int = 4
    sudden_death_hands: int = 1


@dataclass(frozen=True, slots=True)
class PlayoffConflict(JsonCodec):
    """A playoff game already played between competitors who, after a later correction, no
    longer both belong to one tied group (or a tied group now holds a competitor who never
    played its playoff). The result stays with the teams that played it; the director must
    decide (replay, accept, or set the standings by hand). ``played`` are the competitors of
    the game, ``now_tied`` the groups the corrected standings ask to play off."""

    round: int
    table: int
    played: tuple[str, ...]
    now_tied: tuple[tuple[str, ...], ...]
    message: str


@dataclass(frozen=True, slots=True)
class MovementChange(JsonCodec):
    """A player whose seat in a round differs between two computations of an event (for
    example before and after a corrected result)."""

    round: int
    player_id: str
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class EventSnapshot(JsonCodec):
    """Everything derived from an event's inputs.

    ``rounds`` holds every round whose seating is known (the complete ones and the next);
    ``complete_rounds`` those with every result in; ``current_round`` the first incomplete
    one (None once the event is over). ``ties`` lists groups of competitors tied after every
    tie-break; ``playoffs`` the format's playoffs for ties that matter. ``movement_changes``
    is filled when a previous snapshot was given (what a correction changed). ``conflicts``
    lists played playoff games that a later correction left without a reason (the director
    decides what to do).
    """

    config: EventConfig
    rounds: tuple[RoundPlan, ...]
    complete_rounds: tuple[int, ...]
    current_round: int | None
    standings: tuple[StandingRow, ...]
    ties: tuple[tuple[str, ...], ...] = ()
    prizes: tuple[PrizeAward, ...] = ()
    side_pot: SidePot | None = None
    penalties: tuple[PenaltyRuling, ...] = ()
    playoffs: tuple[Playoff, ...] = ()
    movement_changes: tuple[MovementChange, ...] = ()
    warnings: tuple[str, ...] = ()
    is_over: bool = False
    conflicts: tuple[PlayoffConflict, ...] = ()
    prize_notes: Annotated[tuple[str, ...], OMIT_FALSE] = ()
    """What the prize list cannot show as a line, in words: why no place is paid ("the
    sheet pays from 3 tables; this night had 2"), an award nobody won."""

    def round_plan(self, round_number: int) -> RoundPlan:
        """The seating of ``round_number`` (raises when it is not known yet)."""
        for plan in self.rounds:
            if plan.round == round_number:
                return plan
        raise TournamentError(f"round {round_number} has no seating yet")
