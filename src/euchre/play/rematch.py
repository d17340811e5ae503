"""Friends' flow between games at a casual table: a rematch offered and accepted, and the
table's notices (who offered, who declined, who left).

A rematch is offered by one player (``rematch``: the same seats, ``rematch swap``: partners
swapped) and starts only when every human at the table has accepted (``accept``); anyone may
say no (``decline``), the player who offered it included, which withdraws it. Swapping
partners moves West to North, North to East and East to West (South keeps his seat), so
three rematches in a row with swaps play each of the three partnerships once. When this
happens in the game is :mod:`euchre.play.flow`'s; this module only says what it is.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from euchre.play.config import SEAT_NAMES

__all__ = [
    "ACCEPT",
    "DECLINE",
    "OFFER_SAME",
    "OFFER_SWAP",
    "REMATCH_WORDS",
    "SWAP_MOVES",
    "Notice",
    "NoticeKind",
    "RematchOffer",
    "moved",
    "notice_text",
]

OFFER_SAME = "rematch"
"""A player offers a rematch with everyone in the same seat."""
OFFER_SWAP = "rematch swap"
"""A player offers a rematch with partners swapped (:data:`SWAP_MOVES`)."""
ACCEPT = "accept"
DECLINE = "decline"
REMATCH_WORDS = frozenset({OFFER_SAME, OFFER_SWAP, ACCEPT, DECLINE})
"""The moves between games (none of them counts as a move of a hand)."""
SWAP_MOVES = {1: 2, 2: 3, 3: 1}
"""Where each player who moves goes when partners are swapped (old seat → new seat)."""

_T = TypeVar("_T")


def moved(values: Sequence[_T], moves: dict[int, int]) -> list[_T]:
    """``values`` by seat after the players moved by ``moves`` (old seat → new seat)."""
    out = list(values)
    for old, new in moves.items():
        out[new] = values[old]
    return out


@dataclass(slots=True)
class RematchOffer:
    """A rematch one player offered, and who has accepted it so far (the offerer included)."""

    by: int
    swap: bool
    accepted: set[int] = field(default_factory=set)

    def copy(self) -> RematchOffer:
        """An independent copy (for a throwaway table)."""
        return RematchOffer(self.by, self.swap, set(self.accepted))

    def to_json(self, humans: Sequence[int]) -> dict[str, Any]:
        """As every view shows it: who offered, how, who accepted and who is still asked."""
        return {
            "by": self.by,
            "swap": self.swap,
            "arrangement": "swap partners" if self.swap else "same seats",
            "accepted": sorted(self.accepted),
            "waiting": [seat for seat in humans if seat not in self.accepted],
        }


class NoticeKind(enum.StrEnum):
    """What a table notice says happened."""

    OFFERED = "offered"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    WITHDREW = "withdrew"
    STARTED = "started"
    LEFT = "left"


@dataclass(frozen=True, slots=True)
class Notice:
    """One line the whole table is told (a rematch offered, accepted, declined; a player who
    left): the seat it is about and, for the page, its words with the seats' compass names."""

    number: int
    kind: NoticeKind
    seat: int
    text: str

    def to_json(self) -> dict[str, Any]:
        """As every view shows it."""
        return {
            "number": self.number,
            "kind": self.kind.value,
            "seat": self.seat,
            "text": self.text,
        }


def notice_text(kind: NoticeKind, seat: int, *, swap: bool = False, player: str = "") -> str:
    """The words of a notice about ``seat`` (``swap``: the offer's arrangement; ``player``:
    the computer player that took a seat)."""
    who = SEAT_NAMES[seat]
    arrangement = "swap partners" if swap else "same seats"
    if kind is NoticeKind.OFFERED:
        return f"{who} offers a rematch: {arrangement}."
    if kind is NoticeKind.ACCEPTED:
        return f"{who} accepts the rematch."
    if kind is NoticeKind.DECLINED:
        return f"{who} says no to the rematch."
    if kind is NoticeKind.WITHDREW:
        return f"{who} withdrew the rematch offer."
    if kind is NoticeKind.STARTED:
        return f"Everyone accepted: a new game starts ({arrangement})."
    return f"{who} had to go: a computer player ({player}) plays the seat from now on."
