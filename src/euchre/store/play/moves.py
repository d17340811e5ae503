"""The moves the server owes at play tables: a computer player's, a human's whose turn timer
ran out, and a dropped human's seat taken over; and the hints of the strongest computer
player.

The drivers (:mod:`euchre.web.play.socket`) ask :meth:`ComputerMoves.pending_auto_move` what is
owed and when, and make it with :meth:`ComputerMoves.auto_move`, which checks that the table is
still where it was (any worker may have got there first).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select

from euchre.bots import Bot, make_bot
from euchre.bots.advice import advise
from euchre.play.table import owed_action
from euchre.store.db import Database
from euchre.store.errors import ConflictError
from euchre.store.models import PlayAction, utc_now
from euchre.store.play.errors import StaleError
from euchre.store.play.presence import Presence
from euchre.store.play.tables import TableCache
from euchre.store.play.writer import LogWriter

__all__ = ["AutoMove", "ComputerMoves"]


@dataclass(frozen=True, slots=True)
class AutoMove:
    """A move the server owes: a computer player's, or a human's whose turn timer ran out."""

    seq: int
    seat: int
    bot: bool
    due: float  # seconds since the epoch (0: now)
    takeover: bool = False
    """Not a move: seat ``seat``'s human dropped and a computer player takes the seat at
    ``due`` (``away N``)."""


class ComputerMoves:
    """The server's own moves at the play tables of one database."""

    def __init__(
        self,
        database: Database,
        tables: TableCache,
        writer: LogWriter,
        presence: Presence,
        clock: Callable[[], float],
    ) -> None:
        self.database = database
        self.tables = tables
        self.writer = writer
        self.presence = presence
        self.clock = clock
        """Seconds since the epoch (the service's clock, which tests replace)."""
        self._bots: dict[tuple[str, int, str], Bot] = {}
        tables.on_evict = self._forget_bots

    def _forget_bots(self, table_id: str) -> None:
        """Drop the computer players kept for a table whose copy was dropped."""
        for key in [key for key in self._bots if key[0] == table_id]:
            del self._bots[key]

    def pending_auto_move(self, table_id: str) -> AutoMove | None:
        """The move the server owes at this table, if any."""
        with self.tables.reading(table_id) as state:
            seat = state.to_act
            if seat is not None and state.stands_in(seat) is not None:
                return AutoMove(state.seq, seat, True, 0.0)  # a computer player (or a stand-in)
            takeover = state.takeover_due()
            deadline = state.turn_deadline() if seat is not None else None
            if takeover is not None and (deadline is None or takeover[1] <= deadline):
                return AutoMove(state.seq, takeover[0], False, takeover[1], takeover=True)
            if seat is None or deadline is None:
                return None
            return AutoMove(state.seq, seat, False, deadline)

    def auto_move(self, table_id: str, move: AutoMove) -> bool:
        """Make ``move`` if the table is still where it was; False when it moved on."""
        if move.takeover:
            with self.tables.reading(table_id) as state:
                due = state.takeover_at[move.seat]
                if due is None or state.away[move.seat] or due > self.clock():
                    return False  # back meanwhile, taken already, or not yet
            return self.presence.mark_away(table_id, move.seat)
        with self.tables.reading(table_id) as state:
            if not state.play_seq <= move.seq <= state.seq or state.to_act != move.seat:
                return False  # the table moved on (a chat message is not a move)
            legal = state.legal(move.seat)
            kind = state.stands_in(move.seat) if move.bot else "rules"
            if kind is None:  # the human came back meanwhile
                return False
            view = state.player_view(move.seat)
            seed = state.config.seed
        if not legal:
            return False
        action = owed_action(
            legal,
            view,
            timed_out=not move.bot,
            seed=seed,
            seq=move.seq,
            bot=lambda: self._bot(table_id, move.seat, kind, seed),
        )
        try:
            self.writer.append(table_id, seat=move.seat, action=action, seq=move.seq)
        except (StaleError, ConflictError):
            return False
        return True

    def _bot(self, table_id: str, seat: int, kind: str, seed: int) -> Bot:
        key = (table_id, seat, kind)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = make_bot(kind, seed * 4 + seat)
        return bot

    def hint(self, table_id: str, seat: int) -> tuple[str, str]:
        """What the strongest computer player would do here (the move's canonical text) and
        why, in a player's words (:func:`euchre.bots.advice.advise`)."""
        with self.tables.reading(table_id) as state:
            if not state.config.hints:
                raise ConflictError("hints are off at this table")
            legal = state.legal(seat)
            if not legal:
                raise ConflictError("no hint: it is not your turn")
            view = state.player_view(seat)
            if view is None:
                return legal[0], "choose as you like: there are no cards to weigh here"
        with _HINT_LOCK:  # one pimc player answers every table's hints, one at a time
            advice = advise(_hint_bot(), view)
        return str(advice.action), advice.why

    def tables_owing_moves(self) -> list[str]:
        """Tables whose last entry is recent enough that a move may be owed (restart scan)."""
        since = utc_now() - timedelta(days=2)
        with self.database.read() as session:
            rows = session.execute(
                select(PlayAction.table_id)
                .where(PlayAction.at > since)
                .group_by(PlayAction.table_id)
            ).all()
        return [row[0] for row in rows]


_HINTS: dict[str, Bot] = {}
_HINT_LOCK = threading.Lock()


def _hint_bot() -> Bot:
    bot = _HINTS.get("pimc")
    if bot is None:
        bot = _HINTS["pimc"] = make_bot("pimc", 0)
    return bot
