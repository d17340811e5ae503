"""SIGKILL ``euchre serve`` in the middle of games; restart: every table resumes exactly.

Issue 12: "Every action is committed (an append-only, numbered log per table) before anyone is
told. Kill the server (SIGKILL) in the middle of games and restart: every table resumes
exactly." Six tables (two humans, two computer players each) play random moves from threads;
the server is killed after 60 acknowledged moves. After the restart every acknowledged move is
in the log at the seq the client was told, computer players move again by themselves, and
games play on to their end.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.served import EuchreServer

from .helpers import bearer, human_tokens, play_randomly

TABLES = 6
KILL_AFTER = 60


@pytest.mark.slow
def test_sigkill_mid_game_loses_no_acknowledged_move_and_every_table_resumes(
    served_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0.2")
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    server = EuchreServer(served_database, tmp_path).start()
    try:
        client = httpx.Client(base_url=server.base_url, timeout=30)
        tables: list[dict[str, Any]] = []
        for index in range(TABLES):
            answer = client.post(
                "/api/play/tables",
                json={
                    "profile": ("tournament", "questions", "valpo")[index % 3],
                    "seats": ["human", "rules", "human", "random"],
                    "seed": index,
                },
            )
            assert answer.status_code == 201, answer.text
            tables.append(answer.json())
        lock = threading.Lock()
        acknowledged: dict[str, dict[int, tuple[int, str]]] = {t["table"]: {} for t in tables}
        killed = threading.Event()
        count = [0]

        def play(created: dict[str, Any], seed: int) -> None:
            table, tokens = created["table"], human_tokens(created)
            rng = random.Random(seed)
            with httpx.Client(base_url=server.base_url, timeout=10) as phone:
                try:
                    while not killed.is_set():
                        for seat, token in tokens.items():
                            view = phone.get(
                                f"/api/play/tables/{table}", headers=bearer(token)
                            ).json()
                            if not view["legal"]:
                                continue
                            action = rng.choice(view["legal"])
                            answer = phone.post(
                                f"/api/play/tables/{table}/actions",
                                json={"action": action, "seq": view["seq"]},
                                headers=bearer(token),
                            )
                            if answer.status_code != 200:
                                continue
                            with lock:
                                acknowledged[table][view["seq"] + 1] = (seat, action)
                                count[0] += 1
                                if count[0] >= KILL_AFTER and not killed.is_set():
                                    killed.set()
                                    server.kill()
                        time.sleep(0.002)
                except (httpx.HTTPError, ValueError, KeyError):
                    return  # the server died under this request

        threads = [threading.Thread(target=play, args=(t, i)) for i, t in enumerate(tables)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert killed.is_set(), "the server was never killed"

        monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0.01")
        server.start()
        for created in tables:
            table = created["table"]
            events = client.get(f"/api/play/tables/{table}/events", params={"since": 0}).json()[
                "events"
            ]
            logged = {event["seq"]: (event["seat"], event["action"]) for event in events}
            for seq, (seat, action) in acknowledged[table].items():
                public = "discard" if action.startswith("discard") else action  # hidden card
                assert logged[seq] == (seat, public), (table, seq)
            assert sorted(logged) == list(range(1, len(logged) + 1))  # no gap, no loss
        # Computer players owed a move make it by themselves (spectator reads kick nothing).
        deadline = time.monotonic() + 30
        for created in tables:
            table = created["table"]
            view = client.get(f"/api/play/tables/{table}").json()
            to_act = view["to_act"]
            if view["status"] != "playing" or to_act is None:
                continue
            if view["seats"][to_act]["kind"] == "human":
                continue
            while client.get(f"/api/play/tables/{table}").json()["seq"] == view["seq"]:
                assert time.monotonic() < deadline, f"table {table} did not resume"
                time.sleep(0.1)
        for index, created in enumerate(tables[:2]):  # two games play on to their end
            final = play_randomly(
                client,
                created["table"],
                human_tokens(created),
                random.Random(100 + index),
                timeout=120,
            )
            assert final["status"] == "over"
    finally:
        server.stop()
