"""Inference learned from play: the shipped policy model of the expert's bids and plays, and
sampled worlds weighted by how likely each other seat's actions were in them."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from importlib import resources

import pytest

from euchre.bots import make_bot
from euchre.bots.inference import bid_events, inferred_worlds
from euchre.bots.knowledge import knowledge_of
from euchre.bots.policy import (
    PolicyModel,
    load_policy,
    play_candidates,
    play_decisions,
    policy_weight,
)
from euchre.engine import actions as codes
from euchre.engine.cards import SUIT_MASK, Card, Suit
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.state import Phase
from euchre.engine.view import view_of
from tests.bots.helpers import spade_trick

TOURNAMENT = load_profile("tournament")


def _model() -> PolicyModel:
    model = load_policy()
    assert model is not None, "the package ships data/policy.json"
    return model


def test_the_shipped_policy_model_is_small_and_loads_without_a_download() -> None:
    data = resources.files("euchre.bots").joinpath("data/policy.json")
    assert len(data.read_bytes()) < 20 * 1024 * 1024
    model = _model()
    assert len(model.play) == 10
    assert len(model.bid) == 8


def test_the_models_probabilities_sum_to_one_over_the_legal_actions() -> None:
    model = _model()
    checked_plays = checked_bids = 0
    for index in range(6):
        state = deal_record(TOURNAMENT, index % 4, random.Random(index)).start()
        dealt = list(state.hands)
        rules = [make_bot("rules", seat) for seat in range(4)]
        while not state.is_over:
            state.apply(rules[state.to_act].choose(view_of(state, state.to_act)))
        view = view_of(state, 0)
        for event in bid_events(view):
            chances = model.bid_probabilities(event, dealt[event.seat], view)
            assert event.code in chances
            assert math.isclose(sum(chances.values()), 1.0, rel_tol=1e-9)
            assert all(0.0 < chance <= 1.0 for chance in chances.values())
            checked_bids += 1
        for decision in play_decisions(view):
            hand = state.hands[decision.seat] | decision.later
            chances = model.play_probabilities(decision, hand, view.trump)
            legal, _ = play_candidates(decision, hand, view.trump)
            assert sorted(chances) == legal  # exactly the cards legal with that hand
            assert decision.card in chances
            assert math.isclose(sum(chances.values()), 1.0, rel_tol=1e-9)
            # The fast path the weighting uses agrees with the features, floored.
            fast = model.play_chance(decision, hand, view.trump)
            expected = 1.0 if len(legal) == 1 else max(model.floor, chances[decision.card])
            assert math.isclose(fast, expected, rel_tol=1e-9)
            checked_plays += 1
    assert checked_bids >= 6
    assert checked_plays >= 100


def test_a_world_giving_a_seat_that_showed_out_a_card_of_the_led_suit_weighs_nothing() -> None:
    # Seat 2 threw the ace of clubs on the ace of spades: holding a spade then, it could not
    # have (it must follow suit), so a world giving it one has probability 0 under the model.
    state = spade_trick()
    view = view_of(state, 0)
    model = _model()
    truth = list(state.hands)
    assert policy_weight(model, view, truth) > 0.0
    ten, diamond_ace = Card.parse("TS"), Card.parse("AD")
    broken = list(truth)
    broken[2] = broken[2] & ~(1 << diamond_ace) | 1 << ten
    broken[3] = broken[3] & ~(1 << ten) | 1 << diamond_ace
    assert policy_weight(model, view, broken) == 0.0
    # Today's constraint still holds: weighted or not, no sampled world gives seat 2 a spade.
    spades = SUIT_MASK[Suit.HEARTS + 1][Suit.SPADES]
    bot = make_bot("expert-learned-inference", 5)
    worlds = bot._worlds(view, 200)  # type: ignore[attr-defined]
    assert worlds
    assert not any(hands[2] & spades for hands, _ in worlds)


def test_the_learned_weighting_is_the_same_for_the_same_seed() -> None:
    state = spade_trick()
    view = view_of(state, 0)
    model = _model()
    reading = (
        [event for event in bid_events(view) if event.seat != 0],
        [decision for decision in play_decisions(view) if decision.seat != 0],
    )

    def draw(seed: int) -> list[tuple[list[int], int]]:
        memo: dict[tuple[int, int], float] = {}
        return inferred_worlds(
            view,
            knowledge_of(view),
            None,
            60,
            random.Random(seed),
            weigh=lambda hands: policy_weight(model, view, hands, reading, memo),
        )

    assert draw(11) == draw(11)
    first = make_bot("expert-learned-inference", 3).choose(view)
    again = make_bot("expert-learned-inference", 3).choose(view)
    assert first == again


@pytest.mark.parametrize("code", ["pass", "call H"])
def test_bids_read_by_the_model_favour_hands_that_fit_them(code: str) -> None:
    # Seat 0 called hearts in round 2: the model finds a hand with both bowers and the ace
    # of hearts likelier to have called than one with no heart; for a pass the reverse.
    state = spade_trick()
    view = view_of(state, 1)
    model = _model()
    events = [event for event in bid_events(view) if event.seat == 0 and event.round == 2]
    strong = sum(1 << Card.parse(t) for t in ("JH", "JD", "AH", "AS", "9C"))
    weak = sum(1 << Card.parse(t) for t in ("9S", "TC", "9D", "TD", "KC"))
    assert view.phase is Phase.PLAY
    (event,) = events
    if code == "pass":
        # The same hands, read as if seat 0 had passed: the weak hand is the likelier passer.
        event = replace(event, code=codes.PASS)
        assert model.bid_chance(event, weak, view) > model.bid_chance(event, strong, view)
    else:
        assert model.bid_chance(event, strong, view) > model.bid_chance(event, weak, view)
