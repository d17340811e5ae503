"""Issue 13 on PostgreSQL: the mixed night (one table online, one on paper, the bell) and
an undone round, with the play service's group commit and doorbell on a real server
(skipped without PostgreSQL binaries)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from euchre.web.app import create_app
from tests.online import test_online_mixed, test_online_store
from tests.store.factory import PASSWORD

pytestmark = pytest.mark.postgres


@pytest.fixture
def pg_director(postgres_database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A director's client (lifespan running) on a fresh PostgreSQL database."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    app = create_app(postgres_database)
    try:
        with TestClient(app, base_url="http://127.0.0.1") as client:
            answer = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
            assert answer.status_code == 200, answer.text
            client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
            yield client
    finally:
        app.state.database.dispose()


def test_mixed_night_on_postgresql(pg_director: TestClient, tmp_path: Path) -> None:
    test_online_mixed.test_mixed_night_one_table_online_one_on_paper_and_the_bell_ends_the_online_game(
        pg_director, tmp_path
    )


def test_undo_on_postgresql(pg_director: TestClient) -> None:
    test_online_store.test_undoing_a_round_takes_its_online_tables_back(pg_director)
