"""Issue 21, item 9: an online night between rounds. A player whose game is over sees the
event's standings with his own row marked, the round's clock and his last result; after the
last round, the night's results (final standings, prizes, the euchred cup, a link to the
results). The director's live page answers its rows alone for its in-place updates."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.online.helpers import claim, online_bolivar_night, play_out, sit
from tests.store.factory import PASSWORD


def _night(director: TestClient) -> tuple[int, dict[int, str]]:
    """An online Bolivar night of 8 players over 3 rounds, 30-minute rounds, a euchred cup
    and prizes."""
    # Two tables: the sheet's prize tiers start at three, so this night pays its own.
    prizes = [{"min_tables": 1, "amounts_cents": [2000, 1000]}]
    return online_bolivar_night(
        director, 8, rounds=3, seed=21, round_minutes=30, side_pot=True, prizes=prizes
    )


def _play_round(director: TestClient, event_id: int, codes: dict[int, str]) -> None:
    """Start the next round; every player claims his seat, sits, and plays random legal
    cards until every table's result is recorded."""
    answer = director.post(f"/api/events/{event_id}/rounds")
    assert answer.status_code == 201, answer.text
    seats: dict[str, dict[int, str]] = {}
    for code in codes.values():
        found = claim(director, event_id, code)
        seats.setdefault(found["play_table"], {})[found["seat"]] = found["token"]
        sit(director, found["play_table"], found["token"])
    play_out(director, seats, random.Random(9))
    tables = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    assert all(table["result"] == "recorded" for table in tables), tables


def _between(director: TestClient, event_id: int, code: str) -> dict[str, Any]:
    answer = director.post(f"/api/events/{event_id}/online/between", json={"code": code})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


@pytest.mark.heavy
def test_between_rounds_a_player_sees_the_standings_the_clock_his_result_then_the_night_over(
    director: TestClient,
) -> None:
    event_id, codes = _night(director)
    before = _between(director, event_id, codes[3])
    assert before["round"] is None and before["last_result"] is None
    assert not before["night_over"]

    _play_round(director, event_id, codes)
    view = _between(director, event_id, codes[3])
    snapshot = director.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    # The event's standings as the snapshot has them, names and points, his own row marked.
    assert [(row["name"], row["points"]) for row in view["standings"]] == [
        (row["name"], row["points"]) for row in snapshot["standings"]
    ]
    assert [row["name"] for row in view["standings"] if row["me"]] == ["P3"]
    # The round's clock: its time limit, counting down from its start.
    clock = view["round"]["clock"]
    assert view["round"]["number"] == 1 and view["round"]["open"]
    assert clock["minutes"] == 30 and not clock["untimed"]
    assert 0 < clock["seconds_left"] <= 30 * 60
    # His last result: his table's score, his side first, and his points for the round.
    last = view["last_result"]
    live = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    (table,) = [t for t in live if 3 in {seat["player"] for seat in t["seats"]}]
    my_seat = next(seat["seat"] for seat in table["seats"] if seat["player"] == 3)
    assert last["round"] == 1 and last["table"] == table["table"]
    assert last["points"] == [table["scores"][my_seat % 2], table["scores"][1 - my_seat % 2]]
    mine = next(row for row in snapshot["standings"] if row["competitor_id"] == "3")
    assert last["round_points"] == mine["points_by_round"]["1"]
    assert "P3" not in last["partners"] or last["partners"][0] == "P3"

    # The page's part: the same, as HTML (his row marked "(you)", the clock, the result).
    page = director.post(f"/events/{event_id}/online/between", json={"code": codes[3]})
    assert page.status_code == 200
    assert 'class="me" aria-current="true"' in page.text
    assert "<bdi>P3</bdi> <strong>(you)</strong>" in page.text
    assert "left of 30 minutes" in page.text and 'id="last-result"' in page.text
    assert 'data-night-over="no"' in page.text

    # The round closed: no clock running; his result stays until the next round's seat.
    closed = director.post(f"/api/events/{event_id}/rounds/1/close")
    assert closed.status_code == 200, closed.text
    between = _between(director, event_id, codes[3])
    assert between["round"] == {**between["round"], "number": 1, "open": False}
    assert not between["night_over"] and between["last_result"]["round"] == 1
    for round_number in (2, 3):
        _play_round(director, event_id, codes)
        assert not _between(director, event_id, codes[1])["night_over"]  # still in play
        closed = director.post(f"/api/events/{event_id}/rounds/{round_number}/close")
        assert closed.status_code == 200, closed.text
    # After the last round: the night is over, with its results.
    view = _between(director, event_id, codes[1])
    assert view["night_over"]
    assert view["round"]["number"] == 3 and not view["round"]["open"]
    assert view["prizes"]["awards"], "the night's prizes"
    assert (
        view["prizes"]["cup"].startswith("Euchred cup: ") and " paid to " in view["prizes"]["cup"]
    )
    assert view["results_url"] == f"/events/{event_id}/results"
    assert sum(row["me"] for row in view["standings"]) == 1
    page = director.post(f"/events/{event_id}/online/between", json={"code": codes[1]})
    assert 'data-night-over="yes"' in page.text and 'id="night-over"' in page.text
    assert "Final standings" in page.text and 'id="prizes"' in page.text
    assert 'id="side-pot"' in page.text and f'href="/events/{event_id}/results"' in page.text


def test_a_wrong_code_between_rounds_is_refused_and_names_the_problem(
    director: TestClient,
) -> None:
    event_id, _ = _night(director)
    answer = director.post(f"/api/events/{event_id}/online/between", json={"code": "NOPE99"})
    assert answer.status_code == 404
    assert "code" in answer.json()["detail"].lower()


def test_the_live_page_answers_its_rows_alone_for_the_in_place_updates(
    director: TestClient,
) -> None:
    event_id, _ = _night(director)
    director.post("/login", data={"password": PASSWORD})
    answer = director.post(f"/api/events/{event_id}/rounds")
    assert answer.status_code == 201
    page = director.get(f"/director/events/{event_id}/online")
    assert page.status_code == 200
    assert 'http-equiv="refresh"' in page.text.split("<noscript>")[1].split("</noscript>")[0]
    assert f'data-rows-url="/director/events/{event_id}/online/rows"' in page.text
    rows = director.get(f"/director/events/{event_id}/online/rows")
    assert rows.status_code == 200
    assert rows.text.count("<tr data-key=") == 2 and "<html" not in rows.text
    assert 'id="fill-1"' in rows.text and 'name="csrf_token"' in rows.text
    # The rows are the director's, as the page is.
    anonymous = TestClient(director.app, base_url="http://127.0.0.1")
    refused = anonymous.get(f"/director/events/{event_id}/online/rows", follow_redirects=False)
    assert refused.status_code in (302, 303) and "<tr" not in refused.text
