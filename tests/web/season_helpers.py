"""Helpers for the season tests: club nights entered through the director's API (results
typed in from the tally sheets), and each event's own standings by member as the event's
pages give them (``GET /api/events/{id}/snapshot``), to hold a season table against."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import httpx
from fastapi.testclient import TestClient
from tests.store.factory import event_with_players

Client = TestClient | httpx.Client


def hall_night(
    client: Client,
    name: str,
    players: list[str],
    *,
    tags: list[str] | None = None,
    rounds: int = 3,
    seed: int = 1,
    profile: str = "bolivar",
) -> int:
    """A night played in the hall: the event (the sheet's preset, ``rounds`` games), its
    players by name (each linked to the club's member of that name, created when new), and
    every round's results entered by the director from the tally sheets (random scores,
    never level)."""
    rng = random.Random(seed)
    body: dict[str, Any] = {"name": name, "profile_id": profile, "rounds": rounds, "seed": seed}
    if tags is not None:
        body["tags"] = tags
    event_id = event_with_players(client, body, players)
    for number in range(1, rounds + 1):
        started = client.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        for table in started.json()["tables"]:
            first = rng.randint(4, 12)
            second = rng.choice([points for points in range(4, 13) if points != first])
            entered = client.put(
                f"/api/events/{event_id}/rounds/{number}/tables/{table['table']}/result",
                json={"team_points": [first, second]},
            )
            assert entered.status_code == 200, entered.text
        closed = client.post(f"/api/events/{event_id}/rounds/{number}/close")
        assert closed.status_code == 200, closed.text
    return event_id


def night_by_member(client: Client, event_id: int) -> dict[int, dict[str, int]]:
    """The event's own standings, member by member: points, games, games won and place
    (a member's rank in the event's standings)."""
    members = {
        str(player["number"]): player["member_id"]
        for player in client.get(f"/api/events/{event_id}/players").json()
    }
    standings = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["standings"]
    out: dict[int, dict[str, int]] = {}
    for row in standings:
        if not (row.get("games_played", 0) or row.get("points", 0) or row.get("sit_outs", 0)):
            continue
        for player in row["members"]:
            out[members[player]] = {
                "points": row.get("points", 0),
                "games": row.get("games_played", 0),
                "games_won": row.get("games_won", 0),
                "place": row["rank"],
            }
    return out


def season_totals(client: Client, event_ids: list[int]) -> dict[int, dict[str, int]]:
    """Each member's points, games and nights over ``event_ids``, from the events' own
    standings."""
    totals: dict[int, dict[str, int]] = defaultdict(lambda: {"points": 0, "games": 0, "nights": 0})
    for event_id in event_ids:
        for member, line in night_by_member(client, event_id).items():
            totals[member]["points"] += line["points"]
            totals[member]["games"] += line["games"]
            totals[member]["nights"] += 1
    return dict(totals)


def expected_ranks(points: dict[int, float]) -> dict[int, int]:
    """Ranks by points, most first, members level sharing the best of their places."""
    return {
        member: 1 + sum(1 for other in points.values() if other > value)
        for member, value in points.items()
    }
