"""Web test set-up: a served ``euchre serve``. Chromium's launch options and the
screenshot folder are shared by every browser test (``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.served import EuchreServer
from tests.shared_servers import served_for, shared_server
from tests.store.factory import director_client, sqlite_url

from euchre.store.models import utc_now


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    """A fresh app and SQLite database with a logged-in director."""
    return director_client(sqlite_url(tmp_path))


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
def still_clock(monkeypatch: pytest.MonkeyPatch) -> datetime:
    """The rate limiter's clock stands still for the test: a block of a second or two after
    the sixth or seventh wrong code does not run out between two requests on a loaded
    machine. What such a test checks is the block, not the clock."""
    moment = utc_now()
    monkeypatch.setattr("euchre.store.ratelimit.utc_now", lambda: moment)
    return moment
