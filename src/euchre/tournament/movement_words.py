"""A movement as data (:class:`~euchre.tournament.movement_spec.MovementSpec`) said in
words, rule by rule, each move with the way it goes in table numbers: "up 1" is to the next
LOWER-numbered table, toward table 1 (the head); "down 1" to the next higher-numbered one.
A club that says "up to the next higher numbered table" means ``down 1`` here; the words
shown by ``euchre sheets show``, the event's API and the dashboard make the trap visible.
"""

from __future__ import annotations

from euchre.tournament.formats import FORMATS
from euchre.tournament.model import EventConfig
from euchre.tournament.movement_spec import (
    Ends,
    MovementSpec,
    MoveRule,
    MoveTo,
    PairClasses,
    Partners,
    Redraw,
    SitOuts,
    Who,
    parse_move,
)

__all__ = ["event_movement_words", "move_words", "movement_words"]

_WHO = {Who.WINNERS: "the winners", Who.LOSERS: "the losers", Who.EVERYONE: "everyone"}

_PARTNERS = {
    Partners.KEEP: "partners stay together",
    Partners.SPLIT: "the two players who stayed at a table become opponents, each with a new "
    "partner",
    Partners.WINNERS_MEET: "the winners split and play against each other, each with a new partner",
    Partners.BY_SEAT: "North partners South, East partners West (a table's first partnership "
    "listed is North & South)",
}


def move_words(text: str) -> str:
    """One move (``"up 1"``) in words with its way in table numbers: "up 1: to the next
    lower-numbered table, toward table 1"."""
    where, steps = parse_move(text)
    tables = "the next" if steps == 1 else f"{steps} tables to the"
    if where is MoveTo.UP:
        return f"up {steps}: to {tables} lower-numbered table, toward table 1 (the head)"
    if where is MoveTo.DOWN:
        return f"down {steps}: to {tables} higher-numbered table, away from table 1"
    return {
        MoveTo.STAY: "stay at their table",
        MoveTo.HEAD: "to table 1 (the head)",
        MoveTo.FOOT: "to the last table (the foot)",
        MoveTo.ANYWHERE: "to any table, placed by a search",
    }[where]


def _rule_words(rule: MoveRule) -> str:
    whom = _WHO[rule.who]
    if rule.seat_class is not None:
        whom += f" of seat class {rule.seat_class}"
    if rule.seat is not None:
        whom += f" at {rule.seat.value.capitalize()}"
    text = f"{whom}: {move_words(rule.move)}"
    if rule.at_head is not None:
        text += f"; from table 1: {move_words(rule.at_head)}"
    if rule.at_foot is not None:
        text += f"; from the last table: {move_words(rule.at_foot)}"
    where, _steps = parse_move(rule.move)
    if where in (MoveTo.UP, MoveTo.DOWN):
        text += (
            "; past the first or last table they go round (up from table 1 is the last table)"
            if rule.ends is Ends.WRAP
            else "; past the first or last table they stop at it"
        )
    return text


def movement_words(spec: MovementSpec) -> list[str]:
    """The movement, one sentence a rule, then how partners and sit-outs go."""
    if spec.schedule is not None:
        return [f"a fixed schedule: {spec.schedule.value.replace('_', ' ')}"]
    if spec.redraw is Redraw.EVERY_GAME:
        return ["everyone draws a new seat before every game"]
    lines = [_rule_words(rule) for rule in spec.moves]
    lines.append(_PARTNERS[spec.partners])
    if spec.pair_classes is PairClasses.ONE_OF_EACH:
        lines.append("every partnership is one player of each seat class")
    lines.append(
        {
            SitOuts.GHOST_TABLE: "a short last table is a ghost table (a bye)",
            SitOuts.TABLES_OF_THREE: "nobody sits out: the players left over play three-handed "
            "at tables of three at the foot, each for himself, in turn",
        }.get(spec.sit_outs, "sit-outs rotate fairly")
    )
    if spec.sit_outs is SitOuts.TABLES_OF_THREE:
        lines.append(
            "a table of three's players come back into the seats of those going to the "
            "next tables of three"
        )
    return lines


def event_movement_words(config: EventConfig) -> list[str]:
    """The words of the movement an event plays (its sheet's own ``[movement]`` when the
    event plays the sheet's format, else the format's); empty for an unknown format."""
    spec = FORMATS.get(config.format)
    return [] if spec is None else movement_words(spec.movement_for(config))
