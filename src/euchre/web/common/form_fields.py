"""Fields of the app's HTML forms: the one whole-number parser and the one form error.

Every form (the dashboard's, a table's phone, the online night's live page) reads a number
with :func:`whole_number` and refuses with :class:`FormError`, which names the field (the
page marks it) and quotes what was typed, so a refusal reads the same on every page.
"""

from __future__ import annotations

import re

from euchre.store.errors import StoreError

__all__ = ["FormError", "optional_whole_number", "whole_number"]

_WHOLE = re.compile(r"-?\d+")
"""Digits (any script's: a phone may type "٣") with an optional minus; not "3.0", "+3" or
"1_000", two of which ``int`` alone would take."""


class FormError(StoreError):
    """A form field that is not what it should be; ``field`` names it for the page ("" when
    the page has no field to mark)."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def whole_number(text: str, what: str, *, field: str = "", minimum: int | None = None) -> int:
    """``text`` as a whole number; refused, naming ``what`` and quoting the text, when it is
    not one or is below ``minimum``."""
    typed = text.strip()
    if not _WHOLE.fullmatch(typed):
        raise FormError(f"{what} must be a whole number, got {typed!r}", field=field)
    value = int(typed)
    if minimum is not None and value < minimum:
        raise FormError(f"{what} must be {minimum} or more, got {value}", field=field)
    return value


def optional_whole_number(
    text: str, what: str, *, field: str = "", minimum: int | None = None
) -> int | None:
    """Like :func:`whole_number` for a field that may be left empty (None)."""
    return whole_number(text, what, field=field, minimum=minimum) if text.strip() else None
