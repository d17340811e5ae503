"""What a printout is made of: plain frozen values (no database, no HTTP) that a route builds
from its rows and hands to :mod:`euchre.printing`'s functions."""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = [
    "RULED_HAND_NOTE",
    "AssignmentRow",
    "OpponentCheck",
    "PlayerScorecardData",
    "ScorecardRound",
    "SheetWording",
    "TableCardData",
    "TallyTableData",
    "TallyTeam",
]


class OpponentCheck(enum.Enum):
    """How an opponent vouches for a team's written score, as the event's rule sheet says."""

    INITIALS = "initials"
    """Ballantrae: the tally sheet "is then initialed by an opposing player"."""
    SIGNATURE = "signature"
    """Valpo rule 18: teams "have their opponent sign" their scorecard."""

    @property
    def column_title(self) -> str:
        """The heading of the column or box where the opponent writes."""
        return "Opp. initials" if self is OpponentCheck.INITIALS else "Opponent's signature"

    @property
    def instruction(self) -> str:
        """The sentence printed under the lines, telling the table what to do."""
        return self.instruction_for("Round")

    def instruction_for(self, game_word: str) -> str:
        """:attr:`instruction` in the sheet's word for a game ("round", Bolivar's "game")."""
        if self is OpponentCheck.INITIALS:
            return (
                f"At the end of the {game_word.lower()} an opposing player checks the total "
                "and initials it."
            )
        return "Before rotating, write down your score and have your opponent sign this scorecard."


RULED_HAND_NOTE = (
    "A hand the director rules on is written 0-0 when his ruling ends the hand, and as played "
    "when the hand is played out: the director records the penalty points."
)
"""Printed on every tally sheet: a penalty's points are held by the director's record only."""


@dataclass(frozen=True)
class TableCardData:
    """One table, as printed on the card that stands on it all evening.

    ``url`` is the full address of the table's page (what the QR code encodes);
    ``table_code`` is the short code a player can type instead. A table's code lasts the
    evening, so the card names no round and nobody seated there.
    """

    table_number: int
    table_code: str
    url: str


@dataclass(frozen=True)
class TallyTeam:
    """A team as written at the top of its tally sheet."""

    team_name: str
    player_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class TallyTableData:
    """One table of a round for the tally sheets: its two teams get one sheet each."""

    table_number: int
    table_code: str
    teams: tuple[TallyTeam, TallyTeam]
    each_for_himself: tuple[str, ...] = ()
    """A table of three: its three players' names, each scoring for himself (one sheet with
    a column per player; ``teams`` is then not printed)."""


@dataclass(frozen=True)
class ScorecardRound:
    """One line of a player's scorecard; fields left ``None`` print as blanks to fill in."""

    round_number: int
    table_number: int | None = None
    partner: str | None = None
    opponents: tuple[str, ...] = ()
    points: int | None = None
    sat_out: bool = False
    absent: str = ""
    """Why the player played no game this round ("not here yet", "left"), printed in the
    partner's box: a late arrival's and a leaver's card has a real line for every round."""


@dataclass(frozen=True)
class PlayerScorecardData:
    """A player's scorecard for a rotating-partner (progressive) event. ``code`` is the
    player's own code, printed on his card only (he confirms his opponents' scores with it):
    cards that carry a code are printed one per page, so no sheet holds two players' codes."""

    player_name: str
    rounds: tuple[ScorecardRound, ...]
    player_number: int | None = None
    code: str | None = None


@dataclass(frozen=True)
class SheetWording:
    """How a rule sheet names things on its tally sheets: ``game_word`` ("Round", or
    Bolivar's "Game"), ``notes``, the sheet's own sentences printed under the lines, and
    ``hand_in``, where the sheet says the tally sheet goes (printed only when it says)."""

    game_word: str = "Round"
    notes: tuple[str, ...] = ()
    hand_in: str = ""
    three_handed: str = ""
    """How a table of three is scored, printed on its sheet (the sheet's words, else the
    default cutthroat sentence)."""


@dataclass(frozen=True)
class AssignmentRow:
    """One line of the round's seating list: a table and who plays there (one line per
    partnership)."""

    table_number: int
    table_code: str
    seated: tuple[str, ...]
