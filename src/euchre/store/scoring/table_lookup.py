"""A table's lookup by its code: the one query a table's page and its score entry start with
(the round in play, the seating, the players' codes, the official result; a wrong code counted
against the device or address), read as plain rows, not ORM objects, and the table's event
and round as a request needs them."""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeVar

from sqlalchemy import Select, Text, bindparam, cast, exists, literal, select
from sqlalchemy.orm import Session

from euchre.store.access.ratelimit import (
    check_rate_limit,
    raise_if_blocked,
    take_deferred_rate_limit,
)
from euchre.store.core import player_id
from euchre.store.errors import ConflictError, NotFoundError, StoreError
from euchre.store.models import (
    Entrant,
    Event,
    OnlineTable,
    Penalty,
    RateLimit,
    Result,
    Round,
    StartedPlan,
    TableCode,
)
from euchre.store.night.events import (
    entrant_by_code,
    latest_round,
)
from euchre.store.night.rounds import event_table_codes
from euchre.tournament import (
    EventConfig,
    TableResult,
)
from euchre.tournament.codec import load

__all__ = [
    "RoundOverError",
    "RoundTimes",
    "TableContext",
    "TableEvent",
    "TablePlayer",
    "TableRead",
    "check_scoring_round",
    "lone_stake_cents",
    "open_table",
    "read_table",
    "table_of_player",
    "warm_up_statements",
]

T = TypeVar("T")


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
