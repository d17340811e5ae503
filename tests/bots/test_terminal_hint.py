"""The terminal game's one-line ``?`` hint and pimc's bidding samples."""

from __future__ import annotations

import pytest

from euchre.bots.pimc import PimcBot
from euchre.cli.terminal_game import _hands_left, _hint
from euchre.engine.game import Game
from euchre.engine.profile import load_profile
from euchre.engine.view import view_of
from tests.bots.helpers import state_from_text

HANDS = ["JH JD AH KH 9S", "9C TC AC KD QS", "QC TD JC TS KS", "TH 9D QD AS KC"]


def test_hint_is_one_line_naming_a_legal_action() -> None:
    state = state_from_text(load_profile("tournament"), 3, HANDS, "QH", "AD JS 9H")
    line = _hint(state, 0)
    assert "\n" not in line
    assert line.startswith("expert: ")  # the hint now asks the strongest level
    assert any(str(action) in line for action in state.legal_actions())


def test_hands_left_counts_down_in_fixed_length_games_only() -> None:
    assert _hands_left(Game(load_profile("valpo"), 0)) == 12
    assert _hands_left(Game(load_profile("questions"), 0)) == 0


def test_sampled_bids_are_legal_and_five_trumps_order() -> None:
    hands = ["JH JD AH KH TH", "9C TC AC KD QS", "QC TD JC TS KS", "9S 9D QD AS KC"]
    state = state_from_text(load_profile("tournament"), 3, hands, "QH", "AD JS 9H")
    view = view_of(state, 0)
    bot = PimcBot(3, alone_worlds=12)
    legal = {int(action) for action in view.legal}
    for values in (bot.bid_values(view), bot.rollout_bid_values(view)):
        assert values and set(values) <= legal
    # Five trumps: ordering (alone, for four points) beats passing by far.
    assert str(bot.choose(view)).startswith("order")


def test_pimc_rejects_an_unknown_bidding_mode() -> None:
    with pytest.raises(ValueError, match="'psychic'"):
        PimcBot(0, bidding="psychic")
