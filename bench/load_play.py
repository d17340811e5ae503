"""Load benchmark for browser play: many tables at once, four WebSocket clients each.

Not a test. For each storage (a SQLite file with one worker; a throwaway PostgreSQL cluster
with its default durable settings and ``--pg-workers`` workers) it starts ``euchre serve`` on
127.0.0.1, opens ``--tables`` tables of four humans, and connects four scripted WebSocket
clients per table, spread over ``--client-processes`` processes (a table's four clients in
one process, which times them; the clients only parse each view and pick a random legal
move, so that they take as little of the machine as they can). Each client plays a random
legal move as soon as its seat has one (a finished game is followed by a rematch), sending
it on its socket; with ``--rate R`` a table's next move waits until about ``tables / R``
seconds (uniformly 0.5–1.5 times that) after its last one, so the offered load is about R
moves a second over all tables. It reports:

- actions/s: moves that reached all four seats, per second of the run;
- p50/p99 (ms): from a move's sending to all four seats of its table having a view that
  includes it;
- the clients ask for no per-message compression (a browser asks for it; it costs the
  server about a tenth of its time per move, see docs/play.md);
- memory per table: the server's resident memory (all its processes) after the run minus
  before the tables were opened, divided by the number of tables;
- CPU (user + system) of the server's processes, of PostgreSQL's, and of the client
  processes over the run: per action and as a share of one core; and the machine's load
  average: on a shared machine actions/s and latency say much about the neighbours, CPU per
  action does not.

As fast as allowed, 200 tables make a closed loop of 200 moves in flight: each table's next
move waits for its last one, so p50 is about 200 / (actions/s) whatever the server does
(Little's law), and a p99 under 100 ms would need more than 2,000 actions/s. The paced runs
(``--rate 600``) measure the latency at the issue's throughput (docs/play.md).

Bounded: ``--tables`` at most 200, ``--seconds`` at most 120, every connection and request
times out, and only 127.0.0.1 is contacted.

    uv run python bench/load_play.py                       # both storages, 200 tables, 20 s
    uv run python bench/load_play.py --storage sqlite --rate 600 --seconds 30
    uv run python bench/load_play.py --storage sqlite --tables 50 --seconds 10 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pgcluster import PostgresCluster
from tests.served import EuchreServer


@dataclass
class Result:
    """What one storage measured."""

    storage: str
    workers: int
    tables: int
    rate: float | None = None
    client_processes: int = 1
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
    server_cpu_percent: float = 0.0
    database_cpu_percent: float = 0.0
    client_cpu_ms_per_action: float = 0.0
    client_cpu_percent: float = 0.0
    load_average: float = 0.0
    problems: list[str] = field(default_factory=list)


@dataclass
class TableLoad:
    """One table's bookkeeping: when each move was sent, which seats have it, and (paced)
    when the table's next move may go."""

    sent: dict[int, float] = field(default_factory=dict)
    seen: dict[int, set[int]] = field(default_factory=dict)
    latest: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    next_at: float = 0.0
    sitting: int = 0
    """The entry a seat's sit-down will make while it is in flight (0: none)."""


@dataclass
class ClientTally:
    """What one client process counted."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0
    games_finished: int = 0
    problems: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0


def _group_cpu_seconds(group: int, *, parent: int | None = None) -> float:
    """CPU time (user + system) used so far by a process group (or by ``parent`` and its
    children: PostgreSQL's server processes)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if parent is not None:
                if int(entry.name) != parent and int(fields[1]) != parent:
                    continue
            elif os.getpgid(int(entry.name)) != group:
                continue
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
    tally: ClientTally,
    window: tuple[float, float],
    interval: float,
    rng: random.Random,
) -> None:
    start_at, stop_at = window
    async with connect(address, open_timeout=30, max_queue=None, compression=None) as socket:
        await socket.send(json.dumps({"token": token, "seq": 0}))
        acted_at = -1
        while time.time() < stop_at:
            try:
                left = max(0.1, stop_at - time.time())
                raw = await asyncio.wait_for(socket.recv(), timeout=left)
            except TimeoutError:
                break
            message = json.loads(raw)
            now = time.perf_counter()
            if message["type"] == "error":
                tally.refused += 1
                continue
            view = message["view"]
            seq = view["seq"]
            load.latest[seat] = max(load.latest[seat], seq)
            for number in [n for n in load.sent if n <= seq]:
                seen = load.seen.setdefault(number, set())
                seen.add(seat)
                if len(seen) == 4:
                    latencies = now - load.sent.pop(number)
                    del load.seen[number]
                    if time.time() <= stop_at:
                        tally.latencies.append(latencies * 1000)
                        tally.actions += 1
            if not (view["legal"] and seq > acted_at and seq >= max(load.latest)):
                continue
            if load.sitting and seq >= load.sitting:
                load.sitting = 0  # the last sit-down is in: the next seat may sit
            if all(text.startswith("sit") for text in view["legal"]):
                if load.sitting:
                    continue  # one seat of the table sits at a time (no stale races)
                load.sitting = seq + 1
                # Taking one's seat is the table's set-up, done as the clients connect (before
                # the window): it is not play, and 800 seats sitting at one instant are not the
                # offered load either, so it is neither paced nor timed.
                acted_at = seq
                await socket.send(
                    json.dumps({"type": "action", "action": view["legal"][0], "seq": seq})
                )
                continue
            wait = max(load.next_at, start_at) - time.time()
            if wait > 0:  # paced (or before the start): the table's next move waits
                await asyncio.sleep(wait)
                if seq < max(load.latest) or time.time() < load.next_at or time.time() >= stop_at:
                    continue  # another seat moved meanwhile: its view is on its way
            action = rng.choice(view["legal"])
            if action == "rematch":
                tally.games_finished += 1
            acted_at = seq
            load.sent.setdefault(seq + 1, time.perf_counter())
            load.next_at = time.time() + interval * rng.uniform(0.5, 1.5)
            await socket.send(json.dumps({"type": "action", "action": action, "seq": seq}))


async def _client_load(
    host: str, tables: list[dict[str, Any]], window: tuple[float, float], interval: float
) -> ClientTally:
    tally = ClientTally()
    tasks = []
    for created in tables:
        rng = random.Random(created["table"])
        load = TableLoad(next_at=window[0] + interval * rng.random())
        address = f"ws://{host}/api/play/tables/{created['table']}/ws"
        for seat in created["seats"]:
            tasks.append(
                _seat(
                    address,
                    seat["token"],
                    seat["seat"],
                    load,
                    tally,
                    window,
                    interval,
                    random.Random(f"{created['table']}:{seat['seat']}"),
                )
            )
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            tally.problems.append(f"{type(outcome).__name__}: {outcome}")
    return tally


def _client_process(
    host: str, tables: list[dict[str, Any]], window: tuple[float, float], interval: float
) -> ClientTally:
    """One client process: its share of the tables, four sockets each (a table's four
    seats stay in one process, which times them)."""
    before = resource.getrusage(resource.RUSAGE_SELF)
    tally = asyncio.run(_client_load(host, tables, window, interval))
    after = resource.getrusage(resource.RUSAGE_SELF)
    tally.cpu_seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return tally


def _percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run_storage(
    storage: str,
    database_url: str,
    folder: Path,
    *,
    tables: int,
    seconds: float,
    workers: int,
    rate: float | None,
    client_processes: int,
    database_pid: int | None = None,
) -> Result:
    """Start the server on ``database_url``, load it, stop it."""
    os.environ["EUCHRE_PLAY_BOT_DELAY"] = "0"
    os.environ["EUCHRE_PLAY_CREATE_PER_MINUTE"] = str(tables + 10)
    server = EuchreServer(database_url, folder, workers=workers).start()
    result = Result(storage, workers, tables, rate, client_processes)
    try:
        assert server.process is not None
        before = _server_memory_kib(server.process.pid)
        with httpx.Client(base_url=server.base_url, timeout=30) as client:
            created = []
            for index in range(tables):
                answer = client.post(
                    "/api/play/tables",
                    json={
                        "profile": "tournament",
                        "seats": ["human"] * 4,
                        "seed": index,
                    },
                )
                answer.raise_for_status()
                created.append(answer.json())
        interval = tables / rate if rate else 0.0
        start_at = time.time() + 3.0  # the clients connect first
        window = (start_at, start_at + seconds)
        host = server.base_url.removeprefix("http://")
        shares = [created[index::client_processes] for index in range(client_processes)]
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(client_processes, mp_context=context) as pool:
            futures = [
                pool.submit(_client_process, host, share, window, interval) for share in shares
            ]
            time.sleep(max(0.0, start_at - time.time()))
            cpu_before = _group_cpu_seconds(server.process.pid)
            database_before = _group_cpu_seconds(0, parent=database_pid) if database_pid else 0.0
            time.sleep(max(0.0, window[1] - time.time()))
            cpu = _group_cpu_seconds(server.process.pid) - cpu_before
            database_cpu = (
                _group_cpu_seconds(0, parent=database_pid) - database_before
                if database_pid
                else 0.0
            )
            result.load_average = os.getloadavg()[0]
            after = _server_memory_kib(server.process.pid)
            tallies = [future.result() for future in futures]
        result.seconds = seconds
        latencies = [value for tally in tallies for value in tally.latencies]
        result.actions = sum(tally.actions for tally in tallies)
        result.refused = sum(tally.refused for tally in tallies)
        result.games_finished = sum(tally.games_finished for tally in tallies)
        result.problems = [problem for tally in tallies for problem in tally.problems]
        client_cpu = sum(tally.cpu_seconds for tally in tallies)
        actions = max(result.actions, 1)
        result.server_cpu_ms_per_action = round(1000 * cpu / actions, 2)
        result.server_cpu_percent = round(100 * cpu / seconds, 1)
        result.database_cpu_percent = round(100 * database_cpu / seconds, 1)
        result.client_cpu_ms_per_action = round(1000 * client_cpu / actions, 2)
        result.client_cpu_percent = round(100 * client_cpu / seconds, 1)
        result.memory_per_table_kib = round((after - before) / tables, 1)
        result.actions_per_second = round(result.actions / seconds, 1)
        result.p50_ms = round(statistics.median(latencies), 2) if latencies else 0.0
        result.p99_ms = round(_percentile(latencies, 0.99), 2)
        result.max_ms = round(max(latencies, default=0.0), 2)
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
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="offered moves a second over all tables (0: each move as soon as allowed)",
    )
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print JSON")
    arguments = parser.parse_args()
    if not 1 <= arguments.tables <= 200:
        parser.error("--tables must be 1 to 200")
    if not 1 <= arguments.seconds <= 120:
        parser.error("--seconds must be 1 to 120")
    if not 1 <= arguments.pg_workers <= 8:
        parser.error("--pg-workers must be 1 to 8")
    if not 0 <= arguments.rate <= 10_000:
        parser.error("--rate must be 0 (as fast as allowed) to 10000")
    if not 1 <= arguments.client_processes <= 8:
        parser.error("--client-processes must be 1 to 8")
    options: dict[str, Any] = {
        "tables": arguments.tables,
        "seconds": arguments.seconds,
        "rate": arguments.rate or None,
        "client_processes": arguments.client_processes,
    }
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="euchre-load-play-") as folder_name:
        folder = Path(folder_name)
        if arguments.storage in ("sqlite", "both"):
            results.append(
                run_storage(
                    "sqlite", f"sqlite:///{folder / 'play.db'}", folder, workers=1, **options
                )
            )
        if arguments.storage in ("postgresql", "both"):
            cluster = PostgresCluster(durable=True, max_connections=400)
            try:
                base = cluster.start()
                import psycopg

                name = f"play_{uuid.uuid4().hex[:8]}"
                with psycopg.connect(base, autocommit=True) as connection:
                    connection.execute(f'CREATE DATABASE "{name}"')
                url = base.rsplit("/", 1)[0] + f"/{name}"
                postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
                results.append(
                    run_storage(
                        "postgresql",
                        url,
                        folder,
                        workers=arguments.pg_workers,
                        database_pid=postmaster,
                        **options,
                    )
                )
            finally:
                cluster.stop()
    if arguments.json:
        print(json.dumps([asdict(result) for result in results], indent=2))
    else:
        for result in results:
            pace = f"paced {result.rate:g}/s" if result.rate else "as fast as allowed"
            database = (
                f"  database CPU {result.database_cpu_percent}%"
                if result.storage == "postgresql"
                else ""
            )
            print(
                f"{result.storage:<10} workers={result.workers} tables={result.tables} {pace}: "
                f"{result.actions_per_second} actions/s  p50 {result.p50_ms} ms  "
                f"p99 {result.p99_ms} ms  max {result.max_ms} ms  "
                f"memory/table {result.memory_per_table_kib} KiB  games {result.games_finished}"
                f"  refused {result.refused}  problems {len(result.problems)}  "
                f"server CPU {result.server_cpu_ms_per_action} ms/action "
                f"({result.server_cpu_percent}% of a core){database}  "
                f"clients ({result.client_processes} processes) CPU "
                f"{result.client_cpu_ms_per_action} ms/action "
                f"({result.client_cpu_percent}%)  load average {result.load_average:.1f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
