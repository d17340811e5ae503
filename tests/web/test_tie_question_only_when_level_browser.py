"""Issue 9's checklist, "Left for a decision": the tie question ("A level game: who reached
the tying score first?") shows only when the game is level, on a 390 px phone and on the
director's correction form, in real Chromium. Screenshots go to ``test-artifacts/<test>/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.served import EuchreServer
from tests.store.factory import PASSWORD, director_api

pytestmark = [pytest.mark.browser, pytest.mark.shared_server]

PHONE = {"width": 390, "height": 844}


def _totals(page: Page, first: str, second: str) -> None:
    page.fill("#team0-points", first)
    page.fill("#team1-points", second)


def test_the_tie_question_shows_only_when_the_game_is_level(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    event_id = api.post("/api/events", json={"name": "Bolivar night", "profile_id": "bolivar"})
    event_id.raise_for_status()
    number = event_id.json()["id"]
    csv = "name,checked_in\nAnn Lee,yes\nBob Smith,yes\nCy Cole,yes\nDi Dunn,yes\n"
    assert api.post(f"/api/events/{number}/players/import", json={"csv": csv}).status_code == 201
    code = api.post(f"/api/events/{number}/rounds").json()["tables"][0]["code"]

    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{served.base_url}/t/{code}")
    question = phone.locator("#tie-first")
    expect(question).to_be_hidden()  # nothing typed yet
    _totals(phone, "7", "5")
    expect(question).to_be_hidden()
    phone.screenshot(path=str(artifacts / "01-phone-7-5-no-question.png"), full_page=True)
    _totals(phone, "6", "6")
    expect(question).to_be_visible()
    expect(question).to_contain_text("who reached the tying score first?")
    phone.screenshot(path=str(artifacts / "02-phone-6-6-question.png"), full_page=True)
    _totals(phone, "6", "7")
    expect(question).to_be_hidden()
    # With the totals blank, the hands typed one by one decide: level at 6-6 asks.
    _totals(phone, "", "")
    phone.click("text=Or hand by hand")
    for hand, (ours, theirs) in enumerate([(2, 0), (0, 2), (1, 0), (0, 1), (3, 0), (0, 3)], 1):
        phone.fill(f"#hand-{hand}-0", str(ours))
        phone.fill(f"#hand-{hand}-1", str(theirs))
    expect(phone.locator("#team0-points")).to_have_value("6")
    expect(question).to_be_visible()

    # The director's correction form (laptop) asks the same way.
    laptop = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    laptop.goto(f"{served.base_url}/login")
    laptop.fill("#login-password", PASSWORD)
    laptop.click("#login-submit")
    laptop.goto(f"{served.base_url}/director/events/{number}/rounds/1/tables/1/result")
    question = laptop.locator("#tie-first")
    _totals(laptop, "7", "5")
    expect(question).to_be_hidden()
    _totals(laptop, "6", "6")
    expect(question).to_be_visible()
    laptop.screenshot(path=str(artifacts / "03-correction-6-6-question.png"), full_page=True)
    # Sent level without an answer, the server asks: the question stays shown and marked.
    laptop.fill("#correct-reason", "entered at the desk")
    laptop.click("#correct-submit")
    expect(laptop.locator("#form-error")).to_contain_text("say which team reached 6 first")
    expect(laptop.locator("#tie-first")).to_be_visible()
    expect(laptop.locator("#tie-first")).to_have_class("invalid")
