"""Issue 22, item 3 in real Chromium on a 390x844 phone: a member's page (rating with its
uncertainty and "provisional", totals, partners and opponents met most, every game), its
filters and sorting as links and forms, the club's ratings list, and the club code asked of
a visitor. Screenshots go to ``test-artifacts/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.served import EuchreServer
from tests.store.factory import director_api
from tests.web.club_nights import NAMES, member_id, night

pytestmark = pytest.mark.browser


def test_a_members_page_on_a_phone_with_filters_sorting_and_the_club_code(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    for index in range(2):
        night(api, index, NAMES)  # type: ignore[arg-type]  # an httpx client of the served app
    ann = member_id(api, "Ann Baker")  # type: ignore[arg-type]
    history = api.get(f"/api/members/{ann}/history").json()
    assert api.put("/api/club/code", json={"code": "Thursday 27"}).status_code == 200

    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.goto(f"{served.base_url}/members/{ann}")
    # A visitor is asked for the club code first, then comes back to the page he wanted.
    expect(page.locator("#club-code-form")).to_be_visible()
    page.fill("#club-code", "Thursday 27")
    page.click("#club-code-submit")
    expect(page.locator("h1")).to_have_text("Ann Baker")

    expect(page.locator("#provisional")).to_have_text("provisional")
    expect(page.locator("#total-games")).to_have_text("6")
    expect(page.locator("#total-points")).to_have_text(str(history["totals"]["points"]))
    expect(page.locator("#history-table tbody tr")).to_have_count(6)
    first_partner = history["partners"][0]
    expect(page.locator("#partners")).to_contain_text(first_partner["name"])
    # The page fits the phone: nothing but the games' table scrolls sideways.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    page.screenshot(path=str(artifacts / "member-page-phone.png"), full_page=True)

    # Sorting by points is a link; a second click turns the order round.
    cells = page.locator("#history-table td[data-points]")
    page.click("#sort-points")
    expect(page.locator("#sort-points")).to_have_text("Points▲")
    points = [int(cell.get_attribute("data-points") or "") for cell in cells.all()]
    assert len(points) == 6 and points == sorted(points)
    page.click("#sort-points")
    expect(page.locator("#sort-points")).to_have_text("Points▼")
    points = [int(cell.get_attribute("data-points") or "") for cell in cells.all()]
    assert points == sorted(points, reverse=True)
    # Filter by one partner.
    page.select_option("#filter-partner", str(first_partner["member_id"]))
    page.click("#filter-submit")
    expect(page.locator("#history-table tbody tr")).to_have_count(first_partner["games"])
    expect(page.locator("#total-games")).to_have_text(str(first_partner["games"]))
    assert f"partner={first_partner['member_id']}" in (
        page.get_attribute("#export-csv", "href") or ""
    )
    page.screenshot(path=str(artifacts / "member-page-filtered.png"), full_page=True)

    page.goto(f"{served.base_url}/ratings")
    # Six games each: all eight are provisional, listed apart and unranked.
    expect(page.locator("#ratings-table")).to_contain_text("No rating is established yet")
    expect(page.locator("#provisional-table tbody tr")).to_have_count(8)
    expect(page.locator("#provisional-table")).to_contain_text("provisional")
    expect(page.locator("#provisional-rule")).to_contain_text("above 0.6 points a game")
    # Every column, "Games" included, fits the phone without scrolling the tables sideways.
    for table in ("#ratings-table", "#provisional-table"):
        box = page.locator(table).evaluate(
            "t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]"
        )
        assert box[0] <= box[1], (table, box)
        page.locator(f"{table} th").last.scroll_into_view_if_needed()
        expect(page.locator(f"{table} th").last).to_be_in_viewport()
    page.screenshot(path=str(artifacts / "ratings-phone.png"), full_page=True)
    phone.close()
    api.close()
