"""play tables: casual tables in the browser and their append-only action logs

Revision ID: 0004_play
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_play"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    op.create_table(
        "play_tables",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "play_seats",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("code_hash", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["play_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seat"),
        sa.UniqueConstraint("code_hash"),
    )
    op.create_table(
        "play_actions",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["play_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seq"),
    )


def downgrade() -> None:
    """Revert this migration."""
    op.drop_table("play_actions")
    op.drop_table("play_seats")
    op.drop_table("play_tables")
