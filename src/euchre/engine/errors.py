"""The engine's errors: one base class, every message naming the bad input."""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "EuchreError",
    "HandRecordError",
    "IllegalActionError",
    "RuleProfileError",
]


class EuchreError(ValueError):
    """Base of every error the engine raises for bad input."""


class CardParseError(EuchreError):
    """Card, suit or rank text that cannot be read."""


class RuleProfileError(EuchreError):
    """An unknown profile, an unknown option, a bad value or an impossible combination."""


class IllegalActionError(EuchreError):
    """An action that is malformed or not legal in the current state."""


class HandRecordError(EuchreError):
    """A malformed hand record (the message names the bad field)."""
