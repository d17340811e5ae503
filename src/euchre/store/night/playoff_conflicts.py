"""The director's answer to a playoff conflict: a playoff game that a later correction left
between teams no longer tied together (``EventSnapshot.conflicts``).

Its result always stays with the teams that played it and decides nothing. Accepting it as
played is the director's answer that nothing more is to be done: the dashboard stops asking,
and the results page and the projector may call the standings final. The answer is the audit
log's entry (``accept_playoff_conflict``), so who accepted what, and when, is on the record;
a conflict that changes afterwards (other teams at that table) is asked again.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store.audit import record_audit, table_target
from euchre.store.core import compute, display_snapshot, event_inputs
from euchre.store.errors import NotFoundError
from euchre.store.models import AuditEntry, Event
from euchre.store.night.events import get_event
from euchre.tournament.model import EventSnapshot, PlayoffConflict
from euchre.tournament.penalties import open_questions

__all__ = ["ACCEPT_ACTION", "accept_conflict", "is_final", "open_conflicts"]

ACCEPT_ACTION = "accept_playoff_conflict"
"""The audit log's action for a conflict the director accepted as played."""

_Key = tuple[int, int, tuple[str, ...]]


def _key(conflict: PlayoffConflict) -> _Key:
    return (conflict.round, conflict.table, tuple(conflict.played))


def _accepted(session: Session, event_id: int) -> set[_Key]:
    entries = session.scalars(
        select(AuditEntry).where(
            AuditEntry.event_id == event_id, AuditEntry.action == ACCEPT_ACTION
        )
    )
    found: set[_Key] = set()
    for entry in entries:
        value = entry.new_value or {}
        found.add((int(value["round"]), int(value["table"]), tuple(value["played"])))
    return found


def open_conflicts(
    session: Session, *, event_id: int, snapshot: EventSnapshot
) -> list[PlayoffConflict]:
    """The snapshot's playoff conflicts the director has not accepted yet."""
    if not snapshot.conflicts:
        return []
    accepted = _accepted(session, event_id)
    return [conflict for conflict in snapshot.conflicts if _key(conflict) not in accepted]


def is_final(session: Session, *, event_id: int, snapshot: EventSnapshot) -> bool:
    """Whether the standings are final: every game played, no playoff conflict and no
    question of the one ledger (a game a penalty made level, a ruling beside totals only)
    waiting for the director. The results page and the projector both ask this."""
    if not snapshot.is_over or open_conflicts(session, event_id=event_id, snapshot=snapshot):
        return False
    if not snapshot.penalties:
        return True  # only a ruling raises a question
    event = session.get(Event, event_id)
    if event is None:
        return False
    inputs = event_inputs(session, event)
    return not open_questions(inputs, compute(inputs))


def accept_conflict(
    session: Session, *, event_id: int, round_number: int, table: int, who: str, reason: str = ""
) -> PlayoffConflict:
    """Accept the playoff game at ``table`` of ``round_number`` as played (its result stays
    with the teams that played it and decides nothing); recorded in the audit log. Raises
    ``NotFoundError`` when that table has no open conflict."""
    event = get_event(session, event_id=event_id)
    snapshot = display_snapshot(session, event)
    waiting = open_conflicts(session, event_id=event_id, snapshot=snapshot)
    conflict = next(
        (found for found in waiting if (found.round, found.table) == (round_number, table)),
        None,
    )
    if conflict is None:
        raise NotFoundError(
            f"round {round_number} table {table} has no playoff conflict waiting for the director"
        )
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action=ACCEPT_ACTION,
        target=table_target(round_number, table),
        new_value={"round": round_number, "table": table, "played": list(conflict.played)},
        reason=reason or "accepted as played: the result stays with the teams that played it",
    )
    return conflict
