"""Issue 21, items 3, 4 and 9 in Chromium: an online Bolivar night of 8 players over 3 rounds
in which one player drops for good. He and one of his opponents play on their own phones
(390 px, a browser context each); the other six play through the API the pages use. In round
1 he closes his page and never comes back: his table sees the drop with the countdown, a
computer player takes his seat when the director's window runs out, and the director's live
page (laptop) shows his seat dropped, then away, in place. In rounds 2 and 3 the live page
shows him "not here yet" and the director fills his seat with a computer player. The night
finishes; the standings mark his computer-played games, and he is not eligible for prizes or
the euchred cup."""

from __future__ import annotations

import random
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser_checks import PHONE, assert_accessible
from tests.online.helpers import CASH_NIGHT, EIGHT, Director, claim, play_out, seat_of_page, sit
from tests.served import EuchreServer
from tests.store.factory import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}
WINDOW = 12
"""The director's window for a dropped player, in seconds (short, so the test is)."""


def _phone(browser: Browser, server: EuchreServer, event_id: int, code: str) -> Page:
    """A player's own phone: the seat finder, his code typed, his seat sat down in."""
    context: BrowserContext = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{server.base_url}/events/{event_id}/online")
    page.fill("#player-code", code)
    page.click("#find-seat")
    page.wait_for_url("**/play/*", timeout=30_000)
    page.wait_for_selector("#play-status[data-seq]")
    sit = page.locator('[data-action="sit"]')
    for _ in range(3):
        # A click sent just as the table moved on (another player claimed or sat) is
        # answered with a sentence and made again, as a player would.
        sit.click()
        try:
            expect(sit).to_have_count(0, timeout=10_000)
            break
        except AssertionError:
            continue
    expect(sit).to_have_count(0)
    return page


def _fill_from_the_live_page(desk: Page, table: int, seat: int) -> None:
    """The director fills a seat with a computer player (rules), its points counting."""
    desk.reload()
    desk.select_option(f"#seat-{table}", str(seat))
    desk.select_option(f"#kind-{table}", "rules")
    desk.select_option(f"#counts-{table}", "yes")
    desk.click(f"#fill-{table}")
    expect(desk.locator("#flash")).to_be_visible()


def test_an_online_bolivar_night_of_8_over_3_rounds_with_one_player_dropping_for_good(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    director = Director(served)
    event_id, rows = director.online_night(EIGHT, online_drop_seconds=WINDOW, **CASH_NIGHT)
    players = {row["number"]: row for row in rows}
    client = httpx.Client(base_url=served.base_url, timeout=30)
    rng = random.Random(21)
    errors: list[str] = []

    # The director's live page, on his laptop, all night.
    desk = browser.new_context(viewport=LAPTOP).new_page()  # type: ignore[arg-type]
    desk.on("pageerror", lambda error: errors.append(str(error)))
    desk.goto(f"{served.base_url}/login")
    desk.fill("#login-password", PASSWORD)
    desk.click("#login-submit")

    director.call("POST", f"/events/{event_id}/rounds")
    tables = director.call("GET", f"/events/{event_id}/online/tables")["tables"]
    first = tables[0]
    stayer = players[first["seats"][0]["player"]]  # South at table 1, on her phone
    leaver = players[first["seats"][1]["player"]]  # West at table 1: he drops for good
    page = _phone(browser, served, event_id, stayer["code"])
    page.on("pageerror", lambda error: errors.append(str(error)))
    gone = _phone(browser, served, event_id, leaver["code"])
    seats: dict[str, dict[int, str]] = {}
    for number, player in players.items():
        if number in (stayer["number"], leaver["number"]):
            continue
        found = claim(client, event_id, player["code"])
        seats.setdefault(found["play_table"], {})[found["seat"]] = found["token"]
        sit(client, found["play_table"], found["token"])
    expect(page.locator("#play-status")).to_have_attribute("data-status", "playing", timeout=20_000)
    mine = seat_of_page(page, first["play_table"])
    seats.setdefault(first["play_table"], {})[mine["seat"]] = mine["token"]
    desk.goto(f"{served.base_url}/director/events/{event_id}/online")
    desk.evaluate("window.notReloaded = true")
    his = desk.locator(f'#online-tables tr[data-table="{first["table"]}"] [data-seat="1"]')
    expect(his).to_have_attribute("data-presence", "connected")

    # He closes his page and never comes back. His table sees the drop and the countdown.
    gone.close()
    notice = page.locator("#drop-notice")
    expect(notice).to_have_text(re.compile(r"dropped: a computer plays in 0:\d\d"))
    # The live page updates in place (no reload): dropped, with the countdown.
    expect(his).to_have_attribute("data-presence", "dropped", timeout=15_000)
    expect(his).to_contain_text(re.compile(r"dropped: a computer plays in 0:\d\d"))
    desk.screenshot(path=str(artifacts / "1-live-page-dropped-countdown-laptop.png"))
    assert_accessible(desk, "the director's live page, a seat dropped")
    assert_accessible(page, "an online table, a seat dropped")
    # The window runs out: a computer player takes his seat until he is back.
    expect(notice).to_contain_text("is away: a computer plays until", timeout=60_000)
    page.screenshot(path=str(artifacts / "2-seat-taken-over-phone.png"))
    expect(his).to_have_attribute("data-presence", "away", timeout=15_000)
    expect(his).to_contain_text("away: a computer plays until the player is back")
    assert desk.evaluate("window.notReloaded === true"), "updated in place, no reload"
    desk.screenshot(path=str(artifacts / "3-live-page-away-laptop.png"))

    for round_number in (1, 2, 3):
        if round_number > 1:
            director.call("POST", f"/events/{event_id}/rounds")
            # Her page, left open between rounds, takes her to her next seat.
            page.wait_for_url("**/play/*", timeout=30_000)
            page.wait_for_selector("#play-status[data-seq]")
            play_table = page.url.rsplit("/", 1)[-1].split("#")[0]
            mine = seat_of_page(page, play_table)
            seats = {play_table: {mine["seat"]: mine["token"]}}
            sit(client, play_table, mine["token"])
            for number, player in players.items():
                if number in (stayer["number"], leaver["number"]):
                    continue  # he never comes back
                found = claim(client, event_id, player["code"])
                seats.setdefault(found["play_table"], {})[found["seat"]] = found["token"]
                sit(client, found["play_table"], found["token"])
            # His table waits for him: the live page says so and the director fills his
            # seat with a computer player.
            live = director.call("GET", f"/events/{event_id}/online/tables")["tables"]
            (table, seat) = next(
                (t["table"], s["seat"])
                for t in live
                for s in t["seats"]
                if s["player"] == leaver["number"]
            )
            desk.reload()
            row = desk.locator(f'#online-tables tr[data-table="{table}"]')
            expect(row).to_have_attribute("data-status", "waiting")
            expect(row).to_contain_text(f"{leaver['name']} (not here yet)")
            _fill_from_the_live_page(desk, table, seat)
            expect(row).to_contain_text(f"{leaver['name']} (computer: rules, counts)")
        play_out(client, seats, rng)
        # Her game is over: between rounds she sees the standings, his row marked.
        expect(page.locator("#next-seat")).to_be_visible(timeout=20_000)
        page.click("#next-seat")
        standings = page.locator("#between-standings")
        expect(standings.locator("tbody tr")).to_have_count(8, timeout=20_000)
        expect(standings.locator("tr.me")).to_contain_text(f"{stayer['name']} (you)")
        marked = standings.locator("tbody tr", has_text="computer played")
        expect(marked).to_have_count(1)
        expect(marked).to_contain_text(
            f"{leaver['name']} (computer played {round_number} of {round_number})"
        )
        if round_number == 1:
            page.locator("#between-standings").scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / "4-round1-between-standings-phone.png"))
        director.call("POST", f"/events/{event_id}/rounds/{round_number}/close")

    # The night is over: all three rounds recorded, his three games marked as the computer's.
    expect(page.locator("#night-over")).to_have_text("The night is over", timeout=20_000)
    page.screenshot(path=str(artifacts / "5-night-over-phone.png"), full_page=True)
    snapshot = director.call("GET", f"/events/{event_id}/snapshot")["snapshot"]
    rows = {row["name"]: row for row in snapshot["standings"]}
    assert all(row["games_played"] == 3 for row in rows.values())
    his_row = rows[leaver["name"]]
    assert his_row["computer_games"] == 3
    assert [name for name, row in rows.items() if row.get("computer_games")] == [leaver["name"]]
    # Not eligible for prizes: they go to the others, in the order of the standings.
    awarded = {award["competitor_id"]: award["places"] for award in snapshot["prizes"]}
    assert awarded and his_row["competitor_id"] not in awarded
    eligible = [row for row in rows.values() if row is not his_row]
    best = max(row["points"] for row in eligible)
    assert all(1 in awarded[row["competitor_id"]] for row in eligible if row["points"] == best)
    # On her phone the first prize reads as the first prize, though he stands above its winner
    # (players level on points share it: "1st and 2nd prizes", "1st, 2nd and 3rd prizes").
    expect(page.locator("#prizes li").first).to_contain_text(re.compile(r"\(1st[^;]* prizes?; "))
    # Nor the euchred cup: it goes to the fewest points among those who played.
    pot = snapshot["side_pot"]
    assert pot["not_qualified"][his_row["competitor_id"]] == "a computer player played 3 of 3 games"
    fewest = min(row["points"] for row in eligible)
    assert set(pot["winners"]) == {
        row["competitor_id"] for row in eligible if row["points"] == fewest
    }
    # The night's results, from her page's link, mark his games too.
    page.click("#results-link")
    his_name = page.locator("#results-standings td.name", has_text=leaver["name"])
    expect(his_name).to_contain_text("(computer played 3 of 3 games)")
    client.close()
    assert not errors, errors
