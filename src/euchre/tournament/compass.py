"""Compass seats (North, East, South, West) of a movement that moves players by seat
(``partners = "by_seat"``: Chatgamers' "North seat will be stationary ...").

The decision, written in ``docs/sheets.md``: a table's first partnership is North & South
(its first player North), its second East & West (its first player East). That is the order
the movement reads a table in (:data:`~euchre.tournament.movement_spec.COMPASS_ORDER`), so
what every page and printout names is the seat the movement moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.tournament.formats import FORMATS
from euchre.tournament.model import EventConfig, Stage
from euchre.tournament.movement_spec import Partners

__all__ = ["SEAT_WORDS", "compass_seats", "seats_by_compass"]

SEAT_WORDS: tuple[tuple[str, str], tuple[str, str]] = (("North", "South"), ("East", "West"))
"""Each listed player's seat: partnership 0 is North & South, partnership 1 East & West."""


def seats_by_compass(config: EventConfig, stage: Stage | str = Stage.MAIN) -> bool:
    """Whether the event's main rounds move players by compass seat (a playoff round is
    seated by its own plan, not by seat)."""
    spec = FORMATS.get(config.format)
    if spec is None or stage != Stage.MAIN:
        return False
    return spec.movement_for(config).partners is Partners.BY_SEAT


def compass_seats(partnerships: Sequence[Sequence[str]]) -> dict[str, str]:
    """Each compass seat of a table (its two ``partnerships`` as listed) and its player
    ("North" -> "9"), in the order North, South, East, West."""
    return {
        word: player
        for words, pair in zip(SEAT_WORDS, partnerships, strict=True)
        for word, player in zip(words, pair, strict=True)
    }
