"""An online night's player code never takes his seat silently from the device playing it:
the code's answer is a new link, and that link asks "Take this seat here?" on another
device; the player's own phone, with its own key, plays on."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.online.helpers import bearer, claim
from tests.store.factory import add_singles, codes_by_number


def test_a_code_typed_on_a_second_phone_asks_before_taking_the_seat(
    director: TestClient,
) -> None:
    answer = director.post(
        "/api/events",
        json={"name": "Online", "profile_id": "bolivar", "rounds": 2, "online": True},
    )
    event_id = int(answer.json()["id"])
    add_singles(director, event_id, 8)
    assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
    code = codes_by_number(director, event_id)[1]
    found = claim(director, event_id, code)
    table, seat = found["play_table"], found["seat"]
    assert found["held_elsewhere"] is False
    # His phone opens the link and gets its own key.
    opened = director.post(
        f"/api/play/tables/{table}/claim", json={"seat": seat, "token": found["token"]}
    )
    phone = opened.json()["token"]
    # The code typed again on another device: a new link, and his phone still plays.
    again = claim(director, event_id, code)
    assert again["held_elsewhere"] is True
    assert director.get(f"/api/play/tables/{table}", headers=bearer(phone)).status_code == 200
    asked = director.post(
        f"/api/play/tables/{table}/claim", json={"seat": seat, "token": again["token"]}
    )
    assert asked.status_code == 409
    assert "Take this seat here?" in asked.json()["detail"]
    taken = director.post(
        f"/api/play/tables/{table}/claim",
        json={"seat": seat, "token": again["token"], "take": True},
    )
    assert taken.status_code == 200
    assert director.get(f"/api/play/tables/{table}", headers=bearer(phone)).status_code == 403
