"""The table fits one phone screen (390x844), from the player's side.

A player holding a phone sees, without scrolling, the felt, his hand and whatever he is asked
(a bid, a discard, a question to ask, an answer to give); every seat's name is whole ("Right",
not "Right …") and the dealer's chip is shown, whoever sits there; the turn clock is on the
seat whose turn it is; the chat, the question log, the seats and the settings are closed
panels below. At game over the page is a few screens, not a scroll of ten thousand pixels.
Each state is reached by the player's own moves made through the API the page uses (the page
is live on its socket), then looked at: the same states are checked with axe-core. Screenshots
go to ``test-artifacts/`` and ``test-artifacts/shots/``.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser_checks import PHONE, assert_accessible, assert_fits_one_phone_screen, screenshot
from tests.served import EuchreServer

from .helpers import ONE_HUMAN, bearer, device_token, open_served_table

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]

View = dict[str, Any]


def _shot(page: Page, artifacts: Path, name: str) -> None:
    """The first screen as the player sees it (not the whole page)."""
    screenshot(page, artifacts, f"{name}-390.png", full_page=False)


def _phone(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport=PHONE, reduced_motion="reduce").new_page()  # type: ignore[arg-type]
    page.goto(url)
    page.wait_for_selector("#play-status[data-seq]")
    return page


def _play_until(
    server: EuchreServer,
    table: str,
    token: str,
    page: Page,
    reached: Callable[[View], bool],
    choose: Callable[[View], str],
) -> View:
    """The player's moves (``choose``) through the API until ``reached``; returns that view
    once the page shows it."""
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the state was not reached"
        view: View = httpx.get(
            f"{server.base_url}/api/play/tables/{table}", headers=bearer(token), timeout=30
        ).json()
        if reached(view):
            expect(page.locator("#play-status")).to_have_attribute("data-seq", str(view["seq"]))
            return view
        if not view.get("legal"):
            time.sleep(0.02)
            continue
        httpx.post(
            f"{server.base_url}/api/play/tables/{table}/actions",
            json={"action": choose(view), "seq": view["seq"]},
            headers=bearer(token),
            timeout=30,
        )


def _seated_phone(served: EuchreServer, browser: Browser, **body: Any) -> tuple[str, Page, str]:
    """A new table (``body``) open on South's phone, South seated: the table, the page and
    the phone's seat token."""
    created = open_served_table(served, **body)
    table = created["table"]
    page = _phone(browser, created["seats"][0]["url"])
    page.locator("[data-action=sit]").click()
    expect(page.locator("[data-action=sit]")).to_have_count(0)
    return table, page, device_token(page, table)


def _mine(view: View, *phases: str) -> bool:
    return bool(view.get("legal")) and view.get("phase") in phases


def test_bidding_and_discarding_fit_one_phone_screen_with_every_name_and_the_turn_clock(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    table, page, token = _seated_phone(
        served, browser, profile="tournament", seats=ONE_HUMAN, seed=21, timer_seconds=90
    )
    rng = random.Random(4)

    def bid(view: View) -> str:
        # The dealer orders the up-card to himself (so he discards); the others pass.
        if view.get("dealer") == 0 and "order" in view["legal"]:
            return "order"
        return "pass" if "pass" in view["legal"] else rng.choice(view["legal"])

    _play_until(served, table, token, page, lambda v: _mine(v, "bid_round_1", "bid_round_2"), bid)
    # Bidding: the felt, the up-card, the bid buttons and the hand on the first screen.
    expect(page.locator("#actions [data-action=pass]")).to_be_visible()
    _shot(page, artifacts, "1-bidding")
    assert_fits_one_phone_screen(page, "#play-status", "#actions")
    # The turn clock is on the player's own seat, beside "You".
    clock = page.locator(".seat-box.pos-bottom .seat-clock")
    expect(clock).to_be_visible()
    expect(clock).to_have_text(re.compile(r"^[01]:\d\d$"))
    expect(page.locator(".seat-box .seat-clock:visible")).to_have_count(1)
    expect(page.locator(".seat-box.pos-right .seat-name")).to_have_text("Right")
    assert_accessible(page, "bidding")

    _play_until(served, table, token, page, lambda v: _mine(v, "discard"), bid)
    # Discarding: the dealer's chip on "You", the six cards on one row in the first screen.
    expect(page.locator(".seat-box.pos-bottom .dealer-chip")).to_be_visible()
    expect(page.locator("#my-hand [data-action^=discard]")).to_have_count(6)
    _shot(page, artifacts, "2-discard")
    assert_fits_one_phone_screen(page, "#play-status")
    assert_accessible(page, "discard")
    # The panels below the hand are closed on a phone.
    for panel in ("#chat-panel", "#seats-panel", "#log-panel", "#alert-settings"):
        expect(page.locator(panel)).not_to_have_attribute("open", "")


def test_a_question_to_ask_and_an_answer_to_give_fit_one_phone_screen(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    table, page, token = _seated_phone(
        served, browser, profile="questions", seats=ONE_HUMAN, seed=5
    )
    rng = random.Random(5)

    def ask(view: View) -> str:
        asks = [action for action in view["legal"] if action.startswith("ask ")]
        return asks[0] if asks else rng.choice(view["legal"])

    _play_until(served, table, token, page, lambda v: _mine(v, "question_ask"), ask)
    expect(page.locator("#question")).to_contain_text("may ask a question")
    _shot(page, artifacts, "3-question-ask")
    assert_fits_one_phone_screen(page, "#play-status", "#question", "#actions")
    assert_accessible(page, "a question to ask")

    _play_until(served, table, token, page, lambda v: _mine(v, "question_answer"), ask)
    expect(page.locator("#question-text")).not_to_be_empty()
    _shot(page, artifacts, "4-question-answer")
    # (The box to type an answer in is there when the player himself was asked.)
    typed = ["#answer-text"] if page.locator("#answer-text").count() else []
    assert_fits_one_phone_screen(
        page, "#play-status", "#question", *typed, "[data-action=answered]"
    )
    assert_accessible(page, "an answer to give")
    # The question log is a panel of its own, closed until tapped.
    expect(page.locator("#question-log")).to_be_visible()
    expect(page.locator("#question-log")).not_to_have_attribute("open", "")


def test_the_game_over_fits_a_phone_and_is_a_few_screens_long(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    """The last phase of the table page: the game over, with its last hand's review and the
    final score, on a phone; axe-core finds nothing serious on it."""
    created = open_served_table(served, profile="bolivar", seats=ONE_HUMAN)
    table, token = created["table"], created["seats"][0]["token"]
    rng = random.Random(5)
    deadline = time.monotonic() + 240
    while True:  # the human's moves through the API the page uses, until the game is over
        view = httpx.get(
            f"{served.base_url}/api/play/tables/{table}", headers=bearer(token), timeout=30
        ).json()
        if view["status"] == "over":
            break
        assert time.monotonic() < deadline, f"the game did not end (seq {view['seq']})"
        if not view["legal"]:
            time.sleep(0.02)
            continue
        httpx.post(
            f"{served.base_url}/api/play/tables/{table}/actions",
            json={"action": rng.choice(view["legal"]), "seq": view["seq"]},
            headers=bearer(token),
            timeout=30,
        )
    page = _phone(browser, created["seats"][0]["url"])
    expect(page.locator("#play-status")).to_have_attribute("data-status", "over")
    expect(page.locator("#review .review-hands li")).to_have_count(4)
    _shot(page, artifacts, "5-game-over")
    page.screenshot(path=str(artifacts / "5-game-over-390-whole.png"), full_page=True)
    height = assert_fits_one_phone_screen(page, "#play-status", "#actions", hand=False)
    assert height <= 3 * PHONE["height"], f"the page at game over is {height:.0f} px tall"
    assert_accessible(page, "game over")


def test_the_chat_is_a_closed_panel_on_a_phone_and_open_beside_the_table_on_a_laptop(
    served: EuchreServer, browser: Browser
) -> None:
    created = open_served_table(served, profile="tournament", seats=ONE_HUMAN)
    phone = _phone(browser, created["seats"][0]["url"])
    expect(phone.locator("#chat-panel")).not_to_have_attribute("open", "")
    expect(phone.locator("#chat-form")).to_be_hidden()
    phone.locator("#chat-panel summary").click()  # one tap opens it
    expect(phone.locator("#chat-form")).to_be_visible()
    laptop = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()  # type: ignore[arg-type]
    laptop.goto(f"{served.base_url}/play/{created['table']}")
    laptop.wait_for_selector("#play-status[data-seq]")
    expect(laptop.locator("#chat-panel")).to_have_attribute("open", "")
    expect(laptop.locator("#chat-note")).to_have_text(
        "Only the players at the table can chat; you are watching."
    )
    expect(laptop.locator("#chat-note")).to_be_visible()
    expect(laptop.locator("#seats-panel")).not_to_have_attribute("open", "")


def test_a_slow_network_that_brings_the_chat_after_the_first_view_still_shows_it_right(
    served: EuchreServer, browser: Browser
) -> None:
    """On a slow hall Wi-Fi the page's chat and turn-alert scripts can arrive after the
    table's first view (seen in CI: a watcher's chat said nothing and offered the players'
    Send box). Both read the view they missed when they start."""
    created = open_served_table(served, profile="tournament", seats=ONE_HUMAN)
    laptop = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()  # type: ignore[arg-type]
    first_view: list[str] = []

    def late(route: Any) -> None:
        # Held until the page has drawn the table's first view from its socket.
        deadline = time.monotonic() + 10
        while not first_view and time.monotonic() < deadline:
            try:
                if laptop.evaluate("Boolean(document.querySelector('#play-status[data-seq]'))"):
                    first_view.append("drawn")
            except Exception:  # the page is still loading
                pass
            time.sleep(0.05)
        route.continue_()

    laptop.route(re.compile(r"/static/(chat|alerts)\.js"), late)
    laptop.goto(f"{served.base_url}/play/{created['table']}", wait_until="commit")
    laptop.wait_for_selector("#play-status[data-seq]")
    expect(laptop.locator("#chat-note")).to_have_text(
        "Only the players at the table can chat; you are watching."
    )
    expect(laptop.locator("#chat-form")).to_be_hidden()
    # Both scripts were held until the first view was drawn (the case this test is about).
    assert first_view == ["drawn", "drawn"], "chat.js and alerts.js were not held back"
