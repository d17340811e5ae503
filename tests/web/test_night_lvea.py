"""LVEA's Thursday night run from its sheet file alone, through the API, as a club would.

The club adds ``tests/data/sheets/lvea.toml`` (no code), creates the night from it, enters 18
players at registration with the scoresheet each drew (9 "high", 9 "low") and plays 8 rounds
of 8 hands, each table entering its hands and an opponent confirming. Each round is checked
against the sheet's words: "High always partners low"; "the winning pair stays at its table,
splits, and its two players play against each other next round"; "the losing pair splits:
the high player moves up one table, the low player moves down one"; "a short last table is a
ghost table: its players take a bye worth 7 points" (the foot table, fed by the movement: the
head's high loser goes round to it and its low player to the head). A table's phones say
where each pair goes in the sheet's own words.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

LVEA = Path(__file__).parent.parent / "data" / "sheets" / "lvea.toml"
ROUNDS = 8
WON_TEN_FOUR = [[2, 0], [1, 0], [0, 1], [2, 0], [0, 2], [1, 0], [4, 0], [0, 1]]
"""Eight hands, as the keeper types them: X, 1, 2 or 4 to a side; 10 to 4."""


def lvea_night(client: TestClient, highs: int, lows: int, name: str = "Thursday") -> int:
    """The club's sheet added from its file (once), a night created from it and its players
    entered with their scoresheet's class: "High 1".. then "Low 1".."""
    if not any(sheet["id"] == "lvea" for sheet in client.get("/api/sheets").json()):
        added = client.post("/api/sheets", json={"text": LVEA.read_text(), "filename": "lvea.toml"})
        assert added.status_code == 201, added.text
    created = client.post("/api/events", json={"name": name, "profile_id": "lvea"})
    assert created.status_code == 201, created.text
    event_id = int(created.json()["id"])
    for seat_class, count in (("high", highs), ("low", lows)):
        for number in range(1, count + 1):
            added = client.post(
                f"/api/events/{event_id}/players",
                json={"name": f"{seat_class.title()} {number}", "seat_class": seat_class},
            )
            assert added.status_code == 201, added.text
    return event_id


def enter_at_table(client: TestClient, code: str, codes: dict[int, str], first_wins: bool) -> None:
    """The first partnership's player types the 8 hands on his phone; an opponent confirms."""
    info = client.get(f"/api/tables/{code}").json()
    keeper = info["partnerships"][0][0]["number"]
    opponent = info["partnerships"][1][0]["number"]
    hands = WON_TEN_FOUR if first_wins else [[b, a] for a, b in WON_TEN_FOUR]
    sent = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[keeper], "round": info["round"], "hand_points": hands},
    )
    assert sent.status_code == 201, sent.text
    confirmed = client.post(
        f"/api/tables/{code}/submissions/{sent.json()['id']}/confirm",
        json={"player_code": codes[opponent]},
    )
    assert confirmed.status_code == 200, confirmed.text


def phone_words(client: TestClient, code: str) -> list[str]:
    """The "next round" lines of a table's phone page once its score is saved."""
    page = client.get(f"/t/{code}").text
    listed = re.search(r'<ul id="next-moves">(.*?)</ul>', page, re.S)
    assert listed, page
    return [
        re.sub(r"<[^>]+>", "", line).strip() for line in re.findall(r"<li>(.*?)</li>", listed[1])
    ]


def test_lvea_night_from_its_file_high_partners_low_winners_meet_losers_split_ghost_scores_7(
    client: TestClient,
) -> None:
    event_id = lvea_night(client, 9, 9)
    players = client.get(f"/api/events/{event_id}/players").json()
    seat_class = {str(row["number"]): row["seat_class"] for row in players}
    assert sorted(seat_class.values()) == ["high"] * 9 + ["low"] * 9
    codes = {row["number"]: row["code"] for row in players}
    name = {str(row["number"]): row["name"] for row in players}
    ghost_rounds: dict[str, list[int]] = {}
    previous: dict[str, Any] | None = None
    outcome: dict[int, tuple[list[str], list[str]]] = {}  # table -> (winners, losers)
    for number in range(1, ROUNDS + 1):
        started = client.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        plan = started.json()["plan"]
        tables = {int(table["table"]): table["partnerships"] for table in plan["tables"]}
        # 18 players: four tables of four and a ghost table of two at the foot.
        assert sorted(tables) == [1, 2, 3, 4]
        ghost = plan["sitting_out"]
        assert sorted(seat_class[p] for p in ghost) == ["high", "low"], (number, ghost)
        for player in ghost:
            ghost_rounds.setdefault(player, []).append(number)
        # "High always partners low."
        for table, sides in tables.items():
            for pair in sides:
                assert sorted(seat_class[p] for p in pair) == ["high", "low"], (number, table)
        where = {p: table for table, sides in tables.items() for pair in sides for p in pair}
        where |= {p: 5 for p in ghost}  # the ghost table is the foot table, after table 4
        if previous is not None:
            for table, (winners, losers) in outcome.items():
                # Winners stay, split and meet: both at their table, on opposite sides.
                assert [where[p] for p in winners] == [table, table], (number, table)
                sides = tables[table]
                assert (winners[0] in sides[0]) != (winners[1] in sides[0]), (number, table)
                for player in losers:
                    goal = table - 1 if seat_class[player] == "high" else table + 1
                    goal = 5 if goal == 0 else goal  # the head's high loser to the ghost table
                    assert where[player] == goal, (number, name[player], table)
            for player in previous["sitting_out"]:
                # The ghost table's players move as losers: high up to table 4, low round
                # to the head.
                goal = 4 if seat_class[player] == "high" else 1
                assert where[player] == goal, (number, name[player])
        outcome = {}
        for table in started.json()["tables"]:
            first_wins = (number + int(table["table"])) % 3 != 0
            enter_at_table(client, table["code"], codes, first_wins)
            sides = tables[int(table["table"])]
            winners, losers = (sides[0], sides[1]) if first_wins else (sides[1], sides[0])
            outcome[int(table["table"])] = (winners, losers)
            if (number, int(table["table"])) == (1, 1):
                # Before the round is done, the head table's phones say the sheet's own
                # movement, the ghost table named as such.
                assert phone_words(client, table["code"]) == [
                    f"{_pair_name(name, winners)} won: they stay at table 1 and play against "
                    "each other, with new partners.",
                    f"{_pair_name(name, losers)}: the high player moves to the ghost table "
                    "(a bye); the low player moves to table 2, with new partners.",
                ]
        closed = client.post(f"/api/events/{event_id}/rounds/{number}/close")
        assert closed.status_code == 200, closed.text
        previous = plan
    standings = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["standings"]
    by_player = {row["competitor_id"]: row for row in standings}
    assert len(by_player) == 18
    for player, rounds in ghost_rounds.items():
        # "Its players take a bye worth 7 points."
        assert all(by_player[player]["points_by_round"][str(r)] == 7 for r in rounds), player
        assert by_player[player]["sit_outs"] == len(rounds)
    played = {p: row for p, row in by_player.items() if p not in ghost_rounds}
    assert all(row["games_played"] == ROUNDS for row in played.values())
    assert sum(len(rounds) for rounds in ghost_rounds.values()) == 2 * ROUNDS


def _pair_name(name: dict[str, str], pair: list[str]) -> str:
    return " &amp; ".join(name[p] for p in pair)
