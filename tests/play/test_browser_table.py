"""A real table in Chromium (issue 21, items 5 and 10), from the player's side.

One player with three computer players plays a whole ``bolivar`` game on a phone: the seats
sit around the felt with names ("You" at the bottom, partner across, the opponents left and
right), each bid shows at the seat that made it, the hand stays on one row at 390 px with
trump together (the left bower among trump), the review after each hand lists the four hands
and the tricks, the live region announces bids, plays and trick winners, and no notice the
player sees speaks the protocol (a stale move gets a sentence). The replay page then steps
through the game. A turn timer says a computer plays when it runs out; animations stop under
``prefers-reduced-motion``; axe-core finds no serious or critical problem in any phase.
Screenshots at 390x844 and 1280x800 in bidding, play and the review go to
``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from euchre.engine.cards import Card, Suit, effective_suit
from tests.browser_checks import AXE, assert_accessible, axe_problems
from tests.served import EuchreServer

from .helpers import ONE_HUMAN, bearer, click_and_wait, device_token, open_served_table

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
ENABLED = "[data-action]:enabled"
SHOTS = Path("test-artifacts") / "shots"
BID_WORDS = {
    "pass": "Pass",
    "order": "Order it up",
    "order alone": "Order it up, alone",
    "call C": "Clubs",
    "call D": "Diamonds",
    "call H": "Hearts",
    "call S": "Spades",
}
# What a player must never read: the protocol's words ("stale seq 74: ...", seat numbers,
# legal-action lists, status codes, tokens).
PROTOCOL = re.compile(r"\bseq\b|stale|\bseat \d|legal:|\b40[0-9]\b|token|Bearer|refused", re.I)
NOTICES = ("#prompt", "#notice", "#connection", "#hint", "#timer", "#hand-over", "#play-status")


def _shot(page: Page, artifacts: Path, name: str) -> None:
    """The page at 390x844 and at 1280x800 (the same page, resized and back)."""
    SHOTS.mkdir(exist_ok=True)
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        path = artifacts / f"{name}-{size}.png"
        page.screenshot(path=str(path), full_page=True)
        shutil.copy(path, SHOTS / path.name)
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]


def _seq(page: Page) -> int:
    return int(page.locator("#play-status").get_attribute("data-seq") or "-1")


def _api_view(server: EuchreServer, table: str, token: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.base_url}/api/play/tables/{table}", headers=bearer(token))
    data: dict[str, Any] = answer.json()
    return data


def _settled(server: EuchreServer, table: str, token: str, page: Page) -> dict[str, Any]:
    """The seat's view once the page shows the same ``seq`` as the API (the page is live)."""
    deadline = time.monotonic() + 20
    while True:
        view = _api_view(server, table, token)
        if view["seq"] == _seq(page):
            return view
        assert time.monotonic() < deadline, "the page did not catch up with the table"
        time.sleep(0.05)


def _assert_bids_shown_where_made(page: Page, view: dict[str, Any]) -> int:
    """Each seat's latest bid of this hand is on that seat's box; returns how many."""
    latest = {entry["seat"]: entry["action"] for entry in view["history"]}
    shown = 0
    for seat, action in latest.items():
        if action not in BID_WORDS:
            continue
        bid = page.locator(f".seat-box[data-seat='{seat}'] .bid")
        expect(bid).to_have_text(BID_WORDS[action])
        shown += 1
    return shown


def _assert_one_row(page: Page) -> int:
    # Every card's box read in one step in the page: a notice shown or hidden between two
    # separate reads would move the hand and look like a wrap.
    boxes: list[dict[str, float]] = page.evaluate(
        """() => [...document.querySelectorAll("#my-hand .card-button")].map((card) => {
            const box = card.getBoundingClientRect();
            return {y: box.top, right: box.right};
        })"""
    )
    assert boxes
    tops = {round(box["y"]) for box in boxes}
    assert len(tops) == 1, f"the hand wraps: card tops {tops}"
    assert max(box["right"] for box in boxes) <= PHONE["width"], "a card is off the screen"
    return len(boxes)


def _assert_trump_together(page: Page, trump: str) -> None:
    """Trump first, the left bower among trump, then the other suits each together."""
    cards = [str(c.get_attribute("data-card")) for c in page.locator("#my-hand [data-card]").all()]
    trump_suit = Suit.parse(trump)
    suits = [effective_suit(Card.parse(code), trump_suit) for code in cards]
    groups = [suit for index, suit in enumerate(suits) if index == 0 or suits[index - 1] != suit]
    assert len(groups) == len(set(groups)), f"a suit is split in {cards}"
    if trump_suit in suits:
        assert suits[0] == trump_suit, f"trump is not first in {cards}"


def _assert_no_protocol_words(page: Page) -> None:
    for selector in NOTICES:
        text = page.locator(selector).inner_text() if page.locator(selector).count() else ""
        assert not PROTOCOL.search(text), f"{selector} says {text!r}"


def test_one_player_with_three_computer_players_plays_a_bolivar_game_at_a_real_table(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = open_served_table(served, profile="bolivar", seats=ONE_HUMAN, seed=3)
    table = created["table"]
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("[data-action=sit]")
    token = device_token(page, table)
    click_and_wait(page, page.locator("[data-action=sit]"))
    # The seats around the felt: "You" at the bottom, partner across, opponents beside.
    expect(page.locator(".seat-box.pos-bottom .seat-name")).to_have_text("You")
    expect(page.locator(".seat-box.pos-top .seat-name")).to_have_text("Partner")
    expect(page.locator(".seat-box.pos-left .seat-name")).to_have_text("Left")
    expect(page.locator(".seat-box.pos-right .seat-name")).to_have_text("Right")
    expect(page.locator(".seat-box.pos-left")).to_have_attribute("data-seat", "1")
    expect(page.locator(".seat-box[data-seat] .presence")).to_have_count(4)
    expect(page.locator("#score")).to_contain_text("You & Partner")
    expect(page.locator("#score")).to_contain_text("Left & Right")
    assert "South" not in page.locator("#felt").inner_text()
    rng = random.Random(9)
    bids_seen = cards_checked = reviews = 0
    stale_checked = False
    shots: set[str] = set()
    deadline = time.monotonic() + 900
    while page.locator("#play-status").get_attribute("data-status") != "over":
        assert time.monotonic() < deadline, "the game did not end"
        assert not errors, errors
        if not page.locator(ENABLED).count():
            time.sleep(0.05)
            continue
        view = _settled(served, table, token, page)
        if view["status"] == "over" or not view["legal"]:
            continue
        _assert_no_protocol_words(page)
        phase = view["phase"]
        if phase.startswith("bid"):
            # Bidding: the hand is not greyed out, and the bids so far sit where they were made.
            assert page.locator("#my-hand .card-button.dim").count() == 0
            faded = page.locator("#my-hand .card-button").evaluate_all(
                "cards => cards.filter(c => getComputedStyle(c).opacity !== '1').length"
            )
            assert faded == 0, f"{faded} cards of the hand are faded while bidding"
            bids_seen += _assert_bids_shown_where_made(page, view)
            if view["history"] and view["history"][-1]["action"] in BID_WORDS:
                # ... and are said through the live region as they happen.
                last = view["history"][-1]
                name = page.locator(f".seat-box[data-seat='{last['seat']}'] .seat-name")
                said_line = f"{name.inner_text()}: {BID_WORDS[last['action']]}."
                expect(page.locator("#announce")).to_contain_text(said_line)
            expect(page.locator("#up-card")).to_have_attribute("data-card", view["up_card"])
            _assert_one_row(page)
            if "bidding" not in shots and bids_seen:
                shots.add("bidding")
                _shot(page, artifacts, "1-bidding")
        if phase in ("play", "discard"):
            count = _assert_one_row(page)
            cards_checked += count in (5, 6)
            if view["trump"]:
                _assert_trump_together(page, view["trump"])
            playable = {a.split()[1] for a in view["legal"] if a.startswith(("play", "discard"))}
            for card in view["hand"]:
                dimmed = page.locator(f"#my-hand [data-card='{card}']").get_attribute("class")
                assert ("dim" in (dimmed or "")) == (card not in playable)
            expect(page.locator(".seat-box[data-seat] .dealer-chip:visible")).to_have_count(1)
            if view["trump"]:
                maker = page.locator(f".seat-box[data-seat='{view['maker']}'] .maker-mark")
                expect(maker).to_contain_text("Maker")
            if phase == "play" and view["trick"]:
                expect(page.locator("#announce")).to_contain_text(" plays the ")
            if "play" not in shots and phase == "play" and view["trick"]:
                shots.add("play")
                _shot(page, artifacts, "2-play")
        review = page.locator("#review")
        if view["last_hand"] and review.is_visible():
            last = view["last_hand"]
            expect(review).to_have_attribute("data-hand", str(last["number"]))
            expect(review.locator(".review-hands li")).to_have_count(4)
            expect(review.locator(".review-tricks li")).to_have_count(len(last["plays"]))
            # The hands are as dealt: a dealer who took the up-card is said to have done so.
            took = any(
                bid["seat"] == last["dealer"] and bid["action"].startswith("discard ")
                for bid in last.get("bids") or []
            )
            caption = review.locator(".review-caption")
            if took:
                expect(caption).to_contain_text(" took the up-card ")
                expect(caption).to_contain_text(" and discarded ")
            else:
                expect(caption).to_have_text("The hands as dealt:")
            if last["plays"]:
                expect(review.locator(".review-tricks li")).to_have_count(5)
                reviews += 1
                if "review" not in shots:
                    shots.add("review")
                    _shot(page, artifacts, "3-review")
        if not stale_checked and phase == "play":
            # A move made on a table that moved on: the player reads a sentence, not "stale seq".
            def stale(route: Route) -> None:
                body = json.loads(route.request.post_data or "{}")
                body["seq"] = body["seq"] - 1
                route.continue_(post_data=json.dumps(body))

            page.route("**/actions", stale)
            page.locator(ENABLED).first.click()
            expect(page.locator("#prompt")).to_have_text(
                "The table moved on; here is the current hand."
            )
            page.unroute("**/actions")
            _assert_no_protocol_words(page)
            stale_checked = True
            continue
        buttons = page.locator(ENABLED)
        try:
            click_and_wait(page, buttons.nth(rng.randrange(buttons.count())))
        except Exception:  # the computer players moved first and the buttons changed
            continue
    final = httpx.get(f"{served.base_url}/api/play/tables/{table}").json()
    assert final["status"] == "over" and final["counted_hands"] == 8  # "Eight (8) hands"
    assert bids_seen and cards_checked and reviews and stale_checked
    # Bids, plays and trick winners were said through the live region.
    said = page.locator("#announce").inner_text()
    assert re.search(r"(wins|win) trick|takes the last trick|Game over", said), said
    assert not errors, errors
    # The last hand's review stays at the end, with the link to the replay.
    expect(page.locator("#review .review-hands li")).to_have_count(4)
    _shot(page, artifacts, "4-over")
    page.click("#replay-link a")
    _walk_the_replay(page, final, artifacts)


def _walk_the_replay(page: Page, final: dict[str, Any], artifacts: Path) -> None:
    """The replay page steps through every hand and trick of the game."""
    expect(page.locator("#replay")).to_have_attribute("data-hand", "1")
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-review .review-hands li")).to_have_count(4)
    # Step 0 shows each seat's five cards as dealt, the dealer's line marked.
    seats = page.locator("#replay-table .review-hands li")
    expect(seats).to_have_count(4)
    for seat in range(4):
        expect(seats.nth(seat).locator(".card")).to_have_count(5)
    expect(seats.filter(has_text="(dealer)")).to_have_count(1)
    page.click("#replay-next")
    expect(page.locator("#replay")).to_have_attribute("data-step", "1")
    expect(page.locator("#replay-now")).to_contain_text("Trick 1")
    _shot(page, artifacts, "5-replay")
    hands = 1
    for _ in range(200):
        if page.locator("#replay-next-hand").is_disabled():
            break
        page.click("#replay-next-hand")
        hands += 1
    assert hands == final["hands_played"]
    page.keyboard.press("ArrowLeft")  # back into the hand before the last, at its last trick
    expect(page.locator("#replay")).to_have_attribute("data-hand", str(hands - 1))
    assert_accessible(page, "the replay")


def test_animations_stop_when_the_player_asks_for_reduced_motion(
    served: EuchreServer, browser: Browser
) -> None:
    created = open_served_table(served, profile="tournament", seats=ONE_HUMAN)
    for motion in ("reduce", "no-preference"):
        context = browser.new_context(viewport=PHONE, reduced_motion=motion)  # type: ignore[arg-type]
        page = context.new_page()
        page.goto(created["seats"][0]["url"])
        # The second phone opening the seat's link is asked first; it takes the seat.
        page.wait_for_selector("#take-seat-yes, #play-status[data-seq]")
        if page.locator("#take-seat-yes").count():
            page.locator("#take-seat-yes").click()
            page.wait_for_selector("#play-status[data-seq]")
        if page.locator("[data-action=sit]").count() or motion == "reduce":
            page.wait_for_selector("[data-action=sit]")
            click_and_wait(page, page.locator("[data-action=sit]"))
        # Play on until a card lies on the felt, then look at its animation (in one step in
        # the page: the felt is drawn again after every move).
        look = """() => { const card = document.querySelector('#center .slot .card.fresh');
            return card && card.isConnected ? getComputedStyle(card).animationName : ''; }"""
        deadline = time.monotonic() + 120
        while not (name := page.evaluate(look)):
            assert time.monotonic() < deadline, "no card reached the table"
            buttons = page.locator(ENABLED)
            if buttons.count():
                with contextlib.suppress(Exception):  # the computer players moved first
                    click_and_wait(page, buttons.first)
            else:
                time.sleep(0.05)
        assert (name == "none") == (motion == "reduce"), (motion, name)
        context.close()


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed (scripts/test.sh does)")
def test_the_table_page_has_no_serious_accessibility_problem_in_bidding_or_play(
    served: EuchreServer, browser: Browser
) -> None:
    created = open_served_table(
        served, profile="tournament", seats=ONE_HUMAN, seed=11, timer_seconds=90
    )
    table = created["table"]
    # axe measures colour contrast as the page is at that instant: a card fading in (0.25 s
    # from opacity 0, `.fresh`) reads as faint, and a computer player may lay one while axe
    # runs. With motion reduced there are no animations, so it checks the colours at rest.
    context = browser.new_context(viewport=PHONE, reduced_motion="reduce")  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("[data-action=sit]")
    token = device_token(page, table)
    assert axe_problems(page) == []  # waiting for the players
    click_and_wait(page, page.locator("[data-action=sit]"))
    checked: set[str] = set()
    rng = random.Random(2)
    deadline = time.monotonic() + 300
    while checked != {"bidding", "play", "review"}:
        assert time.monotonic() < deadline, f"only {checked} were checked"
        assert page.locator("#play-status").get_attribute("data-status") != "over"
        if not page.locator(ENABLED).count():
            time.sleep(0.05)
            continue
        view = _settled(served, table, token, page)
        phase = "bidding" if view["phase"].startswith("bid") else view["phase"]
        if page.locator("#review").is_visible():
            phase = "review"
        # A turn timer that plays for the player says so.
        expect(page.locator("#timer")).to_have_text(
            re.compile(r"^You have [01]:\d\d; then a computer plays for you$")
        )
        if phase not in checked and phase in ("bidding", "play", "review"):
            assert axe_problems(page) == [], phase
            checked.add(phase)
        buttons = page.locator(ENABLED)
        try:
            click_and_wait(page, buttons.nth(rng.randrange(buttons.count())))
        except Exception:  # the computer players moved first
            continue
