"""A route that writes takes its transaction as a dependency (``WriteSession``); the commit
must happen before the answer goes out, so a change that could not be saved is never answered
as saved, and the next request reads what the last one said it saved."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session
from starlette.types import Message, Receive, Scope, Send
from tests.store.factory import add_teams, create_event, director_client, report_round, sqlite_url


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The director's client, answering a server error as a 500 (as a browser sees it)
    instead of raising it in the test."""
    logged_in = director_client(sqlite_url(tmp_path))
    with TestClient(
        logged_in.app,
        base_url="http://127.0.0.1",
        raise_server_exceptions=False,
        headers=dict(logged_in.headers),
        cookies=dict(logged_in.cookies),
    ) as browser:
        yield browser


def _commits_fail(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    def commit(_session: Session) -> None:
        raise error

    monkeypatch.setattr(Session, "commit", commit)


def _table_1_points(client: TestClient, event_id: int) -> list[int]:
    tables = client.get(f"/api/events/{event_id}/rounds/1").json()["tables"]
    points: list[int] = next(row for row in tables if row["table"] == 1)["team_points"]
    return points


def test_a_correction_that_could_not_be_saved_is_refused_and_the_score_stands(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = create_event(client)
    add_teams(client, event_id, 4)
    client.post(f"/api/events/{event_id}/rounds")
    report_round(client, event_id, 1, (10, 4))
    with monkeypatch.context() as clash:
        _commits_fail(clash, IntegrityError("COMMIT", {}, Exception("another change won")))
        corrected = client.put(
            f"/api/events/{event_id}/rounds/1/tables/1/result",
            json={"team_points": [4, 10], "reason": "sheet misread"},
        )
    assert corrected.status_code == 409, corrected.text
    assert corrected.json()["detail"] == (
        "the change clashes with another one made at the same time; retry"
    )
    assert _table_1_points(client, event_id) == [10, 4]


def test_a_player_the_database_could_not_keep_is_an_error_not_a_welcome(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = create_event(client)
    with monkeypatch.context() as broken:
        _commits_fail(broken, OperationalError("COMMIT", {}, Exception("disk I/O error")))
        added = client.post(f"/api/events/{event_id}/players", json={"name": "Ada Lovelace"})
    assert added.status_code == 500
    players = client.get(f"/api/events/{event_id}/players").json()
    assert "Ada Lovelace" not in [player["name"] for player in players]


def test_a_write_is_committed_before_its_answer_starts_and_read_by_the_next_request(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = create_event(client)
    order: list[str] = []
    commit = Session.commit

    def recorded_commit(session: Session) -> None:
        commit(session)
        order.append("committed")

    app = client.app

    async def watched(scope: Scope, receive: Receive, send: Send) -> None:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                order.append(f"answer {message['status']}")
            await send(message)

        await app(scope, receive, sending)

    monkeypatch.setattr(Session, "commit", recorded_commit)
    watching: Any = watched
    with TestClient(
        watching,
        base_url="http://127.0.0.1",
        headers=dict(client.headers),
        cookies=dict(client.cookies),
    ) as watched_client:
        added = watched_client.post(
            f"/api/events/{event_id}/players", json={"name": "Ada Lovelace"}
        )
        assert added.status_code == 201, added.text
        assert order == ["committed", "answer 201"]
        players = watched_client.get(f"/api/events/{event_id}/players").json()
    assert [player["name"] for player in players] == ["Ada Lovelace"]
