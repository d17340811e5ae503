"""Issue 22, seasons in real Chromium: the director defines a season on his laptop (a refused
definition keeps what he typed), then the season table is read on a 390 px phone and on the
projector at 1920x1080, each with the movement since the last night and the nights counted.
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

LEAGUE = "Thursday league 2027"


def test_the_director_defines_a_season_read_on_a_phone_and_the_projector(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    club = [
        f"{first} {last}"
        for first, last in zip(
            ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"],
            ["Baker", "Cole", "Dunn", "Ford", "Gray", "Hill", "Ives", "Jones", "Kerr", "Lane"],
            strict=True,
        )
    ]
    nights = [
        hall_night(api, "Thursday 1", club[0:8], tags=[LEAGUE], seed=1, rounds=2),
        hall_night(api, "Thursday 2", club[2:10], tags=[LEAGUE], seed=2, rounds=2),
        hall_night(
            api, "Thursday 3", [*club[0:4], *club[6:9], "Kim Moss"], tags=[LEAGUE], seed=3, rounds=2
        ),
    ]
    hall_night(api, "Open pairs", club[0:8], tags=["Open"], seed=4, rounds=1)

    laptop = browser.new_context(viewport={"width": 1280, "height": 800})
    page = laptop.new_page()
    log_in(page, served.base_url)
    page.click("#seasons-link")
    page.fill("#season-name", "Thursday league")
    for event_id in nights:
        page.check(f"[data-testid=season-event-{event_id}]")
    page.select_option("#season-scoring", "best_nights")
    page.fill("#season-min-nights", "2")
    page.click("#season-submit")
    # Best N nights without N: refused, naming the field, with everything typed kept.
    expect(page.locator("#season-form-error")).to_contain_text("best_nights")
    expect(page.locator("#season-name")).to_have_value("Thursday league")
    expect(page.locator("#season-min-nights")).to_have_value("2")
    for event_id in nights:
        expect(page.locator(f"[data-testid=season-event-{event_id}]")).to_be_checked()
    page.screenshot(path=str(artifacts / "01-refused-definition.png"), full_page=True)

    page.select_option("#season-scoring", "place_points")
    page.fill("#season-place-points", "10, 8, 6, 5, 4, 3, 2, 1")
    page.select_option("#season-tie-break-1", "games_won")
    page.fill("#season-prizes", "Season champion, 100\nRunner-up, 50")
    page.click("#season-submit")
    expect(page.locator("#flash")).to_have_text("Season defined.")
    page.screenshot(path=str(artifacts / "02-season-defined.png"), full_page=True)
    season_id = api.get("/api/seasons").json()[0]["id"]
    assert api.get(f"/api/seasons/{season_id}").json()["events"] == nights
    rows = api.get(f"/api/seasons/{season_id}/standings").json()["rows"]
    qualified = [row for row in rows if row["qualified"]]
    # Jo Lane (night 2) and Kim Moss (night 3) came once: not qualified; a member ranked
    # after night 2 shows how he moved on night 3.
    assert {row["name"] for row in rows if not row["qualified"]} == {"Jo Lane", "Kim Moss"}
    assert any(row["movement"] for row in qualified)

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    mobile = phone.new_page()
    mobile.goto(f"{served.base_url}/seasons/{season_id}")
    table = mobile.locator("#season-standings")
    expect(table.locator("tbody tr")).to_have_count(len(qualified))
    for row in qualified:
        line = table.locator(f"[data-testid=season-row-{row['member_id']}]")
        expect(line).to_contain_text(row["name"])
        movement = row["movement"]
        # "new": ranked now, not before the latest night (Ivy Kerr qualified on night 3).
        shown = "new" if movement is None else "=" if movement == 0 else f"{movement:+d}"
        assert line.locator("td.move").get_attribute("data-movement") == shown
    expect(mobile.locator("#season-not-qualified")).to_contain_text("Kim Moss")
    expect(table.locator("td.move.up").first).to_be_visible()
    expect(mobile.locator("#season-nights li")).to_have_count(3)
    expect(mobile.locator("#season-scoring")).to_contain_text("10, 8, 6, 5, 4, 3, 2, 1")
    # Nothing runs off the side of the phone.
    assert mobile.evaluate("document.documentElement.scrollWidth") <= 390
    mobile.screenshot(path=str(artifacts / "03-season-phone-390.png"), full_page=True)

    projector = browser.new_context(viewport={"width": 1920, "height": 1080})
    screen = projector.new_page()
    screen.goto(f"{served.base_url}/seasons/{season_id}/live")
    expect(screen.locator("#season-live-standings")).to_contain_text(qualified[0]["name"])
    first = screen.locator(
        f"#season-live-standings [data-testid=season-row-{rows[0]['member_id']}]"
    )
    counted = [nights.index(event) + 1 for event in rows[0]["nights_counted"]]
    # The nights counted by their number in the season, runs joined ("1–3", "2–3", "1, 3").
    shown = (
        f"{counted[0]}–{counted[-1]}"
        if len(counted) > 1 and counted == list(range(counted[0], counted[-1] + 1))
        else ", ".join(map(str, counted))
    )
    expect(first.locator("td.counted")).to_have_text(shown)
    # The whole table is on the screen at once.
    assert screen.evaluate("document.documentElement.scrollHeight") <= 1080
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
    screen.screenshot(path=str(artifacts / "04-season-projector-1920.png"))
    for context in (laptop, phone, projector):
        context.close()
    api.close()
