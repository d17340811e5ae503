"""the club's members: one person across events, and every event player linked to one

Revision ID: 0006_h17_members
Revises: 0005_online

Events recorded before members existed keep every row as it was; each of their players is
linked to a member by name (spaces tidied, letters' case ignored), one member per name, spelt
as the earliest player of that name was. What was linked is written to the app-wide audit log
(``link_members``): how many members, and the names that brought together players spelt
differently, so the director can split or merge them afterwards.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0006_h17_members"
down_revision = "0005_online"
branch_labels = None
depends_on = None


def _key(name: str) -> str:
    """The name as the roster compares it: spaces tidied, case folded (``members.name_key``)."""
    return " ".join(name.split()).casefold()


def upgrade() -> None:
    """Apply this migration."""
    op.create_table(
        "members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("name_key", sa.String(length=200), nullable=False),
        sa.Column("email", sa.String(length=200), nullable=False),
        sa.Column("phone", sa.String(length=40), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("merged_into_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["merged_into_id"], ["members.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
    )
    op.create_table(
        "member_merges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kept_id", sa.Integer(), nullable=False),
        sa.Column("merged_id", sa.Integer(), nullable=False),
        sa.Column("entrant_ids", sa.JSON(), nullable=False),
        sa.Column("merged_was_active", sa.Boolean(), nullable=False),
        sa.Column("who", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["kept_id"], ["members.id"]),
        sa.ForeignKeyConstraint(["merged_id"], ["members.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("entrants", schema=None) as batch_op:
        batch_op.add_column(sa.Column("member_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key("fk_entrants_member_id", "members", ["member_id"], ["id"])
        batch_op.create_index("ix_entrants_member_id", ["member_id"], unique=False)
    _link_existing_players()


def _link_existing_players() -> None:
    """One member per distinct name among the players already recorded, linked to them."""
    connection = op.get_bind()
    entrants = sa.table("entrants", sa.column("id"), sa.column("name"), sa.column("member_id"))
    members = sa.table(
        "members",
        sa.column("id"),
        sa.column("name"),
        sa.column("name_key"),
        sa.column("email"),
        sa.column("phone"),
        sa.column("notes"),
        sa.column("active"),
        sa.column("created_at", sa.DateTime(timezone=True)),
    )
    rows = connection.execute(sa.select(entrants.c.id, entrants.c.name).order_by(entrants.c.id))
    spellings: dict[str, list[str]] = {}
    players: dict[str, list[int]] = {}
    for entrant_id, name in rows:
        key = _key(name)
        if not key:
            continue
        tidy = " ".join(name.split())
        if tidy not in spellings.setdefault(key, []):
            spellings[key].append(tidy)
        players.setdefault(key, []).append(entrant_id)
    if not players:
        return
    now = datetime.now(UTC)
    if connection.dialect.name == "sqlite":  # kept as naive UTC there, as the app's models do
        now = now.replace(tzinfo=None)
    for key, ids in players.items():
        member_id = connection.execute(
            sa.insert(members)
            .values(
                name=spellings[key][0],
                name_key=key,
                email="",
                phone="",
                notes="",
                active=True,
                created_at=now,
            )
            .returning(members.c.id)
        ).scalar_one()
        connection.execute(
            sa.update(entrants).where(entrants.c.id.in_(ids)).values(member_id=member_id)
        )
    audit = sa.table(
        "audit_log",
        sa.column("event_id"),
        sa.column("at", sa.DateTime(timezone=True)),
        sa.column("who"),
        sa.column("action"),
        sa.column("target"),
        sa.column("old_value", sa.JSON()),
        sa.column("new_value", sa.JSON()),
        sa.column("reason"),
    )
    merged = {names[0]: names[1:] for names in spellings.values() if len(names) > 1}
    connection.execute(
        sa.insert(audit).values(
            event_id=None,
            at=now,
            who="upgrade",
            action="link_members",
            target=f"{len(players)} members",
            old_value=None,
            new_value={"members": len(players), "names_merged": merged},
            reason="players of events recorded before members existed, linked by name",
        )
    )


def downgrade() -> None:
    """Revert this migration."""
    with op.batch_alter_table("entrants", schema=None) as batch_op:
        batch_op.drop_index("ix_entrants_member_id")
        batch_op.drop_constraint("fk_entrants_member_id", type_="foreignkey")
        batch_op.drop_column("member_id")
    op.drop_table("member_merges")
    op.drop_table("members")
