"""Chat and turn alerts in real Chromium (issue 21, items 6 and 7).

One browser, a context per phone (and one for a spectator). Chat at a casual table: a
preset and free text reach every page, a ``<script>`` message shows as text, a burst of
messages is refused with a sentence, and the host turns free text off. Turn alerts: the
tab's title says "Your turn" while the page is hidden, the phone vibrates when the turn
comes, and auto-play (when switched on) plays a single legal card by itself and says so.
Screenshots at 390x844 go to ``test-artifacts/``.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser_checks import PHONE, screenshot
from tests.served import EuchreServer

from .helpers import bearer, device_token

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]

STUBS = """
window.__vibrations = [];
navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", {
  configurable: true, get() { return window.__hidden; },
});
"""


def _open(server: EuchreServer, seats: list[str]) -> dict[str, Any]:
    answer = httpx.post(
        f"{server.base_url}/api/play/tables",
        json={"profile": "tournament", "seats": seats, "seed": 11},
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def _sit(page: Page) -> None:
    page.wait_for_selector("#play-status[data-seq]")
    page.locator("[data-action=sit]").click()
    expect(page.locator("[data-action=sit]")).to_have_count(0)


def _open_chat(page: Page) -> None:
    """A tap on "Chat": on a phone the chat is a closed panel under the hand."""
    page.locator("#chat-panel summary").click()
    expect(page.locator("#chat-form")).to_be_attached()
    expect(page.locator("#chat-unread")).to_be_hidden()


def _say(page: Page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-send").click()  # waits while the last message is still on its way


def test_chat_at_a_casual_table(served: EuchreServer, browser: Browser, artifacts: Path) -> None:
    created = _open(served, ["human", "rules", "human", "rules"])
    table = created["table"]
    south = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    south.goto(f"{created['seats'][0]['url']}&host={created['host_token']}")
    north = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    north.goto(created["seats"][2]["url"])
    watcher = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    watcher.goto(f"{served.base_url}/play/{table}")
    _sit(south)
    _sit(north)
    _open_chat(south)
    _open_chat(watcher)
    # A preset from South reaches North and the spectator.
    south.locator("#chat-presets button", has_text="Nice hand!").click()
    # North's chat is closed (a phone's panel): its title counts the message, until opened.
    expect(north.locator("#chat-panel")).not_to_have_attribute("open", "")
    expect(north.locator("#chat-unread")).to_have_text("1 new")
    _open_chat(north)
    # Named as the felt names the seat: North's partner, the spectator's South.
    expect(north.locator("#chat-log li").last).to_have_text("Partner: Nice hand!")
    expect(watcher.locator("#chat-log li").last).to_have_text("South: Nice hand!")
    expect(south.locator("#chat-log li").last).to_have_text("You: Nice hand!")
    # Free text that looks like markup is shown as the text it is.
    hostile = "<script>window.pwned=1</script><b>hi</b>"
    _say(north, hostile)
    for page in (south, watcher):
        expect(page.locator("#chat-log li .chat-text").last).to_have_text(hostile)
        expect(page.locator("#chat-log script, #chat-log b")).to_have_count(0)
        assert page.evaluate("window.pwned") is None
    expect(north.locator("#chat-text")).to_have_value("")
    # The spectator watches: no buttons, and a sentence that says why.
    expect(watcher.locator("#chat-presets")).to_be_hidden()
    expect(watcher.locator("#chat-note")).to_have_text(
        "Only the players at the table can chat; you are watching."
    )
    screenshot(north, artifacts, "chat-casual-north-390.png")
    # A burst: North's sixth message in ten seconds is refused with a sentence.
    for number in range(4):
        _say(north, f"message {number}")
        expect(north.locator("#chat-log li .chat-text").last).to_have_text(f"message {number}")
        expect(north.locator("#chat-text")).to_have_value("")  # sent, and the box is clear
    _say(north, "one too many")
    expect(north.locator("#chat-note")).to_contain_text("You are sending messages too fast")
    expect(north.locator("#chat-text")).to_have_value("one too many")  # kept to send again
    expect(north.locator("#chat-presets button").first).to_be_enabled()
    thumbs = north.locator("#chat-presets button[data-text='\N{THUMBS UP SIGN}']")
    expect(thumbs).to_have_attribute("aria-label", "Thumbs up sign")
    screenshot(north, artifacts, "chat-too-fast-north-390.png")
    # The host turns free text off: North keeps the quick messages only.
    expect(south.locator("#chat-host")).to_be_visible()
    expect(north.locator("#chat-host")).to_be_hidden()
    south.locator("#chat-setting").select_option("presets")
    expect(north.locator("#chat-form")).to_be_hidden()
    expect(north.locator("#chat-presets")).to_be_visible()
    expect(watcher.locator("#chat")).to_have_attribute("data-mode", "presets")
    screenshot(south, artifacts, "chat-host-presets-only-south-390.png")


def test_send_waits_while_a_message_is_on_its_way_and_nothing_typed_is_dropped(
    served: EuchreServer, browser: Browser
) -> None:
    created = _open(served, ["human", "rules", "rules", "rules"])
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    page.goto(created["seats"][0]["url"])
    _sit(page)
    _open_chat(page)
    held: list[Any] = []
    page.route("**/chat", lambda route: held.append(route))  # the server's answer is slow
    _say(page, "first")
    page.wait_for_function("document.getElementById('chat-send').disabled")
    page.locator("#chat-text").fill("second")  # typed while the first is on its way
    page.locator("#chat-text").press("Enter")  # no submit while Send waits
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/chat")
    expect(page.locator("#chat-send")).to_be_enabled()
    expect(page.locator("#chat-text")).to_have_value("second")  # kept, not lost
    page.locator("#chat-send").click()
    expect(page.locator("#chat-log li .chat-text")).to_have_text(["first", "second"])
    expect(page.locator("#chat-text")).to_have_value("")


def test_your_turn_in_the_title_while_hidden_and_a_vibration_when_the_turn_comes(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = _open(served, ["human", "rules", "rules", "rules"])
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    context.add_init_script(STUBS)
    page = context.new_page()
    page.goto(created["seats"][0]["url"])
    base = page.title()
    _sit(page)
    expect(page.locator("#play-status")).to_have_attribute("data-to-act", "0", timeout=30_000)
    expect(page.locator("#actions button").first).to_be_enabled()
    assert page.evaluate("window.__vibrations.length") >= 1
    assert page.title() == base  # visible: the title stays as it was
    page.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    assert page.title() == f"Your turn – {base}"
    page.evaluate("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
    assert page.title() == base
    page.locator("#alert-settings summary").click()
    screenshot(page, artifacts, "alerts-settings-390.png")


def test_auto_play_plays_a_single_legal_card_and_says_so(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = _open(served, ["human", "rules", "rules", "rules"])
    table = created["table"]
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    page.goto(created["seats"][0]["url"])
    _sit(page)
    token = device_token(page, table)
    page.locator("#alert-settings summary").click()
    page.locator("#alert-autoplay").check()
    rng = random.Random(4)
    url = f"{served.base_url}/api/play/tables/{table}"
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "South never had a single legal card"
        view = httpx.get(url, headers=bearer(token), timeout=30).json()
        legal = view["legal"]
        if len(legal) == 1 and legal[0].startswith("play "):
            break
        if legal:
            httpx.post(
                f"{url}/actions",
                json={"action": rng.choice(legal), "seq": view["seq"]},
                headers=bearer(token),
                timeout=30,
            )
        else:
            time.sleep(0.05)
    code = legal[0].split()[1]
    card = ("10" if code[0] == "T" else code[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[1]]
    note = page.locator("#autoplay-note")
    expect(note).to_contain_text(f"your only legal card, {card}")
    screenshot(page, artifacts, "alerts-autoplay-pending-390.png")
    expect(note).to_have_text(f"Auto-play played your only legal card, {card}.", timeout=15_000)
    events = httpx.get(f"{url}/events", params={"since": view["seq"]}, timeout=30).json()
    assert {"seq": view["seq"] + 1, "seat": 0, "action": legal[0]} in events["events"]


def test_presets_between_hands_wait_for_the_hands_end_and_say_so(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    """The setting an event's table has by default (sheet 003: "Table talk of any kind is
    strictly prohibited"), chosen here by a casual table's host."""
    created = _open(served, ["human", "rules", "rules", "rules"])
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    page.goto(f"{created['seats'][0]['url']}&host={created['host_token']}")
    _sit(page)
    _open_chat(page)
    page.locator("#chat-setting").select_option("between_hands")
    expect(page.locator("#chat")).to_have_attribute("data-mode", "between_hands")
    expect(page.locator("#chat-form")).to_be_hidden()
    # South is to move with the hand under way (someone bid, or South's first bid is
    # still ahead): once a bid is in, the quick messages wait.
    expect(page.locator("#play-status")).to_have_attribute("data-to-act", "0", timeout=30_000)
    if page.locator("#history li").count() == 0:
        page.locator("[data-action=pass]").click()
    expect(page.locator("#chat-note")).to_have_text(
        "Table talk waits until the hand is over at this table.", timeout=30_000
    )
    expect(page.locator("#chat-presets button").first).to_be_disabled()
    screenshot(page, artifacts, "chat-between-hands-during-a-hand-390.png")
