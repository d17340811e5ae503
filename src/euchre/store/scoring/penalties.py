"""Penalties the director records at a table (scored by the event's rule profile), and the
hands they rule on (a ruled hand's points are the ruling's)."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from euchre.engine.profile import load_profile
from euchre.store.audit import record_audit, table_target
from euchre.store.core import compute, event_config, event_inputs, player_id
from euchre.store.errors import ConflictError, NotFoundError
from euchre.store.models import (
    Event,
    Penalty,
    Round,
    Submission,
    SubmissionStatus,
)
from euchre.store.night.events import get_event, list_entrants, touch
from euchre.store.night.rounds import get_round
from euchre.store.scoring.results import check_table, official_result, table_seating
from euchre.store.scoring.table_lookup import RoundTimes, TableContext, TableEvent
from euchre.tournament import (
    PenaltyKind,
    PenaltyRecord,
    TableResult,
)
from euchre.tournament.operations import check_penalty
from euchre.tournament.penalties import (
    RuledHand,
    check_ruled_hands,
    ruled_hands_of,
)

__all__ = [
    "add_penalty",
    "answer_in_totals",
    "check_table_score",
    "escalate_warning",
    "list_penalties",
    "name_ruled_hand",
    "remove_penalty",
    "ruled_hands",
    "table_penalties",
    "table_ruled_hands",
    "table_scores",
]


def ruled_hands(
    session: Session, *, event_id: int, round_number: int, table: int
) -> dict[int, str]:
    """Hands of one table the director ruled on with a ruling that ends the hand: hand number
    -> the irregularity (these hands are written 0-0; the penalty holds their points)."""
    event = get_event(session, event_id=event_id)
    round_row = get_round(session, event_id=event_id, number=round_number)
    return {
        hand.number: hand.kind
        for hand in table_ruled_hands(session, event, round_row, table)
        if hand.number is not None and hand.ends_the_hand
    }


def table_ruled_hands(
    session: Session, event: Event | TableEvent, round_row: Round | RoundTimes, table: int
) -> tuple[RuledHand, ...]:
    """The table's rulings that name or end a hand (see
    :func:`euchre.tournament.penalties.ruled_hands_of`), read in plain columns."""
    seating = table_seating(round_row, table)
    records = table_penalties(
        session, event_id=event.id, round_number=round_row.number, table=table
    )
    return ruled_hands_of(load_profile(event.config.profile_id), seating, records)


def table_penalties(
    session: Session, *, event_id: int, round_number: int, table: int
) -> list[PenaltyRecord]:
    """One table's penalty records, in the order recorded (read in plain columns)."""
    rows = session.connection().execute(
        _TABLE_PENALTIES,
        {"event_id": event_id, "round_number": round_number, "table_number": table},
    )
    return [record for (record,) in rows]


_penalties = Penalty.__table__.c
_TABLE_PENALTIES = (
    select(_penalties.record)
    .where(
        _penalties.event_id == bindparam("event_id"),
        _penalties.round_number == bindparam("round_number"),
        _penalties.table_number == bindparam("table_number"),
    )
    .order_by(_penalties.id)
)
"""One table's penalty records in plain columns (built once: a score checks them)."""


def check_table_score(session: Session, context: TableContext, result: TableResult) -> None:
    """A score typed at a table, checked against its rulings by the one rule
    (:func:`euchre.tournament.penalties.check_ruled_hands`): a ruled hand's points are the
    ruling's. The table's penalties are read only when its lookup found one."""
    assert context.has_penalties is not None  # a write's lookup reads it
    ruled: tuple[RuledHand, ...] = ()
    if context.has_penalties:
        ruled = table_ruled_hands(session, context.event, context.round, context.table_number)
    check_ruled_hands(load_profile(context.event.config.profile_id), result, ruled)


def add_penalty(session: Session, *, event_id: int, record: PenaltyRecord, who: str) -> Penalty:
    """Record an irregularity at a table (``record``: as the director entered it, through the
    API or the dashboard's form); the core scores it by the event's rule profile."""
    round_number, table = record.round, record.table
    round_row = check_table(session, event_id, round_number, table)
    seating = table_seating(round_row, table)
    event = get_event(session, event_id=event_id, for_update=True)
    names = {
        player_id(entrant.number): entrant.name
        for entrant in list_entrants(session, event_id=event_id)
    }
    check_penalty(
        event_config(event),
        record,
        seating,
        names,
        table_scores(session, event_id=event_id, round_number=round_number, table=table),
        table_penalties(session, event_id=event_id, round_number=round_number, table=table),
    )
    penalty = Penalty(
        event_id=event_id, round_number=round_number, table_number=table, record=record
    )
    session.add(penalty)
    _rescore(session, event)
    _audit(
        session, penalty, who=who, action="add_penalty", old=None, new=record, reason=record.note
    )
    return penalty


def _rescore(session: Session, event: Event) -> None:
    """The event rescored after a penalty is added or changed (an impossible ruling raises
    and rolls the change back)."""
    touch(event)
    session.flush()
    compute(event_inputs(session, event))


def _audit(
    session: Session,
    penalty: Penalty,
    *,
    who: str,
    action: str,
    old: PenaltyRecord | None,
    new: PenaltyRecord | None,
    reason: str,
) -> None:
    record_audit(
        session,
        event_id=penalty.event_id,
        who=who,
        action=action,
        target=table_target(penalty.round_number, penalty.table_number),
        old_value=old,
        new_value=new,
        reason=reason,
    )


def _change_record(
    session: Session,
    event: Event,
    penalty: Penalty,
    new: PenaltyRecord,
    *,
    who: str,
    action: str,
    reason: str,
) -> Penalty:
    """Give ``penalty`` its ``new`` record, rescore the event (an impossible ruling raises
    and rolls the change back) and audit the change as ``action``."""
    old = penalty.record
    penalty.record = new
    _rescore(session, event)
    _audit(session, penalty, who=who, action=action, old=old, new=new, reason=reason)
    return penalty


def _event_penalty(session: Session, event_id: int, penalty_id: int) -> Penalty:
    penalty = session.get(Penalty, penalty_id)
    if penalty is None or penalty.event_id != event_id:
        raise NotFoundError(f"event {event_id} has no penalty {penalty_id}")
    return penalty


def table_scores(
    session: Session, *, event_id: int, round_number: int, table: int
) -> list[TableResult]:
    """One table's scores a new ruling is checked against: its result on record and the
    scores awaiting the director (pending or disputed)."""
    official = official_result(session, event_id=event_id, round_number=round_number, table=table)
    scores = [] if official is None else [official.result]
    scores += session.scalars(
        select(Submission.result).where(
            Submission.event_id == event_id,
            Submission.round_number == round_number,
            Submission.table_number == table,
            Submission.status.in_((SubmissionStatus.PENDING, SubmissionStatus.DISPUTED)),
        )
    )
    return scores


def remove_penalty(
    session: Session, *, event_id: int, penalty_id: int, who: str, reason: str
) -> None:
    """Take back a penalty recorded by mistake (kept in the audit log)."""
    event = get_event(session, event_id=event_id, for_update=True)
    penalty = _event_penalty(session, event_id, penalty_id)
    _audit(
        session,
        penalty,
        who=who,
        action="remove_penalty",
        old=penalty.record,
        new=None,
        reason=reason,
    )
    session.delete(penalty)
    touch(event)


def escalate_warning(
    session: Session, *, event_id: int, penalty_id: int, who: str, reason: str
) -> Penalty:
    """Turn a table-talk warning into the penalty (the sheet's "for subsequent offenses"
    ruling), for example when the director judges the offence serious enough."""
    event = get_event(session, event_id=event_id, for_update=True)
    penalty = _event_penalty(session, event_id, penalty_id)
    record = penalty.record
    if record.kind != PenaltyKind.TABLE_TALK:
        raise ConflictError(
            f"penalty {penalty_id} is {record.kind.replace('_', ' ')}; only a table-talk "
            "warning can be turned into the penalty"
        )
    if record.warned:
        raise ConflictError(f"penalty {penalty_id} is already the penalty, not a warning")
    return _change_record(
        session,
        event,
        penalty,
        replace(record, warned=True),
        who=who,
        action="warning_to_penalty",
        reason=reason,
    )


def list_penalties(session: Session, *, event_id: int) -> list[Penalty]:
    """Every penalty of an event, in the order recorded."""
    query = select(Penalty).where(Penalty.event_id == event_id).order_by(Penalty.id)
    return list(session.scalars(query))


def answer_in_totals(
    session: Session, *, event_id: int, penalty_id: int, in_totals: bool, who: str
) -> Penalty:
    """The director says whether the table's totals alone already hold this ruling's points
    (the one ledger adds them only when they do not); audited as ``ruling_in_totals``."""
    event = get_event(session, event_id=event_id, for_update=True)
    penalty = _event_penalty(session, event_id, penalty_id)
    record = penalty.record
    if record.in_totals == in_totals:
        raise ConflictError(f"penalty {penalty_id} already says so; nothing changed")
    return _change_record(
        session,
        event,
        penalty,
        replace(record, in_totals=in_totals),
        who=who,
        action="ruling_in_totals",
        reason="the totals already hold the ruling's points"
        if in_totals
        else "the totals do not hold the ruling's points (the ruled hand was written 0-0)",
    )


def name_ruled_hand(
    session: Session, *, event_id: int, penalty_id: int, hand_number: int, who: str
) -> Penalty:
    """The director names the hand a ruling ended, when the table's hands have no 0-0 hand
    left for it: the ruling's points then replace that hand's points. Audited as
    ``name_ruled_hand``."""
    event = get_event(session, event_id=event_id, for_update=True)
    penalty = _event_penalty(session, event_id, penalty_id)
    record = penalty.record
    scores = table_scores(
        session,
        event_id=event_id,
        round_number=penalty.round_number,
        table=penalty.table_number,
    )
    listed = max((len(score.hand_points) for score in scores), default=0)
    if not 1 <= hand_number <= listed:
        raise ConflictError(
            f"hand {hand_number}: the result of round {penalty.round_number} table "
            f"{penalty.table_number} lists {listed} hand(s)"
        )
    return _change_record(
        session,
        event,
        penalty,
        replace(record, hand_number=hand_number),
        who=who,
        action="name_ruled_hand",
        reason=f"the ruling ended hand {hand_number}",
    )
