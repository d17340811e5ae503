"""Ballantrae General Rules 9 through ``euchre event``: "two points are awarded to the opposing
team, and no points can be awarded for that deal to the offending team" (issue 10)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import run

TABLE_1 = ("--round", "1", "--table", "1")
"""Round 1's table 1, the night's one table."""
A_RENEGED = ("--kind", "renege", "--offender", "A", "--proven")
"""The slip's words: A reneged, and it is proven."""


def _ballantrae_event(tmp_path: Path) -> str:
    path = str(tmp_path / "event.json")
    assert run("event", "new", path, "--sheet", "ballantrae", "--rounds", "2")[0] == 0
    for name, team in (("A", "AB"), ("B", "AB"), ("C", "CD"), ("D", "CD")):
        assert run("event", "add-player", path, name, "--team", team)[0] == 0
    code, output = run("event", "seat", path, "--round", "1", "--tables", "A,B:C,D")
    assert code == 0, output
    return path


def _points(path: str) -> dict[str, int]:
    code, output = run("event", "standings", path, "--json")
    assert code == 0, output
    return {row["competitor_id"]: row["points"] for row in json.loads(output)}


def test_ballantrae_renege_offenders_score_no_points_for_that_deal(tmp_path: Path) -> None:
    path = _ballantrae_event(tmp_path)
    deals = "1-0,0-2,2-0,2-0,0-1,0-1,0-1,1-0"  # stick the dealer: every deal scores
    code, output = run("event", "result", path, *TABLE_1, "--points", "6-5", "--hands", deals)
    assert code == 0, output
    code, output = run("event", "penalty", path, *TABLE_1, *A_RENEGED, "--hand", "3")
    assert code == 0, output
    # A & B lose the 2 they made on deal 3; C & D are awarded 2: 6-5 becomes 4-7, not 6-7.
    assert _points(path) == {"AB": 4, "CD": 7}


def test_ballantrae_renege_without_its_deal_is_refused_not_scored_5_5(tmp_path: Path) -> None:
    path = _ballantrae_event(tmp_path)
    assert run("event", "result", path, *TABLE_1, "--points", "5-3")[0] == 0
    code, output = run("event", "penalty", path, *TABLE_1, *A_RENEGED)
    assert code == 1 and "no points for that deal" in output and "--hand N" in output
    code, output = run("event", "penalty", path, *TABLE_1, *A_RENEGED, "--hand", "3")
    assert code == 1 and "--hands" in output
    assert _points(path) == {"AB": 5, "CD": 3}  # nothing half-applied was saved


def test_tournament_renege_on_a_recorded_loner_scores_4_without_the_lone_flag() -> None:
    # Sheet 004 RENEGE: "In the case of a renege during a Loner attempt, the non-offending
    # team scores 4 points": the hand record's "order alone" says so by itself.
    from euchre.engine.actions import Action
    from euchre.tournament import PenaltyRecord

    from ..engine.helpers import deal
    from .test_penalties import one_table, points

    hands = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]
    actions = ["order alone", "discard 9C", "play AH", "play AC", "play QD", "play 9H"]
    record = deal("tournament", hands, "AD").with_actions([Action.parse(a) for a in actions])
    # Seat 0 (A) held 9H TH but trumped the led AH while seat 1 (C) was alone.
    renege = PenaltyRecord(1, 1, "renege", "A", hand_record=record.to_json())
    snapshot = one_table("tournament", renege)
    assert snapshot.penalties[0].team_points == (0, 4)
    assert points(snapshot) == {"A": 5, "B": 5, "C": 7, "D": 7}
