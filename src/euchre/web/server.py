"""The app factory uvicorn calls in each worker process (settings from the environment)."""

from __future__ import annotations

import gc
import logging
import os
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from euchre.store.db import Database, database_url_from_environment
from euchre.store.warm_up import warm_up_table_requests
from euchre.web.app import create_app

__all__ = ["WORKER_HEADER", "app_from_environment", "warm_up"]

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
    gc.collect()
    gc.freeze()
    return app


def warm_up(app: FastAPI) -> None:
    """Pay a worker's first-request costs before it answers anyone (docs/web.md, seventh
    pass): its database connections opened and the table requests' statements compiled and
    prepared on each (``store.warm_up``; nothing is written)."""
    database: Database = app.state.database
    try:
        warm_up_table_requests(database)
    except Exception:  # a worker that could not warm up still serves, only slower at first
        logging.getLogger(__name__).exception("the worker's warm-up failed")
