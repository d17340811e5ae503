"""Friends at one table between games, from the players' side (the API): a rematch is offered
and starts only when every human has accepted, partners swapped as offered; a player who has
to go hands his seat to a computer player himself, and the others are told."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from euchre.engine.errors import IllegalActionError
from euchre.play.log import TABLE
from euchre.play.table import TableConfig, TableState
from tests.play.helpers import bearer, human_tokens, open_table, play_randomly, view_of

SHORT = {"game_target": 1}  # the first hand that scores ends the game
TWO_PEOPLE_SHORT_GAME = TableConfig(
    profile="tournament", profile_options=SHORT, seed=1, seats=("human", "human", "rules", "rules")
)
"""Two people and two computer players, a short game."""


def _act(client: TestClient, table: str, token: str, action: str) -> Any:
    seq = view_of(client, table, token)["seq"]
    return client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": action, "seq": seq},
        headers=bearer(token),
    )


def _game_over(client: TestClient, seats: list[str]) -> tuple[str, dict[int, str]]:
    created = open_table(client, seats=seats, seed=11, profile_options=SHORT)
    table, tokens = created["table"], human_tokens(created)
    for token in tokens.values():
        assert _act(client, table, token, "sit").status_code == 200
    final = play_randomly(client, table, tokens, random.Random(3))
    assert final["status"] == "over"
    return table, tokens


def test_a_rematch_offered_with_partners_swapped_starts_only_when_every_human_accepts(
    client: TestClient,
) -> None:
    table, tokens = _game_over(client, ["human", "human", "human", "rules"])
    assert set(view_of(client, table, tokens[1])["legal"]) == {"rematch", "rematch swap"}
    assert _act(client, table, tokens[0], "rematch swap").status_code == 200

    west = view_of(client, table, tokens[1])
    assert west["status"] == "over"  # nobody else was asked yet: no new game
    assert west["rematch"]["arrangement"] == "swap partners"
    assert west["rematch"]["waiting"] == [1, 2]
    assert west["notices"][-1]["text"] == "South offers a rematch: swap partners."
    assert west["legal"] == ["accept", "decline"]

    assert _act(client, table, tokens[1], "accept").status_code == 200
    north = view_of(client, table, tokens[2])
    assert north["status"] == "over" and north["rematch"]["waiting"] == [2]
    assert _act(client, table, tokens[2], "accept").status_code == 200

    after = view_of(client, table)
    assert after["game_number"] == 1 and after["status"] == "playing"
    assert after["rematch"] is None
    assert after["notices"][-1]["text"] == "Everyone accepted: a new game starts (swap partners)."
    # West moved to North, North to East, East (the computer player) to West; South stayed.
    assert [view_of(client, table, tokens[n])["seat"] for n in (0, 1, 2)] == [0, 2, 3]
    assert [s["kind"] for s in after["seats"]] == ["human", "rules", "human", "human"]


def test_a_no_ends_the_offer_and_the_table_is_told(client: TestClient) -> None:
    table, tokens = _game_over(client, ["human", "rules", "human", "rules"])
    assert _act(client, table, tokens[2], "rematch").status_code == 200
    assert view_of(client, table, tokens[2])["legal"] == ["decline"]  # he may withdraw it
    assert _act(client, table, tokens[0], "decline").status_code == 200
    view = view_of(client, table, tokens[2])
    assert view["status"] == "over" and view["rematch"] is None and view["game_number"] == 0
    assert [n["text"] for n in view["notices"]][-2:] == [
        "North offers a rematch: same seats.",
        "South says no to the rematch.",
    ]
    assert set(view["legal"]) == {"rematch", "rematch swap"}  # anyone may offer again


def test_a_lone_human_with_computers_gets_the_rematch_at_once(client: TestClient) -> None:
    table, tokens = _game_over(client, ["human", "rules", "rules", "rules"])
    assert _act(client, table, tokens[0], "rematch").status_code == 200
    assert view_of(client, table, tokens[0])["game_number"] == 1


def test_a_player_who_has_to_go_hands_his_seat_to_a_computer_and_the_others_are_told(
    client: TestClient,
) -> None:
    created = open_table(client, seats=["human", "human", "human", "pimc"], seed=5)
    table, tokens = created["table"], human_tokens(created)
    for token in tokens.values():
        assert _act(client, table, token, "sit").status_code == 200
    left = client.post(f"/api/play/tables/{table}/leave", headers=bearer(tokens[1]))
    assert left.status_code == 200, left.text
    assert left.json()["detail"] == (
        "You left the table: a computer player (pimc) plays your seat from now on."
    )
    south = view_of(client, table, tokens[0])
    assert south["seats"][1]["kind"] == "pimc"
    assert south["notices"][-1]["text"] == (
        "West had to go: a computer player (pimc) plays the seat from now on."
    )
    gone = client.get(f"/api/play/tables/{table}", headers=bearer(tokens[1]))
    assert gone.status_code == 403  # the link, token and code no longer open the seat
    again = client.post(f"/api/play/tables/{table}/leave", headers=bearer(tokens[1]))
    assert again.status_code == 403


def test_leaving_during_an_offer_starts_the_rematch_when_everyone_left_has_accepted(
    client: TestClient,
) -> None:
    table, tokens = _game_over(client, ["human", "human", "rules", "rules"])
    assert _act(client, table, tokens[0], "rematch").status_code == 200
    assert client.post(f"/api/play/tables/{table}/leave", headers=bearer(tokens[1])).is_success
    view = view_of(client, table, tokens[0])
    assert view["game_number"] == 1 and view["status"] == "playing"


def test_at_an_event_table_the_director_decides_who_leaves() -> None:
    config = TableConfig(profile="tournament", seed=1, seats=("human",) * 4, event_id=7)
    state = TableState.new("T", config)
    with pytest.raises(IllegalActionError, match="tell the director you have to go"):
        state.apply(TABLE, "leave 1 rules")


def test_a_table_opened_before_rematches_were_asked_replays_its_one_tap_rematch() -> None:
    config = TWO_PEOPLE_SHORT_GAME
    state = TableState.new("T", config)
    assert not config.rematch_asks
    state.apply(0, "sit")
    state.apply(1, "sit")
    while state.status == "playing":
        seat = state.to_act
        assert seat is not None
        state.apply(seat, random.Random(state.seq).choice(state.legal(seat)))
    assert state.legal(1) == ["rematch"]
    state.apply(1, "rematch")
    assert state.game_number == 1 and state.status == "playing"


def _socket_view(socket: Any, test: Any) -> dict[str, Any]:
    """The first view pushed to ``socket`` that passes ``test``."""
    for _ in range(200):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == "view" and test(message["view"]):
            return message["view"]
    raise AssertionError("the socket was never told")


def test_over_the_sockets_a_swapped_rematch_is_asked_and_a_leaver_is_announced(
    client: TestClient,
) -> None:
    table, tokens = _game_over(client, ["human", "human", "human", "rules"])
    url = f"/api/play/tables/{table}/ws"
    with client.websocket_connect(url) as south, client.websocket_connect(url) as west:
        south.send_json({"token": tokens[0], "seq": 0})
        west.send_json({"token": tokens[1], "seq": 0})
        seq = _socket_view(south, lambda view: True)["seq"]
        _socket_view(west, lambda view: True)
        south.send_json({"type": "action", "action": "rematch swap", "seq": seq})
        asked = _socket_view(west, lambda view: view["rematch"] is not None)
        assert asked["legal"] == ["accept", "decline"]
        assert asked["notices"][-1]["text"] == "South offers a rematch: swap partners."
        west.send_json({"type": "action", "action": "accept", "seq": asked["seq"]})
        _socket_view(south, lambda view: view["rematch"]["waiting"] == [2])
    north = view_of(client, table, tokens[2])
    assert _act(client, table, tokens[2], "accept").status_code == 200
    # The socket path moved West's secret with him: it opens North now.
    assert view_of(client, table, tokens[1])["seat"] == 2
    with client.websocket_connect(url) as east:
        east.send_json({"token": tokens[2], "seq": north["seq"]})  # North moved to East
        assert _socket_view(east, lambda view: True)["seat"] == 3
        assert client.post(f"/api/play/tables/{table}/leave", headers=bearer(tokens[0])).is_success
        told = _socket_view(east, lambda view: view["notices"][-1]["kind"] == "left")
        assert told["notices"][-1]["text"] == (
            "South had to go: a computer player (rules) plays the seat from now on."
        )


def test_a_seat_the_host_hands_to_a_computer_during_an_offer_is_no_longer_asked() -> None:
    config = TWO_PEOPLE_SHORT_GAME.model_copy(update={"rematch_asks": True})
    state = TableState.new("T", config)
    state.apply(0, "sit")
    state.apply(1, "sit")
    rng = random.Random(5)
    while state.status == "playing":
        seat = state.to_act
        assert seat is not None
        state.apply(seat, rng.choice(state.legal(seat)))
    state.apply(0, "rematch")
    assert state.rematch_offer is not None and state.game_number == 0
    state.apply(TABLE, "seat 1 rules")  # the host gives West's seat to a computer player
    assert state.rematch_offer is None and state.game_number == 1


def test_two_friends_who_accept_at_the_same_moment_both_count(client: TestClient) -> None:
    table, tokens = _game_over(client, ["human", "human", "human", "rules"])
    assert _act(client, table, tokens[0], "rematch").status_code == 200
    seq = view_of(client, table, tokens[1])["seq"]
    for seat in (1, 2):  # both sent for the view they saw: the same seq
        answer = client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": "accept", "seq": seq},
            headers=bearer(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
    assert view_of(client, table)["game_number"] == 1
