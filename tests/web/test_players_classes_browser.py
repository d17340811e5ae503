"""The add-player form in real Chromium at laptop size, under a club sheet whose players
carry a high or a low scoresheet and a lady or man prize category: the director picks each
from the sheet's own lists, ticks "guest" for a visitor, and a player left without the class
the sheet requires is refused in words with what was typed kept. Screenshots go to
``test-artifacts/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser_checks import set_up_director
from tests.served import EuchreServer
from tests.web.test_browser_event import LAPTOP, Shots
from tests.web.test_players_classes_and_guests import SHEET_ID, high_low_sheet

pytestmark = pytest.mark.browser


def test_the_director_adds_a_high_lady_and_a_low_guest_from_the_sheets_lists(
    browser: Browser, tmp_path: Path, artifacts: Path
) -> None:
    sheets = tmp_path / "club-sheets"
    sheets.mkdir()
    (sheets / f"{SHEET_ID}.toml").write_text(high_low_sheet())
    server = EuchreServer(
        f"sqlite:///{tmp_path / 'euchre.db'}",
        tmp_path,
        environment={"EUCHRE_SHEETS_DIR": str(sheets)},
    ).start()
    try:
        shots = Shots(artifacts)
        page = browser.new_context(viewport=LAPTOP).new_page()
        set_up_director(page, f"{server.base_url}/setup")
        page.select_option("#event-profile", SHEET_ID)
        page.fill("#event-name", "Thursday high-low")
        page.click("#create-event-submit")
        expect(page.locator("#add-player-form")).to_be_visible()

        seat = page.locator("#player-seat-class")
        expect(seat.locator("option")).to_have_text(["a member's last (or none)", "high", "low"])
        page.fill("#player-name", "Ann Able")
        seat.select_option("high")
        page.select_option("#player-prize-category", "lady")
        shots.take(page, "high-lady-chosen")
        page.click("#add-player-submit")
        expect(page.locator("#flash")).to_contain_text("Ann Able added (player 1, code")
        expect(page.locator("[data-testid=class-1]")).to_have_text("high lady")

        page.fill("#player-name", "Gary Guest")
        page.select_option("#player-seat-class", "low")
        page.check("#player-guest")
        page.click("#add-player-submit")
        expect(page.locator("#flash")).to_contain_text("Gary Guest added (guest 2, code")
        expect(page.locator("[data-testid=guest-2]")).to_have_text("guest")
        expect(page.locator("[data-testid=class-2]")).to_have_text("low")

        page.fill("#player-name", "Bob Bell")
        page.click("#add-player-submit")
        expect(page.locator("#add-player-form-error")).to_have_text(
            "Bob Bell: the sheet gives every player a seat class: choose high or low"
        )
        expect(page.locator("#player-name")).to_have_value("Bob Bell")
        shots.take(page, "seat-class-asked-for")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.evaluate("window.innerWidth") + 1
    finally:
        server.stop()
