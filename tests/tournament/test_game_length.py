"""Game length as clubs set it: games of 4 hands ("each player deals once") and a tied round
decided by "one extra hand, not scored", from a club's own sheet file."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from euchre.engine.game import Game
from euchre.engine.profile import load_profile
from euchre.engine.state import HandResult, HandStatus
from euchre.play.table import TableConfig, TableState
from euchre.store.online import online_result
from euchre.tournament import (
    Entrant,
    EventInputs,
    TableResult,
    TableSeating,
    compute_event,
    preset_config,
)
from euchre.tournament.sheets import parse_sheet, use_user_sheets
from euchre.tournament.validation import ResultError, complete_result

CLUB_SHEET = """
id = "four_hand_club"
name = "A club of 4-hand games"

[profile]
extends = "tournament"

[profile.options]
game_hands = 4
game_tie = "extra_hand"

[profile.sources]
game_hands = "'Games are 4 hands: each player deals once.'"
game_tie = "'A tied round is decided by one extra hand, which is not scored.'"

[event]
format = "progressive"
rounds = 6

[event.sources]
format = "'Individual progressive.'"
rounds = "'Six rounds.'"

[words]
tie_rule = "A tied round is decided by one extra hand, which is not scored."

[words.sources]
tie_rule = "'A tied round is decided by one extra hand, which is not scored.'"
"""


@pytest.fixture(autouse=True)
def club_sheet() -> Iterator[None]:
    use_user_sheets([parse_sheet(CLUB_SHEET, origin="'club.toml'")])
    yield
    use_user_sheets([])


def _hand(points: tuple[int, int]) -> HandResult:
    """A scored hand giving ``points`` (the engine's record of it, as the game sees it)."""
    return HandResult(
        HandStatus.SCORED, None, 0, False, None, (), points, (points[0], points[1]) * 2, ""
    )


def test_a_game_of_4_hands_each_player_deals_once() -> None:
    game = Game(load_profile("four_hand_club"), first_dealer=2)
    dealers = []
    for points in ((1, 0), (0, 2), (1, 0), (0, 1)):
        dealers.append(game.dealer)
        game.record(_hand(points))
    assert sorted(dealers) == [0, 1, 2, 3]
    assert game.is_over
    assert game.scores == [2, 3]
    assert game.winner() == 1


def test_a_tied_round_is_decided_by_one_extra_hand_that_is_not_scored() -> None:
    game = Game(load_profile("four_hand_club"), first_dealer=0)
    for points in ((2, 0), (0, 1), (0, 1), (1, 0)):
        game.record(_hand(points))
    assert game.scores == [3, 2]
    assert game.is_over

    level = Game(load_profile("four_hand_club"), first_dealer=0)
    for points in ((2, 0), (0, 1), (0, 1), (0, 0)):
        level.record(_hand(points))
    assert level.scores == [2, 2]
    assert not level.is_over, "a level game goes on to the extra hand"
    assert level.in_extra_hand
    level.record(_hand((0, 4)))
    assert level.is_over
    assert level.scores == [2, 2], "the extra hand is not scored"
    assert level.winner() == 1


def _table() -> tuple[TableSeating, dict[str, str]]:
    return TableSeating(1, (("P1", "P2"), ("P3", "P4"))), {
        "P1": "Ann",
        "P2": "Bob",
        "P3": "Cy",
        "P4": "Di",
    }


def test_a_4_hand_game_is_entered_with_4_hands_and_8_are_refused() -> None:
    config = preset_config("four_hand_club", rounds=1)
    table, names = _table()
    four = ((1, 0), (0, 2), (1, 0), (0, 1))
    assert complete_result(config, TableResult(1, 1, (2, 3), hand_points=four), table, names)
    eight = four + four
    with pytest.raises(ResultError, match="8 hands entered, but a game is 4 hands"):
        complete_result(config, TableResult(1, 1, (4, 6), hand_points=eight), table, names)


def test_a_level_game_asks_who_won_the_extra_hand_and_the_winners_move_as_winners() -> None:
    config = preset_config("four_hand_club", rounds=1)
    table, names = _table()
    # The hands show Ann & Bob reached 2 first; the extra hand, which no hand typed shows,
    # was Cy & Di's, and it decides the game (not who reached the score first).
    level = TableResult(1, 1, (2, 2), hand_points=((2, 0), (0, 1), (0, 1), (0, 0)))
    with pytest.raises(ResultError) as refused:
        complete_result(config, level, table, names)
    assert str(refused.value) == (
        "round 1 table 1: the game is level at 2-2: say which team won the extra hand "
        "(Ann & Bob or Cy & Di); a level game is decided by one more hand, not scored"
    )
    decided = complete_result(
        config,
        TableResult(
            1, 1, (2, 2), hand_points=((2, 0), (0, 1), (0, 1), (0, 0)), first_to_tying_score=1
        ),
        table,
        names,
    )
    assert decided.first_to_tying_score == 1
    players = tuple(Entrant(f"P{n}", f"Player {n}") for n in range(1, 5))
    inputs = EventInputs(config, players)
    seated = compute_event(inputs).round_plan(1).tables[0]
    result = complete_result(
        config,
        TableResult(
            1, 1, (2, 2), hand_points=((2, 0), (0, 1), (0, 1), (0, 0)), first_to_tying_score=1
        ),
        seated,
    )
    snapshot = compute_event(EventInputs(config, players, (result,)))
    rows = {row.competitor_id: row for row in snapshot.standings}
    winners = seated.partnerships[1]
    assert all(rows[player].games_won == 1 for player in winners)
    assert all(rows[player].points == 2 for player in rows)


def test_an_online_level_game_plays_its_extra_hand_and_records_who_won_it() -> None:
    """At an online table the engine deals the extra hand itself; the result sent to the
    event has the game's four hands (the extra one is not scored) and names its winners."""
    rng = random.Random(3)
    for seed in range(300):
        config = TableConfig(
            profile="four_hand_club", seed=seed, seats=("human",) * 4, hints=False, event_id=1
        )
        state = TableState.new("T", config)
        for seat in range(4):
            state.apply(seat, "sit")
        game = state.game
        assert game is not None
        while state.status == "playing":
            seat = state.to_act
            assert seat is not None
            state.apply(seat, rng.choice(state.legal(seat)))
        if game.scores[0] != game.scores[1]:
            continue
        result = online_result(state, {0: 1, 1: 2, 2: 3, 3: 4}, ended=False)
        assert len(result.hand_points) == 4
        assert [sum(hand[side] for hand in result.hand_points) for side in (0, 1)] == game.scores
        assert game.extra_hand_winner is not None
        assert result.first_to_tying_score == game.extra_hand_winner == game.winner()
        return
    pytest.fail("no level game in 300 random games")
