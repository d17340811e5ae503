"""Hand records and the engine's CLI: replay, deal, profiles; every bad input named."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cli.engine_cmds import replay_record_json
from euchre.engine import BUILTIN_PROFILES, Action, Card, HandRecord
from euchre.engine.errors import (
    CardParseError,
    HandRecordError,
    IllegalActionError,
    InvalidActionError,
)
from euchre.engine.questions import PILE_CARDS

from .helpers import act, deal

STANDARD = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]


def euchre(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "euchre", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def record_json(actions: list[str] | None = None, **changes: Any) -> dict[str, Any]:
    data = deal("ballantrae", STANDARD, "AD").to_json()
    data["actions"] = actions or []
    data.update(changes)
    return data


def test_record_round_trips_through_json() -> None:
    data = record_json(["pass", "order", "discard 9C"])
    assert HandRecord.from_json(data).to_json() == data


def test_replay_mid_hand_prints_to_act_and_legal() -> None:
    out = replay_record_json(record_json(["pass"]))
    assert out["to_act"] == 2 and out["legal"] == ["pass", "order alone"]


def test_replay_finished_hand_prints_the_result() -> None:
    record = deal("valpo", STANDARD, "AD")
    state = act(record.start(), "order", "discard 9C")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    out = replay_record_json(record.with_actions(state.history).to_json())
    assert out["status"] == "scored" and len(out["tricks"]) == 5
    assert sum(out["team_points"]) > 0 and len(out["player_points"]) == 4


def test_questions_replay_says_who_asks_whom_after_each_trick() -> None:
    record = deal("questions", STANDARD, "AD")
    state = act(record.start(), "order", "discard 9C", "play AH", "play AC", "play AS", "play 9H")
    out = replay_record_json(record.with_actions(state.history).to_json())
    [question] = out["questions"]
    assert {key: question[key] for key in ("trick", "asker", "asked", "source")} == {
        "trick": 0,
        "asker": 1,
        "asked": 2,
        "source": "pile",
    }
    # "the team may pick the card from the top of the question pile": replay shows it.
    assert question["card"] in PILE_CARDS and question["question"]
    again = replay_record_json(record.with_actions(state.history).to_json())
    assert again["questions"] == out["questions"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"dealer": 4}, "field 'dealer' must be a seat 0-3"),
        ({"up_card": "ZZ"}, "field 'up_card'"),
        ({"up_card": "QD"}, "card QD is dealt twice"),
        ({"kitty": ["TD"]}, "field 'kitty' must list the three cards"),
        ({"hands": [["9H"]]}, "field 'hands' must be a list of four hands"),
        ({"profile": "nope"}, "unknown profile 'nope'"),
        ({"profile_options": {"bogus": 1}}, "unknown profile option 'bogus'"),
        ({"extra": 1}, "field 'extra' is not part of a hand record"),
    ],
)
def test_malformed_record_names_the_bad_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(HandRecordError, match=message):
        HandRecord.from_json(record_json(**change))


def test_missing_field_is_named() -> None:
    data = record_json()
    del data["up_card"]
    with pytest.raises(HandRecordError, match="field 'up_card' is missing"):
        HandRecord.from_json(data)


def test_illegal_action_names_index_action_and_legal_ones() -> None:
    with pytest.raises(IllegalActionError, match=r"action 1 \('play AH'\).*legal: pass, order"):
        replay_record_json(record_json(["pass", "play AH"]))


def test_malformed_action_text_names_its_index() -> None:
    # Malformed text is not an illegal action (python-chess: InvalidMoveError, not Illegal).
    with pytest.raises(InvalidActionError, match="action 0 \\('shout'\\)"):
        replay_record_json(record_json(["shout"]))


def test_play_leaves_state_untouched_on_illegal_action() -> None:
    state = deal("valpo", STANDARD, "AD").start()
    before = (state.history.copy(), state.to_act, state.phase)
    with pytest.raises(IllegalActionError):
        state.play("call D")
    assert (state.history, state.to_act, state.phase) == before


@given(st.sampled_from(range(24)))
def test_card_text_round_trips(index: int) -> None:
    card = Card(index)
    assert Card.parse(str(card)) == card
    ten_form = str(card).replace("T", "10").lower()
    assert Card.parse(ten_form) == card
    symbol = str(card)[0] + "♣♦♥♠"["CDHS".index(str(card)[1])]
    assert Card.parse(symbol) == card


def test_bad_card_text_is_named() -> None:
    with pytest.raises(CardParseError, match="malformed card '1H'"):
        Card.parse("1H")


@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "order",
        "order alone",
        "call H",
        "call S alone",
        "discard JS",
        "play AH",
        "defend alone",
        "fold",
        "go under 9C TD 9S",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    assert str(Action.parse(text)) == text
    assert str(Action.parse(text.upper().replace(" ", "  "))) == text


def test_cli_replay_json_lines_one_result_per_record(tmp_path: Path) -> None:
    lines = [json.dumps(record_json(["pass"])), json.dumps(record_json(["pass", "pass"]))]
    result = euchre("replay", "-", "--json", stdin="\n".join(lines))
    assert result.returncode == 0, result.stderr
    outs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [out["to_act"] for out in outs] == [2, 3]


def test_cli_replay_illegal_action_exits_1_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record_json(["play AH"])))
    result = euchre("replay", str(path), "--json")
    assert result.returncode == 1
    assert "action 0 ('play AH')" in result.stderr and "Traceback" not in result.stderr


def test_cli_replay_malformed_json_line_is_named() -> None:
    result = euchre("replay", "-", stdin=json.dumps(record_json()) + "\n{oops\n")
    assert result.returncode == 1 and "line 2" in result.stderr


def test_cli_deal_same_seed_same_deal() -> None:
    first = euchre("deal", "--profile", "valpo", "--seed", "9", "--json")
    second = euchre("deal", "--profile", "valpo", "--seed", "9", "--json")
    assert first.returncode == 0 and first.stdout == second.stdout
    record = HandRecord.from_json(json.loads(first.stdout))
    assert record.profile.id == "valpo" and record.actions == ()


def test_cli_profiles_list_and_show() -> None:
    listing = json.loads(euchre("profiles", "--json").stdout)
    # Every built-in profile, in the registry's order (pinned by ``test_sheet_files.py``).
    assert [row["id"] for row in listing] == list(BUILTIN_PROFILES)
    shown = json.loads(euchre("profiles", "show", "valpo", "--json").stdout)
    by_name = {row["option"]: row for row in shown["options"]}
    assert by_name["first_dealer_jack"]["value"] == "black"
    assert "black jack" in by_name["first_dealer_jack"]["source"]


def test_cli_unknown_profile_exits_1() -> None:
    result = euchre("profiles", "show", "nope")
    assert result.returncode == 1 and "unknown profile 'nope'" in result.stderr
