"""``euchre hint``: the bot's choice and one-line reason for the seat to act in a record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from euchre.bots import make_bot
from euchre.bots.advice import advise
from euchre.cli.terminal_game import _hint
from euchre.engine.record import HandRecord, replay
from euchre.engine.view import view_of
from tests.bots.textbook import POSITIONS

RECORD = POSITIONS["first_seat_calls_next_with_right_queen_off_ace_and_a_void"][0]


def _hint_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(Path(sys.executable).parent / "euchre"), "hint", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_hint_prints_the_action_and_why_as_json(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(RECORD))
    done = _hint_cli(str(path), "--bot", "rules", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"action", "why"}
    state = replay(HandRecord.from_json(RECORD))
    assert data["action"] in {str(action) for action in state.legal_actions()}
    assert "\\n" not in data["why"] and data["why"]


def test_hint_reads_the_record_from_stdin_and_takes_the_scores() -> None:
    args = ["--bot", "medium", "--scores", "3,5", "--hands-left", "1", "--json"]
    done = _hint_cli("-", *args, stdin=json.dumps(RECORD))
    assert done.returncode == 0, done.stderr
    # Trailing with one hand left in a fixed-length game: the bar to make trump drops, and
    # the reason is said as a player says it.
    assert json.loads(done.stdout) == {
        "action": "call D",
        "why": "call diamonds, next to the hearts turned down: you hold the right bower, the "
        "queen of diamonds, the ace of clubs and a void in hearts",
    }


def test_hint_gives_the_terminal_games_reason() -> None:
    state = replay(HandRecord.from_json(RECORD))
    advice = advise(make_bot("rules", 0), view_of(state, state.to_act))
    assert _hint(state, state.to_act, bot_name="rules") == f"rules: {advice.action} ({advice.why})"


def test_hint_usage_errors_exit_2_with_one_line() -> None:
    for args in (["--bot", "nobody"], ["--bot", "rules", "--scores", "nine"]):
        done = _hint_cli("-", *args, stdin=json.dumps(RECORD))
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    assert "nobody" in _hint_cli("-", "--bot", "nobody", stdin="{}").stderr


def test_a_bad_record_exits_1_naming_the_problem() -> None:
    illegal = dict(RECORD, actions=["pass", "play AC"])
    cases = {
        "not valid JSON": "{",
        "action 1": json.dumps(illegal),
        "hand is over": json.dumps(
            dict(RECORD, profile_options={"all_pass": "throw_in"}, actions=["pass"] * 8)
        ),
    }
    for expected, text in cases.items():
        done = _hint_cli("-", "--bot", "rules", stdin=text)
        assert done.returncode == 1, (expected, done.stderr)
        assert expected in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
