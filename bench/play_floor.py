"""The stack's floor for live play: a WebSocket relay with no game, on ``euchre serve``'s stack.

Not a test. ``bench/load_play.py`` serves this beside the real app, in the same run and under
the same client load, so that the app's figures can be given as ratios to what the bare stack
costs on the same machine at the same moment (as ``bench/stack_floor.py`` does for HTTP).

A client connects to ``/ws/{table}`` and sends ``{"seat": N}``, answered ``{"ready": N}`` once
the socket gets the table's moves (the bench opens its window when every seat has that); then
it may send
``{"seq": S, "move": TEXT}``. The server appends the move to a table (one INSERT of
``(table, seq, seat, move)``, committed durably through the project's own ``Database``: the
same SQLite pragmas and ``BEGIN IMMEDIATE``, the same PostgreSQL pool) and sends
``{"seq": S, "seat": N, "move": TEXT}`` to every socket of that table; a ``seq`` already
taken (the primary key) answers ``{"error": ...}`` to the sender alone. No game, no view, no
validation beyond the JSON: what is left is uvicorn (httptools, uvloop, the ``websockets``
protocol, as ``euchre serve`` chooses them), Starlette's WebSocket, one thread hop and one
durable commit, and four sends.

Across workers (PostgreSQL, ``--workers`` above 1) it uses the app's own doorbell
(:mod:`euchre.store.play.doorbell`): the INSERT and ``pg_notify`` in one statement (so the
ring goes out only once the row is committed), each worker listening with ``listen_forever``
(from its first socket on) and sending a ring to its own sockets of that table; a worker's
own rings are skipped (it told its sockets already). On SQLite, one worker, the fan-out is
in-process. Moves that arrive while a commit is under way go into the next one (group
commit, as the app's writer does): one durable flush per move would cap SQLite at about 140
moves a second on this machine (bench/notes/play-load.md), below the load the floor is
measured under, and a floor the app beats is no floor.

    DATABASE_URL=sqlite:///floor.db uv run python bench/play_floor.py --port 8002

Like ``stack_floor.py`` the module imports nothing heavy at its top (uvicorn's workers
re-import the main script before they answer the supervisor's health check).
"""

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI


def moves_table() -> Any:
    """The relay's table (SQLAlchemy Core): one row per move."""
    from sqlalchemy import Column, Integer, MetaData, String, Table

    return Table(
        "bench_play_floor",
        MetaData(),
        Column("table_id", String(40), primary_key=True),
        Column("seq", Integer, primary_key=True),
        Column("seat", Integer, nullable=False),
        Column("move", String(40), nullable=False),
    )


def relay_message(seq: int, seat: int, move: str) -> str:
    """What every socket of the table is sent for one move."""
    return json.dumps({"seq": seq, "seat": seat, "move": move})


def create_floor_app() -> "FastAPI":
    """The relay on ``DATABASE_URL`` (its table must exist: ``main`` creates it)."""
    import anyio.to_thread
    from fastapi import FastAPI, WebSocket, WebSocketDisconnect
    from sqlalchemy import insert, text
    from sqlalchemy.exc import IntegrityError

    from euchre.store.db import Database, database_url_from_environment
    from euchre.store.play.doorbell import CHANNEL, RingEntry, listen_forever, ring_payload

    database = Database(database_url_from_environment())
    moves = moves_table()
    sockets: dict[str, set[WebSocket]] = {}
    own_backends: set[int] = set()
    """PostgreSQL backend pids of this worker's connections (their rings are our own)."""
    ring_statement = text(
        "WITH moved AS (INSERT INTO bench_play_floor (table_id, seq, seat, move) "
        "SELECT * FROM unnest(CAST(:tables AS text[]), CAST(:seqs AS int[]), "
        "CAST(:seats AS int[]), CAST(:moves AS text[]))) "
        "SELECT pg_notify(:channel, payload) FROM unnest(CAST(:payloads AS text[])) AS payload"
    )
    waiting: list[tuple[tuple[str, int, int, str], asyncio.Future[bool]]] = []
    running: set[asyncio.Task[None]] = set()
    """Tasks started and not awaited (kept referenced until they end: the loop keeps only
    weak references)."""

    def keep(task: asyncio.Task[None]) -> None:
        running.add(task)
        task.add_done_callback(running.discard)

    writing: list[bool] = [False]

    def append(rows: list[tuple[str, int, int, str]]) -> list[bool]:
        """The moves waiting, in one transaction (one durable commit); a batch whose
        ``seq`` clashes is written row by row, each row's own answer."""
        try:
            with database.write() as session:
                if database.is_sqlite:
                    session.execute(
                        insert(moves),
                        [
                            {"table_id": table, "seq": seq, "seat": seat, "move": move}
                            for table, seq, seat, move in rows
                        ],
                    )
                else:
                    now = datetime.now(UTC)
                    session.execute(
                        ring_statement,
                        {
                            "tables": [row[0] for row in rows],
                            "seqs": [row[1] for row in rows],
                            "seats": [row[2] for row in rows],
                            "moves": [row[3] for row in rows],
                            "channel": CHANNEL,
                            "payloads": [ring_payload(*row, now) for row in rows],
                        },
                    )
                    raw = session.connection().connection.dbapi_connection
                    own_backends.add(raw.info.backend_pid)  # type: ignore[union-attr]
        except IntegrityError:
            if len(rows) == 1:
                return [False]
            return [append([row])[0] for row in rows]
        return [True] * len(rows)

    async def write_waiting() -> None:
        """Group commit, as the app's writer does: every move that arrived while the last
        commit was under way goes in the next one."""
        writing[0] = True
        try:
            while waiting:
                batch = waiting[:]
                waiting.clear()
                answers = await anyio.to_thread.run_sync(append, [row for row, _ in batch])
                for (_, future), answer in zip(batch, answers, strict=True):
                    future.set_result(answer)
        finally:
            writing[0] = False

    async def committed(table_id: str, seq: int, seat: int, move: str) -> bool:
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        waiting.append(((table_id, seq, seat, move), future))
        if not writing[0]:
            keep(asyncio.get_running_loop().create_task(write_waiting()))
        return await future

    async def fan_out(table_id: str, message: str) -> None:
        for socket in list(sockets.get(table_id, ())):
            try:
                await socket.send_text(message)
            except Exception:  # a closed socket: forget it
                sockets.get(table_id, set()).discard(socket)

    def on_ring(table_id: str, seq: int, entry: RingEntry | None) -> None:
        if entry is not None:
            seat, move, _at = entry
            keep(
                asyncio.get_running_loop().create_task(
                    fan_out(table_id, relay_message(seq, seat, move))
                )
            )

    def wants(table_id: str, sender: int) -> bool:
        return table_id in sockets and sender not in own_backends

    listeners: list[asyncio.Task[None]] = []

    def listen() -> None:
        """Start listening to the doorbell at the first socket (PostgreSQL only): a floor
        started beside the app and idle while the app is measured hears none of its rings."""
        if not database.is_sqlite and not listeners:
            listeners.append(
                asyncio.create_task(listen_forever(database.url, on_ring, lambda: None, wants))
            )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # The same thread limit as the app's (web/app.py): as many threads as connections.
        anyio.to_thread.current_default_thread_limiter().total_tokens = database.concurrency
        yield
        for listener in listeners:
            listener.cancel()
            with suppress(asyncio.CancelledError):
                await listener
        database.dispose()

    app = FastAPI(lifespan=lifespan)

    @app.get("/floor")
    def ready() -> dict[str, bool]:
        return {"ready": True}

    @app.websocket("/ws/{table_id}")
    async def relay(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        listen()
        seat = int(json.loads(await websocket.receive_text())["seat"])
        sockets.setdefault(table_id, set()).add(websocket)
        await websocket.send_text(json.dumps({"ready": seat}))  # the bench waits for it
        try:
            while True:
                data = json.loads(await websocket.receive_text())
                seq, move = int(data["seq"]), str(data["move"])
                if await committed(table_id, seq, seat, move):
                    await fan_out(table_id, relay_message(seq, seat, move))
                else:
                    await websocket.send_text(json.dumps({"error": f"seq {seq} taken"}))
        except WebSocketDisconnect:
            pass
        finally:
            sockets.get(table_id, set()).discard(websocket)

    return app


def main() -> None:
    """Create the relay's table, then serve it the way ``euchre serve`` serves the app."""
    from stack_floor import serve_floor  # a script of this folder, on the path when run

    serve_floor("play_floor", moves_table(), (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    main()
