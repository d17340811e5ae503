"""bench/ratings_bench.py: its cheap ``--quick`` path computes every figure (not their value)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bots.helpers import load_bench


def test_the_quick_bench_computes_tau_brier_and_log_loss_for_every_model(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_bench("ratings_bench")
    report = bench.main(["--quick", "--json", "--seed", "3"])
    assert json.loads(capsys.readouterr().out) == report
    assert report["players"] == 4 and report["training_games"] == 4
    assert report["games_each"] == [4, 4]
    assert 0 <= report["stronger_side_won"]["share"] <= 1
    assert set(report["models"]) == {
        "point_margin",
        "plackett_luce",
        "thurstone_mosteller_full",
        "bradley_terry_full",
    }
    for figures in report["models"].values():
        assert -1 <= figures["kendall_tau"] <= figures["kendall_tau_best"] <= 1
        assert -1 <= figures["pairs_in_order"] <= 1
        held = figures["held_out"]
        assert held["games"] <= report["held_out_games"]
        if held["games"]:
            assert 0 <= held["brier"] <= 1 and held["log_loss"] >= 0
            assert held["brier_coin"] == 0.25
    assert set(report["level_strength"]) == {"easy", "medium"}
    assert report["level_strength"]["easy"] == 0 and report["margin_spread"] >= 0
    for figures in report["ceiling"].values():
        assert -1 <= figures["mean_tau"] <= 1 and 0 <= figures["share_at_0_8"] <= 1


def test_saved_runs_measure_again_alone_and_pooled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_bench("ratings_bench")
    saved = [tmp_path / "games3.json", tmp_path / "games4.json"]
    played = [
        bench.main(["--quick", "--json", "--seed", str(seed), "--save", str(path)])
        for seed, path in zip((3, 4), saved, strict=True)
    ]
    capsys.readouterr()
    again = bench.main(["--json", "--load", str(saved[0])])
    assert again["models"] == played[0]["models"]
    # OpenSkill's margin changes nothing for the point-margin model, which reads the points.
    margin = bench.main(["--json", "--load", str(saved[0]), "--margin", "2"])
    assert margin["models"]["point_margin"] == played[0]["models"]["point_margin"]
    pooled = bench.main(["--json", "--load", *map(str, saved)])["pooled"]
    assert pooled["seeds"] == [3, 4]
    for name, figures in pooled["models"].items():
        taus = [report["models"][name]["kendall_tau"] for report in played]
        assert figures["kendall_tau"] == pytest.approx(sum(taus) / 2, abs=1e-4)


def test_kendall_tau_b_counts_agreeing_and_disagreeing_pairs() -> None:
    bench = load_bench("ratings_bench")
    assert bench.kendall_tau_b([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1)
    assert bench.kendall_tau_b([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1)
    # Levels tie in the truth: tau-b's best is then below 1 (4 of 6 pairs can agree), while
    # the pairs of different levels alone all agree.
    assert bench.kendall_tau_b([1, 2, 5, 6], [0, 0, 1, 1]) == pytest.approx((4 / 6) ** 0.5)
    assert bench.pairs_in_order([1, 2, 5, 6], [0, 0, 1, 1]) == pytest.approx(1)
    assert bench.pairs_in_order([1, 5, 2, 6], [0, 0, 1, 1]) == pytest.approx(0.5)
    assert bench.kendall_tau_b([1, 2, 3], [0, 0, 0]) == 0.0
