"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-22 00:12:54.079127
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_EVENT_TABLES = (
    "audit_log",
    "entrants",
    "penalties",
    "rounds",
    "seating_overrides",
    "submissions",
    "table_codes",
    "results",
)
"""The tables of an event's rows, in the order they are created."""


def _index(name: str) -> tuple[str, list[str]]:
    """The index of the event's table ``name``: (index name, columns)."""
    if name == "submissions":
        return "ix_submissions_table", ["event_id", "round_number", "table_number"]
    return op.f(f"ix_{name}_event_id"), ["event_id"]


def _event_table(
    name: str,
    *columns: sa.Column[Any],
    references: Sequence[tuple[str, str, str]] = (),
    unique: Sequence[tuple[str, ...]] = (),
) -> None:
    """Create a table of rows that belong to one event and go with it, and its index: an
    ``id``, the ``event_id``, then ``columns``; ``references`` are further foreign keys
    (column, target, on delete)."""
    op.create_table(
        name,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        *columns,
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        *(
            sa.ForeignKeyConstraint([column], [target], ondelete=ondelete)
            for column, target, ondelete in references
        ),
        sa.PrimaryKeyConstraint("id"),
        *(sa.UniqueConstraint(*names) for names in unique),
    )
    index_name, index_columns = _index(name)
    with op.batch_alter_table(name, schema=None) as batch_op:
        batch_op.create_index(index_name, index_columns, unique=False)


def upgrade() -> None:
    """Apply this migration."""
    op.create_table(
        "directors",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "rate_limits",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("window_started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("blocked_until", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("who", sa.String(length=200), nullable=False),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("target", sa.String(length=200), nullable=False),
        sa.Column("old_value", sa.JSON(), nullable=True),
        sa.Column("new_value", sa.JSON(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    index_name, index_columns = _index("audit_log")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(index_name, index_columns, unique=False)

    _event_table(
        "entrants",
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("team", sa.String(length=200), nullable=True),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("checked_in", sa.Boolean(), nullable=False),
        sa.Column("arrival_round", sa.Integer(), nullable=False),
        sa.Column("withdrawal_round", sa.Integer(), nullable=True),
        unique=[("event_id", "code"), ("event_id", "number")],
    )
    _event_table(
        "penalties",
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    _event_table(
        "rounds",
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("plan", sa.JSON(), nullable=False),
        unique=[("event_id", "number")],
    )
    _event_table(
        "seating_overrides",
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    _event_table(
        "submissions",
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("submitted_by", sa.Integer(), nullable=False),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("confirmed_by", sa.Integer(), nullable=True),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
    )
    _event_table(
        "table_codes",
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        unique=[("code",), ("event_id", "round_number", "table_number")],
    )
    _event_table(
        "results",
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("submission_id", sa.Integer(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        references=[("submission_id", "submissions.id", "SET NULL")],
        unique=[("event_id", "round_number", "table_number")],
    )


def downgrade() -> None:
    """Revert this migration."""
    # Newest first: a table goes before the tables its rows refer to.
    for name in reversed(_EVENT_TABLES):
        with op.batch_alter_table(name, schema=None) as batch_op:
            batch_op.drop_index(_index(name)[0])
        op.drop_table(name)
    for name in ("settings", "rate_limits", "events", "directors"):
        op.drop_table(name)
