"""Schemathesis against the app's OpenAPI document: no generated request gets a 5xx.

The app runs in-process (ASGI) on a fresh SQLite file holding one event with players and a
started round, so generated ids and codes can hit real rows; requests carry the director's
bearer token, so the director's routes are exercised past the login check. Examples per
operation are bounded so the whole run takes about a minute on one core.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies
from tests.store.factory import PASSWORD, add_teams, create_event

from euchre.web.app import create_app

MAX_EXAMPLES = 12


def _director_app(folder: Path) -> tuple[Any, TestClient, str]:
    """An app holding one event with round 1 started, a client on it, and a table code."""
    app = create_app(f"sqlite:///{folder / 'schemathesis.db'}")
    client = TestClient(app, base_url="http://127.0.0.1")
    answer = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
    event_id = create_event(client, rounds=2)
    assert event_id == 1
    add_teams(client, event_id, 4)
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    return app, client, str(started.json()["tables"][0]["code"])


def _fresh_token(client: TestClient) -> str:
    """Log in again (a generated ``DELETE /api/session`` may have ended the last session).
    Generated wrong passwords throttle this client, as they should: the count is cleared
    first so the fuzzer's own login is not refused."""
    from sqlalchemy import delete

    from euchre.store.models import RateLimit

    with client.app.state.database.write() as store:  # type: ignore[attr-defined]
        store.execute(delete(RateLimit))
    session = client.post("/api/session", json={"name": "director", "password": PASSWORD})
    assert session.status_code == 200, session.text
    return str(session.json()["token"])


def _pinned(table_code: str) -> Callable[[tuple[schemathesis.Case, bool]], schemathesis.Case]:
    """Half the cases get path values of rows that exist (event 1, round 1, the table code),
    so generated bodies reach the services instead of stopping at a 404."""

    def pin(drawn: tuple[schemathesis.Case, bool]) -> schemathesis.Case:
        case, use_known_rows = drawn
        if use_known_rows and case.path_parameters:
            for name in list(case.path_parameters):
                if name == "code":
                    case.path_parameters[name] = table_code
                elif name == "document":
                    case.path_parameters[name] = "table-cards"
                else:
                    case.path_parameters[name] = 1
        return case

    return pin


@pytest.mark.heavy
def test_no_generated_request_gets_a_server_error(tmp_path: Path) -> None:
    app, client, table_code = _director_app(tmp_path)
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    server_errors: list[str] = []
    statuses: Counter[int] = Counter()
    operations = 0
    headers: dict[str, str] = {}
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1
        headers["Authorization"] = f"Bearer {_fresh_token(client)}"
        cases = strategies.tuples(operation.as_strategy(), strategies.booleans()).map(
            _pinned(table_code)
        )

        @given(case=cases)
        @settings(
            max_examples=MAX_EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def check(case: schemathesis.Case) -> None:
            response = case.call(headers=dict(headers))
            statuses[response.status_code] += 1
            if response.status_code >= 500:
                server_errors.append(
                    f"{case.method} {case.formatted_path} -> {response.status_code}: "
                    f"{case.as_curl_command()}"
                )

        check()
    assert operations >= 20, "the OpenAPI document lists the API's operations"
    answered = sum(count for status, count in statuses.items() if status < 300)
    assert answered > operations, f"too few requests got past validation and login: {statuses}"
    print(f"{operations} operations, status codes {sorted(statuses.items())}")
    assert not server_errors, "\n".join(server_errors[:20])
