"""The play service's own refusals (the web layer maps each to its HTTP status)."""

from __future__ import annotations

from typing import ClassVar

from euchre.store.errors import ConflictError, StoreError

__all__ = ["ForbiddenError", "StaleError"]


class ForbiddenError(StoreError):
    """A missing or wrong seat token (HTTP 403, from the app's one error mapping)."""

    http_status: ClassVar[int] = 403


class StaleError(ConflictError):
    """An action sent for a ``seq`` the table has moved past (HTTP 409)."""
