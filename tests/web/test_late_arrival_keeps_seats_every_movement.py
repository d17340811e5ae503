"""A late arrival keeps the seats already shown, under every movement, from the director's side.

Round 1 is played and every phone shows its players' provisional round-2 seats. One more
player (a team, in a fixed-partner format) arrives. The night goes on from each built-in
sheet (read from the registry, so a new sheet is checked too), each format no built-in sheet
plays (the whist schedule), and LVEA's file (seat classes and a ghost table): the late one
takes a sit-out seat or a new table at the foot, and at most the four players of one table
change table or partner (before: Valpo moved 8 of 12, the progressive night 7 of 12).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import add_singles, add_teams, report_round
from tests.web.test_night_lvea import enter_at_table, lvea_night

from euchre.tournament.formats import FORMATS
from euchre.tournament.sheets import builtin_sheets

SHEETS = sorted(builtin_sheets())
"""Every built-in sheet, from the registry."""
FORMATS_WITHOUT_SHEET = sorted(
    name
    for name in FORMATS
    if not any(sheet.preset.get("format") == name for sheet in builtin_sheets().values())
)
"""The formats no built-in sheet plays: run on the ``tournament`` profile."""


def shown_seats(client: TestClient, event_id: int) -> dict[str, str]:
    """Each player's provisional round-2 seat as the director's snapshot shows it: "table 2
    with 7" (table and partner), or "sits out"."""
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    plan = next(plan for plan in snapshot["rounds"] if plan["round"] == 2)
    seats = {player: "sits out" for player in plan["sitting_out"]}
    for table in plan["tables"]:
        for pair in table["partnerships"]:
            for player in pair:
                partner = next(other for other in pair if other != player)
                seats[player] = f"table {table['table']} with {partner}"
    return seats


def late_arrival_moves(
    client: TestClient, event_id: int, fixed_partners: bool, **late: Any
) -> tuple[list[str], dict[str, str]]:
    """Round 1 reported; the players whose shown round-2 seat changed when one more player
    (a team) arrived, and the seats after."""
    before = shown_seats(client, event_id)
    names = ["Late Larry", "Late Lou"] if fixed_partners else ["Late Larry"]
    for name in names:
        extra = {"team": "Late team"} if fixed_partners else {}
        added = client.post(f"/api/events/{event_id}/players", json={"name": name, **extra, **late})
        assert added.status_code == 201, added.text
    after = shown_seats(client, event_id)
    return [player for player in before if before[player] != after[player]], after


@pytest.mark.parametrize("sheet_id", SHEETS)
@pytest.mark.parametrize("units", [6, 7])
def test_a_late_arrival_changes_at_most_one_tables_shown_seats_on_every_sheet(
    client: TestClient, sheet_id: str, units: int
) -> None:
    """Six or seven teams (fixed partners), or 13 or 15 players, play round 1 of the sheet's
    own night; a late arrival then moves at most four of the seats the phones show."""
    sheet = builtin_sheets()[sheet_id]
    fixed = FORMATS[str(sheet.preset["format"])].fixed_partners
    created = client.post("/api/events", json={"name": "Friday", "profile_id": sheet_id})
    assert created.status_code == 201, created.text
    event_id = int(created.json()["id"])
    if fixed:
        add_teams(client, event_id, units)
    else:
        add_singles(client, event_id, 2 * units + 1)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    report_round(client, event_id, 1)
    moved, after = late_arrival_moves(client, event_id, fixed)
    assert len(moved) <= 4, (sheet_id, moved)
    everyone = 2 * units + 2
    assert len(after) == everyone  # the late one is seated or sits out, nobody is lost


@pytest.mark.parametrize("format_name", FORMATS_WITHOUT_SHEET)
def test_a_late_arrival_changes_at_most_one_tables_shown_seats_on_every_format(
    client: TestClient, format_name: str
) -> None:
    fixed = FORMATS[format_name].fixed_partners
    created = client.post(
        "/api/events",
        json={"name": "Friday", "profile_id": "tournament", "format": format_name, "rounds": 3},
    )
    assert created.status_code == 201, created.text
    event_id = int(created.json()["id"])
    if fixed:
        add_teams(client, event_id, 6)
    else:
        add_singles(client, event_id, 14)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    report_round(client, event_id, 1)
    moved, _after = late_arrival_moves(client, event_id, fixed)
    assert len(moved) <= 4, (format_name, moved)


def test_a_late_high_player_joins_lvea_s_ghost_table_and_no_shown_seat_moves(
    client: TestClient,
) -> None:
    """LVEA (a movement written in the file, a ghost table at the foot): 8 high and 9 low
    players, so one low player sits at the ghost table. A late high player joins him there:
    no seat the phones show moves."""
    event_id = lvea_night(client, 8, 9)
    players = client.get(f"/api/events/{event_id}/players").json()
    codes = {row["number"]: row["code"] for row in players}
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    for index, table in enumerate(client.get(f"/api/events/{event_id}/rounds/1").json()["tables"]):
        enter_at_table(client, table["code"], codes, first_wins=index % 2 == 0)
    moved, after = late_arrival_moves(client, event_id, False, seat_class="high")
    assert moved == []
    assert sorted(seat for seat in after.values() if seat == "sits out") == ["sits out"] * 2
