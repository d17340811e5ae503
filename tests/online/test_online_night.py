"""Issue 13: a club night played online. The engine referees each table and records its
result as confirmed; standings, movement and the euchred cup follow; the hand records replay
to the recorded results; one player's code opens only his own seat."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.online.helpers import bearer, claim, play_out, replay_records
from tests.store.factory import add_singles, codes_by_number


def _bolivar(director: TestClient, players: int, **extra: Any) -> tuple[int, dict[int, str]]:
    config = {"name": "Online Bolivar", "profile_id": "bolivar", "rounds": 2, "seed": 5}
    response = director.post("/api/events", json=config | extra)
    assert response.status_code == 201, response.text
    event_id = int(response.json()["id"])
    assert response.json()["config"].get("online", False) is extra.get("online", False)
    add_singles(director, event_id, players)
    return event_id, codes_by_number(director, event_id)


def _start(director: TestClient, event_id: int) -> int:
    response = director.post(f"/api/events/{event_id}/rounds")
    assert response.status_code == 201, response.text
    return int(response.json()["number"])


@pytest.mark.heavy
def test_bolivar_night_online_scores_itself_and_the_standings_are_the_hand_records_sums(
    director: TestClient, tmp_path: Path
) -> None:
    """8 players, 2 rounds (the second seated by the first's results), random legal moves;
    in round 1 an absent player's seat is played by a computer player whose points the
    director chooses not to count."""
    event_id, codes = _bolivar(director, 8, online=True, side_pot=True)
    rng = random.Random(13)
    absent: tuple[int, int] | None = None  # (round, player)
    for round_number in (1, 2):
        assert _start(director, event_id) == round_number
        live = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
        assert [table["table"] for table in live] == [1, 2]
        if round_number == 1:
            seat = live[0]["seats"][2]
            absent = (1, seat["player"])
            response = director.post(
                f"/api/events/{event_id}/rounds/1/online/1/seats/2",
                json={"kind": "rules", "counts": False},
            )
            assert response.status_code == 200, response.text
        seats: dict[str, dict[int, str]] = {}
        for number, code in codes.items():
            found = claim(director, event_id, code)
            assert found["state"] == "online" and found["round"] == round_number
            if absent == (round_number, number):
                assert found["bot"] == "rules" and found["token"] is None
                continue
            assert found["url"].endswith(f"#seat={found['seat']}&token={found['token']}")
            seats.setdefault(found["play_table"], {})[found["seat"]] = found["token"]
            sat = director.post(
                f"/api/play/tables/{found['play_table']}/actions",
                json={
                    "action": "sit",
                    "seq": director.get(f"/api/play/tables/{found['play_table']}").json()["seq"],
                },
                headers=bearer(found["token"]),
            )
            assert sat.status_code == 200, sat.text
        play_out(director, seats, rng)
        live = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
        assert {table["result"] for table in live} == {"recorded"}, live
        closed = director.post(f"/api/events/{event_id}/rounds/{round_number}/close")
        assert closed.status_code == 200, closed.text

    # The results were recorded by the engine, with no opponent's confirmation.
    audit = director.get(f"/api/events/{event_id}/audit").json()
    engine = [entry for entry in audit if entry["action"] == "engine_result"]
    assert len(engine) == 4
    assert all(entry["who"] == "the engine" for entry in engine)
    assert all(entry["reason"].startswith("recorded by the engine") for entry in engine)
    assert "computer players: seat 2 (rules" in engine[0]["reason"]
    assert "points do not count" in engine[0]["reason"]

    # The hand records replay, and the standings are their sums.
    text = director.get(f"/api/events/{event_id}/online/records.jsonl")
    assert text.status_code == 200
    index = director.get(f"/api/events/{event_id}/online/records-index").json()["tables"]
    replayed = replay_records(text.text, tmp_path)
    assert len(replayed) == sum(entry["hands"] for entry in index)
    points: dict[int, int] = {}
    euchres: dict[int, int] = {}
    for entry in index:
        live = director.get(
            f"/api/events/{event_id}/online/tables", params={"round": entry["round"]}
        ).json()["tables"]
        seat_player = {seat["seat"]: seat["player"] for seat in live[entry["table"] - 1]["seats"]}
        hands = replayed[entry["first"] : entry["first"] + entry["hands"]]
        totals = [sum(hand["team_points"][team] for hand in hands) for team in (0, 1)]
        for seat, player in seat_player.items():
            counted = absent != (entry["round"], player)
            points[player] = points.get(player, 0) + (totals[seat % 2] if counted else 0)
        for hand in hands:
            if hand["status"] != "scored" or hand["maker"] is None:
                continue
            makers = hand["maker"] % 2
            if sum(1 for winner in hand["tricks"] if winner % 2 == makers) < 3:
                for seat in (makers, makers + 2):
                    euchres[seat_player[seat]] = euchres.get(seat_player[seat], 0) + 1
    snapshot = director.get(f"/api/events/{event_id}/snapshot").json()
    standings = {int(row["competitor_id"]): row for row in snapshot["snapshot"]["standings"]}
    assert {number: row["points"] for number, row in standings.items()} == points
    assert {number: row["euchres"] for number, row in standings.items() if row["euchres"]} == {
        number: count for number, count in euchres.items() if count
    }
    assert absent is not None
    assert standings[absent[1]]["points_by_round"].get("1", 0) == 0  # his seat's points not counted
