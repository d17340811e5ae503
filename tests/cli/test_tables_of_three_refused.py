"""A club's sheet that asks for tables of three ("the players left over play three-handed")
is refused by ``euchre sheets add`` in a sentence naming the part: the game is played by four,
so such a table could not play or be scored. Nothing is added."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run

LVEA = Path(__file__).parent.parent / "data" / "sheets" / "lvea.toml"


pytestmark = pytest.mark.usefixtures("no_club_sheets")
"""Only the built-in sheets, unless a test puts a club's in use (``tests/conftest.py``)."""


def test_sheets_add_refuses_tables_of_three_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(tmp_path / "sheets"))
    three = tmp_path / "threes.toml"
    three.write_text(
        LVEA.read_text()
        .replace('id = "lvea"', 'id = "threes"')
        .replace('sit_outs = "ghost_table"', 'sit_outs = "tables_of_three"')
    )
    code, output = run("sheets", "add", str(three))
    assert code == 1
    assert "movement.sit_outs: tables of three cannot be seated yet" in output
    assert "say fair_rotation (the players left over sit out in turn) or ghost_table" in output
    assert "Traceback" not in output
    assert not (tmp_path / "sheets" / "threes.toml").exists()
