"""The WebSocket's messages as typed models: what the socket sends reads as them, a malformed
message is answered in words for the player, and a seat's hidden cards stay hidden in every
form the table tells its log (views, the entries a reconnecting page missed)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from euchre.play.messages import (
    BAD_ACTION,
    BAD_CHAT,
    BAD_HELLO,
    BAD_MESSAGE,
    ErrorMessage,
    PongMessage,
    ViewMessage,
)

from .helpers import CARD, bearer, human_tokens, open_table, view_of

SERVER_MESSAGE: TypeAdapter[ViewMessage | ErrorMessage | PongMessage] = TypeAdapter(
    ViewMessage | ErrorMessage | PongMessage
)
PROTOCOL_WORDS = ("JSON", "json", "seq", "type", "'action'", "field", "object", "validation")


def _seated(client: TestClient) -> tuple[str, dict[int, str]]:
    created = open_table(client, seats=["human", "human", "human", "human"], seed=31)
    table, tokens = created["table"], human_tokens(created)
    for seat, token in tokens.items():
        view = view_of(client, table, token)
        sat = client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": "sit", "seq": view["seq"]},
            headers=bearer(token),
        )
        assert sat.status_code == 200, (seat, sat.text)
    return table, tokens


def _act(client: TestClient, table: str, token: str, action: str) -> dict[str, Any]:
    view = view_of(client, table, token)
    answer = client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": action, "seq": view["seq"]},
        headers=bearer(token),
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _receive(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next message, checked against the typed models of what the server sends."""
    message: dict[str, Any] = socket.receive_json()
    SERVER_MESSAGE.validate_python(message)
    return message


def test_a_malformed_message_is_answered_in_words_for_the_player(client: TestClient) -> None:
    table, tokens = _seated(client)
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as south:
        south.send_json({"token": tokens[0], "seq": 0})
        assert _receive(south)["type"] == "view"
        cases = [
            ("not a message at all", BAD_MESSAGE, False),
            ('["a", "list"]', BAD_MESSAGE, False),
            ('{"type": "shout", "text": "hi"}', BAD_MESSAGE, False),
            ('{"type": "action", "action": "pass"}', BAD_ACTION, False),
            ('{"type": "action", "action": 7, "seq": 0}', BAD_ACTION, False),
            ('{"type": "chat", "text": 5}', BAD_CHAT, True),
        ]
        for text, sentence, chat in cases:
            south.send_text(text)
            error = _receive(south)
            assert (error["type"], error["status"], error["detail"]) == ("error", 400, sentence)
            assert error.get("chat", False) is chat
            assert not [word for word in PROTOCOL_WORDS if word in error["detail"]], text
            assert error["detail"].endswith(".")
        # The socket still serves the player: a well-formed ping and move go through.
        south.send_json({"type": "ping"})
        assert _receive(south) == {"type": "pong"}
        view = view_of(client, table, tokens[0])
        seat = view["to_act"]
        with client.websocket_connect(f"/api/play/tables/{table}/ws") as mover:
            mover.send_json({"token": tokens[seat], "seq": view["seq"]})
            assert _receive(mover)["type"] == "view"
            mover.send_json({"type": "action", "action": "pass", "seq": view["seq"]})
            while (message := _receive(mover))["view"]["seq"] <= view["seq"]:
                pass
            assert message["view"]["history"][-1] == {"seat": seat, "action": "pass"}


def test_a_first_message_that_is_not_a_greeting_is_refused_in_words(client: TestClient) -> None:
    table, _ = _seated(client)
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as socket:
        socket.send_text('{"token": "x", "seq": "zero"}')
        error = _receive(socket)
        assert (error["status"], error["detail"]) == (400, BAD_HELLO)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4400


def test_the_dealers_discard_is_seen_by_the_dealer_alone_in_views_and_missed_entries(
    client: TestClient,
) -> None:
    table, tokens = _seated(client)
    view = view_of(client, table)
    dealer, first = view["dealer"], view["to_act"]
    _act(client, table, tokens[first], "order")
    legal = view_of(client, table, tokens[dealer])["legal"]
    discard = next(action for action in legal if action.startswith("discard"))
    card = discard.split()[1]
    _act(client, table, tokens[dealer], discard)
    for seat in (None, 0, 1, 2, 3):
        token = tokens[seat] if seat is not None else None
        seen = view_of(client, table, token)
        entries = [entry["action"] for entry in seen["history"]]
        url = f"/api/play/tables/{table}/ws"
        with client.websocket_connect(url) as socket:
            socket.send_json({"token": token, "seq": 0} if token else {"seq": 0})
            message = _receive(socket)
        missed = [entry["action"] for entry in message["view"]["history"]]
        log = [entry["action"] for entry in message["missed"]]
        if seat == dealer:
            assert discard in entries and discard in missed and discard in log
            assert seen["discard"] == card
        else:
            assert "discard" in entries and "discard" in missed and "discard" in log
            assert seen["discard"] is None
            assert card == seen["up_card"] or card not in CARD.findall(str(message))
