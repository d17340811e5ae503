"""One device per seat, in real Chromium at 390 px: a seat's link opened on a second phone
asks "Take this seat here?" and, on yes, closes the first phone exactly as a code does; on
no, the second phone only watches. A context per phone (its own localStorage)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser_checks import screenshot
from tests.served import EuchreServer

from .helpers import open_served_table, phone

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]


def _open(server: EuchreServer) -> dict[str, Any]:
    return open_served_table(
        server, profile="tournament", seats=["human", "human", "rules", "rules"]
    )


def test_a_link_opened_on_a_second_phone_asks_then_closes_the_first(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = _open(served)
    link = created["seats"][1]["url"]
    first = phone(browser, link, wait_for_table=False)
    first.wait_for_selector("#play-status[data-seq]")
    first.locator("[data-action=sit]").click()
    expect(first.locator("[data-action=sit]")).to_have_count(0)
    # The link was forwarded to a group chat; a friend taps it on his own phone.
    second = phone(browser, link, wait_for_table=False)
    question = second.locator("#take-seat")
    expect(question).to_be_visible()
    expect(question).to_contain_text("This seat is open on another device. Take this seat here?")
    screenshot(second, artifacts, "take-this-seat-here-390.png")
    # Until he answers, the first phone still plays the seat.
    expect(first.locator("#revoked")).to_be_hidden()
    second.locator("#take-seat-yes").click()
    expect(question).to_have_count(0)
    second.wait_for_selector("#play-status[data-seq]")
    expect(second.locator("[data-action=sit]")).to_have_count(0)  # the seat is his, seated
    notice = first.locator("#revoked")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("This seat was opened on another device.")
    expect(first.locator("#my-hand [data-card]")).to_have_count(0)
    screenshot(first, artifacts, "link-taken-on-another-phone-390.png")
    # The link itself is a claim, not the seat: it no longer plays once a device took it.
    table = created["table"]
    as_link = httpx.get(
        f"{served.base_url}/api/play/tables/{table}",
        headers={"Authorization": f"Bearer {created['seats'][1]['token']}"},
    )
    assert as_link.status_code == 403


def test_a_second_phone_that_says_no_only_watches_and_the_first_plays_on(
    served: EuchreServer, browser: Browser
) -> None:
    created = _open(served)
    link = created["seats"][1]["url"]
    first = phone(browser, link, wait_for_table=False)
    first.wait_for_selector("#play-status[data-seq]")
    second = phone(browser, link, wait_for_table=False)
    second.locator("#take-seat-no").click()
    second.wait_for_selector("#play-status[data-seq]")
    expect(second.locator("[data-action=sit]")).to_have_count(0)  # a spectator
    first.reload()  # the first phone keeps its own key across a reload, and is not asked
    first.wait_for_selector("#play-status[data-seq]")
    expect(first.locator("#take-seat")).to_have_count(0)
    expect(first.locator("[data-action=sit]")).to_have_count(1)
    expect(first.locator("#revoked")).to_be_hidden()
