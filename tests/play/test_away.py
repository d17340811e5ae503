"""A human who leaves is replaced by a computer player: once a human seat's socket has been
gone ``EUCHRE_PLAY_AWAY_SECONDS`` during a game (0 here), a computer player moves for it,
the views mark it ``away``, and the human takes the seat back by connecting again (the same
token) or by making a move."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from euchre.engine.errors import IllegalActionError
from euchre.play.table import TableState
from euchre.web.app import create_app

from .helpers import bearer, human_tokens, move_at_random, open_table, sit_down, view_of
from .test_table_state import _table


@pytest.fixture
def away_client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The app with computer players moving at once and humans away as soon as their
    socket closes."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    monkeypatch.setenv("EUCHRE_PLAY_AWAY_SECONDS", "0")
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    app = create_app(f"sqlite:///{tmp_path / 'play.db'}")
    with TestClient(app) as test_client:
        yield test_client


def _wait_for(client: TestClient, table: str, test: Any, timeout: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        view = view_of(client, table)
        if test(view):
            return view
        assert time.monotonic() < deadline, f"timed out; last view seq {view['seq']}"
        time.sleep(0.02)


def _seated(client: TestClient, seats: list[str], seed: int) -> tuple[str, dict[int, str]]:
    """A new table of ``seats`` (``seed``) with every human seated: its id and their tokens."""
    created = open_table(client, seats=seats, seed=seed)
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    return table, tokens


def _play_until_seat_to_act(
    client: TestClient, table: str, token: str, target: int, rng: random.Random
) -> dict[str, Any]:
    """The human of ``token`` plays randomly over HTTP until it is ``target``'s turn."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = view_of(client, table, token)
        if view["status"] == "playing" and view["to_act"] == target:
            return view
        move_at_random(client, table, token, rng, view)
    raise AssertionError(f"seat {target} never came to act")


def test_a_human_who_leaves_is_played_for_by_a_computer_until_they_come_back(
    away_client: TestClient,
) -> None:
    client = away_client
    table, tokens = _seated(client, ["human", "human", "rules", "rules"], 31)
    url = f"/api/play/tables/{table}/ws"
    rng = random.Random(5)
    with client.websocket_connect(url) as west:
        west.send_json({"token": tokens[1], "seq": 0})
        assert west.receive_json()["view"]["seats"][1]["away"] is False
    # West's socket is gone and the game is in play: a computer player takes over.
    view = _wait_for(client, table, lambda v: v["seats"][1]["away"])
    assert view["seats"][1]["kind"] == "human"  # the seat stays West's
    events = client.get(f"/api/play/tables/{table}/events", params={"since": 0}).json()
    away_at = next(e["seq"] for e in events["events"] if e["action"] == "away 1")
    assert next(e for e in events["events"] if e["seq"] == away_at)["seat"] == -1
    # South plays on over HTTP; the table does not wait for West: moves are made for West.
    deadline = time.monotonic() + 30
    while True:
        events = client.get(f"/api/play/tables/{table}/events", params={"since": away_at}).json()
        if sum(1 for entry in events["events"] if entry["seat"] == 1) >= 3:
            break
        assert time.monotonic() < deadline, "nobody moved for West"
        move_at_random(client, table, tokens[0], rng)
    assert view_of(client, table)["seats"][1]["away"]
    # West connects again with the same token: the seat is West's again at once.
    with client.websocket_connect(url) as west:
        west.send_json({"token": tokens[1], "seq": 0})
        back = _wait_for(client, table, lambda v: not v["seats"][1]["away"])
        assert back["seats"][1]["kind"] == "human"
        waiting = _play_until_seat_to_act(client, table, tokens[0], 1, rng)
        time.sleep(0.3)  # a computer player would have moved by now
        mine = view_of(client, table, tokens[1])
        assert mine["seq"] == waiting["seq"] and mine["legal"]
        answer = client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": mine["legal"][0], "seq": mine["seq"]},
            headers=bearer(tokens[1]),
        )
        assert answer.status_code == 200, answer.text


def test_a_human_marked_away_keeps_the_seat_and_the_table_plays_on(
    away_client: TestClient,
) -> None:
    client = away_client
    table, tokens = _seated(client, ["human", "human", "human", "human"], 32)
    to_act = view_of(client, table)["to_act"]
    other = (to_act + 1) % 4  # the next to bid
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as socket:
        socket.send_json({"token": tokens[other], "seq": 0})
        socket.receive_json()
    _wait_for(client, table, lambda v: v["seats"][other]["away"])
    first = view_of(client, table, tokens[to_act])
    answer = client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": first["legal"][0], "seq": first["seq"]},
        headers=bearer(tokens[to_act]),
    )
    assert answer.status_code == 200, answer.text
    # The away seat's turn is played for it at once; its token still shows its own seat.
    moved = _wait_for(client, table, lambda v: v["to_act"] not in (to_act, other))
    assert moved["seats"][other]["away"]
    mine = view_of(client, table, tokens[other])
    assert mine["seat"] == other and len(mine["hand"]) == 5


def test_away_and_back_entries_replay_and_refuse_what_does_not_apply() -> None:
    state = _table("tournament", seats=("human", "human", "rules", "rules"))
    with pytest.raises(IllegalActionError):
        state.apply(-1, "away 0")  # the game has not started
    state.apply(0, "sit")
    state.apply(1, "sit")
    assert state.status == "playing"
    with pytest.raises(IllegalActionError):
        state.apply(-1, "away 2")  # a computer player's seat
    with pytest.raises(IllegalActionError):
        state.apply(-1, "back 1")  # not away
    state.apply(-1, "away 1")
    assert state.view(None)["seats"][1]["away"] is True
    assert state.stands_in(1) == "rules" and state.stands_in(0) is None
    with pytest.raises(IllegalActionError):
        state.apply(-1, "away 1")
    state.apply(-1, "back 1")
    assert state.stands_in(1) is None
    state.apply(-1, "away 1")
    # Moves made for the away human are the seat's own entries; the seat stays away.
    rng = random.Random(3)
    while state.to_act != 1:
        seat = state.to_act
        assert seat is not None
        state.apply(seat, rng.choice(state.legal(seat)))
    state.apply(1, state.legal(1)[0])
    assert state.away[1] is True


def test_a_human_marked_away_is_back_when_they_send_a_move_over_http(
    away_client: TestClient,
) -> None:
    client = away_client
    table, tokens = _seated(client, ["human", "human", "rules", "rules"], 33)
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as socket:
        socket.send_json({"token": tokens[1], "seq": 0})
        socket.receive_json()
    _wait_for(client, table, lambda v: v["seats"][1]["away"])
    mine = view_of(client, table, tokens[1])
    client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": (mine["legal"] or ["pass"])[0], "seq": mine["seq"]},
        headers=bearer(tokens[1]),
    )
    assert view_of(client, table)["seats"][1]["away"] is False


# ---------------------------------------------------------------- drops with a countdown
class FakeClock:
    """The service's clock, moved by the test (no test waits for a deadline)."""

    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def drop_client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The app with each table's own drop window (45 s at a casual table) and a clock the
    test moves; computer players move at once."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    monkeypatch.delenv("EUCHRE_PLAY_AWAY_SECONDS", raising=False)
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    app = create_app(f"sqlite:///{tmp_path / 'play.db'}")
    app.state.play_service.clock = FakeClock()
    with TestClient(app) as test_client:
        yield test_client


def advance(client: TestClient, table: str, seconds: float) -> None:
    """Move the server's clock on and let the table's driver look again."""
    app: Any = client.app
    app.state.play_service.clock.now += seconds
    runtime = app.state.play_runtime
    runtime.from_thread(runtime.kick, table)


def _log(client: TestClient, table: str, since: int = 0) -> list[dict[str, Any]]:
    events = client.get(f"/api/play/tables/{table}/events", params={"since": since}).json()
    return list(events["events"])


def _receive_until(socket: Any, test: Any, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        message = socket.receive_json()
        if message.get("type") == "view" and test(message["view"]):
            return dict(message["view"])
    raise AssertionError("the awaited view never came")


def test_west_dropped_the_others_see_a_countdown_then_a_computer_plays_until_he_is_back(
    drop_client: TestClient,
) -> None:
    """The issue: "West dropped: a computer plays in 0:45"; then a computer player takes the
    seat until the human is back, and the returning player sees what was played for him."""
    client = drop_client
    table, tokens = _seated(client, ["human", "human", "rules", "rules"], 41)
    url = f"/api/play/tables/{table}/ws"
    clock = client.app.state.play_service.clock  # type: ignore[attr-defined]
    with client.websocket_connect(url) as south:
        south.send_json({"token": tokens[0], "seq": 0})
        first = south.receive_json()["view"]
        assert [s["connected"] for s in first["seats"]] == [True, True, True, True]
        with client.websocket_connect(url) as west:
            west.send_json({"token": tokens[1], "seq": 0})
            west.receive_json()
        # West's socket closed: South is told at once, with the time a computer takes over.
        dropped = _receive_until(south, lambda v: not v["seats"][1]["connected"])
        west_seat = dropped["seats"][1]
        assert west_seat["takeover_at"] == round(clock.now + 45)
        assert west_seat["away"] is False and west_seat["kind"] == "human"
        assert any(e["action"] == f"drop 1 {round(clock.now + 45)}" for e in _log(client, table))
        # 44 s on: still West's seat, nobody moved for him.
        advance(client, table, 44)
        assert not any(e["action"] == "away 1" for e in _log(client, table))
        # 45 s on: a computer player takes the seat; West's token still holds it.
        advance(client, table, 1.5)
        taken = _receive_until(south, lambda v: v["seats"][1]["away"])
        assert taken["seats"][1]["takeover_at"] is None and not taken["seats"][1]["connected"]
        away_at = next(e["seq"] for e in _log(client, table) if e["action"] == "away 1")
        rng = random.Random(9)
        deadline = time.monotonic() + 60
        while sum(1 for e in _log(client, table, away_at) if e["seat"] == 1) < 3:
            assert time.monotonic() < deadline, "nobody moved for West"
            move_at_random(client, table, tokens[0], rng)
    # West connects again: the seat is his at once, and he is told what was played for him
    # (his own moves from the log, as his own view shows them: his discard included).
    with client.websocket_connect(url) as west:
        west.send_json({"token": tokens[1], "seq": 0})
        back = _receive_until(west, lambda v: v["seats"][1]["connected"])
        log = _log(client, table, away_at)
        back_at = next(e["seq"] for e in log if e["action"] == "back 1")
        made = [
            e["action"]
            for e in client.get(
                f"/api/play/tables/{table}/events",
                params={"since": away_at},
                headers=bearer(tokens[1]),
            ).json()["events"]
            if e["seat"] == 1 and e["seq"] < back_at
        ]
        assert len(made) >= 3 and back["played_for_you"] == made
        assert back["seats"][1]["away"] is False
        # Nobody else is told West's moves this way.
        assert view_of(client, table, tokens[0])["played_for_you"] == []
        assert view_of(client, table)["played_for_you"] == []


def test_a_player_back_within_the_window_keeps_his_seat_and_no_computer_moves(
    drop_client: TestClient,
) -> None:
    client = drop_client
    table, tokens = _seated(client, ["human", "human", "rules", "rules"], 42)
    url = f"/api/play/tables/{table}/ws"
    with client.websocket_connect(url) as west:
        west.send_json({"token": tokens[1], "seq": 0})
        west.receive_json()
    _wait_for(client, table, lambda v: not v["seats"][1]["connected"])
    advance(client, table, 30)
    with client.websocket_connect(url) as west:
        west.send_json({"token": tokens[1], "seq": 0})
        view = _receive_until(west, lambda v: v["seats"][1]["connected"])
        assert view["seats"][1]["takeover_at"] is None and view["played_for_you"] == []
        advance(client, table, 60)  # the old deadline passes: nothing happens
        time.sleep(0.2)
        actions = [e["action"] for e in _log(client, table)]
        assert "away 1" not in actions and actions.count("back 1") == 1


def test_a_drop_entry_replays_and_the_takeover_time_is_every_workers() -> None:
    """The deadline is in the log, so a copy rebuilt anywhere (another worker, a restart)
    shows the same countdown and owes the same takeover."""
    state = _table("tournament", seats=("human", "human", "rules", "rules"))
    with pytest.raises(IllegalActionError):
        state.apply(-1, "drop 0 1900000045")  # no game in play yet
    state.apply(0, "sit")
    state.apply(1, "sit")
    state.apply(-1, "drop 1 1900000045")
    with pytest.raises(IllegalActionError):
        state.apply(-1, "drop 1 1900000050")  # dropped already
    with pytest.raises(IllegalActionError):
        state.apply(-1, "drop 2")  # a computer player's seat
    log = [(0, "sit"), (1, "sit"), (-1, "drop 1 1900000045")]
    again = TableState.replay("T", state.config, log)
    assert again.view(None)["seats"][1] == state.view(None)["seats"][1]
    assert again.view(None)["seats"][1]["takeover_at"] == 1900000045
    state.apply(-1, "drop 0")  # a table waiting for its director: no time
    assert state.view(None)["seats"][0]["takeover_at"] is None
    assert not state.view(None)["seats"][0]["connected"]
    state.apply(-1, "back 0")
    assert state.view(None)["seats"][0]["connected"]
