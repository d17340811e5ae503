"""``euchre serve`` for real: migrations at start, the LAN address printed, the API and the
static assets answered on 127.0.0.1."""

from __future__ import annotations

import gc
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from pytest import MonkeyPatch
from typer.testing import CliRunner

from euchre.cli.main import app
from euchre.cli.web_cmds import lan_address
from euchre.web.server import YOUNG_COLLECTION_THRESHOLD, settle_collector


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_lan_address_is_an_ipv4_address() -> None:
    parts = lan_address().split(".")
    assert len(parts) == 4
    assert all(0 <= int(part) <= 255 for part in parts)


def test_serve_refuses_a_database_it_cannot_open(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["serve", "--no-qr"],
        env={"DATABASE_URL": f"sqlite:///{tmp_path}/missing-folder/x.db"},
    )
    assert result.exit_code != 0
    assert "cannot open the database" in str(result.exception or result.output)


def test_serve_starts_on_a_fresh_folder(tmp_path: Path) -> None:
    port = _free_port()
    environment = dict(os.environ)
    environment.pop("DATABASE_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "euchre", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                answer = httpx.get(f"{base}/api/setup", timeout=2)
                break
            except httpx.HTTPError:
                assert server.poll() is None, "the server exited early"
                assert time.monotonic() < deadline, "the server did not start in 90 s"
                time.sleep(0.3)
        assert answer.json() == {"needs_setup": True}
        assert (tmp_path / "euchre.db").exists()
        assert httpx.get(f"{base}/static/app.js").status_code == 200
        assert httpx.get(f"{base}/", follow_redirects=False).headers["location"] == "/setup"
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in output
    assert "█" in output or "▀" in output, "a QR code is printed in the terminal"


def test_serve_checks_the_public_url(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["serve", "--no-qr", "--public-url", "venue.local:8000"],
        env={"DATABASE_URL": f"sqlite:///{tmp_path}/x.db"},
    )
    assert result.exit_code != 0
    assert "must start with http://" in str(result.exception or result.output)


def test_serve_runs_on_the_fast_http_stack(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    """Issue 9: with ``--workers 2`` every response waited ~44 ms (Nagle's algorithm meeting
    the client's delayed ACK) on h11 and asyncio. ``euchre serve`` asks uvicorn for httptools
    (each response written in one piece) and uvloop (TCP_NODELAY on every connection), and
    both are installed. The timing itself is ``bench/serve_latency.py``."""
    import uvicorn

    seen: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda *args, **options: seen.update(options))
    result = CliRunner().invoke(
        app,
        ["serve", "--no-qr", "--workers", "2", "--host", "127.0.0.1"],
        env={"DATABASE_URL": f"sqlite:///{tmp_path}/x.db"},
    )
    assert result.exit_code == 0, result.output
    assert (seen["http"], seen["loop"], seen["workers"]) == ("httptools", "uvloop", 2)


def test_an_accepted_connection_has_tcp_nodelay_on_a_workers_inherited_socket() -> None:
    """The cause itself: a worker of ``--workers N`` serves on a listening socket it was
    handed (not one it bound), the case where h11 on asyncio left TCP_NODELAY off. On the
    stack ``euchre serve`` chooses, the socket of an accepted connection has it on."""
    import asyncio

    import uvicorn
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    from euchre.cli.web_cmds import loop_implementation

    nodelay: list[int] = []

    class Recording(HttpToolsProtocol):
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            raw = transport.get_extra_info("socket")
            nodelay.append(raw.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            super().connection_made(transport)

    async def hello(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    listening = socket.socket()
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    config = uvicorn.Config(
        hello, http=Recording, loop=loop_implementation(), lifespan="off", log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
            time.sleep(0.05)
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).text == "ok"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listening.close()
    assert nodelay and all(nodelay), nodelay


def test_a_worker_collects_young_objects_in_large_batches() -> None:
    """The cause of the worker's short collector pauses, not their length (the figures are
    in ``euchre.web.server.YOUNG_COLLECTION_THRESHOLD``): what the app factory calls
    freezes what was built at start-up and raises the first threshold from Python's 700."""
    before = gc.get_threshold()
    try:
        settle_collector()
        assert gc.get_threshold() == (YOUNG_COLLECTION_THRESHOLD, 10, 10)
        assert YOUNG_COLLECTION_THRESHOLD > 700
        assert gc.get_freeze_count() > 0
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
