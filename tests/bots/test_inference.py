"""Reading the bidding: sampled worlds agree with every seat's bids and passes; the expert
never sees a hidden card."""

from __future__ import annotations

import random
import statistics

import pytest

from euchre.bots import make_bot
from euchre.bots.advice import advise
from euchre.bots.expert import EXPERT_RULES
from euchre.bots.inference import BiddingModel, BidEvent, bid_events, inferred_worlds
from euchre.bots.knowledge import knowledge_of
from euchre.bots.rules import RulesBot, RulesParameters
from euchre.engine import actions as codes
from euchre.engine.cards import SUIT_MASK
from euchre.engine.profile import load_profile
from euchre.engine.record import HandRecord, deal_record, replay
from euchre.engine.state import Phase
from euchre.engine.view import view_of
from tests.bots.helpers import state_from_text
from tests.bots.textbook import POSITIONS

TOURNAMENT = load_profile("tournament")


def test_bid_events_read_both_rounds_of_the_auction() -> None:
    state = state_from_text(
        TOURNAMENT,
        3,
        ["JD QD AC 9S TS", "9C TC KD QS KH", "QC TD JC KS AH", "TH 9D AS KC JS"],
        "9H",
        "AD JH QH",
    )
    for text in ["pass"] * 4 + ["pass", "call D"]:
        state.play(text)
    events = bid_events(view_of(state, 2))
    assert [event.round for event in events] == [1, 1, 1, 1, 2, 2]
    assert events[-1] == BidEvent(1, 2, codes.CALL_BASE + 1, False)


def test_a_seat_that_passed_round_one_is_never_sampled_with_a_hand_it_would_order() -> None:
    # Seats 0, 1 and 2 passed round 1 under the rules policy; with the policy taken exactly
    # (temperature 0), no sampled world gives any of them a hand that policy orders with.
    state = state_from_text(
        TOURNAMENT,
        3,
        ["9C TC QC KD QS", "TD JC TS KS 9D", "TH QD AS KC AD", "JH 9H AC 9S QH"],
        "KH",
        "JD AH JS",
    )
    for _ in range(3):
        state.play("pass")
    view = view_of(state, 3)
    model = BiddingModel(RulesParameters(), temperature=0.0, floor=0.0)
    rules = RulesBot(0)
    worlds = inferred_worlds(view, knowledge_of(view), model, 200, random.Random(5))
    assert worlds
    for hands, _ in worlds:
        for seat in (0, 1, 2):
            strength = model.round_one_strength(view, seat, hands[seat])
            assert strength < rules.parameters.order_threshold, (seat, hands[seat])


def _trump_error(model: BiddingModel | None, deals: int) -> float:
    """Mean absolute error of the sampled trump count of every other seat, at the first lead,
    over deals bid and discarded by the rules bot."""
    errors: list[float] = []
    rng = random.Random(17)
    bots = [RulesBot(seat, EXPERT_RULES) for seat in range(4)]
    for index in range(deals):
        state = deal_record(TOURNAMENT, index % 4, random.Random(index)).start()
        while not state.is_over and state.phase is not Phase.PLAY:
            state.apply(bots[state.to_act].choose(view_of(state, state.to_act)))
        if state.is_over:
            continue
        seat = state.to_act
        view = view_of(state, seat)
        trumps = SUIT_MASK[state.trump + 1][state.trump]
        for hands, times in inferred_worlds(view, knowledge_of(view), model, 40, rng):
            for other in range(4):
                if other != seat and state.active[other]:
                    truth = (state.hands[other] & trumps).bit_count()
                    guess = (hands[other] & trumps).bit_count()
                    errors.extend([abs(truth - guess)] * times)
    return statistics.fmean(errors)


def test_bidding_inference_moves_sampled_trump_counts_toward_the_truth() -> None:
    uniform = _trump_error(None, 60)
    inferred = _trump_error(BiddingModel(EXPERT_RULES), 60)
    assert inferred < uniform * 0.95, (inferred, uniform)


@pytest.mark.parametrize(
    ("position", "first", "second"),
    [
        ("lead_trump_when_partner_made_it", "KC", "QC"),  # card play
        ("first_seat_calls_next_with_right_queen_off_ace_and_a_void", "KD", "TD"),  # bidding
    ],
)
def test_the_expert_never_sees_a_hidden_card(position: str, first: str, second: str) -> None:
    # Two deals that seat 0 cannot tell apart (seats 1 and 2 swap two unseen cards): the
    # views are equal and the expert, seeded alike, gives the same advice.
    record = POSITIONS[position][0]
    other = dict(record)
    hands = [list(hand) for hand in record["hands"]]
    hands[1][hands[1].index(first)] = second
    hands[2][hands[2].index(second)] = first
    other["hands"] = hands
    one = replay(HandRecord.from_json(record))
    two = replay(HandRecord.from_json(other))
    view_a, view_b = view_of(one, 0), view_of(two, 0)
    assert view_a == view_b
    assert one.hands != two.hands
    assert advise(make_bot("expert", 4), view_a) == advise(make_bot("expert", 4), view_b)
