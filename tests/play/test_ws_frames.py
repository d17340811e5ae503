"""Any frame a client can send gets a sentence or a clean close, never a traceback in the
log, and a frame the table cannot read does not count as that seat's drop; extra members are
refused, naming them, on the socket as over HTTP (one rule)."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from euchre.play.messages import BAD_BINARY, BAD_HELLO

from .helpers import bearer, human_tokens, open_table, view_of


def _seated_table(client: TestClient) -> tuple[str, dict[int, str]]:
    created = open_table(client, seats=["human", "human", "human", "human"], seed=7)
    table, tokens = created["table"], human_tokens(created)
    for token in tokens.values():
        view = view_of(client, table, token)
        sat = client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": "sit", "seq": view["seq"]},
            headers=bearer(token),
        )
        assert sat.status_code == 200, sat.text
    return table, tokens


def _receive(socket: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = socket.receive_json()
    return message


def _no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    assert not [record for record in caplog.records if record.exc_info], [
        record.getMessage() for record in caplog.records if record.exc_info
    ]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


def test_binary_and_garbage_frames_get_a_sentence_and_the_seat_plays_on(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    table, tokens = _seated_table(client)
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as south:
        south.send_json({"token": tokens[0], "seq": 0})
        assert _receive(south)["type"] == "view"
        for frame in (b"\x00\xff\x10binary", b"", b'{"type": "ping"}'):
            south.send_bytes(frame)
            error = _receive(south)
            assert (error["type"], error["status"], error["detail"]) == ("error", 400, BAD_BINARY)
        south.send_text("\x00 garbage {{{")
        assert _receive(south)["status"] == 400
        # The socket still serves the seat: a ping is answered.
        south.send_json({"type": "ping"})
        assert _receive(south) == {"type": "pong"}
        # No frame counted as South's drop: the log has no "drop 0" while his socket is open
        # (read before the socket closes; closing it is a drop, recorded by its own thread).
        log = client.get(f"/api/play/tables/{table}/events", params={"since": 0}).json()
        assert not [entry for entry in log["events"] if entry["action"].startswith("drop")]
    _no_tracebacks(caplog)


def test_a_binary_first_frame_is_refused_in_words_and_closed_cleanly(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table, _ = _seated_table(client)
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as socket:
        socket.send_bytes(b"\x89PNG")
        error = _receive(socket)
        assert (error["status"], error["detail"]) == (400, BAD_HELLO)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4400
    _no_tracebacks(caplog)


def test_an_extra_member_is_refused_naming_it_on_the_socket_and_over_http(
    client: TestClient,
) -> None:
    table, tokens = _seated_table(client)
    seat = view_of(client, table, tokens[0])["to_act"]
    view = view_of(client, table, tokens[seat])
    move = {"action": view["legal"][0], "seq": view["seq"], "seat": (seat + 1) % 4}
    over_http = client.post(
        f"/api/play/tables/{table}/actions", json=move, headers=bearer(tokens[seat])
    )
    assert over_http.status_code == 422
    assert "seat" in over_http.json()["detail"]
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as socket:
        socket.send_json({"token": tokens[seat], "seq": 0})
        assert _receive(socket)["type"] == "view"
        socket.send_json({"type": "action", **move})
        error = _receive(socket)
        assert error["status"] == 400
        assert error["detail"] == (
            'The table could not read what this page sent: it does not know "seat"; reload '
            "the page to go on playing."
        )
    after = view_of(client, table, tokens[seat])  # nothing was played
    assert (after["to_act"], after["legal"], after["hand"]) == (
        view["to_act"],
        view["legal"],
        view["hand"],
    )
