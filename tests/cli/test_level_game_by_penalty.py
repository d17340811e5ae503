"""``euchre event`` (the director's command line) and a game a penalty made level: the command
line asks who reached the level score first, holds the next round until answered, names the
level score itself, and prints results with their penalties (the one ledger)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import run
from tests.cli.test_ruled_hands_counted_once_in_the_cli import (
    A_RENEGED_ON_HAND_4,
    _event,
    _penalty,
    _result,
)

HANDS_3_5 = "1-0,0-1,1-0,0-1,1-0,0-1,0-1,0-1"
"""Eight hands adding up to 3-5: A & B 3, C & D 5."""


def test_the_cli_asks_who_reached_a_penalty_made_level_score_first(tmp_path: Path) -> None:
    """Sheet 004: "Ties go to the first team to make the tying score". 3-5, then C alleges a
    renege by A that is not proven: A & B score 2, level 5-5. Before, nothing was asked,
    `--tie-first` printed "reached 3 first", and results came without their penalties."""
    path = _event(tmp_path)
    assert _result(path, HANDS_3_5)[0] == 0
    code, output = _penalty(path, "--kind", "renege", "--offender", "A", "--no-proven")
    assert code == 0, output
    assert "renege claim, not proven, A named" in output
    assert "round 1 table 1 with the penalties: 5-5 (A & B 5, C & D 5)" in output
    assert "question: Table 1 is level 5–5 after a penalty: who reached 5 first?" in output
    assert f"euchre event tie-first {path} --round 1 --table 1 --first 1 or 2" in output
    code, output = run("event", "start-round", path)
    assert code == 1 and "round 2 cannot start: Table 1 is level 5–5" in output, output
    code, output = run("event", "tie-first", path, "--round", "1", "--table", "1", "--first", "2")
    assert code == 0, output
    assert "5-5 with the penalties (A & B 5, C & D 5; the game 3-5)" in output
    assert "level game: C & D reached 5 first" in output
    code, output = run("event", "standings", path, "--json")
    won = {row["competitor_id"]: row["games_won"] for row in json.loads(output)}
    assert won == {"A": 0, "B": 0, "C": 1, "D": 1}
    code, output = run("event", "start-round", path)
    assert code == 0, output


def test_the_cli_prints_a_result_with_its_penalties(tmp_path: Path) -> None:
    """A result entered after a ruling prints the score the standings count (the renege's
    2 on hand 4, written 0-0), not only the table's own, and the question it raises."""
    path = _event(tmp_path)
    code, output = _penalty(path, *A_RENEGED_ON_HAND_4)
    assert code == 0, output
    code, output = _result(path, "1-0,0-1,2-0,0-0,1-0,0-1,2-0,0-2")
    assert code == 0, output
    assert "round 1 table 1: 6-6 with the penalties (A & B 6, C & D 6; the game 6-4)" in output
    assert "question: Table 1 is level 6–6 after a penalty: who reached 6 first?" in output
