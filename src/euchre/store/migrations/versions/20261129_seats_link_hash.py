"""a play seat's link is a claim: the hash of the link's own secret, apart from the device's

Revision ID: 20261129_seats_link_hash
Revises: 0007_h19_seasons

A seat's link (``/play/T#seat=N&token=...``) no longer plays the seat itself once a device
has opened it: the device gets its own secret (``token_hash``) and the link keeps
``link_hash``, so a second device opening the link is asked "Take this seat here?"
(``docs/play.md``, *One device per seat*). Existing seats get no link hash: their token is
read as an unclaimed link (it acts, and the first device to open it claims it).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "20261129_seats_link_hash"
down_revision = "20261129_season_dates_and_ids"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this migration."""
    # A plain ALTER TABLE (a nullable column: no batch copy of the table).
    op.add_column("play_seats", sa.Column("link_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    """Revert this migration."""
    with op.batch_alter_table("play_seats") as batch:
        batch.drop_column("link_hash")
