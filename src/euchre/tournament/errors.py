"""The tournament layer's one error base."""

from __future__ import annotations

from typing import ClassVar

from euchre.engine.errors import EuchreError

__all__ = ["TournamentConflictError", "TournamentError"]


class TournamentError(EuchreError):
    """Bad tournament input: the message names it and says what would be valid."""


class TournamentConflictError(TournamentError):
    """The input does not fit what is recorded (a correction that changes nothing; HTTP
    409)."""

    http_status: ClassVar[int] = 409
