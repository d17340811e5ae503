"""Reading the bidding: sampled worlds agree with every seat's bids and passes; the expert
never sees a hidden card."""

from __future__ import annotations

import random
import statistics

import pytest

from euchre.bots import make_bot
from euchre.bots.advice import advise
from euchre.bots.expert import EXPERT_RULES
from euchre.bots.inference import (
    BiddingModel,
    BidEvent,
    bid_events,
    inferred_worlds,
    play_clues,
)
from euchre.bots.knowledge import knowledge_of
from euchre.bots.rules import RulesBot, RulesParameters
from euchre.engine import actions as codes
from euchre.engine.actions import Action
from euchre.engine.cards import SUIT_MASK, Card, Suit, card_mask
from euchre.engine.profile import load_profile
from euchre.engine.record import HandRecord, deal_record, replay
from euchre.engine.state import Phase
from euchre.engine.view import view_of
from tests.bots.helpers import load_bench, spade_trick, state_from_text
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


# ---------------------------------------------------------------- reading the play


def test_play_clues_read_a_losing_follow_as_the_lowest_of_the_suit() -> None:
    view = view_of(spade_trick(), 0)
    clues = {clue.seat: clue for clue in play_clues(view)}
    lower = card_mask(Card.parse(text) for text in ("JS", "TS", "9S"))
    # Seat 1's queen lost to the ace: it held no lower spade (the jack is a plain spade with
    # hearts trump).
    assert clues[1].unlikely == lower
    # Seat 3, last to play with the opponents winning, held no spade above the ace (none
    # exists) and none below its nine: nothing to read.
    assert 3 not in clues
    # Seat 2, void and not last, says nothing about its trumps.
    assert 2 not in clues


def test_a_seat_that_followed_low_is_never_sampled_holding_a_lower_card() -> None:
    # With the clue taken as certain, the ten of spades (unseen by seat 0) is never with
    # seat 1, who played the queen over it (seat 3 or the kitty holds it: seat 2 showed out).
    view = view_of(spade_trick(), 0)
    ten = 1 << Card.parse("TS")
    read = inferred_worlds(view, knowledge_of(view), None, 200, random.Random(3), clue_weight=0.0)
    assert read
    assert not any(hands[1] & ten for hands, _ in read)
    assert not any(hands[2] & ten for hands, _ in read)
    blind = inferred_worlds(view, knowledge_of(view), None, 200, random.Random(3))
    assert any(hands[1] & ten for hands, _ in blind)  # not reading the play, it may be there


def test_the_last_to_play_is_read_as_taking_the_trick_when_it_can() -> None:
    # Seat 3 leads the king of spades; seat 0 plays the nine; seat 1 (holding the queen) the
    # ten; seat 2, last with the opponents winning, plays the jack of clubs (void in spades):
    # it holds no trump (hearts), or it would have trumped the king.
    state = state_from_text(
        TOURNAMENT,
        2,
        ["9S TD 9D JH AH", "TS QS TC QC TH", "AD KD QD JC AC", "KS AS JS KC JD"],
        "9C",
        "9H QH KH",
    )
    for text in ["pass"] * 4 + ["pass", "pass", "pass", "call H"]:
        state.play(text)
    for text in ["play KS", "play 9S", "play TS", "play JC"]:
        state.play(text)
    view = view_of(state, 0)
    clues = {clue.seat: clue for clue in play_clues(view)}
    trumps = SUIT_MASK[Suit.HEARTS + 1][Suit.HEARTS]
    assert clues[2].unlikely == trumps
    assert 1 in clues  # seat 1's ten lost: no lower spade (the nine is seat 0's)


def test_reading_the_play_puts_more_hidden_cards_in_the_right_hand() -> None:
    # Deals played by the rules bot to tricks 2-4; the share of the hidden cards each sampled
    # world puts in the right hand rises when the play is read (bench/bots_inference.py
    # --play-bot measures it at scale, with pimc-basic's card play too).
    shares = load_bench("bots_inference").placement(80, "tournament", "rules", (1.0, 0.1))
    assert shares["clue_weight_0.1"] > shares["clue_weight_1.0"] + 0.005


@pytest.mark.parametrize(
    "parameters",
    [EXPERT_RULES, RulesParameters(), RulesParameters(eldest_bonus=0.5, call_bonus=(1, 2, 3, 4))],
)
def test_the_bidding_model_reads_every_seat_with_the_policys_own_strengths(
    parameters: RulesParameters,
) -> None:
    # The model must weigh a seat's pass by the strength the policy itself would have seen:
    # the per-seat bonuses (dealer, partner, eldest, round-2 by seat, next) included.
    model = BiddingModel(parameters)
    rules = RulesBot(None, parameters)
    for index in range(40):
        state = deal_record(TOURNAMENT, index % 4, random.Random(index)).start()
        for _ in range(4):  # round 1: every seat
            view = view_of(state, state.to_act)
            hand = card_mask(view.hand)
            expected, _ = rules.round_one_strength(view)
            assert model.round_one_strength(view, view.seat, hand) == expected
            state.apply(Action.parse("pass"))
        for _ in range(3):  # round 2: the three seats that may pass
            view = view_of(state, state.to_act)
            hand = card_mask(view.hand)
            _, expected = rules.round_two_best(view)
            turned = view.up_card // 6
            best = max(
                model.round_two_strength(view, view.seat, hand, suit)
                for suit in range(4)
                if suit != turned
            )
            assert best == expected
            state.apply(Action.parse("pass"))
