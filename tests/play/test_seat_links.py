"""A seat's link is a claim: the first device that opens it gets a secret of its own; a
second one is asked "Take this seat here?" and, on yes, the first device's secret stops
working (the API the table page uses)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .helpers import bearer


def _table(client: TestClient) -> dict[str, Any]:
    answer = client.post("/api/play/tables", json={"seats": ["human", "human", "rules", "rules"]})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _claim(client: TestClient, table: str, token: str, *, take: bool = False) -> Any:
    return client.post(
        f"/api/play/tables/{table}/claim", json={"seat": 1, "token": token, "take": take}
    )


def test_the_first_device_claims_a_link_quietly_and_a_second_is_asked(
    client: TestClient,
) -> None:
    created = _table(client)
    table, link = created["table"], created["seats"][1]["token"]
    first = _claim(client, table, link)
    assert first.status_code == 200, first.text
    mine = first.json()["token"]
    assert mine != link
    assert client.get(f"/api/play/tables/{table}", headers=bearer(mine)).json()["seat"] == 1
    # The same device asking again with its own secret keeps it.
    assert _claim(client, table, mine).json()["token"] == mine
    asked = _claim(client, table, link)
    assert asked.status_code == 409
    assert "This seat is open on another device. Take this seat here?" in asked.json()["detail"]
    assert client.get(f"/api/play/tables/{table}", headers=bearer(mine)).status_code == 200
    taken = _claim(client, table, link, take=True)
    assert taken.status_code == 200
    assert client.get(f"/api/play/tables/{table}", headers=bearer(mine)).status_code == 403
    theirs = taken.json()["token"]
    assert client.get(f"/api/play/tables/{table}", headers=bearer(theirs)).json()["seat"] == 1


def test_a_link_that_is_not_the_seats_claims_nothing(client: TestClient) -> None:
    created = _table(client)
    table = created["table"]
    wrong = _claim(client, table, created["seats"][0]["token"])  # seat 0's link, for seat 1
    assert wrong.status_code == 403
    assert "not valid at this table" in wrong.json()["detail"]
    renewed = client.post(
        f"/api/play/tables/{table}/seats/1",
        json={"kind": "human"},
        headers=bearer(created["host_token"]),
    )
    assert renewed.status_code == 200, renewed.text
    assert _claim(client, table, created["seats"][1]["token"]).status_code == 403  # old link
    assert _claim(client, table, renewed.json()["token"]).status_code == 200  # unclaimed: quiet
