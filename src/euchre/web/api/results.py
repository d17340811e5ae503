"""The JSON API's results, submissions and penalties: scores sent by the tables and accepted,
a director's correction, level games and the questions the director must answer, penalties
and the event's audit log. Routes are thin, as in :mod:`euchre.web.api.events`."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from euchre.store.audit import list_audit
from euchre.store.models import Result
from euchre.store.night import events
from euchre.store.scoring import money_moves, scores
from euchre.web.api import convert
from euchre.web.api.common import (
    API_ERRORS,
    Id,
    Reader,
    Writer,
    audited,
    event_rows,
    listed,
)
from euchre.web.api.schemas import (
    AuditOut,
    CorrectionIn,
    CorrectionOut,
    InTotalsIn,
    LevelGameOut,
    MovementChangeOut,
    PenaltyCreate,
    PenaltyOut,
    QuestionOut,
    Reason,
    RuledHandIn,
    SubmissionOut,
    TyingScoreIn,
)
from euchre.web.common.deps import ReadSession, WriteSession
from euchre.web.common.forms import AtTable

__all__ = ["router"]

router = APIRouter(prefix="/api", responses=API_ERRORS)


@router.get("/events/{event_id}/submissions", tags=["results"])
def list_submissions(
    director: Reader,
    session: ReadSession,
    event_id: Id,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
) -> list[SubmissionOut]:
    """Every score tables submitted (``status``: pending, confirmed, disputed, accepted,
    superseded)."""
    return listed(
        session,
        event_id,
        lambda session, event_id: scores.list_submissions(
            session, event_id=event_id, round_number=round
        ),
        convert.submission_out,
    )


@router.post("/events/{event_id}/submissions/{submission_id}/accept", tags=["results"])
def accept_submission(
    director: Writer, session: WriteSession, event_id: Id, submission_id: Id, body: Reason
) -> CorrectionOut:
    """Settle a table: this submission becomes its official result."""
    audit = audited(director, body.reason)
    result, changes = scores.accept_submission(
        session, event_id=event_id, submission_id=submission_id, **audit
    )
    return _correction_out(result, changes)


def _correction_out(result: Result, changes: tuple[Any, ...]) -> CorrectionOut:
    return CorrectionOut(
        result=result.result,
        movement_changes=[MovementChangeOut(**change.to_json()) for change in changes],
    )


@router.put("/events/{event_id}/rounds/{number}/tables/{table}/result", tags=["results"])
def correct_result(
    director: Writer, session: WriteSession, event_id: Id, number: Id, table: Id, body: CorrectionIn
) -> CorrectionOut:
    """Enter or correct a table's result (kept in the audit log with the reason)."""
    entered = convert.result_input(body, partial=True)
    at_table = AtTable(round_number=number, table=table)
    # Only a correction of a result already recorded moves money late; a first entry
    # is the night going on.
    late = scores.official_result(session, event_id=event_id, **at_table) is not None
    before = money_moves.before_change(session, event_id=event_id) if late else None
    result, changes = scores.correct_result(
        session,
        event_id=event_id,
        **AtTable(round_number=number, table=table),
        entered=entered,
        **audited(director, body.reason),
    )
    moves = (
        []
        if before is None
        else money_moves.after_change(
            session, event_id=event_id, before=before, who=director.name, reason=body.reason
        )
    )
    answer = _correction_out(result, changes)
    answer.money_moved = [
        f"{move.kind}: {move.name} {move.before} -> {move.after}" for move in moves
    ]
    return answer


@router.get("/events/{event_id}/level-games", tags=["results"])
def level_games(director: Reader, session: ReadSession, event_id: Id) -> list[LevelGameOut]:
    """Games the director's penalties left level with nobody named first to the tying score
    (the tournament sheet: "Ties go to the first team to make the tying score"): the next
    round cannot start until each is answered."""
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}
    return [
        LevelGameOut(
            round=game.round,
            table=game.table,
            points=game.points,
            question=game.question,
            partnerships=[[names.get(p, p) for p in pair] for pair in game.partnerships],
            penalty_points=list(game.penalty_points),
            answer=f"/api/events/{event_id}/rounds/{game.round}/tables/{game.table}"
            "/first-to-tying-score",
        )
        for game in scores.level_games(session, event_id=event_id)
    ]


@router.get("/events/{event_id}/questions", tags=["results"])
def open_questions(director: Reader, session: ReadSession, event_id: Id) -> list[QuestionOut]:
    """What the director must still answer before a game counts for good (the one ledger,
    docs/scores.md): a ruling beside totals only, a ruling's hand, a game left level. Each
    holds the close of its round and the start of the next."""
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}
    found = []
    for waiting in scores.questions(session, event_id=event_id):
        question = waiting.question
        if waiting.penalty_id is None:
            answer = (
                f"/api/events/{event_id}/rounds/{question.round}/tables/{question.table}"
                "/first-to-tying-score"
            )
        elif question.kind == "ruling_hand":
            answer = f"/api/events/{event_id}/penalties/{waiting.penalty_id}/hand"
        else:
            answer = f"/api/events/{event_id}/penalties/{waiting.penalty_id}/in-totals"
        found.append(
            QuestionOut(
                kind=question.kind.value,
                round=question.round,
                table=question.table,
                question=question.text(names),
                penalty_id=waiting.penalty_id,
                answer=answer,
            )
        )
    return found


@router.post("/events/{event_id}/penalties/{penalty_id}/in-totals", tags=["results"])
def ruling_in_totals(
    director: Writer, session: WriteSession, event_id: Id, penalty_id: Id, body: InTotalsIn
) -> PenaltyOut:
    """Say whether a table's totals alone already hold this ruling's points."""
    row = scores.answer_in_totals(
        session,
        event_id=event_id,
        penalty_id=penalty_id,
        in_totals=body.in_totals,
        who=director.name,
    )
    return convert.penalty_out(row)


@router.post("/events/{event_id}/penalties/{penalty_id}/hand", tags=["results"])
def ruled_hand(
    director: Writer, session: WriteSession, event_id: Id, penalty_id: Id, body: RuledHandIn
) -> PenaltyOut:
    """Name the hand a ruling ended (its points then replace that hand's)."""
    row = scores.name_ruled_hand(
        session,
        event_id=event_id,
        penalty_id=penalty_id,
        hand_number=body.hand_number,
        who=director.name,
    )
    return convert.penalty_out(row)


@router.post(
    "/events/{event_id}/rounds/{number}/tables/{table}/first-to-tying-score", tags=["results"]
)
def first_to_tying_score(
    director: Writer, session: WriteSession, event_id: Id, number: Id, table: Id, body: TyingScoreIn
) -> CorrectionOut:
    """Answer who reached the tying score first in a game a penalty made level."""
    at_table = AtTable(round_number=number, table=table)
    result, changes = scores.settle_level_game(
        session, event_id=event_id, **at_table, first=body.first, who=director.name
    )
    return _correction_out(result, changes)


@router.get("/events/{event_id}/penalties", tags=["results"])
def list_penalties(director: Reader, session: ReadSession, event_id: Id) -> list[PenaltyOut]:
    """Every recorded penalty."""
    return listed(session, event_id, scores.list_penalties, convert.penalty_out)


@router.post("/events/{event_id}/penalties", tags=["results"], status_code=201)
def add_penalty(
    director: Writer, session: WriteSession, event_id: Id, body: PenaltyCreate
) -> PenaltyOut:
    """Record an irregularity at a table (scored by the event's rule profile)."""
    row = scores.add_penalty(
        session, event_id=event_id, record=convert.penalty_record(body), who=director.name
    )
    return convert.penalty_out(row)


@router.post("/events/{event_id}/penalties/{penalty_id}/remove", tags=["results"], status_code=204)
def remove_penalty(
    director: Writer, session: WriteSession, event_id: Id, penalty_id: Id, body: Reason
) -> None:
    """Take back a penalty recorded by mistake."""
    scores.remove_penalty(
        session, event_id=event_id, penalty_id=penalty_id, who=director.name, reason=body.reason
    )


@router.get("/events/{event_id}/audit", tags=["results"])
def audit_log(director: Reader, session: ReadSession, event_id: Id) -> list[AuditOut]:
    """Every change to the event: who, when, old and new values, why."""
    rows = event_rows(session, event_id, list_audit)
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}
    return [convert.audit_out(row, names) for row in rows]
