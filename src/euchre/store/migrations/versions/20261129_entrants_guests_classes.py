"""players carry what a club's sheet reads (a seat class, a prize category), and guests

Revision ID: 20261129_entrants_guests_classes
Revises: 0007_h19_seasons

Every player recorded so far keeps his member and is no guest; none has a seat class or a
prize category (no sheet named them before). A member's seat class and prize category are
the defaults of his next night: none yet.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "20261129_entrants_guests_classes"
down_revision = "0007_h19_seasons"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    # Plain ALTER TABLEs (never a batch copy of ``entrants`` or ``members`` on SQLite, which
    # would drop and rebuild tables other rows point at).
    op.add_column("entrants", sa.Column("seat_class", sa.String(length=20), nullable=True))
    op.add_column("entrants", sa.Column("prize_category", sa.String(length=20), nullable=True))
    op.add_column(
        "entrants",
        sa.Column("guest", sa.Boolean(), nullable=False, server_default=sa.text("false")),
    )
    op.add_column("members", sa.Column("seat_class", sa.String(length=20), nullable=True))
    op.add_column("members", sa.Column("prize_category", sa.String(length=20), nullable=True))


def downgrade() -> None:
    """Revert this migration."""
    for table, column in (
        ("members", "prize_category"),
        ("members", "seat_class"),
        ("entrants", "guest"),
        ("entrants", "prize_category"),
        ("entrants", "seat_class"),
    ):
        op.drop_column(table, column)  # SQLite 3.35+ drops a column in place
