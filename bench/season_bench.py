"""How fast a club's season table answers at scale (issue 22: the season page in < 50 ms p95).

    uv run python bench/season_bench.py                     # 260 nights x 40 members x 6 games
    uv run python bench/season_bench.py --nights 52 --json

A club with five years of weekly nights on SQLite: one Bolivar night of ``--members`` players
and ``--games`` rounds is played through the JSON API (results entered by the director), then
copied ``--nights - 1`` times straight into the database with fresh random scores (the
rotating-partner seating does not depend on the scores, so every copy is a valid night of the
same members). Every night carries the league's tag and one season takes them by tag.

Measured, on a warm app (the first read computes every night's standings once; it is reported
apart): ``GET /api/seasons/{id}/standings`` and the public page ``/seasons/{id}``, ``--reads``
times each through the in-process test client, p50 and p95 in milliseconds, and the store's
share of a read without HTTP (``store``); then the same after a correction of one table in
the first night (the cold read that recomputes that night, and the warm reads after).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from euchre.store.models import Entrant, Event, Result, Round
from euchre.web.app import create_app

PASSWORD = "correct horse battery"
TAG = "Thursday league"


def _client(folder: Path) -> TestClient:
    client = TestClient(
        create_app(f"sqlite:///{folder / 'season.db'}"), base_url="http://127.0.0.1"
    )
    answer = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
    answer.raise_for_status()
    client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
    return client


def _score(rng: random.Random) -> tuple[int, int]:
    first = rng.randint(4, 12)
    return first, rng.choice([points for points in range(4, 13) if points != first])


def _first_night(client: TestClient, members: int, games: int, rng: random.Random) -> int:
    body = {"name": "Night 1", "profile_id": "bolivar", "rounds": games, "seed": 1, "tags": [TAG]}
    event_id = int(client.post("/api/events", json=body).json()["id"])
    for number in range(1, members + 1):
        client.post(f"/api/events/{event_id}/players", json={"name": f"Member {number}"})
    for number in range(1, games + 1):
        started = client.post(f"/api/events/{event_id}/rounds").json()
        for table in started["tables"]:
            client.put(
                f"/api/events/{event_id}/rounds/{number}/tables/{table['table']}/result",
                json={"team_points": list(_score(rng))},
            ).raise_for_status()
        client.post(f"/api/events/{event_id}/rounds/{number}/close").raise_for_status()
    return event_id


def _copy_nights(client: TestClient, template: int, copies: int, rng: random.Random) -> None:
    database = client.app.state.database  # type: ignore[attr-defined]
    with database.write() as session:
        event = session.get(Event, template)
        assert event is not None
        entrants = list(session.scalars(select(Entrant).where(Entrant.event_id == template)))
        rounds = list(session.scalars(select(Round).where(Round.event_id == template)))
        results = list(session.scalars(select(Result).where(Result.event_id == template)))
        for index in range(copies):
            copy = Event(
                name=f"Night {index + 2}",
                config=event.config,
                status=event.status,
                revision=1,
                tags=[TAG],
            )
            session.add(copy)
            session.flush()
            for entrant in entrants:
                session.add(
                    Entrant(
                        event_id=copy.id,
                        number=entrant.number,
                        name=entrant.name,
                        team=entrant.team,
                        code=entrant.code,
                        checked_in=entrant.checked_in,
                        member_id=entrant.member_id,
                    )
                )
            for round_row in rounds:
                session.add(
                    Round(
                        event_id=copy.id,
                        number=round_row.number,
                        started_at=round_row.started_at,
                        ends_at=round_row.ends_at,
                        closed_at=round_row.closed_at,
                        plan=round_row.plan,
                    )
                )
            for result in results:
                session.add(
                    Result(
                        event_id=copy.id,
                        round_number=result.round_number,
                        table_number=result.table_number,
                        result=dataclasses.replace(result.result, team_points=_score(rng)),
                    )
                )
            session.flush()


def _timed(client: TestClient, path: str, reads: int) -> dict[str, float]:
    times = []
    for _ in range(reads):
        start = time.perf_counter()
        client.get(path).raise_for_status()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "p50_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[max(0, int(len(times) * 0.95) - 1)], 1),
        "max_ms": round(times[-1], 1),
    }


def _timed_store(client: TestClient, season: int, reads: int) -> dict[str, float]:
    """The season table read in the app's process without HTTP: the store's share of a read
    (the season, its events' versions, the table and its JSON)."""
    from euchre.store import seasons

    database = client.app.state.database  # type: ignore[attr-defined]
    times = []
    for _ in range(reads):
        start = time.perf_counter()
        with database.read() as session:
            seasons.standings_json(seasons.season_standings(session, season_id=season))
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "p50_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[max(0, int(len(times) * 0.95) - 1)], 1),
        "max_ms": round(times[-1], 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Build the club, read its season, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nights", type=int, default=260)
    parser.add_argument("--members", type=int, default=40)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--reads", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    rng = random.Random(7)
    figures: dict[str, Any] = {
        "nights": options.nights,
        "members": options.members,
        "games": options.games,
    }
    with tempfile.TemporaryDirectory() as folder:
        client = _client(Path(folder))
        start = time.perf_counter()
        template = _first_night(client, options.members, options.games, rng)
        _copy_nights(client, template, options.nights - 1, rng)
        figures["build_s"] = round(time.perf_counter() - start, 1)
        season = client.post(
            "/api/seasons", json={"name": "League", "tag": TAG, "scoring": "total_points"}
        ).json()["id"]
        start = time.perf_counter()
        rows = client.get(f"/api/seasons/{season}/standings").json()["rows"]
        figures["first_read_ms"] = round((time.perf_counter() - start) * 1000, 1)
        assert len(rows) == options.members and rows[0]["nights"] == options.nights
        figures["api"] = _timed(client, f"/api/seasons/{season}/standings", options.reads)
        figures["page"] = _timed(client, f"/seasons/{season}", options.reads)
        figures["store"] = _timed_store(client, season, options.reads)
        client.put(
            f"/api/events/{template}/rounds/1/tables/1/result",
            json={"team_points": [24, 4], "reason": "bench"},
        ).raise_for_status()
        start = time.perf_counter()
        client.get(f"/seasons/{season}").raise_for_status()
        figures["after_correction_first_read_ms"] = round((time.perf_counter() - start) * 1000, 1)
        figures["page_after_correction"] = _timed(client, f"/seasons/{season}", options.reads)
    if options.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
