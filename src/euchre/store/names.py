"""Names people and teams go by: tidied, and refused beyond a limit (never cut)."""

from __future__ import annotations

from euchre.store.errors import StoreError

__all__ = ["NAME_LIMIT", "check_name", "name_key"]

NAME_LIMIT = 40
"""The most characters a player's or a team's name may have: a name is refused beyond it,
never cut, so that what the director typed is what every page and printout shows."""


def check_name(name: str, what: str) -> str:
    """``name`` with its spaces tidied (``what``: "player name", "team name"); raises
    ``StoreError`` for an empty name or one longer than :data:`NAME_LIMIT`, quoting it."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise StoreError(f"{what} must not be empty")
    if len(cleaned) > NAME_LIMIT:
        raise StoreError(
            f"{what[0].upper()}{what[1:]}s can be at most {NAME_LIMIT} characters; "
            f"'{cleaned[:NAME_LIMIT]}…' has {len(cleaned)}: shorten it"
        )
    return cleaned


def name_key(name: str) -> str:
    """``name`` as the club's roster compares names: spaces tidied, letters' case ignored
    ("ann  BAKER" is "Ann Baker")."""
    return " ".join(name.split()).casefold()
