"""What a seat infers from its view is true of the real deal, and sampled worlds fit it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.bots.knowledge import knowledge_of, sample_world
from euchre.engine.cards import SUIT_MASK
from euchre.engine.view import view_of
from tests.bots.helpers import PROFILES, random_state

A_SEAT_PART_WAY_THROUGH_A_HAND = given(
    seed=st.integers(0, 10**9),
    profile_index=st.integers(0, len(PROFILES) - 1),
    steps=st.integers(0, 30),
    seat=st.integers(0, 3),
)
"""A seat of a hand of any sheet, up to 30 random legal moves in."""


@settings(max_examples=80)
@A_SEAT_PART_WAY_THROUGH_A_HAND
def test_knowledge_is_true_of_the_real_deal(
    seed: int, profile_index: int, steps: int, seat: int
) -> None:
    state = random_state(PROFILES[profile_index], seed, steps)
    if state.is_over:
        return
    if state.discarded == state.up_card and seat != state.dealer:
        return  # the one documented assumption: a dealer keeps the up-card he picked up
    view = view_of(state, seat)
    knowledge = knowledge_of(view)
    assert knowledge.hand == state.hands[seat]
    assert knowledge.played == state.played_mask
    assert not knowledge.unseen & (knowledge.hand | knowledge.played)
    for other in range(4):
        if other == seat or not state.active[other]:
            continue
        real = state.hands[other]
        # Known cards are really there; the rest lie among the unseen cards the seat allows.
        assert knowledge.known[other] & ~real == 0
        hidden = real & ~knowledge.known[other]
        if state.phase.name in ("PLAY",):
            assert hidden & ~knowledge.allowed[other] == 0, "a void was inferred wrongly"
            assert hidden.bit_count() == knowledge.needs[other]
            if state.trump >= 0:
                for suit in range(4):
                    if knowledge.voids[other] & SUIT_MASK[state.trump + 1][suit]:
                        assert not real & SUIT_MASK[state.trump + 1][suit]


@settings(max_examples=80)
@A_SEAT_PART_WAY_THROUGH_A_HAND
def test_sampled_worlds_fit_the_view(seed: int, profile_index: int, steps: int, seat: int) -> None:
    state = random_state(PROFILES[profile_index], seed, steps)
    if state.is_over:
        return
    view = view_of(state, seat)
    knowledge = knowledge_of(view)
    rng = random.Random(seed)
    for _ in range(5):
        hands = sample_world(knowledge, rng)
        assert hands is not None
        assert hands[seat] == state.hands[seat]
        seen = 0
        for other in range(4):
            assert not hands[other] & seen, "a card dealt twice"
            seen |= hands[other]
            assert not hands[other] & state.played_mask, "a played card dealt again"
            if other != seat and knowledge.needs[other]:
                size = knowledge.needs[other] + knowledge.known[other].bit_count()
                assert hands[other].bit_count() == size
                assert hands[other] & ~knowledge.known[other] & ~knowledge.allowed[other] == 0


def test_views_that_agree_give_the_same_knowledge_and_samples() -> None:
    """Swapping two hidden cards between the opponents changes nothing a seat can use."""
    state = random_state(PROFILES[4], 3, 0)
    other = state.clone()
    first, third = other.hands[1], other.hands[3]
    card_one = first & -first
    card_three = third & -third
    other.hands[1] = (first & ~card_one) | card_three
    other.hands[3] = (third & ~card_three) | card_one
    view_a, view_b = view_of(state, 0), view_of(other, 0)
    assert view_a == view_b
    assert knowledge_of(view_a) == knowledge_of(view_b)
    assert sample_world(knowledge_of(view_a), random.Random(1)) == sample_world(
        knowledge_of(view_b), random.Random(1)
    )
