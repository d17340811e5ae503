"""LVEA's first two rounds in Chromium: the director on a laptop, the tables on 390 px phones.

The club uploads its sheet file, the director creates the night on the form (the sheet's
prizes by entrants kept, though the form's prize field can only write rows by tables), adds
the first players on the add-player form with their "high" or "low" scoresheet and the rest
from a list, and starts round 1: the dashboard's seating shows every table's partners one
high and one low. Two tables enter their score on phones; the head table's phone says where
each pair goes in the sheet's words ("the high player moves to the ghost table"); round 2 is
seated as the sheet says. Screenshots go to ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from tests.web.night import Night, table_codes
from tests.web.test_night_lvea import LVEA

pytestmark = pytest.mark.browser


def _classes(night: Night) -> tuple[dict[str, str], dict[str, str]]:
    players = night.get(f"/api/events/{night.event_id}/players")
    return (
        {str(row["number"]): row["seat_class"] for row in players},
        {str(row["number"]): row["name"] for row in players},
    )


def _check_seating(night: Night, started: dict[str, Any], seat_class: dict[str, str]) -> None:
    """Every partnership one high and one low, on the API and on the dashboard's rows."""
    page = night.dashboard()
    _, name = _classes(night)
    for table in started["plan"]["tables"]:
        row = page.locator(f"tr[data-testid=table-{table['table']}]")
        for pair in table["partnerships"]:
            assert sorted(seat_class[p] for p in pair) == ["high", "low"], table
            for player in pair:
                expect(row).to_contain_text(name[player])
    assert sorted(seat_class[p] for p in started["plan"]["sitting_out"]) == ["high", "low"]


def test_lvea_first_two_rounds_on_the_laptop_and_phones(night: Night) -> None:
    night.post("/api/sheets", {"text": LVEA.read_text(), "filename": "lvea.toml"}, 201)
    night.create_event("LVEA Thursday", "lvea")
    prizes = night.get(f"/api/events/{night.event_id}")["config"]["prizes"]
    assert [tier["min_entrants"] for tier in prizes["tiers"]] == [16, 18]
    page = night.dashboard()
    for name, seat_class in (("High 1", "high"), ("Low 1", "low")):
        page.fill("#player-name", name)
        page.select_option("#player-seat-class", seat_class)
        page.click("#add-player-submit")
        expect(page.locator("#flash")).to_contain_text(f"{name} added")
    night.shot(page, "two-players-added-with-their-class")
    rows = "".join(f"High {n},high\nLow {n},low\n" for n in range(2, 10))
    night.import_players("name,seat_class\n" + rows, 18)
    page = night.dashboard()
    page.click("#check-in-all")
    expect(page.locator("#check-in-all")).to_have_count(0)
    seat_class, name = _classes(night)
    assert sorted(seat_class.values()) == ["high"] * 9 + ["low"] * 9

    first = night.start_round()
    _check_seating(night, first, seat_class)
    night.shot(night.page, "round-1-seating")
    codes = table_codes(first)
    head = night.phone_report(codes[1], (10, 4), shot="round-1-table-1")
    words = head.locator("#next-moves li")
    expect(words).to_have_count(2)
    expect(words.nth(0)).to_contain_text(
        "won: they stay at table 1 and play against each other, with new partners."
    )
    expect(words.nth(1)).to_contain_text(
        "the high player moves to the ghost table (a bye); the low player moves to "
        "table 2, with new partners."
    )
    width = head.evaluate("document.documentElement.scrollWidth")
    assert width <= 391, width
    night.phone_report(codes[2], (4, 10), shot="round-1-table-2")
    for table in (3, 4):
        night.report(codes[table], {"team_points": [10, 4]})
    night.close_round()
    outcome = {int(table["table"]): table["partnerships"] for table in first["plan"]["tables"]}
    winners = {1: outcome[1][0], 2: outcome[2][1], 3: outcome[3][0], 4: outcome[4][0]}

    second = night.start_round()
    _check_seating(night, second, seat_class)
    night.shot(night.page, "round-2-seating")
    where = {
        p: int(table["table"])
        for table in second["plan"]["tables"]
        for pair in table["partnerships"]
        for p in pair
    }
    where |= {p: 5 for p in second["plan"]["sitting_out"]}
    for table, pair in winners.items():
        assert [where[p] for p in pair] == [table, table], (table, [name[p] for p in pair])
    for table, sides in outcome.items():
        for player in (p for pair in sides for p in pair if p not in winners[table]):
            goal = table - 1 if seat_class[player] == "high" else table + 1
            assert where[player] == (5 if goal == 0 else goal), (table, name[player])
    for player in first["plan"]["sitting_out"]:
        assert where[player] == (4 if seat_class[player] == "high" else 1), name[player]
    night.phone_report(table_codes(second)[1], (10, 4), shot="round-2-table-1")
