"""Names people and teams go by: tidied, and refused beyond a limit (never cut)."""

from __future__ import annotations

from euchre.store.errors import StoreError
from euchre.tournament.errors import TournamentError
from euchre.tournament.naming import NAME_LIMIT, tidy_name

__all__ = ["NAME_LIMIT", "check_name", "name_key"]


def check_name(name: str, what: str) -> str:
    """``name`` with its spaces tidied (``what``: "player name", "team name"); raises
    ``StoreError`` for an empty name or one longer than :data:`NAME_LIMIT`, quoting it (the
    core's :func:`~euchre.tournament.naming.tidy_name`, whose words the CLI shares)."""
    try:
        return tidy_name(name, what)
    except TournamentError as error:
        raise StoreError(str(error)) from None


def name_key(name: str) -> str:
    """``name`` as the club's roster compares names: spaces tidied, letters' case ignored
    ("ann  BAKER" is "Ann Baker")."""
    return " ".join(name.split()).casefold()
