"""What a table's scorekeeper phone sees, built once for the JSON API (``GET
/api/tables/{code}``) and the table's page (``/t/{code}``): the seating with the players'
names, the round and its game (a playoff's own hand count), the scores entered and where each
stands, the saved result, and, once saved, where everyone goes next.

The API turns a :class:`TableView` into its schema; the page renders it with a template.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Protocol

from sqlalchemy.orm import Session

from euchre.engine.profile import RuleProfile, load_profile
from euchre.store.core import display_snapshot
from euchre.store.errors import NotFoundError
from euchre.store.models import Event, SubmissionStatus
from euchre.store.night import events
from euchre.store.scoring import scores, table_lookup
from euchre.store.scoring.submissions import SubmissionEntry
from euchre.tournament import (
    FORMATS,
    EventSnapshot,
    RoundPlan,
    Stage,
    TableResult,
    TournamentError,
    game_winner,
)

__all__ = [
    "SavedOutcome",
    "Seated",
    "SubmissionEntry",
    "TableSeats",
    "TableView",
    "computer_marks",
    "game_profile",
    "saved_outcome",
    "table_seats",
    "table_view",
    "winning_side",
]


class Seated(Protocol):
    """A player at a table as the score form and the page name him (an ``Entrant``, or the
    plain row a table's read loads)."""

    @property
    def number(self) -> int:
        """The player's number in the event."""

    @property
    def name(self) -> str:
        """The player's name."""


@dataclass(frozen=True)
class TableSeats:
    """A table's seating and the game it plays: what the score form and the result need
    (the director's correction form builds one for any round's table)."""

    code: str
    partnerships: tuple[tuple[Seated, ...], tuple[Seated, ...]]
    profile: RuleProfile
    """The game played at the table (a playoff round's own hand count)."""
    lone_stake_cents: int = field(default=0, kw_only=True)
    """The euchred cup's stake on a lone hand (``EventConfig.side_pot_lone_cents``) when the
    event plays a cup, else 0: the score form asks "times euchred on a lone hand" only then."""

    @property
    def asks_lone_euchres(self) -> bool:
        """Whether the score form asks each player's times euchred on a lone hand."""
        return self.lone_stake_cents > 0

    def team_name(self, side: int) -> str:
        """The partnership by its players' names ("Ann & Bob")."""
        return " & ".join(member.name for member in self.partnerships[side])

    @property
    def three_handed(self) -> bool:
        """A table of three (each player for himself; the score is each one's own total)."""
        return len(self.partnerships[0]) == 3 and not self.partnerships[1]

    @property
    def players(self) -> list[Seated]:
        """Every player at the table, partnership 0 first."""
        return [member for side in self.partnerships for member in side]

    def name_of(self, player: str | int) -> str:
        """A player's name by number or id."""
        for member in self.players:
            if str(member.number) == str(player):
                return member.name
        return f"#{player}"


@dataclass(frozen=True)
class TableView(TableSeats):
    """One table of the round in play, as its phone sees it."""

    event_id: int
    event_name: str
    round: table_lookup.RoundTimes
    table_number: int
    event_profile: RuleProfile
    """The event's rule profile (``profile`` is the game this table plays: a playoff round's
    own hand count)."""
    submissions: tuple[SubmissionEntry, ...]
    """Every score entered at the table this round, oldest first (superseded ones too)."""
    official: TableResult | None
    """The saved result, None while there is none."""

    @property
    def round_number(self) -> int:
        """The round's number."""
        return self.round.number

    @property
    def shown_submissions(self) -> list[SubmissionEntry]:
        """The scores the page lists: every one but those their players replaced."""
        return [row for row in self.submissions if row.status != SubmissionStatus.SUPERSEDED]

    @property
    def awaiting_confirmation(self) -> bool:
        """Whether a score waits for an opponent's confirmation."""
        return any(row.status == SubmissionStatus.PENDING for row in self.submissions)


def game_profile(profile: RuleProfile, plan: RoundPlan) -> RuleProfile:
    """The game a round's tables play: a playoff game lasts its own hands."""
    if plan.stage == Stage.PLAYOFF and plan.hands:
        return replace(profile, game_hands=plan.hands, game_target=0)
    return profile


def _seats(context: table_lookup.TableContext, profile: RuleProfile) -> TableSeats:
    return TableSeats(
        code=context.code,
        partnerships=context.partnerships,
        profile=game_profile(profile, context.round.plan),
        lone_stake_cents=table_lookup.lone_stake_cents(context.event.config),
    )


def table_seats(session: Session, *, code: str, scoring_round: int | None = None) -> TableSeats:
    """The seating and game of the table with code ``code`` in the round in play: what a
    score posted from its form is read against (``scoring_round``: the round the form
    scores, refused unless it is the one in play, see ``table_lookup.open_table``)."""
    context = table_lookup.open_table(session, code=code, scoring_round=scoring_round)
    return _seats(context, load_profile(context.event.config.profile_id))


def table_view(
    session: Session, *, code: str, closed: bool = False, round_number: int | None = None
) -> TableView:
    """The table with code ``code`` in the round in play (``NotFoundError`` for a wrong
    code; the lookup also checks the client's wrong-code block, see ``open_table``);
    ``closed``: the latest round once it is over too; ``round_number``: that round.

    A read in plain rows (``table_lookup.read_table``), not ORM objects: this is the phones'
    most frequent request."""
    read = table_lookup.read_table(session, code=code, closed=closed, round_number=round_number)
    profile = load_profile(read.profile_id)
    submissions = tuple(
        scores.table_submissions(
            session,
            event_id=read.event_id,
            round_number=read.round.number,
            table=read.table_number,
        )
    )
    return TableView(
        code=read.code,
        partnerships=read.partnerships,
        profile=game_profile(profile, read.round.plan),
        event_id=read.event_id,
        event_name=read.event_name,
        round=read.round,
        table_number=read.table_number,
        event_profile=profile,
        submissions=submissions,
        official=read.official,
        lone_stake_cents=read.lone_stake_cents,
    )


def computer_marks(session: Session, view: TableView) -> dict[int, bool]:
    """Players whose seat a computer player took at this table this round (player number
    -> whether its points count for him)."""
    from euchre.store.online import computer_players  # online imports the score services

    bots = computer_players(session, event_id=view.event_id, round_number=view.round_number)
    return {
        int(player): counts
        for player, counts in bots.get((view.round_number, view.table_number), {}).items()
    }


@dataclass(frozen=True)
class SavedOutcome:
    """What a table's page adds once its result is saved: the score with the director's
    penalties, and where each player goes next. ``next_round`` and ``seats`` (player number
    -> "table 2 with Ann, against Bob & Cy", or "sits out") are set once the next round is
    seated; otherwise ``next_round`` is None and ``last`` says whether that was the event's
    last round."""

    with_penalties: tuple[int, int] | None
    next_round: int | None
    seats: dict[int, str]
    last: bool
    moves: tuple[tuple[int, bool, str], ...] = ()
    """Before the next round is seated: the sheet's movement for each pair, as (side, won,
    words), the winners first (none after a playoff, the last round or a level game)."""
    next_started: bool = False
    """Whether the director has started the next round: until then its seats are
    provisional (a late arrival or the director's seating can change them)."""
    sudden_death_next: bool = False
    """A level playoff game whose two teams play again next (Valpo rule 20: "If the game is
    still tied, a sudden death hand will occur")."""
    waiting: str = ""
    """The director's open question the next seating waits for (a game a penalty made
    level, a ruling beside totals only), in his words; "" when none. The seats are not shown
    meanwhile: they would assume an answer."""


def winning_side(result: TableResult, with_penalties: tuple[int, int] | None = None) -> int | None:
    """The side that won a saved game (a level game: the first to the tying score; None when
    nobody said), counting the director's penalties when ``with_penalties`` gives the score
    with them: the core's :func:`game_winner`, which moves the pairs."""
    if with_penalties is None:
        return game_winner(result)
    penalties = (
        with_penalties[0] - result.team_points[0],
        with_penalties[1] - result.team_points[1],
    )
    return game_winner(result, penalties)


def _pair_moves(
    snapshot: EventSnapshot, view: TableView, with_penalties: tuple[int, int] | None
) -> tuple[tuple[int, bool, str], ...]:
    """:attr:`SavedOutcome.moves` of a table whose next round is not seated yet."""
    won = None if view.official is None else winning_side(view.official, with_penalties)
    try:
        plan = snapshot.round_plan(view.round_number)
    except TournamentError:  # the round was undone since the table was read
        return ()
    if won is None or plan.stage != Stage.MAIN:
        return ()
    spec = FORMATS[snapshot.config.format]
    moves = []
    for side in (won, 1 - won):
        # A sheet's own [movement] is worded from its rules (LVEA's ghost table included).
        words = spec.moves_words(
            snapshot.config,
            view.table_number,
            len(plan.tables),
            side == won,
            sat_out=bool(plan.sitting_out),
        )
        if words:
            moves.append((side, side == won, words))
    return tuple(moves)


def saved_outcome(session: Session, view: TableView) -> SavedOutcome:
    """The penalised score and the next seats of a table whose result is saved (or whose
    round is over)."""
    event = session.get(Event, view.event_id)
    if event is None:  # deleted since the table was read
        raise NotFoundError(f"event {view.event_id} does not exist")
    snapshot = display_snapshot(session, event)
    key = (view.round_number, view.table_number)
    scored = scores.scored_tables(session, event_id=view.event_id, snapshot=snapshot, only=key)
    with_penalties = scored[key].points if key in scored else None
    number = view.round_number
    try:
        plan: RoundPlan | None = snapshot.round_plan(number + 1)
    except TournamentError:  # the next round is not seated yet
        plan = None
    sudden_death = plan is not None and _plays_on(view, plan)
    latest = events.latest_round(session, event_id=view.event_id)
    started = latest is not None and latest.number > number
    # Only a ruling raises a question: an event with none asks nothing (no extra work).
    waiting = (
        [
            found.question
            for found in scores.questions(session, event_id=view.event_id)
            if found.question.round <= number
        ]
        if snapshot.penalties and not started
        else []
    )
    if waiting:
        names = {
            str(row.number): row.name
            for row in events.list_entrants(session, event_id=view.event_id)
        }
        return SavedOutcome(
            with_penalties,
            next_round=None,
            seats={},
            last=snapshot.config.rounds <= number,
            waiting=waiting[0].text(names),
        )
    if plan is None or number not in snapshot.complete_rounds:
        last = snapshot.is_over or (snapshot.config.rounds <= number and plan is None)
        moves = () if last else _pair_moves(snapshot, view, with_penalties)
        return SavedOutcome(
            with_penalties,
            next_round=None,
            seats={},
            last=last,
            moves=moves,
            sudden_death_next=sudden_death,
        )
    names = {
        str(row.number): row.name for row in events.list_entrants(session, event_id=view.event_id)
    }
    seat: dict[str, str] = {}
    for table in plan.tables:
        for side, pair in enumerate(table.partnerships):
            for player in pair:
                partner = ", ".join(names.get(p, p) for p in pair if p != player)
                others = " & ".join(names.get(p, p) for p in table.partnerships[1 - side])
                seat[player] = (
                    f"table {table.table}"
                    + (f" with {partner}" if partner else "")
                    + f", against {others}"
                )
    for player in plan.sitting_out:
        seat[player] = "sits out"
    return SavedOutcome(
        with_penalties,
        next_round=plan.round,
        seats={
            member.number: seat.get(str(member.number), "not seated") for member in view.players
        },
        last=False,
        next_started=started,
        sudden_death_next=sudden_death,
    )


def _plays_on(view: TableView, plan: RoundPlan) -> bool:
    """Whether this playoff table's two teams meet again in the next round ``plan``: a
    level playoff game goes on to sudden death."""
    if view.round.plan.stage != Stage.PLAYOFF or plan.stage != Stage.PLAYOFF:
        return False
    here = {frozenset(str(member.number) for member in side) for side in view.partnerships}
    return any({frozenset(side) for side in table.partnerships} == here for table in plan.tables)
