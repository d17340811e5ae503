"""Browser play in real Chromium against ``euchre serve`` (one browser, a context per seat).

Issue 12: four humans play a whole ``questions`` game to 11 with the question prompts; one
human with three computer players plays a whole ``bolivar`` game; a page closed and reopened
mid-hand gets its seat back; a hand played with the keyboard only; a phone-sized screenshot
of each phase. Each page is checked to hold no card its seat may not see.
"""

from __future__ import annotations

import functools
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser_checks import assert_accessible
from tests.served import EuchreServer

from .helpers import bearer, click_and_wait, device_token, page_seq, synced

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}
ENABLED = "[data-action]:enabled"


@functools.cache
def _http() -> httpx.Client:
    """One HTTP client for this module's API calls: a call through ``httpx.get`` builds a
    client, and with it an SSL context loading the CA bundle (about 23 ms of CPU, though
    these servers speak plain HTTP), 70 times in the four-phone game alone."""
    return httpx.Client(timeout=30)


def _open(server: EuchreServer, **body: Any) -> dict[str, Any]:
    answer = _http().post(f"{server.base_url}/api/play/tables", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


PAGE_ERRORS: list[str] = []


def _seat_page(browser: Browser, url: str, viewport: dict[str, int] = PHONE) -> Page:
    context: BrowserContext = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    page = context.new_page()
    page.on("pageerror", lambda error: PAGE_ERRORS.append(str(error)))
    page.goto(url)
    page.wait_for_selector("#play-status[data-seq]")
    return page


def _status(page: Page) -> str:
    return page.locator("#play-status").get_attribute("data-status") or ""


def _phase(page: Page) -> str:
    return page.locator("#play-status").get_attribute("data-phase") or ""


def _visible_cards(server: EuchreServer, table: str, token: str) -> set[str]:
    answer = _http().get(f"{server.base_url}/api/play/tables/{table}", headers=bearer(token))
    view = answer.json()
    cards = set(view["hand"]) | {view.get("up_card"), view.get("discard")}
    cards |= {play["card"] for play in view.get("trick", [])}
    cards |= {play["card"] for trick in view.get("tricks", []) for play in trick["cards"]}
    return {card for card in cards if card}


def _assert_no_leak(server: EuchreServer, table: str, page: Page, token: str) -> None:
    shown = set(re.findall(r'data-card="([^"]+)"', page.content()))
    allowed = _visible_cards(server, table, token)
    # The page may lag one move behind the API; a card it shows must be one the seat saw.
    assert shown <= allowed | set(page.evaluate("window.__seen || []")), (shown, allowed)


def _track_seen(page: Page) -> None:
    page.evaluate(
        """() => { window.__seen = window.__seen || [];
        new MutationObserver(() => document.querySelectorAll('[data-card]').forEach(
          (e) => window.__seen.push(e.dataset.card))).observe(document.body,
          {subtree: true, childList: true}); }"""
    )


class Shots:
    """One screenshot per phase seen, in the test's artefact folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.seen: set[str] = set()

    def phase(self, page: Page, name: str) -> None:
        if name and name not in self.seen:
            self.seen.add(name)
            page.screenshot(
                path=str(self.folder / f"{len(self.seen):02d}-{name}.png"), full_page=True
            )


def test_four_humans_play_a_whole_questions_game_to_11_with_the_question_prompts(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = _open(served, profile="questions", seats=["human"] * 4, seed=17)
    table = created["table"]
    pages = [_seat_page(browser, seat["url"]) for seat in created["seats"]]
    tokens = [device_token(page, table) for page in pages]
    shots = Shots(artifacts)
    shots.phase(pages[0], "waiting")
    for page in pages:
        expect(page.locator("#play-status")).to_have_attribute("data-status", "waiting")
        click_and_wait(page, page.locator("[data-action=sit]"))
    rng = random.Random(4)
    questions_seen = 0
    skipped = asked = False
    for step in range(3000):
        seq = synced(pages)
        if _status(pages[0]) == "over":
            break
        actors = [page for page in pages if page.locator(ENABLED).count()]
        assert not PAGE_ERRORS, PAGE_ERRORS
        assert len(actors) == 1, f"{len(actors)} pages may act at seq {seq}: " + str(
            [
                (
                    p.locator("#play-status").get_attribute("data-phase"),
                    p.locator("#play-status").inner_text(),
                )
                for p in pages
            ]
        )
        page = actors[0]
        shots.phase(page, _phase(page))
        if _phase(page) == "question_answer":
            # Everyone sees the question before it is marked answered.
            texts = {other.locator("#question-text").inner_text() for other in pages}
            assert len(texts) == 1 and texts.pop()
            questions_seen += 1
        if step % 25 == 0:
            for other, token in zip(pages, tokens, strict=True):
                _assert_no_leak(served, table, other, token)
        buttons = page.locator(ENABLED)
        if _phase(page) == "question_ask" and not (skipped and asked):
            # Sheet 002: the team "may" ask: the first question is skipped, the next asked.
            action = "ask " if skipped else "skip"
            asked |= skipped
            skipped = True
            click_and_wait(page, page.locator(f'[data-action^="{action}"]:enabled').first)
            continue
        click_and_wait(page, buttons.nth(rng.randrange(buttons.count())))
    else:
        raise AssertionError("the game did not end")
    view = _http().get(f"{served.base_url}/api/play/tables/{table}").json()
    assert view["status"] == "over" and max(view["scores"]) >= 11
    assert questions_seen >= 10 and skipped and asked
    log = pages[0].locator("#question-log")
    expect(log).to_contain_text("asked nobody (skipped)")
    for page in pages:
        expect(page.locator("#play-status")).to_have_attribute("data-status", "over")
        assert page.locator("[data-action=rematch]").count() == 1
    shots.phase(pages[0], "over")
    laptop = _seat_page(browser, f"{served.base_url}/play/{table}", LAPTOP)
    laptop.screenshot(path=str(artifacts / "laptop-spectator-over.png"), full_page=True)
    assert laptop.locator("#my-hand [data-card]").count() == 0  # a spectator holds no cards
    assert laptop.locator(ENABLED).count() == 0


def test_one_human_with_three_computer_players_plays_a_whole_bolivar_game_and_a_reopened_page_keeps_its_seat(  # noqa: E501
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = _open(served, profile="bolivar", seats=["human", "rules", "random", "rules"], seed=3)
    table = created["table"]
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("[data-action=sit]")
    assert "token=" not in page.url  # the token left the address bar for localStorage
    token = device_token(page, table)
    click_and_wait(page, page.locator("[data-action=sit]"))
    shots = Shots(artifacts)
    rng = random.Random(9)
    reopened = False
    deadline = time.monotonic() + 600
    while _status(page) != "over":
        assert time.monotonic() < deadline, "the game did not end"
        buttons = page.locator(ENABLED)
        if not buttons.count():
            time.sleep(0.03)
            continue
        shots.phase(page, _phase(page))
        url = f"{served.base_url}/api/play/tables/{table}"
        view = _http().get(url, headers=bearer(token)).json()
        if not reopened and view["phase"] == "play" and len(view["hand"]) == 3:
            # Mid-hand: close the page and open the table again in the same browser.
            hand, seq = sorted(view["hand"]), view["seq"]
            page.close()
            page = context.new_page()
            page.goto(f"{served.base_url}/play/{table}")
            page.wait_for_selector("#my-hand [data-card]")
            shown = sorted(
                str(card.get_attribute("data-card"))
                for card in page.locator("#my-hand [data-card]").all()
            )
            assert shown == hand and page_seq(page) >= seq
            page.screenshot(path=str(artifacts / "reopened-mid-hand.png"), full_page=True)
            reopened = True
            continue
        if _status(page) == "over":
            break
        try:
            click_and_wait(page, buttons.nth(rng.randrange(buttons.count())))
        except Exception:  # the bots moved first and the buttons changed: look again
            continue
    assert reopened
    final = _http().get(f"{served.base_url}/api/play/tables/{table}").json()
    assert final["status"] == "over" and final["counted_hands"] == 8  # "Eight (8) hands"
    shots.phase(page, "over")


def test_a_hand_played_with_the_keyboard_only(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = _open(
        served, profile="tournament", seats=["human", "random", "random", "random"], seed=5
    )
    table = created["table"]
    page = _seat_page(browser, created["seats"][0]["url"])
    page.keyboard.press("1")  # "Sit down" is move 1
    deadline = time.monotonic() + 120
    while _http().get(f"{served.base_url}/api/play/tables/{table}").json()["hands_played"] < 1:
        assert time.monotonic() < deadline, "the hand did not finish"
        if page.locator(ENABLED).count():
            before = page_seq(page)
            count = page.locator(ENABLED).count()
            page.keyboard.press(str(random.Random(before).randint(1, min(count, 9))))
            limit = time.monotonic() + 10
            while page_seq(page) == before and time.monotonic() < limit:
                time.sleep(0.02)
        else:
            time.sleep(0.03)
    page.keyboard.press("l")
    expect(page.locator("#last-trick")).to_be_visible()
    page.screenshot(path=str(artifacts / "keyboard-last-trick.png"), full_page=True)
    buttons = page.locator("button:visible").all()
    labels = [b.get_attribute("aria-label") or b.inner_text() for b in buttons]
    assert all(label.strip() for label in labels)


def test_the_new_table_form_opens_a_table_with_invite_links_codes_and_qr_codes(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    page = _new_page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    del _new_page
    page.goto(f"{served.base_url}/play")
    page.select_option("#profile", "questions")
    expect(page.locator("details.profile-options[data-profile=questions]")).to_be_visible()
    page.select_option("#seat2", "human")
    page.screenshot(path=str(artifacts / "01-new-table.png"), full_page=True)
    assert_accessible(page, "the new table's form")
    page.click("#open-table")
    expect(page.locator("h1")).to_contain_text("is open")
    assert page.locator("section.invite img.qr").count() == 2
    codes = [code.inner_text() for code in page.locator(".seat-code").all()]
    assert len(codes) == 2 and all(len(code) == 8 for code in codes)
    page.screenshot(path=str(artifacts / "02-invite.png"), full_page=True)
    assert_accessible(page, "the invitations")
    # North joins by code from another phone.
    phone = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    phone.goto(f"{served.base_url}/play")
    phone.fill("#join-code", codes[1])
    phone.click("#join button")
    phone.wait_for_selector("[data-action=sit]")
    row = phone.locator("#seats .seat-row[data-seat='2']").text_content() or ""
    assert row.startswith("You (North)")


def test_the_seats_panel_invites_a_human_to_a_computer_players_seat_from_the_next_hand(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = _open(
        served, profile="tournament", seats=["human", "rules", "rules", "rules"], seed=6
    )
    # The host's page: the seat's link and the host key (only the host changes seats).
    page = _seat_page(browser, created["seats"][0]["url"] + "&host=" + created["host_token"])
    click_and_wait(page, page.locator("[data-action=sit]"))
    page.click("#seats-panel summary")
    row = page.locator("#seats .seat-row[data-seat='2']")
    row.get_by_role("button", name="Invite a human (from the next hand)").click()
    link = page.locator("#invite-link-2")
    expect(link).to_be_visible()
    expect(page.locator("#invite-result img.qr")).to_be_visible()
    expect(row).to_contain_text("→ human next hand")
    page.screenshot(path=str(artifacts / "invited.png"), full_page=True)
    url = str(link.get_attribute("href"))
    view = _http().get(f"{served.base_url}/api/play/tables/{created['table']}").json()
    assert view["seats"][2] == {
        "seat": 2,
        "name": "North",
        "player": None,
        "kind": "rules",
        "next_kind": "human",
        "seated": False,
        "away": False,
        "connected": True,
        "takeover_at": None,
    }
    assert "#seat=2&token=" in url
