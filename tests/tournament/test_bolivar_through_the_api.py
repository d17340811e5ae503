"""A Bolivar night run through the JSON API (storage and web on top of the core): fourteen
players, three tables and two sitting out, a player leaving; the phones report, and the
stored seatings show "the team with less points moves"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.store.factory import (
    add_singles,
    create_event,
    director_client,
    report_round,
    seats,
    sqlite_url,
)


def test_bolivar_night_through_the_api_losers_move_winners_stay_and_split(
    tmp_path: Path,
) -> None:
    client = director_client(sqlite_url(tmp_path))
    event_id = create_event(
        client, format="rotating_partners", profile_id="bolivar", rounds=5, side_pot=True
    )
    players = add_singles(client, event_id, 14)
    partnered: set[frozenset[str]] = set()
    previous: dict[str, Any] | None = None
    for number in range(1, 6):
        if number == 3:  # the last player goes home after game 2
            left = client.post(
                f"/api/events/{event_id}/players/{players[-1]['number']}/withdraw",
                json={"reason": "went home"},
            )
            assert left.status_code == 200, left.text
        started = client.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        plan = started.json()["plan"]
        assert len(plan["tables"]) == 3
        assert len(plan["sitting_out"]) == (2 if number < 3 else 1)
        for table in plan["tables"]:
            for side in table["partnerships"]:
                pair = frozenset(str(p) for p in side)
                assert pair not in partnered, f"game {number}: partners again"
                partnered.add(pair)
        if previous is not None:
            table_of = seats(started.json())
            for table in previous["plan"]["tables"]:
                winners, losers = table["partnerships"][0], table["partnerships"][1]
                # report_round gives the first partnership 10-6: it won, the other moves.
                if all(str(p) in table_of for p in winners):
                    assert {table_of[str(p)] for p in winners} == {int(table["table"])}
                for player in losers:
                    if str(player) in table_of:
                        assert table_of[str(player)] != int(table["table"])
                if all(str(p) in table_of for p in losers):
                    assert table_of[str(losers[0])] != table_of[str(losers[1])]
        report_round(client, event_id, number, (10, 6))
        closed = client.post(f"/api/events/{event_id}/rounds/{number}/close")
        assert closed.status_code == 200, closed.text
        previous = started.json()
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    assert snapshot["is_over"]
    pot = snapshot["side_pot"]
    assert pot["rule"] == "Only players who played every game qualify for the euchred cup."
    assert str(players[-1]["number"]) in pot["not_qualified"]
