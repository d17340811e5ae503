"""The play rules every engine shares (``euchre.engine.rules``) and the profile's score table.

Each rule is written once; ``HandState`` calls the plain functions and the kernel and the
open-hand solver call the same functions compiled by numba (``euchre.engine.compiled_rules``):
the last tests prove both forms answer alike on random inputs.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from euchre.engine import BUILTIN_PROFILES, Card, load_profile
from euchre.engine.cards import Suit, card_mask, parse_cards
from euchre.engine.profile import SCORE_TABLE_OPTIONS, Contract
from euchre.engine.record import _shuffle, deal_cards, deal_record, deal_state
from euchre.engine.rules import (
    EFFECTIVE_SUIT,
    FOLLOW_MASK,
    POWER,
    follow_suit,
    hand_score,
    is_farmers_hand,
    may_fold,
    may_order_up,
    trick_winner,
)


def _winner(cards: str, trump: Suit, *, dead: str = "") -> int:
    """The seat (0-3, the leader first) that wins the trick ``cards`` under ``trump``."""
    played = parse_cards(cards)
    suit_of = EFFECTIVE_SUIT[trump + 1]
    return trick_winner(
        played, [0, 1, 2, 3], len(played), suit_of[played[0]], POWER[trump], suit_of,
        card_mask(parse_cards(dead)) if dead else 0,
    )  # fmt: skip


def test_the_left_bower_must_follow_a_trump_lead() -> None:
    """The left bower (jack of the same colour) belongs to trump: it follows a trump lead."""
    hand = card_mask(parse_cards("JD AC KS"))
    playable = follow_suit(hand, Card.parse("9H"), FOLLOW_MASK[Suit.HEARTS + 1])
    assert playable == card_mask(parse_cards("JD"))


def test_a_player_void_in_the_led_suit_may_play_any_card() -> None:
    hand = card_mask(parse_cards("AC KS QD"))
    assert follow_suit(hand, Card.parse("9H"), FOLLOW_MASK[Suit.CLUBS + 1]) == hand


def test_the_left_bower_is_not_its_printed_suit() -> None:
    """A diamond lead under hearts trump: the jack of diamonds does not follow it."""
    hand = card_mask(parse_cards("JD AC"))
    assert follow_suit(hand, Card.parse("9D"), FOLLOW_MASK[Suit.HEARTS + 1]) == hand


def test_highest_trump_wins_else_highest_card_of_the_suit_led() -> None:
    assert _winner("AC KC 9H QC", Suit.HEARTS) == 2  # the only trump
    assert _winner("AC KC JD QC", Suit.HEARTS) == 2  # the left bower is a trump
    assert _winner("KC AC AS AD", Suit.HEARTS) == 1  # no trump: highest club
    assert _winner("JH JD AH 9S", Suit.HEARTS) == 0  # right bower over left bower


def test_a_card_of_no_value_cannot_take_the_trick() -> None:
    """Sheet 004: an exposed card "has no value and cannot take a trick"."""
    assert _winner("AC KC 9H QC", Suit.HEARTS, dead="9H") == 0
    assert _winner("AC KC 9H QC", Suit.HEARTS, dead="AC KC 9H QC") == 0  # the leader's


def test_natural_trump_counts_the_left_bower_as_the_up_cards_suit() -> None:
    """Natural trump: to order up a player must hold the up-card's suit; the left bower counts."""
    up = Card.parse("9H")
    follow = FOLLOW_MASK[Suit.HEARTS + 1]
    holding_left = card_mask(parse_cards("JD AC KS QS 9S"))
    holding_none = card_mask(parse_cards("AD AC KS QS 9S"))
    assert may_order_up(holding_left, up, follow, False, True, False)
    assert not may_order_up(holding_none, up, follow, False, True, False)
    assert may_order_up(holding_none, up, follow, False, False, False)


def test_dealer_needs_another_card_of_the_suit_the_left_bower_not_counting() -> None:
    """The dealer may pick up only while holding another card of its suit (not the left bower);
    the other seats are not restricted."""
    up = Card.parse("9H")
    follow = FOLLOW_MASK[Suit.HEARTS + 1]
    left_only = card_mask(parse_cards("JD AC KS QS 9S"))
    with_heart = card_mask(parse_cards("TH AC KS QS 9S"))
    assert not may_order_up(left_only, up, follow, True, False, True)
    assert may_order_up(with_heart, up, follow, True, False, True)
    assert may_order_up(left_only, up, follow, False, False, True)


def test_farmers_hand_is_nines_and_tens_only_and_may_fold_without_trump() -> None:
    farmer = card_mask(parse_cards("9C TC 9D TD 9S"))
    assert is_farmers_hand(farmer)
    assert not is_farmers_hand(card_mask(parse_cards("9C TC 9D TD JS")))
    assert may_fold(farmer, FOLLOW_MASK[Suit.HEARTS + 1][Card.parse("9H")])
    assert not may_fold(farmer, FOLLOW_MASK[Suit.CLUBS + 1][Card.parse("9C")])


@pytest.mark.parametrize("profile_id", BUILTIN_PROFILES)
def test_score_table_rows_come_from_the_points_options(profile_id: str) -> None:
    """The profile owns the score: made (3-4 tricks), march (5), euchre (0-2, with all five
    scoring at least the euchre), for partners, a lone hand and a lone hand defended alone."""
    profile = load_profile(profile_id)
    partners = profile.score_table[Contract.PARTNERS]
    alone = profile.score_table[Contract.ALONE]
    defended = profile.score_table[Contract.DEFENDED_ALONE]
    euchre_all_five = max(profile.points_euchre_all_five, profile.points_euchre)
    assert partners == (
        -euchre_all_five,
        -profile.points_euchre,
        -profile.points_euchre,
        profile.points_made,
        profile.points_made,
        profile.points_march,
    )
    assert alone[3:] == (profile.points_lone_made,) * 2 + (profile.points_lone_march,)
    assert alone[1] == -profile.points_euchre_lone
    assert defended == (-profile.points_defend_alone,) * 3 + (profile.points_defend_alone,) * 3


def test_question_pile_scores_four_for_euchring_with_all_five_tricks() -> None:
    """Sheet 002 (questions): all five tricks taken by the defenders score 4."""
    profile = load_profile("questions")
    assert hand_score(profile.score_table[Contract.PARTNERS], 1, 0) == (0, 4)
    assert hand_score(profile.score_table[Contract.PARTNERS], 1, 2) == (0, 2)
    assert hand_score(profile.score_table[Contract.PARTNERS], 1, 5) == (1, 2)


def test_changing_a_points_option_changes_the_score_table() -> None:
    """Every ``points_*`` option the table is built from moves it."""
    reference = load_profile("tournament").replace(
        points_march=9, points_lone_march=9, points_euchre_all_five=9
    )
    for name in SCORE_TABLE_OPTIONS:
        changed = reference.replace(**{name: getattr(reference, name) + 3})
        assert changed.score_table != reference.score_table, name


def test_deal_state_is_the_deal_a_record_starts() -> None:
    """``deal_state`` gives exactly ``deal_record(...).start()`` from the same generator."""
    variants = [
        load_profile(profile_id).replace(**options)
        for profile_id in BUILTIN_PROFILES
        for options in ({}, {"deal_style": "one_at_a_time"}, {"cut_by_right": False})
    ]
    for profile in variants:
        seed = f"{profile.id}-{profile.deal_style}-{profile.cut_by_right}"
        fast, reference = random.Random(seed), random.Random(seed)
        for index in range(200):
            state = deal_state(profile, index % 4, fast)
            expected = deal_record(profile, index % 4, reference).start()
            assert state.hands == expected.hands
            assert (state.up_card, state.kitty) == (expected.up_card, expected.kitty)
        assert fast.random() == reference.random()


def test_shuffle_draws_as_random_shuffle() -> None:
    for seed in range(200):
        fast, reference = random.Random(seed), random.Random(seed)
        pack, expected = list(range(24)), list(range(24))
        _shuffle(fast, pack)
        reference.shuffle(expected)
        assert pack == expected
        assert fast.random() == reference.random()


def test_compiled_rules_answer_as_the_plain_rules() -> None:
    """The kernel and the solver call these compiled forms of the same functions."""
    compiled = pytest.importorskip("euchre.engine.compiled_rules")
    rng = random.Random(4)
    for _ in range(2000):
        trump = rng.randrange(4)
        cards = rng.sample(range(24), 4)
        count = rng.choice((2, 3, 4))
        seats = [rng.randrange(4) for _ in range(4)]
        dead = card_mask(rng.sample(cards, rng.choice((0, 0, 0, 1, 2))))
        led = EFFECTIVE_SUIT[trump + 1][cards[0]]
        hand = card_mask(rng.sample(range(24), 5))
        assert compiled.trick_winner(
            np.array(cards), np.array(seats), count, led, compiled.POWER[trump],
            compiled.EFFECTIVE_SUIT[trump + 1], dead,
        ) == trick_winner(
            cards, seats, count, led, POWER[trump], EFFECTIVE_SUIT[trump + 1], dead
        )  # fmt: skip
        assert compiled.follow_suit(hand, cards[0], compiled.FOLLOW_MASK[trump + 1]) == follow_suit(
            hand, cards[0], FOLLOW_MASK[trump + 1]
        )
        up_card = rng.randrange(24)
        flags = [rng.random() < 0.5 for _ in range(3)]
        follow_row = FOLLOW_MASK[up_card // 6 + 1]
        assert compiled.may_order_up(
            hand, up_card, compiled.FOLLOW_MASK[up_card // 6 + 1], *flags
        ) == may_order_up(hand, up_card, follow_row, *flags)
        low_hand = card_mask(rng.sample(range(24), 5)) & ~card_mask(rng.sample(range(24), 12))
        assert compiled.is_farmers_hand(low_hand) == is_farmers_hand(low_hand)
        assert compiled.may_fold(low_hand, follow_row[up_card]) == may_fold(
            low_hand, follow_row[up_card]
        )
        row = np.array(load_profile("valpo").score_table[rng.randrange(3)])
        team, tricks = rng.randrange(2), rng.randrange(6)
        assert tuple(compiled.hand_score(row, team, tricks)) == hand_score(
            tuple(int(value) for value in row), team, tricks
        )


def test_deal_record_shuffles_cuts_and_deals_the_profiles_way() -> None:
    """A deal is ``random.shuffle`` of the pack, the cut (``randint(4, 20)``) when the profile
    has one, then ``deal_cards``: the fast deal keeps every seeded deal as it was."""
    for profile_id in BUILTIN_PROFILES:
        for options in ({}, {"deal_style": "one_at_a_time"}, {"cut_by_right": False}):
            profile = load_profile(profile_id).replace(**options)
            fast, reference = random.Random(profile_id), random.Random(profile_id)
            for index in range(100):
                record = deal_record(profile, index % 4, fast)
                pack = list(range(24))
                reference.shuffle(pack)
                if profile.cut_by_right:
                    cut = reference.randint(4, 20)
                    pack = pack[cut:] + pack[:cut]
                hands, up_card, kitty = deal_cards(profile, index % 4, pack)
                assert record.hands == tuple(tuple(sorted(hand)) for hand in hands)
                assert (record.up_card, record.kitty) == (up_card, tuple(kitty))
