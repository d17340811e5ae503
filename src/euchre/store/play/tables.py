"""The replayed play tables this process keeps, brought up to the log when they may be behind.

Each process keeps the replayed state of the tables it serves (at most
:data:`CACHE_TABLES`, the least recently used dropped first), advanced by its own commits
(:mod:`euchre.store.play.writer`) and by the entries the PostgreSQL doorbell carries
(:meth:`TableCache.apply_committed`), and catches up by reading only the entries after the
ones it has (one small query) when it may be behind. Every read of a table goes through here,
under the table's lock; so do the views built from it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import Table, bindparam, select
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.play.log import public_entry
from euchre.play.messages import MissedEntry
from euchre.play.table import TableConfig, TableState
from euchre.store.db import Database
from euchre.store.errors import NotFoundError, StoreError
from euchre.store.models import PlayAction, PlayTable

__all__ = ["CACHE_TABLES", "TableCache"]

CACHE_TABLES = 4096
"""How many tables' states one process keeps."""

_ACTIONS: Table = PlayAction.__table__  # type: ignore[assignment]
_ENTRIES_AFTER = (
    select(_ACTIONS.c.seq, _ACTIONS.c.seat, _ACTIONS.c.action, _ACTIONS.c.at)
    .where(_ACTIONS.c.table_id == bindparam("table_id"), _ACTIONS.c.seq > bindparam("after"))
    .order_by(_ACTIONS.c.seq)
)
"""A table's log entries after the copy's, built once: every socket's opening and every read
of a table runs it (a connect storm's 800 times in 5 s), and building the statement anew
cost about as much as running it."""


class TableCache:
    """This process's copies of the play tables of one database, one lock per table."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._states: OrderedDict[str, TableState] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self.on_evict: Callable[[str], None] | None = None
        """Told the id of each table whose copy is dropped to make room (the computer
        players kept for it go too)."""

    def get(self, table_id: str) -> TableState | None:
        """This process's copy of the table, as it is (no query; None when not kept; may lag:
        read it under :meth:`lock`, or only for a hint)."""
        return self._states.get(table_id)

    def remember(self, state: TableState) -> None:
        """Keep ``state`` as the table's copy where none is kept yet (a table this process
        has just opened: its first socket then reads no row to build it)."""
        with self.lock(state.table_id):
            if state.table_id not in self._states:
                self._keep(state)

    def forget(self, table_id: str) -> None:
        """Drop the copy (it took entries that were not committed, or its configuration is
        older than the log): the next read rebuilds it from the log."""
        with self._guard:
            self._states.pop(table_id, None)

    def touch(self, table_id: str) -> None:
        """Mark the copy as just used (the last to be dropped for room)."""
        with self._guard:
            if table_id in self._states:
                self._states.move_to_end(table_id)

    def update_config(self, table_id: str, config: TableConfig) -> None:
        """Give the copy ``config`` (a question deck saved) when it holds fewer decks."""
        with self.lock(table_id):
            cached = self._states.get(table_id)
            if cached is not None and len(cached.config.decks) < len(config.decks):
                cached.config = config

    def lock(self, table_id: str) -> threading.Lock:
        """The lock that holds ``table_id``'s copy still (one per table)."""
        with self._guard:
            lock = self._locks.get(table_id)
            if lock is None:
                lock = self._locks[table_id] = threading.Lock()
            return lock

    def catch_up(self, session: Session, table_id: str) -> TableState:
        """The cached state brought up to the log (call with the table's lock held)."""
        state = self._states.get(table_id)
        fresh = state is None
        if state is None:
            row = session.get(PlayTable, table_id)
            if row is None:
                raise NotFoundError(f"no play table {table_id!r}")
            state = TableState.new(table_id, TableConfig.model_validate(row.config))
        entries = (
            session.connection()
            .execute(_ENTRIES_AFTER, {"table_id": table_id, "after": state.seq})
            .all()
        )
        for seq, seat, action, at in entries:
            if seq != state.seq + 1:  # pragma: no cover - the primary key forbids gaps
                raise StoreError(f"table {table_id}: log entry {state.seq + 1} is missing")
            try:
                state.apply(seat, action, at)
            except EuchreError:
                # A copy whose configuration is older than the log (the host saved a deck
                # on another worker): rebuild it from the table's row.
                with self._guard:
                    self._states.pop(table_id, None)
                if fresh:  # pragma: no cover - a copy built from the row applies every entry
                    raise
                return self.catch_up(session, table_id)
        self._keep(state)
        return state

    def _keep(self, state: TableState) -> None:
        """Keep ``state`` as its table's copy, the last to be dropped for room."""
        with self._guard:
            self._states[state.table_id] = state
            self._states.move_to_end(state.table_id)
            while len(self._states) > CACHE_TABLES:
                evicted, _ = self._states.popitem(last=False)
                if self.on_evict is not None:
                    self.on_evict(evicted)

    @contextmanager
    def reading(self, table_id: str) -> Iterator[TableState]:
        """The table's current state, held still while the caller reads it."""
        with self.database.read() as session, self.lock(table_id):
            yield self.catch_up(session, table_id)

    def view(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """``seat``'s view (``None``: the spectators')."""
        with self.reading(table_id) as state:
            return state.view(seat, deadline=state.turn_deadline())

    def views(
        self, table_id: str, seats: set[int | None]
    ) -> tuple[int, dict[int | None, dict[str, Any]]]:
        """The current ``seq`` and the view of each of ``seats``, from one moment."""
        with self.reading(table_id) as state:
            return state.seq, state.views(seats, deadline=state.turn_deadline())

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
        if at_least is not None and table_id in self._states:
            with self.lock(table_id):
                state = self._states.get(table_id)
                if entry is not None and state is not None and state.seq == entry[0] - 1:
                    try:
                        state.apply(*entry[1:])
                    except EuchreError:  # pragma: no cover - a committed entry applies
                        with self._guard:
                            self._states.pop(table_id, None)
                        state = None
                if state is not None and state.seq >= at_least:
                    return state.seq, state.view_texts(seats, deadline=state.turn_deadline())
        with self.reading(table_id) as state:
            return state.seq, state.view_texts(seats, deadline=state.turn_deadline())

    def cached_view_texts(
        self, table_id: str, seats: set[int | None], at_least: int
    ) -> tuple[int, dict[int | None, str]] | None:
        """Like :meth:`view_texts` from this process's copy without touching the database,
        when that copy already holds entry ``at_least`` and nobody is changing it; else
        None."""
        with self._cached(table_id, at_least) as state:
            if state is None:
                return None
            return state.seq, state.view_texts(seats, deadline=state.turn_deadline())

    @contextmanager
    def _cached(self, table_id: str, at_least: int) -> Iterator[TableState | None]:
        """This process's copy of the table, held under its lock, when the copy holds entry
        ``at_least`` and nobody is changing it; else None (without waiting)."""
        state = self._states.get(table_id)
        if state is None or state.seq < at_least:
            yield None
            return
        lock = self.lock(table_id)
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
        state = self._states.get(table_id)
        if state is None:
            return False
        if state.seq >= seq:  # already there (the copy may be past it, a commit under way)
            return True
        lock = self.lock(table_id)
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
                    self._states.pop(table_id, None)
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

    def entries_since(self, table_id: str, seq: int, viewer: int | None) -> list[MissedEntry]:
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
                MissedEntry(seq=number, seat=seat, action=public_entry(seat, action, viewer))
                for number, seat, action in rows
            ]

    def records(self, table_id: str) -> list[dict[str, Any]]:
        """The finished hands as hand records."""
        with self.reading(table_id) as state:
            return state.records()
