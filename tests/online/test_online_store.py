"""Issue 13, the pieces: an event's play table has no rematch and closes at the bell; the
rule for an unfinished game; the ``online`` setting; undoing a round takes its online
tables back; the director's pages."""

from __future__ import annotations

import html
import random

import pytest
from fastapi.testclient import TestClient

from euchre.engine.errors import IllegalActionError
from euchre.play.table import TableConfig, TableState
from euchre.store.models import OnlineMark, OnlineTable
from euchre.store.online import online_result, seat_players
from euchre.tournament import EventConfig
from tests.online.helpers import bearer, claim, one_online_table, play_out
from tests.store.factory import add_singles, codes_by_number


def _event_table(**extra: object) -> TableState:
    config = TableConfig(
        profile="bolivar", seed=21, seats=("human",) * 4, hints=False, event_id=1, **extra
    )
    state = TableState.new("T", config)
    for seat in range(4):
        state.apply(seat, "sit")
    return state


def _play_hands(state: TableState, hands: int, rng: random.Random) -> None:
    assert state.game is not None
    while len(state.game.hands) < hands and state.status == "playing":
        seat = state.to_act
        assert seat is not None
        state.apply(seat, rng.choice(state.legal(seat)))


def test_an_event_table_has_no_rematch_and_only_the_table_itself_closes_it() -> None:
    state = _event_table()
    _play_hands(state, 99, random.Random(2))
    assert state.status == "over"
    assert all(state.legal(seat) == [] for seat in range(4))  # no "rematch" at an event
    with pytest.raises(IllegalActionError):
        state.apply(0, "rematch")
    fresh = _event_table()
    with pytest.raises(IllegalActionError):
        fresh.apply(0, "close")  # a player cannot end the game
    fresh.apply(-1, "close")
    assert fresh.status == "over" and fresh.to_act is None and fresh.view(0)["closed"]
    with pytest.raises(IllegalActionError, match="already closed"):
        fresh.apply(-1, "close")


def test_an_unfinished_game_counts_its_finished_hands_and_the_rest_score_0_0() -> None:
    state = _event_table()
    _play_hands(state, 3, random.Random(5))
    assert state.game is not None
    counted = [hand for hand in state.game.hands if hand.counted]
    players = {0: 11, 1: 12, 2: 13, 3: 14}
    result = online_result(state, players, ended=True)
    assert len(result.hand_points) == 8  # the sheet's eight hands, as the tally sheet has
    assert result.hand_points[len(counted) :] == ((0, 0),) * (8 - len(counted))
    assert [sum(hand[team] for hand in result.hand_points) for team in (0, 1)] == list(
        state.game.scores
    )
    unfinished = online_result(state, players, ended=False)
    assert len(unfinished.hand_points) == len(counted)


def test_the_euchred_side_each_pay_and_lone_hands_go_to_their_caller() -> None:
    """Sheet 001: "Each player on the Euchred team will put twenty-five cents..." """
    rng = random.Random(8)
    for _ in range(4):
        state = _event_table()
        _play_hands(state, 99, rng)
        assert state.game is not None
        players = {0: 1, 1: 2, 2: 3, 3: 4}
        result = online_result(state, players, ended=False)
        euchred = [hand.result for hand in state.game.hands if hand.counted and hand.result.euchred]
        assert sum(result.euchres.values()) == 2 * len(euchred)
        for hand in euchred:
            assert hand.maker is not None
            assert result.euchres[players[hand.maker]] >= 1
            assert result.euchres[players[(hand.maker + 2) % 4]] >= 1
        lone = [
            hand.result
            for hand in state.game.hands
            if hand.counted and hand.result.alone and not hand.result.euchred
        ]
        assert sum(result.lone_hands.values()) == len(lone)


def test_the_seating_first_pair_sits_north_south_so_team_points_are_the_seatings() -> None:
    assert seat_players([["3", "7"], ["5", "1"]]) == {0: 3, 1: 5, 2: 7, 3: 1}


def test_the_online_setting_is_kept_only_when_on() -> None:
    config = EventConfig(name="x", profile_id="bolivar", format="rotating_partners", rounds=2)
    assert "online" not in config.to_json()
    online = EventConfig.from_json(config.to_json() | {"online": True})
    assert online.online and online.to_json()["online"] is True


def test_undoing_a_round_takes_its_online_tables_back(director: TestClient) -> None:
    event_id, _codes = one_online_table(director)
    (table,) = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    first = next(iter(codes_by_number(director, event_id).values()))
    token = director.post(f"/api/events/{event_id}/online/seat", json={"code": first}).json()[
        "token"
    ]
    seated = director.get(
        f"/api/play/tables/{table['play_table']}", headers={"Authorization": f"Bearer {token}"}
    )
    assert seated.status_code == 200
    undone = director.post(f"/api/events/{event_id}/rounds/1/undo", json={"reason": "oops"})
    assert undone.status_code == 204, undone.text
    assert director.get(f"/api/events/{event_id}/online/tables").json()["tables"] == []
    view = director.get(f"/api/play/tables/{table['play_table']}").json()
    assert view["status"] == "over" and view["closed"] is True
    stale = director.get(
        f"/api/play/tables/{table['play_table']}", headers={"Authorization": f"Bearer {token}"}
    )
    assert stale.status_code == 403
    code = next(iter(codes_by_number(director, event_id).values()))
    found = director.post(f"/api/events/{event_id}/online/seat", json={"code": code}).json()
    assert found["state"] == "between_rounds"


def test_the_director_pages_create_an_online_event_fill_a_seat_and_mark_a_table(
    director: TestClient,
) -> None:
    csrf = director.headers["X-CSRF-Token"]
    created = director.post(
        "/director/events",
        data={"name": "Club online", "profile_id": "bolivar", "online": "yes", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert created.status_code == 303, created.text
    event_id = int(created.headers["location"].split("/")[3].split("?")[0])
    assert director.get(f"/api/events/{event_id}").json()["config"]["online"] is True
    add_singles(director, event_id, 4)
    assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
    page = director.get(f"/director/events/{event_id}/online")
    assert page.status_code == 200 and 'id="end-1"' in page.text
    code = next(iter(codes_by_number(director, event_id).values()))
    home = director.get("/me", params={"event": event_id, "code": code}, follow_redirects=False)
    assert home.status_code == 303
    assert home.headers["location"] == f"/events/{event_id}/online#code={code}"
    filled = director.post(
        f"/director/events/{event_id}/rounds/1/online/1/seat",
        data={"seat": "3", "kind": "rules", "counts": "no", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert filled.status_code == 303, filled.text
    page = director.get(f"/director/events/{event_id}/online")
    assert "computer: rules, does not count" in page.text
    twice = director.post(
        f"/api/events/{event_id}/rounds/1/online/1/seats/3", json={"kind": "rules"}
    )
    assert twice.status_code == 409 and "seat 3 is already rules" in twice.text
    unknown = director.post(
        f"/api/events/{event_id}/rounds/1/online/1/seats/2", json={"kind": "wizard"}
    )
    assert unknown.status_code == 400 and "unknown player kind 'wizard'" in unknown.text
    bad = director.post(
        f"/director/events/{event_id}/rounds/1/online/1/seat",
        data={"seat": "x", "kind": "rules", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert bad.status_code == 400 and "seat must be a whole number" in bad.text
    marked = director.post(
        f"/director/events/{event_id}/online/mark",
        data={"table": "2", "online": "no", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert marked.status_code == 303
    audit = director.get(f"/api/events/{event_id}/audit").json()
    assert {"online_seat", "mark_table_online"} <= {row["action"] for row in audit}
    anonymous = TestClient(director.app, base_url="http://127.0.0.1")
    assert (
        anonymous.get(f"/director/events/{event_id}/online", follow_redirects=False).status_code
        == 303
    )


def test_a_result_lost_between_the_last_move_and_its_recording_is_recorded_by_the_live_page(
    director: TestClient,
) -> None:
    event_id, _codes = one_online_table(director)
    service = director.app.state.play_service  # type: ignore[attr-defined]
    hook, service.on_game_over = service.on_game_over, None  # the worker "stopped"
    seats: dict[str, dict[int, str]] = {}
    for code in codes_by_number(director, event_id).values():
        found = claim(director, event_id, code)
        seats.setdefault(found["play_table"], {})[found["seat"]] = found["token"]
        seq = director.get(f"/api/play/tables/{found['play_table']}").json()["seq"]
        director.post(
            f"/api/play/tables/{found['play_table']}/actions",
            json={"action": "sit", "seq": seq},
            headers=bearer(found["token"]),
        )
    play_out(director, seats, random.Random(6))
    assert (
        director.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]["team_points"] is None
    )
    service.on_game_over = hook
    (table,) = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    assert table["status"] == "over" and table["result"] == "recorded"
    points = director.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]["team_points"]
    assert points == table["scores"]


def test_deleting_an_online_event_in_play_deletes_its_online_tables(director: TestClient) -> None:
    event_id, _codes = one_online_table(director)
    assert director.post(
        f"/api/events/{event_id}/online/marks/2", json={"online": False}
    ).is_success
    deleted = director.post(
        f"/director/events/{event_id}/delete",
        data={"confirm": "yes", "csrf_token": director.headers["X-CSRF-Token"]},
        follow_redirects=False,
    )
    assert deleted.status_code == 303, deleted.text
    with director.app.state.database.read() as session:  # type: ignore[attr-defined]
        assert session.query(OnlineTable).count() == 0
        assert session.query(OnlineMark).count() == 0


def test_a_refused_live_page_form_comes_back_with_what_was_typed_and_the_field_named(
    director: TestClient,
) -> None:
    event_id, _codes = one_online_table(director)
    csrf = director.headers["X-CSRF-Token"]
    bad = director.post(
        f"/director/events/{event_id}/online/mark",
        data={"table": "two", "online": "no", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert bad.status_code == 400
    assert "table must be a whole number, got 'two'" in html.unescape(bad.text)
    assert 'id="online-tables"' in bad.text and 'id="form-error"' in bad.text
    assert 'value="two" class="invalid" aria-invalid="true"' in bad.text
    assert '<option value="no" selected>on paper</option>' in bad.text
    assert 'http-equiv="refresh"' not in bad.text  # its address is the form's: no reload
    wizard = director.post(
        f"/director/events/{event_id}/rounds/1/online/1/seat",
        data={"seat": "2", "kind": "wizard", "counts": "no", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert wizard.status_code == 400
    assert "unknown player kind 'wizard'" in html.unescape(wizard.text)
    assert '<option value="2" selected>' in wizard.text
    assert '<option value="no" selected>points do not count</option>' in wizard.text
    forged = director.post(
        f"/director/events/{event_id}/online/mark",
        data={"table": "2", "online": "no", "csrf_token": "forged"},
        follow_redirects=False,
    )
    assert forged.status_code == 403 and 'id="error"' in forged.text
