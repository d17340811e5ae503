"""The FastAPI application: ``create_app(database_url)``.

Migrations run when the app is created, so ``euchre serve`` on a fresh folder just works.
Every error caused by a request is answered with a 4xx: JSON ``{"detail": ...}`` under
``/api``, a small HTML page elsewhere.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources

import anyio.to_thread
from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute, APIWebSocketRoute
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DataError, IntegrityError, StatementError
from starlette.routing import BaseRoute

from euchre.bots import SOLVER_WARM_UP, warm_up_solver_in_background
from euchre.engine.errors import EuchreError
from euchre.store.access.auth import ensure_secret_key
from euchre.store.db import Database
from euchre.store.errors import (
    RateLimitedError,
)
from euchre.store.models import utc_now
from euchre.store.sheet_folder import load_sheets_folder, sheets_folder
from euchre.web.common.errors import status_for
from euchre.web.common.page_helpers import LoginRequired, login_redirect
from euchre.web.common.security import SessionSigner
from euchre.web.common.templating import render
from euchre.wiring import wire

__all__ = ["create_app"]


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api") or "application/json" in request.headers.get(
        "accept", ""
    )


def _error_response(request: Request, status: int, message: str) -> Response:
    if _wants_json(request):
        return JSONResponse({"detail": message}, status_code=status)
    # The page shown for a 4xx outside the API: the message and a way back.
    back = request.headers.get("referer") or "/"
    context = {"title": f"Problem ({status})", "message": message, "back": back}
    return render(request, "pages/error.html", context, status=status)


def create_app(database_url: str, public_url: str | None = None) -> FastAPI:
    """Build the app on the database at ``database_url`` (migrated on the spot).

    ``public_url`` is the address table-card QR codes point to (default: the address the
    director's browser used).
    """
    wire()
    store = Database(database_url)
    store.migrate()
    try:
        with store.write() as session:
            secret = ensure_secret_key(session)
    except IntegrityError:  # another worker created it at the same moment: use theirs
        with store.write() as session:
            secret = ensure_secret_key(session)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Sync routes run in anyio's thread pool (40 threads by default). More threads than
        # database connections only queue on the pool while fighting over the GIL, so a burst
        # of tables costs more per request; as many threads as connections keeps it flat.
        limiter = anyio.to_thread.current_default_thread_limiter()
        limiter.total_tokens = store.concurrency
        if os.environ.get(SOLVER_WARM_UP) == "1":
            # Computer players' solver, ready before the first table needs it (a thread:
            # neither start-up nor the event loop waits). `euchre serve` turns this on.
            warm_up_solver_in_background()
        yield

    app = FastAPI(
        lifespan=lifespan,
        # FastAPI's native OpenTelemetry looks up three global providers (and the
        # environment) on every request to find that none is configured: about 5 % of a table
        # request's server CPU. The app emits no telemetry; EUCHRE_OPENTELEMETRY=1 lets
        # FastAPI use providers an operator configured.
        telemetry=None
        if os.environ.get("EUCHRE_OPENTELEMETRY")
        else {"tracing": False, "metrics": False, "logs": False},
        # FastAPI's /docs and /redoc pages load their scripts from a CDN; the app must work
        # with no internet, so only the OpenAPI document itself is served.
        docs_url=None,
        redoc_url=None,
        title="Euchre tournament director",
        version="1",
        description=(
            "Run a euchre event: players, rounds, table scores, standings and prizes. "
            "Director calls need a session (POST /api/session) and, with the cookie, the "
            "X-CSRF-Token header; or Authorization: Bearer <token>."
        ),
    )
    app.state.database = store
    # A club's own sheet files (docs/sheets.md), beside the database unless configured.
    app.state.sheets_folder = sheets_folder(database_url)
    load_sheets_folder(app.state.sheets_folder)
    app.state.signer = SessionSigner(secret)
    app.state.public_url = public_url
    # The clock the night's cut-off is read against; tests hand in their own.
    app.state.clock = utc_now

    @app.exception_handler(EuchreError)
    async def _domain_error(request: Request, error: EuchreError) -> Response:
        response = _error_response(request, status_for(error), str(error))
        if isinstance(error, RateLimitedError):
            response.headers["Retry-After"] = str(error.retry_after)
        return response

    @app.exception_handler(IntegrityError)
    async def _integrity_error(request: Request, error: IntegrityError) -> Response:
        return _error_response(
            request, 409, "the change clashes with another one made at the same time; retry"
        )

    @app.exception_handler(DataError)
    async def _data_error(request: Request, error: DataError) -> Response:
        return _error_response(
            request, 400, f"a value cannot be stored: {str(error.orig).splitlines()[0]}"
        )

    @app.exception_handler(StatementError)
    async def _statement_error(request: Request, error: StatementError) -> Response:
        if isinstance(error.orig, OverflowError | ValueError):
            return _error_response(request, 400, f"a value cannot be stored: {error.orig}")
        raise error

    # Sync: Starlette runs it in the thread pool (the redirect reads the database).
    app.add_exception_handler(LoginRequired, lambda request, _error: login_redirect(request))

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, error: RequestValidationError) -> Response:
        problems = []
        for item in error.errors():
            where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
            message = str(item.get("msg", "invalid")).removeprefix("Value error, ")
            problems.append(f"{where or 'request'}: {message}")
        return _error_response(request, 422, "; ".join(problems) or "invalid request")

    static_folder = resources.files("euchre.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static_folder)), name="static")

    from euchre.web.api.club import router as club_api_router
    from euchre.web.api.events import router as api_router
    from euchre.web.api.history import router as history_api_router
    from euchre.web.api.members import router as members_api_router
    from euchre.web.api.results import router as results_api_router
    from euchre.web.api.seasons import router as seasons_api_router
    from euchre.web.api.sheets import router as sheets_router
    from euchre.web.common.club_gate import router as club_gate_router
    from euchre.web.pages.audit import router as audit_router
    from euchre.web.pages.auth import router as auth_router
    from euchre.web.pages.correction import router as correction_router
    from euchre.web.pages.dashboard import router as dashboard_router
    from euchre.web.pages.director import router as director_router
    from euchre.web.pages.events import router as events_router
    from euchre.web.pages.history import router as history_router
    from euchre.web.pages.members import router as members_router
    from euchre.web.pages.penalties import router as penalties_router
    from euchre.web.pages.players import router as players_router
    from euchre.web.pages.public import router as public_router
    from euchre.web.pages.seasons import router as seasons_router
    from euchre.web.pages.table import router as table_router

    # A table's phone asks for its page, its submission and its confirmation many times a
    # night; FastAPI tries the routes in order (a few microseconds each, twice per included
    # router), and those routes came after some two hundred others. The same route objects
    # are tried first (the later copies are never reached and stay in the schema).
    app.include_router(_table_routes(), include_in_schema=False)
    for router in (
        api_router,
        results_api_router,
        history_api_router,
        members_api_router,
        seasons_api_router,
        club_api_router,
        club_gate_router,
        history_router,
        auth_router,
        audit_router,
        dashboard_router,
        events_router,
        director_router,
        correction_router,
        penalties_router,
        members_router,
        seasons_router,
        players_router,
        public_router,
        sheets_router,
        table_router,
    ):
        app.include_router(router)
    from euchre.web.play.install import install_play

    install_play(app)
    from euchre.web.online.routes import install_online

    install_online(app)
    from euchre.web.api.code_blocks import router as code_blocks_router
    from euchre.web.common.devices import DeviceCookies, DeviceMint

    app.include_router(code_blocks_router)
    app.state.device_mint = DeviceMint()
    app.add_middleware(DeviceCookies)
    # The table's socket is tried next after the table routes: an online night's phones all
    # open one at its start (bench/connect_storm_bench.py), and some 25 routers were tried
    # before it (about 0.26 ms a connect). An HTTP request passes a socket route at its first
    # check (the scope's type), so the HTTP routes keep their order and their cost.
    sockets = [route for route in app.router.routes if _has_socket(route)]
    rest = [route for route in app.router.routes if route not in sockets]
    tables = next(i for i, route in enumerate(rest) if hasattr(route, "original_router"))
    app.router.routes[:] = rest[: tables + 1] + sockets + rest[tables + 1 :]
    return app


def _has_socket(route: BaseRoute) -> bool:
    """Whether ``route`` is a WebSocket route or an included router that holds one."""
    if isinstance(route, APIWebSocketRoute):
        return True
    included = getattr(route, "original_router", None)  # FastAPI keeps an included router whole
    return isinstance(included, APIRouter) and any(
        isinstance(inner, APIWebSocketRoute) for inner in included.routes
    )


_TABLE_PATHS = ("/api/tables/{code}", "/t/{code}")
"""Path prefixes of a table's own requests (page, API view, submission, confirmation)."""


def _table_routes() -> APIRouter:
    """A router holding the table requests' routes of the API and the phone pages."""
    from euchre.web.api.events import router as api_router
    from euchre.web.pages.table import router as table_router

    routes: list[BaseRoute] = [
        route
        for router in (api_router, table_router)
        for route in router.routes
        if isinstance(route, APIRoute) and route.path.startswith(_TABLE_PATHS)
    ]
    return APIRouter(routes=routes)
