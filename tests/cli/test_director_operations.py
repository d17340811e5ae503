"""One set of director operations (issue 23, item 5): the command line (``euchre event``) and
the API refuse the same bad result entries, penalties and corrections with the same sentence,
and neither records anything. Both run the same night: a progressive night under sheet 004,
its first table seated alike (the same player ids and names)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.cli.helpers import run
from tests.store.factory import (
    add_singles,
    create_event,
    director_client,
    sqlite_url,
    table_sides,
)

HANDS_6_6 = [[1, 0], [0, 1], [2, 0], [0, 2], [1, 0], [0, 1], [2, 0], [0, 2]]
"""Eight hands adding up to 6-6; the second partnership's 2 on hand 4."""

HANDS_ZERO_4 = [[1, 0], [0, 1], [2, 0], [0, 0], [1, 0], [0, 1], [2, 0], [0, 2]]
"""Eight hands with hand 4 written 0-0 (as a ruling on hand 4 wants it)."""


@dataclass
class Night:
    """The same night on the web (``client``, ``event_id``) and in an event file (``path``);
    ``sides``: table 1's partnerships (player ids as the API numbers them)."""

    client: TestClient
    event_id: int
    path: str
    sides: list[list[int]]

    def web_state(self) -> Any:
        """Everything the web has recorded that these operations could change."""
        base = f"/api/events/{self.event_id}"
        return (
            self.client.get(f"{base}/snapshot").json()["snapshot"],
            self.client.get(f"{base}/penalties").json(),
        )

    def file_state(self) -> str:
        return Path(self.path).read_text()


def _night(tmp_path: Path) -> Night:
    client = director_client(sqlite_url(tmp_path))
    event_id = create_event(client, format="progressive", rounds=2)
    add_singles(client, event_id, 4)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    _code, sides = table_sides(client, event_id)
    path = str(tmp_path / "event.json")
    code, output = run("event", "new", path, "--sheet", "tournament", "--rounds", "2")
    assert code == 0, output
    for number in range(1, 5):
        assert run("event", "add-player", path, str(number), "--name", f"P{number}")[0] == 0
    tables = ":".join(",".join(str(player) for player in side) for side in sides)
    code, output = run("event", "seat", path, "--round", "1", "--tables", tables)
    assert code == 0, output
    return Night(client, event_id, path, sides)


def _hands_text(hands: list[list[int]]) -> str:
    return ",".join(f"{first}-{second}" for first, second in hands)


def web_result(night: Night, body: dict[str, Any], round_number: int = 1) -> Any:
    return night.client.put(
        f"/api/events/{night.event_id}/rounds/{round_number}/tables/1/result", json=body
    )


def cli_result(night: Night, body: dict[str, Any], round_number: int = 1) -> tuple[int, str]:
    """The same entry through ``euchre event result``."""
    args = ["event", "result", night.path, "--round", str(round_number), "--table", "1"]
    if "hand_points" in body:
        args += ["--hands", _hands_text(body["hand_points"])]
    if "team_points" in body:
        args += ["--points", "-".join(str(points) for points in body["team_points"])]
    return run(*args)


def web_penalty(night: Night, fields: dict[str, Any]) -> Any:
    return night.client.post(
        f"/api/events/{night.event_id}/penalties", json={"round": 1, "table": 1, **fields}
    )


def cli_penalty(night: Night, fields: dict[str, Any]) -> tuple[int, str]:
    """The same penalty through ``euchre event penalty``."""
    args = ["event", "penalty", night.path, "--round", str(fields.get("round", 1))]
    args += ["--table", "1", "--kind", fields["kind"], "--offender", str(fields["offender"])]
    if fields.get("proven"):
        args.append("--proven")
    if fields.get("lone_hand"):
        args.append("--lone-hand")
    if "lone_caller" in fields:
        args += ["--lone-caller", str(fields["lone_caller"])]
    if "hand_number" in fields:
        args += ["--hand", str(fields["hand_number"])]
    return run(*args)


def _both_refuse(night: Night, web: Any, cli: tuple[int, str], status: int) -> str:
    """The API refused with ``status`` and the command line with exit code 1, both with the
    same sentence; returns it."""
    assert web.status_code == status, web.text
    detail = web.json()["detail"]
    code, output = cli
    assert code == 1, output
    assert f"error: {detail}" in output, (detail, output)
    return str(detail)


def _played(night: Night, hands: list[list[int]]) -> None:
    """Table 1's result recorded in both."""
    assert web_result(night, {"hand_points": hands}).status_code == 200
    code, output = cli_result(night, {"hand_points": hands})
    assert code == 0, output


def _penalised(night: Night, fields: dict[str, Any]) -> None:
    """A penalty recorded in both."""
    assert web_penalty(night, fields).status_code == 201
    code, output = cli_penalty(night, fields)
    assert code == 0, output


def _renege(night: Night, **extra: Any) -> dict[str, Any]:
    return {"kind": "renege", "offender": night.sides[0][0], "proven": True, **extra}


# --- result entry ------------------------------------------------------------------------------

RESULT_ENTRIES = {
    # Sheet 004, RENEGE: "The hand is over ... the non-offending team scores two points".
    "a penalised hand counted twice": (
        {"hand_points": HANDS_6_6},
        "the director ruled on hand 4 (renege): write hand 4 as 0-0",
        400,
    ),
    # Stick the dealer: every hand gives one team points.
    "an unruled hand of nothing": (
        {"hand_points": HANDS_ZERO_4},
        "hand 4 is 0-0, but with stick the dealer every hand gives points",
        400,
    ),
    # Stick the dealer: each of the eight hands scores at least 1 point.
    "an impossible score": (
        {"team_points": [3, 2]},
        "round 1 table 1: 3 + 2 = 5 points in 8 hands is impossible",
        400,
    ),
    "a score for a round not started": ({"team_points": [8, 6]}, "has not started round 2", 404),
}


@pytest.mark.parametrize("case", RESULT_ENTRIES)
def test_result_entry_the_command_line_refuses_what_the_web_refuses(
    tmp_path: Path, case: str
) -> None:
    body, words, status = RESULT_ENTRIES[case]
    night = _night(tmp_path)
    if case == "a penalised hand counted twice":
        _penalised(night, _renege(night, hand_number=4))
    round_number = 2 if case == "a score for a round not started" else 1
    web_before, file_before = night.web_state(), night.file_state()
    web = web_result(night, body, round_number)
    cli = cli_result(night, body, round_number)
    if status == 404:  # each names its own event: "event 1" / "event FILE"
        assert web.status_code == 404 and cli[0] == 1
        assert web.json()["detail"] == f"event {night.event_id} has not started round 2"
        assert f"error: event {night.path} has not started round 2" in cli[1]
    else:
        assert words in _both_refuse(night, web, cli, status)
    assert night.web_state() == web_before
    assert night.file_state() == file_before


# --- penalties ---------------------------------------------------------------------------------

PENALTIES = {
    "an offender who does not play at the table": (
        {"kind": "bid_out_of_turn", "offender": 9},
        "player 9 does not play at round 1 table 1 (there: ",
        "--offender",
    ),
    "a lone caller who does not play at the table": (
        {"kind": "dealer_fails_to_discard", "offender": 1, "lone_caller": 9},
        "the lone caller '9' does not play at round 1 table 1",
        "--lone-caller",
    ),
    # Sheet 004: the dealer's penalty is raised only for the opposition's lone call.
    "a dealer failing to discard on a lone hand without its caller": (
        {"kind": "dealer_fails_to_discard", "offender": 1, "lone_hand": True},
        "a dealer failing to discard on a lone hand: say who called alone",
        "--lone-caller",
    ),
    # A ruling after a hand-by-hand score must name its hand, or it counts twice.
    "a penalised hand counted twice": (
        {"kind": "renege", "proven": True},
        "round 1 table 1 was scored hand by hand (8 hands): name the hand (hand number) the "
        "renege ended",
        "--hand N",
    ),
}


@pytest.mark.parametrize("case", PENALTIES)
def test_penalty_the_command_line_refuses_what_the_web_refuses(tmp_path: Path, case: str) -> None:
    fields, words, option = PENALTIES[case]
    night = _night(tmp_path)
    if case == "a penalised hand counted twice":
        _played(night, HANDS_6_6)
        fields = {**fields, "offender": night.sides[0][0]}
    web_before, file_before = night.web_state(), night.file_state()
    web, cli = web_penalty(night, fields), cli_penalty(night, fields)
    assert words in _both_refuse(night, web, cli, 400)
    assert f"({option}" in cli[1]  # the command line says which option to look at
    assert night.web_state() == web_before
    assert night.file_state() == file_before


# --- corrections -------------------------------------------------------------------------------

CORRECTIONS = {
    # A renege ruled on hand 4 after the score: a correction may not bring hand 4's points back.
    "a penalised hand counted twice": (
        {"hand_points": HANDS_6_6},
        "the director ruled on hand 4 (renege): write hand 4 as 0-0",
        400,
    ),
    "a correction that changes nothing": (
        {"hand_points": HANDS_ZERO_4},
        "round 1 table 1: nothing changed; the recorded result is already this",
        409,
    ),
    "an impossible score": (
        {"hand_points": HANDS_ZERO_4[:7]},
        "round 1 table 1: 7 hands entered, but a game is 8 hands",
        400,
    ),
}


@pytest.mark.parametrize("case", CORRECTIONS)
def test_correction_the_command_line_refuses_what_the_web_refuses(
    tmp_path: Path, case: str
) -> None:
    body, words, status = CORRECTIONS[case]
    night = _night(tmp_path)
    _played(night, HANDS_6_6)
    _penalised(night, _renege(night, hand_number=4))
    if case == "a correction that changes nothing":
        entry = web_result(night, {"hand_points": HANDS_ZERO_4, "reason": "the table's sheet"})
        assert entry.status_code == 200, entry.text
        assert cli_result(night, {"hand_points": HANDS_ZERO_4})[0] == 0
    web_before, file_before = night.web_state(), night.file_state()
    web = web_result(night, {**body, "reason": "the table's sheet"})
    cli = cli_result(night, body)
    assert words in _both_refuse(night, web, cli, status)
    assert night.web_state() == web_before
    assert night.file_state() == file_before
