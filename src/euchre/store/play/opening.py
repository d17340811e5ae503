"""A socket's opening at a play table: its seat, the seat's count of changes of hands, and
its first view, from one read of the database.

When hundreds of phones connect at once (the start of an online night:
``bench/connect_storm_bench.py``, 800 sockets in 5 s) each connect's reads are what the server
spends: six reads in five trips to the thread pool at first, two in two, and now one read
session in one trip. It reads the log's entries after this process's copy of the table (none
when the copy is up to date: the query finds nothing) and then the table's seat tokens; the
view is built from the copy.

The token is checked in the database every time, not in a cached copy: another worker, or
the director's command line writing the same SQLite file, may have revoked it a moment ago,
and this process cannot know it is the only writer. The log is read *before* the token, so
the count of changes of hands handed back is never newer than the token's check: a change
committed after the check bumps the copy's count past it, and the socket's token is checked
again at the next fan-out (``PlayRuntime.still_holds``).
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.play.messages import MissedEntry
from euchre.store.play.seats import SeatDesk
from euchre.store.play.tables import TableCache

__all__ = ["SocketOpening", "open_socket"]


@dataclass(frozen=True, slots=True)
class SocketOpening:
    """What a new socket is sent first and what it keeps: its seat (None: a spectator), the
    seat's count of changes of hands when its token was checked, the view's ``seq`` and text,
    and the log entries after the hello's ``seq`` that it missed."""

    seat: int | None
    epoch: int
    seq: int
    view_text: str
    missed: list[MissedEntry]


def open_socket(
    tables: TableCache, seats: SeatDesk, table_id: str, token: str | None, last: int
) -> SocketOpening:
    """Open a socket at ``table_id`` with ``token`` (None: a spectator) whose page last saw
    entry ``last``: one read session (the log's new entries, then the seat tokens); the entries
    it missed are read only when ``last`` is behind the table. A wrong token raises
    :class:`~euchre.store.play.errors.ForbiddenError`, a table that does not exist
    :class:`~euchre.store.errors.NotFoundError`."""
    with tables.database.read() as session:
        with tables.lock(table_id):
            state = tables.catch_up(session, table_id)
            epochs = list(state.token_epochs)
            seq = state.seq
        seat = seats.seat_in(session, table_id, token) if token else None
        missed: list[MissedEntry] = []
        if last < seq:
            missed = tables.entries_since(table_id, last, seat)
        with tables.lock(table_id):
            state = tables.get(table_id) or tables.catch_up(session, table_id)
            if missed and state.seq < missed[-1].seq:  # pragma: no cover - PostgreSQL race
                state = tables.catch_up(session, table_id)
            text = state.view_texts({seat}, deadline=state.turn_deadline())[seat]
            seq = state.seq
    return SocketOpening(seat, epochs[seat] if seat is not None else 0, seq, text, missed)
