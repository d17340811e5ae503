"""An online night's money and ties, explained where a player sees them.

- The euchred cup charges no euchre to a computer player holding an absent player's seat
  (the absent player is not there to pay), and never goes to a player because the rule left
  him alone in it: with one player or none qualifying, the sheet's fallback or the director
  decides, and the page says so.
- A prize line names who was skipped above it and why ("skipped: P2 (a computer player
  played 1 of 1 games) — computer-played games win no prize"), so "3= P1 (you)" above
  "P1 $20.00" reads right.
- A level game says which side it counts for and the rule that decides it: sheet 001
  (Bolivar) has no tie rule, and the page states our reading.
"""

from __future__ import annotations

import html
import random
from typing import Any

from fastapi.testclient import TestClient

from euchre.tournament.level_games import NO_TIE_RULE
from tests.online.helpers import claim, online_bolivar_night, play_out, sit
from tests.store.factory import add_singles, codes_by_number


def _between(director: TestClient, event_id: int, code: str) -> dict[str, Any]:
    answer = director.post(f"/api/events/{event_id}/online/between", json={"code": code})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_computers_in_three_seats_the_cup_charges_them_nothing_and_the_director_decides_it(
    director: TestClient,
) -> None:
    prizes = [{"min_tables": 1, "amounts_cents": [2000, 1000]}]
    event_id, codes = online_bolivar_night(
        director, 4, rounds=1, seed=8, side_pot=True, prizes=prizes
    )
    assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
    live = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    (table,) = live
    human = table["seats"][0]["player"]
    for seat in (1, 2, 3):  # three players are absent: computer players take their seats
        placed = director.post(
            f"/api/events/{event_id}/rounds/1/online/1/seats/{seat}",
            json={"kind": "rules", "counts": True},
        )
        assert placed.status_code == 200, placed.text
    found = claim(director, event_id, codes[human])
    sit(director, found["play_table"], found["token"])
    play_out(director, {found["play_table"]: {found["seat"]: found["token"]}}, random.Random(3))
    closed = director.post(f"/api/events/{event_id}/rounds/1/close")
    assert closed.status_code == 200, closed.text

    snapshot = director.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    rows = {row["competitor_id"]: row for row in snapshot["standings"]}
    me = rows[str(human)]
    assert me.get("computer_games", 0) == 0
    assert all(row.get("computer_games") == 1 for unit, row in rows.items() if unit != str(human))
    # Only the human's own euchres put money in the cup: a quarter each.
    pot = snapshot["side_pot"]
    assert pot["total_cents"] == 25 * me["euchres"]
    taken = sum(row["euchres"] for unit, row in rows.items() if unit != str(human))
    if taken:
        assert (
            f"{taken} taken by a computer player on an absent player's seat charge nobody"
            in pot["basis"]
        )
    # The rule left her alone in the cup: not paid to her; the director decides.
    assert pot["winners"] == []
    assert pot["undecided"].startswith(f"Only {me['name']} qualifies: the sheet leaves the cup")
    view = _between(director, event_id, codes[human])
    assert view["night_over"]
    assert view["prizes"]["cup"].endswith("not paid: the director decides")
    assert view["prizes"]["cup_undecided"] == pot["undecided"]
    page = html.unescape(
        director.post(f"/events/{event_id}/online/between", json={"code": codes[human]}).text
    )
    assert pot["undecided"] in page

    # Her prize line names every computer-played player above her in the standings.
    (first,) = [line for line in view["prizes"]["awards"] if line.startswith(me["name"])]
    assert "1st prize" in first
    names_above = [
        row["name"]
        for row in snapshot["standings"]
        if row["competitor_id"] != str(human) and row["points"] > me["points"]
    ]
    for name in names_above:
        assert f"{name} (a computer player played 1 of 1 games)" in first, first
    if names_above:
        assert "— computer-played games win no prize" in first
        assert "skipped: " in page


def test_a_level_bolivar_game_says_who_it_counts_for_and_that_the_sheet_has_no_tie_rule(
    director: TestClient,
) -> None:
    body = {"name": "Online Bolivar", "profile_id": "bolivar", "rounds": 2, "online": True}
    answer = director.post("/api/events", json=body)
    event_id = int(answer.json()["id"])
    add_singles(director, event_id, 8)
    codes = codes_by_number(director, event_id)
    started = director.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    first, second = started.json()["plan"]["tables"]
    # 7-7 after 8 hands; the first pair reached 7 first (hand 7), the other drew level.
    hands = [[1, 0], [0, 2], [2, 0], [0, 1], [2, 0], [0, 2], [2, 0], [0, 2]]
    entered = director.put(
        f"/api/events/{event_id}/rounds/1/tables/{first['table']}/result",
        json={"hand_points": hands},
    )
    assert entered.status_code == 200, entered.text
    winner = int(first["partnerships"][0][0])
    loser = int(first["partnerships"][1][0])
    mine = _between(director, event_id, codes[winner])["last_result"]
    assert mine["outcome"] == "level" and mine["level_winner"] == "you"
    assert mine["level_rule"] == NO_TIE_RULE
    theirs = _between(director, event_id, codes[loser])["last_result"]
    assert theirs["level_winner"] == "they"
    page = html.unescape(
        director.post(f"/events/{event_id}/online/between", json={"code": codes[loser]}).text
    )
    assert "reached 7 first: the game counts as won by them." in page
    assert "This sheet has no rule for a level game. Our reading:" in page
    # The results page states the same reading where it shows the 7-7.
    results = html.unescape(director.get(f"/events/{event_id}/results").text)
    assert "reached 7 first: won" in results
    assert f"A level game: {NO_TIE_RULE}" in results
    assert second["table"] != first["table"]
