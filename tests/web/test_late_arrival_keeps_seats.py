"""A late arrival between rounds, from the phones' side (TestClient): the round-2 seats the
phones already show move only where the sheet's movement must make room for him."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import add_singles, create_event, report_round


def _phone_seats(client: TestClient, event_id: int) -> dict[int, str]:
    """Player number -> "table 2 with Ann, against Bob & Cy" (or "sits out"), as every
    round-1 phone shows its players' provisional round-2 seats."""
    seats: dict[int, str] = {}
    for table in client.get(f"/api/events/{event_id}/rounds/1").json()["tables"]:
        page = html.unescape(client.get(f"/t/{table['code']}").text)
        assert "data-provisional" in page
        for number, seat in re.findall(r'<li data-player="(\d+)" data-seat="([^"]*)"', page):
            seats[int(number)] = seat
    return seats


def _table_and_partner(seat: str) -> str:
    """A seat without its opponents: "table 2 with Ann" (or "sits out")."""
    return seat.split(", against")[0]


@pytest.mark.parametrize("players", [12, 14, 15])
def test_a_late_arrival_moves_only_the_seats_the_movement_must_change(
    client: TestClient, players: int
) -> None:
    """Bolivar (its own rotating partners), round 1 reported, every phone shows its round-2
    seats. One more player arrives: he plays (he missed a game), so one player must give him
    a seat (or, at 16, a new table opens). At most four of the players watched change table
    or partner; before, 6 of 12, 8 of 14 and all 12 watched of 15 did. The sheet's rules
    still hold: winners stay at their table, nobody partners anyone twice."""
    event_id = create_event(client, profile_id="bolivar", format="rotating_partners", rounds=3)
    add_singles(client, event_id, players)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    report_round(client, event_id, 1)  # each phone's first partnership wins 10-6
    winners: dict[int, int] = {}
    partners: set[frozenset[int]] = set()
    for table in client.get(f"/api/events/{event_id}/rounds/1").json()["tables"]:
        info = client.get(f"/api/tables/{table['code']}").json()
        for side, pair in enumerate(info["partnerships"]):
            numbers = [player["number"] for player in pair]
            partners.add(frozenset(numbers))
            if side == 0:
                winners.update({number: info["table"] for number in numbers})
    before = _phone_seats(client, event_id)
    assert len(before) == 12  # the twelve who played round 1

    late = client.post(f"/api/events/{event_id}/players", json={"name": "Late Larry"})
    assert late.status_code == 201, late.text
    after = _phone_seats(client, event_id)

    moved = [n for n in before if _table_and_partner(before[n]) != _table_and_partner(after[n])]
    assert len(moved) <= 4, (moved, before, after)
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    plan = next(plan for plan in snapshot["rounds"] if plan["round"] == 2)
    assert len(plan["tables"]) == (players + 1) // 4
    assert len(plan["sitting_out"]) == (players + 1) % 4
    assert str(late.json()["number"]) not in plan["sitting_out"]
    for table in plan["tables"]:
        for pair in table["partnerships"]:
            assert frozenset(int(player) for player in pair) not in partners
    for number, table_number in winners.items():
        assert after[number] == "sits out" or after[number].startswith(f"table {table_number} ")
