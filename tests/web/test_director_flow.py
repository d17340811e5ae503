"""Issue 9, "The director's flow", through the API and the pages (TestClient): sheet presets,
edit / delete / archive, check in all, withdraw and reinstate, table codes for the whole
event, a player's own code to his table, the audit log in words, prizes before round 1, the
projector's next seating."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import PASSWORD, csrf_token, sqlite_url

from euchre.web.app import create_app


@pytest.fixture
def director(tmp_path: Path) -> TestClient:
    """A client logged in as the director (cookie), with the CSRF header for the API."""
    client = TestClient(create_app(sqlite_url(tmp_path)), base_url="http://127.0.0.1")
    answer = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
    client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
    return client


def _event(client: TestClient, **fields: Any) -> dict[str, Any]:
    answer = client.post("/api/events", json={"name": "Club night", **fields})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def _players(client: TestClient, event_id: int, count: int, *, here: bool) -> None:
    rows = "name,checked_in\n" + "".join(
        f"Player {number},{'yes' if here else 'no'}\n" for number in range(1, count + 1)
    )
    imported = client.post(f"/api/events/{event_id}/players/import", json={"csv": rows})
    assert imported.status_code == 201, imported.text


def _form(client: TestClient, path: str, **fields: str) -> Any:
    page = client.get("/director")
    return client.post(path, data={"csrf_token": csrf_token(page.text), **fields})


def test_choosing_the_bolivar_profile_sets_up_the_bolivar_event(director: TestClient) -> None:
    """ "Choosing a sheet's profile sets up that sheet's event: format, rounds, prizes and pot
    (the API too: fields left out take the preset)"."""
    event = _event(director, profile_id="bolivar")
    config = event["config"]
    assert config["format"] == "rotating_partners"
    assert config["rounds"] == 10
    assert config["prizes"]["tiers"][0] == {"min_tables": 3, "amounts_cents": [6000, 4000, 2000]}
    assert config["side_pot"] is True
    assert event["warnings"] == []
    shorter = _event(director, profile_id="bolivar", rounds=4)
    assert shorter["config"]["rounds"] == 4
    assert shorter["config"]["format"] == "rotating_partners"
    assert shorter["config"]["side_pot"] is True


def test_a_format_that_contradicts_the_sheet_gets_a_warning(director: TestClient) -> None:
    event = _event(director, profile_id="bolivar", format="winners_move_up")
    assert event["config"]["format"] == "winners_move_up"
    assert event["warnings"] == [
        "the Bolivar Lions Club sheet is played as rotating_partners (the sheet's partners "
        "change every game); this event uses winners_move_up"
    ]
    page = director.get(f"/director/events/{event['id']}")
    assert 'id="sheet-warnings"' in page.text


def test_an_unknown_profile_is_refused_naming_it(director: TestClient) -> None:
    answer = director.post("/api/events", json={"name": "x", "profile_id": "euchre-ish"})
    assert answer.status_code == 400
    assert "euchre-ish" in answer.json()["detail"]


def test_the_create_form_takes_the_preset_for_fields_left_empty(director: TestClient) -> None:
    page = director.get("/director")
    assert "data-presets=" in page.text
    created = _form(
        director,
        "/director/events",
        name="Valpo Friday",
        profile_id="valpo",
        format="",
        rounds="",
        prizes="",
        side_pot="",
    )
    assert created.status_code == 200, created.text
    event_id = int(created.url.path.rsplit("/", 1)[1])
    config = director.get(f"/api/events/{event_id}").json()["config"]
    assert (config["format"], config["rounds"]) == ("losers_rotate", 7)


def test_settings_can_be_edited_before_round_1_only(director: TestClient) -> None:
    event = _event(director, profile_id="ballantrae")
    edit = director.get(f"/director/events/{event['id']}/edit")
    assert 'id="edit-event-form"' in edit.text
    saved = _form(
        director,
        f"/director/events/{event['id']}/edit",
        name="Ballantrae evening",
        profile_id="ballantrae",
        format="winners_move_up",
        rounds="5",
        round_minutes="20",
        prizes="",
        side_pot="no",
    )
    assert "Settings saved." in saved.text
    assert director.get(f"/api/events/{event['id']}").json()["config"]["rounds"] == 5
    rows = "name,team,checked_in\n" + "".join(
        f"B{team}{seat},Team {team},yes\n" for team in range(1, 5) for seat in "ab"
    )
    director.post(f"/api/events/{event['id']}/players/import", json={"csv": rows})
    assert director.post(f"/api/events/{event['id']}/rounds").status_code == 201
    refused = director.get(f"/director/events/{event['id']}/edit")
    assert refused.status_code == 409
    assert "its settings are fixed after round 1 starts" in refused.text


def test_deleting_an_event_asks_first_and_a_finished_one_can_be_archived(
    director: TestClient,
) -> None:
    event = _event(director, profile_id="tournament")
    question = director.get(f"/director/events/{event['id']}/delete")
    assert "cannot be undone" in question.text
    assert 'id="archive-event"' not in question.text  # not finished: nothing to keep
    unconfirmed = _form(director, f"/director/events/{event['id']}/delete")
    assert unconfirmed.status_code == 400
    assert "confirm the deletion" in unconfirmed.text
    archived_too_early = _form(director, f"/director/events/{event['id']}/archive")
    assert archived_too_early.status_code == 409
    assert "only a finished event can be archived" in archived_too_early.text
    deleted = _form(director, f"/director/events/{event['id']}/delete", confirm="yes")
    assert "Club night deleted." in deleted.text
    assert director.get(f"/api/events/{event['id']}").status_code == 404


def test_check_in_all_then_withdraw_with_a_reason_and_reinstate(director: TestClient) -> None:
    event_id = _event(director, profile_id="bolivar", rounds=2)["id"]
    _players(director, event_id, 8, here=False)
    base = f"/director/events/{event_id}"
    checked = _form(director, f"{base}/players/check-in-all")
    assert "Checked in 8: Player 1, Player 2" in checked.text
    players = director.get(f"/api/events/{event_id}/players").json()
    assert all(row["checked_in"] for row in players)
    no_reason = _form(director, f"{base}/players/3/withdraw", reason=" ")
    assert no_reason.status_code == 400
    assert "say why the player withdraws" in no_reason.text
    withdrawn = _form(director, f"{base}/players/3/withdraw", reason="called home")
    assert "Player 3 withdrawn from round 1 on." in withdrawn.text
    back = _form(director, f"{base}/players/3/reinstate")
    assert "Player 3 plays on (withdrawal taken back)." in back.text
    assert director.get(f"/api/events/{event_id}/players").json()[2]["withdrawal_round"] is None
    _form(director, f"{base}/players/3/withdraw", reason="called home")
    director.post(f"/api/events/{event_id}/rounds")
    late = _form(director, f"{base}/players/3/reinstate")
    assert late.status_code == 409
    assert "Player 3 has already missed round 1" in late.text
    audit = director.get(f"{base}/audit").text
    assert "withdrew Player 3 (#3)" in audit
    assert "took back the withdrawal of Player 3 (#3)" in audit
    assert "called home" in audit


def test_undo_asks_for_a_reason(director: TestClient) -> None:
    event_id = _event(director, profile_id="bolivar", rounds=2)["id"]
    _players(director, event_id, 8, here=True)
    director.post(f"/api/events/{event_id}/rounds")
    refused = _form(director, f"/director/events/{event_id}/rounds/1/undo", reason="")
    assert refused.status_code == 400
    assert "say why round 1 is undone" in refused.text


def test_a_player_reaches_his_table_from_his_own_code(director: TestClient) -> None:
    event_id = _event(director, profile_id="bolivar", rounds=2)["id"]
    _players(director, event_id, 9, here=True)
    tables = director.post(f"/api/events/{event_id}/rounds").json()
    players = {row["number"]: row for row in director.get(f"/api/events/{event_id}/players").json()}
    seated = tables["tables"][0]
    first = int(tables["plan"]["tables"][0]["partnerships"][0][0])
    found = director.get(
        "/me", params={"event": event_id, "code": players[first]["code"]}, follow_redirects=False
    )
    assert found.status_code == 303
    assert found.headers["location"] == f"/t/{seated['code']}"
    out = int(tables["plan"]["sitting_out"][0])
    sitting = director.get("/me", params={"event": event_id, "code": players[out]["code"]})
    assert 'id="sitting-out"' in sitting.text
    wrong = director.get("/me", params={"event": event_id, "code": "0000x"})
    assert wrong.status_code == 404
    assert "use the code on your own card" in wrong.text
    home = director.get("/")
    assert 'id="player-form"' in home.text


def test_prizes_are_hidden_until_a_round_is_played(director: TestClient) -> None:
    event_id = _event(director, profile_id="bolivar", rounds=2)["id"]
    _players(director, event_id, 12, here=True)
    for path in (f"/director/events/{event_id}", f"/events/{event_id}/live"):
        page = director.get(path)
        assert 'id="prizes-hidden"' in page.text
        assert 'id="prizes"' not in page.text


def test_the_projector_shows_the_seating_with_sit_outs_and_the_next_one_between_rounds(
    director: TestClient,
) -> None:
    event_id = _event(director, profile_id="bolivar", rounds=2)["id"]
    _players(director, event_id, 9, here=True)
    before = director.get(f"/events/{event_id}/live").text
    assert "Next: round 1 seating" in before
    assert 'id="next-seating-sitting-out"' in before
    director.post(f"/api/events/{event_id}/rounds")
    during = director.get(f"/events/{event_id}/live").text
    assert "Round 1 seating" in during
    assert re.search(r'id="live-seating-sitting-out"[^>]*>Sitting out: (?:<bdi>)?Player \d', during)
    assert during.count('<tr data-table="') == 2


def test_messages_and_the_dashboard_name_players_not_numbers(director: TestClient) -> None:
    event_id = _event(director, profile_id="bolivar", rounds=2)["id"]
    _players(director, event_id, 9, here=True)
    director.post(f"/api/events/{event_id}/rounds")
    page = director.get(f"/director/events/{event_id}").text
    seating = page[page.index('id="round-status"') : page.index('id="disputes"')]
    assert "Team 0" not in seating and "Team 1" not in seating
    assert "<th>Partners</th>" in seating
    assert re.search(r"Sitting out: Player \d\.", seating)
