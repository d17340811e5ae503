"""The director's create-event form, in Chromium on a laptop: choosing a club's sheet fills
in its clock cut-off ("no game is called after 10:30": the poker chips night) and its break
("A 15 minute SMOKERS break will be taken after 6 games": Chatgamers), and choosing a sheet
without them empties those fields."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser_checks import assert_accessible
from tests.served import EuchreServer
from tests.web.night import Night

pytestmark = pytest.mark.browser

SHEETS = Path(__file__).parent.parent / "data" / "sheets"


def test_choosing_a_sheet_fills_its_cut_off_and_its_break_on_the_create_event_form(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    night = Night(browser, served, artifacts)
    try:
        for name in ("poker_chips", "chatgamers_progressive"):
            text = (SHEETS / f"{name}.toml").read_text()
            added = night.api.post("/api/sheets", json={"text": text, "filename": f"{name}.toml"})
            assert added.status_code == 201, added.text
        page = night.page
        page.goto(f"{served.base_url}/director")
        page.select_option("#event-profile", "poker_chips")
        expect(page.locator("#event-last-round-by")).to_have_value("22:30")
        expect(page.locator("#event-time-zone")).to_have_value("America/Chicago")
        expect(page.locator("#event-break-after-round")).to_have_value("0")
        page.select_option("#event-profile", "chatgamers_progressive")
        expect(page.locator("#event-last-round-by")).to_have_value("")
        expect(page.locator("#event-time-zone")).to_have_value("")
        expect(page.locator("#event-break-after-round")).to_have_value("6")
        expect(page.locator("#event-break-minutes")).to_have_value("15")
        night.shot(page, "chatgamers-break-filled")
        assert_accessible(page, "the create-event form with the break and the cut-off")
        page.fill("#event-name", "Smokers' night")
        page.click("#create-event-submit")
        expect(page.locator("#break-fact")).to_have_text("Break: 15 minutes after round 6")
        assert_accessible(page, "the dashboard with its break")
    finally:
        night.close()
