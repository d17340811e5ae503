"""Load benchmark for browser play: many tables at once, four WebSocket clients each.

Not a test. For each storage (a SQLite file with one worker; a throwaway PostgreSQL cluster
with its default durable settings and ``--pg-workers`` workers) it starts ``euchre serve`` on
127.0.0.1, opens ``--tables`` tables of four humans, and connects four scripted WebSocket
clients per table. Each client plays a random legal move as soon as its seat has one (a
finished game is followed by a rematch), sending it on its socket. It reports:

- actions/s: moves that reached all four seats, per second of the run;
- p50/p99 (ms): from a move's sending to all four seats of its table having a view that
  includes it;
- the clients ask for no per-message compression (a browser asks for it; it costs the
  server about a tenth of its time per move, see docs/play.md);
- memory per table: the server's resident memory (all its processes) after the run minus
  before the tables were opened, divided by the number of tables;
- server CPU per action (user + system time of all its processes over the run, divided by
  the actions), and the machine's load average: on a shared machine actions/s says more
  about the neighbours than about the server, CPU per action does not.

Bounded: ``--tables`` at most 200, ``--seconds`` at most 120, every connection and request
times out, and only 127.0.0.1 is contacted.

    uv run python bench/load_play.py                       # both storages, 200 tables, 20 s
    uv run python bench/load_play.py --storage sqlite --tables 50 --seconds 10 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pgcluster import PostgresCluster
from tests.served import EuchreServer


@dataclass
class Result:
    """What one storage measured."""

    storage: str
    workers: int
    tables: int
    seconds: float = 0.0
    actions: int = 0
    actions_per_second: float = 0.0
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0
    refused: int = 0
    games_finished: int = 0
    memory_per_table_kib: float = 0.0
    server_cpu_ms_per_action: float = 0.0
    load_average: float = 0.0
    problems: list[str] = field(default_factory=list)


@dataclass
class TableLoad:
    """One table's bookkeeping: when each move was sent and which seats have it."""

    sent: dict[int, float] = field(default_factory=dict)
    seen: dict[int, set[int]] = field(default_factory=dict)
    latest: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


def _server_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) used so far by the server process group."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getpgid(int(entry.name)) != pid:
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            continue
    return total / os.sysconf("SC_CLK_TCK")


def _server_memory_kib(pid: int) -> int:
    """Resident memory of the server process group (uvicorn and its workers)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getpgid(int(entry.name)) != pid:
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except (OSError, ValueError):
            continue
    return total


async def _seat(
    address: str,
    token: str,
    seat: int,
    load: TableLoad,
    latencies: list[float],
    result: Result,
    stop_at: float,
    rng: random.Random,
) -> None:
    async with connect(address, open_timeout=30, max_queue=None, compression=None) as socket:
        await socket.send(json.dumps({"token": token, "seq": 0}))
        acted_at = -1
        while time.monotonic() < stop_at:
            try:
                left = max(0.1, stop_at - time.monotonic())
                raw = await asyncio.wait_for(socket.recv(), timeout=left)
            except TimeoutError:
                break
            message = json.loads(raw)
            now = time.perf_counter()
            if message["type"] == "error":
                result.refused += 1
                continue
            view = message["view"]
            seq = view["seq"]
            load.latest[seat] = max(load.latest[seat], seq)
            for number in [n for n in load.sent if n <= seq]:
                seen = load.seen.setdefault(number, set())
                seen.add(seat)
                if len(seen) == 4:
                    latencies.append((now - load.sent.pop(number)) * 1000)
                    del load.seen[number]
                    result.actions += 1
            if view["legal"] and seq > acted_at and seq >= max(load.latest):
                action = rng.choice(view["legal"])
                if action == "rematch":
                    result.games_finished += 1
                acted_at = seq
                load.sent.setdefault(seq + 1, time.perf_counter())
                await _send(socket, action, seq)


async def _send(socket: ClientConnection, action: str, seq: int) -> None:
    await socket.send(json.dumps({"type": "action", "action": action, "seq": seq}))


async def _run_load(base_url: str, tables: list[dict[str, Any]], seconds: float,
                    result: Result) -> list[float]:
    latencies: list[float] = []
    stop_at = time.monotonic() + seconds
    host = base_url.removeprefix("http://")
    tasks = []
    for index, created in enumerate(tables):
        load = TableLoad()
        address = f"ws://{host}/api/play/tables/{created['table']}/ws"
        for seat in created["seats"]:
            tasks.append(_seat(address, seat["token"], seat["seat"], load, latencies, result,
                               stop_at, random.Random(index * 4 + seat["seat"])))
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            result.problems.append(f"{type(outcome).__name__}: {outcome}")
    return latencies


def _percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run_storage(storage: str, database_url: str, folder: Path, *, tables: int, seconds: float,
                workers: int) -> Result:
    """Start the server on ``database_url``, load it, stop it."""
    os.environ["EUCHRE_PLAY_BOT_DELAY"] = "0"
    os.environ["EUCHRE_PLAY_CREATE_PER_MINUTE"] = str(tables + 10)
    server = EuchreServer(database_url, folder, workers=workers).start()
    result = Result(storage, workers, tables)
    try:
        assert server.process is not None
        before = _server_memory_kib(server.process.pid)
        with httpx.Client(base_url=server.base_url, timeout=30) as client:
            created = []
            for index in range(tables):
                answer = client.post("/api/play/tables", json={
                    "profile": "tournament", "seats": ["human"] * 4, "seed": index,
                })
                answer.raise_for_status()
                created.append(answer.json())
        started = time.perf_counter()
        cpu_before = _server_cpu_seconds(server.process.pid)
        latencies = asyncio.run(_run_load(server.base_url, created, seconds, result))
        result.seconds = round(time.perf_counter() - started, 2)
        cpu = _server_cpu_seconds(server.process.pid) - cpu_before
        result.server_cpu_ms_per_action = round(1000 * cpu / max(result.actions, 1), 2)
        result.load_average = os.getloadavg()[0]
        after = _server_memory_kib(server.process.pid)
        result.memory_per_table_kib = round((after - before) / tables, 1)
        result.actions_per_second = round(result.actions / max(result.seconds, 1e-9), 1)
        result.p50_ms = round(_percentile(latencies, 0.50), 2)
        result.p99_ms = round(_percentile(latencies, 0.99), 2)
        result.max_ms = round(max(latencies, default=0.0), 2)
        if latencies:
            result.p50_ms = round(statistics.median(latencies), 2)
    finally:
        server.stop()
    return result


def main() -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--storage", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pg-workers", type=int, default=4)
    parser.add_argument("--json", action="store_true", help="print JSON")
    arguments = parser.parse_args()
    if not 1 <= arguments.tables <= 200:
        parser.error("--tables must be 1 to 200")
    if not 1 <= arguments.seconds <= 120:
        parser.error("--seconds must be 1 to 120")
    if not 1 <= arguments.pg_workers <= 8:
        parser.error("--pg-workers must be 1 to 8")
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="euchre-load-play-") as folder_name:
        folder = Path(folder_name)
        if arguments.storage in ("sqlite", "both"):
            results.append(run_storage(
                "sqlite", f"sqlite:///{folder / 'play.db'}", folder,
                tables=arguments.tables, seconds=arguments.seconds, workers=1,
            ))
        if arguments.storage in ("postgresql", "both"):
            cluster = PostgresCluster(durable=True, max_connections=400)
            try:
                base = cluster.start()
                import psycopg

                name = f"play_{uuid.uuid4().hex[:8]}"
                with psycopg.connect(base, autocommit=True) as connection:
                    connection.execute(f'CREATE DATABASE "{name}"')
                url = base.rsplit("/", 1)[0] + f"/{name}"
                results.append(run_storage(
                    "postgresql", url, folder, tables=arguments.tables,
                    seconds=arguments.seconds, workers=arguments.pg_workers,
                ))
            finally:
                cluster.stop()
    if arguments.json:
        print(json.dumps([asdict(result) for result in results], indent=2))
    else:
        for result in results:
            print(
                f"{result.storage:<10} workers={result.workers} tables={result.tables} "
                f"{result.actions_per_second} actions/s  p50 {result.p50_ms} ms  "
                f"p99 {result.p99_ms} ms  max {result.max_ms} ms  "
                f"memory/table {result.memory_per_table_kib} KiB  games {result.games_finished}"
                f"  refused {result.refused}  problems {len(result.problems)}  "
                f"server CPU {result.server_cpu_ms_per_action} ms/action  "
                f"load average {result.load_average:.1f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
