"""The question pile on four phones in real Chromium (issue 21, item 8): one browser, a
context per seat. The host edits the table's questions on the page before the game, the
winning team skips one question and asks another, the player asked types the answer, and
every phone's question log shows who asked whom, which question and the answer. Screenshots
at 390x844 go to ``test-artifacts/``.
"""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from euchre.engine.questions import PILE_CARDS
from tests.browser_checks import assert_accessible, assert_fits_one_phone_screen, screenshot
from tests.served import EuchreServer

from .helpers import click_and_wait, phone, synced

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]

ENABLED = "[data-action]:enabled"
DECK = "\n".join(
    f"{card}: Our club's question {card}: what did you cook last?" for card in PILE_CARDS
)
ANSWER = "Risotto, badly"


def _phase(page: Page) -> str:
    return page.locator("#play-status").get_attribute("data-phase") or ""


def test_four_phones_skip_one_question_ask_another_and_see_the_question_log(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    answer = httpx.post(
        f"{served.base_url}/api/play/tables",
        json={"profile": "questions", "seats": ["human"] * 4, "seed": 12},
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    created = answer.json()
    urls = [seat["url"] for seat in created["seats"]]
    # Seat 0's phone is the host's too (the host link's key rides in the same fragment).
    pages = [phone(browser, urls[0] + "&host=" + created["host_token"])]
    pages += [phone(browser, url) for url in urls[1:]]

    # The host edits the questions before the game; a bad deck is refused naming the line,
    # and what was typed stays in the box.
    host = pages[0]
    expect(host.locator("#question-deck-panel")).to_be_visible()
    for other in pages[1:]:
        expect(other.locator("#question-deck-panel")).to_be_hidden()
    host.locator("#question-deck-panel summary").click()
    expect(host.locator("#deck-text")).not_to_have_value("")
    bad = DECK.replace("2C: ", "2C ", 1)
    host.locator("#deck-text").fill(bad)
    host.locator("#deck-save").click()
    expect(host.locator("#deck-result")).to_contain_text("line 1")
    expect(host.locator("#deck-text")).to_have_value(bad)
    screenshot(host, artifacts, "01-deck-refused.png")
    host.locator("#deck-text").fill(DECK)
    host.locator("#deck-save").click()
    expect(host.locator("#deck-result")).to_have_text("Saved.")
    host.locator("#question-deck-panel summary").click()

    for page in pages:
        click_and_wait(page, page.locator("[data-action=sit]"))
    rng = random.Random(12)
    skipped = asked = False
    for _ in range(400):
        synced(pages)
        actors = [page for page in pages if page.locator(ENABLED).count()]
        assert len(actors) == 1, "exactly one phone may act"
        page = actors[0]
        phase = _phase(page)
        if phase == "question_ask" and not skipped:
            screenshot(page, artifacts, "02-may-ask-or-skip.png")
            assert_accessible(page, "a question to ask")
            # Four people at the table: every name whole beside its presence dot, and the
            # question with its buttons and the hand on the first screen.
            assert_fits_one_phone_screen(page, "#play-status", "#question", "#actions")
            click_and_wait(page, page.locator("[data-action=skip]"))
            skipped = True
            continue
        if phase == "question_ask" and not asked:
            click_and_wait(page, page.locator("[data-action^=ask]").first)
            continue
        if phase == "question_answer" and not asked:
            # Everyone sees the question; the player asked types the answer.
            texts = {other.locator("#question-text").inner_text() for other in pages}
            assert len(texts) == 1 and "Our club's question" in texts.pop()
            page.locator("#answer-text").fill(ANSWER)
            screenshot(page, artifacts, "03-answering.png")
            assert_accessible(page, "an answer to type")
            assert_fits_one_phone_screen(
                page, "#play-status", "#question", "#answer-text", "[data-action=answered]"
            )
            click_and_wait(page, page.locator("[data-action=answered]"))
            asked = True
            continue
        if skipped and asked and page.locator("#hand-number").inner_text().split()[-1] != "1":
            break  # the first hand is over (its last question done) and the next is dealt
        buttons = page.locator(ENABLED)
        choices = [buttons.nth(i) for i in range(buttons.count())]
        plays = [b for b in choices if b.get_attribute("data-action") != "skip"]
        click_and_wait(page, rng.choice(plays or choices))
    else:
        raise AssertionError("the first hand did not end with a skip and an answer")

    for page in pages:
        log = page.locator("#question-log")
        expect(log).to_be_visible()
        expect(log).to_contain_text("asked nobody (skipped)")
        expect(log).to_contain_text("Answer: " + ANSWER)
        expect(log).to_contain_text("what did you cook last?")
        expect(log.locator("[data-card]")).to_have_count(0)  # names cards in words only
    host.locator("#question-log summary").click()  # a closed panel on a phone: one tap
    host.locator("#question-log").scroll_into_view_if_needed()
    assert_accessible(host, "the question log")
    screenshot(host, artifacts, "04-question-log.png")
    view = httpx.get(f"{served.base_url}/api/play/tables/{created['table']}").json()
    hands = {entry["hand"] for entry in view["question_log"]}
    assert 1 in hands and view["hands_played"] >= 1
    last_of_hand_1 = [entry for entry in view["question_log"] if entry["hand"] == 1]
    assert last_of_hand_1[-1]["trick"] == 4  # the last trick's question is hand 1's
