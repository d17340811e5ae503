"""Storage tests run against SQLite and, when a server is available, PostgreSQL.

PostgreSQL comes from the ``postgres_url`` fixture (the throwaway cluster the shared test
set-up starts) or from ``EUCHRE_TEST_POSTGRES_URL``; without either those cases are skipped.
Each PostgreSQL case gets its own fresh database.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.store.db import Database
from tests.pgcluster import fresh_postgres_database


def _server_url(request: pytest.FixtureRequest) -> str | None:
    try:
        return str(request.getfixturevalue("postgres_url"))
    except pytest.FixtureLookupError:
        return os.environ.get("EUCHRE_TEST_POSTGRES_URL") or None


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    server = _server_url(request)
    if server is None:
        pytest.skip("no PostgreSQL server (postgres_url fixture or EUCHRE_TEST_POSTGRES_URL)")
    with fresh_postgres_database(server, "euchre") as url:
        yield url


@pytest.fixture
def store(database_url: str) -> Iterator[Database]:
    """The store on a fresh database of each kind, migrated to the newest schema."""
    database = Database(database_url)
    database.migrate()
    yield database
    database.dispose()
