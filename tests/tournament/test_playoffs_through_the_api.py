"""Valpo's playoffs entered from the phones through the JSON API (storage and web on top of
the core): a playoff is checked as a 4-hand match, and a late correction keeps the played
playoff with the teams who played it and asks the director."""

from __future__ import annotations

from pathlib import Path

from tests.store.factory import (
    codes_by_number,
    director_client,
    sqlite_url,
    valpo_winners_level,
)


def test_valpo_playoff_entered_as_a_4_hand_match_and_a_late_correction_asks_the_director(
    tmp_path: Path,
) -> None:
    client = director_client(sqlite_url(tmp_path))
    event_id = valpo_winners_level(client, round_minutes=60)  # both winners on 8: tied
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    plan = started.json()["plan"]
    assert plan["stage"] == "playoff" and plan["hands"] == 4 and plan["minutes"] == 20
    assert plan["label"] == "Playoff: 4-hand game"
    table = started.json()["tables"][0]
    info = client.get(f"/api/tables/{table['code']}").json()
    codes = codes_by_number(client, event_id)
    first = codes[info["partnerships"][0][0]["number"]]
    second = codes[info["partnerships"][1][0]["number"]]
    refused = client.post(
        f"/api/tables/{table['code']}/submissions",
        json={"player_code": first, "team_points": [20, 0]},
    )
    assert refused.status_code == 400
    assert "20 points in 4 hands is impossible" in refused.json()["detail"]
    entered = client.post(
        f"/api/tables/{table['code']}/submissions",
        json={"player_code": first, "team_points": [3, 1]},
    )
    assert entered.status_code == 201, entered.text
    confirmed = client.post(
        f"/api/tables/{table['code']}/submissions/{entered.json()['id']}/confirm",
        json={"player_code": second},
    )
    assert confirmed.status_code == 200, confirmed.text
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    assert snapshot["is_over"] and not snapshot["conflicts"]
    played = snapshot["rounds"][1]["tables"][0]["partnerships"]
    # A correction in round 1 changes who is tied for first.
    corrected = client.put(
        f"/api/events/{event_id}/rounds/1/tables/2/result",
        json={"team_points": [5, 8], "reason": "tally sheet misread"},
    )
    assert corrected.status_code == 200, corrected.text
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    assert snapshot["rounds"][1]["tables"][0]["partnerships"] == played
    assert snapshot["rounds"][1]["complete"]
    (conflict,) = snapshot["conflicts"]
    assert conflict["round"] == 2 and "the director must decide" in conflict["message"]
    assert not snapshot["is_over"] and snapshot["current_round"] == 3
    top = [row for row in snapshot["standings"] if row["rank"] == 1]
    assert len(top) == 2 and all(row["tied"] for row in top)
