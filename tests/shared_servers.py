"""One ``euchre serve`` per test worker for the browser tests that can share it.

A module whose tests each make their own event or table carries the ``shared_server`` mark;
its ``served`` fixture (``tests/web/conftest.py``, ``tests/play/conftest.py``) is then the
worker's one server instead of a server of the test's own. Every other module keeps a fresh
server per test, so a test that sets up the director, reads the whole club or kills the server
is written as before.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.databases import fresh_sqlite_url
from tests.served import EuchreServer

__all__ = ["OWN_SERVERS_VARIABLE", "SHARED_SERVER_MARK", "served_for", "shared_server"]

OWN_SERVERS_VARIABLE = "EUCHRE_TEST_OWN_SERVERS"
"""Set to ``1`` to give every test a server of its own again, marked or not (to rule out one
test's leftovers when a shared-server test fails, or to time the suite as it was)."""


SHARED_SERVER_MARK = "shared_server"
"""The mark of a module whose tests each make their own event or table, so they can share the
test worker's one ``euchre serve`` (``pyproject.toml`` registers it)."""


def shared_server(
    factory: pytest.TempPathFactory, name: str, environment: dict[str, str] | None = None
) -> Iterator[EuchreServer]:
    """The body of a session fixture: one ``euchre serve`` on a migrated, empty SQLite file for
    the whole test worker (xdist runs one session per worker), stopped at its end.

    Starting a server costs a few seconds of CPU (a Python start, the app's imports, uvicorn);
    a browser test's own body often costs less. Tests on it make their own event or table and
    log in as the director set up by the first of them (``tests/store/factory.director_api``,
    ``tests/web/night.Night``)."""
    folder = factory.mktemp(name)
    server = EuchreServer(fresh_sqlite_url(folder), folder, environment=environment).start()
    try:
        yield server
    finally:
        server.stop()


def served_for(
    request: pytest.FixtureRequest,
    shared_fixture: str,
    folder: Path,
    environment: dict[str, str] | None = None,
) -> Iterator[EuchreServer]:
    """The body of a ``served`` fixture: the worker's shared server (``shared_fixture``) for a
    test whose module is marked ``shared_server`` (started again if an earlier test killed it),
    else a server of its own on a migrated, empty SQLite file in ``folder``, stopped after."""
    shared = request.node.get_closest_marker(SHARED_SERVER_MARK) is not None
    if shared and os.environ.get(OWN_SERVERS_VARIABLE) != "1":
        server: EuchreServer = request.getfixturevalue(shared_fixture)
        if server.process is None or server.process.poll() is not None:
            server.start()
        yield server
        return
    own = EuchreServer(fresh_sqlite_url(folder), folder, environment=environment).start()
    try:
        yield own
    finally:
        own.stop()
