"""The tournament layer's one error base."""

from __future__ import annotations

from euchre.engine.errors import EuchreError

__all__ = ["TournamentError"]


class TournamentError(EuchreError):
    """Bad tournament input: the message names it and says what would be valid."""
