"""Play tables in the database: create, act, change seats, move for computer players.

The log (``play_actions``) is the truth: an entry is committed before anyone is told, and a
table's state is rebuilt by replaying it. Each process keeps the replayed state of the tables
it serves, advanced by its own commits and by the entries the PostgreSQL doorbell carries
(:meth:`PlayService.apply_committed`), and catches up by reading only the entries after the
ones it has (one small query) when it may be behind, so several workers on one PostgreSQL
database always agree. Two writers racing for the same ``seq`` cannot both win:
``(table_id, seq)`` is the primary key, and a move sent for the ``seq`` a process's copy holds
is checked against that copy alone (the key refuses it if another worker got there first).
Commits go through one writer thread per process (group commit).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, ClassVar

import psycopg
from sqlalchemy import Table, insert, select, text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from euchre.bots import Bot, make_bot
from euchre.bots.advice import advise
from euchre.engine.errors import EuchreError, IllegalActionError
from euchre.engine.questions import QuestionDeck
from euchre.play.log import (
    CHAT_MODES,
    TABLE,
    away_entry,
    back_entry,
    canonical,
    chat_entry,
    deck_entry,
    drop_entry,
    legal_form,
    public_entry,
    reissue_entry,
    say_entry,
    seat_entry,
)
from euchre.play.table import (
    ANY_SEQ,
    CHAT_LENGTH,
    CHAT_WINDOW,
    HUMAN,
    TableConfig,
    TableState,
    owed_action,
)
from euchre.store.db import Database
from euchre.store.errors import ConflictError, NotFoundError, RateLimitedError, StoreError
from euchre.store.models import PlayAction, PlaySeat, PlayTable, RateLimit, utc_now
from euchre.store.play.doorbell import CHANNEL, psycopg_conninfo, ring_payload

__all__ = [
    "CHANNEL",
    "HOST_SEAT",
    "NOT_DIRECTOR_CHAT",
    "NOT_HOST",
    "NOT_HOST_CHAT",
    "NOT_HOST_DECK",
    "SPENT_CODE",
    "AutoMove",
    "ForbiddenError",
    "PlayService",
    "SeatTicket",
    "StaleError",
    "hash_secret",
]

_log = logging.getLogger(__name__)


_ACTIONS_TABLE: Table = PlayAction.__table__  # type: ignore[assignment]
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
_CACHE_TABLES = 4096
HOST_SEAT = TABLE
"""The ``play_seats`` row that keeps the hash of a casual table's host token (the creator's):
seat -1 is the table itself, as in the log."""
NOT_HOST = "Only the table's host (who opened it) can change who sits in a seat; ask the host."
NOT_HOST_DECK = "Only the table's host (who opened it) can change its questions; ask the host."
SPENT_CODE = "This code was already used; ask the host for a new one."
NOT_HOST_CHAT = "Only the table's host (who opened it) can change the chat; ask the host."
NOT_DIRECTOR_CHAT = "At an event's table only the director decides the chat."
_NOTIFY_ALL = text(
    "SELECT pg_notify(:channel, payload) FROM unnest(CAST(:payloads AS text[])) AS payload"
)
_INSERT_AND_RING = (
    # A data-modifying WITH runs to completion whether or not its rows are read; if the
    # insert fails (another worker holds the seq) the statement fails and nothing rings.
    "WITH entry AS (INSERT INTO play_actions (table_id, seq, seat, action, at) "
    "SELECT * FROM unnest(%s::varchar[], %s::int[], %s::int[], %s::varchar[], "
    "%s::timestamptz[])) "
    "SELECT pg_notify(%s, payload) FROM unnest(%s::text[]) AS payload"
)
_KEY_ERRORS = (IntegrityError, psycopg.IntegrityError)
"""Another worker committed that ``seq`` first."""
_WRITE_ERRORS = (IntegrityError, OperationalError, psycopg.Error)
"""A batch that did not commit: retried move by move."""


class ForbiddenError(StoreError):
    """A missing or wrong seat token (HTTP 403, from the app's one error mapping)."""

    http_status: ClassVar[int] = 403


class StaleError(ConflictError):
    """An action sent for a ``seq`` the table has moved past (HTTP 409)."""


def hash_secret(secret: str) -> str:
    """The stored form of a seat token or short code (SHA-256: they are random, ≥ 40 bits,
    rate-limited where short, so a slow hash would add nothing)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _short_code(length: int = 8) -> str:
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(length))


@dataclass(frozen=True, slots=True)
class SeatTicket:
    """A seat as its creator receives it: the secrets are shown once, never stored."""

    seat: int
    kind: str
    token: str | None = None
    code: str | None = None


@dataclass(slots=True)
class _Request:
    """One log entry waiting for the next group commit, and what became of it."""

    table_id: str
    seat: int
    action: str
    seq: int | None
    check: bool
    also: Callable[[Session], None] | None
    guard: Callable[[TableState], None] | None = None
    """Instead of the usual checks: raises when the entry may not go in (a chat message,
    checked against the table as it is at the commit)."""
    done: bool = False
    error: BaseException | None = None
    state: TableState | None = None
    new_seq: int = 0
    wake: threading.Event | None = None  # set when done (a caller waiting in a thread)
    on_done: Callable[[BaseException | None], None] | None = None  # or told so
    retried: bool = False  # a seq-free entry that lost a race goes in once more


@dataclass(frozen=True, slots=True)
class AutoMove:
    """A move the server owes: a computer player's, or a human's whose turn timer ran out."""

    seq: int
    seat: int
    bot: bool
    due: float  # seconds since the epoch (0: now)
    takeover: bool = False
    """Not a move: seat ``seat``'s human dropped and a computer player takes the seat at
    ``due`` (``away N``)."""


class PlayService:
    """Service functions for play tables on one database."""

    def __init__(
        self,
        database: Database,
        *,
        on_commit: Callable[[str, int], None] | None = None,
        create_per_minute: int = 30,
    ) -> None:
        self.database = database
        self.on_commit = on_commit
        self.on_game_over: Callable[[str], None] | None = None
        """Called (after the commit, in the committing thread) when an entry leaves an
        event's table over: the online club night records the result from it."""
        self.create_per_minute = create_per_minute
        self._cache: OrderedDict[str, TableState] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self._notify = not database.is_sqlite
        self._queue: list[_Request] = []
        self._batch = threading.Condition()
        self._writer: threading.Thread | None = None
        self._direct: psycopg.Connection[Any] | None = None  # the writer thread's (PostgreSQL)
        self.clock: Callable[[], float] = time.time
        """Seconds since the epoch: when a dropped human's seat is taken over and turn timers
        run out (the tests put a clock of their own here instead of waiting)."""
        self.drop_seconds_override: float | None = None
        """Every table's window for a dropped human (``EUCHRE_PLAY_AWAY_SECONDS``: tests and
        benchmarks), instead of the table's own ``drop_seconds``; not a table that waits for
        its director."""
        self.writer_pid = 0
        """The PostgreSQL backend pid of the writer's connection (0: none): the rings it
        sends are this process's own commits, already told to its sockets."""

    # ------------------------------------------------------------------ state
    def _lock(self, table_id: str) -> threading.Lock:
        with self._guard:
            lock = self._locks.get(table_id)
            if lock is None:
                lock = self._locks[table_id] = threading.Lock()
            return lock

    def _catch_up(self, session: Session, table_id: str) -> TableState:
        """The cached state brought up to the log (call with the table's lock held)."""
        state = self._cache.get(table_id)
        fresh = state is None
        if state is None:
            row = session.get(PlayTable, table_id)
            if row is None:
                raise NotFoundError(f"no play table {table_id!r}")
            state = TableState.new(table_id, TableConfig.model_validate(row.config))
        entries = session.execute(
            select(PlayAction.seq, PlayAction.seat, PlayAction.action, PlayAction.at)
            .where(PlayAction.table_id == table_id, PlayAction.seq > state.seq)
            .order_by(PlayAction.seq)
        ).all()
        for seq, seat, action, at in entries:
            if seq != state.seq + 1:  # pragma: no cover - the primary key forbids gaps
                raise StoreError(f"table {table_id}: log entry {state.seq + 1} is missing")
            try:
                state.apply(seat, action, at)
            except EuchreError:
                # A copy whose configuration is older than the log (the host saved a deck
                # on another worker): rebuild it from the table's row.
                with self._guard:
                    self._cache.pop(table_id, None)
                if fresh:  # pragma: no cover - a copy built from the row applies every entry
                    raise
                return self._catch_up(session, table_id)
        with self._guard:
            self._cache[table_id] = state
            self._cache.move_to_end(table_id)
            while len(self._cache) > _CACHE_TABLES:
                evicted, _ = self._cache.popitem(last=False)
                for key in [key for key in self._bots if key[0] == evicted]:
                    del self._bots[key]
        return state

    @contextmanager
    def reading(self, table_id: str) -> Iterator[TableState]:
        """The table's current state, held still while the caller reads it."""
        with self.database.read() as session, self._lock(table_id):
            yield self._catch_up(session, table_id)

    def view(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """``seat``'s view (``None``: the spectators')."""
        with self.reading(table_id) as state:
            return self._view(state, seat)

    def views(
        self, table_id: str, seats: set[int | None]
    ) -> tuple[int, dict[int | None, dict[str, Any]]]:
        """The current ``seq`` and the view of each of ``seats``, from one moment."""
        with self.reading(table_id) as state:
            return state.seq, state.views(seats, deadline=self._deadline(state))

    def view_texts(
        self,
        table_id: str,
        seats: set[int | None],
        at_least: int | None = None,
        entry: tuple[int, int, str, datetime] | None = None,
    ) -> tuple[int, dict[int | None, str]]:
        """Like :meth:`views`, each view as JSON text (the public part encoded once); with
        ``at_least``, from this process's copy without reading the log when that copy holds
        entry ``at_least`` (waiting for the table's lock: a commit under way). ``entry``
        (seq, seat, text, when): a committed entry from the doorbell, applied first when the
        copy holds the one before it."""
        if entry is not None:
            at_least = max(entry[0], at_least or 0)
        if at_least is not None and table_id in self._cache:
            with self._lock(table_id):
                state = self._cache.get(table_id)
                if entry is not None and state is not None and state.seq == entry[0] - 1:
                    try:
                        state.apply(*entry[1:])
                    except EuchreError:  # pragma: no cover - a committed entry applies
                        with self._guard:
                            self._cache.pop(table_id, None)
                        state = None
                if state is not None and state.seq >= at_least:
                    return state.seq, state.view_texts(seats, deadline=self._deadline(state))
        with self.reading(table_id) as state:
            return state.seq, state.view_texts(seats, deadline=self._deadline(state))

    def cached_view_texts(
        self, table_id: str, seats: set[int | None], at_least: int
    ) -> tuple[int, dict[int | None, str]] | None:
        """Like :meth:`view_texts` from this process's copy without touching the database,
        when that copy already holds entry ``at_least`` and nobody is changing it; else
        None."""
        with self._cached(table_id, at_least) as state:
            if state is None:
                return None
            return state.seq, state.view_texts(seats, deadline=self._deadline(state))

    @contextmanager
    def _cached(self, table_id: str, at_least: int) -> Iterator[TableState | None]:
        """This process's copy of the table, held under its lock, when the copy holds entry
        ``at_least`` and nobody is changing it; else None (without waiting)."""
        state = self._cache.get(table_id)
        if state is None or state.seq < at_least:
            yield None
            return
        lock = self._lock(table_id)
        if not lock.acquire(blocking=False):
            yield None
            return
        try:
            yield state
        finally:
            lock.release()

    def apply_committed(
        self, table_id: str, seq: int, seat: int, action: str, at: datetime
    ) -> bool:
        """Apply entry ``seq``, committed by another worker (its doorbell carried it), to this
        process's copy when that copy holds entry ``seq - 1`` and nobody is changing it.
        True when the copy now holds ``seq`` (no need to read the log)."""
        state = self._cache.get(table_id)
        if state is None:
            return False
        if state.seq >= seq:  # already there (the copy may be past it, a commit under way)
            return True
        lock = self._lock(table_id)
        if not lock.acquire(blocking=False):
            return False
        try:
            if state.seq >= seq:
                return True
            if state.seq != seq - 1:
                return False
            try:
                state.apply(seat, action, at)
            except EuchreError:  # pragma: no cover - a committed entry always applies
                with self._guard:
                    self._cache.pop(table_id, None)
                return False
            return True
        finally:
            lock.release()

    def owes_move_cached(self, table_id: str, at_least: int) -> bool | None:
        """Whether the server owes a move at this table, from this process's copy when it
        holds entry ``at_least`` and nobody is changing it; None when that is not known."""
        with self._cached(table_id, at_least) as state:
            if state is None:
                return None
            return state.owes_server_move()

    def _view(self, state: TableState, seat: int | None) -> dict[str, Any]:
        return state.view(seat, deadline=self._deadline(state))

    def _deadline(self, state: TableState) -> float | None:
        return state.turn_deadline()

    # ------------------------------------------------------------------ tables
    def create_table(
        self, config: TableConfig, *, client: str
    ) -> tuple[str, list[SeatTicket], str]:
        """Open a table; each human seat gets a token and a short code, and the creator a
        host token (the only one that may change who sits where); all shown only now."""
        tickets: list[SeatTicket] = []
        host_token = secrets.token_urlsafe(24)
        with self.database.write() as session:
            self._count_creation(session, f"play-create:{client}")
            table_id = _short_code(10)
            session.add(PlayTable(id=table_id, config=config.model_dump(mode="json")))
            session.flush()
            session.add(
                PlaySeat(table_id=table_id, seat=HOST_SEAT, token_hash=hash_secret(host_token))
            )
            for seat, kind in enumerate(config.seats):
                if kind == HUMAN:
                    token, code = secrets.token_urlsafe(24), _short_code()
                    session.add(
                        PlaySeat(
                            table_id=table_id,
                            seat=seat,
                            token_hash=hash_secret(token),
                            code_hash=hash_secret(code),
                            link_hash=hash_secret(token),  # a claim too: store.play.claims
                        )
                    )
                    tickets.append(SeatTicket(seat, kind, token, code))
                else:
                    session.add(PlaySeat(table_id=table_id, seat=seat))
                    tickets.append(SeatTicket(seat, kind))
        return table_id, tickets, host_token

    def _count_creation(self, session: Session, key: str) -> None:
        moment = utc_now()
        limit = session.get(RateLimit, key, with_for_update=True)
        if limit is None:
            limit = RateLimit(key=key, failures=0, window_started_at=moment)
            session.add(limit)
        if moment - limit.window_started_at > timedelta(minutes=1):
            limit.failures = 0
            limit.window_started_at = moment
        limit.failures += 1
        if limit.failures > self.create_per_minute:
            wait = 60 - int((moment - limit.window_started_at).total_seconds())
            raise RateLimitedError(
                f"too many tables opened from this device ({self.create_per_minute} a minute); "
                f"wait {max(1, wait)} s",
                retry_after=max(1, wait),
            )

    def seat_for_token(self, table_id: str, token: str | None) -> int:
        """The seat ``token`` opens at this table; a missing or wrong one raises 403."""
        if not token:
            raise ForbiddenError("this needs a seat token: Authorization: Bearer <token>")
        digest = hash_secret(token)
        with self.database.read() as session:
            if session.get(PlayTable, table_id) is None:
                raise NotFoundError(f"no play table {table_id!r}")
            rows = session.scalars(select(PlaySeat).where(PlaySeat.table_id == table_id)).all()
        for row in rows:
            if (
                row.seat != HOST_SEAT
                and row.token_hash is not None
                and hmac.compare_digest(row.token_hash, digest)
            ):
                return row.seat
        raise ForbiddenError(
            "This seat's key is not valid at this table: the seat was opened on another "
            "device or given to someone else, or the link is wrong."
        )

    def holder(self, table_id: str, token: str, seat: int) -> int | None:
        """The count of changes of hands of ``seat`` (:attr:`TableState.token_epochs`) at
        which ``token`` still holds it, or None when it no longer does. The count is read
        before the token, so a change committed in between is seen again later."""
        with self.reading(table_id) as state:
            epoch = state.token_epochs[seat]
        try:
            return epoch if self.seat_for_token(table_id, token) == seat else None
        except ForbiddenError:
            return None

    def token_epoch(self, table_id: str, seat: int) -> int | None:
        """This process's copy's count of changes of hands of ``seat`` (no query; None when
        the table is not cached here)."""
        state = self._cache.get(table_id)
        return None if state is None else state.token_epochs[seat]

    def seat_kinds_cached(self, table_id: str) -> list[str] | None:
        """Who sits in each seat in this process's copy (no query; None: not cached)."""
        state = self._cache.get(table_id)
        return None if state is None else list(state.kinds)

    def is_host(self, table_id: str, token: str | None) -> bool:
        """Whether ``token`` is the table's host token (its creator's)."""
        if not token:
            return False
        with self.database.read() as session:
            row = session.get(PlaySeat, (table_id, HOST_SEAT))
        return (
            row is not None
            and row.token_hash is not None
            and hmac.compare_digest(row.token_hash, hash_secret(token))
        )

    def find_code(self, session: Session, code: str) -> tuple[str, int, str]:
        """The table and seat of a short code, and the code cleaned; a spent code raises
        :class:`ConflictError` (:data:`SPENT_CODE`), an unknown one :class:`NotFoundError`
        (which the web layer counts as a wrong guess)."""
        cleaned = code.strip().upper().replace("-", "").replace(" ", "")
        row = session.scalars(
            select(PlaySeat).where(PlaySeat.code_hash == hash_secret(cleaned))
        ).first()
        if row is not None:
            return row.table_id, row.seat, cleaned
        spent = session.scalars(
            select(PlaySeat).where(PlaySeat.code_hash == _spent_hash(cleaned))
        ).first()
        if spent is not None:
            raise ConflictError(SPENT_CODE)
        raise NotFoundError(f"No seat has the code {code}; check it with the host.")

    def redeem_code(self, table_id: str, seat: int, code: str) -> SeatTicket:
        """Seat one device with a short code (from :meth:`find_code`): a fresh token for
        the seat, the code spent and the seat's old token revoked, with ``reissue N`` in
        the log in the same transaction (so the old holder's sockets are closed)."""
        token = secrets.token_urlsafe(24)

        def swap(session: Session) -> None:
            row = session.get(PlaySeat, (table_id, seat))
            if row is None or row.code_hash != hash_secret(code):
                raise ConflictError(SPENT_CODE)  # another device redeemed it first
            row.token_hash, row.code_hash = hash_secret(token), _spent_hash(code)

        try:
            self.table_command(table_id, reissue_entry(seat), also=swap)
        except IllegalActionError:
            raise ConflictError(SPENT_CODE) from None  # the seat went to a computer player
        return SeatTicket(seat, HUMAN, token, None)

    # ------------------------------------------------------------------ the log
    def _append(
        self,
        table_id: str,
        *,
        seat: int,
        action: str,
        seq: int | None,
        check: bool = True,
        also: Callable[[Session], None] | None = None,
        guard: Callable[[TableState], None] | None = None,
    ) -> TableState:
        """Check and commit one entry (with ``also``'s changes, in the same transaction);
        tell ``on_commit`` only after the commit.

        Entries arriving together share one transaction (group commit): a durable commit
        costs a disk flush, and one flush for many tables is what lets a single SQLite file
        keep up with hundreds of moves a second.
        """
        wake = threading.Event()
        request = _Request(table_id, seat, action, seq, check, also, guard, wake=wake)
        if threading.current_thread() is self._writer:  # an on_commit hook moving again
            self._finish([request])
        else:
            self._enqueue(request)
            wake.wait()
        if request.error is not None:
            raise request.error
        assert request.state is not None
        state = request.state
        if (
            self.on_game_over is not None
            and state.config.event_id is not None
            and state.status == "over"
        ):
            self.on_game_over(table_id)
        return state

    def table_command(
        self, table_id: str, action: str, *, also: Callable[[Session], None] | None = None
    ) -> TableState:
        """An entry made by the table itself (seat ``-1``): ``seat N KIND`` or ``close``,
        for an event's director (``also`` runs in the same transaction)."""
        return self._append(table_id, seat=-1, action=action, seq=None, check=False, also=also)

    def submit(
        self,
        table_id: str,
        *,
        seat: int,
        action: str,
        seq: int,
        on_done: Callable[[BaseException | None], None],
    ) -> None:
        """Queue a seat's action for the next group commit without waiting (for the event
        loop: no thread hop per move). Like :meth:`act`, a committed move is told to
        ``on_commit``; then ``on_done`` gets None, or the refusal (both called in the
        writer thread)."""
        request = _Request(table_id, seat, canonical(action), seq, True, None)
        request.on_done = on_done
        self._enqueue(request)

    def _enqueue(self, request: _Request) -> None:
        with self._batch:
            self._queue.append(request)
            if self._writer is None:
                self._writer = threading.Thread(
                    target=self._write_loop, name="play-writer", daemon=True
                )
                self._writer.start()
            else:
                self._batch.notify()

    def _write_loop(self) -> None:
        """The one writer thread: commit everything queued, again and again; it ends after
        a few idle seconds (the next move starts another)."""
        while True:
            with self._batch:
                while not self._queue:
                    if not self._batch.wait(timeout=5.0) and not self._queue:
                        self._writer = None
                        connection, self._direct = self._direct, None
                        self.writer_pid = 0
                        if connection is not None:
                            with contextlib.suppress(Exception):
                                connection.close()
                        return
                batch, self._queue = self._queue, []
            self._finish(batch)

    def _finish(self, batch: list[_Request]) -> None:
        """Commit ``batch`` and tell each waiting caller what became of its move."""
        try:
            self._commit_batch(batch)
        except Exception as error:  # pragma: no cover - _commit_batch sorts its errors
            _log.exception("play: a group commit failed")
            for request in batch:
                if request.state is None and request.error is None:
                    request.error = StoreError(f"the move was not saved: {error}")
        finally:
            for request in batch:
                if request.state is None and request.error is None:
                    request.error = StoreError("the move was not saved; try again")
                request.done = True
                if request.wake is not None:
                    request.wake.set()
                if request.on_done is not None:
                    request.on_done(request.error)

    def _commit_batch(self, batch: list[_Request]) -> None:
        held: dict[str, threading.Lock] = {}
        applied: list[_Request] = []
        direct = self._notify and all(request.also is None for request in batch)
        try:
            try:
                with self._transaction(direct) as (session_of, write_rows):
                    moment = utc_now()
                    rows: list[dict[str, Any]] = []
                    for request in batch:
                        lock = held.get(request.table_id)
                        if lock is None:
                            lock = held[request.table_id] = self._lock(request.table_id)
                            lock.acquire()
                        try:
                            rows.append(self._stage(session_of, request, moment))
                            applied.append(request)
                        except EuchreError as error:
                            request.error = error
                    if rows:
                        write_rows(rows)
            except _WRITE_ERRORS as error:
                # Another worker took a seq first (PostgreSQL) or the database failed: the
                # cached states took moves that were not committed, so rebuild them from the
                # log, and try each move alone.
                for table_id in held:
                    with self._guard:
                        self._cache.pop(table_id, None)
                for lock in held.values():
                    lock.release()
                held = {}
                if len(batch) == 1:
                    request = batch[0]
                    request.state = None
                    if (
                        isinstance(error, _KEY_ERRORS)
                        and request.action in ANY_SEQ
                        and not request.retried
                    ):
                        # A sit that lost the race for its seq to another worker's entry
                        # does not depend on the seq: it goes in once more, at the next
                        # one, checked against the log.
                        request.retried = True
                        self._commit_batch([request])
                        return
                    request.error = (
                        StaleError(
                            f"stale seq {request.seq}: another move was made at the same moment"
                        )
                        if isinstance(error, _KEY_ERRORS)
                        else StoreError(f"the move was not saved: {error}")
                    )
                else:
                    for request in applied:
                        request.error = None
                        self._commit_batch([request])
                    for request in batch:
                        request.done = True
                    return
                applied = []
        finally:
            for lock in held.values():
                lock.release()
            for request in batch:
                request.done = True
        if self.on_commit is not None:
            for request in applied:
                self.on_commit(request.table_id, request.new_seq)

    @contextmanager
    def _transaction(
        self, direct: bool
    ) -> Iterator[tuple[Callable[[], Session], Callable[[list[dict[str, Any]]], None]]]:
        """One write transaction for a batch: a way to a session (for catch-up reads and
        ``also``) and a function that writes the batch's rows.

        ``direct`` (PostgreSQL, no ``also``): the rows and their rings go in one statement on
        the writer thread's own connection (autocommit: a statement is its own transaction,
        so a ring is delivered only once its entry is committed); one round trip a batch
        instead of BEGIN, INSERT, NOTIFY and COMMIT through a pooled session. The session is
        then opened only when a table must be read (a copy that is behind or missing)."""
        if not direct:
            with self.database.write() as session:

                def write_session_rows(rows: list[dict[str, Any]]) -> None:
                    session.execute(insert(_ACTIONS_TABLE), rows)  # Core, no ORM bulk path
                    if self._notify:
                        session.execute(
                            _NOTIFY_ALL,
                            {"channel": CHANNEL, "payloads": [_payload(row) for row in rows]},
                        )

                yield (lambda: session), write_session_rows
            return
        with contextlib.ExitStack() as stack:
            opened: list[Session] = []

            def session_of() -> Session:
                if not opened:
                    opened.append(stack.enter_context(self.database.read()))
                return opened[0]

            yield session_of, self._write_direct

    def _write_direct(self, rows: list[dict[str, Any]]) -> None:
        """Insert ``rows`` and ring for each in one autocommitted statement on the writer
        thread's connection (opened on first use; dropped after a failure)."""
        connection = self._direct
        if connection is None or connection.closed:
            connection = self._direct = psycopg.connect(
                psycopg_conninfo(self.database.url), autocommit=True
            )
            self.writer_pid = connection.info.backend_pid
        try:
            connection.execute(
                _INSERT_AND_RING,
                (
                    [row["table_id"] for row in rows],
                    [row["seq"] for row in rows],
                    [row["seat"] for row in rows],
                    [row["action"] for row in rows],
                    [row["at"] for row in rows],
                    CHANNEL,
                    [_payload(row) for row in rows],
                ),
                prepare=True,
            )
        except psycopg.IntegrityError:
            raise
        except BaseException:
            self._direct = None
            self.writer_pid = 0
            with contextlib.suppress(Exception):
                connection.close()
            raise

    def _stage(
        self, session_of: Callable[[], Session], request: _Request, moment: datetime
    ) -> dict[str, Any]:
        """Check one entry against the table's state, apply it to the cached state (called
        with the table's lock held until the commit) and return its row to insert.

        A move sent for the ``seq`` this process's copy is at needs no read of the log: if
        another worker wrote that entry first, the insert breaks the primary key and the
        batch is retried from the log (:meth:`_commit_batch`)."""
        cached = self._cache.get(request.table_id)
        if cached is not None and request.seq is not None and request.seq == cached.seq:
            state = cached
            with self._guard:
                if request.table_id in self._cache:
                    self._cache.move_to_end(request.table_id)
        else:
            state = self._catch_up(session_of(), request.table_id)
        oldest = 0 if request.action in ANY_SEQ else state.play_seq
        if request.seq is not None and not oldest <= request.seq <= state.seq:
            raise StaleError(
                f"stale seq {request.seq}: the table is at seq {state.seq}; "
                "fetch the view and try again"
            )
        if request.guard is not None:
            request.guard(state)
        elif request.check:
            legal = state.legal(request.seat)
            if legal_form(request.action) not in legal:
                raise ConflictError(state.refusal(request.seat, request.action, legal))
        else:
            state.seat_change_copy().apply(TABLE, request.action)  # raises naming the problem
        if request.also is not None:
            request.also(session_of())
        new_seq = state.seq + 1
        state.apply(request.seat, request.action, moment)
        request.state, request.new_seq = state, new_seq
        return {
            "table_id": request.table_id,
            "seq": new_seq,
            "seat": request.seat,
            "action": request.action,
            "at": moment,
        }

    def act(
        self, table_id: str, *, seat: int, action: str, seq: int, want_view: bool = True
    ) -> dict[str, Any] | None:
        """A seat's action at ``seq``; returns that seat's new view (if ``want_view``)."""
        text_form = canonical(action)
        if self.mark_back(table_id, seat):  # a human marked away moved: back at the table
            seq += 1
        state = self._append(table_id, seat=seat, action=text_form, seq=seq)
        if not want_view:
            return None
        with self._lock(table_id):
            return self._view(state, seat)

    def change_seat(
        self, table_id: str, *, host_token: str | None, target: int, kind: str
    ) -> SeatTicket:
        """Hand seat ``target`` to a human or a computer player, asked by the table's host
        (anyone else: :class:`ForbiddenError`, :data:`NOT_HOST`).

        A computer player takes over at once; a human takes a computer player's seat when
        the next hand is dealt and receives a new token and code (shown only now). ``human``
        on a human's seat re-opens it: a new token and code at once, the old holder's token
        revoked (``reissue N``).
        """
        if not 0 <= target <= 3:
            raise StoreError(f"seat {target} is not a seat 0-3")
        command = seat_entry(target, kind)
        with self.reading(table_id) as state:
            if state.config.event_id is not None:
                raise ForbiddenError(
                    "This table belongs to an event: only the director changes its seats."
                )
            if kind == HUMAN and state.pending_kinds.get(target, state.kinds[target]) == HUMAN:
                command = reissue_entry(target)
        if not self.is_host(table_id, host_token):
            raise ForbiddenError(NOT_HOST)
        token = code = None
        if kind == HUMAN:
            token, code = secrets.token_urlsafe(24), _short_code()

        def store_secrets(session: Session) -> None:
            row = session.get(PlaySeat, (table_id, target))
            if row is None:  # pragma: no cover - every table has four seat rows
                raise NotFoundError(f"no seat {target} at table {table_id!r}")
            if token is not None and code is not None:
                row.token_hash, row.code_hash = hash_secret(token), hash_secret(code)
                row.link_hash = row.token_hash  # a new link, not yet claimed by a device
            else:
                row.token_hash = row.code_hash = row.link_hash = None

        self._append(
            table_id, seat=HOST_SEAT, action=command, seq=None, check=False, also=store_secrets
        )
        return SeatTicket(target, kind, token, code)

    def say(self, table_id: str, *, seat: int, text: str) -> TableState:
        """Seat ``seat`` (the seat its token holds: never a field of the request) says
        ``text`` in the table's chat. Refused with a sentence for the player: chat off, free
        text where only presets are allowed, during a hand where talk waits for the hand's
        end (:class:`ConflictError`), too long (:class:`StoreError`), or more than
        the table's rate (:meth:`TableState.chat_too_fast`) (:class:`RateLimitedError`).
        """
        cleaned = " ".join(text.split())

        def guard(state: TableState) -> None:
            problem = state.chat_refusal(seat, cleaned)
            if problem is not None:
                if not cleaned or len(cleaned) > CHAT_LENGTH:
                    raise StoreError(problem)
                raise ConflictError(problem)
            too_fast = state.chat_too_fast(seat, self.clock())
            if too_fast is not None:
                raise RateLimitedError(too_fast, retry_after=CHAT_WINDOW)

        return self._append(
            table_id, seat=seat, action=say_entry(cleaned), seq=None, check=False, guard=guard
        )

    def set_chat(
        self, table_id: str, *, mode: str, host_token: str | None, director: bool = False
    ) -> TableState:
        """Change the table's chat (``chat MODE`` in the log): at a casual table its host
        only (:data:`NOT_HOST_CHAT` to anyone else), at an event's table its director only
        (``director``: the caller checked that)."""
        if mode not in CHAT_MODES:
            raise StoreError(
                f"unknown chat setting {mode!r}; choose one of {', '.join(sorted(CHAT_MODES))}"
            )
        with self.reading(table_id) as state:
            event = state.config.event_id is not None
        if event and not director:
            raise ForbiddenError(NOT_DIRECTOR_CHAT)
        if not event and not self.is_host(table_id, host_token):
            raise ForbiddenError(NOT_HOST_CHAT)
        return self.table_command(table_id, chat_entry(mode))

    def deck(self, table_id: str) -> dict[str, Any]:
        """The table's question deck: its text, its number (-1: the one it was opened with)
        and whether it may be changed now (before a game starts or after it ends)."""
        with self.reading(table_id) as state:
            return {
                "text": state.deck_text(),
                "number": state.deck_number,
                "editable": state.status != "playing" and state.config.event_id is None,
                "question_pile": state.profile.question_pile,
            }

    def set_deck(self, table_id: str, *, host_token: str | None, text: str) -> dict[str, Any]:
        """The host saves a new question deck for the table (anyone else:
        :class:`ForbiddenError`): kept in the table's row (``decks``, only appended) and put
        in play by the log entry ``deck N``, from the next game on; refused while a game is
        in play (:class:`ConflictError`) and for a deck that does not parse (the error names
        the line)."""
        if not self.is_host(table_id, host_token):
            raise ForbiddenError(NOT_HOST_DECK)
        QuestionDeck.parse(text, origin="the question deck")  # raises naming the line
        with self.reading(table_id) as state:
            if state.config.event_id is not None:
                raise ForbiddenError("This table belongs to an event: its questions are fixed.")
            if state.status == "playing":
                raise ConflictError(
                    "The questions can be changed only before the game starts or after it "
                    "ends; this game is in play."
                )
        with self.database.write() as session:
            row = session.get(PlayTable, table_id)
            if row is None:  # pragma: no cover - checked above
                raise NotFoundError(f"no play table {table_id!r}")
            config = TableConfig.model_validate(row.config)
            config = config.model_copy(update={"decks": (*config.decks, text)})
            row.config = config.model_dump(mode="json")
        number = len(config.decks) - 1
        with self._lock(table_id):
            cached = self._cache.get(table_id)
            if cached is not None and len(cached.config.decks) <= number:
                cached.config = config
        self.table_command(table_id, deck_entry(number))
        return self.deck(table_id)

    def reissued(self, table_id: str, seat: int) -> None:
        """Log ``reissue N`` after seat N's token was replaced elsewhere (an online night's
        player code): the old holder's sockets are closed. A table that refuses it (the
        seat is a computer player's now) has nothing to close."""
        with contextlib.suppress(IllegalActionError):
            self.table_command(table_id, reissue_entry(seat))

    def drop_window(self, config: TableConfig) -> float | None:
        """Seconds a dropped human of a table with ``config`` has before a computer player
        takes their seat (None: the table waits for its director)."""
        if config.drop_seconds is None:
            return None
        if self.drop_seconds_override is not None:
            return self.drop_seconds_override
        return float(config.drop_seconds)

    def mark_dropped(self, table_id: str, seat: int) -> bool:
        """Log ``drop N UNTIL`` (or ``drop N`` where the director decides): seat N's human
        lost their last connection during a game. Every seat is shown it with the countdown,
        on every worker (it is in the log); a computer player takes the seat at ``UNTIL``
        (``away N``, by whichever worker's driver or request gets there first). False when it
        does not apply (not a human's seat, no game in play, dropped already)."""
        with self.reading(table_id) as state:
            if state.status != "playing" or state.kinds[seat] != HUMAN or state.dropped[seat]:
                return False
            window = self.drop_window(state.config)
        if window is None:
            return self._table_entry(table_id, drop_entry(seat, None))
        return self._table_entry(table_id, drop_entry(seat, self.clock() + window))

    def mark_away(self, table_id: str, seat: int) -> bool:
        """Log ``away N``: seat N's human dropped and their time is up (or the caller says
        so: the director, a test), so a computer player moves for them until they come back
        (their token still works). False when that does not apply (not a human's seat, the
        game not in play, already away)."""
        with self.reading(table_id) as state:
            if state.status != "playing" or state.kinds[seat] != HUMAN or state.away[seat]:
                return False
        return self._table_entry(table_id, away_entry(seat))

    def mark_back(self, table_id: str, seat: int) -> bool:
        """Log ``back N``: seat N's human, dropped or away, is back (connected again, or a
        move of theirs); the computer player stops moving for them. False when the seat was
        neither."""
        state = self._cache.get(table_id)
        if state is not None and not (state.away[seat] or state.dropped[seat]):
            return False  # the usual case: nothing to read
        with self.reading(table_id) as state:
            if not (state.away[seat] or state.dropped[seat]):
                return False
        return self._table_entry(table_id, back_entry(seat))

    def away_seats(self, table_id: str) -> list[int]:
        """The seats dropped or away in this process's copy of the table (no query; may
        lag)."""
        state = self._cache.get(table_id)
        if state is None:
            return []
        return [seat for seat in range(4) if state.away[seat] or state.dropped[seat]]

    def _table_entry(self, table_id: str, action: str) -> bool:
        try:
            self._append(table_id, seat=-1, action=action, seq=None, check=False)
        except EuchreError:  # the table moved on meanwhile (another worker, the game ended)
            return False
        return True

    def entries_since(self, table_id: str, seq: int, viewer: int | None) -> list[dict[str, Any]]:
        """Log entries after ``seq`` as ``viewer`` may see them (for a reconnecting client)."""
        with self.database.read() as session:
            rows = session.execute(
                select(PlayAction.seq, PlayAction.seat, PlayAction.action)
                .where(PlayAction.table_id == table_id, PlayAction.seq > seq)
                .order_by(PlayAction.seq)
                .limit(500)
            ).all()
        with self.reading(table_id):  # the table exists (else 404)
            return [
                {"seq": number, "seat": seat, "action": public_entry(seat, action, viewer)}
                for number, seat, action in rows
            ]

    def records(self, table_id: str) -> list[dict[str, Any]]:
        """The finished hands as hand records."""
        with self.reading(table_id) as state:
            return state.records()

    # ------------------------------------------------------------------ the server's moves
    def pending_auto_move(self, table_id: str) -> AutoMove | None:
        """The move the server owes at this table, if any."""
        with self.reading(table_id) as state:
            seat = state.to_act
            if seat is not None and state.stands_in(seat) is not None:
                return AutoMove(state.seq, seat, True, 0.0)  # a computer player (or a stand-in)
            takeover = state.takeover_due()
            deadline = self._deadline(state) if seat is not None else None
            if takeover is not None and (deadline is None or takeover[1] <= deadline):
                return AutoMove(state.seq, takeover[0], False, takeover[1], takeover=True)
            if seat is None or deadline is None:
                return None
            return AutoMove(state.seq, seat, False, deadline)

    def auto_move(self, table_id: str, move: AutoMove) -> bool:
        """Make ``move`` if the table is still where it was; False when it moved on."""
        if move.takeover:
            with self.reading(table_id) as state:
                due = state.takeover_at[move.seat]
                if due is None or state.away[move.seat] or due > self.clock():
                    return False  # back meanwhile, taken already, or not yet
            return self.mark_away(table_id, move.seat)
        with self.reading(table_id) as state:
            if not state.play_seq <= move.seq <= state.seq or state.to_act != move.seat:
                return False  # the table moved on (a chat message is not a move)
            legal = state.legal(move.seat)
            kind = state.stands_in(move.seat) if move.bot else "rules"
            if kind is None:  # the human came back meanwhile
                return False
            view = state.player_view(move.seat)
            seed = state.config.seed
        if not legal:
            return False
        action = owed_action(
            legal,
            view,
            timed_out=not move.bot,
            seed=seed,
            seq=move.seq,
            bot=lambda: self._bot(table_id, move.seat, kind, seed),
        )
        try:
            self._append(table_id, seat=move.seat, action=action, seq=move.seq)
        except (StaleError, ConflictError):
            return False
        return True

    def _bot(self, table_id: str, seat: int, kind: str, seed: int) -> Bot:
        key = (table_id, seat, kind)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = make_bot(kind, seed * 4 + seat)
        return bot

    def hint(self, table_id: str, seat: int) -> tuple[str, str]:
        """What the strongest computer player would do here (the move's canonical text) and
        why, in a player's words (:func:`euchre.bots.advice.advise`)."""
        with self.reading(table_id) as state:
            if not state.config.hints:
                raise ConflictError("hints are off at this table")
            legal = state.legal(seat)
            if not legal:
                raise ConflictError("no hint: it is not your turn")
            view = state.player_view(seat)
            if view is None:
                return legal[0], "choose as you like: there are no cards to weigh here"
        with _HINT_LOCK:  # one pimc player answers every table's hints, one at a time
            advice = advise(_hint_bot(), view)
        return str(advice.action), advice.why

    def tables_owing_moves(self) -> list[str]:
        """Tables whose last entry is recent enough that a move may be owed (restart scan)."""
        since = utc_now() - timedelta(days=2)
        with self.database.read() as session:
            rows = session.execute(
                select(PlayAction.table_id)
                .where(PlayAction.at > since)
                .group_by(PlayAction.table_id)
            ).all()
        return [row[0] for row in rows]


_HINTS: dict[str, Bot] = {}
_HINT_LOCK = threading.Lock()


def _hint_bot() -> Bot:
    bot = _HINTS.get("pimc")
    if bot is None:
        bot = _HINTS["pimc"] = make_bot("pimc", 0)
    return bot


def _spent_hash(code: str) -> str:
    """What a redeemed short code leaves in its seat's row: it no longer opens the seat, and
    a second try is told it was used (not that it is wrong)."""
    return hash_secret(f"spent:{code}")


def _payload(row: dict[str, Any]) -> str:
    """The ring for a log row about to be committed."""
    return ring_payload(row["table_id"], row["seq"], row["seat"], row["action"], row["at"])
