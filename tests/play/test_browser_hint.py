"""The play page's hint in real Chromium says the move in a player's words (issue 25,
item 5): no search numbers. A screenshot at 390x844 goes to ``test-artifacts/``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.served import EuchreServer

from .helpers import open_served_table

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]

PHONE = {"width": 390, "height": 844}
SHOTS = Path("test-artifacts") / "shots"
# Every way ``bots.words.explain_move`` opens a sentence: bidding, the discard and card play
# (the human's first turn may be a card when a computer orders before him).
OPENINGS = (
    "pass:|order it up|order your partner up|pick it up|turn it down|call |lead |discard "
    "|the dealer is stuck|partner is winning|trump in|take the trick|win with|play "
    "|you cannot "
)


def test_the_hint_on_the_table_page_reads_as_a_player_would_say_it(
    served: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    created = open_served_table(
        served, profile="tournament", seats=["human", "rules", "rules", "rules"]
    )
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#play-status[data-seq]")
    page.locator("[data-action=sit]").click()
    button = page.locator("#hint-button")
    expect(button).to_be_visible(timeout=30_000)
    button.click()
    hint = page.locator("#hint")
    expect(hint).to_have_text(
        re.compile(r"^Hint: (" + OPENINGS + r").+\.$", re.IGNORECASE), timeout=60_000
    )
    text = hint.inner_text()
    assert "avg" not in text and not re.search(r"[+-]\d\.\d\d", text), text
    path = artifacts / "hint-in-words-phone.png"
    page.screenshot(path=str(path), full_page=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SHOTS / path.name)
