"""What late corrections moved, as the pages show it: the director's dashboard lists whose
money changed and by how much; the night's public pages and the season mark the night as
corrected, when and what (docs/season.md, "Money never moves silently")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from euchre.store.money_record import corrections_of, move_amount

__all__ = ["MoneyLine", "MoveLine", "corrected_marks", "money_lines"]


@dataclass(frozen=True)
class MoveLine:
    """One player's move, texts ready to show."""

    name: str
    kind: str
    before: str
    after: str
    change: str


@dataclass(frozen=True)
class MoneyLine:
    """One late correction that moved money, for the director."""

    when: str
    table: str
    who: str
    reason: str
    moves: tuple[MoveLine, ...]


def money_lines(session: Session, event_id: int) -> list[MoneyLine]:
    """The event's corrections that moved money, oldest first, for the dashboard."""
    return [
        MoneyLine(
            when=correction.when,
            table=correction.table,
            who=correction.who,
            reason=correction.reason,
            moves=tuple(
                MoveLine(
                    name=move.name,
                    kind=move.kind,
                    before=move_amount(move.kind, move.before),
                    after=move_amount(move.kind, move.after),
                    change=move.change,
                )
                for move in correction.moves
            ),
        )
        for correction in corrections_of(session, [event_id]).get(event_id, [])
    ]


def corrected_marks(session: Session, event_ids: Iterable[int]) -> dict[int, list[str]]:
    """Each corrected night's marks for the public pages ("Corrected 2027-03-11 21:40 UTC
    (round 1 table 2): prize: Leo Marsh $30.00 -> $0.00."), oldest first; nights never
    corrected are left out."""
    return {
        event_id: [correction.words for correction in found]
        for event_id, found in corrections_of(session, event_ids).items()
    }
