"""How much reading the bidding moves the sampled hands toward the truth.

    uv run python bench/bots_inference.py --deals 300

Deals are bid (and the dealer discards) by the rules policy with the expert's thresholds;
at the first lead the seat to play samples worlds (40 each) with and without the bidding
model, and the mean absolute error of every other seat's sampled trump count (and of the
maker's alone) against the real hands is printed, for the model at a few temperatures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys

from euchre.bots.expert import EXPERT_RULES
from euchre.bots.inference import BiddingModel, inferred_worlds
from euchre.bots.knowledge import knowledge_of
from euchre.bots.rules import RulesBot
from euchre.engine.cards import SUIT_MASK
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.state import Phase
from euchre.engine.view import view_of


def trump_errors(model: BiddingModel | None, deals: int, profile_id: str) -> dict[str, float]:
    """Mean absolute trump-count error over every other seat, and over the maker alone."""
    profile = load_profile(profile_id)
    rng = random.Random(17)
    bots = [RulesBot(seat, EXPERT_RULES) for seat in range(4)]
    every: list[float] = []
    maker: list[float] = []
    for index in range(deals):
        state = deal_record(profile, index % 4, random.Random(index)).start()
        while not state.is_over and state.phase is not Phase.PLAY:
            state.apply(bots[state.to_act].choose(view_of(state, state.to_act)))
        if state.is_over:
            continue
        seat = state.to_act
        view = view_of(state, seat)
        trumps = SUIT_MASK[state.trump + 1][state.trump]
        for hands, times in inferred_worlds(view, knowledge_of(view), model, 40, rng):
            for other in range(4):
                if other == seat or not state.active[other]:
                    continue
                error = abs(
                    (state.hands[other] & trumps).bit_count() - (hands[other] & trumps).bit_count()
                )
                every.extend([error] * times)
                if other == state.maker:
                    maker.extend([error] * times)
    return {"every_seat": statistics.fmean(every), "maker": statistics.fmean(maker)}


def main(argv: list[str] | None = None) -> int:
    """Print the errors as JSON: no model, then the model at temperatures 0.4, 0.8, 1.5."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--profile", default="tournament")
    options = parser.parse_args(argv)
    out = {"deals": options.deals, "uniform": trump_errors(None, options.deals, options.profile)}
    for temperature in (0.4, 0.8, 1.5):
        model = BiddingModel(EXPERT_RULES, temperature)
        out[f"model_t{temperature}"] = trump_errors(model, options.deals, options.profile)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
