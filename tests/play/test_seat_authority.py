"""One seat, one holder, and deals nobody can predict (issue 21, items 1 and 2), from the
player's side: the API and the WebSocket.

- only the table's host (the creator's host token) changes who sits in a seat;
- re-issuing a seat revokes the old token at once: HTTP refuses it, its socket is told why
  and closed, and it gets nothing more;
- a join code seats one device and is then spent;
- the deal seed is 128 secret bits, absent from every answer while the game runs, published
  in the records once it is over, and re-deals the same cards; a seed the user chose is
  honoured and shown as "seeded".
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from euchre.engine.profile import resolve_profile
from euchre.engine.record import HandRecord, deal_record, draw_first_dealer

from .helpers import bearer, human_tokens, open_table, play_randomly, sit_down, view_of


def _first_view(socket: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    socket.send_json({"token": token, "seq": 0})
    message: dict[str, Any] = socket.receive_json()
    assert message["type"] == "view", message
    return message


def _until_revoked(socket: WebSocketTestSession) -> dict[str, Any]:
    for _ in range(50):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] != "view":
            return message
    raise AssertionError("the socket was never told its seat was taken")


def _two_seated(client: TestClient, seed: int) -> tuple[dict[str, Any], str, dict[int, str]]:
    """A table of two people (seats 0 and 1) and two computer players, both people seated:
    the table as opened, its id and the people's tokens by seat."""
    created = open_table(client, seats=["human", "human", "rules", "rules"], seed=seed)
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    return created, table, tokens


def test_a_non_host_cannot_change_a_seat_403_with_a_clear_sentence(client: TestClient) -> None:
    created = open_table(client, seats=["human", "human", "rules", "rules"])
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    before = view_of(client, table)["seats"]
    # Seat 0, a seated player, tries each change on the other human's seat and on a
    # computer player's: make it a computer, re-open it for a human.
    for target, kind in ((1, "rules"), (1, "human"), (2, "human"), (0, "pimc")):
        refused = client.post(
            f"/api/play/tables/{table}/seats/{target}",
            json={"kind": kind},
            headers=bearer(tokens[0]),
        )
        assert refused.status_code == 403, refused.text
        assert refused.json()["detail"] == (
            "Only the table's host (who opened it) can change who sits in a seat; ask the host."
        )
        assert "token" not in refused.json()
    for headers in ({}, bearer("x" * 32)):
        nobody = client.post(
            f"/api/play/tables/{table}/seats/1", json={"kind": "rules"}, headers=headers
        )
        assert nobody.status_code == 403
    assert view_of(client, table)["seats"] == before
    # The seats' holders still hold them; the host's change works.
    assert view_of(client, table, tokens[1])["seat"] == 1
    made = client.post(
        f"/api/play/tables/{table}/seats/1",
        json={"kind": "rules"},
        headers=bearer(created["host_token"]),
    )
    assert made.status_code == 200, made.text
    assert view_of(client, table)["seats"][1]["kind"] == "rules"


def test_the_host_token_is_no_seat_token(client: TestClient) -> None:
    created = open_table(client, seats=["human", "rules", "rules", "rules"])
    table, host = created["table"], created["host_token"]
    assert host and host not in {seat["token"] for seat in created["seats"]}
    assert len(host) >= 32  # secrets.token_urlsafe(24): 192 bits
    refused = client.post(
        f"/api/play/tables/{table}/actions", json={"action": "sit", "seq": 0}, headers=bearer(host)
    )
    assert refused.status_code == 403


def test_a_reopened_seat_refuses_the_old_token_and_closes_its_socket_with_the_reason(
    client: TestClient,
) -> None:
    created, table, tokens = _two_seated(client, seed=4)
    url = f"/api/play/tables/{table}/ws"
    with client.websocket_connect(url) as old_phone, client.websocket_connect(url) as partner:
        assert _first_view(old_phone, tokens[1])["view"]["seat"] == 1
        _first_view(partner, tokens[0])
        # The host re-opens West's seat for a human: a new link and code at once.
        reopened = client.post(
            f"/api/play/tables/{table}/seats/1",
            json={"kind": "human"},
            headers=bearer(created["host_token"]),
        )
        assert reopened.status_code == 200, reopened.text
        fresh = reopened.json()
        assert fresh["token"] and fresh["code"] and fresh["token"] != tokens[1]
        told = _until_revoked(old_phone)
        assert told == {"type": "revoked", "detail": "This seat was opened on another device."}
        with pytest.raises(WebSocketDisconnect) as closed:
            old_phone.receive_json()
        assert closed.value.code == 4001
        # The partner's socket goes on.
        assert partner.receive_json()["type"] == "view"
    # Every later request with the old token is refused, on HTTP and WebSocket.
    for answer in (
        client.get(f"/api/play/tables/{table}", headers=bearer(tokens[1])),
        client.get(f"/api/play/tables/{table}/hint", headers=bearer(tokens[1])),
        client.get(f"/api/play/tables/{table}/events", headers=bearer(tokens[1])),
        client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": "pass", "seq": view_of(client, table)["seq"]},
            headers=bearer(tokens[1]),
        ),
    ):
        assert answer.status_code == 403, answer.text
    with client.websocket_connect(url) as again:
        again.send_json({"token": tokens[1], "seq": 0})
        refused = again.receive_json()
        assert refused["type"] == "error" and refused["status"] == 403
    assert view_of(client, table, fresh["token"])["seat"] == 1


def test_a_code_typed_on_a_new_phone_closes_the_old_phones_socket(client: TestClient) -> None:
    created, table, tokens = _two_seated(client, seed=8)
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as old_phone:
        _first_view(old_phone, tokens[1])
        joined = client.post("/api/play/join", json={"code": created["seats"][1]["code"]})
        assert joined.status_code == 200, joined.text
        assert _until_revoked(old_phone)["detail"] == "This seat was opened on another device."
    assert client.get(f"/api/play/tables/{table}", headers=bearer(tokens[1])).status_code == 403
    assert view_of(client, table, joined.json()["token"])["seat"] == 1


def test_a_seat_given_to_a_computer_closes_its_socket_saying_so(client: TestClient) -> None:
    created, table, tokens = _two_seated(client, seed=9)
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as phone:
        _first_view(phone, tokens[1])
        client.post(
            f"/api/play/tables/{table}/seats/1",
            json={"kind": "rules"},
            headers=bearer(created["host_token"]),
        )
        assert _until_revoked(phone)["detail"] == "This seat was given to a computer player."


def test_a_join_code_seats_one_device_and_is_then_spent(client: TestClient) -> None:
    created = open_table(client, seats=["human", "human", "rules", "rules"])
    table, code = created["table"], created["seats"][1]["code"]
    first = client.post("/api/play/join", json={"code": code})
    assert first.status_code == 200 and first.json()["seat"] == 1
    second = client.post("/api/play/join", json={"code": code})
    assert second.status_code == 409
    assert second.json()["detail"] == "This code was already used; ask the host for a new one."
    # The first device keeps the seat; the host issues a new code, which works once.
    assert view_of(client, table, first.json()["token"])["seat"] == 1
    new = client.post(
        f"/api/play/tables/{table}/seats/1",
        json={"kind": "human"},
        headers=bearer(created["host_token"]),
    ).json()
    assert new["code"] != code
    third = client.post("/api/play/join", json={"code": new["code"]})
    assert third.status_code == 200 and third.json()["seat"] == 1
    assert client.post("/api/play/join", json={"code": new["code"]}).status_code == 409
    # The page's join box says the same sentence and keeps the table's form.
    page = client.post("/play/join", data={"code": new["code"]}, follow_redirects=False)
    assert page.status_code == 409
    assert "This code was already used; ask the host for a new one." in page.text


def _records(client: TestClient, table: str) -> list[dict[str, Any]]:
    text = client.get(f"/api/play/tables/{table}/records.jsonl").text
    return [json.loads(line) for line in text.splitlines()]


def test_the_seed_is_secret_while_playing_published_after_and_redeals_the_same_cards(
    client: TestClient,
) -> None:
    created = open_table(
        client,
        seats=["human", "rules", "rules", "rules"],
        profile="tournament",
        profile_options={"game_target": 3},
    )
    table, tokens = created["table"], human_tokens(created)
    assert created["seeded"] is False
    service = client.app.state.play_service  # type: ignore[attr-defined]
    with service.reading(table) as state:
        secret = state.config.seed
    assert secret >= 2**31 and secret.bit_length() > 100  # 128 random bits (≥ 2^100: ~1 - 2^-27)
    seen: list[str] = []

    def watch(seat: int, view: dict[str, Any]) -> None:
        if view["status"] == "over":
            return
        seen.append(json.dumps(view))
        # The computer players may end the game between two requests: the records count as
        # read while it ran only when the table still plays after they were read.
        records = client.get(f"/api/play/tables/{table}/records.jsonl").text
        now = view_of(client, table)
        if now["status"] != "over":
            seen.extend((records, json.dumps(now)))

    with client.websocket_connect(f"/api/play/tables/{table}/ws") as socket:
        socket.send_json({"token": tokens[0], "seq": 0})
        seen.append(json.dumps(socket.receive_json()))
        final = play_randomly(client, table, tokens, random.Random(1), on_view=watch)
    assert final["status"] == "over" and final["seeded"] is False
    records = _records(client, table)
    published = records[0]["seed"]["value"]
    assert all(
        record["seed"] == {"game": 0, "seeded": False, "value": published} for record in records
    )
    for text in seen:  # nothing said while the game ran holds the seed or the game's seed
        assert str(secret) not in text and published not in text
    # Anyone can deal the game again from the published seed: Random(seed) draws the first
    # dealer, then deals each hand in turn.
    rng = random.Random(published)
    profile = resolve_profile("tournament", {"game_target": 3})
    draw_first_dealer(profile, rng)
    for record in records:
        played = HandRecord.from_json(record)
        again = deal_record(profile, played.dealer, rng)
        assert (again.hands, again.up_card, again.kitty) == (
            played.hands,
            played.up_card,
            played.kitty,
        )


def test_a_seed_the_user_chose_is_honoured_and_shown_as_seeded(client: TestClient) -> None:
    options = {"profile_options": {"game_target": 3}}
    first = open_table(client, seats=["human", "rules", "rules", "rules"], seed=77, **options)
    second = open_table(client, seats=["human", "rules", "rules", "rules"], seed=77, **options)
    assert first["seeded"] is True
    hands = []
    for created in (first, second):
        table, tokens = created["table"], human_tokens(created)
        sit_down(client, table, tokens)
        view = view_of(client, table, tokens[0])
        assert view["seeded"] is True
        hands.append(view["hand"])
        page = client.get(f"/play/{table}")
        assert 'id="seeded"' in page.text and "seeded" in page.text
    assert hands[0] == hands[1]  # the same seed deals the same cards
    final = play_randomly(
        client, first["table"], human_tokens(first), random.Random(2), timeout=600
    )
    assert final["status"] == "over"
    records = _records(client, first["table"])
    assert records and all(record["seed"]["seeded"] is True for record in records)
