"""Issue 21, item 9 in Chromium: an online Bolivar night of 8 players over 3 rounds. Ann
plays on her phone (390 px; the test plays her cards through her own seat's token), the
others through the API. Between rounds her page shows the standings with her row marked, the
round's clock and her last result; after the last round, the night-over page with the
results. The director's live page (laptop) updates in place and keeps a half-filled "Fill
seat" form and a half-typed table number across a change on the page."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser_checks import PHONE, assert_accessible
from tests.online.helpers import CASH_NIGHT, EIGHT, Director, claim, play_out, seat_of_page, sit
from tests.served import EuchreServer
from tests.store.factory import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}


def test_between_rounds_the_phone_shows_standings_clock_result_and_the_night_over(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    director = Director(served)
    event_id, players = director.online_night(EIGHT, **CASH_NIGHT)
    ann, others = players[0], players[1:]
    errors: list[str] = []
    phone = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page = phone.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{served.base_url}/events/{event_id}/online")
    client = httpx.Client(base_url=served.base_url, timeout=30)
    rng = random.Random(21)

    for round_number in (1, 2, 3):
        director.call("POST", f"/events/{event_id}/rounds")
        if round_number == 1:
            page.fill("#player-code", ann["code"])
            page.click("#find-seat")
        # Ann's page takes her to her seat (round 2 and 3: the page she left open).
        page.wait_for_url("**/play/*", timeout=30_000)
        page.wait_for_selector("#play-status[data-seq]")
        play_table = page.url.rsplit("/", 1)[-1].split("#")[0]
        mine = seat_of_page(page, play_table)
        seats: dict[str, dict[int, str]] = {play_table: {mine["seat"]: mine["token"]}}
        waiting: list[tuple[str, str]] = []
        for player in others:
            found = claim(client, event_id, player["code"])
            seats.setdefault(found["play_table"], {})[found["seat"]] = found["token"]
            if round_number == 2 and found["play_table"] != play_table:
                waiting.append((found["play_table"], found["token"]))
            else:
                sit(client, found["play_table"], found["token"])
        sit(client, play_table, mine["token"])

        if round_number == 2:
            # The director's live page: the other table waits for its players. He chooses a
            # seat, "computer (expert)" and "points do not count" at that table, and starts
            # typing a table number to mark, which keeps the focus.
            desk_context = browser.new_context(viewport=LAPTOP)  # type: ignore[arg-type]
            desk = desk_context.new_page()
            desk.on("pageerror", lambda error: errors.append(str(error)))
            desk.goto(f"{served.base_url}/login")
            desk.fill("#login-password", PASSWORD)
            desk.click("#login-submit")
            desk.goto(f"{served.base_url}/director/events/{event_id}/online")
            live = director.call("GET", f"/events/{event_id}/online/tables")["tables"]
            other = next(t["table"] for t in live if t["play_table"] != play_table)
            row = desk.locator(f'#online-tables tr[data-table="{other}"]')
            expect(row).to_have_attribute("data-status", "waiting")
            expect(row).to_contain_text("not here yet")
            desk.evaluate("window.notReloaded = true")
            desk.select_option(f"#seat-{other}", index=2)
            chosen = desk.locator(f"#seat-{other}").input_value()
            desk.select_option(f"#kind-{other}", "expert")
            desk.select_option(f"#counts-{other}", "no")
            desk.fill("#mark-table-number", "3")
            # A change on the page: the other table's players sit down and play.
            for table_id, token in waiting:
                sit(client, table_id, token)
            expect(row).not_to_have_attribute("data-status", "waiting", timeout=20_000)
            expect(row).not_to_contain_text("not here yet")
            assert desk.evaluate("window.notReloaded === true"), "updated in place, no reload"
            expect(desk.locator(f"#seat-{other}")).to_have_value(chosen)
            expect(desk.locator(f"#kind-{other}")).to_have_value("expert")
            expect(desk.locator(f"#counts-{other}")).to_have_value("no")
            expect(desk.locator("#mark-table-number")).to_have_value("3")
            expect(desk.locator("#mark-table-number")).to_be_focused()
            desk.screenshot(path=str(artifacts / "2-live-page-kept-form-laptop.png"))
            assert_accessible(desk, "the director's live page, a form half filled")

        play_out(client, seats, rng)
        if round_number == 2:
            # Both games end: the rows say so; Ann's table's forms go, the form the director
            # is using stays as he left it (submitting it would be refused, naming why).
            mine_row = desk.locator(f'#online-tables tr[data-table]:not([data-table="{other}"])')
            expect(row).to_have_attribute("data-result", "recorded", timeout=20_000)
            expect(mine_row).to_have_attribute("data-result", "recorded", timeout=20_000)
            expect(mine_row.locator("form")).to_have_count(0)
            expect(desk.locator(f"#kind-{other}")).to_have_value("expert")
            expect(desk.locator("#mark-table-number")).to_have_value("3")
            assert desk.evaluate("window.notReloaded === true")
            desk.screenshot(path=str(artifacts / "2b-live-page-games-over-laptop.png"))
            desk_context.close()
        # Her game is over: the page's link takes her to the between-rounds page.
        expect(page.locator("#next-seat")).to_be_visible(timeout=20_000)
        page.click("#next-seat")
        standings = page.locator("#between-standings")
        expect(standings).to_be_visible(timeout=20_000)
        expect(standings.locator("tbody tr")).to_have_count(8)
        me = standings.locator("tr.me")
        expect(me).to_have_count(1)
        expect(me).to_contain_text("Ann (you)")
        expect(page.locator("#round-clock")).to_contain_text(f"Round {round_number}")
        expect(page.locator("#round-clock")).to_contain_text("left of 30 minutes")
        result = page.locator("#last-result")
        expect(result).to_contain_text(f"Your last game (round {round_number}, table")
        if round_number == 3:
            expect(page.locator("#round-note")).to_contain_text("This is the last round")
        else:
            expect(page.locator("#round-note")).to_contain_text("Your next seat opens here")
        page.screenshot(
            path=str(artifacts / f"1-round{round_number}-between-phone.png"), full_page=True
        )
        director.call("POST", f"/events/{event_id}/rounds/{round_number}/close")
        if round_number < 3:
            # The round closed: her last result is still there until the next round takes her.
            expect(page.locator("#round-clock")).to_contain_text("is over", timeout=20_000)
            expect(result).to_contain_text(f"round {round_number}")

    # After the last round: the night is over, with the results.
    expect(page.locator("#night-over")).to_have_text("The night is over", timeout=20_000)
    expect(page.locator("#seat-status")).to_contain_text("the night is over")
    expect(page.locator("#seat-form")).to_be_hidden()  # the results lead the page
    expect(page.locator("#between-standings tr.me")).to_contain_text("Ann (you)")
    # The first prize line as the night ended (players level on points share the places'
    # money, so the amount depends on the random cards).
    first_award = director.call("GET", f"/events/{event_id}/snapshot")["snapshot"]["prizes"][0]
    expect(page.locator("#prizes li").first).to_contain_text(
        f"${first_award['amount_cents'] // 100}.{first_award['amount_cents'] % 100:02d}"
    )
    expect(page.locator("#side-pot")).to_contain_text("Euchred cup")
    link = page.locator("#results-link")
    expect(link).to_have_attribute("href", f"/events/{event_id}/results")
    page.screenshot(path=str(artifacts / "3-night-over-phone.png"), full_page=True)
    link.click()
    expect(page.locator("h1")).to_contain_text("Online Bolivar")
    client.close()
    phone.close()
    assert not errors, errors
