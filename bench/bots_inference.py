"""How much reading the bidding (and the play) moves the sampled hands toward the truth.

    uv run python bench/bots_inference.py --deals 300

Deals are bid (and the dealer discards) by the rules policy with the expert's thresholds;
at the first lead the seat to play samples worlds (40 each) with and without the bidding
model, and the mean absolute error of every other seat's sampled trump count (and of the
maker's alone) against the real hands is printed, for the model at a few temperatures.

Reading the play (``--play-bot``, ``rules`` or ``pimc-basic`` playing every seat): each deal
is played to a point in tricks 2 to 4 chosen by the deal's number, and the seat to play
samples 40 worlds reading the bidding only, then the play too at a few clue weights; printed
is the share of the other seats' hidden cards each world puts in the right hand.

Inference learned from play (``--learned``): deals numbered from ``--first-deal`` (report
deals from 1,000,000 up) are bid and played by ``--play-bot`` (default ``expert``, the player
the policy model was fitted on) at every seat, stopped at the first lead and at the first
card of tricks 2, 3 and 4; the seat to play there samples 40 worlds four ways: uniform (the
cards seen and the voids only), today's expert (the bidding model and the play read at clue
weight 0.1), the learned policy model alone (:mod:`euchre.bots.policy`), and both. Printed is
each way's share of the other seats' hidden cards put in the right hand, by point, with a
95% interval over the deals (each deal's share is one sample).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from functools import partial

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


def placement(
    deals: int, profile_id: str, play_bot: str, weights: tuple[float, ...]
) -> dict[str, float]:
    """The mean share of hidden cards sampled in the right hand, by clue weight."""
    from euchre.bots import make_bot

    profile = load_profile(profile_id)
    model = BiddingModel(EXPERT_RULES, 0.8)
    bidders = [RulesBot(seat, EXPERT_RULES) for seat in range(4)]
    players = [make_bot(play_bot, seat) for seat in range(4)]
    rng = random.Random(23)
    shares: dict[float, list[float]] = {weight: [] for weight in weights}
    for index in range(deals):
        state = deal_record(profile, index % 4, random.Random(index)).start()
        stop = 4 + index % 9  # a card in tricks 2 to 4
        while not state.is_over and (
            state.phase is not Phase.PLAY
            or len([a for a in state.history if a.kind.name == "PLAY"]) < stop
        ):
            bots = bidders if state.phase is not Phase.PLAY else players
            state.apply(bots[state.to_act].choose(view_of(state, state.to_act)))
        if state.is_over:
            continue
        seat = state.to_act
        view = view_of(state, seat)
        hidden = [state.hands[other] if other != seat else 0 for other in range(4)]
        total = sum(mask.bit_count() for mask in hidden)
        if not total:
            continue
        for weight in weights:
            worlds = inferred_worlds(view, knowledge_of(view), model, 40, rng, clue_weight=weight)
            for hands, times in worlds:
                right = sum((hands[other] & hidden[other]).bit_count() for other in range(4))
                shares[weight].extend([right / total] * times)
    return {f"clue_weight_{weight}": statistics.fmean(shares[weight]) for weight in weights}


LEARNED_POINTS = {"first_lead": 0, "trick_2": 4, "trick_3": 8, "trick_4": 12}
"""Where the hand is stopped: the number of cards played before the decision."""


def learned_placement(
    deals: int, first_deal: int, profile_id: str, play_bot: str
) -> dict[str, dict[str, str]]:
    """The mean share of hidden cards placed right, by point and way (see the docstring)."""
    from euchre.bots import make_bot
    from euchre.bots.inference import bid_events
    from euchre.bots.policy import load_policy, play_decisions, policy_weight
    from euchre.bots.stats import mean_interval

    policy = load_policy()
    assert policy is not None, "no policy model shipped: run bench/bots_policy_train.py"
    profile = load_profile(profile_id)
    bidding = BiddingModel(EXPERT_RULES, 0.8)
    ways = ("uniform", "today", "learned", "both")
    shares: dict[str, dict[str, list[float]]] = {
        point: {way: [] for way in ways} for point in LEARNED_POINTS
    }
    for index in range(deals):
        number = first_deal + index
        rng = random.Random(number)
        state = deal_record(profile, number % 4, rng).start()
        players = [make_bot(play_bot, rng.randrange(1 << 30)) for _ in range(4)]
        for point, cards_played in LEARNED_POINTS.items():
            while not state.is_over and (
                state.phase is not Phase.PLAY
                or sum(1 for a in state.history if a.kind.name == "PLAY") < cards_played
            ):
                state.apply(players[state.to_act].choose(view_of(state, state.to_act)))
            if state.is_over:
                break
            seat = state.to_act
            view = view_of(state, seat)
            hidden = [state.hands[other] if other != seat else 0 for other in range(4)]
            total = sum(mask.bit_count() for mask in hidden)
            reading = (
                [e for e in bid_events(view) if e.seat != seat],
                [d for d in play_decisions(view) if d.seat != seat],
            )
            weigh = partial(policy_weight, policy, view, reading=reading, memo={})

            knowledge = knowledge_of(view)
            for way in ways:
                sampler = random.Random(f"{number}:{point}:{way}")
                model = bidding if way in ("today", "both") else None
                clue = 0.1 if way in ("today", "both") else 1.0
                learned = weigh if way in ("learned", "both") else None
                worlds = inferred_worlds(
                    view, knowledge, model, 40, sampler, clue_weight=clue, weigh=learned
                )
                right = sum(
                    times * sum((hands[o] & hidden[o]).bit_count() for o in range(4))
                    for hands, times in worlds
                )
                count = sum(times for _, times in worlds)
                shares[point][way].append(right / (total * count))
    out: dict[str, dict[str, str]] = {}
    for point, by_way in shares.items():
        if len(by_way["today"]) < 2:
            continue
        out[point] = {"deals": str(len(by_way["today"]))}
        for way, values in by_way.items():
            mean, low, high = mean_interval(values)
            out[point][way] = f"{mean:.4f} [{low:.4f}, {high:.4f}]"
        diffs = [a - b for a, b in zip(by_way["learned"], by_way["today"], strict=True)]
        mean, low, high = mean_interval(diffs)
        out[point]["learned_minus_today"] = f"{mean:+.4f} [{low:+.4f}, {high:+.4f}]"
        diffs = [a - b for a, b in zip(by_way["both"], by_way["today"], strict=True)]
        mean, low, high = mean_interval(diffs)
        out[point]["both_minus_today"] = f"{mean:+.4f} [{low:+.4f}, {high:+.4f}]"
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the errors as JSON: no model, then the model at temperatures 0.4, 0.8, 1.5."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--profile", default="tournament")
    parser.add_argument("--play-bot", default=None, help="measure reading the play instead")
    parser.add_argument("--learned", action="store_true", help="measure the learned model")
    parser.add_argument("--first-deal", type=int, default=1_000_000)
    options = parser.parse_args(argv)
    if options.learned:
        bot = options.play_bot or "expert"
        result = learned_placement(options.deals, options.first_deal, options.profile, bot)
        print(
            json.dumps(
                {
                    "deals": options.deals,
                    "first_deal": options.first_deal,
                    "play_bot": bot,
                    **result,
                },
                indent=1,
            )
        )
        return 0
    if options.play_bot:
        weights = (1.0, 0.3, 0.1, 0.0)
        result = placement(options.deals, options.profile, options.play_bot, weights)
        print(json.dumps({"deals": options.deals, "play_bot": options.play_bot, **result}))
        return 0
    out = {"deals": options.deals, "uniform": trump_errors(None, options.deals, options.profile)}
    for temperature in (0.4, 0.8, 1.5):
        model = BiddingModel(EXPERT_RULES, temperature)
        out[f"model_t{temperature}"] = trump_errors(model, options.deals, options.profile)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
