"""Learn the expert's bidding offline (see :mod:`euchre.bots.bidding`) and write its data file.

    nice -n 19 uv run python bench/bots_bidding_train.py --profile tournament --deals 20000 \
        --workers 2 --seed 1 --out src/euchre/bots/data/bidding.json

Each deal is bid by the rules policy with the expert's thresholds; at every decision where a
seat may pass and may bid with its partner, the hand is played out (rules card play) once per
bid and once with a pass, from the same cards. Labels are the seat's side's points with the
bid minus with the pass; a ridge regression per round and seat position fits them. The file
keeps other profiles' entries, so profiles can be trained one run at a time.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from pathlib import Path

import numpy as np

from euchre.bots.bidding import FEATURES, bid_features, model_key
from euchre.bots.expert import EXPERT_RULES
from euchre.bots.playout import play_out
from euchre.bots.rules import RulesBot, choose_discard, hand_strength
from euchre.engine import actions as codes
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_state
from euchre.engine.state import HandState, Phase
from euchre.engine.view import view_of

Sample = tuple[str, list[float], float, float]  # key, features, label, rules strength


def _outcome(state: HandState, code: int, bidders: list[RulesBot], seat: int) -> int:
    branch = state.clone()
    branch.apply(code)
    ours, theirs = play_out(branch, bidders, seat)
    return ours - theirs


def deal_samples(profile_id: str, seed: int, index: int) -> list[Sample]:
    """The labelled decisions met while the policy bids deal ``index``."""
    profile = load_profile(profile_id)
    rng = random.Random(seed * 1_000_003 + index)
    state = deal_state(profile, index % 4, rng)
    bidders = [RulesBot(None, EXPERT_RULES) for _ in range(4)]
    samples: list[Sample] = []
    while state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and not state.is_over:
        seat = state.to_act
        legal = {int(action) for action in state.legal_actions()}
        view = view_of(state, seat)
        position = (seat - state.dealer) % 4
        up = int(state.up_card)
        hand = state.hands[seat]
        if codes.PASS in legal:
            passed = _outcome(state, codes.PASS, bidders, seat)
            if state.phase is Phase.BID_ROUND_1 and codes.ORDER in legal:
                trump = up // 6
                played = hand
                if seat == state.dealer:
                    with_up = hand | (1 << up)
                    played = with_up & ~(1 << choose_discard(with_up, trump))
                label = _outcome(state, codes.ORDER, bidders, seat) - passed
                features = bid_features(played, trump, up, True)
                strength = hand_strength(played, trump)
                samples.append((model_key(True, position), features, label, strength))
            elif state.phase is Phase.BID_ROUND_2:
                for suit in range(4):
                    if codes.CALL_BASE + suit not in legal:
                        continue
                    label = _outcome(state, codes.CALL_BASE + suit, bidders, seat) - passed
                    features = bid_features(hand, suit, up, False)
                    strength = hand_strength(hand, suit)
                    samples.append((model_key(False, position), features, label, strength))
        state.apply(int(bidders[seat].choose(view)))
    return samples


def _chunk(args: tuple[str, int, list[int]]) -> list[Sample]:
    profile_id, seed, indices = args
    out: list[Sample] = []
    for index in indices:
        out.extend(deal_samples(profile_id, seed, index))
    return out


def generate(profile_id: str, seed: int, deals: int, workers: int) -> list[Sample]:
    """The labelled decisions of ``deals`` deals, in deal order."""
    batches = [
        (profile_id, seed, list(range(start, min(deals, start + 200))))
        for start in range(0, deals, 200)
    ]
    samples: list[Sample] = []
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for chunk in pool.imap(_chunk, batches):
            samples.extend(chunk)
    return samples


def fit(samples: list[Sample], ridge: float) -> tuple[dict[str, list[float]], float, dict]:
    """Ridge weights per key, the points per strength point (slope of label on strength),
    and a summary per key (samples, mean label, R²)."""
    weights: dict[str, list[float]] = {}
    summary: dict[str, dict[str, float]] = {}
    for key in sorted({sample[0] for sample in samples}):
        rows = [sample for sample in samples if sample[0] == key]
        x = np.array([row[1] for row in rows])
        y = np.array([row[2] for row in rows], dtype=float)
        penalty = ridge * np.eye(x.shape[1])
        penalty[0, 0] = 0.0  # no shrinkage of the intercept
        w = np.linalg.solve(x.T @ x + penalty, x.T @ y)
        residual = y - x @ w
        r2 = 1 - residual.var() / max(y.var(), 1e-12)
        weights[key] = [round(float(v), 4) for v in w]
        summary[key] = {"samples": len(rows), "mean_label": float(y.mean()), "r2": float(r2)}
    strengths = np.array([sample[3] for sample in samples])
    labels = np.array([sample[2] for sample in samples], dtype=float)
    near = np.abs(strengths - 7.0) < 2.0
    slope = float(np.polyfit(strengths[near], labels[near], 1)[0])
    return weights, slope, summary


def main(argv: list[str] | None = None) -> int:
    """Generate the samples, fit, and write (merge into) the data file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="tournament")
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=5.0)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--samples", type=Path, help="a JSON file of samples: read if it exists, else written"
    )
    options = parser.parse_args(argv)
    if options.samples and options.samples.exists():
        samples = [tuple(row) for row in json.loads(options.samples.read_text())]
    else:
        samples = generate(options.profile, options.seed, options.deals, options.workers)
        if options.samples:
            options.samples.write_text(json.dumps(samples))
    weights, slope, summary = fit(samples, options.ridge)
    data = json.loads(options.out.read_text()) if options.out.exists() else {}
    data.setdefault("features", list(FEATURES))
    data.setdefault("profiles", {})
    data["profiles"][options.profile] = {
        "deals": options.deals,
        "seed": options.seed,
        "points_per_strength": round(slope, 4),
        "weights": weights,
    }
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(data, indent=1) + "\n")
    json.dump({"points_per_strength": slope, "models": summary}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
