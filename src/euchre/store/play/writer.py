"""The play log's writer: every entry is checked against the table, committed, then told.

The log (``play_actions``) is the truth: an entry is committed before anyone is told, and a
table's state is rebuilt by replaying it. Two writers racing for the same ``seq`` cannot both
win: ``(table_id, seq)`` is the primary key, and a move sent for the ``seq`` a process's copy
holds is checked against that copy alone (the key refuses it if another worker got there
first). Commits go through one writer thread per process (group commit); on PostgreSQL each
committed entry rings the doorbell (:mod:`euchre.store.play.doorbell`) for the other workers.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg
from sqlalchemy import Table, insert, text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.play.log import TABLE, EntryKind, canonical, legal_form
from euchre.play.rematch import ACCEPT, OFFER_SWAP
from euchre.play.table import ANY_SEQ, TableState, TableStatus
from euchre.store.db import Database
from euchre.store.errors import ConflictError, StoreError
from euchre.store.models import PlayAction, utc_now
from euchre.store.play.doorbell import CHANNEL, psycopg_conninfo, ring_payload
from euchre.store.play.errors import StaleError
from euchre.store.play.tables import TableCache

__all__ = ["LogWriter"]

_log = logging.getLogger(__name__)

_ACTIONS_TABLE: Table = PlayAction.__table__  # type: ignore[assignment]
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


class LogWriter:
    """Commits play log entries for one database, in groups, from one writer thread."""

    def __init__(self, database: Database, tables: TableCache) -> None:
        self.database = database
        self.tables = tables
        self.on_commit: Callable[[str, int], None] | None = None
        """Told each committed entry (table, seq), after the commit, in the writer thread."""
        self.on_game_over: Callable[[str], None] | None = None
        """Called (after the commit, in the committing thread) when an entry leaves an
        event's table over: the online club night records the result from it."""
        self.on_seats_moved: Callable[[Session, str, dict[int, int]], None] | None = None
        """Moves the seats' stored secrets when an entry moved the players (old seat → new
        seat), in the entry's transaction (:mod:`euchre.store.play.seats` sets it)."""
        self._notify = not database.is_sqlite
        self._queue: list[_Request] = []
        self._batch = threading.Condition()
        self._writer: threading.Thread | None = None
        self._direct: psycopg.Connection[Any] | None = None  # the writer thread's (PostgreSQL)
        self.writer_pid = 0
        """The PostgreSQL backend pid of the writer's connection (0: none): the rings it
        sends are this process's own commits, already told to its sockets."""

    def append(
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
            and state.status is TableStatus.OVER
        ):
            self.on_game_over(table_id)
        return state

    def table_command(
        self, table_id: str, action: str, *, also: Callable[[Session], None] | None = None
    ) -> TableState:
        """An entry made by the table itself (seat ``-1``): ``seat N KIND`` or ``close``,
        for an event's director (``also`` runs in the same transaction)."""
        return self.append(table_id, seat=-1, action=action, seq=None, check=False, also=also)

    def table_entry(self, table_id: str, action: str) -> bool:
        """Log ``action`` as the table's own entry; False when the table refuses it (it moved
        on meanwhile: another worker, the game ended)."""
        try:
            self.append(table_id, seat=-1, action=action, seq=None, check=False)
        except EuchreError:
            return False
        return True

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
        direct = self._notify and all(
            request.also is None and not _may_move_seats(request.action) for request in batch
        )
        try:
            try:
                with self._transaction(direct) as (session_of, write_rows):
                    moment = utc_now()
                    rows: list[dict[str, Any]] = []
                    for request in batch:
                        lock = held.get(request.table_id)
                        if lock is None:
                            lock = held[request.table_id] = self.tables.lock(request.table_id)
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
                    self.tables.forget(table_id)
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
        cached = self.tables.get(request.table_id)
        if cached is not None and request.seq is not None and request.seq == cached.seq:
            state = cached
            self.tables.touch(request.table_id)
        else:
            state = self.tables.catch_up(session_of(), request.table_id)
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
        if state.seat_moves and self.on_seats_moved is not None:
            # The players moved (a rematch, partners swapped): their secrets move with them,
            # in the entry's own transaction.
            self.on_seats_moved(session_of(), request.table_id, state.seat_moves)
        request.state, request.new_seq = state, new_seq
        return {
            "table_id": request.table_id,
            "seq": new_seq,
            "seat": request.seat,
            "action": request.action,
            "at": moment,
        }


def _may_move_seats(action: str) -> bool:
    """Whether an entry may move the players (the last acceptance of a rematch with partners
    swapped, or a player leaving so that everyone left has accepted): it goes through a
    session, whose transaction moves the seats' rows too."""
    return action in (ACCEPT, OFFER_SWAP) or action.startswith(f"{EntryKind.LEAVE.value} ")


def _payload(row: dict[str, Any]) -> str:
    """The ring for a log row about to be committed."""
    return ring_payload(row["table_id"], row["seq"], row["seat"], row["action"], row["at"])
