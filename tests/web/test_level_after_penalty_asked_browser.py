"""Issue 24, item 3, in real Chromium: a game a penalty made level (3-5 plus 2 = 5-5) is
asked on the director's dashboard -- sheet 004: "Ties go to the first team to make the tying
score" -- and the round closes (and the next one starts) only once it is answered.
Screenshots (1280x800) go to ``test-artifacts/<test>/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.served import EuchreServer
from tests.store.factory import PASSWORD, director_api

pytestmark = [pytest.mark.browser, pytest.mark.shared_server]

LAPTOP = {"width": 1280, "height": 800}
HANDS_3_5 = [[1, 0], [0, 1], [1, 0], [0, 1], [1, 0], [0, 1], [0, 1], [0, 1]]


def test_the_dashboard_asks_who_reached_the_tying_score_first_before_the_next_round(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    created = api.post(
        "/api/events",
        json={"name": "Thursday progressive", "profile_id": "tournament",
              "format": "progressive", "rounds": 2},
    )  # fmt: skip
    assert created.status_code == 201, created.text
    event_id = created.json()["id"]
    csv = "name,checked_in\nAnn Lee,yes\nBob Smith,yes\nCy Cole,yes\nDi Dunn,yes\n"
    assert api.post(f"/api/events/{event_id}/players/import", json={"csv": csv}).status_code == 201
    code = api.post(f"/api/events/{event_id}/rounds").json()["tables"][0]["code"]
    codes = {
        row["number"]: row["code"] for row in api.get(f"/api/events/{event_id}/players").json()
    }
    table = api.get(f"/api/tables/{code}").json()
    sides = [[player["number"] for player in side] for side in table["partnerships"]]
    submitted = api.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "hand_points": HANDS_3_5},
    )
    assert submitted.status_code == 201, submitted.text
    confirmed = api.post(
        f"/api/tables/{code}/submissions/{submitted.json()['id']}/confirm",
        json={"player_code": codes[sides[1][0]]},
    )
    assert confirmed.status_code == 200, confirmed.text
    claim = api.post(
        f"/api/events/{event_id}/penalties",
        json={"round": 1, "table": 1, "kind": "renege", "offender": sides[0][0], "proven": False},
    )
    assert claim.status_code == 201, claim.text
    # The round cannot close before the answer (issue 35: the close used to go through).
    assert api.post(f"/api/events/{event_id}/rounds/1/close").status_code == 409

    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{served.base_url}/login")
    page.fill("#login-password", PASSWORD)
    page.click("#login-submit")
    page.goto(f"{served.base_url}/director/events/{event_id}")
    question = page.locator("#level-games")
    expect(question).to_contain_text("Table 1 is level 5–5 after a penalty: who reached 5 first?")
    expect(page.locator("#close-waits")).to_contain_text("the round closes once it is answered")
    question.scroll_into_view_if_needed()
    shots = Path("test-artifacts") / "shots"
    shots.mkdir(exist_ok=True)
    for folder in (artifacts, shots):
        page.screenshot(path=str(folder / "01-dashboard-level-after-penalty.png"))
    second = page.locator('[data-testid="first-1-1-1"]')
    names = {
        row["number"]: row["name"] for row in api.get(f"/api/events/{event_id}/players").json()
    }
    expect(second).to_contain_text(names[sides[1][0]])
    second.click()
    expect(page.locator("#level-games")).to_have_count(0)
    expect(page.locator("#close-waits")).to_have_count(0)
    page.click("#close-round")
    expect(page.locator("#start-round")).to_be_enabled()
    for folder in (artifacts, shots):
        page.screenshot(path=str(folder / "02-dashboard-answered.png"))
    page.click("#start-round")
    expect(page.locator("#close-round")).to_be_visible()
    snapshot = api.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    won = {row["competitor_id"]: row["games_won"] for row in snapshot["standings"]}
    assert won[str(sides[1][0])] == 1 and won[str(sides[0][0])] == 0
