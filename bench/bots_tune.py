"""Tune the bots: play variants of ``pimc`` and ``rules`` against each other in the arena.

    uv run python bench/bots_tune.py --bots pimc,pimc-rules-bidding --deals 200 --workers 2

Variants registered here (beside the built-in ``random``, ``rules`` and ``pimc``):
``pimc-rules-bidding`` (the default, named), ``pimc-rollout`` (each bid and pass valued by
rollouts), ``pimc-timid``/``pimc-bold`` (rules thresholds 7.5/6.5 for make-or-pass),
``pimc-margin-0``/``pimc-margin-6`` (sampled bidding with a bid margin of 0.0/0.6 points),
``pimc-margin-10`` (1.0), ``pimc-alone-5`` (alone only 0.5 points better than not),
``pimc-wide`` (48 worlds a card), ``pimc-no-belief`` (no belief about the maker's trumps),
``rules-bold``/``rules-timid`` (thresholds -0.5/+0.5); ``expert-no-inference``,
``expert-no-trump-lead``, ``expert-basic-bidding``, ``expert-fixed-worlds`` (the expert less one
ingredient), ``expert-alone-0``, ``expert-hot``/``expert-cold`` (inference temperature 1.5/0.4),
``expert-trump-lead-4`` (trump-lead bonus 0.4), ``expert-bid-rollouts`` (bidding by play-outs
near the bar), ``expert-learned`` (the learned bidding instead of the corrected book;
``expert-learned-3``: bidding only 0.3 points above the bar), ``rules-learned`` (the rules
bot bidding by the learned values: the fast proxy); ``expert-cfr`` (make or pass by the table
trained by regret minimisation, :mod:`euchre.bots.cfr`); ``expert-corrected`` (the book
overturned near its bar where the fit on PIMC-played hands says so, ``bid_correction``, the
default since 2026-11-26; ``expert-uncorrected`` without it);
``rules-basic``, ``rules-expert-bidding``, ``rules-dealer-15``, ``rules-next-15`` (bidding
thresholds tried with the fast rules card play);
``expert-narrow`` (the expert's defaults before 2026-11-22: 24 worlds, up to 64
within 80 ms, next bonus 1.0), ``expert-alone-open`` (alone decided by sampling on every
bid, margin 0, as ``pimc-basic`` does), ``expert-alone-nofilter`` (the same with the 0.2
margin), ``expert-wide`` (48 worlds a card, up to 128 when close, 160 ms: the defaults
since), ``expert-next-15``/``-20`` (next bonus 1.5, the default since, and 2.0),
``expert-dealer-15`` (dealer bonus 1.5); the campaign of 2026-11-23: ``expert-dealer-20``,
``expert-partner-05``/``-10`` and ``expert-opponent-05`` (round-1 bonuses for the dealer's
partner and for his opponents), ``expert-call-65`` (round-2 bar 6.5, the default since),
``expert-partner-call``, ``expert-deep`` (96 worlds a card, up to 256 within 320 ms: the
defaults since), ``expert-previous`` (the defaults before); the second session of
2026-11-23: ``expert-blind-play``/``expert-hard-clues`` (the play not read / clue weight 0),
``expert-alone-m03``/``-m06``/``-m03w`` (alone margins -0.3/-0.6 without the filter; ``w``:
96 worlds), ``expert-opponent-m05``, ``expert-partner-m05``, ``expert-call-60``,
``expert-labels-1`` (the first round of played-out labels only) and ``expert-0223`` (the
expert at the start of that session; since then ``expert-alone-open`` and
``expert-alone-nofilter`` differ from the expert only in their worlds and margin;
``expert-narrow`` and ``expert-previous`` are built on ``expert-0223`` so that they stay the
experts they name as the defaults move on); card play beyond PIMC (issue 25, item 4):
``expert-epimc`` (the open-hand search postponed past the seat's next card on every card of
the first three tricks), ``expert-epimc-close`` (only when the best two cards are within 0.5
points), ``expert-epimc-makers`` (only on the makers' side); ``expert-deep2``/``-deep4`` (192
worlds a card up to 512, and 384 up to 1,024); ``expert-expert-side`` (``tournament``'s bid
correction refit on labels whose deciding side plays as the expert, from ``bench/data/``;
measured, not shipped; ``tournament`` and the sheets that use its fit only). These
bidding variants read the
others' bids as the expert does (``EXPERT_RULES``), so they play exactly as the expert until
a bid differs; each is the expert's current thresholds with one change. Since 2026-11-26
no variant stops on the clock (the arena refuses a ``budget_ms``): the old time budgets are
gone and only the world counts bound them.

With ``--time-limit`` the JSON also carries ``breakdown``: the diff split by where each deal's
two plays first part (the arena's ``divergence``: ``"bid1 order/pass @4"`` is a deal where A
ordered up as the dealer and B passed; ``"play defender"`` one where the bidding was the same
and a defender's card came first to differ), per label the deals, their mean diff and their
share of the overall diff (the shares add up to it).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from functools import cache, partial
from pathlib import Path
from typing import Any

from euchre.bots import BOT_FACTORIES
from euchre.bots.arena import ArenaResult, BotTally, play_deal, run_arena
from euchre.bots.base import Bot
from euchre.bots.bidding import BidCorrection, correction_from_entry, learned_bid, load_bidding
from euchre.bots.expert import EXPERT_RULES, ExpertBot
from euchre.bots.inference import BiddingModel
from euchre.bots.pimc import BASIC_RULES, PimcBot
from euchre.bots.rules import RulesBot, RulesParameters
from euchre.engine import actions as codes
from euchre.engine.actions import Action
from euchre.engine.profile import load_profile
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView


class LearnedRulesBot(RulesBot):
    """The rules bot bidding by the learned values (:mod:`euchre.bots.bidding`): the fast
    proxy for the expert's learned bidding (alone as the rules policy says)."""

    def choose(self, view: PlayerView) -> Action:
        action = super().choose(view)
        model = load_bidding(view.profile.id)
        if model is None or view.phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            return action
        learned = learned_bid(view, model, self.pressure(view))
        if learned is None or int(learned) == int(action):
            return action
        if action.alone and int(learned) != codes.PASS and _same_suit(view, learned, action):
            return action
        return learned


def _same_suit(view: PlayerView, first: Action, second: Action) -> bool:
    def suit(action: Action) -> int:
        code = int(action)
        return view.up_card // 6 if code in (codes.ORDER, codes.ORDER_ALONE) else int(action.suit)

    return suit(first) == suit(second)


def _bidding_variant(seed: int | None, parameters: RulesParameters) -> ExpertBot:
    """The expert bidding with ``parameters`` but reading the others' bids as the expert does
    (the same inference model), so it plays exactly as the expert until a bid differs."""
    bot = ExpertBot(seed, rules_parameters=parameters)
    bot.model = BiddingModel(EXPERT_RULES, 0.8)
    return bot


EXPERT_SIDE_CORRECTION = Path(__file__).parent / "data" / "bid_correction_expert_side.json"


@cache
def _expert_side_correction() -> BidCorrection:
    """``tournament``'s bid correction refit with labels whose deciding side plays as the
    expert (``bots_decision_labels.py --expert-side``), not shipped; for ``tournament`` and
    the sheets that use its fit (``valpo``, ``bolivar``, ``tournament_partners``)."""
    entry = json.loads(EXPERT_SIDE_CORRECTION.read_text("utf-8"))["profiles"]["tournament"]
    return correction_from_entry(entry)


MORNING_RULES = replace(
    EXPERT_RULES, partner_bonus=0.0, eldest_bonus=0.0, call_bonus=(0.0, 0.0, 0.0, 0.0)
)
"""The expert's bidding thresholds at the start of 2026-11-23's second session."""


def _expert_0223(seed: int | None, **changes: Any) -> ExpertBot:
    """The expert as it was at the start of 2026-11-23's second session (the play not read,
    the lone-hand filter and margin 0.2, 24 worlds for a lone hand and 16 for a discard),
    with ``changes``: the older experts are this one with their own worlds and bars, so they
    stay what they were when the defaults move on."""
    settings: dict[str, Any] = {
        "rules_parameters": MORNING_RULES,
        "clue_weight": 1.0,
        "alone_filter": True,
        "alone_margin": 0.2,
        "alone_worlds": 24,
        "discard_worlds": 16,
    }
    return ExpertBot(seed, **(settings | changes))


VARIANTS: dict[str, Callable[[int | None], Bot]] = {
    "rules-learned": lambda seed: LearnedRulesBot(seed, EXPERT_RULES),
    "pimc-rules-bidding": lambda seed: PimcBot(seed, bidding="rules"),
    "pimc-rollout": lambda seed: PimcBot(seed, bidding="rollout"),
    "pimc-timid": lambda seed: PimcBot(
        seed, rules_parameters=RulesParameters(order_threshold=7.5, call_threshold=7.5)
    ),
    "pimc-bold": lambda seed: PimcBot(
        seed, rules_parameters=RulesParameters(order_threshold=6.5, call_threshold=6.5)
    ),
    "pimc-margin-0": lambda seed: PimcBot(seed, bidding="sampled", bid_margin=0.0),
    "pimc-sampled": lambda seed: PimcBot(seed, bidding="sampled", bid_margin=0.6),
    "pimc-margin-6": lambda seed: PimcBot(seed, bidding="sampled", bid_margin=0.6),
    "pimc-wide": lambda seed: PimcBot(seed, worlds=48),
    "pimc-margin-10": lambda seed: PimcBot(seed, bidding="sampled", bid_margin=1.0),
    "pimc-alone-5": lambda seed: PimcBot(seed, alone_margin=0.5),
    "pimc-no-belief": lambda seed: PimcBot(seed, belief_tries=0),
    "rules-bold": lambda seed: RulesBot(
        seed, RulesParameters(order_threshold=6.5, call_threshold=6.5)
    ),
    "rules-timid": lambda seed: RulesBot(
        seed, RulesParameters(order_threshold=7.5, call_threshold=7.5)
    ),
    # The expert with one ingredient taken out (what each one adds: bench/notes/bots-strength.md).
    "expert-no-inference": lambda seed: ExpertBot(seed, inference=False),
    "expert-no-trump-lead": lambda seed: ExpertBot(seed, lead_trump_bonus=0.0),
    "expert-basic-bidding": lambda seed: ExpertBot(seed, rules_parameters=BASIC_RULES),
    "expert-fixed-worlds": lambda seed: ExpertBot(seed, worlds=24, max_worlds=24),
    # The expert's defaults before 2026-11-22 (24 worlds, up to 64 within 80 ms; next 1.0).
    "expert-narrow": lambda seed: _expert_0223(
        seed,
        worlds=24,
        max_worlds=64,
        rules_parameters=replace(MORNING_RULES, next_bonus=1.0, call_threshold=7.0),
    ),
    "expert-alone-0": lambda seed: ExpertBot(seed, alone_margin=0.0),
    "expert-hot": lambda seed: ExpertBot(seed, temperature=1.5),
    "expert-cold": lambda seed: ExpertBot(seed, temperature=0.4),
    "expert-trump-lead-4": lambda seed: ExpertBot(seed, lead_trump_bonus=0.4),
    "expert-bid-rollouts": lambda seed: ExpertBot(seed, bid_band=1.2),
    "expert-learned": lambda seed: ExpertBot(seed, learned_bidding=True),
    "expert-learned-3": lambda seed: ExpertBot(seed, learned_bidding=True, learned_margin=0.3),
    "expert-cfr": lambda seed: ExpertBot(seed, cfr_bidding=True),
    "expert-corrected": lambda seed: ExpertBot(seed, bid_correction=True),
    "expert-uncorrected": lambda seed: ExpertBot(seed, bid_correction=False),
    # The expert's bidding thresholds tried with the (fast) rules card play.
    "rules-basic": lambda seed: RulesBot(seed, BASIC_RULES),
    "rules-expert-bidding": lambda seed: RulesBot(seed, EXPERT_RULES),
    "rules-dealer-15": lambda seed: RulesBot(seed, replace(EXPERT_RULES, dealer_bonus=1.5)),
    "rules-next-15": lambda seed: RulesBot(seed, replace(EXPERT_RULES, next_bonus=1.5)),
    "expert-alone-5": lambda seed: ExpertBot(seed, alone_margin=0.5),
    "expert-alone-open": lambda seed: ExpertBot(seed, alone_filter=False, alone_margin=0.0),
    "expert-alone-nofilter": lambda seed: ExpertBot(seed, alone_filter=False),
    "expert-wide": lambda seed: ExpertBot(seed, worlds=48, max_worlds=128),
    "expert-next-15": lambda seed: _bidding_variant(seed, replace(EXPERT_RULES, next_bonus=1.5)),
    "expert-dealer-15": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, dealer_bonus=1.5)
    ),
    "expert-next-20": lambda seed: _bidding_variant(seed, replace(EXPERT_RULES, next_bonus=2.0)),
    # The tuning campaign of 2026-11-23 (bench/notes/bots-strength.md, "Bolder bidding, more
    # worlds").
    "expert-dealer-20": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, dealer_bonus=2.0)
    ),
    "expert-partner-05": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, partner_bonus=0.5)
    ),
    "expert-partner-10": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, partner_bonus=1.0)
    ),
    "expert-opponent-05": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, opponent_bonus=0.5)
    ),
    "expert-call-65": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, call_threshold=6.5)
    ),
    "expert-partner-call": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, partner_bonus=0.5, call_threshold=6.5)
    ),
    "expert-deep": lambda seed: ExpertBot(seed, worlds=96, max_worlds=256),
    # The expert at the start of 2026-11-23's second session (play not read, the lone-hand
    # filter and margin 0.2, 24 worlds for a lone hand and 16 for a discard).
    "expert-0223": _expert_0223,
    # The first round of played-out labels only (partner +1.0, round 2 +0.5 at every seat).
    "expert-labels-1": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, eldest_bonus=0.0, call_bonus=(0.0, 0.5, 0.5, 0.5))
    ),
    # The expert not reading the play (clue weight 1: the expert before 2026-11-23, 03:00).
    "expert-blind-play": lambda seed: ExpertBot(seed, clue_weight=1.0),
    "expert-hard-clues": lambda seed: ExpertBot(seed, clue_weight=0.0),
    # Card play beyond PIMC (issue 25, item 4): the open-hand search postponed (EPIMC).
    "expert-epimc": lambda seed: ExpertBot(seed, postpone=True),
    "expert-epimc-close": lambda seed: ExpertBot(seed, postpone=True, postpone_margin=0.5),
    "expert-epimc-makers": lambda seed: ExpertBot(seed, postpone=True, postpone_makers_only=True),
    # The expert with `tournament`'s bid correction refit on labels played as the arena
    # pairs the sides (2026-11-26's fourth session; measured, not shipped: a copy of the
    # data file it would have been, in bench/data/).
    "expert-expert-side": lambda seed: ExpertBot(seed, correction=_expert_side_correction()),
    # Twice and four times the worlds a card (and their adaptive ceiling), 2026-11-26's fourth
    # session: the decision-time bars (100 ms median, 500 ms p95) leave room for them.
    "expert-deep2": lambda seed: ExpertBot(seed, worlds=192, max_worlds=512),
    "expert-deep4": lambda seed: ExpertBot(seed, worlds=384, max_worlds=1024),
    # Lone hands valued open-handed are undervalued (perfect defenders): a negative margin.
    "expert-alone-m03": lambda seed: ExpertBot(seed, alone_filter=False, alone_margin=-0.3),
    "expert-alone-m06": lambda seed: ExpertBot(seed, alone_filter=False, alone_margin=-0.6),
    "expert-alone-m03w": lambda seed: ExpertBot(
        seed, alone_filter=False, alone_margin=-0.3, alone_worlds=96
    ),
    # Round 1 more timid for the dealer's opponents and partner; round 2 bolder still.
    "expert-opponent-m05": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, opponent_bonus=-0.5)
    ),
    "expert-partner-m05": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, partner_bonus=-0.5)
    ),
    "expert-call-60": lambda seed: _bidding_variant(
        seed, replace(EXPERT_RULES, call_threshold=6.0)
    ),
    # The expert's defaults of 2026-11-22 (48 worlds, up to 128 within 160 ms; round-2 bar 7).
    "expert-previous": lambda seed: _expert_0223(
        seed,
        worlds=48,
        max_worlds=128,
        rules_parameters=replace(MORNING_RULES, call_threshold=7.0),
    ),
}


def main(argv: list[str] | None = None) -> int:
    """Run one arena between two (possibly variant) bots and print its JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--profile", default="tournament")
    parser.add_argument(
        "--time-limit",
        type=float,
        default=0.0,
        help="stop after this many seconds and report the deals finished (0: no limit)",
    )
    options = parser.parse_args(argv)
    BOT_FACTORIES.update(VARIANTS)
    first, second = options.bots.split(",")
    if options.time_limit > 0:
        data = bounded_arena(
            (first, second),
            deals=options.deals,
            seed=options.seed,
            workers=options.workers,
            profile=options.profile,
            time_limit=options.time_limit,
        )
        print(json.dumps(data, indent=2), flush=True)
        return 0
    result = run_arena(
        (first, second),
        deals=options.deals,
        seed=options.seed,
        workers=options.workers,
        profile=options.profile,
    )
    print(json.dumps(result.to_json(), indent=2))
    return 0


def _chunk(profile_id: str, names: tuple[str, str], seed: int, indices: list[int]) -> list[Any]:
    BOT_FACTORIES.update(VARIANTS)
    profile = load_profile(profile_id)
    return [play_deal(profile, names, seed, index) for index in indices]


def bounded_arena(
    names: tuple[str, str],
    *,
    deals: int,
    seed: int,
    workers: int,
    profile: str,
    time_limit: float,
) -> dict[str, Any]:
    """The arena's JSON over the first deals (in order) finished within ``time_limit``
    seconds: the same deals as ``run_arena`` with the same seed, cut short."""
    started = time.monotonic()
    batches = [list(range(start, min(deals, start + 5))) for start in range(0, deals, 5)]
    pool = multiprocessing.get_context("fork").Pool(workers)
    results = pool.imap(partial(_chunk, profile, names, seed), batches)
    outcomes: list[Any] = []
    try:
        for _ in batches:
            left = time_limit - (time.monotonic() - started)
            outcomes.extend(results.next(timeout=max(0.01, left)))
    except multiprocessing.TimeoutError:
        pass
    finally:
        pool.terminate()  # the deals still running are dropped, not waited for
        pool.join()
    totals = (BotTally(), BotTally())
    for outcome in outcomes:
        totals[0].add(outcome.tallies[0])
        totals[1].add(outcome.tallies[1])
    diffs = [outcome.diff for outcome in outcomes]
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    result = ArenaResult(names, profile, len(diffs), mean, (mean - half, mean + half), totals)
    data = result.to_json()
    data["requested_deals"] = deals
    data["seconds"] = round(time.monotonic() - started, 1)
    data["breakdown"] = breakdown(outcomes)
    return data


def breakdown(outcomes: list[Any]) -> dict[str, dict[str, float | int]]:
    """The diff split by where each deal's two plays first part (``divergence``): per label,
    the deals, their mean diff, and their share of the overall diff (the shares add up to
    it), largest share in size first."""
    groups: dict[str, list[float]] = {}
    for outcome in outcomes:
        groups.setdefault(outcome.divergence or "identical", []).append(outcome.diff)
    total = len(outcomes) or 1
    rows = {
        label: {
            "deals": len(diffs),
            "mean": round(statistics.fmean(diffs), 3),
            "share": round(sum(diffs) / total, 4),
        }
        for label, diffs in groups.items()
    }
    return dict(sorted(rows.items(), key=lambda item: -abs(float(item[1]["share"]))))


if __name__ == "__main__":
    sys.exit(main())
