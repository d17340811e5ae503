"""bench/load_play.py's own logic (not its timings): when seats drop, how the chat path is
found, and the ratios to the stack's floor; and bench/play_floor.py's relay."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from euchre.store.db import Database
from tests.bots.helpers import load_bench


def test_drops_follow_the_rate_asked_and_each_leaves_time_to_reconnect() -> None:
    bench = load_bench("load_play")
    window = (1000.0, 1000.0 + 600.0)
    drops = [
        moment
        for table in range(200)
        for moment in bench.drop_times(random.Random(table), window, 0.5)
    ]
    # 200 tables x 0.5 a minute x 9.92 minutes (the last 5 s have none): about 992.
    assert 850 < len(drops) < 1150
    assert all(window[0] < moment < window[1] - 5.0 for moment in drops)
    one_table = bench.drop_times(random.Random(7), window, 3.0)
    assert one_table == sorted(one_table)


def test_no_drop_share_means_no_drops() -> None:
    bench = load_bench("load_play")
    assert bench.drop_times(random.Random(1), (0.0, 60.0), 0.0) == []


def test_the_chat_path_is_found_in_the_servers_openapi_and_none_when_absent() -> None:
    bench = load_bench("load_play")
    offered = {
        "paths": {
            "/api/play/tables": {"post": {}},
            "/api/play/tables/{table_id}/chat": {"post": {}},
            "/api/play/tables/{table_id}/chat-settings": {"post": {}},
        }
    }
    assert bench.chat_path(offered) == "/api/play/tables/{table_id}/chat"
    absent = {"paths": {"/api/play/tables/{table_id}/ws": {"get": {}}}}
    assert bench.chat_path(absent) is None
    read_only = {"paths": {"/api/play/tables/{table_id}/chat": {"get": {}}}}
    assert bench.chat_path(read_only) is None


def test_ratios_to_the_floor_divide_the_apps_figures_by_the_floors() -> None:
    bench = load_bench("load_play")
    result = bench.Result("sqlite", 1, 200)
    result.server_cpu_ms_per_action = 0.9
    result.database_cpu_ms_per_action = 0.1
    result.p99_ms = 30.0
    result.p50_ms = 3.0
    result.actions_per_second = 580.0
    floor = bench.FloorResult(
        server_cpu_ms_per_action=0.3,
        database_cpu_ms_per_action=0.1,
        p99_ms=10.0,
        p50_ms=2.0,
        actions_per_second=600.0,
    )
    assert bench.floor_ratios(result, floor) == {
        "server_cpu_per_action": 3.0,
        "server_and_database_cpu_per_action": 2.5,
        "p99": 3.0,
        "p50": 1.5,
        "actions_per_second": 0.97,
    }
    # A floor figure of 0 (nothing measured) gives no ratio rather than a division by zero.
    assert "p99" not in bench.floor_ratios(result, bench.FloorResult())


def test_the_report_says_when_the_server_has_no_chat() -> None:
    bench = load_bench("load_play")
    result = bench.Result("sqlite", 1, 10, chat="not available")
    assert "chat: not available on this server" in bench.describe(result)


def test_the_window_opens_only_when_every_table_of_every_client_process_is_seated() -> None:
    """The 800 sockets' connecting and sitting down took 9.4 s on this machine (26 Nov 2026),
    more than the 3 s the window used to wait: the tables that were still sitting down made
    the others' first moves wait 0.3-1.1 s, timed as play. The window now opens on a
    barrier: a client process counts once all its tables have four seats taken."""
    bench = load_bench("load_play")
    context = multiprocessing.get_context("fork")
    bench._SEATED = context.Value("i", 0)
    bench._OPENED = context.Array("d", [0.0, 0.0])
    window = bench.Window(2)
    first, second = bench.TableLoad(), bench.TableLoad()
    assert not window.timing()  # closed: nothing is timed before the window
    window.table_ready(first)
    window.table_ready(first)  # a table counts once, whichever seat sees it seated
    assert bench._SEATED.value == 0
    window.table_ready(second)
    assert bench._SEATED.value == 1  # this process is ready

    opened: list[float] = []
    window.on_open.append(lambda seen: opened.append(seen.start))

    async def open_later() -> None:
        watching = asyncio.create_task(window.watch())
        await asyncio.sleep(0.05)
        assert not window.opened.is_set()
        now = time.time()
        bench._OPENED[1] = now + 10.0
        bench._OPENED[0] = now
        await asyncio.wait_for(watching, 30.0)  # a guard against a hang, not a timing

    # On a thread of its own: a Playwright sync session elsewhere in this test process keeps
    # an event loop running on the main thread, and asyncio.run refuses to start there.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, open_later()).result()
    assert window.opened.is_set() and opened == [window.start]
    assert window.timing()


def test_the_floor_relays_a_move_to_every_socket_of_its_table_and_refuses_a_taken_seq(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    floor = load_bench("play_floor")
    url = f"sqlite:///{tmp_path / 'floor.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    database = Database(url)
    floor.moves_table().metadata.create_all(database.write_engine)
    with (
        TestClient(floor.create_floor_app()) as client,
        client.websocket_connect("/ws/t1") as south,
        client.websocket_connect("/ws/t1") as north,
        client.websocket_connect("/ws/t2") as elsewhere,
    ):
        south.send_json({"seat": 0})
        north.send_json({"seat": 2})
        elsewhere.send_json({"seat": 0})
        # Each socket is told it is ready (it gets the table's moves from now on).
        assert south.receive_json() == {"ready": 0}
        assert north.receive_json() == {"ready": 2}
        assert elsewhere.receive_json() == {"ready": 0}
        south.send_json({"seq": 1, "move": "9C"})
        expected = {"seq": 1, "seat": 0, "move": "9C"}
        assert south.receive_json() == expected
        assert north.receive_json() == expected
        north.send_json({"seq": 1, "move": "JH"})
        assert north.receive_json() == {"error": "seq 1 taken"}
        elsewhere.send_json({"seq": 1, "move": "TD"})
        assert elsewhere.receive_json() == {"seq": 1, "seat": 0, "move": "TD"}
    with database.read() as session:
        rows = session.execute(text("SELECT table_id, seq, move FROM bench_play_floor")).all()
    database.dispose()
    assert sorted(tuple(row) for row in rows) == [("t1", 1, "9C"), ("t2", 1, "TD")]
