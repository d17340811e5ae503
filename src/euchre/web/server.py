"""The app factory uvicorn calls in each worker process (settings from the environment)."""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from euchre.store.db import Database, database_url_from_environment
from euchre.store.warm_up import NO_TABLE_CODE, warm_up_table_requests
from euchre.web.app import create_app

__all__ = [
    "WORKER_HEADER",
    "YOUNG_COLLECTION_THRESHOLD",
    "app_from_environment",
    "settle_collector",
    "warm_up",
]

WORKER_HEADER = "EUCHRE_WORKER_HEADER"
"""With ``EUCHRE_WORKER_HEADER=1`` every answer names its worker process in an
``X-Euchre-Worker`` header (the load benchmark's ``--count-by-worker``); off by default."""


class _WorkerHeader:
    """Pure ASGI middleware adding ``X-Euchre-Worker: <pid>`` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.header = (b"x-euchre-worker", str(os.getpid()).encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", ()))
                headers.append(self.header)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_header)


def app_from_environment() -> FastAPI:
    """``create_app`` on ``DATABASE_URL`` with ``EUCHRE_PUBLIC_URL`` for table-card links.

    The objects built so far (the app, its routes and schemas, the database's metadata, the
    engine's modules: some 170,000) live as long as the worker, so they are moved out of the
    garbage collector's reach (``gc.freeze``): a full collection no longer walks them all
    (a few hundred milliseconds of a worker's CPU each time). Before that the worker warms
    up (``warm_up``), so the first tables of the night do not pay its first-call costs."""
    app = create_app(
        database_url_from_environment(), public_url=os.environ.get("EUCHRE_PUBLIC_URL") or None
    )
    warm_up(app)
    if os.environ.get(WORKER_HEADER) == "1":
        app.add_middleware(_WorkerHeader)
    settle_collector()
    return app


YOUNG_COLLECTION_THRESHOLD = 50_000
"""A worker's first garbage-collector threshold (Python's default is 700). A busy worker
allocates objects that live for one move (views, messages, tasks); with the default, those
alive at a collection are promoted and soon count towards a full collection, which walks
every live connection's objects (some 130,000 with 800 sockets). Measured with
``gc.callbacks`` in the one SQLite worker under ``bench/load_play.py`` (600 moves a second,
200 tables, 20 s; 26 Nov 2026): with the default, 358 young, 32 middle and 3 full
collections, 423 ms in all, the longest 114 ms (every move in flight waits for it); at
50,000, 5 young collections, 74 ms in all, the longest 22 ms. The other two thresholds stay
Python's (10, 10)."""


def settle_collector() -> None:
    """Move the objects built so far out of the garbage collector's reach (``gc.freeze``)
    and collect young objects in large batches (:data:`YOUNG_COLLECTION_THRESHOLD`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, 10, 10)


_WARM_UP_REQUESTS = (
    ("GET", "/api/setup", b"", 200),
    ("POST", f"/api/tables/{NO_TABLE_CODE}/submissions", b"{}", 422),
    ("POST", f"/api/tables/{NO_TABLE_CODE}/submissions/1/confirm", b"{}", 422),
)
"""Requests a worker answers itself before it serves anyone: a read that touches no table's
data, and a score and a confirmation refused for their empty body (before they look at the
database). They pay the HTTP layer's first-request costs (about 10 ms of a worker's first
table request): the routes, FastAPI's request handling and body validation, the hop to a
worker thread and its thread, the error answer."""


async def _answer_in_process(app: Any, method: str, path: str, body: bytes) -> int:
    """Run one request through ``app`` in this process; its status."""
    statuses: list[int] = []
    delivered = False

    async def receive() -> Message:
        nonlocal delivered
        if delivered:
            return {"type": "http.disconnect"}
        delivered = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            statuses.append(int(message["status"]))

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"127.0.0.1"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ],
        "client": ("127.0.0.1", 0),
        "server": ("127.0.0.1", 0),
        "state": {},
    }
    await app(scope, receive, send)
    return statuses[0] if statuses else 0


def _warm_up_requests_at_start(app: FastAPI) -> None:
    """Answer ``_WARM_UP_REQUESTS`` in the worker's own event loop as it starts (after the
    app's own start-up), before uvicorn accepts any connection."""
    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(started: Any) -> AsyncIterator[Any]:
        async with inner(started) as state:
            for method, path, body, expected in _WARM_UP_REQUESTS:
                status = await _answer_in_process(started, method, path, body)
                if status != expected:
                    logging.getLogger(__name__).warning(
                        "warm-up request %s %s answered %s, not %s", method, path, status, expected
                    )
            yield state

    app.router.lifespan_context = lifespan


def warm_up(app: FastAPI) -> None:
    """Pay a worker's first-request costs before it answers anyone (bench/notes/web-load.md,
    seventh pass): its database connections opened and the table requests' statements compiled and
    prepared on each (``store.warm_up``; nothing is written), and a few requests that read
    nothing of a table's answered in process as it starts (``_WARM_UP_REQUESTS``)."""
    database: Database = app.state.database
    try:
        warm_up_table_requests(database)
    except Exception:  # a worker that could not warm up still serves, only slower at first
        logging.getLogger(__name__).exception("the worker's warm-up failed")
    _warm_up_requests_at_start(app)
