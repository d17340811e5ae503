"""bench/bots_decision_labels.py: bids and lone hands valued by playing the hand out twice."""

from __future__ import annotations

from types import ModuleType

from tests.bots.helpers import load_bench


def _bench() -> ModuleType:
    return load_bench("bots_decision_labels")


def test_labels_are_paired_play_outs_near_the_bar_and_repeatable() -> None:
    bench = _bench()
    rows = [row for index in range(6) for row in bench._label_deal("tournament", 1.0, 3, index)]
    assert rows, "six deals give at least one decision near the bar"
    for row in rows:
        assert -8 <= row["label"] <= 8  # one hand's points, one branch minus the other
        if row["kind"] == "bid":
            assert abs(row["over_bar"]) <= 1.0
            assert row["position"] in (0, 1, 2, 3)
        else:
            assert row["trumps"] >= 3
    # The same deal and seed give the same labels: both branches use the same bot seeds.
    again = [row for index in range(6) for row in bench._label_deal("tournament", 1.0, 3, index)]
    assert again == rows


def test_the_analysis_counts_each_offset_against_todays_bar() -> None:
    bench = _bench()
    rows = [
        {"kind": "bid", "round": 1, "position": 2, "over_bar": -0.4, "label": 2},
        {"kind": "bid", "round": 1, "position": 2, "over_bar": 0.2, "label": -1},
        {"kind": "bid", "round": 1, "position": 2, "over_bar": 0.8, "label": 1},
    ]
    gains = bench.analyse(rows)["bid"]["round 1 @2"]["gain_by_offset"]
    assert gains["+0.00"] == 0
    assert gains["-0.50"] == 2  # the pass at -0.4 becomes a bid worth +2
    assert gains["+0.50"] == 1  # the bid at +0.2 becomes a pass: its -1 is saved
    assert gains["+1.00"] == 0  # and the bid at +0.8 too: +1 lost
