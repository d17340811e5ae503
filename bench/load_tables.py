"""Load benchmark: 100 tables submit and confirm at once against ``euchre serve`` on 127.0.0.1.

Not a test. For each storage (SQLite file, a throwaway PostgreSQL cluster with its default
durable settings) it starts ``euchre serve --workers N`` on 127.0.0.1, creates a partners
event with ``2 * tables`` teams, and for each of ``--rounds`` rounds lets every table's phone
do what a scorekeeper's does, all tables at once: open the table page, submit the score,
reload, and an opponent confirms. It prints requests/s and p50/p99 latency over those
requests, then checks that every submitted score is in the database (each table of each round
reported with exactly the points it submitted, every submission confirmed).

The phones are played by ``--clients`` processes, each with a lean HTTP/1.1 client (one
kept-alive connection per table, raw asyncio streams on uvloop: no httpx), so the benchmark
measures the server, not itself. It reports both sides: the clients' CPU time per request
(and the requests/s they could drive per core) and the server's CPU time per request (the
``euchre serve`` processes and, on PostgreSQL, the database server, read from ``/proc``), so a
figure taken on a busy machine can still be judged. Each round is reported too (requests/s,
wall time, CPU per request, each worker's CPU), since the first round meets workers that have
served nothing yet; ``--count-by-worker`` also counts the requests each worker answered (the
server adds an ``X-Euchre-Worker`` header only with ``EUCHRE_WORKER_HEADER=1``).

The same run also measures the stack's floor (``bench/stack_floor.py``: a trivial FastAPI
route on the same uvicorn stack, worker count and database, doing one insert and one select
per request) under the same load shape (``--tables`` kept-alive connections, 4 requests each
per round, ``--rounds`` rounds, from the same client processes), and reports the app's
requests/s and server CPU per request as ratios to the floor's: a ratio holds on another
machine, or on this one under another load, where an absolute figure does not. ``--no-floor``
skips it.

Bounded: ``--tables`` at most 200, ``--rounds`` at most 10, every request times out after
30 s, and the whole run stops after ``--time-limit`` seconds. Only 127.0.0.1 is contacted.

    uv run python bench/load_tables.py                 # both storages, 100 tables, 4 workers
    uv run python bench/load_tables.py --storage sqlite --json
    uv run python bench/load_tables.py --storage postgresql --workers 1 --profile stacks.txt

``--profile FILE`` samples the server's processes with py-spy (when installed) while the
tables play, writes the folded stacks to FILE and prints where the server's CPU went by
layer (HTTP, FastAPI, validation, SQLAlchemy, the driver, the app's own code).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pgcluster import PostgresCluster, free_port
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
    clients: int = 1
    client_cpu_ms_per_request: float = 0.0
    client_requests_per_core_second: float = 0.0
    server_cpu_ms_per_request: float = 0.0
    database_cpu_ms_per_request: float = 0.0
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0
    scores_submitted: int = 0
    scores_found: int = 0
    all_scores_present: bool = False
    problems: list[str] = field(default_factory=list)
    per_round: list[RoundFigures] = field(default_factory=list)
    floor: FloorFigures | None = None
    """The stack's floor, measured in the same run (None with ``--no-floor``)."""
    requests_per_second_to_floor: float = 0.0
    """The app's requests/s divided by the floor's (1.0: as fast as the bare stack)."""
    server_cpu_to_floor: float = 0.0
    """The app's server CPU per request divided by the floor's (1.0: no cost above it)."""
    total_cpu_to_floor: float = 0.0
    """The same with the database server's CPU added on both sides (PostgreSQL)."""


@dataclass
class FloorFigures:
    """The stack's floor: ``POST /floor`` (one insert, one select) under the same load."""

    requests: int
    failed_requests: int
    seconds: float
    requests_per_second: float
    server_cpu_ms_per_request: float
    database_cpu_ms_per_request: float
    p50_ms: float


@dataclass
class RoundFigures:
    """One round's figures: the first round meets cold workers, and at the end of each round
    fewer tables (so fewer workers) still have requests to send."""

    round_number: int
    requests: int
    seconds: float
    requests_per_second: float
    server_cpu_ms_per_request: float
    database_cpu_ms_per_request: float
    worker_cpu_seconds: list[float]
    """CPU seconds each ``euchre serve`` worker spent in the round (largest first): a
    kept-alive connection stays on the worker that accepted it, so this shows how evenly the
    tables were shared."""
    worker_requests: list[int]
    """Requests each worker answered (largest first), from the ``X-Euchre-Worker`` header the
    server adds only when the benchmark sets ``EUCHRE_WORKER_HEADER=1``
    (``--count-by-worker``); empty otherwise."""


def _score(round_number: int, table_number: int) -> list[int]:
    return [10, (round_number + table_number) % 10]


def _setup(base_url: str, tables: int, rounds: int) -> tuple[httpx.Client, int, dict[int, str]]:
    director = httpx.Client(base_url=base_url, timeout=120)
    answer = director.post("/api/setup", json={"name": "director", "password": PASSWORD})
    answer.raise_for_status()
    director.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
    created = director.post(
        "/api/events",
        json={
            "name": "Load benchmark",
            "profile_id": "tournament",
            "format": "winners_move_up",
            "rounds": rounds,
            "round_minutes": 20,
            "seed": 1,
            "prizes": [{"min_tables": 1, "amounts_cents": [6000, 4000, 2000]}],
            "side_pot": False,
        },
    )
    created.raise_for_status()
    event_id = int(created.json()["id"])
    rows = ["name,team,checked_in"] + [
        f"Player {team}{seat},Team {team},yes" for team in range(1, 2 * tables + 1) for seat in "ab"
    ]
    imported = director.post(
        f"/api/events/{event_id}/players/import", json={"csv": "\n".join(rows) + "\n"}
    )
    imported.raise_for_status()
    players = director.get(f"/api/events/{event_id}/players").json()
    codes = {int(row["number"]): str(row["code"]) for row in players}
    return director, event_id, codes


class LeanConnection:
    """One phone's kept-alive HTTP/1.1 connection: raw asyncio streams, JSON bodies only."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.worker = ""
        """The ``X-Euchre-Worker`` header of the last answer (the server sends it only with
        ``EUCHRE_WORKER_HEADER=1``)."""

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """Send one request and read the whole answer: (status, JSON body or None)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        payload = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Length: {len(payload)}\r\n"
            + ("Content-Type: application/json\r\n" if body is not None else "")
            + "\r\n"
        )
        self.writer.write(head.encode() + payload)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split(b" ", 2)[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"x-euchre-worker":
                self.worker = value.strip().decode()
        data = await self.reader.readexactly(length) if length else b""
        return status, (json.loads(data) if data else None)

    def close(self) -> None:
        """Close the connection."""
        if self.writer is not None:
            self.writer.close()


async def _table_phone(
    connection: LeanConnection,
    code: str,
    table_number: int,
    round_number: int,
    codes: dict[int, str],
    latencies: list[float],
    failures: list[str],
    workers: dict[str, int],
) -> int | None:
    """One table: open the page, submit, reload, opponent confirms. The submission id."""

    async def request(method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        started = time.perf_counter()
        try:
            status, answer = await asyncio.wait_for(
                connection.request(method, path, body), timeout=30
            )
        except (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError) as error:
            failures.append(f"{method} {path}: {type(error).__name__}")
            return None
        latencies.append(time.perf_counter() - started)
        if connection.worker:
            workers[connection.worker] = workers.get(connection.worker, 0) + 1
        if status >= 400:
            failures.append(f"{method} {path}: {status} {str(answer)[:200]}")
            return None
        return answer

    info = await request("GET", f"/api/tables/{code}")
    if info is None:
        return None
    scorer = info["partnerships"][0][0]["number"]
    opponent = info["partnerships"][1][0]["number"]
    submitted = await request(
        "POST",
        f"/api/tables/{code}/submissions",
        {"player_code": codes[scorer], "team_points": _score(round_number, table_number)},
    )
    if submitted is None:
        return None
    submission_id = int(submitted["id"])
    await request("GET", f"/api/tables/{code}")
    confirmed = await request(
        "POST",
        f"/api/tables/{code}/submissions/{submission_id}/confirm",
        {"player_code": codes[opponent]},
    )
    return submission_id if confirmed is not None else None


def _client_process(
    port: int,
    tables: list[dict[str, Any]],
    round_number: int,
    codes: dict[int, str],
    barrier: Any,
    results: Any,
) -> None:
    """One client process: its share of the tables, all at once, one connection each."""
    try:
        import uvloop

        uvloop.install()
    except ImportError:  # pragma: no cover - the plain asyncio loop still works
        pass
    latencies: list[float] = []
    failures: list[str] = []
    workers: dict[str, int] = {}

    async def run() -> tuple[float, float, list[int | None]]:
        connections = [LeanConnection("127.0.0.1", port) for _ in tables]
        barrier.wait()
        started = time.monotonic()
        ids = await asyncio.gather(
            *[
                _table_phone(
                    connection,
                    table["code"],
                    int(table["table"]),
                    round_number,
                    codes,
                    latencies,
                    failures,
                    workers,
                )
                for connection, table in zip(connections, tables, strict=True)
            ]
        )
        finished = time.monotonic()
        for connection in connections:
            connection.close()
        return started, finished, list(ids)

    cpu = time.process_time()
    started, finished, ids = asyncio.run(run())
    results.put(
        {
            "started": started,
            "finished": finished,
            "latencies": latencies,
            "failures": failures,
            "cpu": time.process_time() - cpu,
            "workers": workers,
            "ids": {int(table["table"]): ident for table, ident in zip(tables, ids, strict=True)},
        }
    )


def _floor_client_process(
    port: int, connections: int, requests_each: int, barrier: Any, results: Any
) -> None:
    """One client process of the floor's load: ``connections`` kept-alive connections at once,
    each sending ``requests_each`` ``POST /floor`` in sequence (as a table's phone does)."""
    try:
        import uvloop

        uvloop.install()
    except ImportError:  # pragma: no cover - the plain asyncio loop still works
        pass
    latencies: list[float] = []
    failures: list[str] = []

    async def one_connection(connection: LeanConnection, index: int) -> None:
        for number in range(requests_each):
            started = time.perf_counter()
            try:
                status, _ = await asyncio.wait_for(
                    connection.request("POST", "/floor", {"note": f"c{index} r{number}"}),
                    timeout=30,
                )
            except (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError) as error:
                failures.append(f"POST /floor: {type(error).__name__}")
                return
            latencies.append(time.perf_counter() - started)
            if status != 200:
                failures.append(f"POST /floor: {status}")

    async def run() -> tuple[float, float]:
        pool = [LeanConnection("127.0.0.1", port) for _ in range(connections)]
        barrier.wait()
        started = time.monotonic()
        await asyncio.gather(*[one_connection(c, index) for index, c in enumerate(pool)])
        finished = time.monotonic()
        for connection in pool:
            connection.close()
        return started, finished

    cpu = time.process_time()
    started, finished = asyncio.run(run())
    results.put(
        {
            "started": started,
            "finished": finished,
            "latencies": latencies,
            "failures": failures,
            "cpu": time.process_time() - cpu,
        }
    )


class FloorServer:
    """``bench/stack_floor.py`` (or another floor ``script`` of this folder, such as
    ``play_floor.py``) on 127.0.0.1 with ``database_url``, in its own process group."""

    def __init__(
        self, database_url: str, folder: Path, *, workers: int, script: str = "stack_floor.py"
    ) -> None:
        self.database_url = database_url
        self.workers = workers
        self.script = script
        self.port = free_port()
        self.log_path = folder / f"floor-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 90.0) -> FloorServer:
        """Start it and wait until every worker has started and ``GET /floor`` answers."""
        environment = dict(os.environ, DATABASE_URL=self.database_url)
        script = Path(__file__).resolve().parent / self.script
        command = [sys.executable, str(script), "--port", str(self.port)]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [*command, "--workers", str(self.workers)],
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while True:
            started = self.log_path.read_text(errors="replace").count(
                "Application startup complete"
            )
            try:
                answered = httpx.get(f"http://127.0.0.1:{self.port}/floor", timeout=2)
                if answered.status_code == 200 and started >= self.workers:
                    return self
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                log_text = self.log_path.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"the floor server did not start:\n{log_text}")
            time.sleep(0.2)

    def stop(self) -> None:
        """SIGTERM its process group, SIGKILL what is left after 20 s."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=20)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None


def measure_floor(
    database_url: str,
    folder: Path,
    *,
    tables: int,
    rounds: int,
    workers: int,
    clients: int,
    deadline: float,
    database_pid: int | None = None,
) -> FloorFigures:
    """The floor's figures under the app's load shape: ``tables`` connections at once, 4
    requests each, ``rounds`` times, from ``clients`` processes."""
    server = FloorServer(database_url, folder, workers=workers).start()
    assert server.process is not None
    watched = {"server": server.process.pid}
    if database_pid is not None:
        watched["database"] = database_pid
    latencies: list[float] = []
    failures: list[str] = []
    used = {"server": 0.0, "database": 0.0}
    seconds = 0.0
    context = multiprocessing.get_context("fork")
    try:
        # Each worker's first requests, untimed (the app's workers warm themselves up before
        # they serve): a new connection each, so that they spread over the workers.
        for number in range(8 * workers):
            url = f"http://127.0.0.1:{server.port}/floor"
            httpx.post(url, json={"note": f"warm-up {number}"}, timeout=30).raise_for_status()
        for _ in range(rounds):
            shares = [len(range(tables)[index::clients]) for index in range(clients)]
            shares = [share for share in shares if share]
            barrier = context.Barrier(len(shares))
            queue = context.Queue()
            trees = {name: _process_tree(pid) for name, pid in watched.items()}
            before = {name: _cpu_seconds(pids) for name, pids in trees.items()}
            processes = [
                context.Process(
                    target=_floor_client_process, args=(server.port, share, 4, barrier, queue)
                )
                for share in shares
            ]
            for process in processes:
                process.start()
            reports = [queue.get(timeout=max(1.0, deadline - time.monotonic())) for _ in processes]
            for process in processes:
                process.join(timeout=30)
            trees = {name: _process_tree(pid) for name, pid in watched.items()}
            for name, pids in trees.items():
                used[name] += _cpu_seconds(pids) - before[name]
            for report in reports:
                latencies.extend(report["latencies"])
                failures.extend(report["failures"])
            seconds += max(r["finished"] for r in reports) - min(r["started"] for r in reports)
            if time.monotonic() > deadline:
                break
    finally:
        server.stop()
    count = len(latencies)
    return FloorFigures(
        requests=count,
        failed_requests=len(failures),
        seconds=round(seconds, 2),
        requests_per_second=round(count / seconds, 1) if seconds else 0.0,
        server_cpu_ms_per_request=round(1000 * used["server"] / count, 3) if count else 0.0,
        database_cpu_ms_per_request=round(1000 * used["database"] / count, 3) if count else 0.0,
        p50_ms=round(1000 * statistics.median(latencies), 1) if latencies else 0.0,
    )


def compare_to_floor(result: StorageResult, floor: FloorFigures) -> None:
    """Set ``result``'s ratios to the floor measured in the same run."""
    result.floor = floor
    if floor.requests_per_second:
        result.requests_per_second_to_floor = round(
            result.requests_per_second / floor.requests_per_second, 3
        )
    if floor.server_cpu_ms_per_request:
        result.server_cpu_to_floor = round(
            result.server_cpu_ms_per_request / floor.server_cpu_ms_per_request, 2
        )
    floor_total = floor.server_cpu_ms_per_request + floor.database_cpu_ms_per_request
    if floor_total:
        total = result.server_cpu_ms_per_request + result.database_cpu_ms_per_request
        result.total_cpu_to_floor = round(total / floor_total, 2)


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of these processes so far (Linux ``/proc``; 0 elsewhere),
    with the first one's reaped children (PostgreSQL backends that have closed)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for index, pid in enumerate(pids):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
        if index == 0:
            total += int(fields[13]) + int(fields[14])  # cutime, cstime: children reaped
    return total / ticks


def _children(parent: int) -> list[int]:
    """The direct children of ``parent`` (the server's workers; its supervisor's helpers,
    such as multiprocessing's resource tracker, show up with no CPU)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def _process_tree(root: int) -> list[int]:
    """``root`` and every descendant (the server's workers, PostgreSQL's backends)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents.setdefault(parent, []).append(int(entry.name))
    found, queue = [], [root]
    while queue:
        pid = queue.pop()
        found.append(pid)
        queue.extend(parents.get(pid, []))
    return found


@dataclass
class RoundLoad:
    """What one round's load measured."""

    wall: float
    client_cpu: float
    cpu: dict[str, float]
    """CPU seconds of each watched process tree."""
    worker_cpu: list[float]
    """CPU seconds of each of the server's direct children (its workers), largest first."""
    worker_requests: list[int]
    ids: dict[int, int]
    """Table number -> the submission id its phone got."""


def _round_load(
    port: int,
    tables: list[dict[str, Any]],
    round_number: int,
    codes: dict[int, str],
    clients: int,
    latencies: list[float],
    failures: list[str],
    deadline: float,
    watched: dict[str, int],
) -> RoundLoad:
    """Run one round's load from ``clients`` processes."""
    context = multiprocessing.get_context("fork")
    shares = [tables[index::clients] for index in range(clients)]
    shares = [share for share in shares if share]
    barrier = context.Barrier(len(shares))
    queue = context.Queue()
    trees = {name: _process_tree(pid) for name, pid in watched.items()}
    before = {name: _cpu_seconds(pids) for name, pids in trees.items()}
    server_children = _children(watched["server"])
    workers_before = {pid: _cpu_seconds([pid]) for pid in server_children}
    processes = [
        context.Process(
            target=_client_process, args=(port, share, round_number, codes, barrier, queue)
        )
        for share in shares
    ]
    for process in processes:
        process.start()
    reports = []
    for _ in processes:
        reports.append(queue.get(timeout=max(1.0, deadline - time.monotonic())))
    for process in processes:
        process.join(timeout=30)
    trees = {name: _process_tree(pid) for name, pid in watched.items()}
    after = {name: _cpu_seconds(pids) for name, pids in trees.items()}
    worker_cpu = sorted(
        (_cpu_seconds([pid]) - spent for pid, spent in workers_before.items()), reverse=True
    )
    ids: dict[int, int] = {}
    served: dict[str, int] = {}
    for report in reports:
        latencies.extend(report["latencies"])
        failures.extend(report["failures"])
        ids.update({table: ident for table, ident in report["ids"].items() if ident is not None})
        for worker, count in report["workers"].items():
            served[worker] = served.get(worker, 0) + count
    wall = max(report["finished"] for report in reports) - min(
        report["started"] for report in reports
    )
    return RoundLoad(
        wall=wall,
        client_cpu=sum(report["cpu"] for report in reports),
        cpu={name: after[name] - before[name] for name in watched},
        worker_cpu=[round(seconds, 3) for seconds in worker_cpu],
        worker_requests=sorted(served.values(), reverse=True),
        ids=ids,
    )


class Profiler:
    """py-spy sampling the server's processes (and their children) into folded stacks."""

    def __init__(self, pid: int, output: Path) -> None:
        self.pid = pid
        self.output = output
        self.process: subprocess.Popen[bytes] | None = None
        self.part = 0

    def start(self) -> None:
        """Start sampling (py-spy needs a moment to attach)."""
        executable = shutil.which("py-spy") or str(Path.home() / ".local/bin/py-spy")
        self.part += 1
        self.process = subprocess.Popen(
            [
                executable,
                "record",
                "--pid",
                str(self.pid),
                "--subprocesses",
                "--rate",
                "500",
                "--format",
                "raw",
                "--gil",
                "--nonblocking",
                "--output",
                f"{self.output}.part{self.part}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)

    def stop(self) -> None:
        """Stop sampling and add this part's stacks to the output file."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=60)
        self.process = None
        part = Path(f"{self.output}.part{self.part}")
        if part.exists():
            with self.output.open("a") as merged:
                merged.write(part.read_text())
            part.unlink()


_LAYERS = (
    ("psycopg", "driver (psycopg)"),
    ("sqlite3", "driver (sqlite3)"),
    ("sqlalchemy/orm", "SQLAlchemy ORM"),
    ("sqlalchemy", "SQLAlchemy Core and pool"),
    ("pydantic", "pydantic"),
    ("fastapi/encoders", "FastAPI encoders"),
    ("fastapi", "FastAPI"),
    ("starlette", "Starlette"),
    ("anyio", "anyio (thread hop)"),
    ("threading", "threads"),
    ("queue.py", "threads"),
    ("concurrent", "threads"),
    ("uvicorn", "uvicorn"),
    ("httptools", "uvicorn"),
    ("uvloop", "uvicorn"),
    ("asyncio", "asyncio"),
    ("logging", "logging"),
    ("json", "json"),
    ("jinja2", "Jinja2"),
    ("itsdangerous", "itsdangerous"),
    ("euchre/web", "euchre.web"),
    ("euchre/store", "euchre.store"),
    ("euchre/tournament", "euchre.tournament"),
    ("euchre/engine", "euchre.engine"),
    ("euchre", "euchre (other)"),
)


def profile_breakdown(stacks: Path) -> list[tuple[str, float]]:
    """Share of samples by layer (each sample goes to its innermost frame's layer; a frame
    of none of them, e.g. ``datetime`` or ``re``, goes to the layer that called it)."""
    counts: dict[str, int] = {}
    total = 0
    for line in stacks.read_text().splitlines():
        frames, _, number = line.rpartition(" ")
        if not frames or not number.isdigit():
            continue
        layer = "other"
        for frame in reversed(frames.split(";")):
            where = frame.rsplit("(", 1)[-1]
            found = next((name for key, name in _LAYERS if key in where), None)
            if found is not None:
                layer = found
                break
        counts[layer] = counts.get(layer, 0) + int(number)
        total += int(number)
    return (
        sorted(((name, count / total) for name, count in counts.items()), key=lambda item: -item[1])
        if total
        else []
    )


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def run_storage(
    storage: str,
    database_url: str,
    folder: Path,
    *,
    tables: int,
    rounds: int,
    workers: int,
    clients: int,
    deadline: float,
    database_pid: int | None = None,
    profile: Path | None = None,
    count_by_worker: bool = False,
    floor: bool = True,
) -> StorageResult:
    """Serve ``database_url`` and run the load; the figures and the database check. With
    ``floor``, first the stack's floor on the same database, and the ratios to it."""
    floor_figures = None
    if floor:
        floor_figures = measure_floor(
            database_url,
            folder,
            tables=tables,
            rounds=rounds,
            workers=workers,
            clients=clients,
            deadline=deadline,
            database_pid=database_pid,
        )
    result = StorageResult(
        storage=storage, workers=workers, tables=tables, rounds=rounds, clients=clients
    )
    server = EuchreServer(
        database_url,
        folder,
        workers=workers,
        environment={"EUCHRE_WORKER_HEADER": "1"} if count_by_worker else None,
    ).start()
    assert server.process is not None
    watched = {"server": server.process.pid}
    if database_pid is not None:
        watched["database"] = database_pid
    profiler = None if profile is None else Profiler(server.process.pid, profile)
    client_cpu = 0.0
    used: dict[str, float] = {"server": 0.0, "database": 0.0}
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
            if profiler is not None:
                profiler.start()
            answered = len(latencies)
            load = _round_load(
                server.port,
                round_tables,
                round_number,
                codes,
                clients,
                latencies,
                failures,
                deadline,
                watched,
            )
            if profiler is not None:
                profiler.stop()
            result.seconds += load.wall
            client_cpu += load.client_cpu
            for name, seconds in load.cpu.items():
                used[name] += seconds
            answered = len(latencies) - answered
            result.per_round.append(
                RoundFigures(
                    round_number=round_number,
                    requests=answered,
                    seconds=round(load.wall, 3),
                    requests_per_second=round(answered / load.wall, 1) if load.wall else 0.0,
                    server_cpu_ms_per_request=round(1000 * load.cpu["server"] / answered, 2)
                    if answered
                    else 0.0,
                    database_cpu_ms_per_request=round(
                        1000 * load.cpu.get("database", 0.0) / answered, 2
                    )
                    if answered
                    else 0.0,
                    worker_cpu_seconds=load.worker_cpu,
                    worker_requests=load.worker_requests,
                )
            )
            submitted.update({(round_number, table): ident for table, ident in load.ids.items()})
            result.scores_submitted += len(round_tables)
            # The check reads back what the database holds (stateless workers: no cache of
            # scores lives in a process).
            state = director.get(f"/api/events/{event_id}/rounds/{round_number}").json()
            kept = {
                int(row["id"]): row
                for row in director.get(
                    f"/api/events/{event_id}/submissions", params={"round": round_number}
                ).json()
            }
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
                    result.problems.append(
                        f"round {round_number} table {table}: {row['state']} {row['team_points']}"
                    )
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
            errors = [
                line
                for line in server.log_tail(200_000).splitlines()
                if "Error" in line and "HTTP/1.1" not in line
            ]
            result.problems.extend(f"server log: {line}" for line in errors[-5:])
    result.requests = len(latencies)
    result.failed_requests = len(failures)
    result.problems[:0] = failures[:10]
    if result.seconds > 0:
        result.requests_per_second = round(len(latencies) / result.seconds, 1)
    if latencies:
        result.client_cpu_ms_per_request = round(1000 * client_cpu / len(latencies), 2)
        result.server_cpu_ms_per_request = round(1000 * used["server"] / len(latencies), 2)
        result.database_cpu_ms_per_request = round(1000 * used["database"] / len(latencies), 2)
    if client_cpu > 0:
        result.client_requests_per_core_second = round(len(latencies) / client_cpu, 1)
    result.p50_ms = round(1000 * statistics.median(latencies), 1) if latencies else 0.0
    result.p99_ms = round(1000 * _percentile(latencies, 0.99), 1)
    result.max_ms = round(1000 * max(latencies, default=0.0), 1)
    result.seconds = round(result.seconds, 2)
    result.all_scores_present = (
        result.scores_found == result.scores_submitted
        and not failures
        and result.scores_submitted == tables * rounds
    )
    if floor_figures is not None:
        compare_to_floor(result, floor_figures)
        if floor_figures.failed_requests:
            result.problems.append(f"the floor had {floor_figures.failed_requests} failed requests")
    return result


def main() -> int:
    """Parse the options, run each storage, print the figures; exit 1 if a score is missing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--storage", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--clients", type=int, default=2, help="client processes playing the phones (default 2)"
    )
    parser.add_argument("--time-limit", type=float, default=300.0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--profile",
        type=Path,
        default=None,
        help="sample the server with py-spy into this file (folded stacks)",
    )
    parser.add_argument(
        "--no-floor",
        action="store_true",
        help="skip the stack's floor (a trivial route on the same stack and database)",
    )
    parser.add_argument(
        "--count-by-worker",
        action="store_true",
        help="count the requests each server worker answered (the server adds "
        "an X-Euchre-Worker header with EUCHRE_WORKER_HEADER=1)",
    )
    options = parser.parse_args()
    if not 1 <= options.tables <= 200 or not 1 <= options.rounds <= 10:
        parser.error("--tables must be 1..200 and --rounds 1..10")
    if not 1 <= options.workers <= 16:
        parser.error("--workers must be 1..16")
    if not 1 <= options.clients <= 16:
        parser.error("--clients must be 1..16")
    deadline = time.monotonic() + options.time_limit
    storages = ["sqlite", "postgresql"] if options.storage == "both" else [options.storage]
    results: list[StorageResult] = []
    with tempfile.TemporaryDirectory(prefix="euchre-bench-") as temporary:
        folder = Path(temporary)
        for storage in storages:
            if storage == "sqlite":
                url = f"sqlite:///{folder / 'bench.db'}"
                results.append(
                    run_storage(
                        storage,
                        url,
                        folder,
                        tables=options.tables,
                        rounds=options.rounds,
                        workers=options.workers,
                        clients=options.clients,
                        deadline=deadline,
                        profile=options.profile,
                        count_by_worker=options.count_by_worker,
                        floor=not options.no_floor,
                    )
                )
                continue
            cluster = PostgresCluster(durable=True)
            try:
                server_url = cluster.start()
                import psycopg

                name = f"bench_{uuid.uuid4().hex[:8]}"
                with psycopg.connect(server_url, autocommit=True) as connection:
                    connection.execute(f'CREATE DATABASE "{name}"')
                url = (
                    server_url.rsplit("/", 1)[0].replace(
                        "postgresql://", "postgresql+psycopg://", 1
                    )
                    + f"/{name}"
                )
                postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
                results.append(
                    run_storage(
                        storage,
                        url,
                        folder,
                        tables=options.tables,
                        rounds=options.rounds,
                        workers=options.workers,
                        clients=options.clients,
                        deadline=deadline,
                        database_pid=postmaster,
                        profile=options.profile,
                        count_by_worker=options.count_by_worker,
                        floor=not options.no_floor,
                    )
                )
            finally:
                cluster.stop()
    if options.json:
        print(json.dumps([asdict(result) for result in results], indent=2))
    else:
        for result in results:
            print(
                f"{result.storage:>10}: {result.workers} workers, {result.tables} tables x "
                f"{result.rounds} rounds, {result.requests} requests in {result.seconds} s: "
                f"{result.requests_per_second} requests/s, p50 {result.p50_ms} ms, "
                f"p99 {result.p99_ms} ms, max {result.max_ms} ms; CPU per request: "
                f"server {result.server_cpu_ms_per_request} ms, database "
                f"{result.database_cpu_ms_per_request} ms, {result.clients} client processes "
                f"{result.client_cpu_ms_per_request} ms (they could drive "
                f"{result.client_requests_per_core_second} requests/s per core); scores "
                f"{result.scores_found}/{result.scores_submitted} in the database"
                + (
                    ""
                    if result.all_scores_present
                    else "  PROBLEMS: " + "; ".join(result.problems[:5])
                )
            )
            if result.floor is not None:
                floor = result.floor
                print(
                    f"     floor: the same stack and database, one insert and one select per "
                    f"request: {floor.requests} requests in {floor.seconds} s, "
                    f"{floor.requests_per_second} requests/s, p50 {floor.p50_ms} ms; CPU per "
                    f"request: server {floor.server_cpu_ms_per_request} ms, database "
                    f"{floor.database_cpu_ms_per_request} ms\n"
                    f"     as ratios to the floor: requests/s {result.requests_per_second_to_floor}"
                    f", server CPU per request {result.server_cpu_to_floor}, server and "
                    f"database CPU per request {result.total_cpu_to_floor}"
                )
            for figures in result.per_round:
                shares = "/".join(
                    f"{seconds:.2f}" for seconds in figures.worker_cpu_seconds if seconds >= 0.005
                )
                served = "/".join(str(count) for count in figures.worker_requests)
                print(
                    f"    round {figures.round_number}: {figures.requests} requests in "
                    f"{figures.seconds:.3f} s, {figures.requests_per_second} requests/s, "
                    f"server {figures.server_cpu_ms_per_request} ms, database "
                    f"{figures.database_cpu_ms_per_request} ms per request; workers' CPU "
                    f"{shares} s" + (f", requests {served}" if served else "")
                )
    if options.profile is not None and options.profile.exists():
        print(f"server CPU by layer (py-spy samples in {options.profile}):")
        for name, share in profile_breakdown(options.profile):
            print(f"  {name:<28} {100 * share:5.1f} %")
    return 0 if all(result.all_scores_present for result in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
