"""Rounds: start (seating from the core, table codes), undo, close, seating overrides, and the
table page's code lookup."""

from __future__ import annotations

import functools
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal, TypeVar

from sqlalchemy import Select, Text, bindparam, cast, exists, literal, select
from sqlalchemy.orm import Session

from euchre.store import lifecycle
from euchre.store.audit import AuditValue, record_audit
from euchre.store.core import compute, event_config, event_inputs, player_id
from euchre.store.db import the_row
from euchre.store.errors import ConflictError, NotFoundError, StoreError
from euchre.store.events import (
    entrant_by_code,
    get_event,
    latest_round,
    list_entrants,
    started_rounds,
    touch,
)
from euchre.store.models import (
    Entrant,
    Event,
    EventStatus,
    OnlineTable,
    Penalty,
    RateLimit,
    Result,
    Round,
    SeatingOverrideRow,
    StartedPlan,
    Submission,
    SubmissionStatus,
    TableCode,
    utc_now,
)
from euchre.store.night_end import check_start_before_cut_off
from euchre.store.ratelimit import check_rate_limit, raise_if_blocked, take_deferred_rate_limit
from euchre.tournament import (
    EventConfig,
    SeatingOverride,
    TableResult,
    TableSeating,
)
from euchre.tournament.class_balance import unpaired_classes
from euchre.tournament.codec import load
from euchre.tournament.ledger import QuestionKind
from euchre.tournament.model import Entrant as CoreEntrant
from euchre.tournament.operations import check_reseat, not_started_message, seating_to_start
from euchre.tournament.penalties import open_questions

__all__ = [
    "TABLE_CODE_ALPHABET",
    "RoundOverError",
    "RoundTimes",
    "TableContext",
    "TableEvent",
    "TablePlayer",
    "TableRead",
    "check_reseat",
    "check_scoring_round",
    "close_round",
    "event_table_codes",
    "get_round",
    "lone_stake_cents",
    "new_table_code",
    "open_table",
    "override_seating",
    "read_table",
    "seating_to_start",
    "start_round",
    "table_codes",
    "table_of_player",
    "undo_round",
    "warm_up_statements",
]

T = TypeVar("T")

TABLE_CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
"""Letters and digits that cannot be mistaken for one another on a printed card."""
_TABLE_CODE_LENGTH = 5


@dataclass(frozen=True, slots=True)
class TablePlayer:
    """A player at a table as a table's request loads him: a plain row, not an ``Entrant``
    (loading four ORM objects cost more than the query)."""

    number: int
    name: str
    code: str


@dataclass(frozen=True)
class TableContext:
    """One table of one round, as its page sees it."""

    event: TableEvent
    round: RoundTimes
    table_number: int
    code: str
    partnerships: tuple[tuple[TablePlayer, ...], tuple[TablePlayer, ...]]
    official: TableResult | Literal[False] | None = False
    """The table's official result as read with the lookup (a read, not ``lock``), None when
    there is none yet; ``False`` when not read (a write reads it again under its lock)."""
    plays_online: bool | None = None
    """Whether the table plays online this round, read with a write's lookup (``lock``);
    None on a read."""
    has_penalties: bool | None = None
    """Whether the director recorded a penalty at the table this round, read with a write's
    lookup (``lock``); None on a read."""

    def side_of(self, entrant: TablePlayer) -> int:
        """The partnership (0 or 1) ``entrant`` plays in at this table."""
        for side, members in enumerate(self.partnerships):
            if any(member.number == entrant.number for member in members):
                return side
        raise StoreError(f"{entrant.name} does not play at table {self.table_number}")


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
    """The sentence saying the next round's players cannot partner one of each seat class
    as the sheet says (ten red and six white at Ohio), or nothing: shown on the event and the
    dashboard before the round is started (and refused then, see :func:`start_round`)."""
    number = len(started_rounds(session, event_id=event.id)) + 1
    classes = [
        entrant.seat_class
        for entrant in list_entrants(session, event_id=event.id)
        if entrant.arrival_round <= number
        and (entrant.withdrawal_round is None or entrant.withdrawal_round > number)
    ]
    problem = unpaired_classes(event_config(event), classes)
    return [f"round {number}: {problem}"] if problem else []


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
    minutes = plan.minutes if plan.minutes is not None else event_config(event).round_minutes
    round_row = Round(
        event_id=event_id,
        number=number,
        started_at=moment,
        ends_at=moment + timedelta(minutes=minutes),
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


def _playing(entrants: Sequence[CoreEntrant], number: int) -> list[CoreEntrant]:
    """The entrants who play round ``number`` (arrived, not withdrawn)."""
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


_PARSED_CACHE_SIZE = 64
_parsed: OrderedDict[tuple[str, str, int], tuple[str, Any]] = OrderedDict()
_parsed_lock = threading.Lock()


def _parsed_column(session: Session, kind: type[T], row_id: int, text: str) -> T:
    """A stored value of type ``kind`` (a round's seating, an event's configuration) parsed
    from ``text``, the column as the database holds it right now.

    A round's seating of 200 tables is tens of kilobytes of JSON; parsing it on every table
    request made a request cost grow with the event. Each worker keeps the values it parsed,
    keyed by their row and checked against the text just read, so a changed value (a
    director's override) is parsed again: the cache can never be stale. The parsed value is
    shared (it is frozen: code assigns a new one)."""
    key = (str(session.get_bind().engine.url), kind.__name__, row_id)
    with _parsed_lock:
        cached = _parsed.get(key)
        if cached is not None and cached[0] == text:
            _parsed.move_to_end(key)
            value: T = cached[1]
            return value
    parsed = load(kind, json.loads(text))
    with _parsed_lock:
        _parsed[key] = (text, parsed)
        while len(_parsed) > _PARSED_CACHE_SIZE:
            _parsed.popitem(last=False)
    return parsed


_events = Event.__table__.c
_rounds = Round.__table__.c
_codes = TableCode.__table__.c
_results = Result.__table__.c
_entrants = Entrant.__table__.c
_rate_limits = RateLimit.__table__.c


def _blocked_column(rate_limited: bool) -> Any:
    """The client's wrong-code block, read by the table lookup itself (parameter
    ``rate_key``)."""
    if not rate_limited:
        return literal(None, _rate_limits.blocked_until.type)
    return (
        select(_rate_limits.blocked_until)
        .where(_rate_limits.key == bindparam("rate_key"))
        .scalar_subquery()
    )


def _of_this_table(row: Any) -> Any:
    """``row`` (a table row's columns) is about the looked-up table in its latest round."""
    return (
        (row.event_id == _codes.event_id)
        & (row.round_number == _rounds.number)
        & (row.table_number == _codes.table_number)
    )


_PLAYS_ONLINE = exists().where(_of_this_table(OnlineTable.__table__.c))
_HAS_PENALTIES = exists().where(_of_this_table(Penalty.__table__.c))
_OFFICIAL_OF_TABLE = (
    select(_results.result)
    .where(
        _results.event_id == _codes.event_id,
        _results.round_number == _rounds.number,
        _results.table_number == _codes.table_number,
    )
    .scalar_subquery()
)


@functools.cache
def _lookup_query(lock: bool, rate_limited: bool, numbered: bool = False) -> Select[Any]:
    """The table lookup's statement in plain columns (ORM entities cost more to load than
    the query costs to run), built once per kind (building it cost as much as running it):
    parameters ``code``, when ``rate_limited``, ``rate_key``, and when ``numbered``,
    ``round_number`` (that round instead of the latest).

    One query finds the code, its event and the event's latest round (and, for a table
    request, whether the client is blocked for wrong codes): a table's page, score and
    confirmation cost the same however many tables and rounds the event has. The event's
    configuration and the round's seating come as text and are parsed only when they changed
    (see ``_parsed_column``). A read also brings the table's official result; a write reads
    it again after taking the table's lock (at READ COMMITTED a subquery of the locking
    statement could miss a result committed while it waited). A write's lookup also says
    whether the table plays online this round and whether it has a penalty (two statements
    fewer per score): their writers take no table lock, so a read of them after the lock saw
    nothing more certain than one made with it."""
    query = (
        select(
            _codes.table_number,
            _codes.event_id,
            _events.name,
            cast(_events.config, Text),
            _rounds.id,
            _rounds.number,
            _rounds.started_at,
            _rounds.ends_at,
            _rounds.closed_at,
            cast(_rounds.plan, Text),
            _blocked_column(rate_limited),
            literal(None, _results.result.type) if lock else _OFFICIAL_OF_TABLE,
            _PLAYS_ONLINE if lock else literal(None),
            _HAS_PENALTIES if lock else literal(None),
        )
        .join(Event.__table__, _events.id == _codes.event_id)
        .outerjoin(Round.__table__, _rounds.event_id == _codes.event_id)
        .where(_codes.code == bindparam("code"))
        .order_by(_rounds.number.desc())
        .limit(1)
    )
    if numbered:
        query = query.where(_rounds.number == bindparam("round_number"))
    return query.with_for_update(of=TableCode.__table__) if lock else query


_TABLE_PLAYERS = select(_entrants.number, _entrants.name, _entrants.code).where(
    _entrants.event_id == bindparam("event_id"),
    _entrants.number.in_(bindparam("numbers", expanding=True)),
)
"""A table's players by number, in plain columns (built once, like the lookup)."""


def warm_up_statements(session: Session) -> None:
    """Run a table's statements besides the lookup (its players) for no row: compiled once
    and, on PostgreSQL, prepared on the session's connection (``store.warm_up``)."""
    session.connection().execute(_TABLE_PLAYERS, {"event_id": 0, "numbers": [0, 0, 0, 0]}).all()


class RoundOverError(ConflictError):
    """A score entered for a round that is not the one in play (a page left open from an
    earlier round): it is not recorded. ``round_number`` is the round it was entered for."""

    def __init__(self, message: str, *, round_number: int) -> None:
        super().__init__(message)
        self.round_number = round_number


def check_scoring_round(scoring_round: int, latest: int, *, over: bool) -> None:
    """Refuse a score entered for round ``scoring_round`` unless it is the round in play
    (``latest``, ``over`` once closed), naming both rounds."""
    if scoring_round == latest and not over:
        return
    if scoring_round > latest:
        raise RoundOverError(
            f"This score is for round {scoring_round}, but round {latest} is the latest "
            "round: it was not recorded. Reload the page.",
            round_number=scoring_round,
        )
    now = (
        f" (round {latest} is in play now)"
        if not over
        else f" (round {latest}, the latest, is over too)"
        if scoring_round < latest
        else ""
    )
    raise RoundOverError(
        f"Round {scoring_round} is over: this score was not recorded{now}. If round "
        f"{scoring_round}'s saved result is wrong, show this score to the director, who "
        "corrects it.",
        round_number=scoring_round,
    )


def lone_stake_cents(config: EventConfig) -> int:
    """The stake the score form asks lone-hand euchres for: the euchred cup's lone-hand stake
    (``side_pot_lone_cents``) when the event plays a cup; 0 (the form does not ask) else."""
    return config.side_pot_lone_cents if config.side_pot else 0


@dataclass(frozen=True, slots=True)
class TableEvent:
    """The event as a table's request needs it: its row, name and configuration (plain
    values, not an ``Event``)."""

    id: int
    name: str
    config: EventConfig


def open_table(
    session: Session,
    *,
    code: str,
    lock: bool = False,
    scoring_round: int | None = None,
    closed: bool = False,
    round_number: int | None = None,
) -> TableContext:
    """The table a code opens, in the round now in play: a table keeps its code for the
    whole event, and the page shows who sits there this round. An unknown code raises
    ``NotFoundError``; between rounds, or when the table is not used this round, a
    ``ConflictError`` says so. Read in plain rows on the session's connection (no ORM
    object).

    ``lock`` holds the table's row until the transaction ends, so two phones writing for the
    same table take turns on PostgreSQL (SQLite writes already take turns).
    ``scoring_round``: the round a score was entered for; a :class:`RoundOverError` refuses
    it unless that round is the one in play. ``closed``: the latest round once it is over
    too (the phone's page shows its result). ``round_number``: that round (played or in
    play) instead of the latest (a refused score is shown on its own round's page)."""
    cleaned = code.strip().upper()
    rate_key = take_deferred_rate_limit(session)
    params: dict[str, Any] = {"code": cleaned}
    if rate_key is not None:
        params["rate_key"] = rate_key
    if round_number is not None:
        params["round_number"] = round_number
    connection = session.connection()
    found = connection.execute(
        _lookup_query(lock, rate_key is not None, round_number is not None), params
    ).first()
    if rate_key is not None:
        if found is None:
            check_rate_limit(session, key=rate_key)
        else:
            raise_if_blocked(found[10])
    if found is None:
        raise NotFoundError(f"no table has code {cleaned!r}; check the code on the table card")
    (table_number, event_id, event_name, config_text, round_id, number, started_at, ends_at,
     closed_at, plan_text, _, official, online, penalized) = found  # fmt: skip
    if round_id is None:
        raise ConflictError(
            f"table {table_number} has no round in play; wait for the director to start one"
        )
    if scoring_round is not None:
        check_scoring_round(scoring_round, number, over=closed_at is not None)
    if closed_at is not None and not closed and round_number is None:
        raise ConflictError(
            f"round {number} is over at table {table_number}; this page shows the "
            f"next seating once the director starts round {number + 1}"
        )
    plan = _parsed_column(session, StartedPlan, round_id, plan_text)
    for table in plan.tables:
        if table.table == table_number:
            first, second = table.partnerships
            wanted = [int(player) for player in (*first, *second)]
            players = {
                player_id(row.number): TablePlayer(row.number, row.name, row.code)
                for row in connection.execute(
                    _TABLE_PLAYERS, {"event_id": event_id, "numbers": wanted}
                )
            }
            return TableContext(
                TableEvent(
                    event_id,
                    event_name,
                    _parsed_column(session, EventConfig, event_id, config_text),
                ),
                RoundTimes(round_id, number, started_at, ends_at, closed_at, plan),
                table_number,
                cleaned,
                (
                    tuple(players[player] for player in first),
                    tuple(players[player] for player in second),
                ),
                False if lock else official,
                None if online is None else bool(online),
                None if penalized is None else bool(penalized),
            )
    raise ConflictError(
        f"table {table_number} is not used in round {number}; look for your name on the projector"
    )


@dataclass(frozen=True, slots=True)
class RoundTimes:
    """The round in play, as a table's request needs it: its number, clock and seating."""

    id: int
    number: int
    started_at: datetime
    ends_at: datetime
    closed_at: datetime | None
    plan: StartedPlan


@dataclass(frozen=True, slots=True)
class TableRead:
    """One table of the round in play, read with plain rows (no ORM objects): what its
    page and ``GET /api/tables/{code}`` show."""

    event_id: int
    event_name: str
    profile_id: str
    round: RoundTimes
    table_number: int
    code: str
    partnerships: tuple[tuple[TablePlayer, ...], tuple[TablePlayer, ...]]
    official: TableResult | None
    lone_stake_cents: int
    """The cup's lone-hand stake when the event plays a cup, else 0 (the score form asks
    times euchred on a lone hand only then)."""


def read_table(
    session: Session, *, code: str, closed: bool = False, round_number: int | None = None
) -> TableRead:
    """The table a code opens in the round now in play, for reading: ``open_table``'s
    lookup, its errors and its wrong-code check, in plain rows (``closed`` and
    ``round_number`` as there)."""
    context = open_table(session, code=code, closed=closed, round_number=round_number)
    official = context.official
    assert official is not False  # a read brings it with the lookup
    return TableRead(
        context.event.id,
        context.event.name,
        context.event.config.profile_id,
        context.round,
        context.table_number,
        context.code,
        context.partnerships,
        official,
        lone_stake_cents(context.event.config),
    )


def table_of_player(session: Session, *, event_id: int, player_code: str) -> str | None:
    """The code of the table where the player with ``player_code`` sits in the round now in
    play, or None when he sits out. Raises ``NotFoundError`` for an unknown code and
    ``ConflictError`` when no round is in play."""
    entrant = entrant_by_code(session, event_id=event_id, player_code=player_code)
    latest = latest_round(session, event_id=event_id)
    if latest is None or latest.closed_at is not None:
        raise ConflictError(
            f"{entrant.name}: no round is in play; your table shows here once the director "
            "starts the next round"
        )
    wanted = player_id(entrant.number)
    for table in latest.plan.tables:
        if wanted in table.players:
            return event_table_codes(session, event_id=event_id).get(table.table)
    return None
