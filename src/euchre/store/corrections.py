"""The director settles a table: accepts a submitted score or enters/corrects the result
(through the audit log, with the movements the change altered)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store.audit import record_audit, table_target
from euchre.store.core import compute, event_inputs
from euchre.store.errors import ConflictError, NotFoundError, StoreError
from euchre.store.events import get_event, touch
from euchre.store.models import Result, Submission, SubmissionStatus, utc_now
from euchre.store.penalties import check_ruled_hands_zero, ruled_hands
from euchre.store.results import (
    ResultInput,
    _build_result,
    _check_table,
    _merged,
    _seat_names,
    _seating,
    _validated,
    official_result,
)
from euchre.tournament import (
    MovementChange,
    TableResult,
)

__all__ = ["accept_submission", "correct_result"]


def _set_official(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table: int,
    payload: TableResult,
    submission_id: int | None,
    who: str,
    action: str,
    reason: str,
) -> tuple[Result, tuple[MovementChange, ...]]:
    event = get_event(session, event_id=event_id, for_update=True)
    before = compute(event_inputs(session, event))
    official = official_result(session, event_id=event_id, round_number=round_number, table=table)
    old = None if official is None else official.result
    if official is None:
        official = Result(
            event_id=event_id, round_number=round_number, table_number=table, result=payload
        )
        session.add(official)
    official.result = payload
    official.submission_id = submission_id
    official.recorded_at = utc_now()
    for row in session.scalars(
        select(Submission).where(
            Submission.event_id == event_id,
            Submission.round_number == round_number,
            Submission.table_number == table,
            Submission.status.in_((SubmissionStatus.PENDING, SubmissionStatus.DISPUTED)),
        )
    ):
        if row.id != submission_id:
            row.status = SubmissionStatus.SUPERSEDED
    touch(event)
    session.flush()
    after = compute(event_inputs(session, event), previous=before)
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action=action,
        target=table_target(round_number, table),
        old_value=old,
        new_value=payload,
        reason=reason,
    )
    return official, after.movement_changes


def accept_submission(
    session: Session, *, event_id: int, submission_id: int, who: str, reason: str = ""
) -> tuple[Result, tuple[MovementChange, ...]]:
    """The director settles a table: this submission becomes its official result."""
    submission = session.get(Submission, submission_id)
    if submission is None or submission.event_id != event_id:
        raise NotFoundError(f"event {event_id} has no score submission {submission_id}")
    _check_table(session, event_id, submission.round_number, submission.table_number)
    submission.status = SubmissionStatus.ACCEPTED
    return _set_official(
        session,
        event_id=event_id,
        round_number=submission.round_number,
        table=submission.table_number,
        payload=submission.result,
        submission_id=submission.id,
        who=who,
        action="accept_submission",
        reason=reason,
    )


def correct_result(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table: int,
    entered: ResultInput,
    who: str,
    reason: str,
) -> tuple[Result, tuple[MovementChange, ...]]:
    """The director enters or corrects a table's result (a reason is required to change one
    already recorded). A correction changes only the fields ``entered.given`` names; the
    others keep their recorded values. The audit log says what changed, field by field.
    Returns the result and the later movements the change altered."""
    round_row = _check_table(session, event_id, round_number, table)
    seating = _seating(round_row, table)
    players = {int(player) for player in seating.players}
    official = official_result(session, event_id=event_id, round_number=round_number, table=table)
    current = None if official is None else official.result
    names = _seat_names(session, event_id, seating)
    result = _build_result(round_row, table, players, _merged(current, entered), names)
    if result.hand_points:
        check_ruled_hands_zero(
            result,
            ruled_hands(session, event_id=event_id, round_number=round_number, table=table),
            lambda number, kind: (
                f"hand {number} has a penalty ({kind}) that ends the hand: enter it as 0-0, "
                "the penalty holds its points"
            ),
        )
    payload = _validated(
        get_event(session, event_id=event_id),
        result,
        seating,
        names,
    )
    if official is not None and not reason.strip():
        raise StoreError("say why the recorded result is being corrected (reason is empty)")
    if official is not None and official.result == payload:
        raise ConflictError(
            f"round {round_number} table {table}: nothing changed; the recorded result is "
            "already this"
        )
    return _set_official(
        session,
        event_id=event_id,
        round_number=round_number,
        table=table,
        payload=payload,
        submission_id=None,
        who=who,
        action="correct_result",
        reason=reason,
    )
