"""A director's night in real Chromium (issue 9, "The director's flow"), laptop and 390 px.

A Bolivar night for 40 players: the sheet's profile sets up its event; a format that
contradicts the sheet is warned about and fixed before round 1; "check in all"; a withdrawal
asked about with a reason, then taken back; prizes hidden until a round is played; a round
undone (asked, with a reason); a table keeps its code for the event; a player finds his
table from his own code on a phone; the projector fits 40 players at 1920x1080 with the
seating, the next seating between rounds, the prizes and the cup; the audit log is a paged
table in words; a finished event is archived and another is deleted after a confirmation.
Screenshots go to ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext, Browser, Page, expect
from tests.browser_checks import assert_accessible
from tests.served import EuchreServer
from tests.store.factory import PASSWORD, csrf_token
from tests.web.test_browser_event import LAPTOP, PHONE, Shots

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1920, "height": 1080}


def _no_sideways_scroll(page: Page) -> None:
    """The page is no wider than the window (wide tables scroll inside their own box)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    window = page.evaluate("window.innerWidth")
    assert width <= window + 1, f"the page is {width} px wide in a {window} px window"


def _fits_the_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= 1080, f"{selector} ends at {box['y'] + box['height']} px"
    assert box["x"] + box["width"] <= 1920


def _report_round(api: APIRequestContext, base: str, event_id: int, round_number: int) -> None:
    """Every table of the round enters 12 to (table - 1) and an opponent confirms (the
    phones' API). 12 is possible in Bolivar's 8 hands and in Valpo's 12 (stick the dealer:
    every hand scores, so a 12-hand game totals 12 or more)."""
    codes = {
        int(row["number"]): str(row["code"])
        for row in api.get(f"{base}/api/events/{event_id}/players").json()
    }
    tables = api.get(f"{base}/api/events/{event_id}/rounds/{round_number}").json()["tables"]
    for table in tables:
        info = api.get(f"{base}/api/tables/{table['code']}").json()
        scorer = info["partnerships"][0][0]["number"]
        opponent = info["partnerships"][1][0]["number"]
        submitted = api.post(
            f"{base}/api/tables/{table['code']}/submissions",
            data={"player_code": codes[scorer], "team_points": [12, (table["table"] - 1) % 10]},
        )
        assert submitted.ok, submitted.text()
        confirmed = api.post(
            f"{base}/api/tables/{table['code']}/submissions/{submitted.json()['id']}/confirm",
            data={"player_code": codes[opponent]},
        )
        assert confirmed.ok, confirmed.text()


@pytest.mark.slow
def test_a_directors_bolivar_night_at_laptop_and_phone_widths(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    shots = Shots(artifacts)
    base = served.base_url
    laptop = browser.new_context(viewport=LAPTOP)
    director = laptop.new_page()
    director.on("dialog", lambda dialog: dialog.accept())
    director.goto(f"{base}/setup")
    director.fill("#setup-name", "director")
    director.fill("#setup-password", PASSWORD)
    director.click("#setup-submit")

    # "Choosing a sheet's profile sets up that sheet's event".
    director.select_option("#event-profile", "bolivar")
    expect(director.locator("#event-format")).to_have_value("rotating_partners")
    expect(director.locator("#event-rounds")).to_have_value("10")
    expect(director.locator("#event-prizes")).to_have_value("3: 60, 40, 20; 4: 75, 50, 35")
    expect(director.locator("#event-side-pot")).to_have_value("yes")
    shots.take(director, "bolivar-preset")
    assert_accessible(director, "the new event's form")
    # "A profile/format combination that contradicts the sheet gets a warning."
    director.fill("#event-name", "Lions Club Tuesday")
    director.select_option("#event-format", "winners_move_up")
    director.click("#create-event-submit")
    expect(director.locator("#flash")).to_contain_text("Warning: the Bolivar Lions Club sheet")
    expect(director.locator("#sheet-warnings")).to_contain_text("played as rotating_partners")
    event_path = re.sub(r"^https?://[^/]+|\?.*$", "", director.url)
    event_id = int(event_path.rsplit("/", 1)[1])
    # "Events can be edited before round 1".
    director.click("#edit-event")
    expect(director.locator("#event-rounds")).to_have_value("10")
    director.select_option("#event-format", "rotating_partners")
    director.fill("#event-rounds", "3")
    director.click("#edit-event-submit")
    expect(director.locator("#flash")).to_have_text("Settings saved.")
    expect(director.locator("#sheet-warnings")).to_have_count(0)

    csv = "name,checked_in\n" + "".join(f"Player {number:02d},no\n" for number in range(1, 41))
    director.fill("#import-csv", csv)
    director.click("#import-submit")
    expect(director.locator("tr[data-testid^=player-]")).to_have_count(40)
    # "Check in all".
    director.click("#check-in-all")
    expect(director.locator("#flash")).to_contain_text("Checked in 40: Player 01, Player 02")
    expect(director.locator("tr[data-checked-in=true]")).to_have_count(40)
    # "Prizes hidden until a round is played."
    expect(director.locator("#prizes-hidden")).to_be_visible()
    expect(director.locator("#prizes")).to_have_count(0)
    # "Confirmations on withdraw (with a reason), reinstating a withdrawn player, names
    # instead of player numbers in every message."
    director.click("[data-testid=withdraw-open-7]")
    director.fill("[data-testid=withdraw-reason-7]", "feeling unwell")
    shots.take(director, "withdraw-asks-a-reason")
    director.click("[data-testid=withdraw-7]")
    expect(director.locator("#flash")).to_have_text("Player 07 withdrawn from round 1 on.")
    director.click("[data-testid=reinstate-7]")
    expect(director.locator("#flash")).to_have_text("Player 07 plays on (withdrawal taken back).")

    projector = browser.new_context(viewport=PROJECTOR).new_page()
    projector.goto(f"{base}/events/{event_id}/live")
    # Between rounds the projector shows the next seating, table by table.
    expect(projector.locator("#next-seating tbody tr")).to_have_count(10)
    _fits_the_screen(projector, "#live")
    shots.take(projector, "projector-before-round-1")

    director.click("#start-round")
    expect(director.locator("#timer")).to_be_visible()
    first_codes = {
        row.get_attribute("data-testid"): row.locator("code").inner_text()
        for row in director.locator("#tables tr[data-testid^=table-]").all()
    }
    assert len(first_codes) == 10
    # "Teams by their players' names (not 'Team 0 / Team 1')".
    assert "Team 0" not in director.locator("#tables").inner_text()
    # "Confirmations on ... undo (with a reason)".
    director.fill("#undo-reason", "started before the coffee")
    director.click("#undo-submit")
    expect(director.locator("#flash")).to_have_text("Round 1 undone.")
    director.click("#start-round")
    expect(director.locator("#timer")).to_be_visible()
    again = {
        row.get_attribute("data-testid"): row.locator("code").inner_text()
        for row in director.locator("#tables tr[data-testid^=table-]").all()
    }
    assert again == first_codes, "a table keeps its code for the whole event"
    shots.take(director, "round-1-started")
    assert_accessible(director, "the event's dashboard, round 1 started")

    # A player reaches his table from his own code, on a phone.
    players = laptop.request.get(f"{base}/api/events/{event_id}/players").json()
    player_one = next(row for row in players if row["number"] == 1)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{base}/")
    phone.fill("#player-own-code", player_one["code"])
    shots.take(phone, "phone-find-my-table")
    assert_accessible(phone, "the home page's code box")
    phone.click("#player-submit")
    expect(phone).to_have_url(re.compile(r"/t/[A-Z0-9]+$"))
    expect(phone.locator("#table-info")).to_contain_text("Player 01")
    expect(phone.locator("#table-info")).to_contain_text("round 1")
    table_url = phone.url
    shots.take(phone, "phone-table-page")
    assert_accessible(phone, "a table's page")

    projector.reload()
    expect(projector.locator("#live-seating tbody tr")).to_have_count(10)
    expect(projector.locator("#live-standings-2")).to_be_visible()  # 40 players: two columns
    _fits_the_screen(projector, "#live")
    shots.take(projector, "projector-round-1")
    assert_accessible(projector, "the projector")

    api = laptop.request
    csrf = csrf_token(director.content())
    _report_round(api, base, event_id, 1)
    closed = api.post(
        f"{base}/api/events/{event_id}/rounds/1/close", headers={"X-CSRF-Token": csrf}
    )
    assert closed.ok, closed.text()
    director.reload()
    expect(director.locator("#prizes li").first).to_contain_text("$")
    expect(director.locator("#side-pot")).to_be_visible()

    projector.reload()
    expect(projector.locator("#live-prizes #prizes li").first).to_contain_text("$")
    expect(projector.locator("#side-pot")).to_contain_text("Euchred cup")
    expect(projector.locator("#next-seating tbody tr")).to_have_count(10)
    shots.take(projector, "projector-between-rounds-1-and-2")
    for selector in ("#live-standings", "#live-standings-2", "#next-seating", "#side-pot"):
        _fits_the_screen(projector, selector)

    director.click("#start-round")
    expect(director.locator("#timer")).to_be_visible()
    phone.goto(table_url)  # the same card, round 2: the page shows who sits there now
    expect(phone.locator("#table-info")).to_contain_text("round 2")

    # The dashboard on a phone: usable, nothing runs off the side.
    phone_director = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, storage_state=laptop.storage_state()
    ).new_page()
    phone_director.goto(f"{base}{event_path}")
    expect(phone_director.locator("#start-round, #close-round").first).to_be_visible()
    _no_sideways_scroll(phone_director)
    shots.take(phone_director, "dashboard-390px")
    assert_accessible(phone_director, "the dashboard on a phone")
    for section in ("round-status", "standings", "players"):
        phone_director.locator(f"#{section}").screenshot(
            path=str(artifacts / f"{shots.count:02d}-dashboard-390px-{section}.png")
        )

    # "A readable audit log (a table, paged)".
    expect(director.locator("#audit-latest tbody tr")).to_have_count(10)
    expect(director.locator("#audit-latest")).to_contain_text("started round 2")
    director.click("#audit-all")
    expect(director.locator("#audit-page")).to_contain_text("Page 1 of")
    expect(director.locator("#audit-log tbody tr")).to_have_count(25)
    director.click("#audit-older")
    expect(director.locator("#audit-page")).to_contain_text("Page 2 of")
    log = director.locator("#audit-log").inner_text()
    assert "withdrew Player 07 (#7)" in log or "checked in Player" in log
    shots.take(director, "audit-log-page-2")
    assert_accessible(director, "the audit log")
    phone_director.goto(f"{base}{event_path}/audit?page=3")
    _no_sideways_scroll(phone_director)
    shots.take(phone_director, "audit-log-390px")
    director.goto(f"{base}{event_path}/audit?page=100")
    expect(director.locator("#audit-page")).to_contain_text("Page")
    whole = ""
    page_number = 1
    while True:
        director.goto(f"{base}{event_path}/audit?page={page_number}")
        whole += director.locator("#audit-log").inner_text()
        if director.locator("#audit-older").count() == 0:
            break
        page_number += 1
    assert "withdrew Player 07 (#7)" in whole
    assert "feeling unwell" in whole
    assert "took back the withdrawal of Player 07 (#7)" in whole
    assert "undid round 1" in whole and "started before the coffee" in whole

    # A finished event is archived instead of deleted; another event is deleted after asking.
    small = _finished_valpo_event(api, base, csrf)
    director.goto(f"{base}/director/events/{small}")
    director.click("#delete-event")
    expect(director.locator("#delete-question")).to_contain_text("cannot be undone")
    shots.take(director, "archive-or-delete")
    director.click("#archive-event")
    expect(director.locator("#flash")).to_have_text("Valpo Friday archived.")
    expect(director.locator("#event-list")).not_to_contain_text("Valpo Friday")
    expect(director.locator("#archived-events")).to_contain_text("Valpo Friday")
    created = api.post(
        f"{base}/api/events",
        data={"name": "Typo night", "profile_id": "ballantrae"},
        headers={"X-CSRF-Token": csrf},
    )
    assert created.ok, created.text()
    director.goto(f"{base}/director/events/{created.json()['id']}")
    director.click("#delete-event")
    director.click("#delete-event-confirm")
    expect(director.locator("#flash")).to_have_text("Typo night deleted.")
    expect(director.locator("#event-list")).not_to_contain_text("Typo night")
    shots.take(director, "events-after-archive-and-delete")


def _finished_valpo_event(api: APIRequestContext, base: str, csrf: str) -> int:
    """A one-round Valpo event, played and closed (so it is finished)."""
    headers = {"X-CSRF-Token": csrf}
    created: Any = api.post(
        f"{base}/api/events",
        data={"name": "Valpo Friday", "profile_id": "valpo", "rounds": 1},
        headers=headers,
    )
    assert created.ok, created.text()
    assert created.json()["config"]["format"] == "losers_rotate"  # the sheet's preset
    event_id = int(created.json()["id"])
    rows = "name,team,checked_in\n" + "".join(
        f"V{team}{seat},Team {team},yes\n" for team in range(1, 3) for seat in "ab"
    )
    assert api.post(
        f"{base}/api/events/{event_id}/players/import", data={"csv": rows}, headers=headers
    ).ok
    assert api.post(f"{base}/api/events/{event_id}/rounds", headers=headers).ok
    _report_round(api, base, event_id, 1)
    closed = api.post(f"{base}/api/events/{event_id}/rounds/1/close", headers=headers)
    assert closed.ok, closed.text()
    assert api.get(f"{base}/api/events/{event_id}").json()["status"] == "finished"
    return event_id
