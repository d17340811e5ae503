"""Issue 9's acceptance audit in real Chromium: "the projector fitting 40 players at
1920×1080 (columns or paging) with prizes and the cup", with club members' real-length
names, and the phone after a confirmed score at 390 px. Screenshots go to
``test-artifacts/<test name>/``."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser_checks import log_in
from tests.served import EuchreServer
from tests.store.factory import director_api

pytestmark = [pytest.mark.browser, pytest.mark.shared_server]

NAMES = [
    "Margaret Hollingsworth-Vandenberg", "Bob", "Alice Smith", "Carol Jones", "Dave Brown",
    "Eve Black", "Frank White", "Grace Green", "Heidi Klum", "Ivan Petrov", "Judy Garland",
    "Mallory Knight", "Niaj Patel", "Olivia Benson", "Peggy Carter", "Rupert Giles",
    "Sybil Fawlty", "Trent Reznor", "Uma Thurman", "Victor Hugo", "Walter White",
    "Xena Warrior", "Yolanda Adams", "Zach Braff", "Amy Pond", "Basil Exposition",
    "Clara Oswald", "Donna Noble", "Ed Harris", "Fiona Apple", "Gus Fring", "Hank Schrader",
    "Iris West", "Jesse Pinkman", "Kim Wexler", "Lydia Rodarte-Quayle", "Mike Ehrmantraut",
    "Nacho Varga", "Oscar Wilde", "Paige Turner",
]  # fmt: skip


def _report(api: httpx.Client, event_id: int, code: str, points: list[int]) -> None:
    codes = {
        row["number"]: row["code"] for row in api.get(f"/api/events/{event_id}/players").json()
    }
    info = api.get(f"/api/tables/{code}").json()
    keeper, opponent = (info["partnerships"][side][0]["number"] for side in (0, 1))
    submitted = api.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[keeper], "team_points": points},
    )
    assert submitted.status_code == 201, submitted.text
    confirmed = api.post(
        f"/api/tables/{code}/submissions/{submitted.json()['id']}/confirm",
        json={"player_code": codes[opponent]},
    )
    assert confirmed.status_code == 200, confirmed.text


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return dict(box)


def test_the_projector_fits_40_players_at_1920x1080_with_prizes_and_the_cup_nothing_overlapping(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    event: dict[str, Any] = api.post(
        "/api/events", json={"name": "Bolivar Lions Thursday Night Euchre", "profile_id": "bolivar"}
    ).json()
    event_id = event["id"]
    csv = "name,checked_in\n" + "\n".join(f"{name},yes" for name in NAMES)
    assert api.post(f"/api/events/{event_id}/players/import", json={"csv": csv}).status_code == 201
    started = api.post(f"/api/events/{event_id}/rounds").json()
    for index, table in enumerate(started["tables"]):
        _report(api, event_id, table["code"], [8 + index % 3, 5 - index % 3])
    assert api.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200

    projector = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    projector.goto(f"{served.base_url}/events/{event_id}/live")
    columns = projector.locator(".live-columns table.standings")
    expect(columns).to_have_count(2)
    expect(projector.locator(".live-columns tbody tr")).to_have_count(40)
    first, second = (
        _box(projector, ".live-columns > :nth-child(1)"),
        _box(projector, ".live-columns > :nth-child(2)"),
    )
    side = _box(projector, ".live-side")
    # Columns side by side, none running into the next or into the seating and prizes.
    assert first["x"] + first["width"] <= second["x"]
    assert second["x"] + second["width"] <= side["x"]
    for index in range(2):
        table = columns.nth(index)
        assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth + 1")
    for selector in ("#next-seating", "#prizes", "#side-pot", "#live"):
        box = _box(projector, selector)
        assert box["y"] + box["height"] <= 1080, f"{selector} runs below the screen"
        assert box["x"] + box["width"] <= 1920, f"{selector} runs off the side"
    expect(projector.locator("#side-pot")).to_contain_text("Euchred cup")
    assert projector.evaluate("document.documentElement.scrollWidth") <= 1920
    projector.screenshot(path=str(artifacts / "projector-40-players.png"))

    # The phone of a table whose score was just confirmed: who won and where each pair goes.
    second_round = api.post(f"/api/events/{event_id}/rounds").json()
    code = second_round["tables"][0]["code"]
    _report(api, event_id, code, [9, 4])
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    ).new_page()
    phone.goto(f"{served.base_url}/t/{code}")
    expect(phone.locator("#winner")).to_contain_text("won, 9–4")
    expect(phone.locator("#next-moves")).to_contain_text("stay at table 1 and split")
    expect(phone.locator("#next-moves")).to_contain_text("the team with less points moves")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(artifacts / "phone-after-confirmed-score.png"), full_page=True)

    # "The dashboard usable on a phone": 40 standings rows, each a line or two (the tie-breaks
    # past the edge scroll sideways instead of making every row several lines tall).
    log_in(phone, served.base_url)
    phone.goto(f"{served.base_url}/director/events/{event_id}")
    rows = phone.locator("#standings-table tbody tr")
    expect(rows).to_have_count(40)
    heights = rows.evaluate_all("rows => rows.map(row => row.getBoundingClientRect().height)")
    assert max(heights) < 100, f"standings rows up to {max(heights)} px tall on a phone"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(artifacts / "dashboard-on-a-phone.png"), full_page=True)
    api.close()


def test_the_projector_keeps_60_players_names_readable_and_a_crowded_prize_on_the_screen(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    """Three columns: rank, name, points and games won (names were cut to six letters); a
    prize shared by thirty players level after game 1 keeps to a few lines."""
    api = director_api(served.base_url)
    event_id = api.post("/api/events", json={"name": "Sixty", "profile_id": "bolivar"}).json()["id"]
    firsts = ["Alexandra", "Bartholomew", "Christopher", "Dorothy", "Evangeline", "Frederick"]
    lasts = ["Montgomery-Smythe", "Lee", "Richardson", "Oduya", "Van Der Berg", "Nakamura"]
    names = [f"{first} {last}" for first in firsts for last in [*lasts, "Ng", "Bell", "Li", "Ho"]]
    csv = "name,checked_in\n" + "\n".join(f"{name},yes" for name in names)
    assert api.post(f"/api/events/{event_id}/players/import", json={"csv": csv}).status_code == 201
    for table in api.post(f"/api/events/{event_id}/rounds").json()["tables"]:
        _report(api, event_id, table["code"], [9, 4])
    assert api.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    projector.goto(f"{served.base_url}/events/{event_id}/live")
    expect(projector.locator(".live-columns table.standings")).to_have_count(3)
    widths = projector.locator(".live-columns td.name").evaluate_all(
        "cells => cells.map(cell => cell.clientWidth)"
    )
    assert len(widths) == 60 and min(widths) >= 150, f"name cells {min(widths)} px wide"
    boxes = [_box(projector, f".live-columns > :nth-child({n})") for n in (1, 2, 3)]
    boxes.append(_box(projector, ".live-side"))
    for left, right in pairwise(boxes):
        assert left["x"] + left["width"] <= right["x"]
    for selector in ("#next-seating", "#prizes", "#side-pot", "#live"):
        box = _box(projector, selector)
        assert box["y"] + box["height"] <= 1080, f"{selector} runs below the screen"
    projector.screenshot(path=str(artifacts / "projector-60-players.png"))
    api.close()
