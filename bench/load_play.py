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
moves a second over all tables. The measured window opens only once every table has its
four seats taken (each client process counts its seated tables on a shared value; the
floor's relay answers each socket ``{"ready": N}``), so the set-up (800 sockets connecting
and sitting down: 5-9 s on the 2-core machine, printed as ``set-up``) is neither timed nor
counted as play; until 26 Nov 2026 the window opened 3 s after the start and the set-up's
tail was timed (bench/notes/play-load.md). It reports:

- actions/s: moves that reached all four seats, per second of the run;
- p50/p99 (ms): from a move's sending to all four seats of its table having a view that
  includes it;
- the clients ask for no per-message compression (a browser asks for it; it costs the
  server about a tenth of its time per move, see bench/notes/play-load.md);
- memory per table: the server's resident memory (all its processes) after the run minus
  before the tables were opened, divided by the number of tables;
- CPU (user + system) of the server's processes, of PostgreSQL's, and of the client
  processes over the run: per action and as a share of one core; and the machine's load
  average: on a shared machine actions/s and latency say much about the neighbours, CPU per
  action does not.

Presence and chat traffic (issue 21): with ``--drop-share D`` each table's seats drop about
D times a minute (a Poisson process per table, a random seat each time): the client closes
its socket (the server logs ``drop N UNTIL`` and the others see the seat as not connected)
and opens it again with the same token ``--reconnect-after`` seconds later (``back N``). The
drops, the returns, the drops the other seats saw, and the moves left untimed because a seat
of their table was away (it cannot see them until it is back) are reported. With
``--chat-rate C`` the clients post about C preset chat messages a second over all tables, as
a random seat of a random table, to the play tables' chat path if the server's
``/openapi.json`` lists one (a POST path ``/api/play/tables/{...}/chat``); otherwise the
report says "chat: not available on this server".

The stack's floor (``bench/play_floor.py``: a WebSocket relay with no game on the same
uvicorn stack, worker count and database, one durable INSERT per move with group commit and
a fan-out to the table's four sockets, across workers through the app's PostgreSQL
doorbell) is started beside the app and loaded after it in the same run, idle meanwhile,
under the same load (the same number of tables, four sockets each, one move in flight per
table, the same pace), and the report gives the
app's server CPU per move, p99, p50 and actions/s as ratios to the floor's first (the goal:
at most 3 times the floor's CPU per move). ``--no-floor`` skips it.

As fast as allowed, 200 tables make a closed loop of 200 moves in flight: each table's next
move waits for its last one, so p50 is about 200 / (actions/s) whatever the server does
(Little's law), and a p99 under 100 ms would need more than 2,000 actions/s. The paced runs
(``--rate 600``) measure the latency at the issue's throughput (bench/notes/play-load.md).

Bounded: ``--tables`` at most 200, ``--seconds`` at most 120, every connection and request
times out, and only 127.0.0.1 is contacted.

    uv run python bench/load_play.py                       # both storages, 200 tables, 20 s
    uv run python bench/load_play.py --storage sqlite --rate 600 --seconds 30
    uv run python bench/load_play.py --storage sqlite --tables 50 --seconds 10 --json
    uv run python bench/load_play.py --storage sqlite --rate 600 --seconds 25 \
        --drop-share 0.1 --chat-rate 5
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import multiprocessing
import os
import random
import resource
import signal
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_tables import FloorServer
from tests.pgcluster import PostgresCluster
from tests.served import EuchreServer

CHAT_TEXTS = ("Nice hand!", "Good game", "Well played", "Thanks")
"""What the chat traffic says: preset messages, allowed at every table whose chat is on."""
SET_UP_SECONDS = 120.0
"""How long the clients may take to connect and sit down before the window opens anyway."""
FLOOR_MOVES = ("9C", "TD", "JH", "QS", "KC", "AD", "pass", "order")
"""Move texts for the floor (it relays any text; these are about a move's size)."""


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
    database_cpu_ms_per_action: float = 0.0
    client_cpu_ms_per_action: float = 0.0
    client_cpu_percent: float = 0.0
    load_average: float = 0.0
    set_up_seconds: float = 0.0
    """Seconds the clients took to connect and take every seat, before the window opened."""
    drops: int = 0
    """Sockets closed on purpose (``--drop-share``), each reopened ``--reconnect-after`` later."""
    reconnects: int = 0
    """Of those, the ones that got their seat's view back (connected again)."""
    drops_seen: int = 0
    """Views in which another seat saw a dropped seat as not connected (first one per drop)."""
    untimed: int = 0
    """Moves not timed because one of their table's seats was away (it cannot see them)."""
    chat: str = "off"
    """``off`` (no ``--chat-rate``), ``not available`` (the server lists no chat path), or
    the chat path posted to."""
    chat_sent: int = 0
    chat_refused: int = 0
    problems: list[str] = field(default_factory=list)
    floor: FloorResult | None = None
    """The stack's floor, measured in the same run (None with ``--no-floor``)."""
    ratios: dict[str, float] = field(default_factory=dict)
    """The app's figures divided by the floor's (``floor_ratios``)."""


@dataclass
class FloorResult:
    """The stack's floor (``bench/play_floor.py``) under the same client load."""

    actions: int = 0
    actions_per_second: float = 0.0
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0
    refused: int = 0
    server_cpu_ms_per_action: float = 0.0
    database_cpu_ms_per_action: float = 0.0
    client_cpu_ms_per_action: float = 0.0
    load_average: float = 0.0
    set_up_seconds: float = 0.0
    """Seconds the clients took to connect and take every seat, before the window opened."""
    problems: list[str] = field(default_factory=list)


def floor_ratios(result: Result, floor: FloorResult) -> dict[str, float]:
    """The app's figures as ratios to the floor's, each only where the floor's is above 0:
    server CPU per move (goal: at most 3), server and database CPU per move together, p99,
    p50, and actions/s (1.0: as many as the floor delivered)."""
    pairs = {
        "server_cpu_per_action": (result.server_cpu_ms_per_action, floor.server_cpu_ms_per_action),
        "server_and_database_cpu_per_action": (
            result.server_cpu_ms_per_action + result.database_cpu_ms_per_action,
            floor.server_cpu_ms_per_action + floor.database_cpu_ms_per_action,
        ),
        "p99": (result.p99_ms, floor.p99_ms),
        "p50": (result.p50_ms, floor.p50_ms),
        "actions_per_second": (result.actions_per_second, floor.actions_per_second),
    }
    return {name: round(app / base, 2) for name, (app, base) in pairs.items() if base > 0}


def drop_times(rng: random.Random, window: tuple[float, float], per_minute: float) -> list[float]:
    """When one table's seats drop during ``window`` (start, stop): a Poisson process of
    ``per_minute`` drops a minute for the table, none in the window's last 5 s (so each
    reconnects within it). Sorted; empty when ``per_minute`` is 0."""
    start, stop = window
    times: list[float] = []
    if per_minute <= 0:
        return times
    moment = start
    while True:
        moment += rng.expovariate(per_minute / 60.0)
        if moment >= stop - 5.0:
            return times
        times.append(moment)


def chat_path(openapi: dict[str, Any]) -> str | None:
    """The play tables' chat path in the server's OpenAPI document (a POST path under
    ``/api/play/tables/{...}/`` ending in ``/chat``), or None when it offers none."""
    for path, operations in openapi.get("paths", {}).items():
        if (
            path.startswith("/api/play/tables/{")
            and path.endswith("/chat")
            and "post" in operations
        ):
            return str(path)
    return None


@dataclass
class TableLoad:
    """One table's bookkeeping: when each move was sent, which seats have it, and (paced)
    when the table's next move may go."""

    sent: dict[int, float] = field(default_factory=dict)
    seen: dict[int, set[int]] = field(default_factory=dict)
    latest: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    next_at: float = 0.0
    offset: float = 0.0
    """When the table's first move may go, after the window opens (its start, staggered)."""
    ready: bool = False
    """All four seats taken (sat down; the floor: connected)."""
    connected: int = 0
    sitting: int = 0
    """The entry a seat's sit-down will make while it is in flight (0: none)."""
    away: set[int] = field(default_factory=set)
    """Seats whose socket is closed (a drop): the table's moves are not timed meanwhile."""
    seen_away: set[int] = field(default_factory=set)
    """Dropped seats another seat has already seen as not connected."""


@dataclass
class ClientTally:
    """What one client process counted."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0
    games_finished: int = 0
    drops: int = 0
    reconnects: int = 0
    drops_seen: int = 0
    untimed: int = 0
    chat_sent: int = 0
    chat_refused: int = 0
    problems: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0


_SEATED: Any = None
"""Client processes all of whose tables have their four seats taken (a ``multiprocessing``
value made by ``_drive`` before it forks the client processes, which inherit it)."""
_OPENED: Any = None
"""The window (start, stop, as ``time.time()``; 0 until ``_drive`` opens it)."""


class Window:
    """A client process's view of the window: closed (start and stop infinitely far) until
    ``_drive`` opens it; ``ready_tables`` counts this process's tables whose seats are all
    taken."""

    def __init__(self, tables: int) -> None:
        self.start = math.inf
        self.stop = math.inf
        self.opened = asyncio.Event()
        self.tables = tables
        self.ready_tables = 0
        self.on_open: list[Callable[[Window], None]] = []

    def table_ready(self, load: TableLoad) -> None:
        if load.ready:
            return
        load.ready = True
        self.ready_tables += 1
        if self.ready_tables == self.tables and _SEATED is not None:
            with _SEATED.get_lock():
                _SEATED.value += 1

    async def watch(self) -> None:
        """Wait for ``_drive`` to open the window (polled), then tell the waiting seats."""
        while not _OPENED[0]:
            await asyncio.sleep(0.02)
        self.start, self.stop = _OPENED[0], _OPENED[1]
        for callback in self.on_open:
            callback(self)
        self.opened.set()

    def timing(self) -> bool:
        return self.start <= time.time() <= self.stop


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


@dataclass(frozen=True)
class Plan:
    """What every client process is asked to do: the window's length, the pace, the drops
    and the chat. The window opens once every table of every client process has its four
    seats taken (``_drive``), so that 800 sockets connecting and sitting down are neither
    timed nor counted as play."""

    seconds: float
    interval: float
    drop_per_minute: float = 0.0
    reconnect_after: float = 2.0
    chat_per_second: float = 0.0
    chat_path: str | None = None


def _note_view(view: dict[str, Any], seat: int, load: TableLoad, tally: ClientTally) -> None:
    """Presence as the others see it: the first view in which another seat shows a dropped
    seat as not connected counts that drop as seen."""
    seats = view.get("seats")
    if not seats or not load.away:
        return
    for away in load.away - load.seen_away:
        if away != seat and seats[away].get("connected") is False:
            load.seen_away.add(away)
            tally.drops_seen += 1


async def _seat(
    address: str,
    token: str,
    seat: int,
    load: TableLoad,
    tally: ClientTally,
    plan: Plan,
    window: Window,
    drops: list[float],
    rng: random.Random,
) -> None:
    """One seat's client: take the seat, then play while the window lasts; at each of
    ``drops`` (filled when the window opens) close the socket and open it again
    ``plan.reconnect_after`` seconds later with the same token."""
    acted_at = -1
    returning = False
    while time.time() < window.stop:
        dropping = False
        async with connect(address, open_timeout=30, max_queue=None, compression=None) as socket:
            await socket.send(json.dumps({"token": token, "seq": load.latest[seat]}))
            while time.time() < window.stop:
                if drops and time.time() >= drops[0]:
                    drops.pop(0)
                    if time.time() < window.stop - 1.0:
                        # A drop: the socket closes (the server logs ``drop N UNTIL``); the
                        # moves in flight at this table are not timed, since this seat sees
                        # them only when it is back. Marked before the close, so that the
                        # others' views of the drop find the seat away.
                        dropping = returning = True
                        tally.drops += 1
                        load.away.add(seat)
                        tally.untimed += len(load.sent)
                        load.sent.clear()
                        load.seen.clear()
                        break
                until = min(window.stop, drops[0]) if drops else window.stop
                if not window.opened.is_set():
                    until = min(until, time.time() + 0.1)  # look at the window again soon
                try:
                    left = max(0.01, until - time.time())
                    raw = await asyncio.wait_for(socket.recv(), timeout=left)
                except TimeoutError:
                    continue  # the window's end or a drop: the loop's checks see to it
                message = json.loads(raw)
                now = time.perf_counter()
                if message["type"] == "error":
                    tally.refused += 1
                    # The table's move in flight was refused: its entry will not come.
                    load.sent.pop(acted_at + 1, None)
                    load.seen.pop(acted_at + 1, None)
                    continue
                if message["type"] != "view":
                    continue
                view = message["view"]
                seq = view["seq"]
                if returning:
                    returning = False
                    tally.reconnects += 1
                    load.away.discard(seat)
                    load.seen_away.discard(seat)
                _note_view(view, seat, load, tally)
                if not load.ready and all(entry.get("seated") for entry in view["seats"]):
                    window.table_ready(load)
                load.latest[seat] = max(load.latest[seat], seq)
                for number in [n for n in load.sent if n <= seq]:
                    seen = load.seen.setdefault(number, set())
                    seen.add(seat)
                    if len(seen) == 4:
                        latencies = now - load.sent.pop(number)
                        del load.seen[number]
                        if window.timing():
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
                    # Taking one's seat is the table's set-up, done as the clients connect
                    # (before the window): it is not play, and 800 seats sitting at one
                    # instant are not the offered load either, so it is neither paced nor
                    # timed.
                    acted_at = seq
                    await socket.send(
                        json.dumps({"type": "action", "action": view["legal"][0], "seq": seq})
                    )
                    continue
                await window.opened.wait()
                wait = max(load.next_at, window.start + load.offset) - time.time()
                if wait > 0:  # paced (or before the start): the table's next move waits
                    await asyncio.sleep(wait)
                    if (
                        seq < max(load.latest)
                        or time.time() < load.next_at
                        or time.time() >= window.stop
                    ):
                        continue  # another seat moved meanwhile: its view is on its way
                action = rng.choice(view["legal"])
                if action == "rematch":
                    tally.games_finished += 1
                acted_at = seq
                if load.away:
                    tally.untimed += 1  # a seat of the table cannot see it until it is back
                else:
                    load.sent.setdefault(seq + 1, time.perf_counter())
                load.next_at = time.time() + plan.interval * rng.uniform(0.5, 1.5)
                await socket.send(json.dumps({"type": "action", "action": action, "seq": seq}))
        if not dropping:
            return
        await asyncio.sleep(plan.reconnect_after)


async def _chat(
    base_url: str,
    tables: list[dict[str, Any]],
    plan: Plan,
    window: Window,
    tally: ClientTally,
    share: float,
) -> None:
    """Post preset chat messages at ``share`` of the plan's rate (a Poisson process), each
    from a random seat of a random table, while the window lasts."""
    if not plan.chat_path or plan.chat_per_second <= 0 or not tables:
        return
    rng = random.Random(f"chat:{tables[0]['table']}")
    rate = plan.chat_per_second * share
    await window.opened.wait()
    stop_at = window.stop
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
        while True:
            await asyncio.sleep(rng.expovariate(rate))
            if time.time() >= stop_at:
                return
            created = rng.choice(tables)
            seat = rng.choice(created["seats"])
            path = plan.chat_path.split("{", 1)[0] + created["table"] + "/chat"
            answer = await client.post(
                path,
                json={"text": rng.choice(CHAT_TEXTS)},
                headers={"Authorization": f"Bearer {seat['token']}"},
            )
            if answer.status_code < 300:
                tally.chat_sent += 1
            else:
                tally.chat_refused += 1


async def _client_load(
    host: str, tables: list[dict[str, Any]], plan: Plan, share: float
) -> ClientTally:
    tally = ClientTally()
    window = Window(len(tables))
    tasks = []
    for created in tables:
        rng = random.Random(created["table"])
        load = TableLoad(offset=plan.interval * rng.random())
        address = f"ws://{host}/api/play/tables/{created['table']}/ws"
        drops: dict[int, list[float]] = {seat["seat"]: [] for seat in created["seats"]}

        def plan_drops(
            opened: Window, rng: random.Random = rng, drops: dict[int, list[float]] = drops
        ) -> None:
            for moment in drop_times(rng, (opened.start, opened.stop), plan.drop_per_minute):
                drops[rng.choice(list(drops))].append(moment)

        window.on_open.append(plan_drops)
        for seat in created["seats"]:
            tasks.append(
                _seat(
                    address,
                    seat["token"],
                    seat["seat"],
                    load,
                    tally,
                    plan,
                    window,
                    drops[seat["seat"]],
                    random.Random(f"{created['table']}:{seat['seat']}"),
                )
            )
    tasks.append(_chat(f"http://{host}", tables, plan, window, tally, share))
    watcher = asyncio.create_task(window.watch())
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    watcher.cancel()
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            tally.problems.append(f"{type(outcome).__name__}: {outcome}")
    return tally


def _no_collector_pauses() -> None:
    """Turn the cyclic garbage collector off in a client process. One process stands for
    hundreds of phones: a full collection of its sockets' objects (90-105 ms measured with
    ``gc.callbacks``, 26 Nov 2026) pauses half the tables' clients at once, and the pause
    would be timed as the server's latency. A client process lives for the run only
    (``--seconds`` at most 120, plus set-up); reference counting frees almost everything."""
    gc.collect()
    gc.disable()


def _client_process(
    host: str, tables: list[dict[str, Any]], plan: Plan, share: float
) -> ClientTally:
    """One client process: its share of the tables, four sockets each (a table's four
    seats stay in one process, which times them), and its share of the chat."""
    _no_collector_pauses()
    before = resource.getrusage(resource.RUSAGE_SELF)
    tally = asyncio.run(_client_load(host, tables, plan, share))
    after = resource.getrusage(resource.RUSAGE_SELF)
    tally.cpu_seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return tally


async def _floor_seat(
    address: str,
    seat: int,
    load: TableLoad,
    tally: ClientTally,
    plan: Plan,
    window: Window,
    rng: random.Random,
) -> None:
    """One seat's client of the floor: the same pace and timing as ``_seat``, the four seats
    taking turns (seat 0 sends the first move, then the seat after the last mover's
    neighbour: every seat moves, one at a time)."""
    async with connect(address, open_timeout=30, max_queue=None, compression=None) as socket:
        await socket.send(json.dumps({"seat": seat}))
        await socket.recv()  # {"ready": seat}: the relay sends this socket the table's moves
        load.connected += 1
        if load.connected == 4:
            window.table_ready(load)
        await window.opened.wait()
        stop_at = window.stop
        seq = 0  # the last move this seat has seen
        if seat == 0:
            await asyncio.sleep(max(0.0, window.start + load.offset - time.time()))
            load.sent[1] = time.perf_counter()
            await socket.send(json.dumps({"seq": 1, "move": rng.choice(FLOOR_MOVES)}))
        while time.time() < stop_at:
            try:
                left = max(0.01, stop_at - time.time())
                raw = await asyncio.wait_for(socket.recv(), timeout=left)
            except TimeoutError:
                break
            message = json.loads(raw)
            now = time.perf_counter()
            if "error" in message:
                tally.refused += 1
                continue
            seq = message["seq"]
            seen = load.seen.setdefault(seq, set())
            seen.add(seat)
            if len(seen) == 4:
                del load.seen[seq]
                sent = load.sent.pop(seq, None)
                if sent is not None and window.timing():
                    tally.latencies.append((now - sent) * 1000)
                    tally.actions += 1
            if (seq + 1) % 4 != seat:
                continue
            wait = max(load.next_at, window.start + load.offset) - time.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if time.time() >= stop_at:
                break
            load.next_at = time.time() + plan.interval * rng.uniform(0.5, 1.5)
            load.sent[seq + 1] = time.perf_counter()
            await socket.send(json.dumps({"seq": seq + 1, "move": rng.choice(FLOOR_MOVES)}))


async def _floor_load(host: str, tables: list[str], plan: Plan) -> ClientTally:
    tally = ClientTally()
    window = Window(len(tables))
    tasks = []
    for table in tables:
        rng = random.Random(table)
        load = TableLoad(offset=plan.interval * rng.random())
        for seat in range(4):
            address = f"ws://{host}/ws/{table}"
            tasks.append(
                _floor_seat(
                    address, seat, load, tally, plan, window, random.Random(f"{table}:{seat}")
                )
            )
    watcher = asyncio.create_task(window.watch())
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    watcher.cancel()
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            tally.problems.append(f"{type(outcome).__name__}: {outcome}")
    return tally


def _floor_process(host: str, tables: list[str], plan: Plan) -> ClientTally:
    """One client process of the floor's load (as ``_client_process``)."""
    _no_collector_pauses()
    before = resource.getrusage(resource.RUSAGE_SELF)
    tally = asyncio.run(_floor_load(host, tables, plan))
    after = resource.getrusage(resource.RUSAGE_SELF)
    tally.cpu_seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return tally


def _percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@dataclass
class Drive:
    """What one load measured on the server's side, and the clients' tallies."""

    tallies: list[ClientTally]
    server_cpu: float
    database_cpu: float
    load_average: float
    memory_kib: int
    set_up_seconds: float
    """From the client processes' start until every seat was taken (the window opened)."""


def _drive(
    server_pid: int,
    work: Callable[..., ClientTally],
    shares: list[tuple[Any, ...]],
    plan: Plan,
    database_pid: int | None,
) -> Drive:
    """Run ``work(*share)`` in one client process per share; open the window once every
    process's tables have their four seats taken (at most ``SET_UP_SECONDS`` after the
    start); measure the server's (and the database server's) CPU over the window."""
    global _SEATED, _OPENED
    context = multiprocessing.get_context("fork")
    _SEATED = context.Value("i", 0)
    _OPENED = context.Array("d", [0.0, 0.0])
    began = time.time()
    with ProcessPoolExecutor(len(shares), mp_context=context) as pool:
        futures = [pool.submit(work, *share) for share in shares]
        while _SEATED.value < len(shares) and time.time() < began + SET_UP_SECONDS:
            if any(future.done() for future in futures):
                break  # a client process failed: its problem is in its tally
            time.sleep(0.05)
        set_up = time.time() - began
        if _SEATED.value < len(shares):
            _progress(f"{len(shares) - _SEATED.value} client processes not ready: opening anyway")
        start_at = time.time() + 0.5
        stop_at = start_at + plan.seconds
        _OPENED[1] = stop_at
        _OPENED[0] = start_at  # the clients look at the start: set last
        _progress(f"every seat taken after {set_up:.1f} s: the window opens")
        time.sleep(max(0.0, start_at - time.time()))
        cpu_before = _group_cpu_seconds(server_pid)
        database_before = _group_cpu_seconds(0, parent=database_pid) if database_pid else 0.0
        time.sleep(max(0.0, stop_at - time.time()))
        cpu = _group_cpu_seconds(server_pid) - cpu_before
        database_cpu = (
            _group_cpu_seconds(0, parent=database_pid) - database_before if database_pid else 0.0
        )
        load_average = os.getloadavg()[0]
        memory = _server_memory_kib(server_pid)
        tallies = [future.result() for future in futures]
    return Drive(tallies, cpu, database_cpu, load_average, memory, round(set_up, 1))


def _progress(text: str) -> None:
    """A line on stderr with the time, so a slow phase on a busy machine can be told."""
    print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def run_floor(
    server: FloorServer,
    *,
    tables: int,
    seconds: float,
    rate: float | None,
    client_processes: int,
    database_pid: int | None = None,
) -> FloorResult:
    """Give the floor (``bench/play_floor.py``, started) the app's load shape: ``tables``
    tables of four sockets, one move in flight per table, the same pace; then stop it."""
    _progress("loading the floor")
    result = FloorResult()
    try:
        assert server.process is not None
        names = [f"floor-{uuid.uuid4().hex[:12]}" for _ in range(tables)]
        plan = Plan(seconds=seconds, interval=tables / rate if rate else 0.0)
        host = f"127.0.0.1:{server.port}"
        shares = [(host, names[index::client_processes], plan) for index in range(client_processes)]
        drive = _drive(server.process.pid, _floor_process, shares, plan, database_pid)
    finally:
        server.stop()
    latencies = [value for tally in drive.tallies for value in tally.latencies]
    result.actions = sum(tally.actions for tally in drive.tallies)
    result.refused = sum(tally.refused for tally in drive.tallies)
    result.problems = [problem for tally in drive.tallies for problem in tally.problems]
    actions = max(result.actions, 1)
    result.actions_per_second = round(result.actions / seconds, 1)
    result.server_cpu_ms_per_action = round(1000 * drive.server_cpu / actions, 3)
    result.database_cpu_ms_per_action = round(1000 * drive.database_cpu / actions, 3)
    client_cpu = sum(tally.cpu_seconds for tally in drive.tallies)
    result.client_cpu_ms_per_action = round(1000 * client_cpu / actions, 3)
    result.load_average = drive.load_average
    result.set_up_seconds = drive.set_up_seconds
    result.p50_ms = round(statistics.median(latencies), 2) if latencies else 0.0
    result.p99_ms = round(_percentile(latencies, 0.99), 2)
    result.max_ms = round(max(latencies, default=0.0), 2)
    return result


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
    drop_per_minute: float = 0.0,
    reconnect_after: float = 2.0,
    chat_rate: float = 0.0,
    floor: bool = True,
) -> Result:
    """Start the server on ``database_url``, load it, stop it; with ``floor``, then the
    stack's floor on the same database under the same load, and the ratios to it."""
    os.environ["EUCHRE_PLAY_BOT_DELAY"] = "0"
    os.environ["EUCHRE_PLAY_CREATE_PER_MINUTE"] = str(tables + 10)
    _progress(f"starting the app on {storage}" + (" and the floor beside it" if floor else ""))
    floor_server = None
    with ThreadPoolExecutor(1) as starter:
        # Both start at once (each takes a minute on a busy machine); the floor sits idle,
        # no socket open and no doorbell listened to, while the app is measured.
        floor_start = (
            starter.submit(
                FloorServer(database_url, folder, workers=workers, script="play_floor.py").start
            )
            if floor
            else None
        )
        try:
            server = EuchreServer(database_url, folder, workers=workers).start()
        finally:
            if floor_start is not None:
                floor_server = floor_start.result()
    _progress(f"the app is up: opening {tables} tables")
    result = Result(storage, workers, tables, rate, client_processes)
    try:
        assert server.process is not None
        before = _server_memory_kib(server.process.pid)
        with httpx.Client(base_url=server.base_url, timeout=30) as client:
            path = None
            if chat_rate > 0:
                path = chat_path(client.get("/openapi.json").json())
                result.chat = path or "not available"
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
        plan = Plan(
            seconds=seconds,
            interval=tables / rate if rate else 0.0,
            drop_per_minute=drop_per_minute,
            reconnect_after=reconnect_after,
            chat_per_second=chat_rate,
            chat_path=path,
        )
        host = server.base_url.removeprefix("http://")
        _progress("loading the app")
        shares = [
            (host, created[index::client_processes], plan, 1 / client_processes)
            for index in range(client_processes)
        ]
        drive = _drive(server.process.pid, _client_process, shares, plan, database_pid)
    except BaseException:
        if floor_server is not None:
            floor_server.stop()
        raise
    finally:
        server.stop()
    tallies = drive.tallies
    result.load_average = drive.load_average
    result.set_up_seconds = drive.set_up_seconds
    result.seconds = seconds
    latencies = [value for tally in tallies for value in tally.latencies]
    result.actions = sum(tally.actions for tally in tallies)
    result.refused = sum(tally.refused for tally in tallies)
    result.games_finished = sum(tally.games_finished for tally in tallies)
    for name in ("drops", "reconnects", "drops_seen", "untimed", "chat_sent", "chat_refused"):
        setattr(result, name, sum(getattr(tally, name) for tally in tallies))
    result.problems = [problem for tally in tallies for problem in tally.problems]
    client_cpu = sum(tally.cpu_seconds for tally in tallies)
    actions = max(result.actions, 1)
    result.server_cpu_ms_per_action = round(1000 * drive.server_cpu / actions, 3)
    result.server_cpu_percent = round(100 * drive.server_cpu / seconds, 1)
    result.database_cpu_percent = round(100 * drive.database_cpu / seconds, 1)
    result.database_cpu_ms_per_action = round(1000 * drive.database_cpu / actions, 3)
    result.client_cpu_ms_per_action = round(1000 * client_cpu / actions, 2)
    result.client_cpu_percent = round(100 * client_cpu / seconds, 1)
    result.memory_per_table_kib = round((drive.memory_kib - before) / tables, 1)
    result.actions_per_second = round(result.actions / seconds, 1)
    result.p50_ms = round(statistics.median(latencies), 2) if latencies else 0.0
    result.p99_ms = round(_percentile(latencies, 0.99), 2)
    result.max_ms = round(max(latencies, default=0.0), 2)
    if floor_server is not None:
        result.floor = run_floor(
            floor_server,
            tables=tables,
            seconds=seconds,
            rate=rate,
            client_processes=client_processes,
            database_pid=database_pid,
        )
        result.ratios = floor_ratios(result, result.floor)
    return result


def describe(result: Result) -> str:
    """The figures of one storage as lines for a person: the ratios to the floor first."""
    pace = f"paced {result.rate:g}/s" if result.rate else "as fast as allowed"
    lines = [f"{result.storage} workers={result.workers} tables={result.tables} {pace}:"]
    floor = result.floor
    if floor is not None:
        ratios = result.ratios
        lines.append(
            "  as ratios to the floor: server CPU per move "
            f"{ratios.get('server_cpu_per_action', '-')} (goal at most 3), with the "
            f"database's {ratios.get('server_and_database_cpu_per_action', '-')}, p99 "
            f"{ratios.get('p99', '-')}, p50 {ratios.get('p50', '-')}, actions/s "
            f"{ratios.get('actions_per_second', '-')}"
        )
    database = (
        f", database {result.database_cpu_ms_per_action} ms/move "
        f"({result.database_cpu_percent}% of a core)"
        if result.storage == "postgresql"
        else ""
    )
    lines.append(
        f"  app:   {result.actions_per_second} actions/s  p50 {result.p50_ms} ms  "
        f"p99 {result.p99_ms} ms  max {result.max_ms} ms  server CPU "
        f"{result.server_cpu_ms_per_action} ms/move ({result.server_cpu_percent}% of a "
        f"core){database}  clients {result.client_cpu_ms_per_action} ms/move  "
        f"memory/table {result.memory_per_table_kib} KiB  games {result.games_finished}  "
        f"refused {result.refused}  problems {len(result.problems)}  "
        f"load average {result.load_average:.1f}  set-up {result.set_up_seconds} s"
    )
    if floor is not None:
        floor_database = (
            f", database {floor.database_cpu_ms_per_action} ms/move"
            if result.storage == "postgresql"
            else ""
        )
        lines.append(
            f"  floor: {floor.actions_per_second} actions/s  p50 {floor.p50_ms} ms  "
            f"p99 {floor.p99_ms} ms  max {floor.max_ms} ms  server CPU "
            f"{floor.server_cpu_ms_per_action} ms/move{floor_database}  clients "
            f"{floor.client_cpu_ms_per_action} ms/move  refused {floor.refused}  "
            f"problems {len(floor.problems)}  load average {floor.load_average:.1f}  "
            f"set-up {floor.set_up_seconds} s"
        )
    lines.append(
        f"  presence: {result.drops} drops, {result.reconnects} back, seen by the others "
        f"{result.drops_seen}, moves untimed while a seat was away {result.untimed}"
    )
    if result.chat == "not available":
        lines.append("  chat: not available on this server")
    elif result.chat != "off":
        lines.append(
            f"  chat ({result.chat}): {result.chat_sent} sent, {result.chat_refused} refused"
        )
    return "\n".join(lines)


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
    parser.add_argument(
        "--drop-share",
        type=float,
        default=0.0,
        help="drops a minute per table: a seat's client closes its socket and opens it "
        "again --reconnect-after seconds later (0.02: two tables in a hundred a minute)",
    )
    parser.add_argument("--reconnect-after", type=float, default=2.0)
    parser.add_argument(
        "--chat-rate",
        type=float,
        default=0.0,
        help="chat messages a second over all tables, posted to the play tables' chat "
        "path if the server's OpenAPI lists one",
    )
    parser.add_argument(
        "--no-floor",
        action="store_true",
        help="skip the stack's floor (bench/play_floor.py: a WebSocket relay with no game)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    arguments = parser.parse_args()
    # A ``timeout`` (SIGTERM) still stops the servers and the cluster (their ``finally``).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
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
    if not 0 <= arguments.drop_share <= 10:
        parser.error("--drop-share must be 0 to 10 drops a minute per table")
    if not 0.1 <= arguments.reconnect_after <= 30:
        parser.error("--reconnect-after must be 0.1 to 30 seconds")
    if not 0 <= arguments.chat_rate <= 1000:
        parser.error("--chat-rate must be 0 to 1000 messages a second")
    options: dict[str, Any] = {
        "tables": arguments.tables,
        "seconds": arguments.seconds,
        "rate": arguments.rate or None,
        "client_processes": arguments.client_processes,
        "drop_per_minute": arguments.drop_share,
        "reconnect_after": arguments.reconnect_after,
        "chat_rate": arguments.chat_rate,
        "floor": not arguments.no_floor,
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
            print(describe(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
