"""The audit log: every change to an event, with who, when, the old and new values, and why."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store.models import AuditEntry
from euchre.tournament.codec import JsonCodec

__all__ = ["AuditValue", "list_audit", "record_audit", "table_target"]

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


def list_audit(session: Session, *, event_id: int) -> list[AuditEntry]:
    """Every entry of one event, oldest first."""
    query = select(AuditEntry).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id)
    return list(session.scalars(query))
