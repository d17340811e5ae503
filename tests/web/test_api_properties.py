"""Hypothesis against the API: no request body makes it answer 5xx, and whatever order the
players at a table submit, confirm and dispute in, no score is lost or silently replaced."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tests.store.factory import (
    add_teams,
    codes_by_number,
    create_event,
    director_client,
    sqlite_url,
)

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=12,
)

FIELDS = st.sampled_from(
    [
        "name",
        "profile_id",
        "format",
        "rounds",
        "format_options",
        "round_minutes",
        "seed",
        "prizes",
        "side_pot",
        "team_points",
        "hand_points",
        "lone_hands",
        "euchres",
        "player_code",
        "numbers",
        "team",
        "tables",
        "sitting_out",
        "reason",
        "csv",
        "kind",
        "offender",
        "round",
        "table",
        "config",
        "entrants",
        "format",
        "event",
    ]
)
BODIES = JSON | st.dictionaries(FIELDS, JSON, max_size=6)


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, int, str]:
    """An app with an event whose round 1 is in play: (client, event id, a table code)."""
    client = director_client(sqlite_url(tmp_path_factory.mktemp("fuzz")))
    event_id = create_event(client)
    add_teams(client, event_id, 4)
    code = client.post(f"/api/events/{event_id}/rounds").json()["tables"][0]["code"]
    return client, event_id, code


@pytest.fixture(scope="module")
def honest(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """An app of its own, so the fuzz tests' wrong codes do not rate-limit this client."""
    return director_client(sqlite_url(tmp_path_factory.mktemp("honest")))


PATHS = [
    ("post", "/api/events"),
    ("put", "/api/events/{event}/config"),
    ("post", "/api/events/{event}/players"),
    ("post", "/api/events/{event}/players/import"),
    ("post", "/api/events/{event}/pairs"),
    ("put", "/api/events/{event}/rounds/1/seating"),
    ("put", "/api/events/{event}/rounds/1/tables/1/result"),
    ("post", "/api/events/{event}/penalties"),
    ("post", "/api/events/restore"),
    ("post", "/api/tables/{code}/submissions"),
    ("post", "/api/tables/{code}/submissions/1/confirm"),
    ("post", "/api/session"),
]


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(PATHS), body=BODIES)
def test_no_body_gets_a_5xx(
    running: tuple[TestClient, int, str], route: tuple[str, str], body: Any
) -> None:
    client, event_id, code = running
    method, template = route
    path = template.format(event=event_id, code=code)
    response = client.request(method, path, json=body)
    assert response.status_code < 500, (path, body, response.text)
    if response.status_code >= 400:
        assert isinstance(response.json()["detail"], str)
        assert response.json()["detail"]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    number=st.integers(min_value=-(2**80), max_value=2**80),
    word=st.text(max_size=8),
)
def test_no_path_value_gets_a_5xx(
    running: tuple[TestClient, int, str], number: int, word: str
) -> None:
    client, event_id, _ = running
    for path in (
        f"/api/events/{number}",
        f"/api/events/{event_id}/rounds/{number}",
        f"/api/events/{event_id}/players/{number}/check-in",
        f"/api/events/{event_id}/submissions?round={number}",
    ):
        method = "post" if path.endswith("check-in") else "get"
        assert client.request(method, path).status_code < 500, path
    assert client.get(f"/api/tables/{quote(word, safe='')}x").status_code < 500


ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["submit", "confirm", "dispute"]),
        st.integers(min_value=0, max_value=3),  # which player at the table acts
        st.integers(min_value=0, max_value=3),  # which submission (confirm/dispute)
        # totals (submit): a possible 8-hand game, not level (every hand scores at least 1)
        st.tuples(st.integers(0, 12), st.integers(0, 12)).filter(
            lambda totals: sum(totals) >= 8 and totals[0] != totals[1]
        ),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
# A player replaces his own score, then his partner enters the first score again.
@example(actions=[("submit", 0, 0, (0, 8)), ("submit", 0, 0, (0, 9)), ("submit", 1, 0, (0, 8))])
# ... and then an opponent disputes the replaced score (it must stay replaced).
@example(
    actions=[
        ("submit", 0, 0, (0, 8)),
        ("submit", 0, 0, (0, 9)),
        ("submit", 1, 0, (0, 8)),
        ("dispute", 2, 0, (0, 8)),
    ]
)
def test_scores_are_never_lost_or_silently_replaced(
    honest: TestClient, actions: list[tuple[str, int, int, tuple[int, int]]]
) -> None:
    client = honest
    event_id = create_event(client, rounds=1)
    add_teams(client, event_id, 2)
    code = client.post(f"/api/events/{event_id}/rounds").json()["tables"][0]["code"]
    info = client.get(f"/api/tables/{code}").json()
    codes = codes_by_number(client, event_id)
    seats = [player["number"] for side in info["partnerships"] for player in side]
    entered: list[list[int]] = []
    confirmed: list[list[int]] = []
    for action, who, which, totals in actions:
        player_code = codes[seats[who]]
        if action == "submit":
            response = client.post(
                f"/api/tables/{code}/submissions",
                json={"player_code": player_code, "team_points": list(totals)},
            )
            assert response.status_code == 201, response.text
            entered.append(list(totals))
            continue
        rows = client.get(f"/api/events/{event_id}/submissions").json()
        if not rows:
            continue
        target = rows[which % len(rows)]
        response = client.post(
            f"/api/tables/{code}/submissions/{target['id']}/{action}",
            json={"player_code": player_code},
        )
        assert response.status_code in (200, 401, 409), response.text
        if response.status_code == 200 and response.json()["status"] == "confirmed":
            confirmed.append(target["result"]["team_points"])
    rows = client.get(f"/api/events/{event_id}/submissions").json()
    kept = [row["result"]["team_points"] for row in rows]
    # Nothing entered is lost: every score entered is kept (a player's own re-entry keeps his
    # earlier score as superseded, so the same score can come back as a new entry later).
    assert {tuple(points) for points in kept} == {tuple(points) for points in entered}
    live = [tuple(row["result"]["team_points"]) for row in rows if row["status"] != "superseded"]
    assert len(live) == len(set(live)), "the same score is never kept twice as live entries"
    state = client.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]
    if confirmed:
        assert state["team_points"] == confirmed[0], "the first confirmed score stays official"
    else:
        assert state["team_points"] is None
    # Never two different scores silently waiting: a player's own re-entry replaces his
    # pending one (kept as superseded); different scores from different players are flagged.
    waiting = {tuple(row["result"]["team_points"]) for row in rows if row["status"] == "pending"}
    assert len(waiting) <= 1


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside nested JSON."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replace_at(document: Any, path: tuple[Any, ...], replacement: Any) -> None:
    """Put ``replacement`` where ``path`` (one of ``_paths``, not the empty one) points."""
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = replacement


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), replacement=JSON)
def test_a_damaged_backup_is_refused_with_a_4xx(
    running: tuple[TestClient, int, str], data: st.DataObject, replacement: Any
) -> None:
    client, event_id, _ = running
    saved = client.get(f"/api/events/{event_id}/backup").json()
    path = data.draw(st.sampled_from(_paths(saved)[1:]))
    _replace_at(saved, path, replacement)
    response = client.post("/api/events/restore", json=saved)
    assert response.status_code < 500, (path, replacement, response.text)
