"""each night has its date; a season's id is never reused

Revision ID: 20261129_season_dates_and_ids
Revises: 0007_h19_seasons

Every event gets ``held_on``, the day it was played (the director may set it when typing in
an old paper sheet): an existing event gets the day it was created (UTC), the date seasons and
histories showed for it until now, so no season or history changes. On SQLite the seasons'
table is rebuilt with ``AUTOINCREMENT`` (a removed season's id is never given to a later one;
the table has no rows pointing at it, so the rebuild copies it whole); PostgreSQL's sequence
never goes back already.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "20261129_season_dates_and_ids"
down_revision = "20261129_entrants_guests_classes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    # A plain ALTER TABLE (never a batch copy of ``events``: on SQLite that drops the table,
    # and its players, rounds and results would go with it by their ON DELETE CASCADE).
    op.add_column("events", sa.Column("held_on", sa.Date(), nullable=True))
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute("UPDATE events SET held_on = CAST(timezone('UTC', created_at) AS DATE)")
        op.alter_column("events", "held_on", nullable=False)
    else:
        # SQLite keeps the UTC time as text; ``date()`` is its day.
        op.execute("UPDATE events SET held_on = date(created_at)")
    if dialect == "sqlite":
        with op.batch_alter_table(
            "seasons", recreate="always", table_kwargs={"sqlite_autoincrement": True}
        ):
            pass


def downgrade() -> None:
    """Revert this migration."""
    op.drop_column("events", "held_on")  # SQLite 3.35+ drops a column in place
