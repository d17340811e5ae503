"""Games: first dealer, dealer rotation, game length, counted hands and ties, per profile."""

from __future__ import annotations

import random

import pytest

from euchre.engine import BUILTIN_PROFILES, HandResult, HandStatus, load_profile
from euchre.engine.cards import Rank, Suit
from euchre.engine.game import Game
from euchre.engine.record import draw_first_dealer

ALL = list(BUILTIN_PROFILES)


def scored(team: int, points: int, maker: int = 0) -> HandResult:
    """A scored hand in which ``team`` scores ``points``."""
    team_points = (points, 0) if team == 0 else (0, points)
    return HandResult(
        HandStatus.SCORED,
        Suit.HEARTS,
        maker,
        False,
        None,
        (0, 0, 0, 1, 1),
        team_points,
        (team_points[0], team_points[1], team_points[0], team_points[1]),
        "test",
    )


def redeal() -> HandResult:
    return HandResult(HandStatus.REDEAL, None, None, False, None, (), (0, 0), (0, 0, 0, 0), "fold")


def thrown_in() -> HandResult:
    return HandResult(
        HandStatus.THROWN_IN, None, None, False, None, (), (0, 0), (0, 0, 0, 0), "passed"
    )


@pytest.mark.parametrize(
    "profile",
    [name for name in BUILTIN_PROFILES if load_profile(name).first_dealer_jack == "any"],
)
def test_first_dealer_is_the_first_player_dealt_a_jack(profile: str) -> None:
    for seed in range(50):
        draw = draw_first_dealer(load_profile(profile), random.Random(seed))
        jacks = [i for i, (_, card) in enumerate(draw.cards) if card.rank is Rank.JACK]
        assert jacks == [len(draw.cards) - 1]
        assert draw.dealer == draw.cards[-1][0] == (len(draw.cards) - 1) % 4


def test_valpo_first_dealer_is_the_first_player_dealt_a_black_jack() -> None:
    saw_red_jack_passed = False
    for seed in range(50):
        draw = draw_first_dealer(load_profile("valpo"), random.Random(seed))
        last = draw.cards[-1][1]
        assert last.rank is Rank.JACK and last.suit in (Suit.CLUBS, Suit.SPADES)
        earlier = [card for _, card in draw.cards[:-1]]
        assert not any(c.rank is Rank.JACK and c.suit in (Suit.CLUBS, Suit.SPADES) for c in earlier)
        saw_red_jack_passed |= any(c.rank is Rank.JACK for c in earlier)
    assert saw_red_jack_passed


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_deal_rotates_clockwise(profile: str) -> None:
    game = Game(load_profile(profile), first_dealer=2)
    game.record(scored(0, 1))
    assert game.dealer == 3
    game.record(scored(1, 1))
    assert game.dealer == 0


def test_ballantrae_fold_same_dealer_redeals_and_hand_not_counted() -> None:
    game = Game(load_profile("ballantrae"), first_dealer=1)
    game.record(redeal())
    assert game.dealer == 1 and game.counted_hands == 0


def test_ballantrae_game_is_eight_hands() -> None:
    game = Game(load_profile("ballantrae"), first_dealer=0)
    for hand in range(8):
        assert not game.is_over
        game.record(scored(hand % 2, 2))
    assert game.is_over and game.scores == [8, 8]
    assert game.winner() is None  # a tie stands: team totals carry over the event


def test_bolivar_eight_hands_regardless_of_score() -> None:
    game = Game(load_profile("bolivar"), first_dealer=0)
    for _ in range(8):
        game.record(scored(0, 4))
    assert game.is_over and game.scores == [32, 0]  # "8 Loners could a 32 points"


def test_bolivar_only_hands_where_a_team_scores_count() -> None:
    game = Game(load_profile("bolivar"), first_dealer=0)
    game.record(scored(0, 0))
    assert game.counted_hands == 0
    game.record(scored(0, 1))
    assert game.counted_hands == 1


def test_questions_first_team_to_eleven_wins() -> None:
    game = Game(load_profile("questions"), first_dealer=0)
    for _ in range(5):
        game.record(scored(1, 2))
    assert not game.is_over
    game.record(scored(1, 1))
    assert game.is_over and game.winner() == 1


def test_questions_thrown_in_hand_passes_the_deal() -> None:
    game = Game(load_profile("questions"), first_dealer=3)
    game.record(thrown_in())
    assert game.dealer == 0 and game.scores == [0, 0]


def test_valpo_match_is_twelve_hands_misdeals_excluded() -> None:
    game = Game(load_profile("valpo"), first_dealer=0)
    game.record(redeal())
    for _ in range(11):
        game.record(scored(0, 1))
    assert not game.is_over
    game.record(scored(1, 1))
    assert game.is_over and game.counted_hands == 12 and len(game.hands) == 13


def test_tournament_progressive_eight_deals_everyone_deals_twice() -> None:
    game = Game(load_profile("tournament"), first_dealer=1)
    dealers = []
    while not game.is_over:
        dealers.append(game.dealer)
        game.record(scored(0, 1))
    assert sorted(dealers) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_tournament_tie_goes_to_first_team_to_reach_tying_score() -> None:
    game = Game(load_profile("tournament"), first_dealer=0)
    for team in (0, 0, 1, 1, 0, 1, 0, 1):
        game.record(scored(team, 1))
    assert game.scores == [4, 4]
    assert game.winner() == 0  # team 1 scored last, so it reached 4 last


def test_game_over_refuses_more_hands() -> None:
    game = Game(load_profile("questions"), first_dealer=0)
    game.record(scored(0, 11))
    with pytest.raises(ValueError, match="game is over"):
        game.record(scored(0, 1))


def test_tournament_partners_game_to_ten_by_override() -> None:
    rules = load_profile("tournament").replace(game_target=10, game_hands=0)
    game = Game(rules, first_dealer=0)
    for _ in range(4):
        game.record(scored(0, 2))
    game.record(scored(0, 4))
    assert game.is_over and game.scores == [12, 0] and game.winner() == 0


def test_penalty_points_are_added_to_the_game() -> None:
    game = Game(load_profile("bolivar"), first_dealer=0)
    game.record(scored(0, 0), extra_points=(0, 2))
    assert game.scores == [0, 2] and game.counted_hands == 1
