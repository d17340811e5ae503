"""The audit log: every change to an event, with who, when, the old and new values, and why."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.orm import Session

from euchre.store.models import AuditEntry
from euchre.tournament.codec import JsonCodec

__all__ = ["AuditValue", "insert_audit", "list_audit", "record_audit", "table_target"]

AuditValue = dict[str, Any] | JsonCodec | None
"""An old or new value in the log: JSON, or a tournament value (kept as its JSON)."""


def table_target(round_number: int, table: int) -> str:
    """The log's target for a table of a round, ``round 2 table 5`` (a table's correction page
    lists the entries with this target)."""
    return f"round {round_number} table {table}"


def _json(value: AuditValue) -> dict[str, Any] | None:
    return value.to_json() if isinstance(value, JsonCodec) else value


def record_audit(
    session: Session,
    *,
    event_id: int | None,
    who: str,
    action: str,
    target: str = "",
    old_value: AuditValue = None,
    new_value: AuditValue = None,
    reason: str = "",
) -> AuditEntry:
    """Add one entry to the log (in the caller's transaction, so it commits with the change)."""
    entry = AuditEntry(
        event_id=event_id,
        who=who,
        action=action,
        target=target,
        old_value=_json(old_value),
        new_value=_json(new_value),
        reason=reason,
    )
    session.add(entry)
    return entry


_INSERT = insert(cast(Table, AuditEntry.__table__))


def insert_audit(
    session: Session,
    *,
    event_id: int | None,
    who: str,
    action: str,
    target: str = "",
    old_value: AuditValue = None,
    new_value: AuditValue = None,
    reason: str = "",
) -> None:
    """``record_audit``'s entry written at once in plain columns, on the caller's
    transaction: for a table's requests, which write no ORM object (a flush of the unit of
    work cost more than the statement)."""
    session.connection().execute(
        _INSERT,
        {
            "event_id": event_id,
            "who": who,
            "action": action,
            "target": target,
            "old_value": _json(old_value),
            "new_value": _json(new_value),
            "reason": reason,
        },
    )


def list_audit(session: Session, *, event_id: int) -> list[AuditEntry]:
    """Every entry of one event, oldest first."""
    query = select(AuditEntry).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id)
    return list(session.scalars(query))
