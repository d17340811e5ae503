"""Table talk at play tables: a seat's message (``say TEXT``) and the chat's setting
(``chat MODE``), each checked against the table as it is when it is committed."""

from __future__ import annotations

from collections.abc import Callable

from euchre.play.log import CHAT_MODES, chat_entry, say_entry
from euchre.play.table import CHAT_LENGTH, CHAT_WINDOW, TableState
from euchre.store.errors import ConflictError, RateLimitedError, StoreError
from euchre.store.play.errors import ForbiddenError
from euchre.store.play.seats import SeatDesk
from euchre.store.play.tables import TableCache
from euchre.store.play.writer import LogWriter

__all__ = ["NOT_DIRECTOR_CHAT", "NOT_HOST_CHAT", "TableChat"]

NOT_HOST_CHAT = "Only the table's host (who opened it) can change the chat; ask the host."
NOT_DIRECTOR_CHAT = "At an event's table only the director decides the chat."


class TableChat:
    """The chat of the play tables of one database."""

    def __init__(
        self,
        tables: TableCache,
        writer: LogWriter,
        seats: SeatDesk,
        clock: Callable[[], float],
    ) -> None:
        self.tables = tables
        self.writer = writer
        self.seats = seats
        self.clock = clock
        """Seconds since the epoch (the service's clock, which tests replace)."""

    def say(self, table_id: str, *, seat: int, text: str) -> TableState:
        """Seat ``seat`` (the seat its token holds: never a field of the request) says
        ``text`` in the table's chat. Refused with a sentence for the player: chat off, free
        text where only presets are allowed, during a hand where talk waits for the hand's
        end (:class:`ConflictError`), too long (:class:`StoreError`), or more than
        the table's rate (:meth:`TableState.chat_too_fast`) (:class:`RateLimitedError`).
        """
        cleaned = " ".join(text.split())

        def guard(state: TableState) -> None:
            problem = state.chat_refusal(seat, cleaned)
            if problem is not None:
                if not cleaned or len(cleaned) > CHAT_LENGTH:
                    raise StoreError(problem)
                raise ConflictError(problem)
            too_fast = state.chat_too_fast(seat, self.clock())
            if too_fast is not None:
                raise RateLimitedError(too_fast, retry_after=CHAT_WINDOW)

        return self.writer.append(
            table_id, seat=seat, action=say_entry(cleaned), seq=None, check=False, guard=guard
        )

    def set_chat(
        self, table_id: str, *, mode: str, host_token: str | None, director: bool = False
    ) -> TableState:
        """Change the table's chat (``chat MODE`` in the log): at a casual table its host
        only (:data:`NOT_HOST_CHAT` to anyone else), at an event's table its director only
        (``director``: the caller checked that)."""
        if mode not in CHAT_MODES:
            raise StoreError(
                f"unknown chat setting {mode!r}; choose one of {', '.join(sorted(CHAT_MODES))}"
            )
        with self.tables.reading(table_id) as state:
            event = state.config.event_id is not None
        if event and not director:
            raise ForbiddenError(NOT_DIRECTOR_CHAT)
        if not event and not self.seats.is_host(table_id, host_token):
            raise ForbiddenError(NOT_HOST_CHAT)
        return self.writer.table_command(table_id, chat_entry(mode))
