"""``euchre event`` takes Chatgamers' North request and its smokers' break as the web does:
"if you would like to be a North Player ... let Maria or I know"; "A 15 minute SMOKERS break
will be taken after 6 games"."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.tournament.sheets import use_user_sheets
from tests.cli.helpers import run

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "chatgamers_progressive.toml"


@pytest.fixture
def sheets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    code, output = run("sheets", "add", str(SHEET))
    assert code == 0, output
    yield tmp_path
    use_user_sheets([])


def test_the_cli_enters_a_north_request_and_the_sheets_break_and_says_the_break(
    sheets: Path,
) -> None:
    path = str(sheets / "event.json")
    code, output = run("event", "new", path, "--sheet", "chatgamers_progressive")
    assert code == 0, output
    config = json.loads(Path(path).read_text())["config"]
    assert (config["break_after_round"], config["break_minutes"]) == (6, 15)
    for number in range(1, 9):
        extra = ["--stationary"] if number == 3 else []
        code, output = run("event", "add-player", path, f"P{number}", *extra)
        assert code == 0, output
    entrants = json.loads(Path(path).read_text())["entrants"]
    assert [row["id"] for row in entrants if row.get("stationary")] == ["P3"]
    code, output = run("event", "start-round", path)
    assert code == 0, output
    assert "Break: 15 minutes after round 6" in output
    assert "North player 3" in output or "North P3" in output


def test_the_cli_moves_the_break_and_refuses_one_without_its_length(sheets: Path) -> None:
    path = str(sheets / "moved.json")
    code, output = run(
        "event", "new", path, "--sheet", "chatgamers_progressive",
        "--break-after-round", "4", "--break-minutes", "10",
    )  # fmt: skip
    assert code == 0, output
    config = json.loads(Path(path).read_text())["config"]
    assert (config["break_after_round"], config["break_minutes"]) == (4, 10)
    code, output = run(
        "event", "new", str(sheets / "bad.json"), "--sheet", "chatgamers_progressive",
        "--break-minutes", "0",
    )  # fmt: skip
    assert code == 1
    assert "the break after round 6 has no length: say break_minutes" in output


def test_the_cli_refuses_a_north_request_under_a_sheet_that_takes_none(tmp_path: Path) -> None:
    path = str(tmp_path / "valpo.json")
    code, output = run("event", "new", path, "--sheet", "valpo")
    assert code == 0, output
    code, output = run("event", "add-player", path, "A", "--name", "Ann", "--stationary")
    assert code == 1
    assert "Ann: the event's sheet takes no request for the stationary seat" in output
