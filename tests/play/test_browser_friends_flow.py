"""Friends at one table, on phones at 390 px: four friends on four phones (a browser context
each) finish a game; one offers a rematch with partners swapped, the other three are asked,
and the next game starts only when the last of them accepts, each phone following its player
to his new seat. And a stuck dealer is told why there is no Pass."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.play.helpers import human_tokens, play_randomly
from tests.served import EuchreServer

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.shared_server]

PHONE = {"width": 390, "height": 844}


def _finished_game(server: EuchreServer) -> dict[str, Any]:
    """A table of four humans whose short game (to 1 point) was played through the API."""
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        answer = client.post(
            "/api/play/tables",
            json={
                "profile": "tournament",
                "profile_options": {"game_target": 1},
                "seats": ["human"] * 4,
                "seed": 21,
            },
        )
        assert answer.status_code == 201, answer.text
        created: dict[str, Any] = answer.json()
        tokens = human_tokens(created)
        for seq, token in enumerate(tokens.values()):
            sat = client.post(
                f"/api/play/tables/{created['table']}/actions",
                json={"action": "sit", "seq": seq},
                headers={"Authorization": f"Bearer {token}"},
            )
            assert sat.status_code == 200, sat.text
        assert play_randomly(client, created["table"], tokens, random.Random(2))["status"] == "over"
    return created


def _closes_held(
    socket: WebSocketRoute, held: list[tuple[WebSocketRoute, int | None, str | None]]
) -> None:
    """Pass every message both ways, but keep the server's close of ``socket`` in ``held``."""
    server = socket.connect_to_server()
    server.on_message(socket.send)
    socket.on_message(server.send)
    server.on_close(lambda code, reason: held.append((socket, code, reason)))


def test_a_rematch_offered_on_one_phone_asks_the_other_three_and_starts_when_all_accept(
    served: EuchreServer, browser: Browser
) -> None:
    created = _finished_game(served)
    phones: list[Page] = []
    held: list[tuple[WebSocketRoute, int | None, str | None]] = []
    for seat in created["seats"]:
        page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
        if seat["seat"] == 1:
            # West's phone gets the server's closes late, after the move was followed (a
            # slow network: seen in CI, where the late close of the old seat's socket then
            # told West his seat had been opened on another device).
            page.route_web_socket(re.compile(r"/ws$"), lambda ws: _closes_held(ws, held))
        page.goto(seat["url"])
        expect(page.locator("#play-status")).to_have_attribute("data-status", "over")
        phones.append(page)
    south, west, north, east = phones

    south.locator('[data-action="rematch swap"]').click()
    expect(south.locator("#rematch-offer")).to_have_text(
        "You offer a rematch: swap partners (waiting for Left, Partner, Right)."
    )
    for page, name in ((west, "Right"), (north, "Partner"), (east, "Left")):
        offer = page.locator("#rematch-offer")
        expect(offer).to_contain_text(f"{name} offers a rematch: swap partners")
        expect(offer).to_contain_text(re.compile(r"\(waiting for [^)]*\byou\b"))
        expect(page.locator("[data-action=accept]")).to_have_text(re.compile("Accept the rematch"))
        expect(page.locator("[data-action=decline]")).to_have_text(re.compile("No rematch"))

    west.locator("[data-action=accept]").click()
    north.locator("[data-action=accept]").click()
    expect(south.locator("#rematch-offer")).to_have_text(
        "You offer a rematch: swap partners (waiting for Right)."
    )
    expect(south.locator("#play-status")).to_have_attribute("data-status", "over")  # not yet

    east.locator("[data-action=accept]").click()
    for page in phones:
        expect(page.locator("#play-status")).to_have_attribute("data-status", "playing")
        expect(page.locator("#revoked")).to_be_hidden()
    # West moved to North, North to East, East to West: each phone followed its player.
    for page, compass in ((west, "North"), (north, "East"), (east, "West")):
        expect(page.locator("#notice")).to_have_text(
            f"Partners swapped for the rematch: you now sit {compass}."
        )
    assert held, "West's old socket was not closed by the server"
    for socket, code, reason in held:  # the old socket's close arrives only now
        socket.close(code=code, reason=reason)
    west.wait_for_timeout(300)
    expect(west.locator("#revoked")).to_be_hidden()
    expect(west.locator("#play-status")).to_have_attribute("data-status", "playing")
    expect(south.locator("#table-notices li").last).to_have_text(
        "Everyone accepted: a new game starts (swap partners)."
    )
    assert south.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_stuck_dealer_is_told_why_there_is_no_pass(
    served: EuchreServer, browser: Browser
) -> None:
    """Seed 1 deals South first; the three computer players pass both rounds, so South, the
    dealer, must name trump under the sheet's stick-the-dealer rule."""
    answer = httpx.post(
        f"{served.base_url}/api/play/tables",
        json={"profile": "tournament", "seats": ["human", "rules", "rules", "rules"], "seed": 1},
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    page.goto(answer.json()["seats"][0]["url"])
    page.locator("[data-action=sit]").click()
    page.locator("[data-action=pass]").click()  # South's pass in round 1, as dealer
    status = page.locator("#play-status")
    expect(status).to_have_attribute("data-phase", "bid_round_2")
    expect(status).to_have_text(
        "Your turn to bid: everyone passed and you are the dealer, so you must name trump "
        "(no Pass: the dealer is stuck)"
    )
    expect(page.locator("[data-action=pass]")).to_have_count(0)


def test_a_player_who_has_to_go_hands_his_seat_to_a_computer_and_his_partner_is_told(
    served: EuchreServer, browser: Browser
) -> None:
    answer = httpx.post(
        f"{served.base_url}/api/play/tables",
        json={"profile": "tournament", "seats": ["human", "rules", "human", "rules"], "seed": 5},
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    seats = answer.json()["seats"]
    south, north = (browser.new_context(viewport=PHONE).new_page() for _ in range(2))  # type: ignore[arg-type]
    for page, seat in ((south, seats[0]), (north, seats[2])):
        page.goto(seat["url"])
        page.locator("[data-action=sit]").click()
    north.once("dialog", lambda dialog: dialog.accept())
    north.locator("#leave-seat").click()
    expect(north.locator("#revoked")).to_contain_text(
        "You left the table: a computer player (rules) plays your seat from now on."
    )
    expect(south.locator("#table-notices li").last).to_have_text(
        "Partner had to go: a computer player (rules) plays the seat from now on."
    )
    expect(south.locator("#leave-box")).to_be_visible()
