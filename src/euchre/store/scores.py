"""Scores: a table submits, an opponent confirms with his own code; disputes are kept and
flagged for the director; corrections and penalties go through the audit log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store.audit import record_audit
from euchre.store.core import compute, event_config, event_inputs, player_id
from euchre.store.errors import AuthError, ConflictError, NotFoundError, StoreError
from euchre.store.events import get_event, list_entrants, touch
from euchre.store.models import Entrant, Penalty, Result, Round, Submission, utc_now
from euchre.store.rounds import TableContext, get_round, open_table
from euchre.tournament import MovementChange, PenaltyRecord, TableResult, TableSeating
from euchre.tournament.validation import validate_result

__all__ = [
    "ResultInput",
    "TableStatus",
    "accept_submission",
    "add_penalty",
    "confirm_submission",
    "correct_result",
    "dispute_submission",
    "list_penalties",
    "list_submissions",
    "official_result",
    "remove_penalty",
    "submit_score",
    "table_statuses",
    "table_submissions",
]


@dataclass(frozen=True)
class ResultInput:
    """A table's score as entered: totals, or hand by hand (totals are then their sums).
    Per-player counts are keyed by player number."""

    team_points: tuple[int, int] | None = None
    hand_points: tuple[tuple[int, int], ...] = ()
    lone_hands: dict[int, int] = field(default_factory=dict)
    euchres: dict[int, int] = field(default_factory=dict)
    player_points: dict[int, int] = field(default_factory=dict)
    first_to_tying_score: int | None = None


def _build_result(
    context_round: Round, table_number: int, players: set[int], entered: ResultInput
) -> TableResult:
    if entered.hand_points:
        sums = (
            sum(hand[0] for hand in entered.hand_points),
            sum(hand[1] for hand in entered.hand_points),
        )
        if entered.team_points is not None and tuple(entered.team_points) != sums:
            raise StoreError(
                f"totals {list(entered.team_points)} do not match the hands, which add up to "
                f"{list(sums)}"
            )
        totals = sums
    elif entered.team_points is not None:
        totals = (entered.team_points[0], entered.team_points[1])
    else:
        raise StoreError("enter either the two team totals or the hands")
    for label, counts in (
        ("lone_hands", entered.lone_hands),
        ("euchres", entered.euchres),
        ("player_points", entered.player_points),
    ):
        for number, count in counts.items():
            if number not in players:
                raise StoreError(f"{label}: player {number} does not play at table {table_number}")
            if count < 0:
                raise StoreError(f"{label}: player {number} has a negative count {count}")
    if entered.first_to_tying_score not in (None, 0, 1):
        raise StoreError(f"first_to_tying_score must be 0 or 1, got {entered.first_to_tying_score}")
    return TableResult(
        round=context_round.number,
        table=table_number,
        team_points=totals,
        hand_points=tuple((int(ours), int(theirs)) for ours, theirs in entered.hand_points),
        player_points={
            player_id(number): count for number, count in entered.player_points.items() if count
        },
        lone_hands={
            player_id(number): count for number, count in entered.lone_hands.items() if count
        },
        euchres={player_id(number): count for number, count in entered.euchres.items() if count},
        hands_played=len(entered.hand_points) or None,
        first_to_tying_score=entered.first_to_tying_score,
        stage=str(context_round.plan.get("stage", "main")),
    )


def _validated(
    session: Session, event_id: int, result: TableResult, seating: dict[str, Any]
) -> dict[str, Any]:
    event = get_event(session, event_id=event_id)
    validate_result(event_config(event), result, TableSeating.from_json(seating))
    return result.to_json()


def _seating(round_row: Round, table: int) -> dict[str, Any]:
    for entry in round_row.plan["tables"]:
        if int(entry["table"]) == table:
            return dict(entry)
    raise NotFoundError(f"round {round_row.number} has no table {table}")


def _player_by_code(context: TableContext, player_code: str) -> Entrant:
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
    return _table_submissions(session, context)


def _table_submissions(session: Session, context: TableContext) -> list[Submission]:
    return list(
        session.scalars(
            select(Submission)
            .where(
                Submission.event_id == context.event.id,
                Submission.round_number == context.round.number,
                Submission.table_number == context.table_number,
            )
            .order_by(Submission.id)
        )
    )


def official_result(
    session: Session, *, event_id: int, round_number: int, table: int
) -> Result | None:
    """The official result of one table, if recorded."""
    return _official(session, event_id, round_number, table)


def _official(session: Session, event_id: int, round_number: int, table: int) -> Result | None:
    return session.scalar(
        select(Result).where(
            Result.event_id == event_id,
            Result.round_number == round_number,
            Result.table_number == table,
        )
    )


def submit_score(
    session: Session, *, code: str, player_code: str, entered: ResultInput
) -> Submission:
    """Keep a table's score, entered by one of its players. Resending the same score gives
    back the same submission; a different score for the same table is kept too, and both are
    flagged as disputed for the director."""
    context = open_table(session, code=code, lock=True)
    submitter = _player_by_code(context, player_code)
    players = {entrant.number for side in context.partnerships for entrant in side}
    result = _build_result(context.round, context.table_number, players, entered)
    payload = _validated(
        session, context.event.id, result, _seating(context.round, context.table_number)
    )
    existing = [row for row in _table_submissions(session, context) if row.status != "superseded"]
    for row in existing:
        if row.result == payload:
            return row
    submission = Submission(
        event_id=context.event.id,
        round_number=context.round.number,
        table_number=context.table_number,
        result=payload,
        submitted_by=submitter.number,
        status="pending",
    )
    session.add(submission)
    session.flush()
    record_audit(
        session,
        event_id=context.event.id,
        who=f"player {submitter.number} ({submitter.name})",
        action="submit_score",
        target=f"round {context.round.number} table {context.table_number}",
        new_value=payload,
    )
    official = _official(session, context.event.id, context.round.number, context.table_number)
    different = [row for row in existing if row.result != payload]
    if different or (official is not None and official.result != payload):
        submission.status = "disputed"
        for row in different:
            if row.status == "pending":
                row.status = "disputed"
    session.flush()
    return submission


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


def _opponent(context: TableContext, submission: Submission, player_code: str) -> Entrant:
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
    official = _official(session, context.event.id, context.round.number, context.table_number)
    if official is not None and official.result != submission.result:
        submission.status = "disputed"
        session.flush()
        raise ConflictError(
            f"table {context.table_number} already has a different official score; "
            "both are flagged for the director"
        )
    submission.status = "confirmed"
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
    event = get_event(session, event_id=context.event.id, for_update=True)
    touch(event)
    record_audit(
        session,
        event_id=context.event.id,
        who=f"player {confirmer.number} ({confirmer.name})",
        action="confirm_score",
        target=f"round {context.round.number} table {context.table_number}",
        new_value=submission.result,
    )
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
    submission.status = "disputed"
    record_audit(
        session,
        event_id=context.event.id,
        who=f"player {opponent.number} ({opponent.name})",
        action="dispute_score",
        target=f"round {context.round.number} table {context.table_number}",
        old_value=submission.result,
    )
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


def _check_table(session: Session, event_id: int, round_number: int, table: int) -> Round:
    round_row = get_round(session, event_id=event_id, number=round_number)
    tables = {int(entry["table"]) for entry in round_row.plan["tables"]}
    if table not in tables:
        raise NotFoundError(f"round {round_number} has no table {table}")
    return round_row


def _set_official(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table: int,
    payload: dict[str, Any],
    submission_id: int | None,
    who: str,
    action: str,
    reason: str,
) -> tuple[Result, tuple[MovementChange, ...]]:
    event = get_event(session, event_id=event_id, for_update=True)
    before = compute(event_inputs(session, event))
    official = _official(session, event_id, round_number, table)
    old = None if official is None else dict(official.result)
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
            Submission.status.in_(("pending", "disputed")),
        )
    ):
        if row.id != submission_id:
            row.status = "superseded"
    touch(event)
    session.flush()
    after = compute(event_inputs(session, event), previous=before)
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action=action,
        target=f"round {round_number} table {table}",
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
    submission.status = "accepted"
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
    already recorded). Returns the result and the later movements the change altered."""
    round_row = _check_table(session, event_id, round_number, table)
    seating = next(entry for entry in round_row.plan["tables"] if int(entry["table"]) == table)
    players = {int(player) for side in seating["partnerships"] for player in side}
    result = _build_result(round_row, table, players, entered)
    payload = _validated(session, event_id, result, seating)
    if _official(session, event_id, round_number, table) is not None and not reason.strip():
        raise StoreError("say why the recorded result is being corrected (reason is empty)")
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


def add_penalty(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table: int,
    kind: str,
    offender_number: int,
    hand_number: int | None = None,
    proven: bool | None = None,
    lone_hand: bool = False,
    warned: bool | None = None,
    choice: str | None = None,
    note: str = "",
    who: str,
) -> Penalty:
    """Record an irregularity at a table; the core scores it by the event's rule profile."""
    round_row = _check_table(session, event_id, round_number, table)
    seating = next(entry for entry in round_row.plan["tables"] if int(entry["table"]) == table)
    if player_id(offender_number) not in {
        player for side in seating["partnerships"] for player in side
    }:
        raise StoreError(
            f"player {offender_number} does not play at round {round_number} table {table}"
        )
    event = get_event(session, event_id=event_id, for_update=True)
    record = PenaltyRecord(
        round=round_number,
        table=table,
        kind=kind,
        offender_id=player_id(offender_number),
        hand_number=hand_number,
        proven=proven,
        lone_hand=lone_hand,
        warned=warned,
        choice=choice,
        note=note,
    )
    penalty = Penalty(
        event_id=event_id, round_number=round_number, table_number=table, record=record.to_json()
    )
    session.add(penalty)
    touch(event)
    session.flush()
    compute(event_inputs(session, event))
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="add_penalty",
        target=f"round {round_number} table {table}",
        new_value=record.to_json(),
        reason=note,
    )
    return penalty


def remove_penalty(
    session: Session, *, event_id: int, penalty_id: int, who: str, reason: str
) -> None:
    """Take back a penalty recorded by mistake (kept in the audit log)."""
    event = get_event(session, event_id=event_id, for_update=True)
    penalty = session.get(Penalty, penalty_id)
    if penalty is None or penalty.event_id != event_id:
        raise NotFoundError(f"event {event_id} has no penalty {penalty_id}")
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="remove_penalty",
        target=f"round {penalty.round_number} table {penalty.table_number}",
        old_value=penalty.record,
        reason=reason,
    )
    session.delete(penalty)
    touch(event)


def list_penalties(session: Session, *, event_id: int) -> list[Penalty]:
    """Every penalty of an event, in the order recorded."""
    query = select(Penalty).where(Penalty.event_id == event_id).order_by(Penalty.id)
    return list(session.scalars(query))


@dataclass(frozen=True)
class TableStatus:
    """Where one table of a round stands, for the director's screen."""

    table: int
    code: str
    partnerships: tuple[tuple[str, ...], tuple[str, ...]]
    team_points: tuple[int, int] | None
    pending: int
    disputed: int

    @property
    def state(self) -> str:
        """``disputed``, ``reported`` (official result in), ``awaiting confirmation`` or
        ``playing``."""
        if self.disputed:
            return "disputed"
        if self.team_points is not None:
            return "reported"
        if self.pending:
            return "awaiting confirmation"
        return "playing"


def table_statuses(session: Session, *, event_id: int, round_number: int) -> list[TableStatus]:
    """Every table of a started round: its players, code, result and open submissions."""
    from euchre.store.rounds import table_codes

    round_row = get_round(session, event_id=event_id, number=round_number)
    names = {
        player_id(entrant.number): entrant.name
        for entrant in list_entrants(session, event_id=event_id)
    }
    codes = table_codes(session, event_id=event_id, round_number=round_number)
    submissions = list_submissions(session, event_id=event_id, round_number=round_number)
    officials = {
        row.table_number: row
        for row in session.scalars(
            select(Result).where(Result.event_id == event_id, Result.round_number == round_number)
        )
    }
    statuses = []
    for entry in round_row.plan["tables"]:
        table = int(entry["table"])
        official = officials.get(table)
        first, second = entry["partnerships"]
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
                else (official.result["team_points"][0], official.result["team_points"][1]),
                pending=sum(1 for row in mine if row.status == "pending"),
                disputed=sum(1 for row in mine if row.status == "disputed"),
            )
        )
    return statuses
