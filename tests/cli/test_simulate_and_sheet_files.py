"""``euchre simulate --profile`` and club sheet files that Python itself refuses to read (an
integer of more than 4,300 digits, nesting deeper than the interpreter's recursion limit):
one clear error for ``euchre sheets add``, and such a file in the club sheets folder is left
out with a warning while every other sheet keeps working."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.store.sheet_folder import SHEETS_DIR_VARIABLE
from tests.cli.helpers import run_apart as run

HUGE_NUMBER = 'id = "huge"\nname = "Huge"\nprize = ' + "1" * 5000 + "\n"
DEEP_NESTING = 'id = "deep"\nname = "Deep"\nx = ' + "[" * 3000 + "]" * 3000 + "\n"


@pytest.fixture
def club_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "euchre-sheets"
    folder.mkdir()
    monkeypatch.setenv(SHEETS_DIR_VARIABLE, str(folder))
    yield folder
    run("sheets")  # the next test starts from the built-in sheets again
    monkeypatch.delenv(SHEETS_DIR_VARIABLE)


def test_simulate_plays_a_format_under_another_rule_profile() -> None:
    code, output, errors = run(
        "simulate", "--format", "winners_move_up", "--players", "8", "--rounds", "1",
        "--seed", "1", "--profile", "bolivar", "--json",
    )  # fmt: skip
    assert code == 0, errors
    assert len(json.loads(output)["standings"]) == 4
    code, _, errors = run(
        "simulate", "--format", "winners_move_up", "--players", "8", "--seed", "1",
        "--profile", "nosuch",
    )  # fmt: skip
    assert code == 1 and "unknown profile 'nosuch'" in errors
    assert "Traceback" not in errors


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (HUGE_NUMBER, "a number is too long (more than 4,300 digits)"),
        (DEEP_NESTING, "nested too deeply"),
    ],
)
def test_adding_a_sheet_file_python_cannot_read_is_one_clear_error(
    club_folder: Path, tmp_path: Path, text: str, words: str
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    code, output, errors = run("sheets", "add", str(bad))
    assert code == 1
    assert words in errors
    assert "Traceback" not in errors + output and len((errors + output).splitlines()) <= 3
    assert list(club_folder.iterdir()) == []


def test_a_bad_file_in_the_club_folder_is_left_out_and_the_sheets_still_work(
    club_folder: Path,
) -> None:
    (club_folder / "huge.toml").write_text(HUGE_NUMBER, encoding="utf-8")
    (club_folder / "deep.toml").write_text(DEEP_NESTING, encoding="utf-8")
    code, output, errors = run("sheets")
    assert code == 0, errors
    assert "valpo" in output and "bolivar" in output
    assert "left out: sheet file 'huge.toml'" in errors
    assert "left out: sheet file 'deep.toml'" in errors
    code, output, errors = run("sheets", "show", "valpo")
    assert code == 0, errors
    assert "Valpo Rec Sports" in output
    assert "left out: sheet file 'deep.toml'" in errors


@pytest.mark.parametrize(
    ("sheet", "key", "reading"),
    [
        ("tournament", "profile.points_euchre_all_five", "'If bidding team fails to take 3"),
        ("tournament_partners", "profile.points_euchre_all_five", "'If bidding team fails"),
        ("tournament", "profile.counted_hands", "'A total of 8 hands are played"),
        ("tournament_partners", "profile.game_tie", "house default"),
        ("valpo", "profile.deal_style", "house default"),
    ],
)
def test_each_rule_reading_cites_its_clause_or_says_house_default(
    sheet: str, key: str, reading: str
) -> None:
    # An independent referee read these four without a clause quoted and without "house
    # default": `euchre sheets show` now says which.
    code, output, errors = run("sheets", "show", sheet, "--json")
    assert code == 0, errors
    clauses = {row["key"]: row["clause"] for row in json.loads(output)["values"]}
    assert clauses[key].startswith(reading), clauses[key]
