"""Who is at a play table: a human who lost their connection (``drop N``), a computer player
moving for them once their time is up (``away N``), and their return (``back N``).

Every seat is shown a drop with its countdown, on every worker (it is in the log); whichever
worker's driver or request gets there first logs the takeover.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.play.log import away_entry, back_entry, drop_entry
from euchre.play.table import HUMAN, TableConfig, TableStatus
from euchre.store.play.tables import TableCache
from euchre.store.play.writer import LogWriter

__all__ = ["Presence"]


class Presence:
    """Drops, takeovers and returns at the play tables of one database."""

    def __init__(self, tables: TableCache, writer: LogWriter, clock: Callable[[], float]) -> None:
        self.tables = tables
        self.writer = writer
        self.clock = clock
        """Seconds since the epoch (the service's clock, which tests replace)."""
        self.drop_seconds_override: float | None = None
        """Every table's window for a dropped human (``EUCHRE_PLAY_AWAY_SECONDS``: tests and
        benchmarks), instead of the table's own ``drop_seconds``; not a table that waits for
        its director."""

    def drop_window(self, config: TableConfig) -> float | None:
        """Seconds a dropped human of a table with ``config`` has before a computer player
        takes their seat (None: the table waits for its director)."""
        if config.drop_seconds is None:
            return None
        if self.drop_seconds_override is not None:
            return self.drop_seconds_override
        return float(config.drop_seconds)

    def mark_dropped(self, table_id: str, seat: int) -> bool:
        """Log ``drop N UNTIL`` (or ``drop N`` where the director decides): seat N's human
        lost their last connection during a game. Every seat is shown it with the countdown,
        on every worker (it is in the log); a computer player takes the seat at ``UNTIL``
        (``away N``, by whichever worker's driver or request gets there first). False when it
        does not apply (not a human's seat, no game in play, dropped already)."""
        with self.tables.reading(table_id) as state:
            if (
                state.status is not TableStatus.PLAYING
                or state.kinds[seat] != HUMAN
                or state.dropped[seat]
            ):
                return False
            window = self.drop_window(state.config)
        if window is None:
            return self.writer.table_entry(table_id, drop_entry(seat, None))
        return self.writer.table_entry(table_id, drop_entry(seat, self.clock() + window))

    def mark_away(self, table_id: str, seat: int) -> bool:
        """Log ``away N``: seat N's human dropped and their time is up (or the caller says
        so: the director, a test), so a computer player moves for them until they come back
        (their token still works). False when that does not apply (not a human's seat, the
        game not in play, already away)."""
        with self.tables.reading(table_id) as state:
            if (
                state.status is not TableStatus.PLAYING
                or state.kinds[seat] != HUMAN
                or state.away[seat]
            ):
                return False
        return self.writer.table_entry(table_id, away_entry(seat))

    def mark_back(self, table_id: str, seat: int) -> bool:
        """Log ``back N``: seat N's human, dropped or away, is back (connected again, or a
        move of theirs); the computer player stops moving for them. False when the seat was
        neither."""
        state = self.tables.get(table_id)
        if state is not None and not (state.away[seat] or state.dropped[seat]):
            return False  # the usual case: nothing to read
        with self.tables.reading(table_id) as state:
            if not (state.away[seat] or state.dropped[seat]):
                return False
        return self.writer.table_entry(table_id, back_entry(seat))

    def away_seats(self, table_id: str) -> list[int]:
        """The seats dropped or away in this process's copy of the table (no query; may
        lag)."""
        state = self.tables.get(table_id)
        if state is None:
            return []
        return [seat for seat in range(4) if state.away[seat] or state.dropped[seat]]
