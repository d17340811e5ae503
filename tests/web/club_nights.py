"""Club nights for the history and ratings tests: eight members on a fixed whist schedule
(so the seating never depends on the scores), every table's score entered by the director.
Works with a ``TestClient`` and with an ``httpx.Client`` of a served app alike."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import create_event

__all__ = ["NAMES", "close_round", "enter", "member_id", "night", "open_round", "scores"]

NAMES = [
    "Ann Baker",
    "Bob Cole",
    "Cy Dunn",
    "Dee Ford",
    "Eve Gray",
    "Fay Hill",
    "Gus Ives",
    "Hal Jay",
]


def scores(event_index: int, round_number: int, table: int) -> tuple[int, int]:
    """A different score at every table (so a history's points say which game is which)."""
    return (10, (event_index * 3 + round_number + table) % 9)


def open_round(client: TestClient, event_id: int, round_number: int) -> list[dict[str, Any]]:
    """Start the next round; its tables as the rounds API lists them."""
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    tables: list[dict[str, Any]] = client.get(
        f"/api/events/{event_id}/rounds/{round_number}"
    ).json()["tables"]
    return tables


def enter(
    client: TestClient, event_id: int, round_number: int, table: int, score: tuple[int, int]
) -> None:
    """The director enters a table's score."""
    entered = client.put(
        f"/api/events/{event_id}/rounds/{round_number}/tables/{table}/result",
        json={"team_points": list(score)},
    )
    assert entered.status_code == 200, entered.text


def close_round(client: TestClient, event_id: int, round_number: int) -> None:
    """Close a round whose every table has its score."""
    closed = client.post(f"/api/events/{event_id}/rounds/{round_number}/close")
    assert closed.status_code == 200, closed.text


def night(client: TestClient, index: int, names: list[str], *, reverse: bool = False) -> int:
    """A night of ``names`` (members by name) on a fixed schedule, 3 rounds, every table's
    score entered by the director (``reverse``: the tables in the other order)."""
    event_id = create_event(client, name=f"Night {index + 1}", format="whist_schedule")
    for name in names:
        added = client.post(f"/api/events/{event_id}/players", json={"name": name})
        assert added.status_code == 201, added.text
    for round_number in (1, 2, 3):
        tables = open_round(client, event_id, round_number)
        numbers = sorted((table["table"] for table in tables), reverse=reverse)
        for table in numbers:
            enter(client, event_id, round_number, table, scores(index, round_number, table))
        close_round(client, event_id, round_number)
    return event_id


def member_id(client: TestClient, name: str) -> int:
    """The id of the member called ``name``."""
    return next(int(row["id"]) for row in client.get("/api/members").json() if row["name"] == name)
