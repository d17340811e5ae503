"""online club nights: an event's tables played in the browser, and per-table marks

Revision ID: 0005_online
Revises: 0004_play
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_online"
down_revision = "0004_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    op.create_table(
        "online_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("play_table_id", sa.String(length=16), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("bots", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("ended_by", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["play_table_id"], ["play_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "round_number", "table_number"),
        sa.UniqueConstraint("play_table_id"),
    )
    op.create_index("ix_online_tables_event_id", "online_tables", ["event_id"])
    op.create_table(
        "online_marks",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("online", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "table_number"),
    )


def downgrade() -> None:
    """Revert this migration."""
    op.drop_table("online_marks")
    op.drop_index("ix_online_tables_event_id", table_name="online_tables")
    op.drop_table("online_tables")
