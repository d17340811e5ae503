"""The PostgreSQL doorbell: ``LISTEN euchre_play`` on a connection of its own.

A worker that commits a log entry sends ``pg_notify('euchre_play', 'TABLE:SEQ:SEAT:AT:TEXT')``
in the same transaction (``AT``: microseconds since the epoch), so PostgreSQL delivers it only
once the entry is committed, and a worker whose copy of the table holds entry ``SEQ - 1``
applies the entry as it comes, without reading the log. The doorbell is not the queue: a
listener that was away misses rings, so after every (re)connect it rings every table this
worker serves, and whoever answers reads the log itself (as does a worker whose copy is not
just one entry behind).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import make_url

__all__ = [
    "CHANNEL",
    "RingEntry",
    "listen_forever",
    "parse_ring",
    "psycopg_conninfo",
    "ring_payload",
]

_log = logging.getLogger(__name__)

CHANNEL = "euchre_play"
"""The PostgreSQL NOTIFY channel: payload ``TABLE:SEQ:SEAT:AT:TEXT`` after each commit."""
_HEARTBEAT_SECONDS = 15.0


def psycopg_conninfo(sqlalchemy_url: str) -> str:
    """A plain ``postgresql://`` address for psycopg from SQLAlchemy's URL."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)

RingEntry = tuple[int, str, datetime]
"""A committed log entry carried by a ring: (seat, text, when)."""


def ring_payload(table_id: str, seq: int, seat: int, action: str, at: datetime) -> str:
    """The NOTIFY payload for committed entry ``seq`` (table ids and texts hold no ``:``)."""
    return f"{table_id}:{seq}:{seat}:{(at - _EPOCH) // _MICROSECOND}:{action}"


def parse_ring(payload: str) -> tuple[str, int, RingEntry | None] | None:
    """``TABLE:SEQ:SEAT:AT:TEXT`` (or just ``TABLE:SEQ``) as (table, seq, entry or None);
    None for anything else."""
    parts = payload.split(":", 4)
    if len(parts) not in (2, 5) or not parts[0] or not parts[1].isdigit():
        return None
    if len(parts) == 2:
        return parts[0], int(parts[1]), None
    table_id, seq, seat, micros, action = parts
    try:
        entry = (int(seat), action, _EPOCH + int(micros) * _MICROSECOND)
    except ValueError:
        return parts[0], int(parts[1]), None
    return table_id, int(seq), entry


async def listen_forever(
    sqlalchemy_url: str,
    on_ring: Callable[[str, int, RingEntry | None], None],
    on_reconnect: Callable[[], None],
    wants: Callable[[str, int], bool] | None = None,
) -> None:
    """Listen until cancelled; reconnect after any failure (one second apart).

    ``wants(table, sender)`` (``sender``: the PostgreSQL backend pid that sent the ring),
    asked before a ring is parsed: False drops it (a table this worker does not serve, or a
    ring this worker's own writer sent, whose entry it has already told its sockets)."""
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
                        if wants is not None and not wants(note.payload.split(":", 1)[0], note.pid):
                            continue
                        ring = parse_ring(note.payload)
                        if ring is not None:
                            on_ring(*ring)
                    await connection.execute("SELECT 1")  # heartbeat: a dead link raises
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the database restarted or the link broke: retry
            _log.warning("play doorbell lost its connection (%s); reconnecting", error)
            await asyncio.sleep(1.0)
