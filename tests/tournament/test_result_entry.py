"""A score as a table enters it: :func:`complete_result` refuses what cannot be right and fills
in what the hands say (each sheet's clause, quoted)."""

from __future__ import annotations

import pytest

from euchre.tournament import TableResult, TableSeating, preset_config
from euchre.tournament.validation import (
    ResultError,
    check_event_length,
    complete_result,
    reached_tying_score_first,
)

SEATING = TableSeating(1, (("A", "B"), ("C", "D")))
NAMES = {"A": "Ann", "B": "Bob", "C": "Cy", "D": "Di"}
PROGRESSIVE = preset_config("tournament", rounds=4)


def _enter(result: TableResult, sheet: str = "tournament") -> TableResult:
    config = PROGRESSIVE if sheet == "tournament" else preset_config(sheet, rounds=4)
    return complete_result(config, result, SEATING, NAMES)


def _error(result: TableResult, sheet: str = "tournament") -> ResultError:
    with pytest.raises(ResultError) as caught:
        _enter(result, sheet)
    return caught.value


def test_tournament_lone_call_scores_5_to_the_caller_and_4_to_his_partner() -> None:
    # "on a lone call, the person making the call scores 5 points and his partner scores 4"
    hands = ((4, 0), (0, 1), (1, 0), (0, 2), (1, 0), (0, 1), (1, 0), (0, 1))
    done = _enter(TableResult(1, 1, (7, 5), hand_points=hands, lone_marches={"A": 1}))
    assert done.player_points == {"A": 8}  # 7 for the team, +1 for his own lone march
    assert done.lone_hands == {"A": 1}  # a lone march is a lone hand made


def test_a_lone_march_left_blank_is_refused_instead_of_losing_the_callers_fifth_point() -> None:
    hands = ((4, 0), (0, 1), (1, 0), (0, 2), (1, 0), (0, 1), (1, 0), (0, 1))
    error = _error(TableResult(1, 1, (7, 5), hand_points=hands))
    assert "hand 1 gives Ann & Bob 4 points, a lone hand of five tricks" in str(error)
    assert "enter who called alone" in str(error)
    assert error.field == "lone_marches.A"


def test_an_own_total_of_17_in_a_7_point_game_is_refused() -> None:
    error = _error(TableResult(1, 1, (7, 6), player_points={"A": 17}))
    assert "own total of Ann is 17, but the hands give 7" in str(error)
    assert error.field == "player_points.A"


def test_a_typed_own_total_that_matches_the_lone_hands_is_kept() -> None:
    done = _enter(TableResult(1, 1, (9, 4), lone_marches={"B": 1}, player_points={"B": 10, "A": 9}))
    assert done.player_points == {"B": 10}


def test_more_lone_marches_than_the_total_allows_are_refused() -> None:
    error = _error(TableResult(1, 1, (5, 6), lone_marches={"C": 2}, first_to_tying_score=None))
    assert "2 lone hand(s) of five tricks are 8 points, more than the total of Cy & Di, 6" in str(
        error
    )


def test_ties_go_to_the_first_team_to_make_the_tying_score_read_from_the_hands() -> None:
    # "Ties go to the first team to make the tying score (i.e., last team to score loses)"
    hands = ((0, 2), (1, 0), (0, 1), (2, 0), (1, 0), (0, 1), (1, 0), (0, 1))
    assert reached_tying_score_first(hands) == 0  # Ann & Bob reach 5 at hand 7, Cy & Di at 8
    done = _enter(TableResult(1, 1, (5, 5), hand_points=hands))
    assert done.first_to_tying_score == 0


def test_a_level_game_entered_as_totals_asks_who_reached_the_tying_score_first() -> None:
    error = _error(TableResult(1, 1, (6, 6)))
    assert "the game is level at 6-6: say which team reached 6 first (Ann & Bob or Cy & Di)" in (
        str(error)
    )
    assert error.field == "first_to_tying_score"
    assert _enter(TableResult(1, 1, (6, 6), first_to_tying_score=1)).first_to_tying_score == 1


def test_the_hands_overrule_a_wrong_answer_to_who_reached_the_tie_first() -> None:
    hands = ((0, 2), (1, 0), (0, 1), (2, 0), (1, 0), (0, 1), (1, 0), (0, 1))
    error = _error(TableResult(1, 1, (5, 5), hand_points=hands, first_to_tying_score=1))
    assert "the hands show Ann & Bob reached 5 first, not Cy & Di" in str(error)


def test_an_answer_about_a_tie_is_dropped_when_the_game_is_not_level() -> None:
    assert _enter(TableResult(1, 1, (7, 5), first_to_tying_score=0)).first_to_tying_score is None


@pytest.mark.parametrize("count", [7, 9])
def test_seven_or_nine_hands_are_refused_for_an_eight_hand_game(count: int) -> None:
    hands = tuple((1, 0) if index % 2 else (0, 1) for index in range(count))
    error = _error(TableResult(1, 1, (0, 0), hand_points=hands), "bolivar")
    assert f"{count} hands entered, but a game is 8 hands" in str(error)


@pytest.mark.parametrize("sheet", ["bolivar", "tournament", "ballantrae"])
def test_under_8_points_in_an_8_hand_stick_the_dealer_game_is_impossible(sheet: str) -> None:
    # Bolivar MISC 2 "Stick The Dealer": every hand has a maker, so every hand scores.
    error = _error(TableResult(1, 1, (4, 3)), sheet)
    assert "4 + 3 = 7 points in 8 hands is impossible" in str(error)
    assert "every hand scores at least 1 point" in str(error)
    _enter(TableResult(1, 1, (5, 3)), sheet)


def test_a_hand_ruled_on_by_the_director_is_written_0_0_and_lowers_the_least_total() -> None:
    hands = ((0, 0), (1, 0), (0, 1), (1, 0), (0, 1), (1, 0), (0, 1), (1, 0))
    assert _enter(TableResult(1, 1, (4, 3), hand_points=hands), "bolivar").team_points == (4, 3)


def test_bolivar_plays_at_most_10_games() -> None:
    # "The maximum number of games played in the tournament will be 10 games."
    check_event_length("bolivar", 10)
    with pytest.raises(ResultError, match="11 games is more than the sheet allows"):
        check_event_length("bolivar", 11)
    error = _error(TableResult(11, 1, (5, 3)), "bolivar")
    assert "The maximum number of games played in the tournament will be 10 games" in str(error)
    with pytest.raises(Exception, match="11 games"):
        from euchre.tournament import check_config

        check_config(preset_config("bolivar", rounds=11))


def test_own_totals_in_a_team_scoring_sheet_must_be_the_teams() -> None:
    # Bolivar: "the person making the loner scores 4 points and his partner scores 4 points"
    error = _error(TableResult(1, 1, (6, 4), player_points={"A": 7}), "bolivar")
    assert "every player scores the team's points under this sheet" in str(error)


def test_the_cli_records_a_lone_march_and_the_callers_5_points(tmp_path: object) -> None:
    import json
    from pathlib import Path

    from tests.cli.helpers import run

    path = str(Path(str(tmp_path)) / "event.json")
    created = run("event", "new", path, "--sheet", "tournament", "--rounds", "2", "--seed", "3")
    assert created[0] == 0
    for number in range(1, 5):
        assert run("event", "add-player", path, f"P{number}")[0] == 0
    plan = json.loads(run("event", "start-round", path, "--json")[1])
    caller = plan["tables"][0]["partnerships"][0][0]
    hands = "4-0,0-1,1-0,0-2,1-0,0-1,1-0,0-1"
    code, output = run("event", "result", path, "--round", "1", "--table", "1", "--hands", hands)
    assert code == 1 and "enter who called alone" in output
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "1", "--hands", hands,
        "--lone-march", caller,
    )  # fmt: skip
    assert code == 0, output
    assert f"{caller} scores 8" in output
    saved = json.loads(Path(path).read_text())
    assert saved["results"][0]["player_points"] == {caller: 8}
    assert saved["results"][0]["lone_marches"] == {caller: 1}
    code, output = run("event", "result", path, "--round", "1", "--table", "1", "--points", "")
    assert code == 1 and "give --points A-B or --hands (a blank total is not 0)" in output
