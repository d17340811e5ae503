"""Issue 10, bad input: usage errors, JSON Lines that hurt, truncated records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from euchre.cli.errors import run_cli
from euchre.cli.main import app

from .helpers import deal

STANDARD = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]


def euchre(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "euchre", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["replay"], "Missing argument 'file'"),
        (["deal", "--bogus"], "No such option: --bogus"),
        (["deal", "--seed", "abc"], "Invalid value for '--seed'"),
        (["nosuch"], "No such command 'nosuch'"),
        (["event", "penalty", "x.json"], "Missing option"),
    ],
)
def test_every_cli_usage_error_is_one_clear_line_and_exit_2(args: list[str], words: str) -> None:
    result = euchre(*args)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and lines[0].startswith("usage error:")
    assert "Traceback" not in result.stderr


def test_run_cli_returns_2_for_a_usage_error_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(app, ["deal", "--dealer", "north"]) == 2
    assert "Invalid value for '--dealer'" in capsys.readouterr().err


def test_cli_runner_sees_the_usage_error_too() -> None:
    result = CliRunner().invoke(app, ["deal", "--seed", "abc"])
    assert result.exit_code == 2


def _record_line(actions: list[str]) -> str:
    data = deal("valpo", STANDARD, "AD").to_json()
    data["actions"] = actions
    return json.dumps(data)


def test_json_lines_every_line_gets_its_own_numbered_result_even_one_nested_1000_deep(
    tmp_path: Path,
) -> None:
    deep = "[" * 1000 + "]" * 1000
    deeper = '{"a":' * 1000 + "1" + "}" * 1000
    lines = [_record_line(["pass"]), deep, "", deeper, "not json", _record_line([])]
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = euchre("replay", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    outputs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [out["line"] for out in outputs] == [1, 2, 4, 5, 6]
    assert outputs[0]["to_act"] == 2 and outputs[4]["to_act"] == 1  # valid lines still output
    assert "nested too deeply" in outputs[1]["error"]
    assert "nested too deeply" in outputs[2]["error"]
    assert "line 5: not valid JSON" in outputs[3]["error"]


def test_json_lines_whose_first_line_is_nested_1000_deep_still_outputs_the_rest(
    tmp_path: Path,
) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text("[" * 1000 + "]" * 1000 + "\n" + _record_line(["pass"]) + "\n")
    result = euchre("replay", str(path))
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["line"] == 1 and "nested too deeply" in first["error"]
    assert second == {"line": 2, "to_act": 2, "phase": "bid_round_1", "legal": second["legal"]}


def test_truncated_pretty_printed_record_says_truncated(tmp_path: Path) -> None:
    text = json.dumps(json.loads(_record_line(["pass", "pass"])), indent=2)
    path = tmp_path / "record.json"
    path.write_text(text[: len(text) // 2])
    result = euchre("replay", str(path))
    assert result.returncode == 1
    [line] = result.stdout.splitlines()
    assert "truncated" in json.loads(line)["error"]
    assert len(result.stderr.strip().splitlines()) == 1


def test_whole_pretty_printed_record_still_replays(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(json.loads(_record_line(["pass"])), indent=2))
    result = euchre("replay", str(path))
    assert result.returncode == 0 and json.loads(result.stdout)["to_act"] == 2


# --- Issue 24: bytes and numbers that hurt --------------------------------------------------
def _cli(args: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """Run the CLI in process the way ``euchre`` does (``run_cli``), under CliRunner's
    isolated stdin/stdout/stderr: (exit code, stdout, stderr)."""
    runner = CliRunner()
    with runner.isolation(input=stdin) as (out, err, _):
        code = run_cli(app, args)
        sys.stdout.flush()
        sys.stderr.flush()
        return code, out.getvalue().decode(), err.getvalue().decode()


HUGE = "1" * 4301


def test_replay_batch_goes_on_past_a_line_that_is_not_utf8_and_one_with_a_4301_digit_number(
    tmp_path: Path,
) -> None:
    lines = [
        _record_line(["pass"]).encode(),
        b'{"profile": "valpo", "note": "caf\xe9"}',
        _record_line(["pass"]).replace('"dealer": 0', f'"dealer": {HUGE}').encode(),
        _record_line([]).encode(),
    ]
    path = tmp_path / "batch.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    code, out, err = _cli(["replay", str(path)])
    assert code == 1 and "Traceback" not in err
    outputs = [json.loads(line) for line in out.splitlines()]
    assert [item["line"] for item in outputs] == [1, 2, 3, 4]
    assert outputs[0]["to_act"] == 2 and outputs[3]["to_act"] == 1
    assert "line 2: the line is not UTF-8 text: byte 0xE9" in outputs[1]["error"]
    assert (
        "line 3: not a hand record: a number in it has more than 4,300 digits"
        in (outputs[2]["error"])
    )
    assert err.splitlines() == [f"error: {outputs[1]['error']}", f"error: {outputs[2]['error']}"]


def test_replay_of_one_binary_file_on_stdin_is_one_error_line() -> None:
    code, out, err = _cli(["replay", "-"], stdin=b'{"profile": "valpo",\n\xff\xfe\x00\x01\n')
    assert code == 1 and "Traceback" not in err
    [line] = out.splitlines()
    assert json.loads(line)["error"].startswith("the input is not UTF-8 text: byte 0xFF")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        (b'{"profile": "valpo", "x": "\xc3"}', "the hand record is not UTF-8 text: byte 0xC3"),
        (f'{{"dealer": {HUGE}}}'.encode(), "a number in it has more than 4,300 digits"),
        (b'{"a":' * 5000 + b"1" + b"}" * 5000, "the JSON is nested too deeply"),
        (b"[" * 5000 + b"]" * 5000, "the JSON is nested too deeply"),
    ],
)
def test_hint_bad_bytes_huge_numbers_and_deep_records_get_one_error_line(
    stdin: bytes, words: str
) -> None:
    code, out, err = _cli(["hint", "-", "--bot", "rules"], stdin=stdin)
    assert code == 1 and out == "" and "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith("error: ") and words in line


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "is not UTF-8 text (a binary file?): byte 0x89"),
        (f'extends = "valpo"\ngame_target = {HUGE}\n'.encode(), "more than 4,300 digits"),
        (b'extends = "valpo"\nx = ' + b"[" * 5000 + b"]" * 5000, "is nested too deeply"),
    ],
)
def test_profiles_show_of_a_binary_or_hostile_toml_is_one_error_line(
    tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "mine.toml"
    path.write_bytes(content)
    code, out, err = _cli(["profiles", "show", str(path)])
    assert code == 1 and out == "" and "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith(f"error: profile file {str(path)!r}") and words in line
