"""The fan-out sends a change to a table's sockets one after another under one timeout: a
socket that died or stalled is dropped and closed, and the others still get the change."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

import pytest
from fastapi import WebSocket

from euchre.store.db import Database
from euchre.store.play.service import PlayService
from euchre.web.play import socket as play_ws
from euchre.web.play.socket import PlayRuntime, Subscriber

from .helpers import four_humans


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


def test_a_change_made_while_a_phone_is_opening_its_socket_reaches_it_after_its_first_view(
    tmp_path: Path,
) -> None:
    """A socket listens before its table is read (so no change committed meanwhile, here or
    on another worker, is missed) but gets no view until it has its first: a change made in
    between is sent to it as soon as it has, and the sockets already open get it at once."""
    database = Database(f"sqlite:///{tmp_path / 'play.db'}")
    database.migrate()
    service = PlayService(database)
    table, tickets, _ = four_humans(service, seed=3)
    runtime = PlayRuntime(service, bot_delay=0)
    seated_phone, new_phone = FakeSocket(), FakeSocket()
    seated = Subscriber(cast(WebSocket, cast(Any, seated_phone)), 0)
    opening = Subscriber(cast(WebSocket, cast(Any, new_phone)), None, opening=True)

    async def settled() -> None:
        while table in runtime._pushers:
            await asyncio.sleep(0.01)

    async def storm() -> list[int]:
        runtime.subscribe(table, seated)
        runtime.subscribe(table, opening)
        token = tickets[2].token
        first = service.open_socket(table, token, 0)  # the new phone's read: seq 0
        service.act(table, seat=1, action="sit", seq=0, want_view=False)  # meanwhile: seq 1
        runtime._push(table)
        await settled()
        passed_over = [len(new_phone.sent), int(opening.changed)]
        opening.seat, opening.token, opening.epoch = first.seat, token, first.epoch
        await opening.send_view(first.seq, play_ws.view_message_text(first.view_text))
        runtime.opened(table, opening, first.seq)
        await settled()
        return passed_over

    with ThreadPoolExecutor(1) as pool:
        passed_over = pool.submit(asyncio.run, storm()).result()
    assert passed_over == [0, 1]  # nothing sent while it was opening; the change noted
    assert [json.loads(text)["view"]["seq"] for text in seated_phone.sent] == [1]
    views = [json.loads(text)["view"] for text in new_phone.sent]
    assert [(view["seq"], view["seat"]) for view in views] == [(0, 2), (1, 2)]
