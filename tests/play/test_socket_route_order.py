"""The play table's socket is matched early: an online night's phones all open one at once."""

from __future__ import annotations

from pathlib import Path

from fastapi.routing import APIWebSocketRoute

from euchre.web.app import create_app
from tests.databases import fresh_sqlite_url


def test_the_table_socket_is_tried_right_after_the_table_routes(tmp_path: Path) -> None:
    """The connect storm's cause, not its clock: the socket's router is the second one tried
    (after the table phones' routes), not the twenty-sixth."""
    app = create_app(fresh_sqlite_url(tmp_path))
    routers = [
        route.original_router  # type: ignore[attr-defined]
        for route in app.router.routes
        if hasattr(route, "original_router")
    ]
    second = [route for route in routers[1].routes if isinstance(route, APIWebSocketRoute)]
    assert [route.path for route in second] == ["/api/play/tables/{table_id}/ws"]
    assert all(
        "/t/{code}" in route.path or "/api/tables/" in route.path for route in routers[0].routes
    )
