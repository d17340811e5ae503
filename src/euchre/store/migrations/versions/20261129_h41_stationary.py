"""a player may ask for the movement's stationary seat (Chatgamers' North player)

Revision ID: 20261129_h41_stationary
Revises: 20261129_seats_link_hash

Every player recorded so far asked for nothing (no sheet took such a request before).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "20261129_h41_stationary"
down_revision = "20261129_seats_link_hash"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    # A plain ALTER TABLE (never a batch copy of ``entrants`` on SQLite, which would drop and
    # rebuild a table other rows point at).
    op.add_column(
        "entrants",
        sa.Column("stationary", sa.Boolean(), nullable=False, server_default=sa.text("false")),
    )


def downgrade() -> None:
    """Revert this migration."""
    op.drop_column("entrants", "stationary")  # SQLite 3.35+ drops a column in place
