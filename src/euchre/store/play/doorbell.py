"""The PostgreSQL doorbell: ``LISTEN euchre_play`` on a connection of its own.

A worker that commits a log entry sends ``pg_notify('euchre_play', 'TABLE:SEQ')`` in the same
transaction, so PostgreSQL delivers it only once the entry is committed. The doorbell is not
the queue: a listener that was away misses rings, so after every (re)connect it rings every
table this worker serves, and whoever answers reads the log itself.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from sqlalchemy.engine import make_url

from euchre.store.play.service import CHANNEL

__all__ = ["listen_forever", "parse_ring", "psycopg_conninfo"]

_log = logging.getLogger(__name__)
_HEARTBEAT_SECONDS = 15.0


def psycopg_conninfo(sqlalchemy_url: str) -> str:
    """A plain ``postgresql://`` address for psycopg from SQLAlchemy's URL."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


def parse_ring(payload: str) -> tuple[str, int] | None:
    """``TABLE:SEQ`` as (table, seq); None for anything else."""
    table_id, _, seq = payload.rpartition(":")
    if not table_id or not seq.isdigit():
        return None
    return table_id, int(seq)


async def listen_forever(
    sqlalchemy_url: str,
    on_ring: Callable[[str, int], None],
    on_reconnect: Callable[[], None],
) -> None:
    """Listen until cancelled; reconnect after any failure (one second apart)."""
    import psycopg

    conninfo = psycopg_conninfo(sqlalchemy_url)
    while True:
        try:
            connection = await psycopg.AsyncConnection.connect(conninfo, autocommit=True)
            async with connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                on_reconnect()
                while True:
                    async for note in connection.notifies(timeout=_HEARTBEAT_SECONDS):
                        ring = parse_ring(note.payload)
                        if ring is not None:
                            on_ring(*ring)
                    await connection.execute("SELECT 1")  # heartbeat: a dead link raises
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the database restarted or the link broke: retry
            _log.warning("play doorbell lost its connection (%s); reconnecting", error)
            await asyncio.sleep(1.0)
