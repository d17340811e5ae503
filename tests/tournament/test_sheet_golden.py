"""The built-in sheets, now files, run exactly as before: every sheet's presets, words, cap on
games and simulated events match the record taken before the sheets became files
(``tests/data/sheets/golden_before.json``)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from euchre.store.presets import presets_json, sheet_warnings, sheet_words
from euchre.tournament import FORMATS, TournamentError
from euchre.tournament.sheets import builtin_sheets, use_user_sheets
from euchre.tournament.simulate import simulate_event, simulation_config
from euchre.tournament.validation import check_event_length

GOLDEN = Path(__file__).parent.parent / "data" / "sheets" / "golden_before.json"
SHEETS = sorted(builtin_sheets())
"""Every built-in sheet, from the registry (a new sheet file is in the golden record or fails)."""


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    use_user_sheets([])  # the built-in sheets alone
    return dict(json.loads(GOLDEN.read_text()))


def test_every_builtin_sheet_is_in_the_golden_record(golden: dict[str, Any]) -> None:
    assert sorted(presets_json()) == sorted(SHEETS) == sorted(golden["presets"])


def test_presets_words_and_caps_are_as_before(golden: dict[str, Any]) -> None:
    assert presets_json() == golden["presets"]
    for sheet in SHEETS:
        assert asdict(sheet_words(sheet)) == {
            key: tuple(value) if isinstance(value, list) else value
            for key, value in golden["words"][sheet].items()
        }
        for rounds in (10, 11):
            try:
                check_event_length(sheet, rounds)
                found = "ok"
            except TournamentError as error:
                found = str(error)
            assert found == golden["max_games"][f"{sheet}:{rounds}"]


def test_each_format_plays_under_the_same_sheet_as_before(golden: dict[str, Any]) -> None:
    for name in FORMATS:
        assert simulation_config(name, rounds=None, seed=3).to_json() == golden["formats"][name]


@pytest.mark.parametrize("sheet", SHEETS)
def test_simulated_event_is_as_before(golden: dict[str, Any], sheet: str) -> None:
    for players in (8, 13):
        config = simulation_config(sheet, rounds=4, seed=7)
        assert config.to_json() == golden["configs"][sheet]
        snapshot = simulate_event(config, players)
        pot = snapshot.side_pot.to_json() if snapshot.side_pot else None
        if pot is not None:
            # The cup's money, winners and rule are compared; ``basis`` (what the money is
            # made of, in words) was added after the golden data and changes no cent.
            assert pot.pop("basis", "").startswith(f"{pot['total_cents'] // 25} × ")
        found = {
            "standings": [row.to_json() for row in snapshot.standings],
            "rounds": [plan.to_json() for plan in snapshot.rounds],
            "prizes": [award.to_json() for award in snapshot.prizes],
            "side_pot": pot,
            "playoffs": [playoff.to_json() for playoff in snapshot.playoffs],
            "warnings": sheet_warnings(config),
        }
        assert json.loads(json.dumps(found)) == golden["events"][f"{sheet}:{players}"]
