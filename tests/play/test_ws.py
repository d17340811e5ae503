"""The WebSocket per seat: every change pushed to every seat and spectator, catch-up after a
reconnect, refusals as messages; what it sends is exactly the seat's view (no card leaks)."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from .helpers import CARD, bearer, human_tokens, open_table, statements_run, view_of


def _until(socket: WebSocketTestSession, seq: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        assert message["type"] == "view", message
        if message["view"]["seq"] >= seq:
            return message


def test_every_change_reaches_every_seat_and_spectator_and_matches_their_views(
    client: TestClient,
) -> None:
    created = open_table(client, seats=["human", "random", "human", "rules"], seed=21)
    table, tokens = created["table"], human_tokens(created)
    url = f"/api/play/tables/{table}/ws"
    rng = random.Random(2)
    with (
        client.websocket_connect(url) as south,
        client.websocket_connect(url) as north,
        client.websocket_connect(url) as watcher,
    ):
        south.send_json({"token": tokens[0], "seq": 0})
        north.send_json({"token": tokens[2], "seq": 0})
        watcher.send_json({"seq": 0})
        sockets = {0: south, 2: north, None: watcher}
        for socket in sockets.values():
            assert socket.receive_json()["view"]["status"] == "waiting"
        seq = 0
        for _ in range(400):
            for seat in (0, 2):
                view = view_of(client, table, tokens[seat])
                if view["legal"]:
                    sockets[seat].send_json(
                        {"type": "action", "action": rng.choice(view["legal"]), "seq": view["seq"]}
                    )
                    seq = view["seq"] + 1
                    break
            else:
                continue  # a computer player is thinking
            for seat, socket in sockets.items():
                message = _until(socket, seq)
                pushed = message["view"]
                assert pushed["seat"] == seat
                if seat is None:
                    assert pushed["hand"] == [] and pushed["legal"] == []
                else:
                    fresh = view_of(client, table, tokens[seat])
                    if fresh["seq"] == pushed["seq"]:
                        assert fresh == pushed
                    # The hand played last is public whole (its review); under load the
                    # fan-out may skip to a view after it, so look at the hand in play only.
                    live = {key: value for key, value in pushed.items() if key != "last_hand"}
                    others = set(CARD.findall(str(live))) - set(pushed["hand"])
                    public = (
                        {pushed.get("up_card")}
                        | {c["card"] for t in pushed.get("tricks", []) for c in t["cards"]}
                        | {c["card"] for c in pushed.get("trick", [])}
                        | {pushed.get("discard")}
                    )
                    assert others <= public
            if seq and view_of(client, table)["hands_played"] >= 1:
                break
        else:
            raise AssertionError("a whole hand was not played over the sockets")


def test_a_reconnecting_seat_sends_its_last_seq_and_gets_what_it_missed(
    client: TestClient,
) -> None:
    created = open_table(client, seats=["human", "random", "random", "random"], seed=22)
    table, token = created["table"], human_tokens(created)[0]
    url = f"/api/play/tables/{table}/ws"
    with client.websocket_connect(url) as socket:
        socket.send_json({"token": token, "seq": 0})
        first = socket.receive_json()["view"]
    assert first["seq"] == 0
    sat = client.post(
        f"/api/play/tables/{table}/actions", json={"action": "sit", "seq": 0}, headers=bearer(token)
    )
    assert sat.status_code == 200
    latest = view_of(client, table, token)
    with client.websocket_connect(url) as socket:
        socket.send_json({"token": token, "seq": 0})
        message = socket.receive_json()
    assert message["view"]["seq"] >= latest["seq"]
    missed = message["missed"]
    assert [entry["seq"] for entry in missed] == list(range(1, len(missed) + 1))
    assert missed[0] == {"seq": 1, "seat": 0, "action": "sit"}
    for entry in missed:  # another seat's discard is shown as "discard" alone
        if entry["seat"] != 0 and entry["action"].startswith("discard"):
            assert entry["action"] == "discard"


def test_a_wrong_token_is_refused_403_and_a_refused_action_comes_back_as_an_error(
    client: TestClient,
) -> None:
    created = open_table(client, seats=["human", "human", "rules", "rules"], seed=23)
    table, tokens = created["table"], human_tokens(created)
    url = f"/api/play/tables/{table}/ws"
    with client.websocket_connect(url) as socket:
        socket.send_json({"token": "not-a-token", "seq": 0})
        message = socket.receive_json()
        assert message["type"] == "error" and message["status"] == 403
    with client.websocket_connect(url) as socket:
        socket.send_json({"token": tokens[1], "seq": 0})
        socket.receive_json()
        socket.send_json({"type": "action", "action": "play AS", "seq": 0})
        error = socket.receive_json()
        assert error["type"] == "error" and error["status"] == 409
        assert "legal: sit" in error["detail"]
        socket.send_json({"type": "action", "action": "sit", "seq": 5})
        stale = socket.receive_json()
        assert stale["status"] == 409 and "stale seq 5" in stale["detail"]
    with client.websocket_connect(url) as spectator:
        spectator.send_json({"seq": 0})
        spectator.receive_json()
        spectator.send_json({"type": "action", "action": "sit", "seq": 0})
        assert spectator.receive_json()["status"] == 403


def test_a_phone_joining_a_table_it_is_up_to_date_with_costs_one_read_of_the_log(
    client: TestClient,
) -> None:
    """800 phones following a night's links within seconds (bench/connect_storm_bench.py):
    a socket whose last seq is the table's costs two queries in one read, the log's entries
    after this process's copy (none) and the table's seat tokens (checked in the database
    every time: another worker may have revoked one), where there were six reads (the token's
    seat twice, its holder, the view, the entries, a driver looking for a move nobody owes)."""
    created = open_table(client, seats=["human"] * 4, seed=24)
    table, tokens = created["table"], human_tokens(created)
    url = f"/api/play/tables/{table}/ws"
    database = client.app.state.database  # type: ignore[attr-defined]
    with client.websocket_connect(url) as first:
        first.send_json({"token": tokens[1], "seq": 0})
        assert first.receive_json()["view"]["seq"] == 0
        with statements_run(database) as statements, client.websocket_connect(url) as second:
            second.send_json({"token": tokens[0], "seq": 0})
            message = second.receive_json()
            assert message["view"]["seat"] == 0 and message["view"]["seq"] == 0
            assert message["missed"] == []
            # One more exchange: whatever the connect set going has had its turn by now.
            second.send_text("not a move")
            assert second.receive_json()["type"] == "error"
            assert statements == ["SELECT play_actions", "SELECT play_seats"], statements


def test_a_phone_opening_a_table_this_process_does_not_hold_reads_its_row_in_the_same_read(
    client: TestClient,
) -> None:
    """The first socket at a table this worker does not hold (opened by another worker, or
    dropped for room) builds the copy in the same read: the table's row, its log, its seats."""
    created = open_table(client, seats=["human"] * 4, seed=25)
    table, tokens = created["table"], human_tokens(created)
    service = client.app.state.play_service  # type: ignore[attr-defined]
    service.tables.forget(table)
    with (
        statements_run(service.database) as statements,
        client.websocket_connect(f"/api/play/tables/{table}/ws") as phone,
    ):
        phone.send_json({"token": tokens[2], "seq": 0})
        assert phone.receive_json()["view"]["seat"] == 2
        phone.send_text("not a move")
        assert phone.receive_json()["type"] == "error"
        assert statements == [
            "SELECT play_tables",
            "SELECT play_actions",
            "SELECT play_seats",
        ], statements
