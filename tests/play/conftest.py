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


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A TestClient (lifespan running, so bots move) on a fresh database."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    app = create_app(fresh_sqlite_url(tmp_path, "play.db"))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EuchreServer]:
    """``euchre serve`` on 127.0.0.1 with a fresh SQLite file; computer players quick."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0.02")
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    server = EuchreServer(fresh_sqlite_url(tmp_path), tmp_path).start()
    try:
        yield server
    finally:
        server.stop()
