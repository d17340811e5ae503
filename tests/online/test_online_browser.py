"""Issue 13 in Chromium: two players find their seats with their own codes, round after
round, on a phone (390 px); the director fills the absent players' seats with computer
players and ends the tables at the bell; the live page at laptop width."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser_checks import PHONE, assert_accessible, assert_fits_one_phone_screen
from tests.online.helpers import Director
from tests.served import EuchreServer
from tests.store.factory import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 900}


def test_two_players_find_their_seats_with_their_codes_across_two_rounds(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    director = Director(served)
    event_id, players = director.online_night(
        ("Ann", "Bob", "Cy", "Di"), name="Online Friday", rounds=2, seed=11
    )
    humans = players[:2]  # Cy and Di are absent: computer players take their seats
    pages: list[Page] = []
    errors: list[str] = []
    for index, player in enumerate(humans):
        context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{served.base_url}/events/{event_id}/online")
        expect(page.locator("#player-code")).to_be_visible()
        if index == 0:
            page.fill("#player-code", player["code"])
            page.screenshot(path=str(artifacts / "1-code-entry-phone.png"), full_page=True)
            assert_accessible(page, "the seat finder")
        pages.append(page)

    for round_number in (1, 2):
        director.call("POST", f"/events/{event_id}/rounds")
        live = director.call("GET", f"/events/{event_id}/online/tables")["tables"]
        (table,) = live
        for seat in table["seats"]:
            if seat["player"] not in (humans[0]["number"], humans[1]["number"]):
                director.call(
                    "POST",
                    f"/events/{event_id}/rounds/{round_number}/online/1/seats/{seat['seat']}",
                    kind="rules",
                    counts=True,
                )
        seat_of = {seat["player"]: seat["seat"] for seat in table["seats"]}
        for index, (page, player) in enumerate(zip(pages, humans, strict=True)):
            if round_number == 1 and index == 0:
                page.fill("#player-code", player["code"])
                page.click("#find-seat")
            elif round_number == 1:  # the home page's "find my table by your code"
                page.goto(f"{served.base_url}/me?event={event_id}&code={player['code']}")
            # Round 1: the code takes the player to his seat; round 2: the page he left open
            # between rounds takes him to his new seat by itself.
            page.wait_for_url(f"**/play/{table['play_table']}", timeout=30_000)
            page.wait_for_selector("#play-status[data-seq]")
            kept = page.evaluate(
                "([t]) => { const k = Object.keys(localStorage).find((key) => key.includes(t));"
                " return k ? JSON.parse(localStorage.getItem(k)) : null; }",
                [table["play_table"]],
            )
            assert kept is not None, "the seat's token is kept in this browser"
            assert kept["seat"] == seat_of[player["number"]], "his own seat, nobody else's"
            assert "token=" not in page.url, "the token left the address bar"
            sit = page.locator('[data-action="sit"]')
            expect(sit).to_be_visible()
            label = page.locator("#hands-played")
            expect(label).to_contain_text(f"Online Friday, round {round_number}, table 1")
            expect(label).to_contain_text(player["name"])
            if index == 0:
                page.screenshot(
                    path=str(artifacts / f"2-round{round_number}-seat-phone.png"), full_page=True
                )
                assert_accessible(page, f"round {round_number}: the seat, waiting to sit")
            sit.click()
        for page in pages:  # both seated, with two computer players: the game is on
            expect(page.locator("#play-status")).not_to_have_attribute("data-status", "waiting")
        # The director's live page (laptop): hand, score, whose turn, time since the move.
        context = browser.new_context(viewport=LAPTOP)  # type: ignore[arg-type]
        desk = context.new_page()
        desk.goto(f"{served.base_url}/login")
        desk.fill("#login-password", PASSWORD)
        desk.click("#login-submit")
        desk.goto(f"{served.base_url}/director/events/{event_id}/online")
        row = desk.locator("#online-tables tbody tr").first
        expect(row).to_have_attribute("data-status", "playing")
        expect(row).to_contain_text("computer: rules")
        desk.screenshot(path=str(artifacts / f"3-round{round_number}-live-laptop.png"))
        if round_number == 1:
            assert_accessible(desk, "the director's live page")
        # The bell: the director ends the table with the score as it stands.
        desk.click("#end-1")
        expect(desk.locator("#flash")).to_contain_text("Table 1 ended")
        context.close()
        for index, page in enumerate(pages):
            status = page.locator("#hand-over")
            expect(status).to_contain_text("ended the game at the bell", timeout=20_000)
            expect(page.locator("#next-seat")).to_be_visible()
            if index == 0:
                page.screenshot(
                    path=str(artifacts / f"4-round{round_number}-bell-phone.png"), full_page=True
                )
                if round_number == 1:
                    assert_accessible(page, "the game ended at the bell")
                    # The game's end on a phone: the felt and the result on the first
                    # screen, every name whole, and a page of a few screens, not a scroll.
                    height = assert_fits_one_phone_screen(page, "#play-status", hand=False)
                    assert height <= 3 * PHONE["height"], f"{height:.0f} px at the bell"
            page.click("#next-seat")
            expect(page.locator("#seat-status")).to_contain_text("is over", timeout=20_000)
        if round_number == 1:
            pages[0].screenshot(path=str(artifacts / "5-between-rounds-phone.png"), full_page=True)
            assert_accessible(pages[0], "between rounds")
        director.call("POST", f"/events/{event_id}/rounds/{round_number}/close")
    assert not errors, errors
    audit = director.call("GET", f"/events/{event_id}/audit")
    ended = [row for row in audit if row["action"] == "engine_result"]
    assert len(ended) == 2 and all("ended at the bell" in row["reason"] for row in ended)
