"""Issue 22, "a property test that the season table always equals what the events' own
standings say under the scoring rule, for random events and rules": random club nights
(players coming and going, random results) and a random season definition; the season table
(``GET /api/seasons/{id}/standings``) is held against each event's own standings
(``GET /api/events/{id}/snapshot``) added up here under the rule."""

from __future__ import annotations

from fractions import Fraction
from itertools import count
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.web.season_helpers import hall_night, night_by_member

POOL = [f"Member {number}" for number in range(1, 11)]
_names = count(1)

nights_strategy = st.lists(
    st.tuples(
        st.lists(st.sampled_from(POOL), min_size=4, max_size=8, unique=True).filter(
            lambda players: len(players) in (4, 8)
        ),
        st.integers(min_value=1, max_value=2),
        st.integers(min_value=0, max_value=10_000),
    ),
    min_size=1,
    max_size=3,
)


@st.composite
def rules(draw: st.DrawFn) -> dict[str, Any]:
    """A valid season definition (its ``events`` filled in by the test)."""
    scoring = draw(st.sampled_from(["total_points", "average", "best_nights", "place_points"]))
    rule: dict[str, Any] = {
        "scoring": scoring,
        "min_games": draw(st.integers(min_value=0, max_value=4)),
        "min_nights": draw(st.integers(min_value=0, max_value=2)),
        "tie_breaks": draw(
            st.lists(
                st.sampled_from(["games_won", "lone_hands", "head_to_head"]),
                unique=True,
                max_size=3,
            )
        ),
    }
    if scoring == "best_nights":
        rule["best_nights"] = draw(st.integers(min_value=1, max_value=3))
    if scoring == "place_points":
        table = draw(st.lists(st.integers(min_value=0, max_value=12), min_size=1, max_size=8))
        rule["place_points"] = sorted(table, reverse=True)
    return rule


def _figure(rule: dict[str, Any], nights: list[dict[str, int]], shares: list[Fraction]) -> Fraction:
    """A member's season figure from his nights' lines, as the rule says."""
    points = [night["points"] for night in nights]
    if rule["scoring"] == "total_points":
        return Fraction(sum(points))
    if rule["scoring"] == "average":
        games = sum(night["games"] for night in nights)
        return Fraction(sum(points), games) if games else Fraction(0)
    if rule["scoring"] == "best_nights":
        return Fraction(sum(sorted(points, reverse=True)[: rule["best_nights"]]))
    return sum(shares, Fraction(0))


def _shares(places: dict[int, int], table: list[int]) -> dict[int, Fraction]:
    """Each member's place points that night: members tied for places k..k+m share them."""
    out = {}
    for member, place in places.items():
        tied = sum(1 for other in places.values() if other == place)
        spanned = [
            table[index] for index in range(place - 1, place - 1 + tied) if index < len(table)
        ]
        out[member] = Fraction(sum(spanned), tied)
    return out


@pytest.mark.heavy
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(nights=nights_strategy, rule=rules())
def test_the_season_table_is_what_the_events_own_standings_say_under_the_rule(
    client: TestClient, nights: list[tuple[list[str], int, int]], rule: dict[str, Any]
) -> None:
    event_ids = [
        hall_night(client, f"Night {next(_names)}", players, rounds=rounds, seed=seed)
        for players, rounds, seed in nights
    ]
    body = {"name": f"Season {next(_names)}", "events": event_ids, **rule}
    created = client.post("/api/seasons", json=body)
    assert created.status_code == 201, created.text
    rows = client.get(f"/api/seasons/{created.json()['id']}/standings").json()["rows"]

    lines: dict[int, list[dict[str, int]]] = {}
    shares: dict[int, list[Fraction]] = {}
    for event_id in event_ids:
        night = night_by_member(client, event_id)
        places = _shares(
            {member: line["place"] for member, line in night.items()}, rule.get("place_points", [])
        )
        for member, line in night.items():
            lines.setdefault(member, []).append(line)
            shares.setdefault(member, []).append(places[member])
    expected = {member: _figure(rule, lines[member], shares[member]) for member in lines}
    qualifies = {
        member: len(lines[member]) >= rule["min_nights"]
        and sum(line["games"] for line in lines[member]) >= rule["min_games"]
        for member in lines
    }

    assert {row["member_id"] for row in rows} == set(expected)
    for row in rows:
        member = row["member_id"]
        assert row["points"] == round(float(expected[member]), 3)
        assert row["games"] == sum(line["games"] for line in lines[member])
        assert row["nights"] == len(lines[member])
        assert row["qualified"] is qualifies[member]
    qualified = [row for row in rows if row["qualified"]]
    # Qualifiers first, by the figure; tie-breaks only order members level on it, and ranks
    # are shared by members still level.
    assert rows[: len(qualified)] == qualified
    assert all(row["rank"] is None for row in rows[len(qualified) :])
    figures = {row["member_id"]: expected[row["member_id"]] for row in qualified}
    for index, row in enumerate(qualified):
        above = sum(1 for value in figures.values() if value > figures[row["member_id"]])
        level = sum(1 for value in figures.values() if value == figures[row["member_id"]])
        assert above + 1 <= row["rank"] <= above + level
        if not rule["tie_breaks"]:
            assert row["rank"] == above + 1
        if index:
            assert figures[qualified[index - 1]["member_id"]] >= figures[row["member_id"]]
