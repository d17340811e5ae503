"""Which device is guessing a code: a signed cookie of its own, so that one phone's wrong
codes slow down that phone, never the other phones sharing a hall's Wi-Fi address (see
``docs/play.md``, "Wrong codes in a hall").

A device gets its cookie from its first code request that its address was not blocked for
(a table's page, a join, the seat finder); until then it counts as its address. Nothing else
hands the cookie out, so a blocked address cannot collect fresh ones.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from euchre.store.access.ratelimit import (
    ADDRESS_FREE_FAILURES,
    DEVICE_FREE_FAILURES,
    NEW_DEVICES_PER_ADDRESS,
    WINDOW,
)
from euchre.web.common.security import SessionSigner

__all__ = [
    "DEVICE_COOKIE",
    "DEVICE_MAX_AGE",
    "DeviceCookies",
    "DeviceMint",
    "Guesser",
    "guesser",
    "hand_out_device",
    "may_hand_out",
]

DEVICE_COOKIE = "euchre_device"
DEVICE_MAX_AGE = 400 * 24 * 3600
_NEW_DEVICE = "euchre_new_device"


@dataclass(frozen=True, slots=True)
class Guesser:
    """Whose wrong codes a request counts as: its device's (``device_id``), or its
    address's when it has no device yet; ``free``: the wrong codes allowed in the window."""

    key: str
    device_id: str | None
    free: int


def guesser(request: Request, signer: SessionSigner) -> Guesser:
    """The device (or, without a signed device cookie, the address) a request comes from."""
    cookie = request.cookies.get(DEVICE_COOKIE)
    device_id = signer.read_device(cookie) if cookie else None
    if device_id is not None:
        return Guesser(f"guess:device:{device_id}", device_id, DEVICE_FREE_FAILURES)
    host = request.client.host if request.client else "unknown"
    return Guesser(f"guess:address:{host}", None, ADDRESS_FREE_FAILURES)


_QUIET = WINDOW.total_seconds()
_ADDRESSES_KEPT = 10_000


class DeviceMint:
    """How many device cookies each address was handed: ``NEW_DEVICES_PER_ADDRESS`` before a
    quiet ``WINDOW`` (a hall's phones), so a script holding a right code cannot mint devices
    to multiply its guesses. Kept in the app's memory (no query on a table's request; with
    several workers each counts its own)."""

    def __init__(self) -> None:
        self._handed: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._lock = threading.Lock()

    def allow(self, host: str) -> bool:
        """Count one cookie for ``host``; False once its allowance is spent."""
        now = time.monotonic()
        with self._lock:
            count, last = self._handed.pop(host, (0, now))
            count = 1 if now - last > _QUIET else count + 1
            self._handed[host] = (count, now)
            while len(self._handed) > _ADDRESSES_KEPT:
                self._handed.popitem(last=False)
        return count <= NEW_DEVICES_PER_ADDRESS


def may_hand_out(request: Request) -> bool:
    """Whether this request's address may be handed one more device cookie (the app's
    :class:`DeviceMint`)."""
    mint: DeviceMint = request.app.state.device_mint
    return mint.allow(request.client.host if request.client else "unknown")


def hand_out_device(request: Request, signer: SessionSigner) -> None:
    """Give this request's device its own cookie with the response (it came without one)."""
    state: dict[str, Any] = request.scope.setdefault("state", {})
    state[_NEW_DEVICE] = signer.device(secrets.token_urlsafe(16))


class DeviceCookies:
    """ASGI middleware: sets the device cookie :func:`hand_out_device` asked for."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                value = scope.get("state", {}).get(_NEW_DEVICE)
                if value is not None:
                    secure = "; Secure" if scope.get("scheme") == "https" else ""
                    cookie = (
                        f"{DEVICE_COOKIE}={value}; Max-Age={DEVICE_MAX_AGE}; Path=/; "
                        f"HttpOnly; SameSite=Lax{secure}"
                    )
                    headers = list(message.get("headers", []))
                    headers.append((b"set-cookie", cookie.encode("latin-1")))
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)
