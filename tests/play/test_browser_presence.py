"""Presence in real Chromium (issue 21, item 3): a phone drops and returns.

One browser, a context per phone. West's page closes: South's page shows West dropped with
the countdown ("Left dropped: a computer plays in 0:19": West is South's left); at the
deadline a computer player takes West's seat; West opens the table again on his phone and
is told what was played for him ("While you were away the computer played: ..."). The
window is 20 s here (``EUCHRE_PLAY_AWAY_SECONDS``; a casual table's own is 45 s): the test
waits for what the pages show, never for a time. Screenshots at 390x844 go to
``test-artifacts/``.
"""

from __future__ import annotations

import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser_checks import assert_accessible
from tests.served import EuchreServer

from .helpers import CARD, bearer, device_token, move_at_random

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
SHOTS = Path("test-artifacts") / "shots"


@pytest.fixture
def served_drops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EuchreServer]:
    """``euchre serve`` with a 20 s window for a dropped player."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0.02")
    monkeypatch.setenv("EUCHRE_PLAY_AWAY_SECONDS", "20")
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    server = EuchreServer(f"sqlite:///{tmp_path / 'euchre.db'}", tmp_path).start()
    try:
        yield server
    finally:
        server.stop()


def _shot(page: Page, artifacts: Path, name: str) -> None:
    path = artifacts / name
    page.screenshot(path=str(path), full_page=True)
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(path, SHOTS / name)


def _sit(page: Page) -> None:
    page.wait_for_selector("#play-status[data-seq]")
    page.locator("[data-action=sit]").click()
    expect(page.locator("[data-action=sit]")).to_have_count(0)


def _events(server: EuchreServer, table: str, token: str | None = None) -> list[dict[str, Any]]:
    answer = httpx.get(
        f"{server.base_url}/api/play/tables/{table}/events",
        params={"since": 0},
        headers=bearer(token) if token else {},
        timeout=30,
    )
    return list(answer.json()["events"])


def test_a_phone_drops_and_returns(
    served_drops: EuchreServer, browser: Browser, artifacts: Path
) -> None:
    server = served_drops
    answer = httpx.post(
        f"{server.base_url}/api/play/tables",
        json={"profile": "tournament", "seats": ["human", "human", "rules", "rules"], "seed": 5},
        timeout=30,
    )
    created = answer.json()
    table = created["table"]
    south = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    south.goto(created["seats"][0]["url"])
    west_phone = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    west = west_phone.new_page()
    west.goto(created["seats"][1]["url"])
    _sit(south)
    _sit(west)
    south_token = device_token(south, table)
    expect(south.locator("#presence [data-seat='1']")).to_have_attribute("data-connected", "true")
    # West's phone drops (the page is gone, its socket with it).
    west.close()
    notice = south.locator("#drop-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_text(re.compile(r"Left dropped: a computer plays in 0:\d\d"))
    expect(south.locator("#presence [data-seat='1']")).to_have_attribute("data-connected", "false")
    # ... and on the felt, under Left's name, whatever else the seat's head holds.
    expect(south.locator(".seat-box[data-seat='1'] .seat-sub")).to_have_text("dropped")
    _shot(south, artifacts, "presence-west-dropped-countdown-390.png")
    assert_accessible(south, "a player dropped")
    # Then a computer player takes West's seat until he is back.
    expect(south.locator("#presence [data-seat='1']")).to_have_attribute(
        "data-away", "true", timeout=90_000
    )
    expect(notice).to_contain_text("Left is away: a computer plays until they are back.")
    _shot(south, artifacts, "presence-west-away-390.png")
    # South plays on (over the API) until the computer has made three moves for West.
    rng = random.Random(3)
    away_at = next(e["seq"] for e in _events(server, table) if e["action"] == "away 1")
    deadline = time.monotonic() + 90
    api = httpx.Client(base_url=server.base_url, timeout=30)
    while sum(1 for e in _events(server, table) if e["seat"] == 1 and e["seq"] > away_at) < 3:
        assert time.monotonic() < deadline, "nobody moved for West"
        move_at_random(api, table, south_token, rng)
    # West opens the table again on the same phone: the seat is his, and he is told what
    # the computer played for him.
    west = west_phone.new_page()
    west.goto(f"{server.base_url}/play/{table}")
    back = west.locator("#away-notice")
    expect(back).to_be_visible(timeout=30_000)
    expect(back).to_contain_text("While you were away the computer played:")
    assert_accessible(west, "back after a drop")
    expect(south.locator("#presence [data-seat='1']")).to_have_attribute("data-connected", "true")
    expect(notice).to_be_hidden()
    west_token = device_token(west, table)
    log = _events(server, table, west_token)
    back_at = next(e["seq"] for e in log if e["action"] == "back 1")
    made = [e["action"] for e in log if e["seat"] == 1 and away_at < e["seq"] < back_at]
    cards = [card for action in made for card in CARD.findall(action)]
    text = back.inner_text()
    for card in cards:
        rank = "10" if card[0] == "T" else card[0]
        assert rank + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[1]] in text
    _shot(west, artifacts, "presence-west-back-notice-390.png")
    # South's page is never told West's moves this way.
    expect(south.locator("#away-notice")).to_be_hidden()
