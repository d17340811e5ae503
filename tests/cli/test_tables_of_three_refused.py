"""A club's sheet with tables of three ("the players left over play three-handed") is
accepted by ``euchre sheets add``: a table of three is a paper table, its players each
writing their own total. An online night seated with a table of three is refused in words
when the director starts it (the rules engine deals to four seats), never silently reseated;
and a format of fixed teams cannot have tables of three (refused naming the part)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.store.factory import director_client, event_with_players, round_refused, sqlite_url

SHEETS = Path(__file__).parent.parent / "data" / "sheets"
THREES = SHEETS / "cutthroat_corner.toml"
RIVERSIDE = SHEETS / "riverside.toml"


pytestmark = pytest.mark.usefixtures("no_club_sheets")
"""Only the built-in sheets, unless a test puts a club's in use (``tests/conftest.py``)."""


def test_sheets_add_accepts_a_sheet_with_tables_of_three(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    code, output = run("sheets", "add", str(THREES))
    assert code == 0, output
    assert "Traceback" not in output
    assert (tmp_path / "sheets" / "cutthroat_corner.toml").exists()


def test_sheets_add_refuses_tables_of_three_for_fixed_teams_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    teams = tmp_path / "teams.toml"
    teams.write_text(
        RIVERSIDE.read_text().replace('id = "riverside_legion"', 'id = "teams_of_three"')
        + '\n[movement]\nschedule = "round_robin"\nsit_outs = "tables_of_three"\n'
    )
    code, output = run("sheets", "add", str(teams))
    assert code == 1
    assert "movement.sit_outs: tables of three seat players, each playing for himself" in output
    assert "Traceback" not in output
    assert not (tmp_path / "sheets" / "teams_of_three.toml").exists()


def test_an_online_night_with_a_table_of_three_is_refused_in_words_when_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("EUCHRE_SHEETS_DIR", raising=False)
    client = director_client(sqlite_url(tmp_path))
    added = client.post("/api/sheets", json={"text": THREES.read_text(), "filename": THREES.name})
    assert added.status_code == 201, added.text
    body = {"name": "Online Wednesday", "profile_id": "cutthroat_corner", "online": True}
    # 7 players: a table of four and one of three
    event_id = event_with_players(client, body, (f"Player {n}" for n in range(1, 8)))
    round_refused(
        client,
        event_id,
        "round 1 is not started: table 2 is a table of three",
        "dealt by the rules engine to four seats only",
    )


def test_the_cli_scores_a_table_of_three_by_each_players_own_total(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    assert run("sheets", "add", str(THREES))[0] == 0
    path = str(tmp_path / "event.json")
    code, output = run("event", "new", path, "--sheet", "cutthroat_corner", "--seed", "3")
    assert code == 0, output
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    for name in names:
        assert run("event", "add-player", path, name[0], "--name", name)[0] == 0
    plan = json.loads(run("event", "start-round", path, "--json")[1])
    sizes = [sum(map(len, table["partnerships"])) for table in plan["tables"]]
    assert sizes == [4, 3] and plan["sitting_out"] == []
    three = plan["tables"][1]["partnerships"][0]
    name = {player[0]: player for player in names}
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "2", "--points", "10-4"
    )  # fmt: skip
    assert code == 1
    assert "table 2 is a table of three: give each player's own total with --own" in output
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "2",
        "--own", f"{three[0]}=10", "--own", f"{three[1]}=12", "--own", f"{three[2]}=3",
    )  # fmt: skip
    assert code == 1
    assert f"{name[three[1]]}'s own total is 12, more than a game to 10 can end with" in output
    assert "Traceback" not in output
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "2",
        "--own", f"{three[0]}=10", "--own", f"{three[1]}=6", "--own", f"{three[2]}=3",
    )  # fmt: skip
    assert code == 0, output
    assert (
        f"round 1 table 2 (a table of three): {name[three[0]]} 10, {name[three[1]]} 6, "
        f"{name[three[2]]} 3"
    ) in output
    standings = json.loads(run("event", "standings", path, "--json")[1])
    points = {row["competitor_id"]: row["points"] for row in standings}
    assert [points[player] for player in three] == [10, 6, 3]
