"""Whether a night's seat classes can be paired as its sheet says (``pair_classes =
"one_of_each"``: Ohio's "each team has a red sheet and white sheet").

A night entered with ten red and six white sheets cannot seat every partnership red and
white: the movement then seats the best it can (two red-red partnerships), and the director is
told before the round starts, in words naming the counts (:func:`unpaired_classes`).
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.tournament.formats import FORMATS
from euchre.tournament.model import EventConfig
from euchre.tournament.movement_spec import PairClasses
from euchre.tournament.sheets import get_sheet

__all__ = ["unpaired_classes"]


def paired_classes(config: EventConfig) -> tuple[str, str] | None:
    """The two seat classes the event's movement partners one of each (``high``, ``low``), or
    None when it pairs no classes (no query: the sheet and the format are in memory)."""
    spec = FORMATS.get(config.format)
    sheet = get_sheet(config.profile_id)
    if spec is None or sheet is None or spec.fixed_partners:
        return None
    if spec.movement_for(config).pair_classes is not PairClasses.ONE_OF_EACH:
        return None
    names = sheet.seat_classes[:2]
    return (names[0], names[1]) if len(names) == 2 else None


def unpaired_classes(config: EventConfig, seat_classes: Sequence[str | None]) -> str | None:
    """The sentence saying why the players of one round (``seat_classes``: each player's
    class) cannot all partner one of each class, or None when they can (or the sheet does
    not pair classes). The players who sit out (the count past a multiple of four) are
    allowed for: nine red and nine white pair, ten red and six white do not."""
    names = paired_classes(config)
    if names is None:
        return None
    counts = [sum(1 for seat_class in seat_classes if seat_class == name) for name in names]
    seated = len(seat_classes) - len(seat_classes) % 4
    partnerships = seated // 2
    if seated == 0 or min(counts) >= partnerships:
        return None
    many = names[0] if counts[0] > counts[1] else names[1]
    same = partnerships - min(counts)
    return (
        f"the sheet partners one {names[0]} with one {names[1]} player, but "
        f"{counts[0]} {names[0]} and {counts[1]} {names[1]} players are playing: "
        f"{same} partnership{'s' if same != 1 else ''} would be {many} and {many}"
    )
