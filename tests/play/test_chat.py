"""Chat at a play table (issue 21, item 7), from the API and the WebSocket: presets and free
text at a casual table, the host alone changes the chat, a rate limit and a length limit
whose refusals are sentences, the sender is the token's seat, a message is shown as typed
(never as markup), moves sent before a message still count, and the hand records hold no
chat. An event's table: its director decides, by default presets only between hands (sheet
003: "Table talk of any kind is strictly prohibited")."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from .helpers import CARD, bearer, human_tokens, open_table, sit_down, view_of


class FakeClock:
    """The play service's clock, moved by the test (the rate limit's window)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def _casual(client: TestClient) -> tuple[str, dict[int, str], str]:
    """A table of South and North (people) with two computer players, both seated: the
    table, the people's tokens and the host's token."""
    created = open_table(client, seats=["human", "rules", "human", "rules"], seed=5)
    tokens = human_tokens(created)
    table = created["table"]
    sit_down(client, table, tokens, (0, 2))
    return table, tokens, str(created["host_token"])


def _say(client: TestClient, table: str, token: str, text: str) -> Any:
    return client.post(f"/api/play/tables/{table}/chat", json={"text": text}, headers=bearer(token))


def test_presets_and_free_text_reach_every_seat_and_spectator_as_sent_by_the_tokens_seat(
    client: TestClient,
) -> None:
    table, tokens, _host = _casual(client)
    assert _say(client, table, tokens[0], "Nice hand!").status_code == 200
    assert _say(client, table, tokens[2], "  well   done,\npartner ").status_code == 200
    for token in (tokens[0], tokens[2], None):
        chat = view_of(client, table, token)["chat"]
        assert [(line["seat"], line["name"], line["text"]) for line in chat] == [
            (0, "South", "Nice hand!"),
            (2, "North", "well done, partner"),
        ]
        assert chat[0]["preset"] is True and chat[1]["preset"] is False
    # The sender is the token's seat: a "seat" field in the request is refused, not obeyed.
    answer = client.post(
        f"/api/play/tables/{table}/chat",
        json={"text": "hi", "seat": 1},
        headers=bearer(tokens[0]),
    )
    assert answer.status_code == 422
    assert _say(client, table, "not-a-token", "hi").status_code == 403
    assert client.post(f"/api/play/tables/{table}/chat", json={"text": "hi"}).status_code == 403


def test_a_script_tag_is_kept_as_text_and_the_records_hold_no_chat(client: TestClient) -> None:
    table, tokens, _host = _casual(client)
    text = "<script>alert(1)</script>"
    assert _say(client, table, tokens[0], text).status_code == 200
    assert view_of(client, table)["chat"][-1]["text"] == text
    records = client.get(f"/api/play/tables/{table}/records.jsonl").text
    assert "script" not in records and "say" not in records


def test_more_than_five_messages_in_ten_seconds_are_refused_with_a_sentence(
    client: TestClient,
) -> None:
    clock = client.app.state.play_service.clock = FakeClock()  # type: ignore[attr-defined]
    table, tokens, _host = _casual(client)
    for number in range(5):
        assert _say(client, table, tokens[0], f"message {number}").status_code == 200
    answer = _say(client, table, tokens[0], "one more")
    assert answer.status_code == 429
    assert answer.json()["detail"].startswith("You are sending messages too fast")
    assert _say(client, table, tokens[2], "North may still talk").status_code == 200
    clock.now += 60
    assert _say(client, table, tokens[0], "later on").status_code == 200


def test_a_long_or_empty_message_is_refused_with_a_sentence(client: TestClient) -> None:
    table, tokens, _host = _casual(client)
    answer = _say(client, table, tokens[0], "x" * 61)
    assert answer.status_code == 400
    assert answer.json()["detail"] == "A message can be at most 60 characters long; yours has 61."
    assert _say(client, table, tokens[0], "   ").json()["detail"] == "Type a message first."
    assert _say(client, table, tokens[0], "x" * 60).status_code == 200


def test_only_the_host_changes_the_chat_and_free_text_off_leaves_the_presets(
    client: TestClient,
) -> None:
    table, tokens, host_token = _casual(client)
    url = f"/api/play/tables/{table}/chat-settings"
    for token in (tokens[0], tokens[2]):
        answer = client.post(url, json={"mode": "presets"}, headers=bearer(token))
        assert answer.status_code == 403
        assert answer.json()["detail"] == (
            "Only the table's host (who opened it) can change the chat; ask the host."
        )
    assert client.post(url, json={"mode": "presets"}).status_code == 403
    host = bearer(host_token)
    assert client.post(url, json={"mode": "loud"}, headers=host).status_code == 400
    assert client.post(url, json={"mode": "presets"}, headers=host).status_code == 200
    assert view_of(client, table)["chat_mode"] == "presets"
    answer = _say(client, table, tokens[0], "free text")
    assert answer.status_code == 409
    assert answer.json()["detail"] == (
        "Only the preset messages can be sent at this table: the host allows no free text."
    )
    assert _say(client, table, tokens[0], "Thanks").status_code == 200
    assert client.post(url, json={"mode": "off"}, headers=host).status_code == 200
    answer = _say(client, table, tokens[0], "Thanks")
    assert (answer.status_code, answer.json()["detail"]) == (409, "Chat is off at this table.")


def test_a_move_sent_before_a_chat_message_still_counts(client: TestClient) -> None:
    table, tokens, _host = _casual(client)
    for _ in range(200):
        views = {seat: view_of(client, table, token) for seat, token in tokens.items()}
        mover = next((seat for seat, view in views.items() if view["legal"]), None)
        if mover is not None:
            break
        time.sleep(0.02)
    assert mover is not None
    seen = views[mover]
    assert _say(client, table, tokens[2 - mover], "Good game").status_code == 200
    answer = client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": seen["legal"][0], "seq": seen["seq"]},
        headers=bearer(tokens[mover]),
    )
    assert answer.status_code == 200, answer.text


def test_chat_over_the_websocket_reaches_everyone_and_a_refusal_is_a_sentence(
    client: TestClient,
) -> None:
    table, tokens, _host = _casual(client)
    url = f"/api/play/tables/{table}/ws"
    with client.websocket_connect(url) as south, client.websocket_connect(url) as watcher:
        south.send_json({"token": tokens[0], "seq": 0})
        watcher.send_json({"seq": 0})
        south.receive_json()
        watcher.receive_json()
        south.send_json({"type": "chat", "text": "<b>hello</b>"})
        for socket in (south, watcher):
            while True:
                message = socket.receive_json()
                if message["type"] == "view" and message["view"]["chat"]:
                    break
            assert message["view"]["chat"][-1]["text"] == "<b>hello</b>"
            assert message["view"]["chat"][-1]["seat"] == 0
        watcher.send_json({"type": "chat", "text": "I only watch"})
        refusal = watcher.receive_json()
        assert refusal == {
            "type": "error",
            "status": 403,
            "detail": "Only a player seated at this table can chat.",
            "chat": True,
        }


def test_a_chat_message_carries_no_card_but_what_its_sender_typed(client: TestClient) -> None:
    table, tokens, _host = _casual(client)
    assert _say(client, table, tokens[0], "Good game").status_code == 200
    for token in (tokens[0], tokens[2], None):
        chat = view_of(client, table, token)["chat"]
        assert not CARD.findall(json.dumps(chat))
        assert set(chat[0]) == {"number", "seat", "name", "text", "preset"}


def test_a_chat_message_does_not_restart_the_turn_timer(client: TestClient) -> None:
    created = open_table(client, seats=["human", "human", "rules", "rules"], timer_seconds=300)
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens, (0, 1))
    before = view_of(client, table)
    for _ in range(500):  # the computer players move first, until it is a human's turn
        if before["to_act"] in (0, 1):
            break
        time.sleep(0.02)
        before = view_of(client, table)
    assert before["turn_deadline"] is not None
    assert _say(client, table, tokens[0], "Hello!").status_code == 200
    after = view_of(client, table)
    assert after["seq"] == before["seq"] + 1
    assert after["turn_deadline"] == before["turn_deadline"]
