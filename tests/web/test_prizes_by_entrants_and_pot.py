"""Prizes as clubs pay them, from the sheet file: by the number of players entered, or as
percentages of the buy-in with a last-place prize and "must play from the first round".

LVEA: "The pot's split depends on the number of players entered": 16 and 18 players pay
different prizes (by table count both are four tables and paid the same). A "poker chips"
night: "75% / 15% / 10% of the buy-in, $5 back to last place; must play from the first round
to win": the pot is the fee times the entrants, each share rounded down to the dollar, what the
rounding leaves to first; a late arrival is passed over, and the prize line says so.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import club_sheet_event, list_items
from tests.web.test_night_lvea import lvea_night

POKER_CHIPS = """
id = "poker_chips"
name = "Poker chips night"
sheet = "Poker chips club rules"

[profile]
extends = "tournament"

[event]
format = "progressive"
rounds = 2
sit_out_scoring = "fixed"
sit_out_points = 8

[event.prizes]
entry_fee_cents = 500
percents = [75, 15, 10]
round_to_cents = 100
last_place_cents = 500
eligible = ["from_first_round"]

[event.sources]
format = "'Individual: tables and partners drawn by poker chips every game.'"
rounds = "house example"
sit_out_scoring = "'A bye is worth 8 points.'"
sit_out_points = "'A bye is worth 8 points.'"
prizes = "'75% / 15% / 10% of the buy-in, $5 to last place; play from the first round to win.'"

[movement]
redraw = "every_game"

[movement.sources]
redraw = "'Tables and partners are drawn by poker chips every game.'"
"""


def _enter(client: TestClient, event_id: int, number: int, points: Any) -> None:
    """The director enters every table's result of round ``number`` (``points(table)``)."""
    for table in client.get(f"/api/events/{event_id}/rounds").json()[number - 1]["tables"]:
        entered = client.put(
            f"/api/events/{event_id}/rounds/{number}/tables/{table['table']}/result",
            json={"team_points": points(table)},
        )
        assert entered.status_code == 200, entered.text


def _prize_lines(client: TestClient, event_id: int) -> list[str]:
    """The prize lines of the director's dashboard, as read."""
    return list_items(client.get(f"/director/events/{event_id}").text, "prizes")


def test_lvea_pays_sixteen_and_eighteen_players_by_the_sheets_rows_for_entrants(
    client: TestClient,
) -> None:
    paid: dict[int, list[int]] = {}
    for players in (16, 18):
        event_id = lvea_night(client, players // 2, players // 2, f"{players} players")
        started = client.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        assert len(started.json()["tables"]) == 4  # four tables either way
        # Table t's winners score 8 + t: table 4's pair first, table 3's second.
        _enter(client, event_id, 1, lambda table: [8 + table["table"], 2])
        prizes = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["prizes"]
        paid[players] = [award["amount_cents"] for award in prizes]
        lines = _prize_lines(client, event_id)
        assert lines and all(
            f"{players} entrants: the row from {players} entrants" in line for line in lines
        ), lines
    # Partners are level: table 4's pair share 1st and 2nd, table 3's pair the 3rd.
    assert paid[16] == [3250, 3250, 750, 750]
    assert paid[18] == [3650, 3650, 850, 850]


def test_poker_chips_pays_percentages_of_the_buy_in_last_place_and_passes_over_a_late_player(
    client: TestClient,
) -> None:
    event_id = club_sheet_event(
        client, POKER_CHIPS, "chips.toml", name="Chips", profile_id="poker_chips", seed=5
    )
    for number in range(1, 13):
        reply = client.post(f"/api/events/{event_id}/players", json={"name": f"Player {number}"})
        assert reply.status_code == 201, reply.text
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    _enter(client, event_id, 1, lambda table: [5, 4])
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    late = client.post(f"/api/events/{event_id}/players", json={"name": "Late Larry"}).json()
    second = client.post(f"/api/events/{event_id}/rounds")
    assert second.status_code == 201, second.text
    larry = str(late["number"])
    assert larry not in second.json()["plan"]["sitting_out"]  # the seed draws him a seat

    def round_two(table: dict[str, Any]) -> list[int]:
        # Larry's side wins big: on points he would be paid.
        plan = client.get(f"/api/events/{event_id}/rounds").json()[1]["plan"]
        sides = next(t["partnerships"] for t in plan["tables"] if t["table"] == table["table"])
        if larry in sides[0]:
            return [12, 0]
        if larry in sides[1]:
            return [0, 12]
        return [5, 3]

    _enter(client, event_id, 2, round_two)
    assert client.post(f"/api/events/{event_id}/rounds/2/close").status_code == 200
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    standings = snapshot["standings"]
    assert [row["name"] for row in standings[:3]].count("Late Larry") == 1  # in the money
    prizes = snapshot["prizes"]
    assert "Late Larry" not in [award["name"] for award in prizes]
    # 13 entrants × $5 = $65: 75% $48.75 → $48, 15% $9.75 → $9, 10% $6.50 → $6, and the $2
    # the rounding left to first: $50, $9, $6; $5 to last place.
    amounts = {tuple(award["places"]): 0 for award in prizes}
    for award in prizes:
        amounts[tuple(award["places"])] += award["amount_cents"]
    assert sum(amounts.values()) == 6500 + 500
    last = [award for award in prizes if award["decided_by"] == "last_place"]
    assert [(award["name"], award["amount_cents"]) for award in last] == [
        (standings[-1]["name"], 500)
    ]
    lines = _prize_lines(client, event_id)
    assert any(
        "75% of the $65.00 pot (13 entrants × $5.00), rounded down to $1.00, with the $2.00 the "
        "rounding left" in line
        for line in lines
    ), lines
    assert any(
        "passed over: Late Larry arrived for game 2; prizes go to those who played from the "
        "first round" in line
        for line in lines
    ), lines
    assert any(
        "last-place prize; last place; the last place in the standings" in line for line in lines
    ), lines


def test_a_prize_table_the_sheet_file_gets_wrong_is_named_in_words(client: TestClient) -> None:
    bad = POKER_CHIPS.replace("percents = [75, 15, 10]", "percents = [75, 25, 10]").replace(
        'eligible = ["from_first_round"]', 'eligible = ["on_time"]'
    )
    refused = client.post("/api/sheets", json={"text": bad, "filename": "chips.toml"})
    assert refused.status_code == 400, refused.text
    text = refused.text
    assert "the percentages add up to 110, more than the pot" in text
    assert (
        "unknown rule 'on_time'; choose from from_first_round, present_at_end, members_only" in text
    )
    both = POKER_CHIPS.replace(
        "[event.prizes]\n", "[event.prizes]\ntiers = [{ tables = 1, cents = [100] }]\n"
    )
    refused = client.post("/api/sheets", json={"text": both, "filename": "chips.toml"})
    assert "give the prizes as tiers or as percents of the pot, not both" in refused.text
    row = POKER_CHIPS.replace(
        "[event.prizes]\nentry_fee_cents = 500\npercents = [75, 15, 10]\n",
        "[event.prizes]\ntiers = [{ tables = 1, entrants = 8, cents = [100] }]\n",
    )
    refused = client.post("/api/sheets", json={"text": row, "filename": "chips.toml"})
    assert "a prize row gives either tables or entrants" in refused.text


def test_present_at_the_end_and_members_only_pass_over_a_leaver_and_a_guest_extras_added(
    client: TestClient,
) -> None:
    sheet = POKER_CHIPS.replace(
        "[event.prizes]\nentry_fee_cents = 500\npercents = [75, 15, 10]\nround_to_cents = 100\n"
        'last_place_cents = 500\neligible = ["from_first_round"]\n',
        "[event.prizes]\ntiers = [{ entrants = 8, cents = [3000, 1000, 500] }]\n"
        'extras_cents = [2000]\neligible = ["present_at_end", "members_only"]\n',
    ).replace('id = "poker_chips"', 'id = "members_night"')
    added = client.post("/api/sheets", json={"text": sheet, "filename": "members.toml"})
    assert added.status_code == 201, added.text
    created = client.post(
        "/api/events", json={"name": "M", "profile_id": "members_night", "seed": 3}
    )
    event_id = int(created.json()["id"])
    numbers = {}
    for name in ("Gary Guest", "Ed Early", "Ann", "Bob", "Cy", "Dot", "Eve", "Flo"):
        body = {"name": name, "guest": name == "Gary Guest"}
        numbers[name] = str(
            client.post(f"/api/events/{event_id}/players", json=body).json()["number"]
        )
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201

    def first(table: dict[str, Any]) -> list[int]:
        # The guest's and Ed's sides win big.
        plan = client.get(f"/api/events/{event_id}/rounds").json()[0]["plan"]
        sides = next(t["partnerships"] for t in plan["tables"] if t["table"] == table["table"])
        stars = {numbers["Gary Guest"], numbers["Ed Early"]}
        return [12, 0] if stars & set(sides[0]) else [0, 12] if stars & set(sides[1]) else [5, 3]

    _enter(client, event_id, 1, first)
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    gone = client.post(
        f"/api/events/{event_id}/players/{numbers['Ed Early']}/withdraw", json={"reason": "bus"}
    )
    assert gone.status_code == 200, gone.text
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    _enter(client, event_id, 2, lambda table: [5, 3])
    assert client.post(f"/api/events/{event_id}/rounds/2/close").status_code == 200
    prizes = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["prizes"]
    assert {award["name"] for award in prizes}.isdisjoint({"Gary Guest", "Ed Early"})
    # 8 entrants: $30, $10 and $5, the club's $20 added to first.
    assert sum(award["amount_cents"] for award in prizes) == 6500
    text = " ".join(_prize_lines(client, event_id))
    assert "8 entrants: the row from 8 entrants, $20.00 added by the club" in text
    assert "passed over: Gary Guest is a guest; prizes go to club members only" in text
    assert "passed over: Ed Early left after game 1; prizes go to those present at the end" in text
