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
``expert-trump-lead-4`` (trump-lead bonus 0.4).
"""

from __future__ import annotations

import argparse
import json
import sys

from euchre.bots import BOT_FACTORIES
from euchre.bots.arena import run_arena
from euchre.bots.expert import ExpertBot
from euchre.bots.pimc import BASIC_RULES, PimcBot
from euchre.bots.rules import RulesBot, RulesParameters

VARIANTS = {
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
    # The expert with one ingredient taken out (what each one adds, see docs/bots.md).
    "expert-no-inference": lambda seed: ExpertBot(seed, inference=False),
    "expert-no-trump-lead": lambda seed: ExpertBot(seed, lead_trump_bonus=0.0),
    "expert-basic-bidding": lambda seed: ExpertBot(seed, rules_parameters=BASIC_RULES),
    "expert-fixed-worlds": lambda seed: ExpertBot(seed, max_worlds=24),
    "expert-alone-0": lambda seed: ExpertBot(seed, alone_margin=0.0),
    "expert-hot": lambda seed: ExpertBot(seed, temperature=1.5),
    "expert-cold": lambda seed: ExpertBot(seed, temperature=0.4),
    "expert-trump-lead-4": lambda seed: ExpertBot(seed, lead_trump_bonus=0.4),
    "expert-no-bid-rollouts": lambda seed: ExpertBot(seed, bid_band=0.0),
    "expert-wide-band": lambda seed: ExpertBot(seed, bid_band=2.0),
    "expert-alone-5": lambda seed: ExpertBot(seed, alone_margin=0.5),
}


def main(argv: list[str] | None = None) -> int:
    """Run one arena between two (possibly variant) bots and print its JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--profile", default="tournament")
    options = parser.parse_args(argv)
    BOT_FACTORIES.update(VARIANTS)
    first, second = options.bots.split(",")
    result = run_arena(
        (first, second),
        deals=options.deals,
        seed=options.seed,
        workers=options.workers,
        profile=options.profile,
    )
    print(json.dumps(result.to_json(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
