"""Load benchmark: 100 tables submit and confirm at once against ``euchre serve`` on 127.0.0.1.

Not a test. For each storage (SQLite file, a throwaway PostgreSQL cluster with its default
durable settings) it starts ``euchre serve --workers N`` on 127.0.0.1, creates a partners
event with ``2 * tables`` teams, and for each of ``--rounds`` rounds lets every table's phone
do what a scorekeeper's does, all tables at once: open the table page, submit the score,
reload, and an opponent confirms. It prints requests/s and p50/p99 latency over those
requests, then checks that every submitted score is in the database (each table of each round
reported with exactly the points it submitted, every submission confirmed).

Bounded: ``--tables`` at most 200, ``--rounds`` at most 10, every request times out after
30 s, and the whole run stops after ``--time-limit`` seconds. Only 127.0.0.1 is contacted.

    uv run python bench/load_tables.py                 # both storages, 100 tables, 4 workers
    uv run python bench/load_tables.py --storage sqlite --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pgcluster import PostgresCluster
from tests.served import EuchreServer

PASSWORD = "bench password 1234"


@dataclass
class StorageResult:
    """What one storage measured."""

    storage: str
    workers: int
    tables: int
    rounds: int
    requests: int = 0
    failed_requests: int = 0
    seconds: float = 0.0
    requests_per_second: float = 0.0
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0
    scores_submitted: int = 0
    scores_found: int = 0
    all_scores_present: bool = False
    problems: list[str] = field(default_factory=list)


def _score(round_number: int, table_number: int) -> list[int]:
    return [10, (round_number + table_number) % 10]


def _setup(base_url: str, tables: int, rounds: int) -> tuple[httpx.Client, int, dict[int, str]]:
    director = httpx.Client(base_url=base_url, timeout=120)
    answer = director.post("/api/setup", json={"name": "director", "password": PASSWORD})
    answer.raise_for_status()
    director.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
    created = director.post("/api/events", json={
        "name": "Load benchmark", "profile_id": "tournament", "format": "winners_move_up",
        "rounds": rounds, "round_minutes": 20, "seed": 1,
        "prizes": [{"min_tables": 1, "amounts_cents": [6000, 4000, 2000]}], "side_pot": False,
    })
    created.raise_for_status()
    event_id = int(created.json()["id"])
    rows = ["name,team,checked_in"] + [
        f"Player {team}{seat},Team {team},yes" for team in range(1, 2 * tables + 1) for seat in "ab"
    ]
    imported = director.post(f"/api/events/{event_id}/players/import",
                             json={"csv": "\n".join(rows) + "\n"})
    imported.raise_for_status()
    players = director.get(f"/api/events/{event_id}/players").json()
    codes = {int(row["number"]): str(row["code"]) for row in players}
    return director, event_id, codes


async def _table_phone(client: httpx.AsyncClient, code: str, table_number: int,
                       round_number: int, codes: dict[int, str],
                       latencies: list[float], failures: list[str]) -> int | None:
    """One table: open the page, submit, reload, opponent confirms. The submission id."""

    async def request(method: str, path: str, body: dict[str, Any] | None = None
                      ) -> httpx.Response | None:
        started = time.perf_counter()
        try:
            response = await client.request(method, path, json=body)
        except httpx.HTTPError as error:
            failures.append(f"{method} {path}: {type(error).__name__}")
            return None
        latencies.append(time.perf_counter() - started)
        if response.status_code >= 400:
            failures.append(f"{method} {path}: {response.status_code} {response.text[:200]}")
            return None
        return response

    page = await request("GET", f"/api/tables/{code}")
    if page is None:
        return None
    info = page.json()
    scorer = info["partnerships"][0][0]["number"]
    opponent = info["partnerships"][1][0]["number"]
    submitted = await request("POST", f"/api/tables/{code}/submissions", {
        "player_code": codes[scorer], "team_points": _score(round_number, table_number)})
    if submitted is None:
        return None
    submission_id = int(submitted.json()["id"])
    await request("GET", f"/api/tables/{code}")
    confirmed = await request("POST", f"/api/tables/{code}/submissions/{submission_id}/confirm",
                              {"player_code": codes[opponent]})
    return submission_id if confirmed is not None else None


async def _round_load(base_url: str, tables: list[dict[str, Any]], round_number: int,
                      codes: dict[int, str], latencies: list[float], failures: list[str],
                      deadline: float) -> tuple[float, dict[int, int]]:
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    clients = [httpx.AsyncClient(base_url=base_url, timeout=30, limits=limits) for _ in tables]
    try:
        started = time.perf_counter()
        results = await asyncio.wait_for(
            asyncio.gather(*[
                _table_phone(client, table["code"], int(table["table"]), round_number, codes,
                             latencies, failures)
                for client, table in zip(clients, tables, strict=True)
            ]),
            timeout=max(1.0, deadline - time.monotonic()),
        )
        elapsed = time.perf_counter() - started
    finally:
        await asyncio.gather(*[client.aclose() for client in clients])
    return elapsed, {
        int(table["table"]): submission_id
        for table, submission_id in zip(tables, results, strict=True)
        if submission_id is not None
    }


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def run_storage(storage: str, database_url: str, folder: Path, *, tables: int, rounds: int,
                workers: int, deadline: float) -> StorageResult:
    """Serve ``database_url`` and run the load; the figures and the database check."""
    result = StorageResult(storage=storage, workers=workers, tables=tables, rounds=rounds)
    server = EuchreServer(database_url, folder, workers=workers).start()
    latencies: list[float] = []
    failures: list[str] = []
    submitted: dict[tuple[int, int], int] = {}
    try:
        director, event_id, codes = _setup(server.base_url, tables, rounds)
        for round_number in range(1, rounds + 1):
            started = director.post(f"/api/events/{event_id}/rounds")
            if started.status_code != 201:
                raise RuntimeError(f"round {round_number} did not start: {started.text}")
            round_tables = started.json()["tables"]
            if len(round_tables) != tables:
                result.problems.append(f"round {round_number} has {len(round_tables)} tables")
            elapsed, ids = asyncio.run(_round_load(server.base_url, round_tables, round_number,
                                                   codes, latencies, failures, deadline))
            result.seconds += elapsed
            submitted.update({(round_number, table): ident for table, ident in ids.items()})
            result.scores_submitted += len(round_tables)
            # The check reads back what the database holds (stateless workers: no cache of
            # scores lives in a process).
            state = director.get(f"/api/events/{event_id}/rounds/{round_number}").json()
            kept = {int(row["id"]): row for row in director.get(
                f"/api/events/{event_id}/submissions", params={"round": round_number}).json()}
            for row in state["tables"]:
                table = int(row["table"])
                ident = submitted.get((round_number, table))
                good = (
                    row["state"] == "reported"
                    and row["team_points"] == _score(round_number, table)
                    and ident in kept
                    and kept[ident]["status"] == "confirmed"
                )
                if good:
                    result.scores_found += 1
                else:
                    result.problems.append(f"round {round_number} table {table}: {row['state']} "
                                           f"{row['team_points']}")
            if round_number < rounds:
                closed = director.post(f"/api/events/{event_id}/rounds/{round_number}/close")
                if closed.status_code != 200:
                    result.problems.append(f"round {round_number} did not close: {closed.text}")
                    break
            if time.monotonic() > deadline:
                result.problems.append("time limit reached")
                break
        director.close()
    finally:
        server.stop()
        if failures:
            errors = [line for line in server.log_tail(200_000).splitlines()
                      if "Error" in line and "HTTP/1.1" not in line]
            result.problems.extend(f"server log: {line}" for line in errors[-5:])
    result.requests = len(latencies)
    result.failed_requests = len(failures)
    result.problems[:0] = failures[:10]
    if result.seconds > 0:
        result.requests_per_second = round(len(latencies) / result.seconds, 1)
    result.p50_ms = round(1000 * statistics.median(latencies), 1) if latencies else 0.0
    result.p99_ms = round(1000 * _percentile(latencies, 0.99), 1)
    result.max_ms = round(1000 * max(latencies, default=0.0), 1)
    result.seconds = round(result.seconds, 2)
    result.all_scores_present = (
        result.scores_found == result.scores_submitted and not failures
        and result.scores_submitted == tables * rounds
    )
    return result


def main() -> int:
    """Parse the options, run each storage, print the figures; exit 1 if a score is missing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--storage", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--time-limit", type=float, default=300.0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    options = parser.parse_args()
    if not 1 <= options.tables <= 200 or not 1 <= options.rounds <= 10:
        parser.error("--tables must be 1..200 and --rounds 1..10")
    if not 1 <= options.workers <= 16:
        parser.error("--workers must be 1..16")
    deadline = time.monotonic() + options.time_limit
    storages = ["sqlite", "postgresql"] if options.storage == "both" else [options.storage]
    results: list[StorageResult] = []
    with tempfile.TemporaryDirectory(prefix="euchre-bench-") as temporary:
        folder = Path(temporary)
        for storage in storages:
            if storage == "sqlite":
                url = f"sqlite:///{folder / 'bench.db'}"
                results.append(run_storage(storage, url, folder, tables=options.tables,
                                           rounds=options.rounds, workers=options.workers,
                                           deadline=deadline))
                continue
            cluster = PostgresCluster(durable=True)
            try:
                server_url = cluster.start()
                import psycopg

                name = f"bench_{uuid.uuid4().hex[:8]}"
                with psycopg.connect(server_url, autocommit=True) as connection:
                    connection.execute(f'CREATE DATABASE "{name}"')
                url = server_url.rsplit("/", 1)[0].replace(
                    "postgresql://", "postgresql+psycopg://", 1) + f"/{name}"
                results.append(run_storage(storage, url, folder, tables=options.tables,
                                           rounds=options.rounds, workers=options.workers,
                                           deadline=deadline))
            finally:
                cluster.stop()
    if options.json:
        print(json.dumps([asdict(result) for result in results], indent=2))
    else:
        for result in results:
            print(f"{result.storage:>10}: {result.workers} workers, {result.tables} tables x "
                  f"{result.rounds} rounds, {result.requests} requests in {result.seconds} s: "
                  f"{result.requests_per_second} requests/s, p50 {result.p50_ms} ms, "
                  f"p99 {result.p99_ms} ms, max {result.max_ms} ms; scores "
                  f"{result.scores_found}/{result.scores_submitted} in the database"
                  + ("" if result.all_scores_present else "  PROBLEMS: "
                     + "; ".join(result.problems[:5])))
    return 0 if all(result.all_scores_present for result in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
