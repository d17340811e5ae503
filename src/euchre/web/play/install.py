"""Browser play wired into the app: the service, the live runtime, the routes and pages
(kept apart from the routes themselves so that the play modules import one way)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI

from euchre.store.play.service import PlayService
from euchre.web.play import api, pages
from euchre.web.play import socket as play_ws
from euchre.web.play.socket import PlayRuntime

__all__ = ["install_play"]


def install_play(app: FastAPI) -> None:
    """Add browser play to the app: the service, the live runtime, the routes and pages.

    ``EUCHRE_PLAY_BOT_DELAY`` (seconds, default 0.8) paces computer players;
    ``EUCHRE_PLAY_AWAY_SECONDS`` (unset: each table's own window, 45 s at a casual table):
    a human whose last socket closed during a game is played for by a computer player after
    that long, until they come back (tests and benchmarks set it);
    ``EUCHRE_PLAY_CREATE_PER_MINUTE`` (default 30) limits new tables per client.
    """
    store = app.state.database
    service = PlayService(
        store, create_per_minute=int(os.environ.get("EUCHRE_PLAY_CREATE_PER_MINUTE", "30"))
    )
    runtime = PlayRuntime(
        service,
        bot_delay=float(os.environ.get("EUCHRE_PLAY_BOT_DELAY", "0.8")),
    )
    away_seconds = os.environ.get("EUCHRE_PLAY_AWAY_SECONDS")
    if away_seconds:
        service.drop_seconds_override = float(away_seconds)
    service.on_commit = runtime.committed
    app.state.play_service = service
    app.state.play_runtime = runtime
    previous = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(application: FastAPI) -> AsyncIterator[Any]:
        async with previous(application) as state:
            await runtime.start(postgres_url=None if store.is_sqlite else store.url)
            try:
                yield state
            finally:
                await runtime.stop()

    app.router.lifespan_context = lifespan
    for extra in (api.router, play_ws.router, pages.router):
        app.include_router(extra)
