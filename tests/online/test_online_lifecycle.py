"""Online nights follow the round lifecycle through the hooks the core exposes
(``store.lifecycle``): starting, reseating and undoing a round opens and takes back its play
tables, whichever entry point starts the round."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from euchre.web.app import create_app
from tests.store.factory import PASSWORD, add_singles


def _online_event(director: TestClient, players: int) -> int:
    body = {"name": "Online", "profile_id": "bolivar", "rounds": 2, "online": True}
    made = director.post("/api/events", json=body)
    assert made.status_code == 201, made.text
    event_id = int(made.json()["id"])
    add_singles(director, event_id, players)
    return event_id


def _online_tables(director: TestClient, event_id: int) -> list[dict[str, Any]]:
    return list(director.get(f"/api/events/{event_id}/online/tables").json()["tables"])


def _seated_tables(director: TestClient, event_id: int, number: int) -> list[int]:
    return [
        table["table"]
        for table in director.get(f"/api/events/{event_id}/rounds/{number}").json()["tables"]
    ]


def test_starting_an_online_round_opens_a_play_table_for_each_table_of_its_seating(
    director: TestClient,
) -> None:
    event_id = _online_event(director, 8)
    started = director.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    tables = _online_tables(director, event_id)
    assert (
        sorted(table["table"] for table in tables)
        == sorted(_seated_tables(director, event_id, 1))
        == [1, 2]
    )
    for table in tables:
        view = director.get(f"/api/play/tables/{table['play_table']}")
        assert view.status_code == 200, view.text
        assert view.json()["status"] != "over"


def test_reseating_a_started_online_round_closes_its_play_tables_and_opens_the_new_seatings(
    director: TestClient,
) -> None:
    event_id = _online_event(director, 8)
    assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
    before = {table["play_table"] for table in _online_tables(director, event_id)}
    seating = {"tables": [[[1, 8], [2, 7]], [[3, 6], [4, 5]]], "reason": "friends asked"}
    reseated = director.put(f"/api/events/{event_id}/rounds/1/seating", json=seating)
    assert reseated.status_code == 200, reseated.text
    after = _online_tables(director, event_id)
    assert len(after) == 2
    assert not before & {table["play_table"] for table in after}
    for play_table in before:
        assert director.get(f"/api/play/tables/{play_table}").json()["closed"] is True
    for table in after:
        assert director.get(f"/api/play/tables/{table['play_table']}").json()["status"] != "over"


_START_ROUND_FROM_A_SCRIPT = """
import sys

from euchre.store.db import Database
from euchre.store.night.rounds import start_round
from euchre.wiring import wire

wire()  # a script is an entry point: it wires the features as the app and the CLI do
database = Database(sys.argv[1])
with database.write() as session:
    start_round(session, event_id=int(sys.argv[2]), who="script")
"""


def test_a_round_started_by_a_script_that_wires_the_features_opens_its_online_tables(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'script.db'}"
    with TestClient(create_app(url), base_url="http://127.0.0.1") as director:
        setup = director.post("/api/setup", json={"name": "director", "password": PASSWORD})
        assert setup.status_code == 200, setup.text
        director.headers["X-CSRF-Token"] = setup.json()["csrf_token"]
        event_id = _online_event(director, 4)
        script = textwrap.dedent(_START_ROUND_FROM_A_SCRIPT)
        done = subprocess.run(
            [sys.executable, "-c", script, url, str(event_id)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        (table,) = _online_tables(director, event_id)
        assert table["table"] == 1
        view = director.get(f"/api/play/tables/{table['play_table']}")
        assert view.status_code == 200, view.text
