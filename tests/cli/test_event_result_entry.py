"""Issue 24, item 13: ``euchre event ...`` records what the web's score form and penalty form
record (times euchred, lone hands of 3 or 4 tricks, table-talk warnings, the director's
notes) and prints people by name, as the web does."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import run

PLAYERS = {"A": "Ann Baker", "B": "Bob Cole", "C": "Cy Dunn", "D": "Di Evans"}


def _table_of_four(tmp_path: Path, sheet: str = "tournament") -> tuple[str, list[list[str]]]:
    """An event of four named players, round 1 started: the file and the table's two
    partnerships (player ids)."""
    path = str(tmp_path / "event.json")
    assert run("event", "new", path, "--sheet", sheet, "--rounds", "2", "--seed", "3")[0] == 0
    for player_id, name in PLAYERS.items():
        code, output = run("event", "add-player", path, player_id, "--name", name)
        assert code == 0, output
        assert output.strip() == f"added {name} (id {player_id})"
    code, output = run("event", "start-round", path)
    assert code == 0, output
    plan = json.loads(run("event", "start-round", path, "--json")[1])
    sides = [list(side) for side in plan["tables"][0]["partnerships"]]
    # The seating names the players: "table 1: Ann Baker & Di Evans v Cy Dunn & Bob Cole".
    first, second = (" & ".join(PLAYERS[player] for player in side) for side in sides)
    assert f"table 1: {first} v {second}" in output
    return path, sides


def test_the_cli_records_times_euchred_and_lone_hands_and_names_the_players(
    tmp_path: Path,
) -> None:
    path, sides = _table_of_four(tmp_path)
    caller = sides[0][0]
    euchred, partner = sides[1]
    # A player by name (any case) or by id; PLAYER=N counts N.
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "1", "--points", "8-3",
        "--lone-hand", PLAYERS[caller].upper(), "--euchred", f"{PLAYERS[euchred]}=2",
        "--euchred", partner, "--euchred", partner,
    )  # fmt: skip
    assert code == 0, output
    team = " & ".join(PLAYERS[player] for player in sides[0])
    assert f"round 1 table 1: 8-3 ({team} 8," in output
    assert f"lone hands made: {PLAYERS[caller]} 1" in output
    assert "times euchred: " in output
    assert f"{PLAYERS[euchred]} 2" in output and f"{PLAYERS[partner]} 2" in output
    saved = json.loads(Path(path).read_text())["results"][0]
    assert saved["lone_hands"] == {caller: 1}
    assert saved["euchres"] == {euchred: 2, partner: 2}
    # The standings count them as the web's do.
    standings = json.loads(run("event", "standings", path, "--json")[1])
    lone = {row["competitor_id"]: row["lone_hands"] for row in standings}
    assert lone[caller] == 1
    code, output = run("event", "result", path, "--round", "1", "--table", "1", "--json",
                       "--points", "8-3", "--euchred", euchred, "--euchred", partner)  # fmt: skip
    assert code == 0, output
    answer = json.loads(output)
    assert answer["result"]["euchres"] == {euchred: 1, partner: 1}
    assert answer["names"][euchred] == PLAYERS[euchred]


def test_a_result_the_cli_refuses_names_the_people(tmp_path: Path) -> None:
    path, sides = _table_of_four(tmp_path)
    euchred, partner = sides[1]
    # Nine times euchred in an eight-hand game.
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "1", "--points", "8-3",
        "--euchred", f"{euchred}=9", "--euchred", f"{partner}=9",
    )  # fmt: skip
    assert code == 1
    assert f"times euchred of {PLAYERS[euchred]} is 9, more than 8 possible in 8 hands" in output
    assert f"'{euchred}'" not in output
    # Only one partner of a euchred team: both are named.
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "1", "--points", "8-3",
        "--euchred", euchred,
    )  # fmt: skip
    assert code == 1
    assert (
        f"{PLAYERS[partner]}'s times euchred (0) must equal the partner {PLAYERS[euchred]}'s (1)"
        in output
    )
    # Someone not at the table: the table's players are named.
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "1", "--points", "8-3",
        "--lone-hand", "Zed",
    )  # fmt: skip
    assert code == 1
    assert "--lone-hand 'Zed': nobody of that id or name plays at table 1" in output
    assert all(name in output for name in PLAYERS.values())
    assert not json.loads(Path(path).read_text())["results"]  # nothing was recorded


def test_the_cli_records_table_talk_warnings_and_notes_and_lists_them_by_name(
    tmp_path: Path,
) -> None:
    path, sides = _table_of_four(tmp_path)
    talker = sides[1][1]
    assert run("event", "result", path, "--round", "1", "--table", "1", "--points", "8-3")[0] == 0
    # The tournament sheet: "A warning is given for the first offense".
    code, output = run(
        "event", "penalty", path, "--round", "1", "--table", "1", "--kind", "table_talk",
        "--offender", PLAYERS[talker], "--note", "said 'pick it up'",
    )  # fmt: skip
    assert code == 0, output
    assert f"table talk, {PLAYERS[talker]} named" in output
    assert "a warning: no points" in output
    assert "note: said 'pick it up'" in output
    code, output = run(
        "event", "penalty", path, "--round", "1", "--table", "1", "--kind", "table_talk",
        "--offender", talker, "--note", "again", "--json", "--not-in-totals",
    )  # fmt: skip
    assert code == 0, output
    second = json.loads(output)
    assert second["warning"] is False and second["offender_name"] == PLAYERS[talker]
    assert second["record"]["note"] == "again"
    assert second["ruling"]["team_points"] == [2, 0]
    code, output = run("event", "penalties", path)
    assert code == 0, output
    assert output.count(f"table talk, {PLAYERS[talker]} named") == 2
    assert f"({' & '.join(PLAYERS[p] for p in sides[0])} +2)" in output
    assert f"table-talk warnings: {PLAYERS[talker]} 1" in output
    assert "note: again" in output
    # The director may rule the first report the penalty at once (the web's "make it the
    # penalty"), or keep a later one a warning.
    code, output = run(
        "event", "penalty", path, "--round", "1", "--table", "1", "--kind", "table_talk",
        "--offender", sides[0][0], "--warned", "--json", "--not-in-totals",
    )  # fmt: skip
    assert code == 0, output
    assert json.loads(output)["record"]["warned"] is True
    assert json.loads(output)["warning"] is False


def test_a_long_name_is_refused_by_the_cli_with_the_limit(tmp_path: Path) -> None:
    path = str(tmp_path / "event.json")
    assert run("event", "new", path, "--sheet", "tournament")[0] == 0
    long_name = "Bartholomew Fitzgerald-Montgomery of Upper Sandusky"
    code, output = run("event", "add-player", path, "A", "--name", long_name)
    assert code == 1
    assert f"Player names can be at most 40 characters; '{long_name[:40]}…' has 51" in output
    assert not json.loads(Path(path).read_text())["entrants"]
