"""Errors the storage services raise; the web layer turns each into a 4xx JSON body."""

from __future__ import annotations

from typing import ClassVar

from euchre.engine.errors import EuchreError

__all__ = [
    "AuthError",
    "ConflictError",
    "NotFoundError",
    "RateLimitedError",
    "StoreError",
]


class StoreError(EuchreError):
    """Base of every storage-service error (bad input, always a 4xx at the web edge)."""


class NotFoundError(StoreError):
    """Something named by id or code does not exist (HTTP 404)."""

    http_status: ClassVar[int] = 404


class ConflictError(StoreError):
    """The request does not fit the event's current state (HTTP 409)."""

    http_status: ClassVar[int] = 409


class AuthError(StoreError):
    """A wrong password, a missing session or a wrong player code (HTTP 401/403)."""

    http_status: ClassVar[int] = 401


class RateLimitedError(StoreError):
    """Too many wrong codes from one client; ``retry_after`` says how long to wait (HTTP 429)."""

    http_status: ClassVar[int] = 429

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
