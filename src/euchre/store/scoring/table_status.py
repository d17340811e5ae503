"""Each table's state in a round and every recorded table's score with its penalties, as
every page shows them."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.engine.profile import load_profile
from euchre.store.core import compute, display_snapshot, event_config, event_inputs, player_id
from euchre.store.models import (
    Penalty,
    Result,
    Round,
    SubmissionStatus,
)
from euchre.store.night.events import get_event, list_entrants
from euchre.store.night.rounds import get_round
from euchre.store.scoring.submissions import list_submissions
from euchre.tournament import (
    EventSnapshot,
    PenaltyRecord,
    PenaltyRuling,
)
from euchre.tournament.codec import Choice
from euchre.tournament.ledger import OpenQuestion, table_ledger
from euchre.tournament.penalties import LevelGame, level_games_to_settle, open_questions

__all__ = [
    "ScoredTable",
    "TableState",
    "TableStatus",
    "Waiting",
    "level_games",
    "questions",
    "scored_tables",
    "table_statuses",
]


class TableState(Choice):
    """Where a table of a round stands on the director's screen."""

    DISPUTED = "disputed"
    REPORTED = "reported"
    """Its official result is in."""
    AWAITING_CONFIRMATION = "awaiting confirmation"
    PLAYING = "playing"


@dataclass(frozen=True)
class TableStatus:
    """Where one table of a round stands, for the director's screen (``team_points``: the
    official result with its penalties)."""

    table: int
    code: str
    partnerships: tuple[tuple[str, ...], tuple[str, ...]]
    team_points: tuple[int, int] | None
    pending: int
    disputed: int
    own_totals: tuple[int, ...] = ()
    """At a table of three (nobody in the second partnership) whose result is in: each
    player's own total, in seat order."""

    @property
    def state(self) -> TableState:
        """Disputed, reported (official result in), awaiting confirmation or playing."""
        if self.disputed:
            return TableState.DISPUTED
        if self.team_points is not None:
            return TableState.REPORTED
        if self.pending:
            return TableState.AWAITING_CONFIRMATION
        return TableState.PLAYING


def table_statuses(session: Session, *, event_id: int, round_number: int) -> list[TableStatus]:
    """Every table of a started round: its players, code, result (with its penalties) and
    open submissions."""
    from euchre.store.night.rounds import table_codes

    round_row = get_round(session, event_id=event_id, number=round_number)
    names = {
        player_id(entrant.number): entrant.name
        for entrant in list_entrants(session, event_id=event_id)
    }
    codes = table_codes(session, event_id=event_id, round_number=round_number)
    submissions = list_submissions(session, event_id=event_id, round_number=round_number)
    # Scores shown with their penalties, everywhere (the snapshot is cached per revision).
    snapshot = display_snapshot(session, get_event(session, event_id=event_id))
    scored = scored_tables(session, event_id=event_id, snapshot=snapshot)
    officials = {
        row.table_number: row
        for row in session.scalars(
            select(Result).where(Result.event_id == event_id, Result.round_number == round_number)
        )
    }
    statuses = []
    for entry in round_row.plan.tables:
        table = entry.table
        official = officials.get(table)
        first, second = entry.partnerships
        mine = [row for row in submissions if row.table_number == table]
        statuses.append(
            TableStatus(
                table=table,
                code=codes.get(table, ""),
                partnerships=(
                    tuple(names.get(player, player) for player in first),
                    tuple(names.get(player, player) for player in second),
                ),
                team_points=None
                if official is None
                else scored[(round_number, table)].points
                if (round_number, table) in scored
                else official.result.team_points,
                pending=sum(1 for row in mine if row.status == SubmissionStatus.PENDING),
                disputed=sum(1 for row in mine if row.status == SubmissionStatus.DISPUTED),
                own_totals=()
                if official is None or not entry.three_handed
                else tuple(official.result.player_points.get(p, 0) for p in entry.players),
            )
        )
    return statuses


@dataclass(frozen=True)
class ScoredTable:
    """One table's game as every page shows it: the table's own points, the penalties'
    points, and the score with penalties (what the standings count)."""

    round: int
    table: int
    game_points: tuple[int, int]
    penalty_points: tuple[int, int]
    points: tuple[int, int]
    penalties: tuple[PenaltyRuling, ...]
    questions: tuple[OpenQuestion, ...] = ()
    """What the director must still answer before this game counts for good (its rulings
    wait meanwhile)."""
    first: int | None = None
    """The side named first to a tying score (a level game's winner), if any."""
    stage: str = "main"


def scored_tables(
    session: Session,
    *,
    event_id: int,
    snapshot: EventSnapshot,
    only: tuple[int, int] | None = None,
) -> dict[tuple[int, int], ScoredTable]:
    """Every recorded table's score with its penalties counted once (the one ledger:
    :func:`~euchre.tournament.ledger.table_ledger`), keyed by
    (round, table); ``only`` reads one table (so a table's page costs the same whatever the
    event's size)."""
    rulings: dict[tuple[int, int], list[PenaltyRuling]] = {}
    for ruling in snapshot.penalties:
        rulings.setdefault((ruling.round, ruling.table), []).append(ruling)
    records: dict[tuple[int, int], list[PenaltyRecord]] = {}
    penalty_query = select(Penalty).where(Penalty.event_id == event_id)
    round_query = select(Round).where(Round.event_id == event_id)
    result_query = select(Result).where(Result.event_id == event_id)
    if only is not None:
        penalty_query = penalty_query.where(
            Penalty.round_number == only[0], Penalty.table_number == only[1]
        )
        round_query = round_query.where(Round.number == only[0])
        result_query = result_query.where(
            Result.round_number == only[0], Result.table_number == only[1]
        )
    for penalty in session.scalars(penalty_query.order_by(Penalty.id)):
        records.setdefault((penalty.round_number, penalty.table_number), []).append(penalty.record)
    seatings = {
        (round_row.number, entry.table): entry
        for round_row in session.scalars(round_query)
        for entry in round_row.plan.tables
    }
    profile = load_profile(event_config(get_event(session, event_id=event_id)).profile_id)
    scored: dict[tuple[int, int], ScoredTable] = {}
    for row in session.scalars(result_query):
        key = (row.round_number, row.table_number)
        result = row.result
        table_rulings = rulings.get(key, [])
        seating = seatings.get(key)
        if seating is None:
            extra = [sum(ruling.team_points[side] for ruling in table_rulings) for side in (0, 1)]
            change = (extra[0], extra[1])
            questions: tuple[OpenQuestion, ...] = ()
        else:
            ledger = table_ledger(result, table_rulings, records.get(key, []), seating, profile)
            change, questions = ledger.penalty_points, ledger.questions
        scored[key] = ScoredTable(
            round=row.round_number,
            table=row.table_number,
            game_points=result.team_points,
            penalty_points=change,
            points=(result.team_points[0] + change[0], result.team_points[1] + change[1]),
            penalties=tuple(table_rulings),
            questions=questions,
            first=result.first_to_tying_score,
            stage=str(result.stage),
        )
    return scored


def level_games(session: Session, *, event_id: int) -> tuple[LevelGame, ...]:
    """The games the director's penalties left level with nobody named first to the tying
    score (see :func:`~euchre.tournament.penalties.level_games_to_settle`): the dashboard
    and the API ask who reached it first, and the next round waits for the answer."""
    event = get_event(session, event_id=event_id)
    inputs = event_inputs(session, event)
    return level_games_to_settle(inputs, compute(inputs))


@dataclass(frozen=True)
class Waiting:
    """An open question with the penalty row it is about (``penalty_id``; None for a level
    game), so that a page or the API can answer it."""

    question: OpenQuestion
    penalty_id: int | None


def questions(session: Session, *, event_id: int) -> tuple[Waiting, ...]:
    """Every question the director must still answer (see
    :func:`~euchre.tournament.penalties.open_questions`): each holds the close of its round
    and the start of the next, and the pages say what is waiting."""
    event = get_event(session, event_id=event_id)
    inputs = event_inputs(session, event)
    found = open_questions(inputs, compute(inputs))
    if not found:
        return ()
    ids: dict[tuple[int, int], list[int]] = {}
    for penalty_id, round_number, table in session.execute(
        select(Penalty.id, Penalty.round_number, Penalty.table_number)
        .where(Penalty.event_id == event_id)
        .order_by(Penalty.id)
    ):
        ids.setdefault((round_number, table), []).append(penalty_id)
    return tuple(
        Waiting(
            question,
            None
            if question.penalty is None
            else ids.get((question.round, question.table), [])[question.penalty],
        )
        for question in found
    )
