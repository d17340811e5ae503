"""Web test set-up: a served ``euchre serve``. Chromium's launch options and the
screenshot folder are shared by every browser test (``tests/conftest.py``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser
from tests.pgcluster import fresh_postgres_database
from tests.served import EuchreServer
from tests.shared_servers import served_for, shared_server
from tests.store.factory import director_client, sqlite_url
from tests.web.night import Night

from euchre.store.models import utc_now
from euchre.tournament.sheets import use_user_sheets


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A fresh app and SQLite database with a logged-in director. The club's sheets folder is
    the one beside that database (not one named by the shell), and a club sheet the test adds
    leaves with it."""
    monkeypatch.delenv("EUCHRE_SHEETS_DIR", raising=False)
    yield director_client(sqlite_url(tmp_path))
    use_user_sheets([])


@pytest.fixture
def postgres_client(request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """A fresh app with a logged-in director on a fresh PostgreSQL database: the test
    cluster's, or the server ``EUCHRE_TEST_POSTGRES_URL`` names (skipped without either)."""
    try:
        server = str(request.getfixturevalue("postgres_url"))
    except pytest.FixtureLookupError:
        server = os.environ.get("EUCHRE_TEST_POSTGRES_URL", "")
    if not server:
        pytest.skip("no PostgreSQL server (postgres_url fixture or EUCHRE_TEST_POSTGRES_URL)")
    with fresh_postgres_database(server, "euchre_api") as url:
        director = director_client(url)
        try:
            yield director
        finally:
            director.app.state.database.dispose()  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EuchreServer]:
    """The test worker's one ``euchre serve`` for the modules marked ``shared_server``."""
    yield from shared_server(tmp_path_factory, "web-server")


@pytest.fixture
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EuchreServer]:
    """``euchre serve`` on 127.0.0.1 (free port): the worker's shared one in a module marked
    ``shared_server`` (its tests each make their own event), else a server of the test's own
    on a fresh SQLite file, stopped after (a test that sets up the director or reads the whole
    club needs that)."""
    yield from served_for(request, "web_server", tmp_path)


@pytest.fixture
def night(browser: Browser, served: EuchreServer, artifacts: Path) -> Iterator[Night]:
    """One evening on the served app: the director's laptop page and API client, closed with
    every phone the test opened once it ends (``tests/web/night.py``)."""
    evening = Night(browser, served, artifacts)
    try:
        yield evening
    finally:
        evening.close()


@pytest.fixture
def still_clock(monkeypatch: pytest.MonkeyPatch) -> datetime:
    """The rate limiter's clock stands still for the test: a block of a second or two after
    the sixth or seventh wrong code does not run out between two requests on a loaded
    machine. What such a test checks is the block, not the clock."""
    moment = utc_now()
    monkeypatch.setattr("euchre.store.access.ratelimit.utc_now", lambda: moment)
    return moment
