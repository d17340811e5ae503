"""The engine's errors: one base class, every message naming the bad input."""

from __future__ import annotations

from typing import ClassVar

__all__ = [
    "CardParseError",
    "EuchreError",
    "HandRecordError",
    "IllegalActionError",
    "InvalidActionError",
    "RuleProfileError",
]


class EuchreError(ValueError):
    """Base of every error the engine raises for bad input.

    ``http_status``: the status a request refused with this error answers (400: bad input);
    a subclass for a missing thing or a conflict with the current state says its own, so
    the web edge maps no error by hand."""

    http_status: ClassVar[int] = 400


class CardParseError(EuchreError):
    """Card, suit or rank text that cannot be read."""


class RuleProfileError(EuchreError):
    """An unknown profile, an unknown option, a bad value or an impossible combination."""


class InvalidActionError(EuchreError):
    """Action text (or an action code) that cannot be read: no such action exists
    (python-chess's ``InvalidMoveError``)."""


class IllegalActionError(EuchreError):
    """A well-formed action that is not legal in the current state, or not allowed in a hand
    record there (python-chess's ``IllegalMoveError``)."""


class HandRecordError(EuchreError):
    """A malformed hand record (the message names the bad field)."""
