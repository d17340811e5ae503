"""The club secretary in real Chromium: fixing a member's email on the roster page's edit
form (a laptop, 1280x800), and the season table with each night's points on a 390 px phone.
Screenshots go to ``test-artifacts/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser_checks import log_in
from tests.served import EuchreServer
from tests.store.factory import director_api
from tests.web.season_helpers import hall_night

pytestmark = pytest.mark.browser

SIX = ["Ann Baker", "Bob Cole", "Cathy Dunn", "Dale Evans", "Eve Ford", "Fay Gold"]
SIX += ["Gus Hart", "Hal Ives"]


def test_the_secretary_fixes_a_members_email_on_the_roster_page_and_nothing_else_moves(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    hall_night(api, "Night 1", SIX, seed=1)
    cathy = next(m for m in api.get("/api/members").json() if m["name"] == "Cathy Dunn")
    contact = {"email": "cathy@exmaple.org", "phone": "555 0101", "notes": "pays by cheque"}
    assert api.patch(f"/api/members/{cathy['id']}", json=contact).status_code == 200

    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    log_in(page, served.base_url)
    page.click("#members-link")
    expect(page.get_by_test_id(f"games-{cathy['id']}")).to_have_text("3")
    page.get_by_test_id(f"edit-{cathy['id']}").click()
    expect(page.locator("#edit-member-phone")).to_have_value("555 0101")
    expect(page.locator("#edit-member-active")).to_be_checked()
    expect(page.locator("#edit-member-form")).to_contain_text("3 games played")

    # A typo is refused in words, with what was typed kept.
    page.fill("#edit-member-email", "cathy at example.org")
    page.click("#edit-member-submit")
    expect(page.locator("#edit-member-form-error")).to_contain_text(
        "'cathy at example.org' is not an email address"
    )
    expect(page.locator("#edit-member-email")).to_have_value("cathy at example.org")

    page.fill("#edit-member-email", "cathy@example.org")
    page.screenshot(path=str(artifacts / "edit-member.png"), full_page=True)
    page.click("#edit-member-submit")
    expect(page.locator("#flash")).to_have_text("Cathy Dunn saved.")
    row = page.get_by_test_id(f"member-{cathy['id']}")
    expect(row).to_contain_text("cathy@example.org")
    expect(row).to_contain_text("555 0101")
    expect(row).to_contain_text("pays by cheque")
    kept = api.get(f"/api/members/{cathy['id']}").json()
    assert (kept["email"], kept["phone"], kept["notes"], kept["active"]) == (
        "cathy@example.org",
        "555 0101",
        "pays by cheque",
        True,
    )


FIRST = ["Ann", "Bob", "Cathy", "Dale", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jack", "Kay", "Leo"]
LAST = ["Baker", "Cole", "Dunn", "Evans", "Ford", "Gold", "Hart", "Ives", "Jones", "King"]
ROSTER = [f"{first} {last}" for first in FIRST[:12] for last in LAST[:2]]  # 24 members


def test_the_season_table_with_each_nights_points_on_a_phone_and_the_projector(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    nights = [
        hall_night(api, "January", ROSTER[0:13], tags=["Lions"], seed=1, rounds=2),
        hall_night(api, "February", ROSTER[4:20], tags=["Lions"], seed=2, rounds=2),
        hall_night(api, "March", ROSTER[12:24], tags=["Lions"], seed=3, rounds=2),
    ]
    for event_id, day in zip(nights, ("2027-01-14", "2027-02-11", "2027-03-11"), strict=True):
        assert api.put(f"/api/events/{event_id}/date", json={"date": day}).status_code == 200
    season = api.post(
        "/api/seasons", json={"name": "Lions 2027", "tag": "Lions", "scoring": "average"}
    ).json()
    rows = api.get(f"/api/seasons/{season['id']}/standings").json()["rows"]
    sitter = next(row for row in rows if row["sit_outs"])

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    mobile = phone.new_page()
    mobile.goto(f"{served.base_url}/seasons/{season['id']}")
    expect(mobile.get_by_test_id("night-head-1")).to_contain_text("N1")
    expect(mobile.get_by_test_id("night-head-1")).to_contain_text("01-14")
    cell = mobile.get_by_test_id(f"night-{sitter['member_id']}-1")
    expect(cell).to_have_text(f"{sitter['by_night'][0]['points']} s")
    expect(mobile.get_by_test_id(f"sat-out-{sitter['member_id']}")).to_contain_text(
        "night 1: sat out 1 round"
    )
    expect(mobile.locator("#season-legend")).to_contain_text('"s": the night\'s points include')
    # The page itself never runs off the phone's side; the wide table scrolls in its box.
    assert mobile.evaluate("document.documentElement.scrollWidth") <= 390
    mobile.screenshot(path=str(artifacts / "season-phone-390.png"), full_page=True)

    projector = browser.new_context(viewport={"width": 1920, "height": 1080})
    screen = projector.new_page()
    screen.goto(f"{served.base_url}/seasons/{season['id']}/live")
    first = screen.locator("#season-live-standings td.name").first
    expect(first).to_be_visible()
    size = float(first.evaluate("cell => parseFloat(getComputedStyle(cell).fontSize)"))
    assert size >= 28.8  # the event projector's standings type
    bottom = float(
        screen.evaluate(
            "Math.max(...[...document.querySelectorAll('.live-columns table')]"
            ".map(table => table.getBoundingClientRect().bottom))"
        )
    )
    assert 1080 * 0.7 < bottom <= 1080  # the table uses the screen's height, all of it shown
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
    # No rank, points, move or nights counted is cut on the projector (only a long name may).
    cut = screen.evaluate(
        "[...document.querySelectorAll('.live-columns td:not(.name)')]"
        ".filter(cell => cell.offsetParent && cell.scrollWidth > cell.clientWidth + 1)"
        ".map(cell => cell.textContent)"
    )
    assert cut == []
    screen.screenshot(path=str(artifacts / "season-projector-1920.png"))
    for context in (phone, projector):
        context.close()
    api.close()


def test_a_member_on_a_phone_sees_the_corrected_night_and_the_sessions_tables(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    night = hall_night(api, "January", ROSTER[0:13], tags=["Lions"], seed=4)
    assert api.put(f"/api/events/{night}/date", json={"date": "2027-01-14"}).status_code == 200
    sessions = [
        {"name": "Spring", "start": "2027-01-01", "end": "2027-06-30"},
        {"name": "Fall", "start": "2027-07-01", "end": "2027-12-31"},
    ]
    season = api.post(
        "/api/seasons",
        json={
            "name": "Lions 2027",
            "tag": "Lions",
            "scoring": "total_points",
            "sessions": sessions,
        },
    ).json()
    table = api.get(f"/api/events/{night}/rounds/1").json()["tables"][0]["table"]
    corrected = api.put(
        f"/api/events/{night}/rounds/1/tables/{table}/result",
        json={"team_points": [0, 28], "reason": "sheet misread"},
    )
    assert corrected.status_code == 200 and corrected.json()["money_moved"]

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    mobile = phone.new_page()
    mobile.goto(f"{served.base_url}/seasons/{season['id']}")
    expect(mobile.locator("#season-corrected")).to_have_text(
        "Corrected after play: night 1 (January); what changed is under the nights below."
    )
    mark = mobile.get_by_test_id("night-corrected-1")
    expect(mark).to_contain_text(f"UTC (round 1 table {table}): ")
    for line in corrected.json()["money_moved"]:  # "prize: Ann Baker 4000 -> 0"
        expect(mark).to_contain_text(line.split(" -> ")[0].rsplit(" ", 1)[0])
    mobile.get_by_test_id("season-session-1").click()
    expect(mobile.locator("h1")).to_have_text("Lions 2027: Spring")
    expect(mobile.get_by_test_id("season-session-1")).to_have_attribute("aria-current", "page")
    assert mobile.evaluate("document.documentElement.scrollWidth") <= 390
    mobile.screenshot(path=str(artifacts / "season-session-corrected-390.png"), full_page=True)

    mobile.goto(f"{served.base_url}/events/{night}/results")
    expect(mobile.locator("#night-corrected")).to_contain_text("Corrected after play")
    expect(mobile.locator("#night-corrected li")).to_contain_text(f"(round 1 table {table})")
    assert mobile.evaluate("document.documentElement.scrollWidth") <= 390
    mobile.screenshot(path=str(artifacts / "results-corrected-390.png"), full_page=True)
    phone.close()
    api.close()
