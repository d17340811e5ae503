"""a club's seasons, and tags on events (a season may take every event carrying a tag)

Revision ID: 0007_h19_seasons
Revises: 0006_h17_members

Existing events get no tags (an empty list) and keep every row as it was; a season is only
its definition (which events, how scored): its table is computed from the events' own
standings whenever it is read, so nothing derived is stored.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_h19_seasons"
down_revision = "0006_h17_members"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    # A plain ALTER TABLE (never a batch copy of ``events``: on SQLite that drops the table,
    # and its players, rounds and results would go with it by their ON DELETE CASCADE).
    op.add_column(
        "events", sa.Column("tags", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
    )
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("name_key", sa.String(length=200), nullable=False),
        sa.Column("definition", sa.JSON(), nullable=False),
        sa.Column("event_ids", sa.JSON(), nullable=True),
        sa.Column("tag", sa.String(length=200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
    )


def downgrade() -> None:
    """Revert this migration."""
    op.drop_table("seasons")
    op.drop_column("events", "tags")  # SQLite 3.35+ drops a column in place
