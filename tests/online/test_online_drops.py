"""Drops at an online night (issue 21, items 3 and 4): the window is the director's choice
(default 2 minutes; 0: wait for the director), a computer player takes a dropped player's
seat when it runs out, and the game it played counts for the table but is marked, and by
default does not make the absent player eligible for prizes or the euchred cup."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from fastapi.testclient import TestClient

from tests.online.helpers import play_out, seated_night
from tests.store.factory import PASSWORD


class FakeClock:
    """The play service's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def __call__(self) -> float:
        return self.now


def _night(director: TestClient, **settings: Any) -> tuple[int, dict[int, dict[str, Any]]]:
    """An online Bolivar night of one table, every player seated; seat -> his claim."""
    return seated_night(director, "bolivar", **settings)


def _drop(director: TestClient, table: str, token: str) -> None:
    with director.websocket_connect(f"/api/play/tables/{table}/ws") as socket:
        socket.send_json({"token": token, "seq": 0})
        socket.receive_json()


def _wait_for(director: TestClient, table: str, test: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:
        view: dict[str, Any] = director.get(f"/api/play/tables/{table}").json()
        if test(view):
            return view
        assert time.monotonic() < deadline, f"timed out at seq {view['seq']}"
        time.sleep(0.02)


def _advance(director: TestClient, table: str, seconds: float) -> None:
    state = director.app.state  # type: ignore[attr-defined]
    state.play_service.clock.now += seconds
    state.play_runtime.from_thread(state.play_runtime.kick, table)


def test_a_player_who_drops_for_good_is_played_by_a_computer_after_two_minutes_and_marked(
    director: TestClient,
) -> None:
    clock = director.app.state.play_service.clock = FakeClock()  # type: ignore[attr-defined]
    event_id, seats = _night(director)
    table = seats[1]["play_table"]
    _drop(director, table, seats[1]["token"])
    view = _wait_for(director, table, lambda v: not v["seats"][1]["connected"])
    assert view["seats"][1]["takeover_at"] == round(clock.now + 120)  # the default window
    _advance(director, table, 121)
    _wait_for(director, table, lambda v: v["seats"][1]["away"])
    # The others play the game out; the computer player moves for the absent player.
    others = {table: {seat: seats[seat]["token"] for seat in (0, 2, 3)}}
    play_out(director, others, random.Random(4))
    # The game's result reaches the event just after the table says it is over: wait for it.
    deadline = time.monotonic() + 30
    while True:
        snapshot = director.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
        if any(row["games_played"] for row in snapshot["standings"]):
            break
        assert time.monotonic() < deadline, "the game's result never reached the event"
        time.sleep(0.05)
    rows = {row["competitor_id"]: row for row in snapshot["standings"]}
    marked = [unit for unit, row in rows.items() if row.get("computer_games")]
    assert len(marked) == 1
    row = rows[marked[0]]
    assert row["computer_games"] == 1 and row["games_played"] == 1
    pot = snapshot["side_pot"]  # the cup goes to the fewest points among those who played
    assert marked[0] not in pot["winners"]
    assert pot["not_qualified"][marked[0]] == "a computer player played 1 of 1 games"
    assert all(award["competitor_id"] != marked[0] for award in snapshot["prizes"])
    page = director.get(f"/events/{event_id}/results")
    assert "(computer played 1 of 1 games)" in page.text
    audit = director.get(f"/api/events/{event_id}/audit").text
    assert "a computer player played the game of player" in audit


def test_a_night_that_waits_for_the_director_shows_the_drop_and_no_computer_takes_the_seat(
    director: TestClient,
) -> None:
    director.app.state.play_service.clock = FakeClock()  # type: ignore[attr-defined]
    _, seats = _night(director, online_drop_seconds=0)
    table = seats[2]["play_table"]
    _drop(director, table, seats[2]["token"])
    view = _wait_for(director, table, lambda v: not v["seats"][2]["connected"])
    assert view["seats"][2]["takeover_at"] is None and not view["seats"][2]["away"]
    _advance(director, table, 3600)
    time.sleep(0.2)
    assert not director.get(f"/api/play/tables/{table}").json()["seats"][2]["away"]
    # He comes back: the seat is his.
    _drop(director, table, seats[2]["token"])  # connects (back), then drops again
    # The second drop is logged once the server sees the socket close: wait for it.
    _wait_for(director, table, lambda v: not v["seats"][2]["connected"])
    deadline = time.monotonic() + 30
    while True:
        events = director.get(f"/api/play/tables/{table}/events", params={"since": 0}).json()
        actions = [entry["action"] for entry in events["events"]]
        if actions.count("drop 2") == 2 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert actions.count("drop 2") == 2 and "back 2" in actions and "away 2" not in actions


def _presence(rows_html: str) -> dict[int, str]:
    """Seat -> its connection as the live page's rows word it."""
    found = re.findall(
        r'<span class="presence" data-seat="(\d)" data-presence="\w+">\((.*?)\)</span>',
        rows_html,
    )
    return {int(seat): re.sub(r"<[^>]+>", "", words) for seat, words in found}


def test_the_directors_live_page_shows_each_seats_connection_with_the_countdown(
    director: TestClient,
) -> None:
    """Issue 21, item 9 with item 3: the live page shows whether each seat's player is
    connected, dropped (with the countdown to the computer player), or away while a computer
    plays for him; its rows (the in-place updates) and the JSON say the same."""
    clock = director.app.state.play_service.clock = FakeClock()  # type: ignore[attr-defined]
    event_id, seats = _night(director)
    director.post("/login", data={"password": PASSWORD})
    rows = f"/director/events/{event_id}/online/rows"
    assert _presence(director.get(rows).text) == {seat: "connected" for seat in range(4)}
    table = seats[3]["play_table"]
    _drop(director, table, seats[3]["token"])
    _wait_for(director, table, lambda v: not v["seats"][3]["connected"])
    clock.now += 15
    shown = _presence(director.get(rows).text)
    assert shown[3] == "dropped: a computer plays in 1:45"
    assert all(shown[seat] == "connected" for seat in (0, 1, 2))
    assert 'data-left="105"' in director.get(rows).text  # the page ticks it between fetches
    (live,) = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    assert [seat["connected"] for seat in live["seats"]] == [True, True, True, False]
    assert live["seats"][3]["takeover_in"] == 105 and not live["seats"][3]["away"]
    _advance(director, table, 106)
    _wait_for(director, table, lambda v: v["seats"][3]["away"])
    page = director.get(f"/director/events/{event_id}/online").text
    assert _presence(page)[3] == "away: a computer plays until the player is back"


def test_a_drop_at_a_night_that_waits_for_the_director_says_so_on_his_live_page(
    director: TestClient,
) -> None:
    director.app.state.play_service.clock = FakeClock()  # type: ignore[attr-defined]
    event_id, seats = _night(director, online_drop_seconds=0)
    director.post("/login", data={"password": PASSWORD})
    table = seats[0]["play_table"]
    _drop(director, table, seats[0]["token"])
    _wait_for(director, table, lambda v: not v["seats"][0]["connected"])
    shown = _presence(director.get(f"/director/events/{event_id}/online/rows").text)
    assert shown[0] == "dropped: waiting for you to fill the seat"
