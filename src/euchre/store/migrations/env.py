"""Alembic environment: runs on the connection ``euchre.store.db.migrate`` hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from euchre.store.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations() -> None:
    """Apply migrations on the given connection (or one opened from the configured URL)."""
    connection = config.attributes.get("connection")
    if connection is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
        with engine.connect() as own_connection:
            context.configure(
                connection=own_connection,
                target_metadata=target_metadata,
                render_as_batch=True,
            )
            with context.begin_transaction():
                context.run_migrations()
        engine.dispose()
        return
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()


run_migrations()
