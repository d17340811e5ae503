"""Issue 9's director's flow on PostgreSQL: a played event is deleted whole (its rounds,
scores and audit log go with it), a finished one archived, and a table keeps its code."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import csrf_token, report_round

pytestmark = pytest.mark.postgres


@pytest.fixture
def client(postgres_client: TestClient) -> TestClient:
    """The director's app on PostgreSQL (``tests/web/conftest.py``)."""
    return postgres_client


def _played_event(client: TestClient, rounds: int) -> tuple[int, str]:
    created = client.post(
        "/api/events", json={"name": "Valpo Friday", "profile_id": "valpo", "rounds": rounds}
    )
    assert created.status_code == 201, created.text
    event_id = int(created.json()["id"])
    rows = "name,team,checked_in\n" + "".join(
        f"V{team}{seat},Team {team},yes\n" for team in range(1, 3) for seat in "ab"
    )
    client.post(f"/api/events/{event_id}/players/import", json={"csv": rows})
    code = client.post(f"/api/events/{event_id}/rounds").json()["tables"][0]["code"]
    report_round(client, event_id, 1)
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    return event_id, str(code)


def test_a_played_event_is_deleted_whole_on_postgresql(client: TestClient) -> None:
    event_id, code = _played_event(client, rounds=2)
    second = client.post(f"/api/events/{event_id}/rounds").json()["tables"][0]["code"]
    assert second == code, "a table keeps its code for the whole event"
    deleted = client.post(
        f"/director/events/{event_id}/delete",
        data={"csrf_token": csrf_token(client.get("/director").text), "confirm": "yes"},
    )
    assert "Valpo Friday deleted." in deleted.text
    assert client.get(f"/api/events/{event_id}").status_code == 404
    assert client.get(f"/api/tables/{code}").status_code == 404


def test_a_finished_event_is_archived_on_postgresql(client: TestClient) -> None:
    event_id, _ = _played_event(client, rounds=1)
    assert client.get(f"/api/events/{event_id}").json()["status"] == "finished"
    archived = client.post(
        f"/director/events/{event_id}/archive",
        data={"csrf_token": csrf_token(client.get("/director").text)},
    )
    assert "Valpo Friday archived." in archived.text
    assert client.get(f"/api/events/{event_id}").json()["status"] == "archived"
    assert "Valpo Friday" not in client.get("/").text
