"""Issue 13 under ``euchre serve --workers 2`` on PostgreSQL: an online night whose requests
land on either worker (claims, moves, the computer player's moves, the engine's result, the
hand records) records the table's result once, equal to the hand records' sums (skipped
without PostgreSQL binaries)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import httpx
import pytest

from tests.online.helpers import claim, play_out, sit
from tests.served import EuchreServer
from tests.store.factory import PASSWORD

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_an_online_night_works_with_two_workers_on_postgresql(
    postgres_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    server = EuchreServer(postgres_database, tmp_path, workers=2).start()
    try:
        with httpx.Client(base_url=server.base_url, timeout=30) as director:
            answer = director.post("/api/setup", json={"name": "director", "password": PASSWORD})
            assert answer.status_code == 200, answer.text
            director.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
            config = {"name": "Two workers", "profile_id": "bolivar", "rounds": 1, "seed": 2}
            created = director.post("/api/events", json=config | {"online": True})
            assert created.status_code == 201, created.text
            event_id = int(created.json()["id"])
            for index in range(1, 5):
                added = director.post(f"/api/events/{event_id}/players", json={"name": f"W{index}"})
                assert added.status_code == 201, added.text
            codes = [row["code"] for row in director.get(f"/api/events/{event_id}/players").json()]
            assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
            filled = director.post(
                f"/api/events/{event_id}/rounds/1/online/1/seats/1",
                json={"kind": "rules", "counts": True},
            )
            assert filled.status_code == 200, filled.text

            seats: dict[str, dict[int, str]] = {}
            # A new connection for every request, so the requests spread over both workers.
            fresh = httpx.Limits(max_keepalive_connections=0)
            with httpx.Client(base_url=server.base_url, timeout=30, limits=fresh) as player:
                for code in codes:
                    found = claim(player, event_id, code)
                    if found["token"] is None:
                        assert found["bot"] == "rules"
                        continue
                    table, token = found["play_table"], found["token"]
                    sit(player, table, token)
                    seats.setdefault(table, {})[found["seat"]] = token
                play_out(player, seats, random.Random(17), deadline_s=240)

            stop = time.monotonic() + 60
            while True:  # the result is recorded by whichever worker took the last move
                (table_view,) = director.get(f"/api/events/{event_id}/online/tables").json()[
                    "tables"
                ]
                if table_view["result"] == "recorded" or time.monotonic() > stop:
                    break
                time.sleep(0.2)
            assert table_view["status"] == "over" and table_view["result"] == "recorded"
            scored = director.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]
            assert scored["team_points"] == table_view["scores"]
            audit = director.get(f"/api/events/{event_id}/audit").json()
            engine = [entry for entry in audit if entry["action"] == "engine_result"]
            assert len(engine) == 1, engine  # recorded once, by one worker
            lines = director.get(f"/api/events/{event_id}/online/records.jsonl").text
            records = [json.loads(line) for line in lines.splitlines() if line.strip()]
            assert len(records) == table_view["hands_recorded"] >= 1
            results = director.get(f"/events/{event_id}/results").text
            assert "(computer player, points counted)" in results
    finally:
        server.stop()
