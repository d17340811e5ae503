"""Textbook positions: the expert answers as strong players agree (each test is named after
the strategy rule), and the fixed misses of the rules bot stay fixed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from euchre.bots import make_bot
from euchre.bots.advice import advise
from euchre.bots.expert import game_score_table
from euchre.bots.pimc import BASIC_RULES, contract_score_table
from euchre.bots.rules import RulesBot
from euchre.engine.profile import load_profile
from tests.bots.textbook import POSITIONS, textbook_view


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_expert_answers_the_textbook_position(name: str) -> None:
    answers = POSITIONS[name][2]
    view = textbook_view(name)
    for seed in range(3):
        advice = advise(make_bot("expert", seed), view)
        assert str(advice.action) in answers, f"{name}: {advice.line()}"


def test_rules_dealer_counts_the_up_card_he_picks_up_for_a_lone_hand() -> None:
    # Right, left, ace and king of trump (the king is the up-card) and an off ace: alone.
    view = textbook_view("dealer_counts_the_up_card_he_picks_up_for_a_lone_hand")
    assert str(RulesBot(0).choose(view)) == "order alone"


def test_pimc_basic_keeps_the_old_dealer_count_as_a_frozen_yardstick() -> None:
    # pimc-basic bids with the parameters it was measured with: the up-card left out.
    view = textbook_view("dealer_counts_the_up_card_he_picks_up_for_a_lone_hand")
    assert str(RulesBot(0, BASIC_RULES).choose(view)) == "order"


def test_rules_never_goes_alone_when_a_march_wins_the_game() -> None:
    view = textbook_view("no_lone_hand_when_a_march_wins_the_game")
    assert str(RulesBot(0).choose(view)) == "order"


def test_points_past_the_end_of_the_game_are_worth_nothing_to_the_expert() -> None:
    # At 9-6 in a game to 10, a march (2) wins the game no better than a point made (1); the
    # defenders at 6 still gain a full euchre (2). In a fixed-length game nothing is cut.
    view = textbook_view("no_lone_hand_when_a_march_wins_the_game")
    table = contract_score_table(view.profile, alone=False, defended_alone=False)
    assert list(table) == [-2, -2, -2, 1, 1, 2]
    assert list(game_score_table(table, view, 0)) == [-2, -2, -2, 1, 1, 1]
    defenders_at_nine = replace(view, scores=(6, 9))
    assert list(game_score_table(table, defenders_at_nine, 0)) == [-1, -1, -1, 1, 1, 2]
    fixed = replace(view, profile=load_profile("tournament"))
    assert list(game_score_table(table, fixed, 0)) == [-2, -2, -2, 1, 1, 2]
