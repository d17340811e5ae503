"""The built-in sheets, now files, run exactly as before: every sheet's presets, words, cap on
games and simulated events match the record taken before the sheets became files
(``tests/data/sheets/golden_before.json``). A new built-in sheet's entries come from
``uv run python -m tests.builtin_sheet_data SHEET_ID``, whose functions compute what is checked
here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre.store.presets import presets_json
from euchre.tournament import FORMATS
from euchre.tournament.sheets import builtin_sheets, use_user_sheets
from euchre.tournament.simulate import simulation_config
from tests.builtin_sheet_data import (
    CAP_CHECKS,
    EVENT_PLAYERS,
    cap_check,
    sheet_words_json,
    simulated_event,
)

GOLDEN = Path(__file__).parent.parent / "data" / "sheets" / "golden_before.json"
SHEETS = sorted(builtin_sheets())
"""Every built-in sheet, from the registry (a new sheet file is in the golden record or fails)."""


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    use_user_sheets([])  # the built-in sheets alone
    return dict(json.loads(GOLDEN.read_text()))


def test_every_builtin_sheet_is_in_the_golden_record(golden: dict[str, Any]) -> None:
    missing = sorted(set(SHEETS) - set(golden["presets"]))
    assert not missing, (
        f"{missing} not in the golden record: a new built-in sheet's entries come from "
        "'uv run python -m tests.builtin_sheet_data ID'"
    )
    assert sorted(presets_json()) == sorted(SHEETS) == sorted(golden["presets"])


def test_presets_words_and_caps_are_as_before(golden: dict[str, Any]) -> None:
    assert presets_json() == golden["presets"]
    for sheet in SHEETS:
        assert sheet_words_json(sheet) == golden["words"][sheet]
        for rounds in CAP_CHECKS:
            assert cap_check(sheet, rounds) == golden["max_games"][f"{sheet}:{rounds}"]


def test_each_format_plays_under_the_same_sheet_as_before(golden: dict[str, Any]) -> None:
    for name in FORMATS:
        assert simulation_config(name, rounds=None, seed=3).to_json() == golden["formats"][name]


@pytest.mark.parametrize("sheet", SHEETS)
def test_simulated_event_is_as_before(golden: dict[str, Any], sheet: str) -> None:
    config = simulation_config(sheet, rounds=4, seed=7)
    assert config.to_json() == golden["configs"][sheet]
    for players in EVENT_PLAYERS:
        found = simulated_event(sheet, players)
        expected = golden["events"][f"{sheet}:{players}"]
        pot = found["side_pot"]
        if pot is not None and "basis" not in (expected["side_pot"] or {}):
            # The cup's money, winners and rule are compared; ``basis`` (what the money is
            # made of, in words) was added after the golden data and changes no cent.
            assert pot.pop("basis", "").startswith(f"{pot['total_cents'] // 25} × ")
        assert found == expected
