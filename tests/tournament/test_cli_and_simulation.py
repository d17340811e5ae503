"""The ``euchre schedule``, ``euchre simulate`` and ``euchre event`` commands, and simulated
events played through the real engine and bots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre.tournament.sheets import builtin_sheets
from euchre.tournament.simulate import simulate_event, simulation_config
from euchre.tournament.validation import validate_result
from tests.cli.helpers import run

from .helpers import SHEETS


def _first_round_result(path: str, table: int, points: str) -> tuple[int, str]:
    """``euchre event result`` for a table of round 1: its exit code and what it printed."""
    return run("event", "result", path, "--round", "1", "--table", str(table), "--points", points)


def test_schedule_json_shape_and_summary() -> None:
    code, output = run("schedule", "--players", "13", "--rounds", "13", "--seed", "2", "--json")
    assert code == 0
    data = json.loads(output)
    assert len(data["rounds"]) == 13
    first = data["rounds"][0]
    assert len(first["tables"]) == 3 and len(first["sitting_out"]) == 1
    assert all(
        len(table) == 2 and all(len(side) == 2 for side in table) for table in first["tables"]
    )
    summary = data["summary"]
    assert summary["repeat_partners"] == 0
    assert summary["opponent_histogram"] == {"2": 78}
    assert summary["sit_outs"] == [1] * 13


def test_schedule_text_output_names_the_method() -> None:
    code, output = run("schedule", "-n", "8", "-r", "7")
    assert code == 0 and "method design" in output and output.startswith("round 1:")


def test_simulate_json_plays_a_whole_event() -> None:
    code, output = run(
        "simulate",
        "--format",
        "winners_move_up",
        "--players",
        "8",
        "--rounds",
        "2",
        "--seed",
        "1",
        "--json",
    )
    assert code == 0, output
    data = json.loads(output)
    assert {"rank", "name", "points"} <= set(data["standings"][0])
    assert len(data["rounds"]) == 2
    assert data["wins_by_bot"] == {"random": 1.0}


def test_simulate_repeated_events_count_the_strongest_team() -> None:
    code, output = run(
        "simulate",
        "--format",
        "valpo",
        "--players",
        "8",
        "--rounds",
        "1",
        "--seed",
        "3",
        "--bots",
        "rules,random",
        "--events",
        "3",
        "--json",
    )
    assert code == 0, output
    data = json.loads(output)
    assert data["events"] == 3
    assert sum(data["wins_by_bot"].values()) == pytest.approx(3)
    assert set(data["bot_of"].values()) == {"rules", "random"}
    assert data["first_bot"] == "rules"
    assert data["first_bot_win_rate"] == pytest.approx(data["wins_by_bot"].get("rules", 0) / 3)


def test_simulate_unknown_format_is_a_one_line_error() -> None:
    code, output = run("simulate", "--format", "swiss", "--players", "8", "--seed", "1")
    assert code == 1 and "unknown format or sheet 'swiss'" in output


@pytest.mark.parametrize("sheet", sorted(builtin_sheets()))
def test_simulated_results_pass_the_directors_validation(sheet: str) -> None:
    config = simulation_config(sheet, rounds=2, seed=4)
    snapshot = simulate_event(config, 9)
    assert snapshot.is_over
    assert all(plan.complete for plan in snapshot.rounds)
    assert snapshot.standings[0].points >= snapshot.standings[-1].points


def test_simulated_tables_are_valid_results() -> None:
    import random

    from euchre.bots import make_bot
    from euchre.engine.profile import load_profile
    from euchre.tournament import TableSeating
    from euchre.tournament.simulate import play_table

    for sheet in SHEETS:
        config = simulation_config(sheet, rounds=1, seed=1)
        table = TableSeating(1, (("A", "B"), ("C", "D")))
        bots = {p: make_bot("random", n) for n, p in enumerate("ABCD")}
        result = play_table(load_profile(config.profile_id), table, 1, bots, random.Random(2))
        validate_result(config, result, table)


def test_event_file_flow_new_players_round_result_correction_standings_prizes(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "event.json")
    assert run("event", "new", path, "--sheet", "bolivar", "--rounds", "3", "--seed", "5")[0] == 0
    for number in range(1, 13):
        assert run("event", "add-player", path, f"P{number}")[0] == 0
    code, output = run("event", "start-round", path, "--json")
    assert code == 0
    plan = json.loads(output)
    assert plan["round"] == 1 and len(plan["tables"]) == 3
    for table in plan["tables"]:
        assert _first_round_result(path, table["table"], "8-3")[0] == 0
    code, output = run("event", "result", path, "--round", "1", "--table", "1", "--points", "33-0")
    assert code == 1 and "33 points in 8 hands is impossible" in output
    code, output = run("event", "start-round", path, "--json")
    assert json.loads(output)["round"] == 2
    # Correct round 1 table 1 after round 2 was seated: the moved seats are listed.
    code, output = run("event", "result", path, "--round", "1", "--table", "1", "--points", "3-8")
    assert code == 0
    code, output = run("event", "standings", path, "--json")
    rows = json.loads(output)
    assert len(rows) == 12 and rows[0]["rank"] == 1
    code, output = run("event", "prizes", path, "--json")
    data = json.loads(output)
    assert sum(a["amount_cents"] for a in data["prizes"]) == 12000
    assert data["side_pot"]["total_cents"] == 0


def test_event_penalty_and_seat_commands(tmp_path: Path) -> None:
    path = str(tmp_path / "event.json")
    run("event", "new", path, "--sheet", "tournament", "--rounds", "2")
    for name in "ABCD":
        run("event", "add-player", path, name)
    code, output = run("event", "seat", path, "--round", "1", "--tables", "A,B:C,D")
    assert code == 0, output
    assert run("event", "result", path, "--round", "1", "--table", "1", "--points", "5-3")[0] == 0
    slip = ("event", "penalty", path, "--round", "1", "--table", "1")
    renege = ("--kind", "renege", "--offender", "C", "--proven", "--lone-hand", "--not-in-totals")
    code, output = run(*slip, *renege)
    assert code == 0 and "points 4-0" in output, output
    code, output = run("event", "standings", path, "--json")
    points = {row["competitor_id"]: row["points"] for row in json.loads(output)}
    assert points == {"A": 9, "B": 9, "C": 3, "D": 3}


def test_tournament_dealer_fails_to_discard_scores_4_if_lone_hand_was_called_by_opposition(
    tmp_path: Path,
) -> None:
    # Sheet 004: "If the dealer fails to discard, the opposition scores 2 points (or 4 points
    # if lone hand was called by opposition)." C (team 1) deals; A and B are the opposition.
    path = str(tmp_path / "event.json")
    run("event", "new", path, "--sheet", "tournament", "--rounds", "2")
    for name in "ABCD":
        run("event", "add-player", path, name)
    assert run("event", "seat", path, "--round", "1", "--tables", "A,B:C,D")[0] == 0
    assert run("event", "result", path, "--round", "1", "--table", "1", "--points", "5-3")[0] == 0
    slip = ("event", "penalty", path, "--round", "1", "--table", "1")
    slip += ("--kind", "dealer_fails_to_discard", "--offender", "C", "--not-in-totals")
    code, output = run(*slip, "--lone-caller", "D")  # the dealer's own partner called alone
    assert code == 0 and "points 2-0" in output, output
    code, output = run(*slip, "--lone-caller", "A")  # the opposition called alone
    assert code == 0 and "points 4-0" in output, output
    # "A lone hand was on" alone cannot tell the two apart: refused, naming what is missing.
    code, output = run(*slip, "--lone-hand")
    assert code == 1 and "--lone-caller" in output, output
    code, output = run("event", "standings", path, "--json")
    points = {row["competitor_id"]: row["points"] for row in json.loads(output)}
    assert points == {"A": 5 + 2 + 4, "B": 5 + 2 + 4, "C": 3, "D": 3}


def test_a_bolivar_night_of_two_tables_says_why_it_pays_no_place(tmp_path: Path) -> None:
    """Sheet 001 pays from three tables: a finished night of two says so, not "no prizes"."""
    path = str(tmp_path / "event.json")
    assert run("event", "new", path, "--sheet", "bolivar", "--rounds", "1", "--seed", "5")[0] == 0
    for number in range(1, 9):
        assert run("event", "add-player", path, f"P{number}")[0] == 0
    code, output = run("event", "start-round", path, "--json")
    for table in json.loads(output)["tables"]:
        entered = _first_round_result(path, table["table"], "8-3")
        assert entered[0] == 0, entered[1]
    code, output = run("event", "prizes", path)
    assert code == 0
    assert "No place prizes: the sheet pays from 3 tables; this night had 2 tables." in output
