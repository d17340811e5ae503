"""A night of games to the bell in Chromium: the director on a laptop, the table on 390 px
phones.

The club uploads its sheet file ("Every game is played to the bell: when the bell rings,
finish the hand you are playing and write down the score"), the director creates the night
from it, imports 4 players and starts round 1: the dashboard and the projector say each game
ends when the round's bell rings. The phone says so above the score form, takes 14-11 (no
game to 10 ends so) and the opponent confirms it on his own phone.
Screenshots go to ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.served import EuchreServer
from tests.web.night import Night, table_codes
from tests.web.test_night_games_to_the_bell import BELL_WORDS, SHEET

pytestmark = pytest.mark.browser


def test_the_phone_and_the_room_see_a_game_to_the_bell_and_its_score_is_taken_as_played(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    night = Night(browser, served, artifacts)
    try:
        night.post("/api/sheets", {"text": SHEET.read_text(), "filename": SHEET.name}, 201)
        night.create_event("Friday", "bell_street")
        night.import_players("name\nAnn\nBob\nCy\nDee\n", 4)
        page = night.dashboard()
        page.click("#check-in-all")
        expect(page.locator("#check-in-all")).to_have_count(0)
        first = night.start_round()
        page = night.dashboard()
        expect(page.locator("#round-game-end")).to_have_text(f"{BELL_WORDS}.")
        night.shot(page, "director-round-1-games-to-the-bell")

        code = table_codes(first)[1]
        phone = night.phone()
        phone.goto(f"{served.base_url}/t/{code}")
        expect(phone.locator("#game-length")).to_have_text(BELL_WORDS)
        night.shot(phone, "phone-game-to-the-bell")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 391

        confirmed = night.phone_report(code, (14, 11), shot="bell-score")
        expect(confirmed.locator("#official")).to_contain_text("14")
        assert confirmed.evaluate("document.documentElement.scrollWidth") <= 391
        points = sorted(row["points"] for row in night.snapshot()["standings"])
        assert points == [11, 11, 14, 14]

        projector = night.page
        projector.goto(f"{served.base_url}/events/{night.event_id}/live")
        expect(projector.locator("p.clock").first).to_contain_text(f"Round 1 — {BELL_WORDS}")
        night.shot(projector, "projector-game-to-the-bell")
    finally:
        night.close()
