"""A worker's start-up warm-up (``store.warm_up``): it writes nothing, and it leaves the
statements compiled and, on PostgreSQL, the pool's connections open with the table requests'
statements prepared."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData, select, text

from euchre.store.db import Database
from euchre.store.warm_up import warm_up_table_requests
from tests.store.factory import add_teams, codes_by_number, create_event, director_client


def _everything(database: Database) -> dict[str, Any]:
    """Every row of every table, and on PostgreSQL every sequence's position."""
    metadata = MetaData()
    metadata.reflect(database.write_engine)
    found: dict[str, Any] = {}
    with database.write_engine.connect() as connection:
        for table in metadata.sorted_tables:
            rows = connection.execute(select(table)).all()
            found[table.name] = sorted(repr(tuple(row)) for row in rows)
        if not database.is_sqlite:
            found["sequences"] = sorted(
                connection.execute(text("SELECT sequencename, last_value FROM pg_sequences")).all()
            )
    return found


def test_the_warm_up_writes_nothing_and_leaves_the_statements_ready(database_url: str) -> None:
    client = director_client(database_url)
    event_id = create_event(client)
    add_teams(client, event_id, 4)
    tables = client.post(f"/api/events/{event_id}/rounds").json()["tables"]
    codes = codes_by_number(client, event_id)
    code = tables[0]["code"]
    shown = client.get(f"/api/tables/{code}").json()
    scorer = shown["partnerships"][0][0]["number"]
    submitted = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[scorer], "team_points": [10, 4]},
    )
    assert submitted.status_code == 201, submitted.text
    client.app.state.database.dispose()  # type: ignore[attr-defined]

    database = Database(database_url)
    try:
        before = _everything(database)
        assert before["submissions"] and before["audit_log"]
        cached = len(database.write_engine._compiled_cache)
        warmed = warm_up_table_requests(database)
        # The lookup (reading and locking), the players, the submissions, the official
        # result, the locking read of a submission and two updates.
        assert len(database.write_engine._compiled_cache) >= cached + 8
        if database.is_sqlite:
            assert warmed == 1
        else:
            assert warmed == database.concurrency
            assert database.write_engine.pool.checkedin() == warmed  # type: ignore[attr-defined]
            # Each connection keeps what psycopg prepared on it (a ROLLBACK would have made
            # it deallocate every one of them). All held at once: each is a different one.
            held = [database.write_engine.connect() for _ in range(warmed)]
            for connection in held:
                raw = connection.connection.dbapi_connection
                assert raw is not None
                # The reads ran in autocommit; a write must find its connection back in
                # transactions (the table's lock would be released at once otherwise).
                assert raw.autocommit is False
                prepared = raw.execute("SELECT count(*) FROM pg_prepared_statements").fetchone()
                assert prepared is not None and prepared[0] >= 9
            for connection in held:
                connection.close()
        assert _everything(database) == before
    finally:
        database.dispose()

    # The table's requests still work after the warm-up (on the app's own database).
    page = client.get(f"/api/tables/{code}")
    assert page.status_code == 200 and page.json()["submissions"], page.text


def test_a_worker_answers_its_warm_up_requests_as_it_starts_and_counts_no_wrong_code(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from fastapi.testclient import TestClient

    from euchre.web.app import create_app
    from euchre.web.server import _WARM_UP_REQUESTS, _warm_up_requests_at_start

    url = f"sqlite:///{tmp_path / 'euchre.db'}"
    app = create_app(url)
    _warm_up_requests_at_start(app)
    answered: list[tuple[str, int]] = []
    app.add_middleware(_Statuses, answered=answered)
    with caplog.at_level(logging.WARNING), TestClient(app):
        pass  # the lifespan ran: the worker's start-up
    assert answered == [(path, status) for _, path, _, status in _WARM_UP_REQUESTS]
    assert "warm-up" not in caplog.text
    database = Database(url)
    try:
        assert _everything(database)["rate_limits"] == []  # no wrong code was counted
    finally:
        database.dispose()
    app.state.database.dispose()


class _Statuses:
    """ASGI middleware noting each HTTP answer's path and status."""

    def __init__(self, app: Any, answered: list[tuple[str, int]]) -> None:
        self.app = app
        self.answered = answered

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def noting(message: Any) -> None:
            if message["type"] == "http.response.start":
                self.answered.append((scope["path"], message["status"]))
            await send(message)

        await self.app(scope, receive, noting if scope["type"] == "http" else send)
