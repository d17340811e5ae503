"""``euchre event ...`` goes through the same store services as the web app (issue 11): a
started round's seating is frozen, the configuration is parsed by the one config parser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre.tournament.sheets import use_user_sheets
from tests.cli.helpers import run


def _winners_move_up_event(tmp_path: Path) -> str:
    """A Ballantrae event (winners move up) of four teams at two tables, round 1 played."""
    path = str(tmp_path / "event.json")
    code, output = run("event", "new", path, "--sheet", "ballantrae", "--rounds", "3")
    assert code == 0, output
    for name, team in (
        ("A", "AB"), ("B", "AB"), ("C", "CD"), ("D", "CD"),
        ("E", "EF"), ("F", "EF"), ("G", "GH"), ("H", "GH"),
    ):  # fmt: skip
        assert run("event", "add-player", path, name, "--team", team)[0] == 0
    code, output = run("event", "start-round", path, "--json")
    assert code == 0, output
    for table in (1, 2):
        code, output = run(
            "event", "result", path, "--round", "1", "--table", str(table), "--points", "8-3"
        )
        assert code == 0, output
    return path


def test_a_correction_through_the_cli_after_the_next_round_started_keeps_that_rounds_seating(
    tmp_path: Path,
) -> None:
    path = _winners_move_up_event(tmp_path)
    code, output = run("event", "start-round", path, "--json")
    assert code == 0, output
    started = json.loads(output)
    assert started["round"] == 2
    # The losers of table 1 become its winners: without the freeze, round 2 (already being
    # played) would be seated again from the corrected result.
    code, output = run("event", "result", path, "--round", "1", "--table", "1", "--points", "3-8")
    assert code == 0, output
    assert "moved: round 2" not in output
    code, output = run("event", "start-round", path, "--json")
    assert code == 0, output
    again = json.loads(output)
    assert again["round"] == 2
    assert again["tables"] == started["tables"]


def test_a_seating_by_hand_is_refused_once_the_round_has_scores(tmp_path: Path) -> None:
    path = _winners_move_up_event(tmp_path)
    code, output = run("event", "seat", path, "--round", "1", "--tables", "A,B:E,F;C,D:G,H")
    assert code == 1
    assert "round 1 already has scores entered; its seating is fixed" in output


def test_event_new_reads_its_settings_through_the_one_config_parser(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    code, output = run("event", "new", str(path), "--sheet", "bolivar", "--rounds", "0")
    assert code == 1
    assert "the number of rounds must be from 1 to 50, not 0" in output
    code, output = run("event", "new", str(path), "--sheet", "bolivar", "--name", "Cup")
    assert code == 0, output
    config = json.loads(path.read_text())["config"]
    assert config["name"] == "Cup" and config["format"] == "rotating_partners"
    assert config["rounds"] == 10 and config["side_pot"] is True


def test_a_round_the_movement_seated_is_not_called_overridden_and_one_seated_by_hand_is(
    tmp_path: Path,
) -> None:
    """``overridden`` means "seated by hand": the movement's round 2, shown again once
    started, says false; a round the director seated with ``event seat`` says true."""
    path = _winners_move_up_event(tmp_path)
    code, output = run("event", "start-round", path, "--json")
    assert code == 0, output
    assert json.loads(output)["overridden"] is False
    code, output = run("event", "start-round", path, "--json")
    assert code == 0, output
    assert json.loads(output)["overridden"] is False
    for table in (1, 2):
        code, output = run(
            "event", "result", path, "--round", "2", "--table", str(table), "--points", "8-3"
        )
        assert code == 0, output
    code, output = run("event", "seat", path, "--round", "3", "--tables", "A,B:E,F;C,D:G,H")
    assert code == 0, output
    code, output = run("event", "start-round", path, "--json")
    assert code == 0, output
    assert json.loads(output)["overridden"] is True


def test_add_player_help_says_where_the_seat_classes_are_named() -> None:
    code, output = run("event", "add-player", "--help")
    assert code == 0, output
    flat = " ".join(output.replace("│", " ").split())
    assert "one of the seat classes the event's sheet names (its players table)" in flat
    assert "(its )" not in flat


def test_start_round_of_a_compass_movement_tells_each_player_his_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """Chatgamers: "North seat will be stationary ...": the round's seating names each
    player's compass seat, the first partnership North & South."""
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    sheet = Path(__file__).parent.parent / "data" / "sheets" / "chatgamers_progressive.toml"
    assert run("sheets", "add", str(sheet))[0] == 0
    request.addfinalizer(lambda: use_user_sheets([]))  # the club's sheet leaves with its folder
    path = str(tmp_path / "night.json")
    code, output = run("event", "new", path, "--sheet", "chatgamers_progressive")
    assert code == 0, output
    for name in "ABCDEFGH":
        assert run("event", "add-player", path, name)[0] == 0
    code, output = run("event", "start-round", path)
    assert code == 0, output
    tables = [line for line in output.splitlines() if line.strip().startswith("table ")]
    assert len(tables) == 2
    assert all(
        all(f"{seat} " in line for seat in ("North", "South", "East", "West")) for line in tables
    ), output
