"""The fan-out sends a change to a table's sockets one after another under one timeout: a
socket that died or stalled is dropped and closed, and the others still get the change."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import pytest
from fastapi import WebSocket

from euchre.store.play.service import PlayService
from euchre.web import play_ws
from euchre.web.play_ws import PlayRuntime, Subscriber


class FakeSocket:
    """A socket that records what it was sent; ``mode``: ``ok``, ``dead`` or ``stalled``."""

    def __init__(self, mode: str = "ok") -> None:
        self.mode = mode
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, message: str) -> None:
        if self.mode == "dead":
            raise RuntimeError("the client went away")
        if self.mode == "stalled":
            await asyncio.sleep(3600)
        self.sent.append(message)

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_a_dead_and_a_stalled_socket_are_dropped_and_the_rest_get_the_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(play_ws, "_SEND_TIMEOUT", 0.2)
    runtime = PlayRuntime(cast(PlayService, None), bot_delay=0)
    modes = ["ok", "dead", "ok", "stalled", "ok"]
    sockets = [FakeSocket(mode) for mode in modes]
    subscribers = [
        Subscriber(cast(WebSocket, cast(Any, socket)), seat if seat < 4 else None)
        for seat, socket in enumerate(sockets)
    ]
    for subscriber in subscribers:
        runtime.subscribe("T", subscriber)
    messages: dict[int | None, str] = {seat: f"view {seat}" for seat in range(4)}
    messages[None] = "view spectators"

    async def fan_out() -> None:
        await runtime._send_all("T", subscribers, 7, messages)
        # A later change skips nobody that is left, and sends an older seq to none.
        await runtime._send_all("T", list(runtime.subscribers["T"]), 6, messages)

    # On a thread of its own: a Playwright sync session elsewhere in this test process keeps
    # an event loop running on the main thread, and asyncio.run refuses to start there.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, fan_out()).result()
    assert [socket.sent for socket in sockets] == [
        ["view 0"],
        [],
        ["view 2"],
        [],
        ["view spectators"],
    ]
    assert [socket.closed for socket in sockets] == [None, 1011, None, 1011, None]
    assert runtime.subscribers["T"] == {subscribers[0], subscribers[2], subscribers[4]}
