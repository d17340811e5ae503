"""Fit, from hands *played* by PIMC, when to overturn the book near its bar; judge it on
labels it was not fitted on.

    uv run python bench/bots_decision_labels.py --deals 8000 --seed 11 --workers 2 \
        --no-lone --out labels-11.json          # and seeds 12, 13 the same way
    uv run python bench/bots_bid_correction.py --train labels-11.json labels-12.json \
        --test labels-13.json [--out src/euchre/bots/data/bid_correction.json]

Each label (``bots_decision_labels.py``) is a decision within 1.5 strength points of the
expert's bar where a pass and a bid are both legal: the hand played out by ``pimc-basic`` at
every seat once after the bid and once after a pass, from the same cards; the label is the
deciding side's points with the bid minus with the pass. For each round and seat position a
ridge regression predicts the label from the learned bidding's hand features
(``bots.bidding.FEATURES``) and the distance to the book's bar; the correction overturns the book
where the prediction says otherwise by more than ``--margin`` points.

The test files' labels judge it, paired: on each held-out decision where the correction and
the choice the labels' deal went on with differ (the book's, or with ``--corrected`` labels
the shipped correction's), the label (or its negative) is what the correction gains;
summed and divided by the deals, with a 95% interval from a bootstrap over deals. Judged the
same way: the bar shifted per group (the method of 2026-11-23), a baseline; and the shipped
correction (on labels from the book, what it gains; on ``--corrected`` labels, 0 by
construction). Nothing here is chosen on the test files.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from euchre.bots.bidding import FEATURES, BidCorrection, load_correction

Row = dict[str, Any]


def _key(row: Row) -> str:
    return f"r{row['round']}p{row['position']}"


def _matrix(rows: list[Row]) -> np.ndarray:
    return np.array([[*row["features"], row["over_bar"]] for row in rows], dtype=float)


def fit(rows: list[Row], ridge: float) -> dict[str, list[float]]:
    """Ridge weights per round and position over the features and the distance to the bar
    (the intercept not shrunk)."""
    groups: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        groups[_key(row)].append(row)
    weights = {}
    for key, group in sorted(groups.items()):
        x = _matrix(group)
        y = np.array([row["label"] for row in group], dtype=float)
        penalty = ridge * np.eye(x.shape[1])
        penalty[0, 0] = 0.0
        w = np.linalg.solve(x.T @ x + penalty, x.T @ y)
        weights[key] = [round(float(v), 4) for v in w]
    return weights


def fit_shifts(rows: list[Row]) -> dict[str, float]:
    """Per group, the bar shift (in strength points, quarter steps) that gains most."""
    groups: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        groups[_key(row)].append(row)
    shifts = {}
    for key, group in groups.items():
        best, best_gain = 0.0, 0.0
        for shift in [x / 4 for x in range(-6, 7)]:
            gain = sum(
                row["label"] * ((row["over_bar"] >= shift) - (row["over_bar"] >= 0))
                for row in group
            )
            if gain > best_gain:
                best, best_gain = shift, gain
        shifts[key] = best
    return shifts


def judge(rows: list[Row], bids: list[bool], dealt: int, seed: int = 0) -> dict[str, Any]:
    """What the candidate's choices gain over the book's on ``rows`` (points a deal of the
    ``dealt`` deals the labels came from, a bootstrap interval over deals), overall and per
    group."""
    by_deal: dict[int, float] = defaultdict(float)
    by_group: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    deals = {row["deal"] for row in rows}
    for row, bid in zip(rows, bids, strict=True):
        taken = bool(row.get("taken", row["over_bar"] >= 0))
        if bid == taken or row["deal"] in by_deal:
            # Only a deal's first change counts: the labels after it were met under the
            # choice the deal went on with, which the candidate did not make.
            continue
        gain = row["label"] if bid else -row["label"]
        by_deal[row["deal"]] += gain
        group = by_group[_key(row)]
        group[0] += 1
        group[1] += gain
        group[2] += 1 if bid else 0
    values = np.array([by_deal.get(deal, 0.0) for deal in sorted(deals)])
    values = np.concatenate([values, np.zeros(max(0, dealt - len(values)))])
    rng = np.random.default_rng(seed)
    boot = [rng.choice(values, size=len(values)).mean() for _ in range(2000)]
    return {
        "deals": len(values),
        "deals_with_labels": len(deals),
        "changed": int(sum(g[0] for g in by_group.values())),
        "gain_per_deal": round(float(values.mean()), 4),
        "ci95": [
            round(float(np.percentile(boot, 2.5)), 4),
            round(float(np.percentile(boot, 97.5)), 4),
        ],
        "groups": {
            key: {"changed": int(g[0]), "more_bids": int(g[2]), "points": g[1]}
            for key, g in sorted(by_group.items())
        },
    }


def candidate_bid(correction: BidCorrection, row: Row) -> bool:
    """Bid or not on a labelled decision: the book's choice unless the shipped rule
    (:meth:`BidCorrection.overturns`) overturns it."""
    book = bool(row["over_bar"] >= 0)
    return book != correction.overturns(_key(row), row["features"], row["over_bar"], book)


def _load(paths: list[Path]) -> list[Row]:
    rows: list[Row] = []
    for number, path in enumerate(paths):
        for row in json.loads(path.read_text()):
            if row["kind"] == "bid":
                row["deal"] = number * 1_000_000 + row["deal"]
                rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Fit on the training labels, judge on the test labels, optionally write the model."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=Path, nargs="+", required=True)
    parser.add_argument("--test", type=Path, nargs="+", required=True)
    parser.add_argument("--ridge", type=float, default=20.0)
    parser.add_argument("--margin", type=float, default=0.0)
    parser.add_argument(
        "--test-deals", type=int, required=True, help="how many deals the test labels came from"
    )
    parser.add_argument("--out", type=Path, help="the data file to write (merged)")
    parser.add_argument("--profile", default="tournament", help="the profile the labels are of")
    parser.add_argument(
        "--uses",
        nargs="*",
        default=["valpo", "bolivar", "tournament_partners"],
        help="profiles with the same score table for the bids, written to use this one",
    )
    parser.add_argument(
        "--band", type=float, default=1.5, help="the labels' band around the bar (strength)"
    )
    options = parser.parse_args(argv)
    train, test = _load(options.train), _load(options.test)
    weights = fit(train, options.ridge)
    shifts = fit_shifts(train)
    correction = BidCorrection(
        {key: tuple(w) for key, w in weights.items()}, options.band, options.margin
    )
    model_bids = [candidate_bid(correction, row) for row in test]
    shipped = load_correction(options.profile)
    shift_bids = [row["over_bar"] >= shifts.get(_key(row), 0.0) for row in test]
    report = {
        "train_labels": len(train),
        "test_labels": len(test),
        "ridge": options.ridge,
        "margin": options.margin,
        "shifts": shifts,
        "correction": judge(test, model_bids, options.test_deals),
        "shifted_bar": judge(test, shift_bids, options.test_deals),
        "shipped": None
        if shipped is None
        else judge(test, [candidate_bid(shipped, row) for row in test], options.test_deals),
    }
    json.dump(report, sys.stdout, indent=1)
    print()
    if options.out:
        data = json.loads(options.out.read_text()) if options.out.exists() else {}
        data["features"] = [*FEATURES, "over_bar"]
        profiles = data.setdefault("profiles", {})
        profiles[options.profile] = {
            "trained_on": [path.name for path in options.train],
            "labels": len(train),
            "ridge": options.ridge,
            "band": options.band,
            "margin": options.margin,
            "weights": weights,
        }
        for other in options.uses:
            profiles[other] = {"uses": options.profile}
        options.out.write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
