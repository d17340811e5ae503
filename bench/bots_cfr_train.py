"""Train the bidding by regret minimisation (:mod:`euchre.bots.cfr`) and write its data file.

    nice -n 10 uv run python bench/bots_cfr_train.py --profile tournament --deals 40000 \
        --minutes 20 --calibrate 300 --seed 1 --out src/euchre/bots/data/cfr_bidding.json

Three steps, one process:

1. **Leaves** (bounded by ``--deals`` and ``--minutes``): deal, and for each of the bidding's
   eight decisions note the seat's information set and the open-hand value of its bid (the
   dealer having picked up and discarded in round 1; not alone). The solves are cached per
   deal × trump × making side (a round-1 order is the same contract whoever of a side makes
   it), so a deal costs at most six solves.
2. **Calibration** (``--calibrate N``, 0 to skip): on N other deals, a bid the book would
   consider (strength within 1.5 of its bar) is *played* out by the expert at all four seats
   and solved open-handed; the line ``played = a + b · open`` fitted to the pairs corrects
   every leaf (open-hand values flatter the makers: both sides play as if they saw every card).
3. **CFR** (``--iterations``): chance-sampled CFR with regret matching+ over the cached deals
   (:func:`euchre.bots.cfr.chain_cfr`); the average strategy is written with each set's count.

**Longer runs**: step 1 is embarrassingly parallel by deal (each deal's cards come from
``random.Random("cfr:<seed>:<index>")``), as the arena's deals are; a longer training would
map batches of deal indices over a Dask cluster (``distributed.Client(scheduler).map``, the
same way ``euchre arena --scheduler`` sends its batches), gather the keys and leaves, and run
step 3 (seconds) on one machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import Progress

from euchre.bots.cfr import chain_cfr, infoset_key, round_two_suit, up_class
from euchre.bots.expert import EXPERT_RULES, ExpertBot
from euchre.bots.pimc import contract_score_table, first_leader, opening_position
from euchre.bots.rules import RulesBot, dealer_hand
from euchre.bots.solver import solve_value
from euchre.engine import actions as codes
from euchre.engine.profile import RuleProfile, load_profile
from euchre.engine.record import deal_state
from euchre.engine.state import HandState, HandStatus
from euchre.engine.view import view_of

STEPS = 8


def _deal(profile: RuleProfile, seed: int, index: int, tag: str) -> HandState:
    rng = random.Random(f"{tag}:{seed}:{index}")
    return deal_state(profile, index % 4, rng)


def _bid_suit(state: HandState, step: int) -> tuple[int, int, int]:
    """The seat deciding at ``step``, the candidate trump, and the bid's action code."""
    dealer = state.dealer
    seat = (dealer + 1 + step) % 4
    up = int(state.up_card)
    if step < 4:
        return seat, up // 6, codes.ORDER
    suit = round_two_suit(state.hands[seat], up // 6, (seat - dealer) % 4, EXPERT_RULES.next_bonus)
    return seat, suit, codes.CALL_BASE + suit


def _open_value(state: HandState, trump: int, maker_team: int, round_one: bool) -> float:
    """The makers' open-hand points for a plain (not alone) contract in ``trump``."""
    hands = list(state.hands)
    if round_one:
        hands[state.dealer] = dealer_hand(hands[state.dealer], int(state.up_card))
    active = [True, True, True, True]
    table = contract_score_table(state.profile, alone=False, defended_alone=False)
    leader = first_leader(state.dealer, active)
    return float(solve_value(opening_position(hands, trump, active, leader, maker_team, table)))


def deal_leaves(state: HandState) -> tuple[list[str], list[float], list[int]]:
    """Each step's information set, the open-hand points of its seat's side if it bids there,
    and whether it must bid (a stuck dealer)."""
    up = int(state.up_card)
    dealer = state.dealer
    stuck = state.profile.all_pass == "stick_the_dealer"
    cache: dict[tuple[int, int, bool], float] = {}
    keys, leaves, forced = [], [], []
    for step in range(STEPS):
        seat, trump, _ = _bid_suit(state, step)
        round_one = step < 4
        position = (seat - dealer) % 4
        hand = state.hands[seat]
        if round_one:
            played = dealer_hand(hand, up) if position == 0 else hand
            keys.append(infoset_key(True, position, played, trump, up_class(up)))
        else:
            keys.append(infoset_key(False, position, hand, trump, int(trump == 3 - up // 6)))
        memo = (trump, seat % 2, round_one)
        if memo not in cache:
            cache[memo] = _open_value(state, trump, seat % 2, round_one)
        leaves.append(cache[memo])
        forced.append(int(stuck and step == STEPS - 1))
    return keys, leaves, forced


def _distance_to_bar(state: HandState, step: int) -> float:
    """How far the book's strength at ``step`` is from its bar (everybody before passing)."""
    rules = RulesBot(None, EXPERT_RULES)
    probe = state.clone()
    for _ in range(step):
        probe.apply(codes.PASS)
    view = view_of(probe, probe.to_act)
    if step < 4:
        strength, _ = rules.round_one_strength(view)
        bar = EXPERT_RULES.order_threshold
    else:
        _, strength = rules.round_two_best(view)
        bar = EXPERT_RULES.call_threshold + EXPERT_RULES.call_bonus[(view.seat - view.dealer) % 4]
    return strength - bar


def played_points(state: HandState, step: int, seed: int) -> float | None:
    """The bidding side's points when the seat at ``step`` bids (not alone) and the expert
    plays every seat from there; ``None`` if the bid is not legal there."""
    game = state.clone()
    for _ in range(step):
        game.apply(codes.PASS)
    seat, _, code = _bid_suit(state, step)
    if code not in {int(action) for action in game.legal_actions()}:
        return None
    game.apply(code)
    bots = [ExpertBot(seed * 4 + i) for i in range(4)]
    while not game.is_over:
        legal = game.legal_actions()
        to_act = game.to_act
        action = legal[0] if len(legal) == 1 else bots[to_act].choose(view_of(game, to_act))
        game.apply(action)
    if game.status is not HandStatus.SCORED:
        return None
    points = game.result().team_points
    return float(points[seat % 2] - points[1 - seat % 2])


def calibrate(
    profile: RuleProfile, seed: int, count: int, band: float, progress: Progress
) -> dict[str, Any]:
    """Fit ``played = a + b · open`` per round on ``count`` bids within ``band`` strength
    points of the book's bar, one a deal at a step drawn at random among those."""
    pairs: list[tuple[int, float, float]] = []
    task = progress.add_task("calibration", total=count)
    rng = random.Random(f"cfr-calibrate:{seed}")
    index = 0
    while len(pairs) < count:
        state = _deal(profile, seed, index, "cfr-calibrate")
        index += 1
        steps = [s for s in range(STEPS - 1) if abs(_distance_to_bar(state, s)) <= band]
        if not steps:
            continue
        step = rng.choice(steps)
        _, leaves, _ = deal_leaves(state)
        played = played_points(state, step, seed * 100_000 + index)
        if played is None:
            continue
        pairs.append((step, leaves[step], played))
        progress.advance(task)
    result: dict[str, Any] = {"pairs": len(pairs), "band": band}
    for name, steps_of in (("r1", range(4)), ("r2", range(4, STEPS))):
        chosen = [pair for pair in pairs if pair[0] in steps_of]
        opened = np.array([pair[1] for pair in chosen])
        played_arr = np.array([pair[2] for pair in chosen])
        slope, intercept = np.polyfit(opened, played_arr, 1)
        result[name] = {
            "pairs": len(chosen),
            "open_mean": round(float(opened.mean()), 4),
            "played_mean": round(float(played_arr.mean()), 4),
            "intercept": round(float(intercept), 4),
            "slope": round(float(slope), 4),
        }
    return result


def corrected_leaves(leaves: np.ndarray, correction: dict[str, Any]) -> np.ndarray:
    """The leaves through each round's calibration line (round 1: steps 0-3)."""
    out = leaves.copy()
    for name, columns in (("r1", slice(0, 4)), ("r2", slice(4, STEPS))):
        line = correction[name]
        out[:, columns] = line["intercept"] + line["slope"] * leaves[:, columns]
    return out


def main(argv: list[str] | None = None) -> int:
    """Generate the leaves, calibrate, run CFR and write (merge into) the data file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="tournament")
    parser.add_argument("--deals", type=int, default=40000)
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--calibrate", type=int, default=300)
    parser.add_argument("--band", type=float, default=2.5)
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--min-visits", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--shared-with",
        default="",
        help="profiles (comma-separated) with the same score table and all-pass rule that use "
        "this profile's table",
    )
    parser.add_argument(
        "--cache", type=Path, help="an .npz of leaves: read if it exists, else written"
    )
    parser.add_argument(
        "--correction", type=Path, help="a JSON file of a calibration to use instead of calibrating"
    )
    options = parser.parse_args(argv)
    profile = load_profile(options.profile)
    started = time.monotonic()
    with Progress() as progress:
        if options.cache and options.cache.exists():
            data = np.load(options.cache, allow_pickle=False)
            names = [str(name) for name in data["names"]]
            keys, leaves, forced = data["keys"], data["leaves"], data["forced"]
        else:
            index_of: dict[str, int] = {}
            rows: list[list[int]] = []
            leaf_rows: list[list[float]] = []
            forced_rows: list[list[int]] = []
            task = progress.add_task("leaves", total=options.deals)
            deadline = started + options.minutes * 60
            for index in range(options.deals):
                if time.monotonic() > deadline:
                    break
                state = _deal(profile, options.seed, index, "cfr")
                deal_keys, deal_values, deal_forced = deal_leaves(state)
                rows.append([index_of.setdefault(key, len(index_of)) for key in deal_keys])
                leaf_rows.append(deal_values)
                forced_rows.append(deal_forced)
                progress.advance(task)
            names = list(index_of)
            keys = np.array(rows, dtype=np.int64)
            leaves = np.array(leaf_rows, dtype=np.float64)
            forced = np.array(forced_rows, dtype=np.int64)
            if options.cache:
                np.savez(
                    options.cache, names=np.array(names), keys=keys, leaves=leaves, forced=forced
                )
        leaves_seconds = time.monotonic() - started
        if options.correction:
            correction: dict[str, Any] = json.loads(options.correction.read_text())
        elif options.calibrate > 0:
            correction = calibrate(profile, options.seed, options.calibrate, options.band, progress)
        else:
            identity = {"intercept": 0.0, "slope": 1.0}
            correction = {"r1": identity, "r2": identity}
    corrected = corrected_leaves(leaves, correction)
    cfr_started = time.monotonic()
    bid, reach = chain_cfr(keys, corrected, forced, len(names), options.iterations)
    cfr_seconds = time.monotonic() - cfr_started
    visits = np.bincount(keys[forced == 0].ravel(), minlength=len(names))
    sets = {
        name: [round(float(bid[i]), 3), int(visits[i])]
        for i, name in sorted(enumerate(names), key=lambda item: item[1])
        if visits[i] > 0
    }
    out = json.loads(options.out.read_text()) if options.out.exists() else {"profiles": {}}
    out["profiles"][options.profile] = {
        "deals": int(keys.shape[0]),
        "seed": options.seed,
        "iterations": options.iterations,
        "min_visits": options.min_visits,
        "next_bonus": EXPERT_RULES.next_bonus,
        "correction": correction,
        "sets": sets,
    }
    for other in filter(None, options.shared_with.split(",")):
        out["profiles"][other] = {"uses": options.profile}
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    summary = {
        "deals": int(keys.shape[0]),
        "sets": len(sets),
        "sets_trusted": int(sum(1 for v in sets.values() if v[1] >= options.min_visits)),
        "correction": correction,
        "leaves_seconds": round(leaves_seconds, 1),
        "cfr_seconds": round(cfr_seconds, 1),
        "reach_weighted_bid_rate": round(float((bid * reach).sum() / max(reach.sum(), 1e-9)), 4),
    }
    json.dump(summary, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
