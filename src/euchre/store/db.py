"""Database engines, sessions and automatic migrations.

SQLite (the default, a file in the current folder) runs in WAL mode with foreign keys on and
``synchronous=FULL``, so a committed score survives a crash or power cut. Writes open with
``BEGIN IMMEDIATE`` so two workers never deadlock on a read that turns into a write; reads use
a plain deferred transaction and never block a writer. PostgreSQL is used when the URL says so.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from typing import Any, TypeVar

from sqlalchemy import Engine, Select, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import Session, sessionmaker

from euchre.store.errors import NotFoundError

__all__ = [
    "DEFAULT_DATABASE_URL",
    "Database",
    "database_url_from_environment",
    "migrate",
    "the_row",
]

T = TypeVar("T")

DEFAULT_DATABASE_URL = "sqlite:///./euchre.db"

_SQLITE_BUSY_TIMEOUT_MS = 30_000
_THREADS_SQLITE = 8
"""Requests a worker runs at once on SQLite (writes take turns anyway; reads need few)."""


def the_row(session: Session, query: Select[T], missing: str) -> T:
    """The row ``query`` selects; ``NotFoundError(missing)`` when there is none."""
    row = session.scalar(query)
    if row is None:
        raise NotFoundError(missing)
    return row


def database_url_from_environment() -> str:
    """``DATABASE_URL`` from the environment, else a SQLite file in the current folder."""
    return os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL


def _postgres_pool_size() -> int:
    """Connections each worker keeps to PostgreSQL (``EUCHRE_DB_POOL_SIZE``, default 4).

    A worker runs as many requests at once as it has connections. Four are enough to cover
    the database's round trips (a worker's Python runs one thread at a time anyway); with
    eight, the 4-worker table benchmark on two cores spent more CPU per request on threads
    taking turns and on twice as many database server processes (bench/notes/web-load.md,
    sixth pass)."""
    text = os.environ.get("EUCHRE_DB_POOL_SIZE", "").strip()
    if not text:
        return 4
    if not text.isdigit() or not 1 <= int(text) <= 100:
        raise ValueError(f"EUCHRE_DB_POOL_SIZE must be a whole number from 1 to 100, got {text!r}")
    return int(text)


def _normalize_url(url: str) -> str:
    """Let ``postgresql://`` URLs use psycopg 3 (the driver this project installs)."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def _sqlite_engine(url: str, *, immediate: bool) -> Engine:
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": _SQLITE_BUSY_TIMEOUT_MS / 1000},
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take over transaction control from pysqlite so BEGIN is ours to choose.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={_SQLITE_BUSY_TIMEOUT_MS}")
        cursor.close()

    begin_statement = "BEGIN IMMEDIATE" if immediate else "BEGIN"

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql(begin_statement)

    return engine


_PING_AFTER_IDLE_S = 1.0
"""A pooled PostgreSQL connection idle this long is pinged before it is handed out."""


def _ping_idle_connections(engine: Engine) -> None:
    """Ping a pooled connection before use only when it sat idle ``_PING_AFTER_IDLE_S``.

    ``pool_pre_ping`` costs a round trip (and a statement on the server) before every
    request. A connection used a moment ago is alive; one that sat idle may have been cut by
    a database restart, and is pinged and replaced if dead (SQLAlchemy's pessimistic
    disconnect recipe). A connection that dies during a burst fails its request like any
    statement would, and SQLAlchemy then invalidates the whole pool, so the next requests
    reconnect."""

    @event.listens_for(engine, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info["euchre_idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _on_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.pop("euchre_idle_since", None)
        if idle_since is None or time.monotonic() - idle_since < _PING_AFTER_IDLE_S:
            return  # a new connection, or one used a moment ago
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            raise DisconnectionError(f"a pooled connection is dead: {error}") from error
        if not alive:
            raise DisconnectionError("a pooled connection is dead")


class Database:
    """The engines and session factories for one database URL (one per web app)."""

    def __init__(self, url: str) -> None:
        self.url = _normalize_url(url)
        self.is_sqlite = make_url(self.url).get_backend_name() == "sqlite"
        if self.is_sqlite:
            self.read_engine = _sqlite_engine(self.url, immediate=False)
            self.write_engine = _sqlite_engine(self.url, immediate=True)
        else:
            # A fixed pool, no overflow: a burst of requests waits for one of the worker's
            # connections instead of opening (and closing) a new server process each time,
            # which made the cost of a request grow with the number of tables at once.
            self.write_engine = create_engine(
                self.url,
                pool_size=_postgres_pool_size(),
                max_overflow=0,
                pool_timeout=60,
                # psycopg prepares a statement on a connection after its 5th run there by
                # default; with 8 connections per worker most of a night's statements ran
                # unprepared (parsed and planned by the server each time). The app's
                # statements are few and fixed: prepare each on its first run.
                connect_args={"prepare_threshold": 0},
            )
            _ping_idle_connections(self.write_engine)
            # Reads run without BEGIN/ROLLBACK (two round trips fewer per table page). At
            # PostgreSQL's READ COMMITTED each statement sees its own snapshot anyway, so a
            # read transaction added no consistency. Same pool as the writes.
            self.read_engine = self.write_engine.execution_options(isolation_level="AUTOCOMMIT")
        self.concurrency = _THREADS_SQLITE if self.is_sqlite else _postgres_pool_size()
        """How many requests a worker should run at once (its connections)."""
        self._reader = sessionmaker(self.read_engine, expire_on_commit=False)
        self._writer = sessionmaker(self.write_engine, expire_on_commit=False)

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading only (on PostgreSQL each statement commits by itself, so
        nothing may be written through it); closing it ends the transaction (objects stay
        readable)."""
        with self._reader() as session:
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session for one write transaction: committed (durably) on success, else rolled
        back."""
        with self._writer() as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    def migrate(self) -> None:
        """Bring the schema up to the newest migration."""
        migrate(self.url, engine=self.write_engine)

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.read_engine.dispose()
        self.write_engine.dispose()


def migrate(url: str, *, engine: Engine | None = None) -> None:
    """Apply every Alembic migration not yet applied to the database at ``url``.

    On PostgreSQL an advisory lock makes several workers starting at once take turns.
    """
    from alembic import command
    from alembic.config import Config

    own_engine = engine is None
    target = engine if engine is not None else Database(url).write_engine
    script_location = str(resources.files("euchre.store").joinpath("migrations"))
    config = Config()
    config.set_main_option("script_location", script_location)
    config.set_main_option("sqlalchemy.url", _normalize_url(url).replace("%", "%%"))
    try:
        with target.connect() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_lock(424242)"))
                connection.commit()
            try:
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
            finally:
                if connection.dialect.name == "postgresql":
                    connection.execute(text("SELECT pg_advisory_unlock(424242)"))
                    connection.commit()
    finally:
        if own_engine:
            target.dispose()
