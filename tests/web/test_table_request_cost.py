"""Issue 9, "Cost that does not grow with the event": a table's page, a submission and a
confirmation cost the same whatever the event's size, and the shortcuts that made them cheap
(the wrong-code check inside the table lookup, the round's seating parsed only when it
changed, the revision bumped in one statement) change nothing a table or the director sees."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, text
from tests.store.factory import (
    add_teams,
    codes_by_number,
    create_event,
    director_client,
    one_table_started,
    sqlite_url,
)

from euchre.store.access.ratelimit import DEVICE_FREE_FAILURES
from euchre.store.models import Base, Event, Submission


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """One app and database for the module: every test makes its own event."""
    return director_client(sqlite_url(tmp_path_factory.mktemp("cost")))


@contextmanager
def counting(client: TestClient) -> Iterator[Counter[str]]:
    """Count the SQL statements the app runs and the rows it loads as objects, by kind."""
    counts: Counter[str] = Counter()
    store = client.app.state.database  # type: ignore[attr-defined]
    engines = {store.read_engine.engine, store.write_engine.engine}

    def statement(*_args: Any) -> None:
        counts["statements"] += 1

    def loaded(target: Any, _context: Any) -> None:
        counts[type(target).__name__] += 1

    for engine in engines:
        event.listen(engine, "before_cursor_execute", statement)
    event.listen(Base, "load", loaded, propagate=True)
    try:
        yield counts
    finally:
        for engine in engines:
            event.remove(engine, "before_cursor_execute", statement)
        event.remove(Base, "load", loaded)


def table_flow_costs(client: TestClient, teams: int) -> list[Counter[str]]:
    """What a table's page, its submission, the page again and the confirmation cost in an
    event of ``teams`` teams (round 1 started), measured at the event's last table."""
    event_id = create_event(client)
    add_teams(client, event_id, teams)
    tables = client.post(f"/api/events/{event_id}/rounds").json()["tables"]
    codes = codes_by_number(client, event_id)
    code = tables[-1]["code"]
    costs = []
    with counting(client) as counts:
        info = client.get(f"/api/tables/{code}").json()
    costs.append(counts)
    scorer = info["partnerships"][0][0]["number"]
    opponent = info["partnerships"][1][0]["number"]
    with counting(client) as counts:
        submitted = client.post(
            f"/api/tables/{code}/submissions",
            json={"player_code": codes[scorer], "team_points": [10, 4]},
        )
    assert submitted.status_code == 201, submitted.text
    costs.append(counts)
    with counting(client) as counts:
        assert client.get(f"/api/tables/{code}").status_code == 200
    costs.append(counts)
    with counting(client) as counts:
        confirmed = client.post(
            f"/api/tables/{code}/submissions/{submitted.json()['id']}/confirm",
            json={"player_code": codes[opponent]},
        )
    assert confirmed.status_code == 200, confirmed.text
    costs.append(counts)
    return costs


def test_a_table_request_costs_the_same_at_2_tables_and_at_40(client: TestClient) -> None:
    small = table_flow_costs(client, 4)
    large = table_flow_costs(client, 80)
    for step, (few, many) in enumerate(zip(small, large, strict=True)):
        assert few == many, f"step {step}: 2 tables {dict(few)}, 40 tables {dict(many)}"
    # A score loads only its own table's four players, never the event's list of 160: as
    # plain rows (``table_lookup.TablePlayer``), so no ``Entrant`` object at all; the page loads
    # no ORM object.
    assert large[1]["Entrant"] == 0
    assert sum(count for kind, count in large[0].items() if kind != "statements") == 0
    # The page: BEGIN, the lookup (code, event, round, block, official result), the four
    # players, the submissions. A submission's lookup also says whether the table plays
    # online this round and whether the director recorded a penalty there (its penalties are
    # read only then: totals alone are refused after a ruling); it adds its own writes and
    # the official result read under the table's lock. The confirmation adds its
    # lock-protected reads and writes, and touches no event row.
    assert [cost["statements"] for cost in large] == [4, 7, 4, 8]


@pytest.mark.usefixtures("still_clock")
def test_a_blocked_device_is_refused_even_with_a_right_table_code(tmp_path: Path) -> None:
    client = director_client(sqlite_url(tmp_path))
    event_id, code, codes, _sides = one_table_started(client)
    statuses = [
        client.get("/api/tables/QQQQQ").status_code for _ in range(DEVICE_FREE_FAILURES + 3)
    ]
    assert statuses[-1] == 429
    page = client.get(f"/api/tables/{code}")
    assert page.status_code == 429
    assert "too many wrong codes" in page.json()["detail"]
    submitted = client.post(
        f"/api/tables/{code}/submissions", json={"player_code": codes[1], "team_points": [10, 4]}
    )
    assert submitted.status_code == 429
    store = client.app.state.database  # type: ignore[attr-defined]
    with store.read() as session:
        assert session.query(Submission).filter_by(event_id=event_id).count() == 0


def test_a_seating_changed_after_the_round_started_shows_on_the_table_page(
    client: TestClient,
) -> None:
    event_id = create_event(client)
    add_teams(client, event_id, 4)
    code = client.post(f"/api/events/{event_id}/rounds").json()["tables"][0]["code"]
    before = client.get(f"/api/tables/{code}").json()
    assert [member["number"] for member in before["partnerships"][0]] == [1, 2]
    seating = {"tables": [[[1, 2], [7, 8]], [[5, 6], [3, 4]]], "reason": "wrong seats"}
    changed = client.put(f"/api/events/{event_id}/rounds/1/seating", json=seating)
    assert changed.status_code == 200, changed.text
    after = client.get(f"/api/tables/{code}").json()
    assert [member["number"] for member in after["partnerships"][1]] == [7, 8]


def test_a_confirmation_takes_no_event_row_lock_yet_every_page_shows_it_at_once(
    client: TestClient,
) -> None:
    """Confirmations at different tables share no lock (the event's row is not updated: on
    PostgreSQL their commits are flushed together), and the cached standings still go stale
    with each one: the snapshot after each confirmation has that table's result."""
    event_id = create_event(client)
    add_teams(client, event_id, 4)
    tables = client.post(f"/api/events/{event_id}/rounds").json()["tables"]
    codes = codes_by_number(client, event_id)
    store = client.app.state.database  # type: ignore[attr-defined]
    with store.read() as session:
        start = session.get(Event, event_id).revision  # type: ignore[union-attr]
    for done, table in enumerate(tables, start=1):
        info = client.get(f"/api/tables/{table['code']}").json()
        scorer = info["partnerships"][0][0]["number"]
        opponent = info["partnerships"][1][0]["number"]
        submitted = client.post(
            f"/api/tables/{table['code']}/submissions",
            json={"player_code": codes[scorer], "team_points": [10, 2]},
        )
        # The snapshot is read (and cached) between the score and its confirmation.
        before = client.get(f"/api/events/{event_id}/snapshot").json()
        confirmed = client.post(
            f"/api/tables/{table['code']}/submissions/{submitted.json()['id']}/confirm",
            json={"player_code": codes[opponent]},
        )
        assert confirmed.json()["status"] == "confirmed"
        after = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
        assert after != before["snapshot"]
        assert sum(row["points"] for row in after["standings"]) == 12 * done
    with store.read() as session:
        assert session.get(Event, event_id).revision == start  # type: ignore[union-attr]
    state = client.get(f"/api/events/{event_id}/rounds/1").json()
    assert {row["state"] for row in state["tables"]} == {"reported"}
    assert {tuple(row["team_points"]) for row in state["tables"]} == {(10, 2)}


@pytest.mark.postgres
def test_a_pooled_connection_cut_while_idle_is_replaced_without_a_failed_request(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No ping before each request (a round trip each): only a connection that sat idle is
    pinged, and a dead one is replaced before the request uses it."""
    import psycopg

    from euchre.store import db

    store = db.Database(postgres_url)
    pings: list[int] = []
    original = store.write_engine.dialect.do_ping

    def counted(connection: Any) -> bool:
        pings.append(1)
        return original(connection)

    monkeypatch.setattr(store.write_engine.dialect, "do_ping", counted)
    try:
        with store.read() as session:
            backend = session.execute(text("SELECT pg_backend_pid()")).scalar_one()
        with store.read() as session:
            assert session.execute(text("SELECT pg_backend_pid()")).scalar_one() == backend
        assert pings == []  # used a moment ago: no round trip for a ping
        with psycopg.connect(postgres_url.replace("+psycopg", ""), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (backend,))
        monkeypatch.setattr(db, "_PING_AFTER_IDLE_S", 0.0)
        with store.read() as session:  # idle, pinged, found dead, replaced
            assert session.execute(text("SELECT pg_backend_pid()")).scalar_one() != backend
        assert pings
    finally:
        store.dispose()


def test_the_table_routes_are_tried_first_and_listed_once(client: TestClient) -> None:
    """FastAPI tries routes in order (a few microseconds each): a table's page, view,
    submission and confirmation are matched before the other ~200 routes, and the API
    schema still lists each of their paths once."""
    included = [
        getattr(route, "original_router", None)
        for route in client.app.router.routes  # type: ignore[attr-defined]
    ]
    routers = [router for router in included if router is not None]
    first_paths = {route.path for route in routers[0].routes}
    assert first_paths >= {"/api/tables/{code}", "/t/{code}", "/t/{code}/submissions"}
    assert all(path.startswith(("/api/tables/{code}", "/t/{code}")) for path in first_paths)
    schema = client.get("/openapi.json").json()
    operations = [
        operation["operationId"]
        for path, item in schema["paths"].items()
        if path.startswith("/api/tables/{code}")
        for operation in item.values()
    ]
    assert len(operations) == len(set(operations)) == 4
