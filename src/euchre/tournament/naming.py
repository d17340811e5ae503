"""How messages name people: by the name the event knows them by, never by an internal id.

Every check that can name a player or a partnership in its message takes a
:class:`PlayerNames` (or the plain ``id -> name`` mapping it is built from): the store and the
CLI pass the names they hold, so a message reads "times euchred of Ann Baker", not "euchres
of '7'". An id the mapping lacks (a player who is not in the event) is shown as "player 7",
the one place an id can still appear.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from euchre.tournament.errors import TournamentError

__all__ = ["NAME_LIMIT", "PlayerNames", "tidy_name"]

NAME_LIMIT = 40
"""The most characters a player's or a team's name may have: a name is refused beyond it,
never cut, so that what the director typed is what every page and printout shows."""


def tidy_name(name: str, what: str) -> str:
    """``name`` with its spaces tidied (``what``: "player name", "team name"); raises
    ``TournamentError`` for an empty name or one longer than :data:`NAME_LIMIT`, quoting it.
    The web app (through :func:`euchre.store.names.check_name`) and the CLI share it."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise TournamentError(f"{what} must not be empty")
    if len(cleaned) > NAME_LIMIT:
        raise TournamentError(
            f"{what[0].upper()}{what[1:]}s can be at most {NAME_LIMIT} characters; "
            f"'{cleaned[:NAME_LIMIT]}…' has {len(cleaned)}: shorten it"
        )
    return cleaned


class PlayerNames:
    """Player id -> name for messages; ``partnerships`` (a table's two sides) lets a message
    name a team by its players."""

    def __init__(
        self,
        names: Mapping[str, str] | None = None,
        partnerships: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
    ) -> None:
        self.names: dict[str, str] = dict(names or {})
        self.partnerships = partnerships

    def player(self, player: str) -> str:
        """The player's name ("player 7" for an id the event does not know)."""
        return self.names.get(player) or f"player {player}"

    def players(self, players: Iterable[str]) -> str:
        """Several players' names, comma separated, in the order given."""
        return ", ".join(self.player(player) for player in players)

    def team(self, side: int) -> str:
        """A table's partnership (0 or 1) by its players' names ("team 1" without a
        seating)."""
        if self.partnerships is None:
            return f"team {side + 1}"
        return " & ".join(self.player(player) for player in self.partnerships[side])
