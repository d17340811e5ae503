"""The open-hand solver against brute-force minimax over the engine, and its score tables."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.bots.pimc import contract_score_table
from euchre.bots.solver import OpenHandPosition, solve_moves, solve_value
from euchre.engine.state import HandState
from tests.bots.helpers import PROFILES, played_state


def _maker_points(state: HandState) -> int:
    result = state.result()
    maker_team = state.maker % 2
    return result.team_points[maker_team] - result.team_points[1 - maker_team]


def _brute_force(state: HandState) -> int:
    """Minimax over the engine itself: makers maximise their signed points."""
    if state.is_over:
        return _maker_points(state)
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(_brute_force(child))
    return max(values) if state.to_act % 2 == state.maker % 2 else min(values)


def _position(state: HandState) -> OpenHandPosition:
    maker_team = state.maker % 2
    return OpenHandPosition(
        hands=list(state.hands),
        trump=state.trump,
        active=state.active,
        to_act=state.to_act,
        trick_cards=list(state.trick),
        trick_seats=list(state.trick_seats),
        maker_team=maker_team,
        maker_tricks=sum(1 for winner in state.tricks if winner % 2 == maker_team),
        tricks_done=len(state.tricks),
        score_table=contract_score_table(
            state.profile, alone=state.alone, defended_alone=state.defender_alone >= 0
        ),
    )


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**9),
    profile_index=st.integers(0, len(PROFILES) - 1),
    cards_played=st.integers(7, 16),
)
def test_solver_matches_brute_force_minimax(
    seed: int, profile_index: int, cards_played: int
) -> None:
    state = played_state(PROFILES[profile_index], seed, cards_played)
    if state is None:
        return
    position = _position(state)
    expected = _brute_force(state)
    assert solve_value(position) == expected
    legal = [int(action) for action in state.legal_actions()]
    per_move = solve_moves(position, legal)
    for card, value in zip(legal, per_move, strict=True):
        child = state.clone()
        child.apply(card)
        assert value == _brute_force(child)
    best = max(per_move) if state.to_act % 2 == state.maker % 2 else min(per_move)
    assert best == expected


@settings(max_examples=40)
@given(seed=st.integers(0, 10**9), profile_index=st.integers(0, len(PROFILES) - 1))
def test_score_table_gives_the_engine_points_for_every_contract(
    seed: int, profile_index: int
) -> None:
    state = played_state(PROFILES[profile_index], seed, 0)
    if state is None:
        return
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    maker_team = state.maker % 2
    table = contract_score_table(
        state.profile, alone=state.alone, defended_alone=state.defender_alone >= 0
    )
    tricks = sum(1 for winner in state.tricks if winner % 2 == maker_team)
    assert table[tricks] == _maker_points(state)


def test_solver_rejects_a_card_not_in_hand() -> None:
    state = None
    seed = 0
    while state is None:
        state = played_state(PROFILES[4], seed, 0)
        seed += 1
    position = _position(state)
    foreign = next(card for card in range(24) if not state.hands[state.to_act] >> card & 1)
    try:
        solve_moves(position, [foreign])
    except ValueError as error:
        assert str(foreign) in str(error)
    else:
        raise AssertionError("a card outside the hand was accepted")
