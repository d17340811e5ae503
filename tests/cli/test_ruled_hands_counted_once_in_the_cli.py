"""Issue 24 through ``euchre event`` (the director's command line): the tournament sheet's
penalties are counted once, by the same rule as the phones and the director's correction --
a ruled hand's points are the ruling's."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import run

HANDS_6_6 = "1-0,0-1,2-0,0-2,1-0,0-1,2-0,0-2"
"""Eight hands adding up to 6-6; C & D's 2 on hand 4."""


def _event(tmp_path: Path) -> str:
    """A progressive night under sheet 004, its first table seated A,B against C,D."""
    path = str(tmp_path / "event.json")
    code, output = run("event", "new", path, "--sheet", "tournament", "--rounds", "2")
    assert code == 0, output
    for name in "ABCD":
        assert run("event", "add-player", path, name)[0] == 0
    code, output = run("event", "seat", path, "--round", "1", "--tables", "A,B:C,D")
    assert code == 0, output
    return path


def _result(path: str, hands: str, *extra: str) -> tuple[int, str]:
    return run("event", "result", path, "--round", "1", "--table", "1", "--hands", hands, *extra)


def _penalty(path: str, *words: str) -> tuple[int, str]:
    """``euchre event penalty`` at round 1's table 1 (the kind, offender and so on in
    ``words``): its exit code and what it printed."""
    return run("event", "penalty", path, "--round", "1", "--table", "1", *words)


A_RENEGED_ON_HAND_4 = ("--kind", "renege", "--offender", "A", "--proven", "--hand", "4")
"""The slip: A reneged on hand 4, proven."""


def _points(path: str) -> dict[str, int]:
    code, output = run("event", "standings", path, "--json")
    assert code == 0, output
    return {row["competitor_id"]: row["points"] for row in json.loads(output)}


def test_renege_hand_is_over_so_its_points_are_the_rulings_at_entry_and_in_a_correction(
    tmp_path: Path,
) -> None:
    """Sheet 004, RENEGE: "The hand is over, the offending team loses their bid and the
    non-offending team scores two points": the command line refuses points on the ruled hand
    when the result is entered and when it is corrected, as the web does."""
    path = _event(tmp_path)
    code, output = _penalty(path, *A_RENEGED_ON_HAND_4)
    assert code == 0, output
    code, output = _result(path, HANDS_6_6)
    assert code == 1
    assert "the director ruled on hand 4 (renege): write hand 4 as 0-0" in output
    code, output = _result(path, "1-0,0-1,2-0,0-0,1-0,0-1,2-0,0-2")
    assert code == 0, output
    assert _points(path) == {"A": 6, "B": 6, "C": 4 + 2, "D": 4 + 2}  # the renege's 2, once
    code, output = _result(path, HANDS_6_6)  # a correction
    assert code == 1 and "write hand 4 as 0-0" in output
    assert _points(path) == {"A": 6, "B": 6, "C": 6, "D": 6}  # nothing changed


def test_a_ruling_after_the_score_replaces_that_hands_points_and_must_name_it(
    tmp_path: Path,
) -> None:
    """The other order: the result lists hand 4's 0-2 first; the ruling then needs its hand
    number, and its 2 points replace that hand's (6-6 stays 6-6, not 6-8)."""
    path = _event(tmp_path)
    assert _result(path, HANDS_6_6, "--tie-first", "1")[0] == 0
    penalty = ("event", "penalty", path, "--round", "1", "--table", "1", "--kind", "renege",
               "--offender", "A", "--proven")  # fmt: skip
    code, output = run(*penalty)
    assert code == 1 and "name the hand (hand number) the renege ended" in output
    code, output = run(*penalty, "--hand", "4")
    assert code == 0, output
    assert _points(path) == {"A": 6, "B": 6, "C": 6, "D": 6}


def test_an_unruled_hand_of_nothing_is_refused(tmp_path: Path) -> None:
    """Sheet 004, stick the dealer: every hand gives one team 1, 2 or 4 points."""
    path = _event(tmp_path)
    code, output = _result(path, "1-0,0-1,2-0,0-0,1-0,0-1,2-0,0-2")
    assert code == 1
    assert "hand 4 is 0-0, but with stick the dealer every hand gives points" in output
