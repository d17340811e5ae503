"""A sheet file's ``[players]`` table: the seat classes and prize categories a club's
players carry (LVEA: "At registration every player gets a 'high' or a 'low' scoresheet"),
each a closed set the file names, each citing its clause like every other value."""

from __future__ import annotations

import pytest

from euchre.tournament.errors import TournamentError
from euchre.tournament.sheets import (
    SheetError,
    SheetPlayers,
    check_player_classes,
    parse_sheet,
)
from tests.web.test_players_classes_and_guests import RIVERSIDE, high_low_sheet


def test_a_sheet_names_its_seat_classes_and_prize_categories_with_their_clauses() -> None:
    sheet = parse_sheet(high_low_sheet(), origin="'high_low.toml'")
    assert sheet.players == SheetPlayers(("high", "low"), ("lady", "man"))
    rows = {key: (value, clause) for key, value, clause in sheet.rows()}
    assert rows["players.seat_classes"] == (
        ["high", "low"],
        "At registration every player gets a 'high' or a 'low' scoresheet.",
    )
    plain = parse_sheet(RIVERSIDE.read_text(), origin="'riverside.toml'")
    assert plain.players == SheetPlayers()
    assert {key: value for key, value, _ in plain.rows()}["players.seat_classes"] == []


def test_a_bad_players_table_lists_every_problem_with_its_line() -> None:
    text = RIVERSIDE.read_text() + (
        '\n[players]\nseat_classes = ["High", "low"]\nprize_categories = ["lady"]\n'
        'scoresheets = 2\n\n[players.sources]\nseat_classes = "Rule 2"\n'
    )
    with pytest.raises(SheetError) as refused:
        parse_sheet(text, origin="'bad.toml'")
    problems = {problem.key: problem.message for problem in refused.value.problems}
    assert problems["players.seat_classes"].startswith(
        "'High' is not a class name: lower case letters, digits and _"
    )
    assert problems["players.prize_categories"] == (
        "one class ('lady') sorts nobody: name two or more"
    )
    assert problems["players.scoresheets"] == (
        "unknown key; allowed here: seat_classes, prize_categories, stationary_seat, sources"
    )
    assert all(problem.line > 0 for problem in refused.value.problems)


def test_a_players_value_with_no_clause_is_refused_like_any_other() -> None:
    text = RIVERSIDE.read_text() + '\n[players]\nseat_classes = ["high", "low"]\n'
    with pytest.raises(SheetError) as refused:
        parse_sheet(text, origin="'bad.toml'")
    assert [problem.key for problem in refused.value.problems] == ["players.seat_classes"]
    assert "cite its clause in [players.sources]" in refused.value.problems[0].message


def test_a_player_is_checked_against_the_sheets_classes_in_words() -> None:
    players = SheetPlayers(("high", "low"), ("lady", "man"))
    assert check_player_classes(players, seat_class=" High ", prize_category=None) == (
        "high",
        None,
    )
    with pytest.raises(TournamentError, match=r"choose high or low$"):
        check_player_classes(players, seat_class="middle", prize_category=None)
    with pytest.raises(TournamentError, match="gives every player a seat class"):
        check_player_classes(players, seat_class=None, prize_category="lady")
    with pytest.raises(TournamentError, match="names no prize category"):
        check_player_classes(SheetPlayers(), seat_class=None, prize_category="lady")
