"""Score submissions: a table submits, an opponent confirms with his own code or disputes it;
every entry is kept, and disputes are flagged for the director."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import TypedDict, Unpack, cast

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.orm import Session

from euchre.store.audit import AuditValue, insert_audit, table_target
from euchre.store.core import player_id
from euchre.store.errors import AuthError, ConflictError, NotFoundError
from euchre.store.models import (
    Result,
    Submission,
    SubmissionStatus,
    utc_now,
)
from euchre.store.scoring.penalties import check_table_score
from euchre.store.scoring.results import (
    ResultInput,
    build_result,
    table_seating,
    validated_result,
)
from euchre.store.scoring.table_lookup import TableContext, TablePlayer, open_table
from euchre.tournament import TableResult

__all__ = [
    "SubmissionEntry",
    "confirm_submission",
    "dispute_submission",
    "list_submissions",
    "submit_score",
    "table_submissions",
    "warm_up_statements",
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


@dataclass(frozen=True, slots=True)
class SubmissionEntry:
    """A score entered at a table, as a plain row (the fields of a ``Submission``): what a
    table's page shows and what a table's submission, confirmation or dispute answers."""

    id: int
    round_number: int
    table_number: int
    result: TableResult
    submitted_by: int
    submitted_at: datetime
    status: SubmissionStatus
    confirmed_by: int | None
    confirmed_at: datetime | None


_submissions_table = cast(Table, Submission.__table__)
_submissions = _submissions_table.c
_ENTRY_COLUMNS = (
    _submissions.id,
    _submissions.round_number,
    _submissions.table_number,
    _submissions.result,
    _submissions.submitted_by,
    _submissions.submitted_at,
    _submissions.status,
    _submissions.confirmed_by,
    _submissions.confirmed_at,
)
_TABLE_SUBMISSIONS = (
    select(*_ENTRY_COLUMNS)
    .where(
        _submissions.event_id == bindparam("event_id"),
        _submissions.round_number == bindparam("round_number"),
        _submissions.table_number == bindparam("table_number"),
    )
    .order_by(_submissions.id)
)
"""One table's submissions in plain columns (built once: building a statement cost as much
as running it)."""


def table_submissions(
    session: Session, *, event_id: int, round_number: int, table: int
) -> list[SubmissionEntry]:
    """Every submission of one table in its round, oldest first (plain rows)."""
    return [
        SubmissionEntry(*row)
        for row in session.connection().execute(
            _TABLE_SUBMISSIONS,
            {"event_id": event_id, "round_number": round_number, "table_number": table},
        )
    ]


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
    """Log what a player did at his table (the log names him and the table), written at
    once in plain columns."""
    insert_audit(
        session,
        event_id=table.event.id,
        who=f"player {player.number} ({player.name})",
        action=action,
        target=table_target(table.round.number, table.table_number),
        **values,
    )


def _table_official(session: Session, context: TableContext) -> TableResult | None:
    """The table's official result (read after the table's lock was taken)."""
    found: TableResult | None = session.connection().scalar(
        _OFFICIAL_RESULT,
        {
            "event_id": context.event.id,
            "round_number": context.round.number,
            "table_number": context.table_number,
        },
    )
    return found


_results_table = cast(Table, Result.__table__)
_results = _results_table.c
_OFFICIAL_RESULT = select(_results.result).where(
    _results.event_id == bindparam("event_id"),
    _results.round_number == bindparam("round_number"),
    _results.table_number == bindparam("table_number"),
)
"""One table's official result in plain columns (built once)."""
_INSERT_RESULT = insert(_results_table)
_INSERT_SUBMISSION = insert(_submissions_table).returning(_submissions.id)
_SET_STATUS = (
    update(_submissions_table)
    .where(_submissions.id == bindparam("submission_id"))
    .values(status=bindparam("new_status"))
)
_CONFIRM = (
    update(_submissions_table)
    .where(_submissions.id == bindparam("submission_id"))
    .values(
        status=SubmissionStatus.CONFIRMED,
        confirmed_by=bindparam("confirmer"),
        confirmed_at=bindparam("moment"),
    )
)
_LOCKED_SUBMISSION = (
    select(_submissions.event_id, *_ENTRY_COLUMNS)
    .where(_submissions.id == bindparam("submission_id"))
    .with_for_update()
)


def warm_up_statements(session: Session, *, write: bool) -> int:
    """Run a table's submission statements for no row (row number 0): compiled once and, on
    PostgreSQL, prepared on the session's connection (``store.warm_up``). ``write``: the
    locking read and the updates too. The inserts are not run (even a rolled-back insert
    takes a number from its sequence). The number of rows the statements matched (0)."""
    connection = session.connection()
    none = {"event_id": 0, "round_number": 0, "table_number": 0}
    matched = len(connection.execute(_TABLE_SUBMISSIONS, none).all())
    matched += len(connection.execute(_OFFICIAL_RESULT, none).all())
    if not write:
        return matched
    matched += len(connection.execute(_LOCKED_SUBMISSION, {"submission_id": 0}).all())
    matched += connection.execute(
        _SET_STATUS, {"submission_id": 0, "new_status": SubmissionStatus.DISPUTED}
    ).rowcount
    matched += connection.execute(
        _CONFIRM, {"submission_id": 0, "confirmer": 0, "moment": utc_now()}
    ).rowcount
    return matched


def _set_status(session: Session, submission_id: int, status: SubmissionStatus) -> None:
    session.connection().execute(
        _SET_STATUS, {"submission_id": submission_id, "new_status": status}
    )


def submit_score(
    session: Session,
    *,
    code: str,
    player_code: str,
    entered: ResultInput,
    round_number: int | None = None,
    seated: tuple[int, ...] | None = None,
) -> SubmissionEntry:
    """Keep a table's score, entered by one of its players. Resending the same score gives
    back the same submission. A different score from the same player before anyone confirmed
    replaces his own pending entry (the old one stays in the audit log, and the submission is
    kept as ``superseded``); a different score from another player is kept too, and both are
    flagged as disputed for the director.

    ``round_number``: the round the score was entered for; a score for a round that is over
    is refused (``table_lookup.RoundOverError``, naming it) and nothing is recorded. ``seated``:
    the table's players (first partnership first) as the page that entered it showed them;
    a score entered for a seating the director has since changed is refused too.

    Written in plain statements (no ORM object, no unit-of-work flush): the same rows and
    audit entries, in the same order, as the table's lock is held."""
    context = open_table(session, code=code, lock=True, scoring_round=round_number)
    _check_seated(context, seated)
    submitter = _player_by_code(context, player_code)
    _check_not_online(context)
    players = {entrant.number for side in context.partnerships for entrant in side}
    names = {
        player_id(entrant.number): entrant.name for side in context.partnerships for entrant in side
    }
    result = build_result(context.round, context.table_number, players, entered, names)
    check_table_score(session, context, result)
    payload = validated_result(
        context.event, result, table_seating(context.round, context.table_number), names
    )
    existing = [
        row
        for row in table_submissions(
            session,
            event_id=context.event.id,
            round_number=context.round.number,
            table=context.table_number,
        )
        if row.status != SubmissionStatus.SUPERSEDED
    ]
    for row in existing:
        if row.result == payload:
            return row
    kept = []
    for row in existing:
        if row.status == SubmissionStatus.PENDING and row.submitted_by == submitter.number:
            _set_status(session, row.id, SubmissionStatus.SUPERSEDED)
            _player_audit(
                session,
                context,
                submitter,
                "replace_score",
                old_value=row.result,
                new_value=payload,
                reason=f"re-entered before an opponent confirmed (replaces score {row.id})",
            )
        else:
            kept.append(row)
    submitted_at = utc_now()
    submission_id: int = (
        session.connection()
        .execute(
            _INSERT_SUBMISSION,
            {
                "event_id": context.event.id,
                "round_number": context.round.number,
                "table_number": context.table_number,
                "result": payload,
                "submitted_by": submitter.number,
                "submitted_at": submitted_at,
                "status": SubmissionStatus.PENDING,
            },
        )
        .scalar_one()
    )
    _player_audit(session, context, submitter, "submit_score", new_value=payload)
    official = _table_official(session, context)
    different = [row for row in kept if row.result != payload]
    status = SubmissionStatus.PENDING
    if different or (official is not None and official != payload):
        status = SubmissionStatus.DISPUTED
        _set_status(session, submission_id, status)
        for row in different:
            if row.status == SubmissionStatus.PENDING:
                _set_status(session, row.id, SubmissionStatus.DISPUTED)
    return SubmissionEntry(
        submission_id,
        context.round.number,
        context.table_number,
        payload,
        submitter.number,
        submitted_at,
        status,
        None,
        None,
    )


def _check_seated(context: TableContext, seated: tuple[int, ...] | None) -> None:
    """Refuse a score entered for another seating of the table than the one in play."""
    now = tuple(entrant.number for side in context.partnerships for entrant in side)
    if seated is None or seated == now:
        return
    first, second = (" & ".join(entrant.name for entrant in side) for side in context.partnerships)
    raise ConflictError(
        f"the seating of table {context.table_number} changed since this page was loaded "
        f"(now {first} against {second}): this score was not recorded; check the names "
        "and enter it again"
    )


def _check_not_online(context: TableContext) -> None:
    """A table played online is scored by the engine (docs/online.md), not from a phone."""
    assert context.plays_online is not None  # a write's lookup reads it
    if context.plays_online:
        raise ConflictError(
            f"table {context.table_number} plays online this round: the engine records its "
            "score when the game ends"
        )


def _table_submission(
    session: Session, context: TableContext, submission_id: int
) -> SubmissionEntry:
    """The table's submission ``submission_id``, its row locked until the transaction ends."""
    found = (
        session.connection().execute(_LOCKED_SUBMISSION, {"submission_id": submission_id}).first()
    )
    if (
        found is None
        or found.event_id != context.event.id
        or found.table_number != context.table_number
    ):
        raise NotFoundError(f"table {context.table_number} has no score submission {submission_id}")
    if found.round_number != context.round.number:
        raise ConflictError(
            f"score {submission_id} was entered in round {found.round_number}, which is over "
            f"(round {context.round.number} is in play now): nothing was changed"
        )
    _, *entry = found
    return SubmissionEntry(*entry)


def _opponent(context: TableContext, submission: SubmissionEntry, player_code: str) -> TablePlayer:
    player = _player_by_code(context, player_code)
    if not context.partnerships[1]:
        # A table of three: each plays for himself, so any other player confirms.
        if player.number == submission.submitted_by:
            raise ConflictError(
                "the score must be confirmed by another player of the table: use the code "
                "of one of the other two players"
            )
        return player
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
) -> SubmissionEntry:
    """An opponent confirms a submitted score with his own code: it becomes the table's
    official result (committed before this returns). Written in plain statements, in the
    order the ORM wrote them: the submission's update, the result's insert, then the audit
    entry. The event's row is not touched: the new result is what makes cached snapshots
    stale (``core.snapshot_of``), so confirmations at different tables do not queue for one
    row lock and their commits are flushed to disk together."""
    context = open_table(session, code=code, lock=True)
    submission = _table_submission(session, context, submission_id)
    confirmer = _opponent(context, submission, player_code)
    if submission.status in (SubmissionStatus.CONFIRMED, SubmissionStatus.ACCEPTED):
        return submission
    if submission.status != SubmissionStatus.PENDING:
        raise ConflictError(
            f"score {submission_id} is {submission.status}; the director will settle it"
        )
    official = _table_official(session, context)
    if official is not None and official != submission.result:
        _set_status(session, submission.id, SubmissionStatus.DISPUTED)
        raise ConflictError(
            f"table {context.table_number} already has a different official score; "
            "both are flagged for the director"
        )
    moment = utc_now()
    connection = session.connection()
    connection.execute(
        _CONFIRM, {"submission_id": submission.id, "confirmer": confirmer.number, "moment": moment}
    )
    if official is None:
        connection.execute(
            _INSERT_RESULT,
            {
                "event_id": context.event.id,
                "round_number": context.round.number,
                "table_number": context.table_number,
                "result": submission.result,
                "submission_id": submission.id,
            },
        )
    _player_audit(session, context, confirmer, "confirm_score", new_value=submission.result)
    return replace(
        submission,
        status=SubmissionStatus.CONFIRMED,
        confirmed_by=confirmer.number,
        confirmed_at=moment,
    )


def dispute_submission(
    session: Session, *, code: str, submission_id: int, player_code: str
) -> SubmissionEntry:
    """An opponent says a submitted score is wrong: it is flagged for the director."""
    context = open_table(session, code=code, lock=True)
    submission = _table_submission(session, context, submission_id)
    opponent = _opponent(context, submission, player_code)
    if submission.status in (SubmissionStatus.CONFIRMED, SubmissionStatus.ACCEPTED):
        raise ConflictError(
            f"score {submission_id} is already confirmed; ask the director for a correction"
        )
    if submission.status == SubmissionStatus.SUPERSEDED:
        # A replaced score stays in the record; disputing it must not bring it back as a
        # live entry beside its replacement.
        raise ConflictError(
            f"score {submission_id} was replaced by its player's later entry; "
            "dispute the score that stands"
        )
    _set_status(session, submission.id, SubmissionStatus.DISPUTED)
    _player_audit(session, context, opponent, "dispute_score", old_value=submission.result)
    return replace(submission, status=SubmissionStatus.DISPUTED)


def list_submissions(
    session: Session, *, event_id: int, round_number: int | None = None
) -> list[Submission]:
    """Every submission of an event (or of one round), oldest first."""
    query = select(Submission).where(Submission.event_id == event_id)
    if round_number is not None:
        query = query.where(Submission.round_number == round_number)
    return list(session.scalars(query.order_by(Submission.id)))
