"""Fit the policy model of :mod:`euchre.bots.policy` on self-play and write its data file.

    nice -n 10 uv run python bench/bots_policy_train.py --bot expert --deals 1500 --seed 7 \
        --workers 1 --out src/euchre/bots/data/policy.json

Each deal (``tournament`` unless ``--profile``; tuning seeds only: below 1,000,000) is bid and
played by ``--bot`` at every seat. Afterwards every bid, pass and card played where the seat
had more than one choice becomes one sample: the legal actions' features (from the hand the
seat held then) and the one chosen. A conditional logit is fitted per context by maximum
likelihood (L-BFGS, a small L2 penalty) and the weights are written as JSON. Printed: the
samples per context and the log-likelihood per decision against choosing uniformly.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import pickle
import random
import sys
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import Progress
from scipy.optimize import minimize

from euchre.bots import make_bot
from euchre.bots.arena import REPORT_SEED_MIN
from euchre.bots.inference import bid_events
from euchre.bots.policy import (
    BID_CONTEXTS,
    BID_FEATURES,
    PLAY_CONTEXTS,
    PLAY_FEATURES,
    bid_candidates,
    bid_context,
    play_candidates,
    play_decisions,
)
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_state
from euchre.engine.view import view_of

Sample = tuple[str, int, list[list[float]], int]  # kind, context, rows, chosen index


def deal_samples(bot: str, profile_id: str, seed: int, index: int) -> list[Sample]:
    """The decisions of deal ``index`` played by ``bot`` at every seat."""
    profile = load_profile(profile_id)
    rng = random.Random(f"policy:{seed}:{index}")
    state = deal_state(profile, index % 4, rng)
    dealt = list(state.hands)
    players = [make_bot(bot, rng.randrange(1 << 30)) for _ in range(4)]
    while not state.is_over:
        seat = state.to_act
        state.apply(players[seat].choose(view_of(state, seat)))
    view = view_of(state, 0)
    samples: list[Sample] = []
    for event in bid_events(view):
        options, rows = bid_candidates(event, dealt[event.seat], view)
        if len(options) > 1:
            samples.append(
                ("bid", bid_context(event, view.dealer), rows, options.index(event.code))
            )
    if view.trump >= 0:
        for decision in play_decisions(view):
            hand = state.hands[decision.seat] | decision.later
            cards, rows = play_candidates(decision, hand, view.trump)
            if len(cards) > 1:
                samples.append(("play", decision.context, rows, cards.index(decision.card)))
    return samples


def _chunk(bot: str, profile: str, seed: int, indices: list[int]) -> list[Sample]:
    samples: list[Sample] = []
    for index in indices:
        samples.extend(deal_samples(bot, profile, seed, index))
    return samples


def collect(bot: str, deals: int, seed: int, workers: int, profile: str) -> list[Sample]:
    """Samples from ``deals`` self-play deals, with a progress bar."""
    batches = [list(range(start, min(deals, start + 5))) for start in range(0, deals, 5)]
    samples: list[Sample] = []
    work = partial(_chunk, bot, profile, seed)
    with (
        multiprocessing.get_context("fork").Pool(workers) as pool,
        Progress() as progress,
    ):
        task = progress.add_task(f"{bot} self-play", total=deals)
        for batch, chunk in zip(batches, pool.imap(work, batches), strict=True):
            samples.extend(chunk)
            progress.advance(task, len(batch))
    return samples


def fit(groups: list[tuple[list[list[float]], int]], width: int, l2: float) -> tuple[Any, float]:
    """Conditional-logit weights for one context, and the mean log-likelihood a decision."""
    if not groups:
        return np.zeros(width), 0.0
    rows = np.array([row for group, _ in groups for row in group], dtype=float)
    sizes = np.array([len(group) for group, _ in groups])
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    chosen = starts + np.array([pick for _, pick in groups])
    owner = np.repeat(np.arange(len(groups)), sizes)

    def loss(weights: Any) -> tuple[float, Any]:
        scores = rows @ weights
        top = np.maximum.reduceat(scores, starts)
        exp = np.exp(scores - top[owner])
        total = np.add.reduceat(exp, starts)
        probability = exp / total[owner]
        log_likelihood = float(np.sum(scores[chosen] - top - np.log(total)))
        gradient = rows[chosen].sum(axis=0) - probability @ rows
        value = -log_likelihood + l2 * float(weights @ weights)
        return value, -gradient + 2 * l2 * weights

    result = minimize(loss, np.zeros(width), jac=True, method="L-BFGS-B")
    weights = result.x
    mean = -(float(loss(weights)[0]) - l2 * float(weights @ weights)) / len(groups)
    return weights, mean


def main(argv: list[str] | None = None) -> int:
    """Generate, fit, write the data file and print a summary as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--profile", default="tournament")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--samples", type=Path, default=None, help="keep the samples here (reused if present)"
    )
    options = parser.parse_args(argv)
    if options.seed >= REPORT_SEED_MIN:
        parser.error(f"--seed {options.seed} is a report seed: train on seeds below 1,000,000")
    if options.samples is not None and options.samples.exists():
        samples = pickle.loads(options.samples.read_bytes())
    else:
        samples = collect(
            options.bot, options.deals, options.seed, options.workers, options.profile
        )
        if options.samples is not None:
            options.samples.write_bytes(pickle.dumps(samples))
    summary: dict[str, Any] = {"bot": options.bot, "deals": options.deals, "seed": options.seed}
    play: list[list[float]] = []
    bid: list[list[float]] = []
    for kind, contexts, width, out in (
        ("play", PLAY_CONTEXTS, len(PLAY_FEATURES), play),
        ("bid", BID_CONTEXTS, 2 * len(BID_FEATURES), bid),
    ):
        for context in range(contexts):
            groups = [(rows, pick) for k, c, rows, pick in samples if k == kind and c == context]
            weights, mean = fit(groups, width, options.l2)
            uniform = (
                -sum(math.log(len(rows)) for rows, _ in groups) / len(groups) if groups else 0.0
            )
            summary[f"{kind}_{context}"] = {
                "decisions": len(groups),
                "log_likelihood": round(mean, 4),
                "uniform": round(uniform, 4),
            }
            out.append([round(float(w), 4) for w in weights])
    print(json.dumps(summary, indent=1))
    if options.out is not None:
        data = {
            "about": (
                f"policy model of {options.bot!r} fitted on {options.deals} self-play deals of "
                f"{options.profile!r} (seed {options.seed}) by bench/bots_policy_train.py"
            ),
            "play_features": list(PLAY_FEATURES),
            "bid_features": list(BID_FEATURES),
            "play": play,
            "bid": bid,
        }
        options.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
