"""Play test set-up: the app on a fresh SQLite file with computer players moving at once,
and Chromium (Debian's) for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from euchre.web.app import create_app
from tests.databases import fresh_sqlite_url
from tests.served import EuchreServer
from tests.shared_servers import served_for, shared_server


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A TestClient (lifespan running, so bots move) on a fresh database."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    app = create_app(fresh_sqlite_url(tmp_path, "play.db"))
    with TestClient(app) as test_client:
        yield test_client


QUICK_PLAY = {"EUCHRE_PLAY_BOT_DELAY": "0.02", "EUCHRE_PLAY_CREATE_PER_MINUTE": "1000"}
"""The served app's play settings: computer players quick, tables opened without a limit."""


@pytest.fixture(scope="session")
def play_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EuchreServer]:
    """The test worker's one ``euchre serve`` for the modules marked ``shared_server``."""
    yield from shared_server(tmp_path_factory, "play-server", QUICK_PLAY)


@pytest.fixture
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EuchreServer]:
    """``euchre serve`` on 127.0.0.1, computer players quick: the worker's shared one in a
    module marked ``shared_server`` (its tests each open their own table), else a server of
    the test's own on a fresh SQLite file, stopped after."""
    yield from served_for(request, "play_server", tmp_path, QUICK_PLAY)
