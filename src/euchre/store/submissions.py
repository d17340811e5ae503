"""Score submissions: a table submits, an opponent confirms with his own code or disputes it;
every entry is kept, and disputes are flagged for the director."""

from __future__ import annotations

from typing import TypedDict, Unpack

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from euchre.store.audit import AuditValue, record_audit, table_target
from euchre.store.core import player_id
from euchre.store.errors import AuthError, ConflictError, NotFoundError
from euchre.store.models import (
    OnlineTable,
    Result,
    Submission,
    SubmissionStatus,
    utc_now,
)
from euchre.store.penalties import _check_ruled_hands
from euchre.store.results import (
    ResultInput,
    _build_result,
    _bump_revision,
    _seating,
    _validated,
    official_result,
)
from euchre.store.rounds import TableContext, TablePlayer, open_table

__all__ = [
    "confirm_submission",
    "dispute_submission",
    "list_submissions",
    "submit_score",
    "table_submissions",
]


def _player_by_code(context: TableContext, player_code: str) -> TablePlayer:
    cleaned = player_code.strip()
    for members in context.partnerships:
        for entrant in members:
            if entrant.code == cleaned:
                return entrant
    raise AuthError(
        f"{cleaned!r} is not the code of a player at table {context.table_number}; "
        "use the code printed on your own scorecard"
    )


def table_submissions(session: Session, *, context: TableContext) -> list[Submission]:
    """Every submission of one table in its round, oldest first."""
    return list(
        session.scalars(
            _TABLE_SUBMISSIONS,
            {
                "event_id": context.event.id,
                "round_number": context.round.number,
                "table_number": context.table_number,
            },
        )
    )


_TABLE_SUBMISSIONS = (
    select(Submission)
    .where(
        Submission.event_id == bindparam("event_id"),
        Submission.round_number == bindparam("round_number"),
        Submission.table_number == bindparam("table_number"),
    )
    .order_by(Submission.id)
)
"""One table's submissions (built once: building a statement cost as much as running it)."""


class _Values(TypedDict, total=False):
    old_value: AuditValue
    new_value: AuditValue
    reason: str


def _player_audit(
    session: Session,
    table: TableContext,
    player: TablePlayer,
    action: str,
    **values: Unpack[_Values],
) -> None:
    """Log what a player did at his table (the log names him and the table)."""
    record_audit(
        session,
        event_id=table.event.id,
        who=f"player {player.number} ({player.name})",
        action=action,
        target=table_target(table.round.number, table.table_number),
        **values,
    )


def _table_official(session: Session, context: TableContext) -> Result | None:
    return official_result(
        session,
        event_id=context.event.id,
        round_number=context.round.number,
        table=context.table_number,
    )


def submit_score(
    session: Session, *, code: str, player_code: str, entered: ResultInput
) -> Submission:
    """Keep a table's score, entered by one of its players. Resending the same score gives
    back the same submission. A different score from the same player before anyone confirmed
    replaces his own pending entry (the old one stays in the audit log, and the submission is
    kept as ``superseded``); a different score from another player is kept too, and both are
    flagged as disputed for the director."""
    context = open_table(session, code=code, lock=True)
    submitter = _player_by_code(context, player_code)
    _check_not_online(session, context)
    players = {entrant.number for side in context.partnerships for entrant in side}
    result = _build_result(context.round, context.table_number, players, entered)
    _check_ruled_hands(session, context, result)
    names = {
        player_id(entrant.number): entrant.name for side in context.partnerships for entrant in side
    }
    payload = _validated(
        context.event, result, _seating(context.round, context.table_number), names
    )
    existing = [
        row for row in table_submissions(session, context=context) if row.status != "superseded"
    ]
    for row in existing:
        if row.result == payload:
            return row
    for row in existing:
        if row.status == "pending" and row.submitted_by == submitter.number:
            row.status = SubmissionStatus.SUPERSEDED
            _player_audit(
                session,
                context,
                submitter,
                "replace_score",
                old_value=row.result,
                new_value=payload,
                reason=f"re-entered before an opponent confirmed (replaces score {row.id})",
            )
    existing = [row for row in existing if row.status != "superseded"]
    submission = Submission(
        event_id=context.event.id,
        round_number=context.round.number,
        table_number=context.table_number,
        result=payload,
        submitted_by=submitter.number,
        status=SubmissionStatus.PENDING,
    )
    session.add(submission)
    session.flush()
    _player_audit(session, context, submitter, "submit_score", new_value=payload)
    official = _table_official(session, context)
    different = [row for row in existing if row.result != payload]
    if different or (official is not None and official.result != payload):
        submission.status = SubmissionStatus.DISPUTED
        for row in different:
            if row.status == "pending":
                row.status = SubmissionStatus.DISPUTED
    session.flush()
    return submission


_ONLINE_TABLE = select(OnlineTable.id).where(
    OnlineTable.event_id == bindparam("event_id"),
    OnlineTable.round_number == bindparam("round_number"),
    OnlineTable.table_number == bindparam("table_number"),
)
"""Whether a table plays online this round (built once)."""


def _check_not_online(session: Session, context: TableContext) -> None:
    """A table played online is scored by the engine (docs/online.md), not from a phone."""
    online = session.scalar(
        _ONLINE_TABLE,
        {
            "event_id": context.event.id,
            "round_number": context.round.number,
            "table_number": context.table_number,
        },
    )
    if online is not None:
        raise ConflictError(
            f"table {context.table_number} plays online this round: the engine records its "
            "score when the game ends"
        )


def _table_submission(session: Session, context: TableContext, submission_id: int) -> Submission:
    submission = session.get(Submission, submission_id, with_for_update=True)
    if (
        submission is None
        or submission.event_id != context.event.id
        or submission.round_number != context.round.number
        or submission.table_number != context.table_number
    ):
        raise NotFoundError(f"table {context.table_number} has no score submission {submission_id}")
    return submission


def _opponent(context: TableContext, submission: Submission, player_code: str) -> TablePlayer:
    player = _player_by_code(context, player_code)
    submitter_side = next(
        side
        for side, members in enumerate(context.partnerships)
        if any(member.number == submission.submitted_by for member in members)
    )
    if context.side_of(player) == submitter_side:
        raise ConflictError(
            "the score must be confirmed by an opponent: use a code of a player on the other "
            "partnership"
        )
    return player


def confirm_submission(
    session: Session, *, code: str, submission_id: int, player_code: str
) -> Submission:
    """An opponent confirms a submitted score with his own code: it becomes the table's
    official result (committed before this returns)."""
    context = open_table(session, code=code, lock=True)
    submission = _table_submission(session, context, submission_id)
    confirmer = _opponent(context, submission, player_code)
    if submission.status in ("confirmed", "accepted"):
        return submission
    if submission.status != "pending":
        raise ConflictError(
            f"score {submission_id} is {submission.status}; the director will settle it"
        )
    official = _table_official(session, context)
    if official is not None and official.result != submission.result:
        submission.status = SubmissionStatus.DISPUTED
        session.flush()
        raise ConflictError(
            f"table {context.table_number} already has a different official score; "
            "both are flagged for the director"
        )
    submission.status = SubmissionStatus.CONFIRMED
    submission.confirmed_by = confirmer.number
    submission.confirmed_at = utc_now()
    if official is None:
        session.add(
            Result(
                event_id=context.event.id,
                round_number=context.round.number,
                table_number=context.table_number,
                result=submission.result,
                submission_id=submission.id,
            )
        )
    _bump_revision(session, context.event)
    _player_audit(session, context, confirmer, "confirm_score", new_value=submission.result)
    session.flush()
    return submission


def dispute_submission(
    session: Session, *, code: str, submission_id: int, player_code: str
) -> Submission:
    """An opponent says a submitted score is wrong: it is flagged for the director."""
    context = open_table(session, code=code, lock=True)
    submission = _table_submission(session, context, submission_id)
    opponent = _opponent(context, submission, player_code)
    if submission.status in ("confirmed", "accepted"):
        raise ConflictError(
            f"score {submission_id} is already confirmed; ask the director for a correction"
        )
    if submission.status == "superseded":
        # A replaced score stays in the record; disputing it must not bring it back as a
        # live entry beside its replacement.
        raise ConflictError(
            f"score {submission_id} was replaced by its player's later entry; "
            "dispute the score that stands"
        )
    submission.status = SubmissionStatus.DISPUTED
    _player_audit(session, context, opponent, "dispute_score", old_value=submission.result)
    session.flush()
    return submission


def list_submissions(
    session: Session, *, event_id: int, round_number: int | None = None
) -> list[Submission]:
    """Every submission of an event (or of one round), oldest first."""
    query = select(Submission).where(Submission.event_id == event_id)
    if round_number is not None:
        query = query.where(Submission.round_number == round_number)
    return list(session.scalars(query.order_by(Submission.id)))
