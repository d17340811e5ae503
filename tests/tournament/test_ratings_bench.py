"""bench/ratings_bench.py: its cheap ``--quick`` path computes every figure (not their value);
a seed prints the same report digit for digit, run after run; the levels' order is measured
in the arena first, and the measured order is the truth the ratings are held to."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from euchre import bots
from euchre.bots.pimc import PimcBot
from tests.bots.helpers import load_bench

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ratings_bench.py"


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


def _printed(*options: str, hash_seed: str) -> str:
    """What the bench prints when run as a program (another process, another hash seed)."""
    finished = subprocess.run(
        [sys.executable, str(BENCH), *options],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": hash_seed, "COLUMNS": "200"},
    )
    return finished.stdout


def test_two_runs_of_a_seed_print_the_same_figures_to_the_digit() -> None:
    for options in (("--quick", "--seed", "3"), ("--quick", "--seed", "3", "--json")):
        first = _printed(*options, hash_seed="1")
        assert first == _printed(*options, hash_seed="2")
    report = json.loads(first)
    assert report["seed"] == 3 and "seconds" not in report
    assert report["level_order"]["assumed"] == ["easy", "medium"]
    assert "the levels in the arena, bolivar, seed 3" in _printed(
        "--quick", "--seed", "3", hash_seed="0"
    )


def test_the_levels_order_is_measured_in_the_arena_and_a_wrong_listing_is_corrected(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_bench("ratings_bench")
    options = ["--names", "2", "--games", "4", "--held-out", "4", "--arena-deals", "10"]
    # Listed weakest first, but "random" is the weaker: the arena finds it and says so.
    report = bench.main(["--levels", "easy,random", *options, "--seed", "5"])
    order = report["level_order"]
    assert order["sheet"] == "bolivar" and order["deals"] == 10
    assert order["assumed"] == ["easy", "random"] and order["measured"] == ["random", "easy"]
    assert order["holds"] is False
    (step,) = order["steps"]
    assert (step["stronger"], step["weaker"], step["verdict"]) == ("random", "easy", "reversed")
    assert step["ci95"][1] < 0 and order["points_a_deal"]["random"] == step["diff"]
    printed = capsys.readouterr().out
    assert "did NOT hold" in printed and "random < easy" in printed
    # The ratings are held to the measured order: "easy" is the stronger in the truth.
    assert report["level_strength"]["random"] == 0
    assert (
        report["models"]["point_margin"]["mean_rating_by_level"]["easy"]
        > (report["models"]["point_margin"]["mean_rating_by_level"]["random"])
    )
    listed = bench.main(["--levels", "random,easy", *options, "--seed", "5"])
    assert listed["level_order"]["holds"] is True
    assert "the assumed order held" in capsys.readouterr().out


def test_a_bot_that_thinks_against_the_clock_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        bots.BOT_FACTORIES, "clocked", lambda seed: PimcBot(seed, budget_ms=50, name="clocked")
    )
    bench = load_bench("ratings_bench")
    with pytest.raises(SystemExit, match=r"stops thinking on the clock.*replay a seed"):
        bench.main(["--levels", "easy,clocked", "--names", "2", "--games", "1"])
