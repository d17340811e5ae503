"""Play tables in the database: one façade over the parts that store and serve them.

The routes, the sockets and the online nights call :class:`PlayService`; each of its methods
is one part's:

- :mod:`~euchre.store.play.tables`: this process's replayed copies of the tables, brought up
  to the log when they may be behind, and the views built from them;
- :mod:`~euchre.store.play.writer`: the log's writer (checked, group-committed, then told;
  the PostgreSQL doorbell rung for the other workers);
- :mod:`~euchre.store.play.seats`: opening a table, seat tokens, short codes, the host;
- :mod:`~euchre.store.play.opening`: a socket's seat and first view, from one read;
- :mod:`~euchre.store.play.decks`: the host's question deck;
- :mod:`~euchre.store.play.presence`: drops, takeovers and returns;
- :mod:`~euchre.store.play.moves`: the computer players' moves, timed-out turns and hints;
- :mod:`~euchre.store.play.chat`: table talk.

The log (``play_actions``) is the truth: an entry is committed before anyone is told, and a
table's state is rebuilt by replaying it, so several workers on one PostgreSQL database
always agree.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from euchre.play.log import canonical
from euchre.play.messages import MissedEntry
from euchre.play.table import TableConfig, TableState
from euchre.play.view_model import DeckView
from euchre.store.db import Database
from euchre.store.play.chat import NOT_DIRECTOR_CHAT, NOT_HOST_CHAT, TableChat
from euchre.store.play.decks import NOT_HOST_DECK, DeckDesk
from euchre.store.play.doorbell import CHANNEL
from euchre.store.play.errors import ForbiddenError, StaleError
from euchre.store.play.moves import AutoMove, ComputerMoves
from euchre.store.play.opening import SocketOpening, open_socket
from euchre.store.play.presence import Presence
from euchre.store.play.seats import (
    HOST_SEAT,
    NOT_HOST,
    SPENT_CODE,
    SeatDesk,
    SeatTicket,
    hash_secret,
)
from euchre.store.play.tables import TableCache
from euchre.store.play.writer import LogWriter

__all__ = [
    "CHANNEL",
    "HOST_SEAT",
    "NOT_DIRECTOR_CHAT",
    "NOT_HOST",
    "NOT_HOST_CHAT",
    "NOT_HOST_DECK",
    "SPENT_CODE",
    "AutoMove",
    "ForbiddenError",
    "PlayService",
    "SeatTicket",
    "SocketOpening",
    "StaleError",
    "hash_secret",
]


class PlayService:
    """Service functions for play tables on one database (each one part's: see the module)."""

    def __init__(
        self,
        database: Database,
        *,
        on_commit: Callable[[str, int], None] | None = None,
        create_per_minute: int = 30,
    ) -> None:
        self.database = database
        self.clock: Callable[[], float] = time.time
        """Seconds since the epoch: when a dropped human's seat is taken over and turn timers
        run out (the tests put a clock of their own here instead of waiting)."""
        self.tables = TableCache(database)
        self.log = LogWriter(database, self.tables)
        self.log.on_commit = on_commit
        self.seats = SeatDesk(database, self.tables, self.log, create_per_minute=create_per_minute)
        self.decks = DeckDesk(database, self.tables, self.log, self.seats)
        self.presence = Presence(self.tables, self.log, self._now)
        self.moves = ComputerMoves(database, self.tables, self.log, self.presence, self._now)
        self.chat = TableChat(self.tables, self.log, self.seats, self._now)

    def _now(self) -> float:
        # The parts ask the service's clock each time: a test may replace it at any moment.
        return self.clock()

    # ------------------------------------------------------------------ settings
    @property
    def on_commit(self) -> Callable[[str, int], None] | None:
        """Told each committed entry (table, seq) after the commit (:class:`LogWriter`)."""
        return self.log.on_commit

    @on_commit.setter
    def on_commit(self, hook: Callable[[str, int], None] | None) -> None:
        self.log.on_commit = hook

    @property
    def on_game_over(self) -> Callable[[str], None] | None:
        """Called when an entry leaves an event's table over (:class:`LogWriter`)."""
        return self.log.on_game_over

    @on_game_over.setter
    def on_game_over(self, hook: Callable[[str], None] | None) -> None:
        self.log.on_game_over = hook

    @property
    def writer_pid(self) -> int:
        """The PostgreSQL backend pid of the writer's connection (0: none)."""
        return self.log.writer_pid

    @property
    def drop_seconds_override(self) -> float | None:
        """Every table's window for a dropped human, where set (:class:`Presence`)."""
        return self.presence.drop_seconds_override

    @drop_seconds_override.setter
    def drop_seconds_override(self, seconds: float | None) -> None:
        self.presence.drop_seconds_override = seconds

    @property
    def create_per_minute(self) -> int:
        """Tables one device may open a minute (:class:`SeatDesk`)."""
        return self.seats.create_per_minute

    @create_per_minute.setter
    def create_per_minute(self, count: int) -> None:
        self.seats.create_per_minute = count

    # ------------------------------------------------------------------ reading tables
    def reading(self, table_id: str) -> AbstractContextManager[TableState]:
        """The table's current state, held still while the caller reads it."""
        return self.tables.reading(table_id)

    def view(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """``seat``'s view (``None``: the spectators')."""
        return self.tables.view(table_id, seat)

    def views(
        self, table_id: str, seats: set[int | None]
    ) -> tuple[int, dict[int | None, dict[str, Any]]]:
        """The current ``seq`` and the view of each of ``seats``, from one moment."""
        return self.tables.views(table_id, seats)

    def view_texts(
        self,
        table_id: str,
        seats: set[int | None],
        at_least: int | None = None,
        entry: tuple[int, int, str, datetime] | None = None,
    ) -> tuple[int, dict[int | None, str]]:
        """Each view as JSON text (:meth:`TableCache.view_texts`)."""
        return self.tables.view_texts(table_id, seats, at_least, entry)

    def cached_view_texts(
        self, table_id: str, seats: set[int | None], at_least: int
    ) -> tuple[int, dict[int | None, str]] | None:
        """The views from this process's copy alone, or None (:class:`TableCache`)."""
        return self.tables.cached_view_texts(table_id, seats, at_least)

    def apply_committed(
        self, table_id: str, seq: int, seat: int, action: str, at: datetime
    ) -> bool:
        """Apply another worker's committed entry to this process's copy where it can."""
        return self.tables.apply_committed(table_id, seq, seat, action, at)

    def owes_move_cached(self, table_id: str, at_least: int) -> bool | None:
        """Whether the server owes a move, from this process's copy (None: not known)."""
        return self.tables.owes_move_cached(table_id, at_least)

    def entries_since(self, table_id: str, seq: int, viewer: int | None) -> list[MissedEntry]:
        """Log entries after ``seq`` as ``viewer`` may see them (a reconnecting client)."""
        return self.tables.entries_since(table_id, seq, viewer)

    def records(self, table_id: str) -> list[dict[str, Any]]:
        """The finished hands as hand records."""
        return self.tables.records(table_id)

    # ------------------------------------------------------------------ the log
    def table_command(
        self, table_id: str, action: str, *, also: Callable[[Session], None] | None = None
    ) -> TableState:
        """An entry made by the table itself (:meth:`LogWriter.table_command`)."""
        return self.log.table_command(table_id, action, also=also)

    def submit(
        self,
        table_id: str,
        *,
        seat: int,
        action: str,
        seq: int,
        on_done: Callable[[BaseException | None], None],
    ) -> None:
        """Queue a seat's action without waiting (:meth:`LogWriter.submit`)."""
        self.log.submit(table_id, seat=seat, action=action, seq=seq, on_done=on_done)

    def act(
        self, table_id: str, *, seat: int, action: str, seq: int, want_view: bool = True
    ) -> dict[str, Any] | None:
        """A seat's action at ``seq``; returns that seat's new view (if ``want_view``)."""
        text_form = canonical(action)
        if self.presence.mark_back(table_id, seat):  # an away human moved: back at the table
            seq += 1
        state = self.log.append(table_id, seat=seat, action=text_form, seq=seq)
        if not want_view:
            return None
        with self.tables.lock(table_id):
            return state.view(seat, deadline=state.turn_deadline())

    # ------------------------------------------------------------------ seats
    def create_table(
        self, config: TableConfig, *, client: str
    ) -> tuple[str, list[SeatTicket], str]:
        """Open a table (:meth:`SeatDesk.create_table`)."""
        return self.seats.create_table(config, client=client)

    def seat_for_token(self, table_id: str, token: str | None) -> int:
        """The seat ``token`` opens at this table; a missing or wrong one raises 403."""
        return self.seats.seat_for_token(table_id, token)

    def open_socket(self, table_id: str, token: str | None, last: int) -> SocketOpening:
        """A new socket's seat and first view, from one read (:func:`open_socket`)."""
        return open_socket(self.tables, self.seats, table_id, token, last)

    def cached_seq(self, table_id: str) -> int | None:
        """The last entry this process's copy of the table holds (no query; None: not
        kept here)."""
        state = self.tables.get(table_id)
        return None if state is None else state.seq

    def holder(self, table_id: str, token: str, seat: int) -> int | None:
        """The count of changes of hands at which ``token`` still holds ``seat``, or None."""
        return self.seats.holder(table_id, token, seat)

    def token_epoch(self, table_id: str, seat: int) -> int | None:
        """This process's copy's count of changes of hands of ``seat`` (no query)."""
        return self.seats.token_epoch(table_id, seat)

    def seat_kinds_cached(self, table_id: str) -> list[str] | None:
        """Who sits in each seat in this process's copy (no query; None: not cached)."""
        return self.seats.seat_kinds_cached(table_id)

    def is_host(self, table_id: str, token: str | None) -> bool:
        """Whether ``token`` is the table's host token (its creator's)."""
        return self.seats.is_host(table_id, token)

    def find_code(self, session: Session, code: str) -> tuple[str, int, str]:
        """The table and seat of a short code (:meth:`SeatDesk.find_code`)."""
        return self.seats.find_code(session, code)

    def redeem_code(self, table_id: str, seat: int, code: str) -> SeatTicket:
        """Seat one device with a short code (:meth:`SeatDesk.redeem_code`)."""
        return self.seats.redeem_code(table_id, seat, code)

    def change_seat(
        self, table_id: str, *, host_token: str | None, target: int, kind: str
    ) -> SeatTicket:
        """The host hands a seat to someone else (:meth:`SeatDesk.change_seat`)."""
        return self.seats.change_seat(table_id, host_token=host_token, target=target, kind=kind)

    def leave(self, table_id: str, token: str | None) -> tuple[int, str]:
        """The token's player has to go: a computer player takes the seat
        (:meth:`SeatDesk.leave`); the seat and its new kind."""
        return self.seats.leave(table_id, token)

    def reissued(self, table_id: str, seat: int) -> None:
        """Log ``reissue N`` after seat N's token was replaced elsewhere."""
        self.seats.reissued(table_id, seat)

    # ------------------------------------------------------------------ questions, chat
    def deck(self, table_id: str) -> DeckView:
        """The table's question deck (:meth:`DeckDesk.deck`)."""
        return self.decks.deck(table_id)

    def set_deck(self, table_id: str, *, host_token: str | None, text: str) -> DeckView:
        """The host saves a new question deck (:meth:`DeckDesk.set_deck`)."""
        return self.decks.set_deck(table_id, host_token=host_token, text=text)

    def say(self, table_id: str, *, seat: int, text: str) -> TableState:
        """Seat ``seat`` says ``text`` in the table's chat (:meth:`TableChat.say`)."""
        return self.chat.say(table_id, seat=seat, text=text)

    def set_chat(
        self, table_id: str, *, mode: str, host_token: str | None, director: bool = False
    ) -> TableState:
        """Change the table's chat (:meth:`TableChat.set_chat`)."""
        return self.chat.set_chat(table_id, mode=mode, host_token=host_token, director=director)

    # ------------------------------------------------------------------ presence
    def drop_window(self, config: TableConfig) -> float | None:
        """Seconds a dropped human has before a computer player takes their seat."""
        return self.presence.drop_window(config)

    def mark_dropped(self, table_id: str, seat: int) -> bool:
        """Log ``drop N UNTIL`` (:meth:`Presence.mark_dropped`)."""
        return self.presence.mark_dropped(table_id, seat)

    def mark_away(self, table_id: str, seat: int) -> bool:
        """Log ``away N`` (:meth:`Presence.mark_away`)."""
        return self.presence.mark_away(table_id, seat)

    def mark_back(self, table_id: str, seat: int) -> bool:
        """Log ``back N`` (:meth:`Presence.mark_back`)."""
        return self.presence.mark_back(table_id, seat)

    def away_seats(self, table_id: str) -> list[int]:
        """The seats dropped or away in this process's copy (no query; may lag)."""
        return self.presence.away_seats(table_id)

    # ------------------------------------------------------------------ the server's moves
    def pending_auto_move(self, table_id: str) -> AutoMove | None:
        """The move the server owes at this table, if any."""
        return self.moves.pending_auto_move(table_id)

    def auto_move(self, table_id: str, move: AutoMove) -> bool:
        """Make ``move`` if the table is still where it was; False when it moved on."""
        return self.moves.auto_move(table_id, move)

    def hint(self, table_id: str, seat: int) -> tuple[str, str]:
        """What the strongest computer player would do here, and why."""
        return self.moves.hint(table_id, seat)

    def tables_owing_moves(self) -> list[str]:
        """Tables whose last entry is recent enough that a move may be owed."""
        return self.moves.tables_owing_moves()
