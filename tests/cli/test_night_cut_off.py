"""``euchre event start-round`` under a sheet with a clock cut-off ("no game is called after
10:30"): it shows the cut-off, refuses a round after it in words, starts one anyway when the
director says so, and ``event end-night`` ends the night with the rounds played. The time is
handed in (``--at``), as a replayed night's would be: no test reads the clock."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.tournament.sheets import use_user_sheets
from tests.cli.helpers import run
from tests.web.test_night_poker_chips import SHEET


@pytest.fixture
def event_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A poker chips night of 8 players from the club's sheet file."""
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    code, output = run("sheets", "add", str(SHEET))
    assert code == 0, output
    path = str(tmp_path / "chips.json")
    code, output = run("event", "new", path, "--sheet", "poker_chips", "--seed", "3")
    assert code == 0, output
    for number in range(1, 9):
        assert run("event", "add-player", path, f"P{number}")[0] == 0
    yield path
    use_user_sheets([])


def _play(path: str, number: int, at: str, *extra: str) -> str:
    code, output = run("event", "start-round", path, "--at", at, *extra)
    assert code == 0, output
    for table in (1, 2):
        code, entered = run(
            "event", "result", path, "--round", str(number), "--table", str(table),
            "--points", "3-1",
        )  # fmt: skip
        assert code == 0, entered
    return output


def test_the_cli_shows_the_cut_off_refuses_a_round_after_it_and_ends_the_night(
    event_file: str,
) -> None:
    first = _play(event_file, 1, "2027-01-14T19:00:00-06:00")
    assert "Last round called by 22:30 (America/Chicago)." in first
    _play(event_file, 2, "2027-01-14T22:30:00-06:00")  # at the cut-off: still called
    code, output = run("event", "start-round", event_file, "--at", "2027-01-14T22:45:00-06:00")
    assert code == 1
    assert (
        "It is 22:45, past the night's cut-off: the last round is called no later than 22:30. "
        "The night ends with the 2 rounds played" in output
    )
    code, output = run("event", "end-night", event_file)
    assert code == 0, output
    assert "the night ends with the 2 rounds played" in output
    code, output = run("event", "standings", event_file, "--json")
    assert code == 0, output
    assert json.loads(Path(event_file).read_text())["config"]["rounds"] == 2
    code, output = run("event", "start-round", event_file, "--at", "2027-01-14T22:50:00-06:00")
    assert code == 1
    assert "the event is over" in output


def test_the_cli_starts_a_round_after_the_cut_off_when_the_director_says_so(
    event_file: str,
) -> None:
    _play(event_file, 1, "2027-01-14T19:00:00-06:00")
    output = _play(
        event_file, 2, "2027-01-14T22:40:00-06:00", "--past-cut-off", "--reason", "late start"
    )
    assert "started after the night's cut-off: late start" in output
