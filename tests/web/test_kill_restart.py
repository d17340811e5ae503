"""SIGKILL ``euchre serve`` while tables submit and confirm; restart: nothing confirmed is lost.

Issue 5: "Every score is durably committed before the page says it is saved." Sixteen tables
submit and confirm in a staggered stream from threads; the server is killed with SIGKILL
after the sixth confirmation, then started again on the same database (a SQLite file, or a
PostgreSQL database). Every submission the client saw saved (201) and every confirmation it
saw (200) must be there, and the event must go on: the rest report, round 1 closes, round 2
starts.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.served import EuchreServer
from tests.store.factory import PASSWORD, add_teams, codes_by_number, create_event, report_table

TEAMS = 32
KILL_AFTER_CONFIRMATIONS = 6


def _director(base_url: str) -> httpx.Client:
    client = httpx.Client(base_url=base_url, timeout=30)
    answer = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
    return client


def _score(table_number: int) -> list[int]:
    return [10, table_number % 10]


@pytest.mark.slow
def test_sigkill_mid_submissions_loses_no_confirmed_score(
    served_database: str, tmp_path: Path
) -> None:
    server = EuchreServer(served_database, tmp_path).start()
    try:
        director = _director(server.base_url)
        event_id = create_event(director, name="Kill test", rounds=3)  # type: ignore[arg-type]
        add_teams(director, event_id, TEAMS)  # type: ignore[arg-type]
        codes = codes_by_number(director, event_id)  # type: ignore[arg-type]
        started = director.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        tables = started.json()["tables"]
        assert len(tables) == TEAMS // 2

        lock = threading.Lock()
        saved: dict[int, int] = {}  # table -> submission id the client saw saved
        confirmed: set[int] = set()
        killed = threading.Event()

        def play(index: int, table: dict[str, Any]) -> None:
            with httpx.Client(base_url=server.base_url, timeout=10) as phone:
                try:
                    time.sleep(index * 0.15)
                    info = phone.get(f"/api/tables/{table['code']}").json()
                    scorer = info["partnerships"][0][0]["number"]
                    opponent = info["partnerships"][1][0]["number"]
                    submitted = phone.post(
                        f"/api/tables/{table['code']}/submissions",
                        json={"player_code": codes[scorer], "team_points": _score(table["table"])},
                    )
                    if submitted.status_code != 201:
                        return
                    with lock:
                        saved[table["table"]] = submitted.json()["id"]
                    time.sleep(0.3)
                    answer = phone.post(
                        f"/api/tables/{table['code']}/submissions/{submitted.json()['id']}/confirm",
                        json={"player_code": codes[opponent]},
                    )
                    if answer.status_code == 200:
                        with lock:
                            confirmed.add(table["table"])
                            if len(confirmed) >= KILL_AFTER_CONFIRMATIONS and not killed.is_set():
                                killed.set()
                                server.kill()
                except (httpx.HTTPError, ValueError, KeyError):
                    return  # the server died under this request: the client saw nothing saved

        threads = [threading.Thread(target=play, args=pair) for pair in enumerate(tables)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert killed.is_set(), "the server was never killed"
        assert KILL_AFTER_CONFIRMATIONS <= len(confirmed) < len(tables)

        server.start()
        round_one = director.get(f"/api/events/{event_id}/rounds/1")
        assert round_one.status_code == 200, round_one.text  # the session cookie survived
        by_number = {row["table"]: row for row in round_one.json()["tables"]}
        for table_number in confirmed:
            assert by_number[table_number]["state"] == "reported"
            assert by_number[table_number]["team_points"] == _score(table_number)
        kept = {
            row["id"]
            for row in director.get(
                f"/api/events/{event_id}/submissions", params={"round": 1}
            ).json()
        }
        assert set(saved.values()) <= kept

        for table in tables:
            if by_number[table["table"]]["state"] != "reported":
                report_table(director, table["code"], codes, team_points=_score(table["table"]))
        closed = director.post(f"/api/events/{event_id}/rounds/1/close")
        assert closed.status_code == 200, closed.text
        second = director.post(f"/api/events/{event_id}/rounds")
        assert second.status_code == 201, second.text
        assert len(second.json()["tables"]) == TEAMS // 2
    finally:
        server.stop()
