"""The API's main path on PostgreSQL (skipped without a server: see tests/store/conftest.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    codes_by_number,
    create_event,
    report_round,
)

pytestmark = pytest.mark.postgres


def test_an_event_on_postgresql(postgres_client: TestClient) -> None:
    client = postgres_client
    event_id = create_event(client, format="rotating_partners", rounds=2)
    add_singles(client, event_id, 8)
    table = client.post(f"/api/events/{event_id}/rounds").json()["tables"][0]
    info = client.get(f"/api/tables/{table['code']}").json()
    codes = codes_by_number(client, event_id)
    side0, side1 = ([p["number"] for p in side] for side in info["partnerships"])
    first = client.post(
        f"/api/tables/{table['code']}/submissions",
        json={"player_code": codes[side0[0]], "team_points": [8, 4]},
    ).json()
    rival = client.post(
        f"/api/tables/{table['code']}/submissions",
        json={"player_code": codes[side1[0]], "team_points": [4, 8]},
    ).json()
    assert rival["status"] == "disputed"
    accepted = client.post(
        f"/api/events/{event_id}/submissions/{first['id']}/accept", json={"reason": "sheet"}
    )
    assert accepted.status_code == 200
    report_round(client, event_id, 1)
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    name_with_nul = client.post(f"/api/events/{event_id}/players", json={"name": "a\u0000b"})
    assert 400 <= name_with_nul.status_code < 500
    saved = client.get(f"/api/events/{event_id}/backup").json()
    restored = client.post("/api/events/restore", json=saved)
    assert restored.status_code == 201
    before = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["standings"]
    after = client.get(f"/api/events/{restored.json()['id']}/snapshot").json()["snapshot"]
    assert after["standings"] == before


def test_a_nights_date_a_members_patch_and_a_season_edited_in_place_on_postgresql(
    postgres_client: TestClient,
) -> None:
    client = postgres_client
    body = {"name": "January night", "profile_id": "bolivar", "date": "2027-01-14", "seed": 5}
    made = client.post("/api/events", json={**body, "tags": ["League"]})
    assert made.status_code == 201 and made.json()["date"] == "2027-01-14"
    event_id = made.json()["id"]
    kept = client.put(f"/api/events/{event_id}/config", json={"name": "Night 1", **body})
    assert (kept.json()["config"]["seed"], kept.json()["date"]) == (5, "2027-01-14")
    moved = client.put(f"/api/events/{event_id}/date", json={"date": "2027-01-21"})
    assert moved.json()["date"] == "2027-01-21"
    saved = client.get(f"/api/events/{event_id}/backup").json()
    restored = client.post("/api/events/restore", json=saved).json()
    assert client.get(f"/api/events/{restored['id']}").json()["date"] == "2027-01-21"

    member = client.post(
        "/api/members", json={"name": "Cathy Dunn", "email": "c@example.org", "notes": "n"}
    ).json()
    patched = client.patch(f"/api/members/{member['id']}", json={"phone": "555 0101"}).json()
    assert (patched["email"], patched["notes"], patched["phone"]) == (
        "c@example.org",
        "n",
        "555 0101",
    )
    assert client.put(f"/api/members/{member['id']}", json={"name": "C"}).status_code == 422

    season = client.post(
        "/api/seasons", json={"name": "Spring", "tag": "League", "scoring": "total_points"}
    ).json()
    edited = client.put(
        f"/api/seasons/{season['id']}",
        json={"name": "Spring 2027", "tag": "League", "scoring": "average"},
    )
    assert edited.status_code == 200 and edited.json()["id"] == season["id"]
    assert client.delete(f"/api/seasons/{season['id']}").status_code == 204
    again = client.post(
        "/api/seasons", json={"name": "Spring", "tag": "League", "scoring": "total_points"}
    ).json()
    assert again["id"] != season["id"]
