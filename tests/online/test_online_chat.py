"""Chat at an online night's table (issue 21, item 7): the director decides; by default the
preset messages between hands only, since a sheet may forbid table talk (sheet 003: "Table
talk of any kind is strictly prohibited"); a player cannot change it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.online.helpers import bearer, seated_night


def _night(director: TestClient, **settings: Any) -> tuple[int, dict[int, dict[str, Any]]]:
    """An online Valpo night of one table, every player seated; seat -> his claim."""
    return seated_night(director, "valpo", **settings)


def _say(director: TestClient, seat: dict[str, Any], text: str) -> Any:
    return director.post(
        f"/api/play/tables/{seat['play_table']}/chat",
        json={"text": text},
        headers=bearer(seat["token"]),
    )


def _bid(director: TestClient, seats: dict[int, dict[str, Any]]) -> None:
    """The first bidder passes: the hand is in play."""
    table = seats[0]["play_table"]
    for seat in seats.values():
        view = director.get(f"/api/play/tables/{table}", headers=bearer(seat["token"])).json()
        if view["legal"]:
            answer = director.post(
                f"/api/play/tables/{table}/actions",
                json={"action": "pass", "seq": view["seq"]},
                headers=bearer(seat["token"]),
            )
            assert answer.status_code == 200, answer.text
            return
    raise AssertionError("nobody to bid")


def test_valpo_table_talk_of_any_kind_is_strictly_prohibited_presets_only_between_hands(
    director: TestClient,
) -> None:
    _, seats = _night(director)
    table = seats[0]["play_table"]
    assert director.get(f"/api/play/tables/{table}").json()["chat_mode"] == "between_hands"
    assert _say(director, seats[0], "Hello!").status_code == 200  # dealt, nobody bid yet
    answer = _say(director, seats[1], "I have both bowers")
    assert answer.status_code == 409
    assert answer.json()["detail"] == (
        "Only the preset messages can be sent at this table: the director allows no free text."
    )
    _bid(director, seats)
    answer = _say(director, seats[2], "Oops")
    assert answer.status_code == 409
    assert answer.json()["detail"] == (
        "Table talk is not allowed during a hand at this table; send it when the hand is over."
    )
    chat = director.get(f"/api/play/tables/{table}").json()["chat"]
    assert [line["text"] for line in chat] == ["Hello!"]


def test_only_the_director_changes_an_event_tables_chat(director: TestClient) -> None:
    event_id, seats = _night(director)
    table = seats[0]["play_table"]
    answer = director.post(
        f"/api/play/tables/{table}/chat-settings",
        json={"mode": "free"},
        headers=bearer(seats[0]["token"]),
    )
    assert answer.status_code == 403
    assert answer.json()["detail"] == "At an event's table only the director decides the chat."
    answer = director.post(f"/api/events/{event_id}/rounds/1/online/1/chat", json={"mode": "free"})
    assert answer.status_code == 200, answer.text
    _bid(director, seats)
    assert _say(director, seats[3], "well played, partner").status_code == 200
    audit = director.get(f"/api/events/{event_id}/audit").json()
    assert any(entry["action"] == "online_chat" for entry in audit)


def test_the_director_may_open_a_night_with_free_chat(director: TestClient) -> None:
    _, seats = _night(director, online_chat="free")
    _bid(director, seats)
    assert _say(director, seats[1], "good luck all").status_code == 200
    answer = director.post(
        "/api/events", json={"name": "x", "profile_id": "valpo", "online_chat": "loud"}
    )
    assert answer.status_code in (400, 422)
    assert "loud" in answer.text


def test_the_directors_live_page_sets_a_tables_chat(director: TestClient) -> None:
    event_id, seats = _night(director)
    table = seats[0]["play_table"]
    page = director.get(f"/director/events/{event_id}/online")
    assert 'id="chat-1"' in page.text
    assert '<option value="between_hands" selected>' in page.text
    csrf = director.headers["X-CSRF-Token"]
    posted = director.post(
        f"/director/events/{event_id}/rounds/1/online/1/chat",
        data={"mode": "off", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert posted.status_code == 303, posted.text
    assert director.get(f"/api/play/tables/{table}").json()["chat_mode"] == "off"
    answer = _say(director, seats[0], "Hello!")
    assert (answer.status_code, answer.json()["detail"]) == (409, "Chat is off at this table.")
    assert (
        '<option value="off" selected>' in director.get(f"/director/events/{event_id}/online").text
    )
    bad = director.post(
        f"/director/events/{event_id}/rounds/1/online/1/chat",
        data={"mode": "loud", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert bad.status_code == 400 and "unknown chat setting &#39;loud&#39;" in bad.text
