"""Rounds: start (seating from the core, table codes), undo, close and seating overrides. A
table's lookup by its code is :mod:`euchre.store.scoring.table_lookup`."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store import lifecycle
from euchre.store.audit import AuditValue, record_audit
from euchre.store.core import compute, event_config, event_inputs, player_id
from euchre.store.db import the_row
from euchre.store.errors import ConflictError, StoreError
from euchre.store.models import (
    Entrant,
    Event,
    EventStatus,
    Result,
    Round,
    SeatingOverrideRow,
    StartedPlan,
    Submission,
    SubmissionStatus,
    TableCode,
    utc_now,
)
from euchre.store.night.events import (
    get_event,
    list_entrants,
    started_rounds,
    touch,
)
from euchre.store.night.night_end import check_start_before_cut_off
from euchre.tournament import (
    SeatingOverride,
    TableSeating,
)
from euchre.tournament.class_balance import paired_classes, unpaired_classes
from euchre.tournament.ledger import QuestionKind
from euchre.tournament.model import Entrant as CoreEntrant
from euchre.tournament.operations import check_reseat, not_started_message, seating_to_start
from euchre.tournament.penalties import open_questions
from euchre.tournament.seat_requests import seat_request_problems
from euchre.tournament.sheets import sheet_players

__all__ = [
    "TABLE_CODE_ALPHABET",
    "check_reseat",
    "close_round",
    "event_table_codes",
    "get_round",
    "new_table_code",
    "override_seating",
    "seating_to_start",
    "start_round",
    "table_codes",
    "undo_round",
]


TABLE_CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
"""Letters and digits that cannot be mistaken for one another on a printed card."""
_TABLE_CODE_LENGTH = 5


def get_round(session: Session, *, event_id: int, number: int) -> Round:
    """A started round (raises ``NotFoundError``)."""
    return the_row(
        session,
        select(Round).where(Round.event_id == event_id, Round.number == number),
        not_started_message(f"event {event_id}", number),
    )


def table_codes(session: Session, *, event_id: int, round_number: int) -> dict[int, str]:
    """Table number -> code for the tables of one round. A table keeps its code for the whole
    event, so a card printed for round 1 still opens that table in round 5."""
    round_row = get_round(session, event_id=event_id, number=round_number)
    numbers = {table.table for table in round_row.plan.tables}
    return {
        number: code
        for number, code in event_table_codes(session, event_id=event_id).items()
        if number in numbers
    }


def event_table_codes(session: Session, *, event_id: int) -> dict[int, str]:
    """Table number -> code for every table the event has used so far."""
    rows = session.scalars(select(TableCode).where(TableCode.event_id == event_id))
    return {row.table_number: row.code for row in rows}


def new_table_code(session: Session) -> str:
    """A table code no table of any event has yet."""
    for _ in range(1000):
        code = "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(_TABLE_CODE_LENGTH))
        if session.scalar(select(TableCode.id).where(TableCode.code == code)) is None:
            return code
    raise ConflictError("could not find a free table code")


def _issue_codes(session: Session, round_row: Round) -> None:
    """Give each table of the round a code, unless it has one from an earlier round: a
    table's card (code and QR) serves the whole event. ``TableCode.round_number`` records
    the round the code was first issued for."""
    have = event_table_codes(session, event_id=round_row.event_id)
    for table in round_row.plan.tables:
        number = table.table
        if number in have:
            continue
        session.add(
            TableCode(
                event_id=round_row.event_id,
                round_number=round_row.number,
                table_number=number,
                code=new_table_code(session),
            )
        )
    session.flush()


def _open_round(rounds: list[Round]) -> Round | None:
    return rounds[-1] if rounds and rounds[-1].closed_at is None else None


def class_warnings(session: Session, event: Event) -> list[str]:
    """The warnings about who sits where: the sentence saying the next round's players
    cannot partner one of each seat class as the sheet says (ten red and six white at Ohio),
    and each request for the stationary seat the seating does not meet; shown on the event
    and the dashboard (an unpaired round is refused then, see :func:`start_round`)."""
    return _pairing_warnings(session, event) + _seat_request_warnings(session, event)


def _pairing_warnings(session: Session, event: Event) -> list[str]:
    config = event_config(event)
    if paired_classes(config) is None:
        return []  # most sheets: no query (the events list asks this of every event)
    number = len(started_rounds(session, event_id=event.id)) + 1
    playing = _playing(list_entrants(session, event_id=event.id), number)
    problem = unpaired_classes(config, [entrant.seat_class for entrant in playing])
    return [f"round {number}: {problem}"] if problem else []


def _seat_request_warnings(session: Session, event: Event) -> list[str]:
    config = event_config(event)
    if not sheet_players(config.profile_id).stationary_seat:
        return []  # most sheets take no request: no query
    entrants = list_entrants(session, event_id=event.id)
    asking = [player_id(row.number) for row in entrants if row.stationary]
    if not asking:
        return []
    names = {player_id(row.number): f"{row.name} (#{row.number})" for row in entrants}
    snapshot = compute(event_inputs(session, event))
    return seat_request_problems(config, asking, names, snapshot.rounds)


def start_round(
    session: Session,
    *,
    event_id: int,
    who: str,
    now: datetime | None = None,
    past_cut_off: bool = False,
    reason: str = "",
    accept_unpaired_classes: bool = False,
) -> Round:
    """Start the next round: freeze the core's seating for it, issue table codes, start the
    clock. Players registered but not checked in are moved to arrive in a later round. A main
    round after the night's clock cut-off is refused in words unless the director says
    ``past_cut_off`` (written in the audit with his ``reason``).

    A round whose players cannot partner one of each seat class as the sheet says is refused
    in words naming the counts, unless ``accept_unpaired_classes`` (the director's override,
    recorded in the audit)."""
    moment = now or utc_now()
    event = get_event(session, event_id=event_id, for_update=True)
    rounds = started_rounds(session, event_id=event_id)
    open_round = _open_round(rounds)
    if open_round is not None:
        raise ConflictError(f"round {open_round.number} is still in play; close it first")
    check_start_before_cut_off(
        session,
        event=event,
        rounds=rounds,
        now=moment,
        past_cut_off=past_cut_off,
        reason=reason,
        who=who,
    )
    number = len(rounds) + 1
    for entrant in list_entrants(session, event_id=event_id):
        playing = entrant.withdrawal_round is None or entrant.withdrawal_round > number
        if not entrant.checked_in and entrant.arrival_round <= number and playing:
            record_audit(
                session,
                event_id=event_id,
                who=who,
                action="late_arrival",
                target=f"player {entrant.number}",
                old_value={"arrival_round": entrant.arrival_round},
                new_value={"arrival_round": number + 1},
                reason="not checked in when the round started",
            )
            entrant.arrival_round = number + 1
    session.flush()
    inputs = event_inputs(session, event)
    snapshot = compute(inputs)
    unsettled = open_questions(inputs, snapshot)
    if unsettled:
        question = unsettled[0]
        where = "" if question.round == number - 1 else f"Round {question.round}: "
        raise ConflictError(
            f"{where}{question.text(_names(session, event_id))} Answer it on the dashboard "
            f"before round {number} starts ({_WHY[question.kind]})"
        )
    plan = seating_to_start(snapshot, number, event=f"event {event_id}")
    problem = unpaired_classes(
        event_config(event),
        [inputs_entrant.seat_class for inputs_entrant in _playing(inputs.entrants, number)],
    )
    if problem and not accept_unpaired_classes:
        raise ConflictError(
            f"round {number} is not started: {problem}. Change the players' seat classes, "
            f"or start the round anyway, accepting those partnerships"
        )
    if problem:
        record_audit(
            session,
            event_id=event_id,
            who=who,
            action="accept_unpaired_classes",
            target=f"round {number}",
            reason=problem,
        )
    overridden = session.scalar(
        select(SeatingOverrideRow.id).where(
            SeatingOverrideRow.event_id == event_id, SeatingOverrideRow.round_number == number
        )
    )
    # A playoff's clock is scaled to its own hand count (the plan says so); a main round
    # takes the director's round length.
    config = event_config(event)
    minutes = plan.minutes if plan.minutes is not None else config.round_minutes
    clock_from = moment
    if plan.minutes is None and minutes and number == config.break_after_round + 1 > 1:
        # The round after the night's break: its clock starts when the break is over
        # (counted from the close of the round it follows), so a round started at once
        # shows its seating through the break without losing play time.
        before = rounds[number - 2].closed_at or moment
        if before.tzinfo is None:  # a database that keeps no zone keeps UTC
            before = before.replace(tzinfo=moment.tzinfo)
        clock_from = max(moment, before + timedelta(minutes=config.break_minutes))
    round_row = Round(
        event_id=event_id,
        number=number,
        started_at=moment,
        ends_at=clock_from + timedelta(minutes=minutes),
        plan=StartedPlan.of(plan, set_by_director=overridden is not None),
    )
    session.add(round_row)
    session.flush()
    _issue_codes(session, round_row)
    lifecycle.round_started(session, event=event, round_row=round_row)
    event.status = EventStatus.RUNNING
    touch(event)
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="start_round",
        target=f"round {number}",
        new_value=round_row.plan,
    )
    return round_row


_EntrantT = TypeVar("_EntrantT", CoreEntrant, Entrant)


def _playing(entrants: Sequence[_EntrantT], number: int) -> list[_EntrantT]:
    """The entrants (the core's or the stored rows) who play round ``number`` (arrived, not
    withdrawn)."""
    return [
        entrant
        for entrant in entrants
        if entrant.arrival_round <= number
        and (entrant.withdrawal_round is None or entrant.withdrawal_round > number)
    ]


_WHY = {
    QuestionKind.LEVEL_GAME: "ties go to the first team to make the tying score; the "
    "movement and the prizes need the winner",
    QuestionKind.TOTALS_HOLD_RULING: "a score of totals only is one block: the ruling is "
    "not added to it until you say",
    QuestionKind.RULING_HAND: "the ruling's points replace that hand's points",
}
"""Why each kind of open question holds the round, in the director's words."""


def _names(session: Session, event_id: int) -> dict[str, str]:
    return {
        player_id(entrant.number): entrant.name
        for entrant in list_entrants(session, event_id=event_id)
    }


def _last_open_round(session: Session, event_id: int, number: int) -> Round:
    rounds = started_rounds(session, event_id=event_id)
    round_row = get_round(session, event_id=event_id, number=number)
    if round_row.closed_at is not None:
        raise ConflictError(f"round {number} is closed")
    if rounds[-1].number != number:
        raise ConflictError(f"round {number} is not the latest round")
    return round_row


def _result_count(session: Session, event_id: int, number: int) -> int:
    return len(
        list(
            session.scalars(
                select(Result.id).where(Result.event_id == event_id, Result.round_number == number)
            )
        )
    )


def undo_round(session: Session, *, event_id: int, number: int, who: str, reason: str) -> None:
    """Take back a round started by mistake (only before any table's result is recorded);
    its pending submissions are kept in the audit log."""
    event = get_event(session, event_id=event_id, for_update=True)
    round_row = _last_open_round(session, event_id, number)
    recorded = _result_count(session, event_id, number)
    if recorded:
        raise ConflictError(
            f"round {number} already has {recorded} recorded result(s); it cannot be undone"
        )
    submissions = list(
        session.scalars(
            select(Submission).where(
                Submission.event_id == event_id, Submission.round_number == number
            )
        )
    )
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="undo_round",
        target=f"round {number}",
        old_value={
            "plan": round_row.plan.to_json(),
            "submissions": [
                {"table": row.table_number, "result": row.result.to_json(), "status": row.status}
                for row in submissions
            ],
        },
        reason=reason,
    )
    for row in submissions:
        session.delete(row)
    lifecycle.round_removed(session, event_id=event_id, round_number=number)
    # The tables' codes stay: they are the event's, and the cards may already be on the tables.
    session.delete(round_row)
    if number == 1:
        event.status = EventStatus.SETUP
    touch(event)


def close_round(session: Session, *, event_id: int, number: int, who: str) -> Round:
    """Close a round once every table's result is recorded and no dispute is open."""
    event = get_event(session, event_id=event_id, for_update=True)
    round_row = _last_open_round(session, event_id, number)
    tables = [table.table for table in round_row.plan.tables]
    recorded = set(
        session.scalars(
            select(Result.table_number).where(
                Result.event_id == event_id, Result.round_number == number
            )
        )
    )
    missing = [table for table in tables if table not in recorded]
    if missing:
        raise ConflictError(
            f"round {number} cannot close: no result yet for table(s) "
            f"{', '.join(str(table) for table in missing)}"
        )
    disputed = sorted(
        set(
            session.scalars(
                select(Submission.table_number).where(
                    Submission.event_id == event_id,
                    Submission.round_number == number,
                    Submission.status == SubmissionStatus.DISPUTED,
                )
            )
        )
    )
    if disputed:
        raise ConflictError(
            f"round {number} cannot close: settle the disputed score(s) at table(s) "
            f"{', '.join(str(table) for table in disputed)}"
        )
    inputs = event_inputs(session, event)
    waiting = [
        question for question in open_questions(inputs, compute(inputs)) if question.round == number
    ]
    if waiting:
        raise ConflictError(
            f"round {number} cannot close: {waiting[0].text(_names(session, event_id))} "
            f"Answer it on the dashboard first ({_WHY[waiting[0].kind]})"
        )
    round_row.closed_at = utc_now()
    touch(event)
    session.flush()
    snapshot = compute(event_inputs(session, event))
    if snapshot.is_over:
        event.status = EventStatus.FINISHED
    record_audit(
        session, event_id=event_id, who=who, action="close_round", target=f"round {number}"
    )
    return round_row


def override_seating(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    tables: list[tuple[list[int], list[int]]],
    sitting_out: list[int],
    who: str,
    reason: str,
) -> SeatingOverride:
    """Set a round's seating by hand: the next round before it starts, or the round just
    started while no table has entered a score. Tables are numbered 1, 2, ... in order."""
    event = get_event(session, event_id=event_id, for_update=True)
    numbers = {
        entrant.number: entrant.name for entrant in list_entrants(session, event_id=event_id)
    }
    seen: set[int] = set()
    for number in [number for pair in tables for side in pair for number in side] + list(
        sitting_out
    ):
        if number not in numbers:
            raise StoreError(f"event {event_id} has no player number {number}")
        if number in seen:
            raise StoreError(f"{numbers[number]} appears twice in the seating")
        seen.add(number)
    if not tables:
        raise StoreError("a seating needs at least one table")
    for index, (first, second) in enumerate(tables, start=1):
        if len(first) != 2 or len(second) != 2:
            sides = [
                ", ".join(numbers[number] for number in side) or "nobody"
                for side in (first, second)
            ]
            raise StoreError(
                f"table {index} needs two partnerships of two players, got {sides[0]} v {sides[1]}"
            )
    override = SeatingOverride(
        round=round_number,
        tables=tuple(
            TableSeating(
                index + 1,
                (
                    tuple(player_id(number) for number in first),
                    tuple(player_id(number) for number in second),
                ),
            )
            for index, (first, second) in enumerate(tables)
        ),
        sitting_out=tuple(player_id(number) for number in sitting_out),
    )
    rounds = started_rounds(session, event_id=event_id)
    open_round = _open_round(rounds)
    old: AuditValue
    if open_round is not None and open_round.number == round_number:
        used = session.scalar(
            select(Submission.id).where(
                Submission.event_id == event_id, Submission.round_number == round_number
            )
        )
        check_reseat(
            round_number,
            scored=used is not None or _result_count(session, event_id, round_number) > 0,
        )
        old = open_round.plan
        # The director's seating replaces the printed one whole (as it always has: a playoff
        # round's stage and label are not carried over).
        open_round.plan = StartedPlan(
            round=round_number,
            tables=override.tables,
            sitting_out=override.sitting_out,
            overridden=True,
            set_by_director=True,
        )
        session.flush()
        _check_core_accepts(session, event)
        _issue_codes(session, open_round)
        lifecycle.round_removed(session, event_id=event_id, round_number=round_number)
        lifecycle.round_started(session, event=event, round_row=open_round)
    elif round_number == len(rounds) + 1:
        row = session.scalar(
            select(SeatingOverrideRow).where(
                SeatingOverrideRow.event_id == event_id,
                SeatingOverrideRow.round_number == round_number,
            )
        )
        old = None if row is None else row.record
        if row is None:
            row = SeatingOverrideRow(event_id=event_id, round_number=round_number, record=override)
            session.add(row)
        row.record = override
        session.flush()
        _check_core_accepts(session, event)
    else:
        raise ConflictError(
            f"round {round_number} cannot be reseated: only the round just started (before "
            f"any score) or the next round can"
        )
    touch(event)
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="override_seating",
        target=f"round {round_number}",
        old_value=old,
        new_value=override,
        reason=reason,
    )
    return override


def _check_core_accepts(session: Session, event: Event) -> None:
    compute(event_inputs(session, event))
