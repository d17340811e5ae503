"""A built-in sheet is one file: its ``[profile]`` table is the rules its hands are played by
(the engine reads them from there, importing nothing of the tournament), a club's sheet may
give its whole profile the same way, and one command makes a new built-in sheet's test data."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from euchre.cli.engine_cmds import replay_record_json
from euchre.engine import HandRecord
from euchre.engine.profile import BUILTIN_PROFILES, load_profile
from euchre.tournament.sheets import SheetError, builtin_sheets, parse_sheet
from tests.builtin_sheet_data import DATA, main
from tests.engine.test_perft import count_auctions
from tests.fresh_python import run_fresh

SRC = Path(__file__).resolve().parents[2] / "src" / "euchre"


def test_each_builtin_sheet_file_holds_the_rules_its_hands_are_played_by() -> None:
    assert sorted(builtin_sheets()) == sorted(BUILTIN_PROFILES)
    for sheet_id, sheet in builtin_sheets().items():
        written = tomllib.loads(sheet.text)["profile"]
        played = load_profile(sheet_id)
        assert sheet.profile == played
        assert {key: str(value) for key, value in written["options"].items()} == {
            key: str(value) for key, value in played.options().items()
        }
        assert written["sources"] == dict(played.sources)
    # No second copy of the rules elsewhere (a checkout may keep an old byte-code folder).
    old_profiles = SRC / "engine" / "profiles"
    assert not [path for path in old_profiles.rglob("*") if path.suffix in {".toml", ".py"}]


def test_the_engine_loads_a_sheets_rules_by_id_without_the_tournament() -> None:
    code = (
        "import sys; from euchre.engine import load_profile; p = load_profile('bolivar'); "
        "print(p.name, p.points_lone_march, p.sources['points_lone_march']); "
        "print([m for m in sys.modules if m.startswith('euchre.tournament')])"
    )
    done = run_fresh(code)
    assert done.returncode == 0, done.stderr
    found = done.stdout.splitlines()
    assert found == [
        "Bolivar Lions Club 4 SCORING: 'goes alone and takes all 5 tricks, that team scores "
        "4 points'",
        "[]",
    ]


def _bolivar_as(sheet_id: str) -> str:
    text = builtin_sheets()["bolivar"].text
    return text.replace('id = "bolivar"', f'id = "{sheet_id}"').replace(
        'name = "Bolivar Lions Club"', 'name = "Lions Club, our own copy"'
    )


def test_a_club_sheet_may_write_its_whole_profile() -> None:
    text = (
        _bolivar_as("lions_copy")
        .replace("points_lone_made = 1\n", "points_lone_made = 2\n")
        .replace(
            "points_lone_made = \"SCORING: 'goes alone and takes 3 or 4 tricks, that team scores "
            "1 point'\"",
            "points_lone_made = \"Our club: 'a lone hand of 3 or 4 tricks scores 2'\"",
        )
    )
    sheet = parse_sheet(text, origin="'lions_copy.toml'")
    assert sheet.profile.id == "lions_copy"
    assert sheet.profile.points_lone_made == 2
    assert (
        sheet.profile.sources["points_lone_made"]
        == "Our club: 'a lone hand of 3 or 4 tricks scores 2'"
    )
    assert sheet.rows()[0] == ("profile", "lions_copy", "Lions Club, our own copy")


def test_a_whole_profile_missing_an_option_is_refused_naming_it() -> None:
    text = _bolivar_as("lions_copy").replace("going_under = false\n", "", 1)
    with pytest.raises(SheetError) as refused:
        parse_sheet(text, origin="'lions_copy.toml'")
    assert (
        "profile: a [profile] without extends is the whole profile, and this one leaves out "
        'going_under: name the built-in profile it changes (extends = "ID", one of ballantrae, '
        "bolivar, questions, valpo, tournament, tournament_partners) or give every option"
    ) in str(refused.value)


def test_a_club_profile_that_forgot_extends_is_told_both_ways_out() -> None:
    text = _bolivar_as("lions_copy")
    start = text.index("[profile]")
    short = text[:start] + "[profile]\n[profile.options]\ngame_hands = 10\n"
    short += '[profile.sources]\ngame_hands = "our club"\n'
    with pytest.raises(SheetError) as refused:
        parse_sheet(short, origin="'lions_copy.toml'")
    words = str(refused.value)
    assert "this one leaves out first_dealer_jack, deal_style, cut_by_right," in words
    assert "more: name the built-in profile it changes (extends = " in words


def test_one_command_writes_a_builtin_sheets_golden_and_perft_data(tmp_path: Path) -> None:
    """``python -m tests.builtin_sheet_data ID`` writes data the golden and perft tests accept
    (here for Valpo, into a scratch folder: its tournament record equals the committed one)."""
    assert main(["valpo", "--data", str(tmp_path)]) == 0
    hands = [json.loads(line) for line in (tmp_path / "golden" / "valpo.jsonl").open()]
    assert len(hands) == 6
    for hand in hands:
        assert hand["record"]["profile"] == "valpo"
        assert replay_record_json(hand["record"]) == hand["result"]
    perft = json.loads((tmp_path / "perft" / "valpo.json").read_text())
    for position in perft["positions"]:
        state = HandRecord.from_json(position["record"]).start()
        assert count_auctions(state) == position["endings"]  # the kernel's count, by HandState
    written = json.loads((tmp_path / "sheets" / "golden_before.json").read_text())
    committed = json.loads((DATA / "sheets" / "golden_before.json").read_text())
    assert written.keys() == {"presets", "words", "max_games", "configs", "events"}
    for part, entries in written.items():
        for key, value in entries.items():
            assert value == committed[part][key], f"{part} {key}"


def test_the_command_keeps_the_data_a_sheet_already_has() -> None:
    with pytest.raises(SystemExit) as refused:
        main(["bolivar"])
    assert str(refused.value).startswith(
        "error: sheet 'bolivar' already has its test data: "
    ) and str(refused.value).endswith(
        "They record how it plays now; delete them first only if a change of its play is meant."
    )
    with pytest.raises(SystemExit) as unknown:
        main(["lvea"])
    assert "'lvea' is not a built-in sheet" in str(unknown.value)
