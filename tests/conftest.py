"""Shared test settings."""

from __future__ import annotations

import dataclasses
import gc
import importlib
import os
import shutil
import ssl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from playwright.sync_api import Browser, expect

from euchre.store.access.password_hashing import CHEAP_HASH_VARIABLE
from euchre.tournament.sheets import use_user_sheets
from euchre.wiring import wire
from tests.databases import fresh_sqlite_url
from tests.pgcluster import PostgresCluster, find_postgres_bin, fresh_postgres_database

# Directors' passwords and the club code hashed with argon2's cheapest parameters: the suite
# sets up and logs in a director a few hundred times, and the recommended cost (64 MiB, three
# passes) took a tenth of a second to a second of CPU each time. Every check still runs; the
# servers the suite starts inherit the variable (``src/euchre/store/access/password_hashing.py``).
os.environ[CHEAP_HASH_VARIABLE] = "1"

# The suite is an entry point like the app and the CLI: tests that call the store's services
# directly get the features' lifecycle hooks (online nights) as the app has them.
wire()

RAM_FOLDER = Path("/dev/shm")
"""Where ``tmp_path`` folders go when the machine has this memory-backed folder (Linux): the
test databases live there. SQLite commits with ``synchronous=FULL`` (every move, every
result), and an fsync on a shared virtual disk took 10 ms a commit where memory takes 0.04 ms;
the suite commits tens of thousands of times. A killed server's file survives there as on
disk (the kill-and-restart tests); only a power cut would not, and no test makes one.
``PYTEST_DEBUG_TEMPROOT`` set by hand, or ``--basetemp``, still wins."""
RAM_FOLDER_NEEDS = 2 * 1024**3
"""Free bytes the memory folder must have to be used (a container's default 64 MB is not
enough for a whole run's databases: then the disk is used, as before)."""
if (
    RAM_FOLDER.is_dir()
    and os.access(RAM_FOLDER, os.W_OK | os.X_OK)
    and shutil.disk_usage(RAM_FOLDER).free >= RAM_FOLDER_NEEDS
):
    # Read by pytest when it first makes a tmp_path folder, after this file is loaded; the
    # test workers (xdist) and the servers the tests start inherit it.
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(RAM_FOLDER))


def _share_httpx_ssl_context() -> None:
    """One TLS context per test process for every ``httpx`` client and ``httpx.get``.

    httpx builds a fresh ``ssl.SSLContext`` for each client, loading the whole CA bundle: about
    23 ms of CPU, paid by every ``httpx.get`` and every poll of a server starting
    (``tests/served.py``), hundreds of times a run, though every test speaks plain HTTP to
    127.0.0.1. A context built with the default arguments is built once and shared; any other
    (a certificate, ``verify`` set) is built as before. Tests only: the app has no httpx client.
    """
    transport = importlib.import_module("httpx._transports.default")
    build = transport.create_ssl_context
    made: dict[bool, ssl.SSLContext] = {}

    def shared(verify: Any = True, cert: Any = None, trust_env: bool = True) -> ssl.SSLContext:
        if verify is not True or cert is not None:
            return build(verify=verify, cert=cert, trust_env=trust_env)
        if trust_env not in made:
            made[trust_env] = build(verify=True, cert=None, trust_env=trust_env)
        return made[trust_env]

    transport.create_ssl_context = shared


_share_httpx_ssl_context()


def _share_route_contexts() -> None:
    """Build each API route's request handling once per test process, not once per app.

    FastAPI (0.165) builds a route's handling (its dependencies' signatures, a pydantic
    adapter for each parameter and response model) lazily, per app, the first time a request
    walks the route's router: about 1 ms a route, 75-200 ms for the first request of a fresh
    app and another 100 ms for its first page (29 Nov 2026). ``euchre serve`` makes one app
    per worker, so it pays this once; the tests make a fresh app for almost every test (a
    fresh database each), and paid it a thousand times a run. A route included the same way
    (same router, same prefix, tags, dependencies and limits: every app ``create_app`` makes)
    gets the handling built the first time. Not shared: anything with dependency overrides
    (the app does not use them; the first app's, empty, would be consulted). Tests only."""
    routing = importlib.import_module("fastapi.routing")
    context_class = getattr(routing, "_EffectiveRouteContext", None)
    build = getattr(context_class, "from_api_route", None)
    if context_class is None or build is None or not dataclasses.is_dataclass(context_class):
        return  # another FastAPI: build per app, as it does
    built: dict[tuple[Any, ...], Any] = {}

    def key(route: Any, include_context: Any) -> tuple[Any, ...]:
        parts: list[Any] = [id(route)]
        for part in dataclasses.fields(include_context):
            value = getattr(include_context, part.name)
            if part.name == "dependency_overrides_provider":
                continue
            parts.append(id(value) if part.name == "included_router" else repr(value))
        return tuple(parts)

    def shared(cls: Any, *, original_route: Any, include_context: Any) -> Any:
        provider = include_context.dependency_overrides_provider
        if getattr(provider, "dependency_overrides", None):
            return build(original_route=original_route, include_context=include_context)
        found = key(original_route, include_context)
        if found not in built:
            built[found] = build(original_route=original_route, include_context=include_context)
        return built[found]

    context_class.from_api_route = classmethod(shared)


_share_route_contexts()


settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=100
)
settings.load_profile("default")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for this test session (one per xdist worker).

    Skipped with a reason only when the server binaries are missing; CI installs them
    (``scripts/test.sh``), so there these tests always run.
    """
    if find_postgres_bin() is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) not installed")
    cluster = PostgresCluster(durable=False)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@pytest.fixture
def postgres_database(postgres_url: str) -> Iterator[str]:
    """A fresh database on the test cluster (dropped afterwards)."""
    with fresh_postgres_database(postgres_url, "test") as url:
        yield url


@pytest.fixture
def no_club_sheets() -> Iterator[None]:
    """The built-in sheets alone, during the test and after it: a club's sheet that the test
    (or an earlier one in this worker) put in use leaves with it. A module asks for it with
    ``pytestmark = pytest.mark.usefixtures("no_club_sheets")``."""
    use_user_sheets([])
    yield
    use_user_sheets([])


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's Chromium: ``playwright install`` cannot download a browser here."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
EXPECT_TIMEOUT_MS = 15_000
"""How long a browser test's ``expect`` waits for what a page should show (Playwright's default
is 5 s). CI runs two test workers, their servers and Chromium on two cores; a page that is
right shows it at once, so a longer wait only spares a loaded machine a false failure."""
expect.set_options(timeout=EXPECT_TIMEOUT_MS)
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
"""Screenshots of the browser tests (gitignored)."""


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, pointed at Debian's Chromium (every browser test:
    web, play, online)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium not installed (apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@pytest.fixture
def artifacts(request: pytest.FixtureRequest) -> Path:
    """A folder under ``test-artifacts/`` for this test's screenshots."""
    folder = ARTIFACTS / request.node.name.replace("[", "-").replace("]", "")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def served_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database for ``euchre serve``: a SQLite file, or one on the test cluster
    (dropped afterwards)."""
    if request.param == "sqlite":
        yield fresh_sqlite_url(tmp_path)
        return
    with fresh_postgres_database(str(request.getfixturevalue("postgres_url")), "served") as url:
        yield url


TEST_YOUNG_COLLECTION_THRESHOLD = 50_000
"""The first garbage-collector threshold in a test process (Python's default is 700), as
``euchre serve`` sets it for its workers (``web/server.py``)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the tests are collected, move what collection built (every test module, the app's
    modules, the test items: hundreds of thousands of objects that live as long as the
    process) out of the garbage collector's reach, and collect young objects in large
    batches, as ``euchre serve`` does (``settle_collector``). A full collection walked all of
    them again and again: four CPU-bound files (the no-leak property, the engine's
    properties, the season API, the club backup) took 45.7-49.2 s of CPU with it against
    53.6-60.4 s without (29 Nov 2026, same seed). Every test still runs with the collector
    on."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(TEST_YOUNG_COLLECTION_THRESHOLD, 10, 10)


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Close every browser context a test opened (``browser.new_context()``; the browser is
    one per test worker). A page left open after its test keeps its scripts running and
    reconnecting to a server that has gone, in the same Chromium as every later test."""
    browser = (getattr(item, "funcargs", None) or {}).get("browser")
    if not isinstance(browser, Browser):  # a module may name its own fixture "browser"
        return
    for context in list(browser.contexts):
        context.close()


def _cost_rank(item: pytest.Item) -> int:
    """0 for the tests that drive Chromium, 1 for the other slow ones and the heavy ones (ten
    seconds or more of CPU: started last, one of them stretched the run's end by a minute), 2
    for those that need PostgreSQL, 3 for the rest (most of them, each well under a second)."""
    for rank, marks in enumerate((("browser",), ("slow", "heavy"), ("postgres",))):
        if any(item.get_closest_marker(mark) is not None for mark in marks):
            return rank
    return 3


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (stable: a module's tests keep their order, and the modules
    theirs within a rank). CI runs two workers with ``--dist worksteal`` (``scripts/test.sh``):
    a worker that runs out of tests takes half of what the other has left, from the end of
    its queue; with the short tests last, the two finish within a short test of each other
    instead of one waiting out a browser night alone."""
    items.sort(key=_cost_rank)
