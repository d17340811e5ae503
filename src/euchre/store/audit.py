"""The audit log: every change to an event, with who, when, the old and new values, and why."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, Unpack, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.orm import Session

from euchre.store.models import AuditEntry
from euchre.tournament.codec import JsonCodec

__all__ = [
    "AuditFields",
    "AuditValue",
    "ChangeFields",
    "insert_audit",
    "list_audit",
    "record_audit",
    "record_club_audit",
    "table_target",
]

AuditValue = dict[str, Any] | JsonCodec | None
"""An old or new value in the log: JSON, or a tournament value (kept as its JSON)."""


def table_target(round_number: int, table: int) -> str:
    """The log's target for a table of a round, ``round 2 table 5`` (a table's correction page
    lists the entries with this target)."""
    return f"round {round_number} table {table}"


def _json(value: AuditValue) -> dict[str, Any] | None:
    return value.to_json() if isinstance(value, JsonCodec) else value


class ChangeFields(TypedDict):
    """What one entry of the log says of a change, whatever it belongs to."""

    who: str
    action: str
    target: NotRequired[str]
    old_value: NotRequired[AuditValue]
    new_value: NotRequired[AuditValue]
    reason: NotRequired[str]


class AuditFields(ChangeFields):
    """One entry of the log, as the store's services write it."""

    event_id: int | None


def _columns(fields: AuditFields) -> dict[str, Any]:
    """The entry's columns (tournament values kept as their JSON)."""
    return {
        "event_id": fields["event_id"],
        "who": fields["who"],
        "action": fields["action"],
        "target": fields.get("target", ""),
        "old_value": _json(fields.get("old_value")),
        "new_value": _json(fields.get("new_value")),
        "reason": fields.get("reason", ""),
    }


def record_audit(session: Session, **fields: Unpack[AuditFields]) -> AuditEntry:
    """Add one entry to the log (in the caller's transaction, so it commits with the change)."""
    entry = AuditEntry(**_columns(fields))
    session.add(entry)
    return entry


def record_club_audit(session: Session, **fields: Unpack[ChangeFields]) -> AuditEntry:
    """Log a change to the club's own records (its roster, its seasons), which belong to no
    event."""
    return record_audit(session, event_id=None, **fields)


_INSERT = insert(cast(Table, AuditEntry.__table__))


def insert_audit(session: Session, **fields: Unpack[AuditFields]) -> None:
    """``record_audit``'s entry written at once in plain columns, on the caller's
    transaction: for a table's requests, which write no ORM object (a flush of the unit of
    work cost more than the statement)."""
    session.connection().execute(_INSERT, _columns(fields))


def list_audit(session: Session, *, event_id: int) -> list[AuditEntry]:
    """Every entry of one event, oldest first."""
    query = select(AuditEntry).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id)
    return list(session.scalars(query))
