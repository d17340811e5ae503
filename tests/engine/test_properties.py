"""Hypothesis properties over random hands of every built-in profile and the variant options.

For every step of a random legal hand: the 24 cards are conserved (hands, kitty, cards played,
the discard and the up-card account for each card exactly once), every legal action's text
parses back to itself, and an illegal action is refused with ``IllegalActionError`` without
changing the state. At the end: five tricks of as many cards as there are active seats, the
team points within the profile's table with exactly one team scoring, and the hand record's
JSON round trip replays to the same result.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.engine import (
    BUILTIN_PROFILES,
    Action,
    Card,
    HandRecord,
    HandState,
    HandStatus,
    IllegalActionError,
    Phase,
    Rank,
    RuleProfile,
    Suit,
    load_profile,
    replay,
)
from euchre.engine import actions as codes
from euchre.engine.cards import DECK_MASK, card_mask
from euchre.engine.record import deal_record

from .helpers import LOW_CARDS, farmer_deal, play_option_cases

PROFILE_CASES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in BUILTIN_PROFILES] + [
    ("tournament", {"defend_alone": True}),
    ("valpo", {"going_under": True}),
    ("bolivar", {"natural_trump": True}),
    ("questions", {"farmers_hand_redeal": True}),
    ("valpo", {"fold_without_ace_face_trump": True}),
    ("ballantrae", {"defend_alone": True, "all_pass": "throw_in"}),
    ("tournament", {"going_under": True, "defend_alone": True, "natural_trump": True}),
    # Every value of every option marked ``affects_play``, read from the profile's metadata.
    *play_option_cases(),
]

_EVERY_SIMPLE_ACTION = [Action(code) for code in range(codes.FOLD + 1)]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    """Readable test id: the profile and its overrides."""
    name, overrides = case
    return name + "".join(f"+{key}={value}" for key, value in overrides.items())


def make_record(
    name: str, overrides: dict[str, Any], dealer: int, rng: random.Random
) -> HandRecord:
    """A random deal (a farmer's hand forced one time in three) carrying its overrides."""
    profile = load_profile(name).replace(**overrides) if overrides else load_profile(name)
    dealt = deal_record(profile, dealer, rng)
    if rng.random() < 1 / 3:
        seat = rng.randrange(4)
        low = rng.sample(LOW_CARDS, 5)
        return farmer_deal(
            profile, dealer, rng, seat, low, profile_name=name, profile_options=overrides
        )
    return replace(dealt, profile_name=name, profile_options=dict(overrides))


def snapshot(state: HandState) -> tuple[object, ...]:
    """Every field of the state, copied (to prove a refused action changed nothing)."""
    values: list[object] = []
    for name in HandState.__slots__:
        value = getattr(state, name)
        values.append(list(value) if isinstance(value, list) else value)
    return tuple(values)


def check_cards_conserved(state: HandState) -> None:
    """Each of the 24 cards is in exactly one place."""
    pieces = [*state.hands, card_mask(state.kitty), state.played_mask]
    if state.discarded >= 0:
        pieces.append(1 << state.discarded)
    if not state.picked_up:
        pieces.append(1 << state.up_card)  # turned down, or never picked up: it lies aside
    union = 0
    for piece in pieces:
        union |= piece
    assert union == DECK_MASK
    assert sum(piece.bit_count() for piece in pieces) == 24


def illegal_action(state: HandState, rng: random.Random) -> Action:
    """An action that is not legal now: a simple code, or a ``go under`` of three cards."""
    legal = set(state.legal_actions())
    if rng.random() < 0.2:
        swap = Action.go_under(rng.sample(range(24), 3))
        if swap not in legal:
            return swap
    candidates = [action for action in _EVERY_SIMPLE_ACTION if action not in legal]
    return candidates[rng.randrange(len(candidates))]


def profile_table(profile: RuleProfile) -> set[int]:
    """Every value a team can score on one hand under ``profile``."""
    values = {
        profile.points_made,
        profile.points_march,
        profile.points_lone_made,
        profile.points_lone_march,
        profile.points_euchre,
        profile.points_euchre_lone,
        max(profile.points_euchre, profile.points_euchre_all_five),
        max(profile.points_euchre_lone, profile.points_euchre_all_five),
    }
    if profile.defend_alone:
        values.add(profile.points_defend_alone)
    return values


@pytest.mark.parametrize("case", PROFILE_CASES, ids=case_id)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), dealer=st.integers(0, 3))
def test_random_hand_properties(case: tuple[str, dict[str, Any]], seed: int, dealer: int) -> None:
    name, overrides = case
    rng = random.Random(seed)
    record = make_record(name, overrides, dealer, rng)
    profile = record.profile
    state = record.start()
    cards_in_trick = 0
    while not state.is_over:
        check_cards_conserved(state)
        legal = state.legal_actions()
        assert legal, f"no legal action in {state!r}"
        for action in legal:
            assert str(Action.parse(str(action))) == str(action)
            assert Action.parse(str(action)) == action
        wrong = illegal_action(state, rng)
        before = snapshot(state)
        with pytest.raises(IllegalActionError):
            state.play(wrong)
        with pytest.raises(IllegalActionError):
            state.play(str(wrong))
        assert snapshot(state) == before
        action = legal[rng.randrange(len(legal))]
        tricks_before = len(state.tricks)
        cards_in_trick += state.phase is Phase.PLAY
        state.play(action)
        if len(state.tricks) > tricks_before:
            assert cards_in_trick == state.active.count(True)  # one card per active seat
            cards_in_trick = 0
    check_cards_conserved(state)
    with pytest.raises(IllegalActionError):
        state.play(Action(codes.PASS))

    result = state.result()
    team_points = result.team_points
    if result.status is HandStatus.SCORED:
        assert len(result.tricks) == 5
        assert state.played_mask.bit_count() == 5 * state.active.count(True)
        assert state.active.count(True) in (2, 3, 4)
        assert sorted(team_points)[0] == 0 and max(team_points) > 0  # exactly one team scores
        assert max(team_points) <= profile.max_hand_points()
        assert max(team_points) in profile_table(profile)
        assert sum(result.player_points) >= max(team_points)
    else:
        assert team_points == (0, 0)
        assert result.player_points == (0, 0, 0, 0)

    played = record.with_actions(state.history)
    text = json.dumps(played.to_json())
    again = replay(HandRecord.from_json(json.loads(text)))
    assert again.is_over
    assert again.result() == result
    assert again.history == state.history


@given(card=st.integers(0, 23), lower=st.booleans(), symbol=st.booleans(), ten=st.booleans())
def test_card_text_round_trips(card: int, lower: bool, symbol: bool, ten: bool) -> None:
    parsed = Card(card)
    text = str(parsed)
    assert Card.parse(text) == parsed
    assert text == "9TJQKA"[card % 6] + "CDHS"[card // 6]
    rank_text = "10" if ten and parsed.rank is Rank.TEN else text[0]
    suit_text = Suit(card // 6).symbol if symbol else text[1]
    variant = rank_text + suit_text
    variant = variant.lower() if lower else variant
    assert Card.parse(variant) == parsed
    assert str(Card.parse(variant)) == text


def test_ten_and_symbol_examples() -> None:
    assert str(Card.parse("10H")) == "TH"
    assert str(Card.parse("10♥")) == "TH"
    assert str(Card.parse("J♣")) == "JC"
    assert str(Action.parse("play 10♥")) == "play TH"
    assert str(Action.parse("go under 10C 9s T♦")) == "go under TC TD 9S"
