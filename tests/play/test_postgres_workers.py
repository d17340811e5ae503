"""Two workers on PostgreSQL serve one table: players on different workers see each other's
moves (a commit plus a LISTEN/NOTIFY doorbell; the log stays the truth)."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.served import EuchreServer

from .helpers import human_tokens

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def _receive(socket: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=20))
    return message


def test_players_split_between_two_workers_see_each_others_moves(
    postgres_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    server = EuchreServer(postgres_database, tmp_path, workers=2).start()
    stack = contextlib.ExitStack()
    try:
        created = httpx.post(
            f"{server.base_url}/api/play/tables",
            json={"profile": "tournament", "seats": ["human"] * 4, "seed": 8},
            timeout=30,
        ).json()
        table, tokens = created["table"], human_tokens(created)
        address = f"ws://127.0.0.1:{server.port}/api/play/tables/{table}/ws"

        def seat_on(seat: int, wanted: Any) -> tuple[ClientConnection, int]:
            """Connect ``seat`` until the connection lands on a worker ``wanted`` accepts."""
            for _ in range(80):
                socket = stack.enter_context(connect(address))
                socket.send(json.dumps({"token": tokens[seat], "seq": 0}))
                worker = int(_receive(socket)["worker"])
                if wanted(worker):
                    return socket, worker
                socket.close()
            raise AssertionError(f"seat {seat} never reached the worker it needed")

        seat_sockets: dict[int, ClientConnection] = {}
        seat_sockets[0], first = seat_on(0, lambda worker: True)
        seat_sockets[1], _ = seat_on(1, lambda worker: worker == first)
        seat_sockets[2], second = seat_on(2, lambda worker: worker != first)
        seat_sockets[3], _ = seat_on(3, lambda worker: worker == second)
        rng = random.Random(1)
        views = {seat: _view_now(server, table, tokens[seat]) for seat in range(4)}
        for _ in range(60):  # sit down, bid and play several tricks across both workers
            actor = next(seat for seat in range(4) if views[seat]["legal"])
            target = views[actor]["seq"] + 1
            seat_sockets[actor].send(
                json.dumps(
                    {
                        "type": "action",
                        "action": rng.choice(views[actor]["legal"]),
                        "seq": views[actor]["seq"],
                    }
                )
            )
            for seat, socket in seat_sockets.items():
                while True:
                    message = _receive(socket)
                    assert message["type"] == "view", message
                    if message["view"]["seq"] >= target:
                        views[seat] = message["view"]
                        break
            assert len({view["seq"] for view in views.values()}) == 1
    finally:
        with contextlib.suppress(Exception):  # sockets the server already closed
            stack.close()
        server.stop()


def _view_now(server: EuchreServer, table: str, token: str) -> dict[str, Any]:
    answer = httpx.get(
        f"{server.base_url}/api/play/tables/{table}",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    view: dict[str, Any] = answer.json()
    return view
