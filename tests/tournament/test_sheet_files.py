"""A rule sheet is one file (issue 23, item 1): the file's checks name the key and its line,
every value cites its clause, and ``euchre sheets`` lists, shows and adds sheets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre.engine.profile import load_profile
from euchre.tournament import preset_config
from euchre.tournament.sheets import (
    HOUSE_DEFAULT,
    SheetError,
    all_sheets,
    builtin_sheets,
    line_of,
    parse_sheet,
    use_user_sheets,
)
from tests.cli.helpers import run

RIVERSIDE = Path(__file__).parent.parent / "data" / "sheets" / "riverside.toml"
SOURCE_FILES = Path(__file__).parent.parent.parent / "src" / "euchre" / "tournament" / "sheet_files"


pytestmark = pytest.mark.usefixtures("no_club_sheets")
"""Only the built-in sheets, unless a test puts a club's in use (``tests/conftest.py``)."""


def _problems(text: str) -> dict[tuple[str, int], str]:
    with pytest.raises(SheetError) as caught:
        parse_sheet(text, origin="'club.toml'")
    return {(problem.key, problem.line): problem.message for problem in caught.value.problems}


def test_the_five_builtin_sheets_are_files_and_every_written_value_cites_a_clause() -> None:
    sheets = builtin_sheets()
    assert list(sheets) == [
        "ballantrae",
        "bolivar",
        "questions",
        "valpo",
        "tournament",
        "tournament_partners",
    ]
    assert sorted(path.stem for path in SOURCE_FILES.glob("*.toml")) == sorted(sheets)
    for sheet in sheets.values():
        assert sheet.profile is load_profile(sheet.id)
        for key, _value, clause in sheet.rows():
            assert clause, f"{sheet.id}: {key} cites nothing"


def test_bolivar_file_caps_the_games_at_10_and_pays_by_table_count() -> None:
    bolivar = all_sheets()["bolivar"]
    assert bolivar.max_games == 10
    assert "maximum number of games" in bolivar.clause("event.max_games")
    config = preset_config("bolivar")
    assert config.prizes.amounts_for(3) == (6000, 4000, 2000)
    assert config.prizes.amounts_for(4) == (7500, 5000, 3500)
    assert bolivar.clause("event.tie_breaks") == HOUSE_DEFAULT


def test_line_of_finds_a_key_under_its_table_header() -> None:
    text = 'id = "x"\n\n[event]\nformat = "a"\n\n[event.sources]\nformat = "b"\n[words]\n'
    assert line_of(text, "id") == 1
    assert line_of(text, "event.format") == 4
    assert line_of(text, "event.sources.format") == 7
    assert line_of(text, "words.tie_rule") == 8  # not written: its table's header
    assert line_of(text, "nowhere") == 0


def test_a_value_without_its_clause_and_a_clause_without_its_value_are_refused() -> None:
    text = RIVERSIDE.read_text().replace(
        "rounds = \"Rule 1: 'Five games a night.'\"", 'rounds_typo = "Rule 1"'
    )
    problems = _problems(text)
    assert len(problems) == 2
    (missing_key, missing_line), (extra_key, extra_line) = sorted(problems)
    assert missing_key == "event.rounds" and text.splitlines()[missing_line - 1] == "rounds = 5"
    assert "cite its clause" in problems[(missing_key, missing_line)]
    assert extra_key == "event.sources.rounds_typo"
    assert text.splitlines()[extra_line - 1].startswith("rounds_typo =")


def test_a_club_profile_option_that_does_not_exist_is_named_with_its_line() -> None:
    text = RIVERSIDE.read_text().replace("game_target = 10\n", "game_targe = 10\n", 1)
    problems = _problems(text)
    line = text.splitlines().index("game_targe = 10") + 1
    assert "unknown profile option 'game_targe'" in problems[("profile.options.game_targe", line)]


def test_a_format_option_the_format_does_not_take_is_named_with_its_line() -> None:
    text = RIVERSIDE.read_text().replace(
        "[event.sources]", "[event.format_options]\nplayoffs = true\n\n[event.sources]"
    )
    text = text.replace('format = "Rule 1:', 'format_options = "house default"\nformat = "Rule 1:')
    problems = _problems(text)
    ((key, line), message), *_ = problems.items()
    assert key == "event.format_options.playoffs"
    assert text.splitlines()[line - 1] == "playoffs = true"
    assert "unknown option 'playoffs' for format 'round_robin'" in message


def test_not_toml_says_the_line() -> None:
    assert _problems('id = "x"\nname = \n') == {
        ("", 2): "not TOML: Invalid value (at line 2, column 8)"
    }


def test_a_club_sheet_cannot_take_a_builtin_sheets_id() -> None:
    text = RIVERSIDE.read_text().replace('id = "riverside_legion"', 'id = "valpo"')
    with pytest.raises(Exception, match="built-in"):
        use_user_sheets([parse_sheet(text, origin="x")])
    assert all_sheets()["valpo"].builtin


def test_euchre_sheets_lists_shows_and_adds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    code, output = run("sheets", "--json")
    assert code == 0, output
    assert [row["id"] for row in json.loads(output)["sheets"]][:2] == ["ballantrae", "bolivar"]
    code, output = run("sheets", "show", "valpo", "--json")
    assert code == 0, output
    values = {row["key"]: row for row in json.loads(output)["values"]}
    assert values["words.opponent_check"]["value"] == "signature"
    assert "opponent sign it" in values["words.opponent_check"]["clause"]
    assert values["profile.game_hands"]["value"] == 12
    code, output = run("sheets", "add", str(RIVERSIDE))
    assert code == 0, output
    assert (tmp_path / "sheets" / "riverside_legion.toml").exists()
    code, output = run("sheets", "show", "riverside_legion")
    assert code == 0, output
    assert (
        "event.sit_out_points = 5  # Rule 6: 'A team with the bye is credited 5 points.'" in output
    )
    assert "event.side_pot = false  # house default" in output
    # A night's event file from the club's sheet alone.
    code, output = run("event", "new", str(tmp_path / "night.json"), "--sheet", "riverside_legion")
    assert code == 0, output
    config = json.loads((tmp_path / "night.json").read_text())["config"]
    assert (config["format"], config["rounds"], config["round_minutes"]) == ("round_robin", 5, 25)
    code, output = run("sheets", "add", str(RIVERSIDE))
    assert code == 1 and "already in use" in output


def test_euchre_sheets_add_refuses_a_bad_file_with_each_problem_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    bad = tmp_path / "bad.toml"
    bad.write_text(RIVERSIDE.read_text().replace('format = "round_robin"', 'format = "swiss"'))
    code, output = run("sheets", "add", str(bad))
    assert code == 1
    assert "sheet file 'bad.toml': 1 problem(s)" in output
    assert "line 25, event.format: 'swiss' is not allowed; choose one of winners_move_up" in output
    assert not (tmp_path / "sheets").exists()


def test_euchre_sheets_show_says_which_way_each_move_goes_in_table_numbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ballantrae: "Winners will move up one numbered table": ``up 1`` is toward table 1."""
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    code, output = run("sheets", "show", "ballantrae")
    assert code == 0, output
    assert (
        "movement: the winners: up 1: to the next lower-numbered table, toward table 1 (the "
        "head); past the first or last table they stop at it" in output
    )
    assert "movement: the losers: stay at their table; from table 1: to the last table" in output
    code, output = run("sheets", "show", "ballantrae", "--json")
    assert code == 0, output
    assert json.loads(output)["movement_words"][-1] == "sit-outs rotate fairly"
