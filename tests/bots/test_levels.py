"""Levels for people: registered, described, legal under every profile; easy is weaker but
sensible (it follows the table's conventions, only forgets and sometimes ducks)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.bots import BOT_FACTORIES, make_bot
from euchre.bots.levels import LEVELS, EasyBot
from euchre.engine.record import deal_record
from euchre.engine.view import view_of
from tests.bots.helpers import PROFILES, state_from_text


def test_the_levels_are_registered_weakest_first_with_a_description() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    for name, description in LEVELS.items():
        assert name in BOT_FACTORIES
        assert make_bot(name, 1).name == name
        assert description


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9), profile_index=st.integers(0, len(PROFILES) - 1))
def test_every_level_plays_every_profiles_actions_legally(seed: int, profile_index: int) -> None:
    profile = PROFILES[profile_index]
    rng = random.Random(seed)
    state = deal_record(profile, rng.randrange(4), rng).start()
    levels = list(LEVELS)
    bots = [make_bot(levels[(seed + seat) % len(levels)], seed + seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_act
        action = bots[seat].choose(view_of(state, seat))
        assert action in state.legal_actions(), f"{bots[seat].name} chose illegal {action}"
        state.play(action)
    state.result()


def test_easy_sometimes_ducks_a_trick_it_could_win_but_always_follows_suit() -> None:
    # Spades trump. North (seat 2), third hand, holds the ace and ten of hearts after South
    # led the nine and West played the queen: the ace wins; easy now and then ducks with the
    # ten, never anything illegal.
    state = state_from_text(
        PROFILES[4],
        3,
        ["9H TC QC KD QS", "QH 9C TS KS 9D", "AH TH AC KC 9S", "JH JD JS AS AD"],
        "KH",
        "QD JC TD",
    )
    for text in ["pass"] * 4 + ["call S", "play 9H", "play QH"]:
        state.play(text)
    view = view_of(state, 2)
    plays = [str(EasyBot(seed).choose(view)) for seed in range(60)]
    assert set(plays) == {"play AH", "play TH"}
    assert plays.count("play AH") > plays.count("play TH")
