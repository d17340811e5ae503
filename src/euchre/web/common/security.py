"""Director sessions (a signed cookie or a bearer token) and CSRF protection.

The cookie holds the director's id and a random CSRF token, signed with the secret kept in
the database (so every worker accepts it). A form post must carry that token in its
``csrf_token`` field; an API call authenticated by the cookie must send it in the
``X-CSRF-Token`` header. A call authenticated by ``Authorization: Bearer <token>`` (the same
signed value, which browsers never attach on their own) needs no CSRF token.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import ClassVar

from fastapi import Request
from itsdangerous import BadSignature, URLSafeSerializer, URLSafeTimedSerializer

from euchre.store.errors import AuthError

__all__ = [
    "COOKIE_NAME",
    "SESSION_MAX_AGE",
    "CsrfError",
    "DirectorSession",
    "SessionSigner",
    "check_csrf",
    "client_key",
    "read_session",
]

COOKIE_NAME = "euchre_session"
SESSION_MAX_AGE = 14 * 24 * 3600


class CsrfError(AuthError):
    """A state-changing request without this session's CSRF token (HTTP 403)."""

    http_status: ClassVar[int] = 403


@dataclass(frozen=True)
class DirectorSession:
    """A logged-in director, as read from the cookie or bearer token."""

    director_id: int
    name: str
    csrf_token: str
    via_bearer: bool = False


class SessionSigner:
    """Signs and reads session values with the app's secret."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="director-session")
        self._flash = URLSafeSerializer(secret, salt="flash")
        self._device = URLSafeSerializer(secret, salt="device")

    def device(self, device_id: str) -> str:
        """``device_id`` signed for the device cookie (``euchre.web.common.devices``)."""
        return self._device.dumps(device_id)

    def read_device(self, value: str) -> str | None:
        """The device id a cookie value carries; None for anything the app did not sign (a
        made-up id must not escape its address's wrong-code count)."""
        try:
            device_id = self._device.loads(value)
        except BadSignature:
            return None
        return device_id if isinstance(device_id, str) else None

    def flash(self, message: str) -> str:
        """``message`` signed for a redirect's ``?msg=`` (only the app can write one)."""
        return self._flash.dumps(message)

    def read_flash(self, value: str) -> str:
        """The message a signed ``?msg=`` value carries; "" for anything the app did not
        sign (a link cannot put its own words in the status line)."""
        try:
            message = self._flash.loads(value)
        except BadSignature:
            return ""
        return message if isinstance(message, str) else ""

    def issue(self, *, director_id: int, name: str) -> tuple[str, str]:
        """A new signed session value and its CSRF token."""
        csrf_token = secrets.token_urlsafe(24)
        value = self._serializer.dumps({"d": director_id, "n": name, "c": csrf_token})
        return value, csrf_token

    def read(self, value: str, *, via_bearer: bool = False) -> DirectorSession:
        """The session a signed value stands for (raises ``AuthError``)."""
        try:
            data = self._serializer.loads(value, max_age=SESSION_MAX_AGE)
        except BadSignature:
            raise AuthError("the login session is invalid or expired; log in again") from None
        if not isinstance(data, dict) or not isinstance(data.get("d"), int):
            raise AuthError("the login session is invalid; log in again")
        return DirectorSession(int(data["d"]), str(data["n"]), str(data["c"]), via_bearer)


def read_session(request: Request, signer: SessionSigner) -> DirectorSession | None:
    """The director's session carried by this request, if any."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return signer.read(header[7:].strip(), via_bearer=True)
    cookie = request.cookies.get(COOKIE_NAME)
    if cookie:
        try:
            return signer.read(cookie)
        except AuthError:
            return None
    return None


def check_csrf(session: DirectorSession, supplied: str | None) -> None:
    """Raise ``AuthError`` unless ``supplied`` is this session's CSRF token."""
    if session.via_bearer:
        return
    if not supplied or not hmac.compare_digest(supplied, session.csrf_token):
        raise CsrfError(
            "missing or wrong CSRF token: reload the page (forms) or send the X-CSRF-Token "
            "header from the login response (API)"
        )


def client_key(request: Request) -> str:
    """Who is knocking, for the wrong-code rate limit (the client's address)."""
    host = request.client.host if request.client else "unknown"
    return f"codes:{host}"
