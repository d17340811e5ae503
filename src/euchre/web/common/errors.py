"""The HTTP status of an error raised by the layers below (one function for the app's error
handlers, the pages that show a refusal again, the play pages and sockets, and the online
night's pages). Each error class carries its own status (``http_status``); only the
database's own integrity error, which is not ours, is mapped here."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from euchre.engine.errors import EuchreError

__all__ = ["status_for"]


def status_for(error: Exception) -> int:
    """The HTTP status for an error raised by the layers below: the error's own
    ``http_status`` (400 for any other bad input; 409 for a database integrity error)."""
    if isinstance(error, EuchreError):
        return error.http_status
    if isinstance(error, IntegrityError):
        return 409
    return 400
