"""Phone polish in real Chromium: the key numerals follow the cards left to right, a touch
phone is not told about number keys, and a move the turn timer made is said in words."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.served import EuchreServer

from .helpers import ONE_HUMAN, open_served_table

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]

PHONE = {"width": 390, "height": 844}


def _seated(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("[data-action=sit]")
    page.locator("[data-action=sit]").click()
    expect(page.locator("[data-action=sit]")).to_have_count(0)


def test_the_key_numerals_run_left_to_right_with_the_cards(
    served: EuchreServer, browser: Browser
) -> None:
    created = open_served_table(served, profile="tournament", seats=ONE_HUMAN)
    page = browser.new_context(viewport={"width": 1024, "height": 900}).new_page()  # type: ignore[arg-type]
    _seated(page, created["seats"][0]["url"])
    status = page.locator("#play-status")
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "South never had two cards to choose from"
        mine = status.get_attribute("data-to-act") == "0"
        if mine and status.get_attribute("data-phase") == "play":
            numerals = page.locator("#my-hand .legal kbd").all_inner_texts()
            if len(numerals) >= 2:
                break
        if mine and page.locator("#actions [data-action]").count():
            page.locator("#actions [data-action]").first.click()
        elif mine and page.locator("#my-hand .legal").count():
            page.locator("#my-hand .legal").first.click()
        time.sleep(0.1)
    keys = [int(text) for text in numerals]
    assert keys == sorted(keys) and keys[0] == 1, keys
    # Key 1 plays the leftmost playable card.
    first = page.locator("#my-hand .legal").first.get_attribute("data-card")
    page.keyboard.press("1")
    expect(page.locator("#my-hand [data-card='" + str(first) + "']")).to_have_count(0)


def test_a_touch_phone_is_not_told_about_number_keys(
    served: EuchreServer, browser: Browser
) -> None:
    created = open_served_table(served, profile="tournament", seats=ONE_HUMAN)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()  # type: ignore[arg-type]
    phone.goto(created["seats"][0]["url"])
    phone.wait_for_selector("[data-action=sit]")
    expect(phone.locator(".keys")).to_be_hidden()
    expect(phone.locator("[data-action=sit] kbd")).to_be_hidden()
    laptop = browser.new_context(viewport={"width": 1024, "height": 900}).new_page()  # type: ignore[arg-type]
    laptop.goto(f"{served.base_url}/play/{created['table']}")
    expect(laptop.locator(".keys")).to_be_visible()


def test_a_move_the_turn_timer_made_is_said_in_words(
    served: EuchreServer, browser: Browser
) -> None:
    created = open_served_table(served, profile="tournament", seats=ONE_HUMAN, timer_seconds=1)
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    _seated(page, created["seats"][0]["url"])
    notice = page.locator("#timer-notice")
    expect(notice).to_be_visible(timeout=60_000)
    expect(notice).to_have_text(
        re.compile(r"^Your time ran out: the computer (played|chose) .+ for you\.$")
    )
