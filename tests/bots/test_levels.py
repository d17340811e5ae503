"""Levels for people: registered, described, legal under every profile; the weaker levels
make the mistakes people make (a timid order, a late trump, a missed count), never a random
card."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.bots import BOT_FACTORIES, make_bot
from euchre.bots.levels import LEVELS, EasyBot
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.view import view_of
from tests.bots.helpers import PROFILES, called_spades, play_legally, state_from_text


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
    play_legally(state, bots)


def test_a_timid_order_passes_a_hand_the_book_calls() -> None:
    # Round 2, the eldest holds the right, queen and ten of spades, the ace of diamonds and a
    # void in clubs: 7.9 points in spades, above the book's 7.0 bar.
    hands = ["JS QS TS AD 9H", "9S KS AS 9C TC", "JC QC KC AC TH", "JH QH AH 9D TD"]
    state = state_from_text(load_profile("tournament"), 3, hands, "KH", "JD QD KD")
    for _ in range(4):
        state.play("pass")
    view = view_of(state, 0)
    assert str(make_bot("rules", 1).choose(view)) == "call S"
    assert str(make_bot("medium", 1).choose(view)) == "call S"  # its bar: 7.5
    assert str(make_bot("easy", 1).choose(view)) == "pass"  # its bar: 8.0


def test_a_late_trump_cashes_the_side_ace_before_drawing_trump() -> None:
    view = view_of(called_spades(), 0)
    # The maker holds both bowers: the book draws trump first.
    assert str(make_bot("rules", 1).choose(view)) == "play JS"
    assert str(EasyBot(1, late_trump=1.0, miscount=0.0).choose(view)) == "play AD"
    assert str(EasyBot(1, late_trump=0.0, miscount=0.0).choose(view)) == "play JS"


def test_a_late_trump_saves_the_trump_instead_of_trumping_an_opponents_ace() -> None:
    state = called_spades()
    state.play("play AD")
    view = view_of(state, 1)  # void in diamonds, the opponent's ace winning
    assert str(make_bot("rules", 1).choose(view)) == "play QS"
    assert str(EasyBot(1, late_trump=1.0, miscount=0.0).choose(view)) == "play 9C"


def test_a_missed_count_draws_trump_that_is_no_longer_out() -> None:
    state = called_spades()
    # The maker draws trump twice: every other trump falls (QS, 9S, AS, TS).
    for text in ["play JS", "play QS", "play 9H", "play 9S"]:
        state.play(text)
    for text in ["play JC", "play AS", "play TH", "play TS"]:
        state.play(text)
    view = view_of(state, 0)  # KS, AD, 9D left; the king is the last trump
    assert str(make_bot("rules", 1).choose(view)) == "play AD"  # counted: no trump is out
    assert str(EasyBot(1, late_trump=0.0, miscount=1.0).choose(view)) == "play KS"


def test_the_levels_mistakes_come_at_their_rates_and_never_a_random_card() -> None:
    view = view_of(called_spades(), 0)
    easy = [str(make_bot("easy", seed).choose(view)) for seed in range(200)]
    medium = [str(make_bot("medium", seed).choose(view)) for seed in range(200)]
    assert set(easy) == set(medium) == {"play JS", "play AD"}  # the book's card or the mistake
    assert 0.5 < easy.count("play AD") / 200 < 0.7  # late_trump 0.6
    assert 0.1 < medium.count("play AD") / 200 < 0.3  # late_trump 0.2
