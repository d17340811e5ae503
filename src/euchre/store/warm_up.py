"""Warming a worker up at start-up, so the first tables of the night do not pay for it: the
pool's connections opened, the table requests' statements compiled by SQLAlchemy and prepared
on each connection by psycopg, the codec's adapters of the values they read and write built,
the built-in rule profiles loaded.

Nothing is written: every statement runs with parameters that match no row (a table code no
table has, row number 0), the reads as a table page runs them, the locking reads and updates
in a transaction that has changed nothing when it ends. The inserts of a score, a result and
an audit entry are not run: on PostgreSQL even a rolled-back insert takes a number from its
table's sequence, and an audit log with gaps in its numbers would look edited.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection
from sqlalchemy.orm import Session

from euchre.engine.profile import BUILTIN_PROFILES, load_profile
from euchre.store.access.ratelimit import defer_rate_limit
from euchre.store.db import Database
from euchre.store.errors import NotFoundError
from euchre.store.models import StartedPlan
from euchre.store.scoring import submissions, table_lookup
from euchre.tournament import EventConfig, TableResult, codec

__all__ = ["NO_TABLE_CODE", "warm_up_table_requests"]

NO_TABLE_CODE = "-"
"""A code no table has (codes are five letters or digits): the lookups it runs find nothing."""


def _table_lookup(session: Session, *, lock: bool) -> None:
    """A table request's lookup, with its wrong-code check, for a code no table has."""
    defer_rate_limit(session, key="warm-up")
    with contextlib.suppress(NotFoundError):
        table_lookup.open_table(session, code=NO_TABLE_CODE, lock=lock)


def _run_on(connection: Connection, *, write: bool) -> None:
    """The table requests' statements on ``connection``: a page's reads, or (``write``) a
    score's and a confirmation's locking reads and updates too.

    The transaction is committed when nothing matched (nothing was written, so nothing is
    committed: PostgreSQL does not even write a commit record), and rolled back otherwise
    (which cannot happen: no row has number 0). A rollback would undo the warm-up: psycopg
    forgets every statement it prepared on a connection at each ``ROLLBACK``."""
    with Session(bind=connection) as session:
        _table_lookup(session, lock=write)
        table_lookup.warm_up_statements(session)
        if submissions.warm_up_statements(session, write=write) == 0:
            session.commit()
        else:  # pragma: no cover - no row has number 0
            session.rollback()


@contextmanager
def _connections(database: Database, count: int) -> Iterator[list[Connection]]:
    """``count`` connections of the write engine's pool, held at once (so the pool opens that
    many), closed (back to the pool) afterwards."""
    held: list[Connection] = []
    try:
        for _ in range(count):
            held.append(database.write_engine.connect())
        yield held
    finally:
        for connection in held:
            connection.close()


def warm_up_table_requests(database: Database) -> int:
    """Open the worker's connections and run the table requests' statements on each (on
    SQLite, one connection of each engine: its connections are cheap to open and its
    statements are not prepared by a server); build the adapters of a round's seating, an
    event's configuration and a table's result (a few milliseconds each) and load the
    built-in rule profiles. The number of connections warmed."""
    codec.prepare(StartedPlan, EventConfig, TableResult)
    for profile_id in BUILTIN_PROFILES:
        load_profile(profile_id)
    if database.is_sqlite:
        with database.read_engine.connect() as connection:
            _run_on(connection, write=False)
        with database.write_engine.connect() as connection:
            _run_on(connection, write=True)
        return 1
    with _connections(database, database.concurrency) as held:
        for connection in held:
            _run_on(connection, write=True)
            # Reads run in autocommit on PostgreSQL, on the same pool (``Database.read``);
            # the pool sets a connection back to its default level when it comes back.
            connection.execution_options(isolation_level="AUTOCOMMIT")
            _run_on(connection, write=False)
        return len(held)
