"""Where a player goes now, from his own code: his table of the round in play, or between
rounds the table the next seating gives him ("find my table" on the home page). Between
games is exactly when players look for their next table, so it is never an error: the
answer says where to go next, that he sits the next round out, or that the next round's
seating waits for the director."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sqlalchemy.orm import Session

from euchre.store.core import display_snapshot, player_id
from euchre.store.night.events import entrant_by_code, get_event, latest_round, list_entrants
from euchre.store.night.rounds import event_table_codes
from euchre.tournament.model import RoundPlan

__all__ = ["WhereToGo", "Whereabouts", "where_to_go"]


class WhereToGo(enum.StrEnum):
    """What the player is told."""

    TABLE = "table"
    """A round is in play and he sits at a table."""
    SITTING_OUT = "sitting_out"
    """A round is in play and he sits it out."""
    NEXT_TABLE = "next_table"
    """Between rounds: the next seating is known and gives him a table."""
    NEXT_SITTING_OUT = "next_sitting_out"
    """Between rounds: he sits the next round out."""
    WAITING = "waiting"
    """Between rounds, no next seating yet (a question the director must answer first, or
    the event is over)."""


@dataclass(frozen=True, slots=True)
class Whereabouts:
    """Where the player with a code goes now (``round_number``: the round in play, or the
    next one)."""

    kind: WhereToGo
    name: str
    round_number: int
    table_number: int | None = None
    table_code: str | None = None
    partners: tuple[str, ...] = ()
    opponents: tuple[str, ...] = ()
    finished: bool = False


def where_to_go(session: Session, *, event_id: int, player_code: str) -> Whereabouts:
    """Where the player with ``player_code`` goes now. Raises ``NotFoundError`` for an
    unknown code (counted and slowed down by the caller, like table codes)."""
    entrant = entrant_by_code(session, event_id=event_id, player_code=player_code)
    wanted = player_id(entrant.number)
    latest = latest_round(session, event_id=event_id)
    codes = event_table_codes(session, event_id=event_id)
    names = {player_id(row.number): row.name for row in list_entrants(session, event_id=event_id)}
    plan: RoundPlan
    if latest is not None and latest.closed_at is None:
        plan, number, kinds = latest.plan, latest.number, (WhereToGo.TABLE, WhereToGo.SITTING_OUT)
    else:
        number = 1 if latest is None else latest.number + 1
        snapshot = display_snapshot(session, get_event(session, event_id=event_id))
        found = next((plan for plan in snapshot.rounds if plan.round == number), None)
        if found is None or not found.tables:
            return Whereabouts(WhereToGo.WAITING, entrant.name, number, finished=snapshot.is_over)
        plan, kinds = found, (WhereToGo.NEXT_TABLE, WhereToGo.NEXT_SITTING_OUT)
    for table in plan.tables:
        for index, side in enumerate(table.partnerships):
            if wanted in side:
                return Whereabouts(
                    kinds[0],
                    entrant.name,
                    number,
                    table_number=table.table,
                    table_code=codes.get(table.table),
                    partners=tuple(names.get(p, p) for p in side if p != wanted),
                    opponents=tuple(names.get(p, p) for p in table.partnerships[1 - index]),
                )
    return Whereabouts(kinds[1], entrant.name, number)
