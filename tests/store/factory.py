"""Helpers shared by the storage and web tests: a fresh app on a temporary SQLite file, a
logged-in director client, and an event with checked-in players."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from euchre.web.app import create_app
from tests.databases import fresh_sqlite_url

PASSWORD = "correct horse battery"


def sqlite_url(folder: Path) -> str:
    """A SQLite database file in ``folder``: when new, a copy of the migrated, empty template
    (``tests/databases.py``), so the app does not run every migration again."""
    return fresh_sqlite_url(folder)


def director_client(database_url: str) -> TestClient:
    """A client on a fresh app whose director has set his password and is logged in
    (cookie session; the CSRF header is set on the client)."""
    client = TestClient(create_app(database_url), base_url="http://127.0.0.1")
    response = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
    assert response.status_code == 200, response.text
    client.headers["X-CSRF-Token"] = response.json()["csrf_token"]
    return client


def event_config(**overrides: Any) -> dict[str, Any]:
    """A small partners event (winners move up) on the tournament profile."""
    config: dict[str, Any] = {
        "name": "Friday night",
        "profile_id": "tournament",
        "format": "winners_move_up",
        "rounds": 3,
        "round_minutes": 20,
        "seed": 7,
        "prizes": [{"min_tables": 1, "amounts_cents": [6000, 4000, 2000]}],
        "side_pot": True,
    }
    config.update(overrides)
    return config


def create_event(client: TestClient, **overrides: Any) -> int:
    """Create an event and return its id."""
    response = client.post("/api/events", json=event_config(**overrides))
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


def add_teams(client: TestClient, event_id: int, teams: int) -> list[dict[str, Any]]:
    """Add ``teams`` fixed teams of two checked-in players; return the players."""
    players = []
    for team in range(1, teams + 1):
        for seat in ("a", "b"):
            response = client.post(
                f"/api/events/{event_id}/players",
                json={"name": f"Player {team}{seat}", "team": f"Team {team}"},
            )
            assert response.status_code == 201, response.text
            players.append(response.json())
    return players


def add_singles(client: TestClient, event_id: int, count: int) -> list[dict[str, Any]]:
    """Add ``count`` checked-in players who came alone."""
    players = []
    for index in range(1, count + 1):
        response = client.post(f"/api/events/{event_id}/players", json={"name": f"P{index}"})
        assert response.status_code == 201, response.text
        players.append(response.json())
    return players


def codes_by_number(client: TestClient, event_id: int) -> dict[int, str]:
    """Player number -> personal code."""
    response = client.get(f"/api/events/{event_id}/players")
    return {row["number"]: row["code"] for row in response.json()}


def report_round(
    client: TestClient, event_id: int, round_number: int, score: tuple[int, int] = (10, 6)
) -> None:
    """Every table of a round without a result yet submits ``score``; an opponent confirms."""
    codes = codes_by_number(client, event_id)
    tables = client.get(f"/api/events/{event_id}/rounds/{round_number}").json()["tables"]
    for table in tables:
        if table["state"] == "reported":
            continue
        info = client.get(f"/api/tables/{table['code']}").json()
        first = info["partnerships"][0][0]["number"]
        second = info["partnerships"][1][0]["number"]
        submitted = client.post(
            f"/api/tables/{table['code']}/submissions",
            json={"player_code": codes[first], "team_points": list(score), "round": info["round"]},
        )
        assert submitted.status_code == 201, submitted.text
        confirmed = client.post(
            f"/api/tables/{table['code']}/submissions/{submitted.json()['id']}/confirm",
            json={"player_code": codes[second]},
        )
        assert confirmed.status_code == 200, confirmed.text


def table_sides(
    client: TestClient, event_id: int, round_number: int = 1, index: int = 0
) -> tuple[str, list[list[int]]]:
    """A round's table (the ``index``-th): its code and its two partnerships' player numbers
    as its phone's page lists them."""
    table = client.get(f"/api/events/{event_id}/rounds/{round_number}").json()["tables"][index]
    info = client.get(f"/api/tables/{table['code']}").json()
    return table["code"], [[player["number"] for player in side] for side in info["partnerships"]]


def csrf_token(page: str) -> str:
    """The CSRF token a director's page carries in its forms (``csrf_field`` in ``macros.html``)."""
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert match, "the page carries a CSRF token"
    return match.group(1)


def marked_fields(page: str) -> set[str]:
    """The ids of the inputs a refused form marks as bad."""
    return set(re.findall(r'id="([\w-]+)"[^>]*class="invalid"', page))


def director_api(base_url: str) -> httpx.Client:
    """An HTTP client of a served app (``euchre serve``), set up and logged in as its director
    by the API's bearer token (on the worker's shared server, ``tests/shared_servers.py``, an
    earlier test set the director up: this one logs in)."""
    api = httpx.Client(base_url=base_url, timeout=30)
    answer = api.post("/api/setup", json={"name": "director", "password": PASSWORD})
    if answer.status_code == 409:
        answer = api.post("/api/session", json={"name": "director", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    api.headers["Authorization"] = f"Bearer {answer.json()['token']}"
    return api
