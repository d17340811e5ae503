"""Web test set-up: a served ``euchre serve``. Chromium's launch options and the
screenshot folder are shared by every browser test (``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.served import EuchreServer
from tests.store.factory import director_client, sqlite_url


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    """A fresh app and SQLite database with a logged-in director."""
    return director_client(sqlite_url(tmp_path))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[EuchreServer]:
    """``euchre serve`` on 127.0.0.1 (free port) with a fresh SQLite file; stopped after."""
    server = EuchreServer(f"sqlite:///{tmp_path / 'euchre.db'}", tmp_path).start()
    try:
        yield server
    finally:
        server.stop()
