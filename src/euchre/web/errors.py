"""The HTTP status of an error raised by the layers below (one mapping for the app's error
handlers, the play pages and sockets, and the online night's pages)."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from euchre.store.errors import AuthError, ConflictError, NotFoundError, RateLimitedError
from euchre.web.security import CsrfError

__all__ = ["status_for"]


def status_for(error: Exception) -> int:
    """The HTTP status for an error raised by the layers below."""
    if isinstance(error, RateLimitedError):
        return 429
    if isinstance(error, CsrfError):
        return 403
    if isinstance(error, AuthError):
        return 401
    if isinstance(error, NotFoundError):
        return 404
    if isinstance(error, ConflictError | IntegrityError):
        return 409
    return 400
