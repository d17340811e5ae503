"""A club night with tables of three, run from the club's sheet file alone through the API.

The club adds ``tests/data/sheets/cutthroat_corner.toml`` (no code): "Nobody sits out: players
left over make tables of three at the foot, in turn, and play cutthroat, each for himself."
A 15-player night seats three tables of four and one of three; a 14-player night two and two.
Each table scores itself on a phone (a table of three types each player's own total, another
player of the table confirms), and the standings count those totals like any other game's.
A three-handed total no game to 10 can end with is refused in words naming the player, and
nothing is recorded.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pypdf import PdfReader
from tests.store.factory import director_client, event_with_players, sqlite_url

from euchre.tournament.sheets import use_user_sheets

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "cutthroat_corner.toml"
ROUNDS = 6
THREE_HANDED = (10, 6, 3)
"""A three-handed game to 10, each player's own total as the table writes it."""


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.delenv("EUCHRE_SHEETS_DIR", raising=False)
    yield director_client(sqlite_url(tmp_path))
    use_user_sheets([])  # the club's sheet leaves with its folder


def club_night(client: TestClient, players: int) -> int:
    """The club's sheet added from its file (once), a night created from it, ``players``
    players entered."""
    if not any(sheet["id"] == "cutthroat_corner" for sheet in client.get("/api/sheets").json()):
        added = client.post(
            "/api/sheets", json={"text": SHEET.read_text(), "filename": "cutthroat_corner.toml"}
        )
        assert added.status_code == 201, added.text
    body = {"name": f"Wednesday {players}", "profile_id": "cutthroat_corner"}
    return event_with_players(client, body, (f"Player {n}" for n in range(1, players + 1)))


def submit(client: TestClient, code: str, player_code: str, body: dict[str, Any]) -> Any:
    info = client.get(f"/api/tables/{code}").json()
    return client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": player_code, "round": info["round"], **body},
    )


def score_table_of_three(client: TestClient, code: str, codes: dict[int, str]) -> dict[str, int]:
    """The first player types the three own totals on his phone; the next player confirms."""
    info = client.get(f"/api/tables/{code}").json()
    sides = info["partnerships"]
    assert [len(side) for side in sides] == [3, 0]
    numbers = [player["number"] for player in sides[0]]
    totals = dict(zip((str(n) for n in numbers), THREE_HANDED, strict=True))
    sent = submit(client, code, codes[numbers[0]], {"player_points": totals})
    assert sent.status_code == 201, sent.text
    confirmed = client.post(
        f"/api/tables/{code}/submissions/{sent.json()['id']}/confirm",
        json={"player_code": codes[numbers[1]]},
    )
    assert confirmed.status_code == 200, confirmed.text
    return totals


def score_table_of_four(client: TestClient, code: str, codes: dict[int, str]) -> None:
    info = client.get(f"/api/tables/{code}").json()
    keeper = info["partnerships"][0][0]["number"]
    opponent = info["partnerships"][1][0]["number"]
    sent = submit(client, code, codes[keeper], {"team_points": [10, 4]})
    assert sent.status_code == 201, sent.text
    confirmed = client.post(
        f"/api/tables/{code}/submissions/{sent.json()['id']}/confirm",
        json={"player_code": codes[opponent]},
    )
    assert confirmed.status_code == 200, confirmed.text


@pytest.mark.parametrize(("players", "fours", "threes"), [(15, 3, 1), (14, 2, 2)])
def test_nobody_sits_out_the_players_left_over_play_three_handed_and_their_totals_count(
    client: TestClient, players: int, fours: int, threes: int
) -> None:
    event_id = club_night(client, players)
    # The event says the sheet's movement in words, tables of three included.
    assert (
        "nobody sits out: the players left over play three-handed at tables of three at the "
        "foot, each for himself, in turn"
    ) in client.get(f"/api/events/{event_id}").json()["movement"]
    roster = client.get(f"/api/events/{event_id}/players").json()
    codes = {row["number"]: row["code"] for row in roster}
    three_handed_points: Counter[str] = Counter()
    at_threes: Counter[str] = Counter()
    for number in range(1, ROUNDS + 1):
        started = client.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        plan = started.json()["plan"]
        # "Nobody sits out."
        assert plan["sitting_out"] == []
        seated = [p for table in plan["tables"] for side in table["partnerships"] for p in side]
        assert sorted(seated, key=int) == [str(n) for n in range(1, players + 1)]
        sizes = [sum(map(len, table["partnerships"])) for table in plan["tables"]]
        # "Tables of three at the foot": the tables of four first, then those of three.
        assert sizes == [4] * fours + [3] * threes, (number, sizes)
        for table in started.json()["tables"]:
            if sum(map(len, table["partnerships"])) == 3:
                totals = score_table_of_three(client, table["code"], codes)
                three_handed_points.update(totals)
                at_threes.update(totals.keys())
            else:
                score_table_of_four(client, table["code"], codes)
        closed = client.post(f"/api/events/{event_id}/rounds/{number}/close")
        assert closed.status_code == 200, closed.text
    # "In turn": nobody at a table of three twice before everyone has been once.
    turns = [at_threes.get(str(n), 0) for n in range(1, players + 1)]
    assert max(turns) - min(turns) <= 1, turns
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    rows = {row["competitor_id"]: row for row in snapshot["standings"]}
    assert all(row["games_played"] == ROUNDS and row["sit_outs"] == 0 for row in rows.values())
    # The totals typed at the tables of three are in the standings: a player who played only
    # at tables of four has 10 or 4 a game; the rest is his own three-handed totals.
    for player, row in rows.items():
        rounds_at_four = ROUNDS - at_threes.get(player, 0)
        four_points = row["points"] - three_handed_points.get(player, 0)
        assert 4 * rounds_at_four <= four_points <= 10 * rounds_at_four, (player, row)
    assert sum(row["points"] for row in rows.values()) == ROUNDS * (
        fours * 2 * (10 + 4) + threes * sum(THREE_HANDED)
    )


def test_an_impossible_three_handed_total_is_refused_in_words_and_nothing_is_recorded(
    client: TestClient,
) -> None:
    event_id = club_night(client, 15)
    roster = client.get(f"/api/events/{event_id}/players").json()
    codes = {row["number"]: row["code"] for row in roster}
    name = {row["number"]: row["name"] for row in roster}
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    table = next(t for t in started.json()["tables"] if sum(map(len, t["partnerships"])) == 3)
    info = client.get(f"/api/tables/{table['code']}").json()
    numbers = [player["number"] for player in info["partnerships"][0]]
    typed = {str(numbers[0]): 10, str(numbers[1]): 14, str(numbers[2]): 3}
    refused = submit(client, table["code"], codes[numbers[0]], {"player_points": typed})
    assert refused.status_code in (400, 422), refused.text
    detail = str(refused.json())
    assert (
        f"{name[numbers[1]]}'s own total is 14, more than a game to 10 can end with: "
        "the last hand adds at most 2 to 9 (11)"
    ) in detail
    assert "Traceback" not in detail
    # One total missing: named too.
    missing = submit(
        client, table["code"], codes[numbers[0]], {"player_points": {str(numbers[0]): 10}}
    )
    assert missing.status_code in (400, 422), missing.text
    assert f"{name[numbers[1]]}'s own total is missing" in str(missing.json())
    # Team totals at a table of three: refused in words.
    teams = submit(client, table["code"], codes[numbers[0]], {"team_points": [10, 4]})
    assert teams.status_code in (400, 422), teams.text
    assert "enter each player's own total, not team totals" in str(teams.json())
    listed = client.get(f"/api/tables/{table['code']}").json()
    assert not listed.get("submissions"), listed


def test_the_paper_for_a_table_of_three_has_a_column_per_player_and_the_sheets_rule(
    client: TestClient,
) -> None:
    event_id = club_night(client, 7)
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    three = started.json()["tables"][1]["partnerships"][0]
    assert len(three) == 3
    pdf = client.get(f"/api/events/{event_id}/rounds/1/tally-sheets.pdf")
    assert pdf.status_code == 200, pdf.text
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages]
    sheet = " ".join(" ".join(pages).split())
    assert f"Table of three, each for himself: {', '.join(three)}" in sheet
    assert "Table of three: cutthroat, each for himself." in sheet
    listing = client.get(f"/api/events/{event_id}/rounds/1/assignments.pdf")
    assert listing.status_code == 200, listing.text
    text = " ".join(PdfReader(io.BytesIO(listing.content)).pages[0].extract_text().split())
    assert "table of three, each for himself" in text


def test_a_table_of_three_counts_in_the_season_and_the_members_history_without_a_partner(
    client: TestClient,
) -> None:
    added = client.post(
        "/api/sheets", json={"text": SHEET.read_text(), "filename": "cutthroat_corner.toml"}
    )
    assert added.status_code == 201, added.text
    created = client.post(
        "/api/events", json={"name": "Wednesday", "profile_id": "cutthroat_corner", "tags": ["wed"]}
    )
    assert created.status_code == 201, created.text
    event_id = created.json()["id"]
    for number in range(1, 8):
        client.post(f"/api/events/{event_id}/players", json={"name": f"Player {number}"})
    roster = client.get(f"/api/events/{event_id}/players").json()
    codes = {row["number"]: row["code"] for row in roster}
    member = {str(row["number"]): row["member_id"] for row in roster}
    started = client.post(f"/api/events/{event_id}/rounds").json()
    info = client.get(f"/api/tables/{started['tables'][1]['code']}").json()
    three = [str(player["number"]) for player in info["partnerships"][0]]
    score_table_of_four(client, started["tables"][0]["code"], codes)
    totals = score_table_of_three(client, started["tables"][1]["code"], codes)
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    season = client.post(
        "/api/seasons", json={"name": "S", "tag": "wed", "scoring": "total_points"}
    )
    assert season.status_code == 201, season.text
    rows = client.get(f"/api/seasons/{season.json()['id']}/standings").json()["rows"]
    points = {row["member_id"]: row["total_points"] for row in rows}
    for player in three:
        assert points[member[player]] == totals[player]
    history = client.get(f"/api/members/{member[three[1]]}/history").json()["games"]
    assert [
        (game["partner"], sorted(game["opponents"]), game["points"], game["points_against"])
        for game in history
    ] == [
        (
            None,
            sorted(f"Player {three[index]}" for index in (0, 2)),
            THREE_HANDED[1],
            THREE_HANDED[0] + THREE_HANDED[2],
        )
    ]
    assert history[0]["result"] == "lost"
    # The ratings rate partnerships: a table of three is no partnership game.
    ratings = client.get("/api/ratings")
    assert ratings.status_code == 200, ratings.text
    games = {row["member_id"]: row["rating"]["games"] for row in ratings.json() if row["rating"]}
    assert all(games.get(member[player], 0) == 0 for player in three)
