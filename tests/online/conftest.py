"""Online club night test set-up: the app (lifespan running, so computer players move at
once) with a logged-in director, on a fresh SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from euchre.web.app import create_app
from euchre.web.online.routes import POLL_VARIABLE
from tests.databases import fresh_sqlite_url
from tests.served import EuchreServer
from tests.store.factory import PASSWORD

__all__ = ["director", "served"]


@pytest.fixture
def director(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A director's client; computer players move with zero delay."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    app = create_app(fresh_sqlite_url(tmp_path, "online.db"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        response = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
        assert response.status_code == 200, response.text
        client.headers["X-CSRF-Token"] = response.json()["csrf_token"]
        yield client


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EuchreServer]:
    """``euchre serve`` on 127.0.0.1 with a fresh SQLite file; computer players at once, and
    the seat finder and the director's live page asking again every half second (3 s and 5 s
    on a club night: a test waited out one of those at each step it checks on them)."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    monkeypatch.setenv(POLL_VARIABLE, "500")
    server = EuchreServer(fresh_sqlite_url(tmp_path), tmp_path).start()
    try:
        yield server
    finally:
        server.stop()
