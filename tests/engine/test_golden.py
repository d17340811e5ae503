"""Golden hand records: every built-in profile has some, and they replay to their results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre.cli.engine_cmds import replay_record_json
from euchre.engine import BUILTIN_PROFILES

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
MAKE_DATA = "a new built-in sheet's data come from 'uv run python -m tests.builtin_sheet_data ID'"


def test_every_builtin_profile_has_golden_records() -> None:
    missing = sorted(set(BUILTIN_PROFILES) - {path.stem for path in GOLDEN.glob("*.jsonl")})
    assert not missing, f"no golden hands for {missing}: {MAKE_DATA}"
    assert {path.stem for path in GOLDEN.glob("*.jsonl")} == set(BUILTIN_PROFILES)


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_golden_records_replay_to_their_results(profile: str) -> None:
    lines = (GOLDEN / f"{profile}.jsonl").read_text().splitlines()
    assert len(lines) >= 5
    for line in lines:
        item = json.loads(line)
        assert item["record"]["profile"] == profile
        assert replay_record_json(item["record"]) == item["result"]
