"""A club whose games are played to the bell runs its night from the terminal: ``euchre
sheets add`` takes the sheet and refuses one with no bell naming both keys, ``euchre event
new --round-minutes 0`` is refused in words, and ``euchre event result`` takes the totals the
table wrote when the bell rang (14-11: no game to 10 ends so)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.tournament.sheets import use_user_sheets
from tests.cli.helpers import run

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "bell_street.toml"


@pytest.fixture(autouse=True)
def club_sheets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    yield
    use_user_sheets([])


def test_sheets_add_refuses_games_to_the_bell_with_no_bell_naming_the_keys(
    tmp_path: Path,
) -> None:
    no_bell = tmp_path / "bell_street.toml"
    no_bell.write_text(SHEET.read_text().replace("round_minutes = 20\n", "round_minutes = 0\n"))
    code, output = run("sheets", "add", str(no_bell))
    assert code == 1
    assert "event.round_minutes: profile 'bell_street' plays its games to the bell" in output
    assert "profile.options.game_end = 'bell'" in output
    assert "Traceback" not in output
    assert not (tmp_path / "sheets" / "bell_street.toml").exists()


def test_a_night_to_the_bell_is_scored_from_the_terminal_as_the_table_wrote_it(
    tmp_path: Path,
) -> None:
    assert run("sheets", "add", str(SHEET))[0] == 0
    path = str(tmp_path / "event.json")
    code, output = run("event", "new", path, "--sheet", "bell_street", "--round-minutes", "0")
    assert code == 1
    assert "plays its games to the bell" in output and "round_minutes is 0, no bell" in output
    assert "Traceback" not in output
    code, output = run("event", "new", path, "--sheet", "bell_street", "--seed", "3")
    assert code == 0, output
    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert run("event", "add-player", path, name[0], "--name", name)[0] == 0
    plan = json.loads(run("event", "start-round", path, "--json")[1])
    assert len(plan["tables"]) == 1
    code, output = run(
        "event", "result", path, "--round", "1", "--table", "1", "--points", "14-11"
    )  # fmt: skip
    assert code == 0, output
    assert "Traceback" not in output


def test_a_game_to_the_bell_is_not_played_in_the_terminal(tmp_path: Path) -> None:
    profile = tmp_path / "bell.toml"
    profile.write_text(
        'id = "bell_house"\nname = "Our house, games to the bell"\nextends = "tournament"\n'
        '[options]\ngame_end = "bell"\ngame_target = 0\ngame_hands = 0\n'
    )
    code, output = run("play", "--profile", str(profile))
    assert code == 1
    assert "games to the bell are played on paper" in output
    assert "Traceback" not in output
