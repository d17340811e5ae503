"""What a bid and a lone hand are worth when the hand is *played*, by PIMC at every seat.

    uv run python bench/bots_decision_labels.py --deals 3000 --workers 2 --out labels.json
    uv run python bench/bots_decision_labels.py --analyse labels.json

Open-hand solving flatters the makers with a partner (they "know" where every card lies) and
sells a lone hand short (its two defenders "know" which suits to keep). This script measures
both on the decisions themselves, which the duplicate arena resolves only slowly: each deal
is bid by the rules policy with the expert's thresholds; at every decision within
``--band`` strength points of the bar where a pass and a bid are both legal, the hand is
played out twice from the same cards, once after a pass and once after the bid (the bidding
finished by the policy), every card by ``pimc-basic`` (each seat seeing only its own cards;
the same bot seeds on both branches); at the bid that makes trump, with and without partner.
A label is the points of the deciding seat's side in one branch minus the other; ``taken``
says whether the deal went on with the bid.

``--corrected`` is the second round: every seat bids by the book as the expert ships it (the
profile's bid correction, ``data/bid_correction.json``, applied near the bar), so the labels
value a bid among bidders who already correct theirs. ``--expert-side`` plays the deciding
seat's side by the expert and the other side by ``pimc-basic``, as the arena pairs them.

``--analyse`` prints, per round and seat, the mean label by strength and the bar that would
have gained most on these hands; and for lone hands, the gain of each margin on the expert's
sampled estimate (alone minus with partner, open-handed over inferred worlds).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
from dataclasses import dataclass
from functools import partial
from typing import Any

from rich.progress import Progress

from euchre.bots.bidding import corrected_code, load_correction, view_features
from euchre.bots.expert import EXPERT_RULES, ExpertBot
from euchre.bots.pimc import BASIC_RULES, PimcBot, contract_of, legal_action
from euchre.bots.rules import RulesBot
from euchre.engine import actions as codes
from euchre.engine.actions import Action
from euchre.engine.cards import SUIT_MASK, card_mask
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.state import HandState, HandStatus, Phase
from euchre.engine.view import PlayerView, view_of


class BookBidder:
    """The book's bidding (the rules policy with the expert's thresholds), or with
    ``corrected`` the book as the expert ships it: overturned near its bar where the
    profile's bid correction says so (``bots.bidding.corrected_code``)."""

    def __init__(self, profile_id: str, corrected: bool) -> None:
        self.rules = RulesBot(None, EXPERT_RULES)
        self.correction = load_correction(profile_id) if corrected else None

    def choose(self, view: PlayerView) -> Action:
        action = self.rules.choose(view)
        if self.correction is None or view.phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            return action
        code = corrected_code(view, action, self.rules, self.correction)
        if code is None:
            return action
        return legal_action(view, code)


def play_out(
    state: HandState, seat: int, seed: int, bidders: list[BookBidder], expert_side: bool = False
) -> int:
    """Finish ``state``: the bidding by ``bidders``, the rest by ``pimc-basic`` (with
    ``expert_side``, ``seat``'s side by the expert, as in the arena); the points of ``seat``'s
    side minus the other side's."""
    players: list[PimcBot] = [
        ExpertBot(seed * 4 + s)
        if expert_side and s % 2 == seat % 2
        else PimcBot(seed * 4 + s, rules_parameters=BASIC_RULES)
        for s in range(4)
    ]
    while not state.is_over:
        to_act = state.to_act
        view = view_of(state, to_act)
        if state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            state.apply(bidders[to_act].choose(view))
        else:
            state.apply(players[to_act].choose(view))
    if state.status is not HandStatus.SCORED:
        return 0
    points = state.result().team_points
    return points[seat % 2] - points[1 - seat % 2]


@dataclass(frozen=True, slots=True)
class Settings:
    """What a labelling run labels: see :func:`label`."""

    profile: str
    band: float
    seed: int
    lone: bool = True
    corrected: bool = False
    expert_side: bool = False


def _label_deal(settings: Settings, index: int) -> list[dict[str, Any]]:
    seed, band, expert_side = settings.seed, settings.band, settings.expert_side
    profile = load_profile(settings.profile)
    state = deal_record(profile, index % 4, random.Random(seed * 100_003 + index)).start()
    bidders = [BookBidder(settings.profile, settings.corrected) for _ in range(4)]
    expert = ExpertBot(seed * 7 + index, alone_worlds=96)
    rows: list[dict[str, Any]] = []
    while not state.is_over and state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
        seat = state.to_act
        view = view_of(state, seat)
        rules = bidders[seat].rules
        action = bidders[seat].choose(view)
        legal = {int(legal) for legal in view.legal}
        position = (seat - state.dealer) % 4  # 1 eldest ... 0 the dealer
        round_one = view.phase is Phase.BID_ROUND_1
        book_bid = rules.book_bid(view)
        if codes.PASS in legal and book_bid is not None and book_bid[1] in legal:
            trump, bid_code, over_bar = book_bid
            if abs(over_bar) <= band:
                values = {}
                for code in (codes.PASS, bid_code):
                    branch = state.clone()
                    branch.apply(code)
                    values[code] = play_out(branch, seat, index, bidders, expert_side)
                threshold = (
                    EXPERT_RULES.order_threshold if round_one else EXPERT_RULES.call_threshold
                )
                rows.append(
                    {
                        "kind": "bid",
                        "deal": index,
                        "round": 1 if round_one else 2,
                        "position": position,
                        "strength": round(over_bar + threshold, 3),
                        "over_bar": round(over_bar, 3),
                        "features": view_features(view, trump),
                        "label": values[bid_code] - values[codes.PASS],
                        "taken": int(action) != codes.PASS,
                    }
                )
        contract = contract_of(view, action)
        if contract is not None and settings.lone:
            trump, together, alone = contract
            hand = card_mask(view.hand)
            if view.phase is Phase.BID_ROUND_1 and seat == state.dealer:
                hand |= 1 << view.up_card
            trumps = (hand & SUIT_MASK[trump + 1][trump]).bit_count()
            if trumps >= 3:
                values = {}
                for code in (together, alone):
                    branch = state.clone()
                    branch.apply(code)
                    values[code] = play_out(branch, seat, index, bidders, expert_side)
                estimate = expert.contract_value(view, trump, alone=True) - expert.contract_value(
                    view, trump, alone=False
                )
                rows.append(
                    {
                        "kind": "alone",
                        "deal": index,
                        "round": 1 if view.phase is Phase.BID_ROUND_1 else 2,
                        "position": position,
                        "trumps": trumps,
                        "filter": expert._worth_trying_alone(view, trump),
                        "estimate": round(estimate, 3),
                        "label": values[alone] - values[together],
                    }
                )
        state.apply(action)
    return rows


def _chunk(settings: Settings, indices: list[int]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for index in indices:
        rows.extend(_label_deal(settings, index))
    return rows


def label(
    deals: int,
    seed: int,
    workers: int,
    profile: str,
    band: float,
    lone: bool = True,
    corrected: bool = False,
    expert_side: bool = False,
) -> list[dict[str, Any]]:
    """Labelled decisions from ``deals`` deals (see the module docstring); ``lone``: also
    the lone-hand labels; ``corrected``: every seat bids by the book as the expert ships it
    (the profile's bid correction applied), the second round of labels; ``expert_side``: the
    deciding seat's side plays its cards as the expert, the other side as ``pimc-basic``."""
    batches = [list(range(start, min(deals, start + 10))) for start in range(0, deals, 10)]
    rows: list[dict[str, Any]] = []
    work = partial(_chunk, Settings(profile, band, seed, lone, corrected, expert_side))
    with (
        multiprocessing.get_context("fork").Pool(workers) as pool,
        Progress(transient=True) as progress,
    ):
        task = progress.add_task("labelling deals", total=deals)
        for chunk_rows in pool.imap_unordered(work, batches):
            rows.extend(chunk_rows)
            progress.advance(task, 10)
    return rows


def _half(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    return float(1.96 * statistics.stdev(values) / len(values) ** 0.5)


def analyse(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per round and seat: the mean label by distance to the bar, and the bar offset that
    gains most; for lone hands: each margin's gain over going with partner."""
    out: dict[str, Any] = {"bid": {}, "alone": {}}
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["kind"] == "bid":
            groups.setdefault(f"round {row['round']} @{row['position'] or 4}", []).append(row)
    for name, group in sorted(groups.items()):
        bins: dict[str, Any] = {}
        for low in [x / 2 for x in range(-4, 4)]:
            labels = [r["label"] for r in group if low <= r["over_bar"] < low + 0.5]
            if labels:
                bins[f"{low:+.1f}"] = {
                    "n": len(labels),
                    "mean": round(statistics.fmean(labels), 3),
                    "ci": round(_half(labels), 3),
                }
        # The bar offset (in strength points) that would have gained most: bid when
        # over_bar >= offset; gain counted against the current bar (offset 0).
        best = {}
        for offset in [x / 4 for x in range(-8, 9)]:
            gain = sum(
                r["label"]
                for r in group
                if (r["over_bar"] >= offset) != (r["over_bar"] >= 0) and r["over_bar"] < 0
            ) - sum(
                r["label"]
                for r in group
                if (r["over_bar"] >= offset) != (r["over_bar"] >= 0) and r["over_bar"] >= 0
            )
            best[f"{offset:+.2f}"] = gain
        out["bid"][name] = {"decisions": len(group), "bins": bins, "gain_by_offset": best}
    alone = [row for row in rows if row["kind"] == "alone"]
    if alone:
        margins = {}
        for margin in [x / 10 for x in range(-10, 6)]:
            chosen = [r["label"] for r in alone if r["estimate"] > margin]
            margins[f"{margin:+.1f}"] = {
                "alone": len(chosen),
                "gain_over_partner_total": sum(chosen),
            }
        filtered = [r["label"] for r in alone if r["filter"] and r["estimate"] > 0.2]
        out["alone"] = {
            "decisions": len(alone),
            "mean_label": round(statistics.fmean(r["label"] for r in alone), 3),
            "mean_estimate": round(statistics.fmean(r["estimate"] for r in alone), 3),
            "by_margin": margins,
            "expert_today": {"alone": len(filtered), "gain_over_partner_total": sum(filtered)},
        }
    return out


def main(argv: list[str] | None = None) -> int:
    """Label deals (``--out``) or analyse a file of labels (``--analyse``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--profile", default="tournament")
    parser.add_argument("--band", type=float, default=1.5)
    parser.add_argument(
        "--no-lone", action="store_true", help="bid labels only (no lone-hand play-outs)"
    )
    parser.add_argument(
        "--corrected",
        action="store_true",
        help="every seat bids by the corrected book (the profile's shipped bid correction)",
    )
    parser.add_argument(
        "--expert-side",
        action="store_true",
        help="the deciding seat's side plays its cards as the expert (the arena's match-up)",
    )
    parser.add_argument("--out", default=None)
    parser.add_argument("--analyse", default=None)
    options = parser.parse_args(argv)
    if options.analyse:
        with open(options.analyse, encoding="utf-8") as handle:
            rows = json.load(handle)
        print(json.dumps(analyse(rows), indent=1))
        return 0
    rows = label(
        options.deals,
        options.seed,
        options.workers,
        options.profile,
        options.band,
        lone=not options.no_lone,
        corrected=options.corrected,
        expert_side=options.expert_side,
    )
    if options.out:
        with open(options.out, "w", encoding="utf-8") as handle:
            json.dump(rows, handle)
    print(json.dumps({"labels": len(rows), **analyse(rows)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
