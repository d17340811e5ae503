"""``euchre event add-player`` enters a player with what the event's sheet reads (its seat
class and prize category, checked against the sheet's ``[players]`` table) or as a guest,
as the web's add-player form does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.tournament.sheets import use_user_sheets
from tests.cli.helpers import run
from tests.web.test_players_classes_and_guests import SHEET_ID, high_low_sheet


@pytest.fixture
def event_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """An event under a club sheet whose players carry a high or low scoresheet."""
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    sheet = tmp_path / "high_low.toml"
    sheet.write_text(high_low_sheet())
    code, output = run("sheets", "add", str(sheet))
    assert code == 0, output
    path = str(tmp_path / "event.json")
    code, output = run("event", "new", path, "--sheet", SHEET_ID)
    assert code == 0, output
    yield path
    use_user_sheets([])


def test_the_cli_enters_a_seat_class_and_refuses_one_the_sheet_does_not_name(
    event_file: str,
) -> None:
    code, output = run(
        "event", "add-player", event_file, "A", "--name", "Ann Baker",
        "--seat-class", "high", "--prize-category", "lady",
    )  # fmt: skip
    assert code == 0, output
    code, output = run("event", "add-player", event_file, "G", "--name", "Gary", "--seat-class",
                       "low", "--guest")  # fmt: skip
    assert code == 0, output
    code, output = run("event", "add-player", event_file, "B", "--name", "Bob", "--seat-class",
                       "middle")  # fmt: skip
    assert code == 1
    assert "Bob: seat class 'middle' is not one of the sheet's: choose high or low" in output
    code, output = run("event", "add-player", event_file, "C", "--name", "Cy")
    assert code == 1
    assert "Cy: the sheet gives every player a seat class: choose high or low" in output
    entrants = json.loads(Path(event_file).read_text())["entrants"]
    assert [
        (row["name"], row.get("seat_class"), row.get("prize_category"), row.get("guest", False))
        for row in entrants
    ] == [("Ann Baker", "high", "lady", False), ("Gary", "low", None, True)]
