"""What each card is worth when the hand is *played*, beside what the expert's PIMC says.

    uv run python bench/bots_card_labels.py --deals 4000 --seed 51 --workers 2 --out c51.json
    uv run python bench/bots_card_labels.py --fit c51.json,c52.json --judge c53.json

The bid correction (``bots.bidding.BidCorrection``) gained because the labels it was fitted on
came from hands played out, not solved open-handed. This is the same question for the cards:
does the expert's open-hand average (over its inferred worlds) misjudge some kinds of card in
a way that a correction learned from played-out hands can mend?

Each deal is bid by the book as the expert ships it (``bots_decision_labels.BookBidder``) and
played by ``pimc-basic`` at every seat. At ``--points`` card decisions a deal, drawn at random
among those with a choice in the first four tricks, the expert values every legal card (its
``evaluate``: inferred worlds, the trump-lead bonus), then the hand is played out once
after each card, every later card by ``pimc-basic`` at every seat (each seat seeing only its
own cards; the same bot seeds on every branch). A row holds, per legal card, the expert's
value, the played-out points of the deciding seat's side, and the card's features
(``policy.PLAY_FEATURES`` in its context, ``policy.PLAY_CONTEXTS``).

``--fit`` fits, per context, a ridge regression of the played-out points less the expert's
value (both centred within the decision) on the features (centred the same way): a
correction of the expert's card values. ``--judge`` scores it on other labels: at each
decision, the played-out points of the card the corrected values choose less those of the
card the expert chose (the first on ties, as ``PlayTotals.evaluation`` orders them).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
from functools import partial
from typing import Any

import numpy as np
from rich.progress import Progress

from bots_decision_labels import BookBidder, play_out
from euchre.bots.expert import ExpertBot
from euchre.bots.pimc import BASIC_RULES, PimcBot
from euchre.bots.policy import PLAY_CONTEXTS, PLAY_FEATURES, PlayDecision, play_candidates
from euchre.engine.cards import EFFECTIVE_SUIT, card_mask, trick_power
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.state import HandState, Phase
from euchre.engine.view import PlayerView, view_of


def decision_now(view: PlayerView) -> PlayDecision:
    """The card this seat is about to play, as a :class:`PlayDecision` (card -1)."""
    trump = view.trump
    seen = 0
    for _, cards, _ in view.completed_tricks:
        for card in cards:
            seen |= 1 << int(card)
    maker_side = int(view.maker >= 0 and view.seat % 2 == view.maker % 2)
    trick = [(seat, int(card)) for seat, card in view.current_trick]
    if not trick:
        return PlayDecision(view.seat, -1, -1, 0, maker_side, seen, 0)
    led = EFFECTIVE_SUIT[trump + 1][trick[0][1]]
    best_seat, best = -1, 0
    for index, (seat, card) in enumerate(trick):
        power = trick_power(card, trump, led)
        if index == 0 or power > best:
            best_seat, best = seat, power
        seen |= 1 << card
    partner = int(best_seat == (view.seat + 2) % 4)
    base = 6 if len(trick) == sum(view.active) - 1 else 2
    return PlayDecision(view.seat, -1, led, best, base + 2 * partner + maker_side, seen, 0)


def _label_deal(profile_id: str, seed: int, points: int, index: int) -> list[dict[str, Any]]:
    profile = load_profile(profile_id)
    rng = random.Random(f"cards:{seed}:{index}")
    state = deal_record(profile, index % 4, rng).start()
    bidders = [BookBidder(profile_id, True) for _ in range(4)]
    players = [PimcBot(rng.randrange(1 << 30), rules_parameters=BASIC_RULES) for _ in range(4)]
    # Which decisions to label: drawn before the play, among the first 16 card turns.
    while not state.is_over and state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
        to_act = state.to_act
        state.apply(bidders[to_act].choose(view_of(state, to_act)))
    chosen = set(rng.sample(range(16), min(16, points * 2)))
    rows: list[dict[str, Any]] = []
    turn = 0
    while not state.is_over:
        seat = state.to_act
        view = view_of(state, seat)
        if state.phase is Phase.PLAY and len(view.completed_tricks) < 4:
            if len(view.legal) > 1 and turn in chosen and len(rows) < points:
                rows.append(_label_point(state, view, seed, index, turn, bidders))
            turn += 1
        state.apply(players[seat].choose(view))
    return rows


def _label_point(
    state: HandState,
    view: PlayerView,
    seed: int,
    index: int,
    turn: int,
    bidders: list[BookBidder],
) -> dict[str, Any]:
    expert = ExpertBot(seed * 7919 + index * 31 + turn)
    evaluation = expert.evaluate(view)
    assert evaluation is not None  # a card to play with a choice is always evaluated
    decision = decision_now(view)
    cards, features = play_candidates(decision, card_mask(view.hand), view.trump)
    values = {int(a.card): v for a, v in zip(evaluation.actions, evaluation.values, strict=True)}
    order = [int(a.card) for a in evaluation.actions]
    chosen = int(evaluation.best().card)
    played = {}
    branch_seed = seed * 1_000_003 + index * 17 + turn
    for card in cards:
        branch = state.clone()
        branch.apply(next(a for a in view.legal if int(a.card) == card))
        played[card] = play_out(branch, view.seat, branch_seed, bidders)
    return {
        "deal": index,
        "trick": len(view.completed_tricks),
        "context": decision.context,
        "maker_side": int(view.seat % 2 == view.maker % 2),
        "alone": int(view.alone),
        "cards": cards,
        "order": order,
        "expert": chosen,
        "values": [round(values[card], 4) for card in cards],
        "played": [played[card] for card in cards],
        "features": features,
    }


def _chunk(profile: str, seed: int, points: int, indices: list[int]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for index in indices:
        rows.extend(_label_deal(profile, seed, points, index))
    return rows


def label(deals: int, seed: int, workers: int, profile: str, points: int) -> list[dict[str, Any]]:
    """Labelled card decisions from ``deals`` deals (see the module docstring)."""
    batches = [list(range(start, min(deals, start + 5))) for start in range(0, deals, 5)]
    rows: list[dict[str, Any]] = []
    work = partial(_chunk, profile, seed, points)
    with (
        multiprocessing.get_context("fork").Pool(workers) as pool,
        Progress() as progress,
    ):
        task = progress.add_task("labelling card decisions", total=deals)
        for chunk_rows in pool.imap_unordered(work, batches):
            rows.extend(chunk_rows)
            progress.advance(task, 5)
    return rows


WIDTH = len(PLAY_FEATURES) + 1
"""Per context: the features and the expert's own value (a stretch of its values)."""


def _design(row: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """Centred features (with the expert's value) and centred targets of one decision."""
    x = np.array(
        [[*f, v] for f, v in zip(row["features"], row["values"], strict=True)], dtype=float
    )
    y = np.array(row["played"], dtype=float) - np.array(row["values"], dtype=float)
    return x - x.mean(axis=0), y - y.mean()


def fit(rows: list[dict[str, Any]], ridge: float, stretch: bool = True) -> np.ndarray:
    """The correction's weights, ``PLAY_CONTEXTS`` × ``WIDTH`` (without ``stretch`` the
    expert's own value keeps weight 0)."""
    weights = np.zeros((PLAY_CONTEXTS, WIDTH))
    for context in range(PLAY_CONTEXTS):
        xs, ys = [], []
        for row in rows:
            if row["context"] == context:
                x, y = _design(row)
                xs.append(x)
                ys.append(y)
        if not xs:
            continue
        x, y = np.vstack(xs), np.concatenate(ys)
        width = WIDTH if stretch else WIDTH - 1
        x = x[:, :width]
        weights[context, :width] = np.linalg.solve(x.T @ x + ridge * np.eye(width), x.T @ y)
    return weights


def _choice(cards: list[int], order: list[int], scores: list[float]) -> int:
    """The best-scored card, the first in the expert's order on ties."""
    by_card = dict(zip(cards, scores, strict=True))
    return max(order, key=lambda card: (by_card[card], -order.index(card)))


def judge(rows: list[dict[str, Any]], weights: np.ndarray, margin: float = 0.0) -> dict[str, Any]:
    """Played-out points gained at each decision by the corrected choice (summed per deal)."""
    per_deal: dict[int, float] = {}
    changed = 0
    by_context: dict[int, list[float]] = {}
    for row in rows:
        w = weights[row["context"]]
        scores = [
            v + float(np.dot(w, [*f, v]))
            for f, v in zip(row["features"], row["values"], strict=True)
        ]
        pick = _choice(row["cards"], row["order"], scores)
        expert = row["expert"]
        gain = 0.0
        if pick != expert:
            index = row["cards"].index
            if scores[index(pick)] - scores[index(expert)] > margin:
                changed += 1
                gain = row["played"][index(pick)] - row["played"][index(expert)]
                by_context.setdefault(row["context"], []).append(gain)
        per_deal[row["deal"]] = per_deal.get(row["deal"], 0.0) + gain
    gains = list(per_deal.values())
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
    return {
        "deals": len(gains),
        "decisions": len(rows),
        "changed": changed,
        "gain_per_deal": round(mean, 4),
        "ci": [round(mean - half, 4), round(mean + half, 4)],
        "by_context": {
            str(c): {"n": len(g), "sum": round(sum(g), 1)} for c, g in sorted(by_context.items())
        },
    }


def regret(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """How the expert's choice compares with the other cards, played out (a cheat's
    ceiling: the best card on the true deal)."""
    best = [max(r["played"]) - r["played"][r["cards"].index(r["expert"])] for r in rows]
    mean_other = [
        statistics.fmean(r["played"]) - r["played"][r["cards"].index(r["expert"])] for r in rows
    ]
    return {
        "decisions": len(rows),
        "best_card_minus_expert": round(statistics.fmean(best), 4),
        "average_card_minus_expert": round(statistics.fmean(mean_other), 4),
    }


def _load(paths: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in paths.split(","):
        with open(path, encoding="utf-8") as handle:
            rows.extend(json.load(handle))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Label deals (``--out``), or fit a correction and judge it (``--fit``, ``--judge``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--profile", default="tournament")
    parser.add_argument("--points", type=int, default=4, help="card decisions labelled a deal")
    parser.add_argument("--out", default=None)
    parser.add_argument("--fit", default=None, help="label files to fit on (comma-separated)")
    parser.add_argument("--judge", default=None, help="label files to judge on")
    parser.add_argument("--ridge", type=float, default=100.0)
    parser.add_argument("--margin", type=float, default=0.0)
    parser.add_argument(
        "--no-stretch", action="store_true", help="leave the expert's own values unscaled"
    )
    options = parser.parse_args(argv)
    if options.fit:
        train = _load(options.fit)
        weights = fit(train, options.ridge, not options.no_stretch)
        report: dict[str, Any] = {"fitted_on": len(train), "regret": regret(train)}
        if options.judge:
            report["judged"] = judge(_load(options.judge), weights, options.margin)
        report["weights"] = [[round(float(w), 3) for w in row] for row in weights]
        print(json.dumps(report, indent=1))
        return 0
    rows = label(options.deals, options.seed, options.workers, options.profile, options.points)
    if options.out:
        with open(options.out, "w", encoding="utf-8") as handle:
            json.dump(rows, handle)
    print(json.dumps({"labels": len(rows), "regret": regret(rows)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
