"""Bidding learned by regret minimisation: the learner on toys whose answers are known, the
shipped table, and the expert's switch."""

from __future__ import annotations

import random
from importlib import resources

import numpy as np
import pytest

from euchre.bots.advice import advise
from euchre.bots.cfr import (
    RegretMatcher,
    cfr_bid,
    chain_cfr,
    infoset_key,
    load_cfr,
    round_two_suit,
    up_class,
)
from euchre.bots.expert import ExpertBot
from euchre.bots.rules import dealer_hand
from euchre.engine import actions as codes
from euchre.engine.cards import Card, card_mask, parse_cards
from euchre.engine.profile import BUILTIN_PROFILES, load_profile
from euchre.engine.record import HandRecord, deal_state, replay
from euchre.engine.state import Phase
from euchre.engine.view import view_of
from tests.bots.helpers import state_from_text
from tests.bots.textbook import POSITIONS


def test_regret_matching_plus_finds_the_mixed_equilibrium_of_a_biased_matching_pennies() -> None:
    # Row wins 2 on (heads, heads), 1 on (tails, tails), loses 1 otherwise: each side's
    # equilibrium plays heads two times in five, and no pure strategy is one.
    payoff = np.array([[2.0, -1.0], [-1.0, 1.0]])
    row, column = RegretMatcher(1), RegretMatcher(1)
    for _ in range(3000):
        p, q = row.strategy()[0], column.strategy()[0]
        row_values = payoff @ q
        column_values = -(p @ payoff)
        row.update((row_values - p @ row_values)[None, :], np.ones(1), p[None, :])
        column.update((column_values - q @ column_values)[None, :], np.ones(1), q[None, :])
    assert abs(row.average()[0, 0] - 0.4) < 0.02
    assert abs(column.average()[0, 0] - 0.4) < 0.02


def _toy_chain(eldest_leaf: float) -> tuple[float, float]:
    """A chain where only the eldest (set 0) and the next seat, an opponent (set 1), may
    profitably bid; everybody else's bid loses 5 (sets 2 and 3), the stuck dealer's too."""
    keys = np.array([[0, 1, 2, 2, 3, 3, 3, 3]])
    leaves = np.array([[eldest_leaf, 2.0, -5.0, -5.0, -5.0, -5.0, -5.0, -5.0]])
    forced = np.zeros_like(keys)
    bid, _ = chain_cfr(keys, leaves, forced, 4, 400)
    return float(bid[0]), float(bid[1])


def test_chain_cfr_bids_where_the_bid_beats_what_passing_leads_to() -> None:
    # The opponent bids its +2 when given the chance, so the eldest's pass is worth -2: a bid
    # worth -1 is the better of two losses, and the learner must look past its own leaf.
    eldest, opponent = _toy_chain(-1.0)
    assert eldest > 0.95 and opponent > 0.95
    eldest, _ = _toy_chain(-3.0)  # now passing (-2) beats bidding (-3)
    assert eldest < 0.05


def test_chain_cfr_never_counts_a_forced_bid_as_a_choice() -> None:
    keys = np.array([[0, 0, 0, 0, 0, 0, 0, 1]])
    leaves = np.array([[-1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -3.0]])
    forced = np.array([[0, 0, 0, 0, 0, 0, 0, 1]])
    bid, reach = chain_cfr(keys, leaves, forced, 2, 200)
    assert bid[0] < 0.05  # a bid loses 1, passing leaves the stuck dealer's side to lose 3
    assert reach[1] > 0.95


def test_information_sets_normalise_the_suits() -> None:
    hearts = card_mask(parse_cards(["JH", "JD", "AH", "AS", "9C"]))
    spades = card_mask(parse_cards(["JS", "JC", "AS", "AH", "9D"]))
    up_hearts, up_spades = int(Card.parse("KH")), int(Card.parse("KS"))
    assert up_class(up_hearts) == up_class(up_spades) == 1
    assert infoset_key(True, 1, hearts, 2, 1) == infoset_key(True, 1, spades, 3, 1)
    assert infoset_key(True, 1, hearts, 2, 1) == "r1p1t3b3a1v1x1"


def test_the_table_is_package_data_small_and_read_for_the_profiles_it_names() -> None:
    path = resources.files("euchre.bots").joinpath("data/cfr_bidding.json")
    assert path.is_file()
    assert len(path.read_bytes()) < 1_000_000
    table = load_cfr("tournament")
    assert table is not None and table.min_visits > 0
    trusted = [key for key, (_, visits) in table.sets.items() if visits >= table.min_visits]
    assert {key[:4] for key in trusted} >= {"r1p0", "r1p1", "r1p2", "r1p3", "r2p1", "r2p2", "r2p3"}
    assert all(0.0 <= table.sets[key][0] <= 1.0 for key in trusted)


def test_every_bidding_decision_maps_to_a_legal_action_on_every_built_in_profile() -> None:
    rng = random.Random(25)
    said = 0
    for profile_id in BUILTIN_PROFILES:
        profile = load_profile(profile_id)
        table = load_cfr(profile_id)
        for index in range(60):
            state = deal_state(profile, index % 4, rng)
            while state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and not state.is_over:
                view = view_of(state, state.to_act)
                if table is not None:
                    hand = card_mask(view.hand)
                    action = cfr_bid(
                        view.phase, view.legal, view.seat, view.dealer, hand, view.up_card, table
                    )
                    assert action is None or action in view.legal
                    said += action is not None
                state.apply(codes.PASS if codes.PASS in map(int, view.legal) else view.legal[0])
    assert said > 500  # the table has its say on most decisions of the profiles it covers


def test_the_dealers_hand_is_counted_after_the_pick_up() -> None:
    hand = card_mask(parse_cards(["JH", "AH", "9C", "AS", "KS"]))
    up = int(Card.parse("JD"))
    after = dealer_hand(hand, up)
    assert after >> up & 1 and after.bit_count() == 5
    assert not after >> int(Card.parse("9C")) & 1  # the singleton nine goes: a void in clubs


def test_round_two_names_next_from_the_eldest_as_the_book_does() -> None:
    hand = card_mask(parse_cards(["JD", "QD", "AC", "AS", "9S"]))
    # Hearts turned down: diamonds is next; the eldest's bonus makes it the candidate.
    assert round_two_suit(hand, 2, 1, 1.5) == 1


STRONG = "JH JD AH KH AS"
WEAK = "9C TC AC KD QS"


def _first_seat_view(first: str, second: str):  # type: ignore[no-untyped-def]
    hands = [first, second, "QC TD JC TS KS", "TH 9D QD 9S KC"]
    state = state_from_text(load_profile("tournament"), 3, hands, "QH", "AD JS 9H")
    return view_of(state, 0)


def test_the_expert_with_the_table_orders_a_strong_hand_and_passes_a_weak_one() -> None:
    bot = ExpertBot(0, cfr_bidding=True)
    assert str(bot.choose(_first_seat_view(STRONG, WEAK))).startswith("order")
    advice = advise(ExpertBot(0, cfr_bidding=True), _first_seat_view(WEAK, STRONG))
    assert str(advice.action) == "pass"
    assert "regret minimisation" in advice.detail  # the bot's own reason
    assert advice.why.startswith("pass: ")  # the words a player reads


def test_with_the_switch_off_the_expert_never_reads_the_table(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def refuse(profile_id: str) -> None:
        raise AssertionError("the table was read with the switch off")

    monkeypatch.setattr("euchre.bots.expert.load_cfr", refuse)
    rng = random.Random(7)
    profile = load_profile("tournament")
    for index in range(8):
        state = deal_state(profile, index % 4, rng)
        while state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and not state.is_over:
            view = view_of(state, state.to_act)
            state.apply(ExpertBot(index).choose(view))


@pytest.mark.parametrize(
    "name",
    [
        "dealer_counts_the_up_card_he_picks_up_for_a_lone_hand",
        "dealer_picks_up_the_right_bower_with_another_trump_and_an_off_ace",
        "first_seat_calls_next_with_right_queen_off_ace_and_a_void",
        "no_lone_hand_when_a_march_wins_the_game",
    ],
)
def test_the_expert_with_the_table_still_answers_the_textbook_bids(name: str) -> None:
    record, scores, answers = POSITIONS[name]
    state = replay(HandRecord.from_json(record))
    view = view_of(state, state.to_act, scores)
    assert str(ExpertBot(0, cfr_bidding=True).choose(view)) in answers
