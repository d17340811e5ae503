"""A casual play table's question deck: shown to anyone, changed by its host between games.

A saved deck is kept in the table's row (``decks``, only appended) and put in play by the log
entry ``deck N``, so a replay rebuilds the same questions.
"""

from __future__ import annotations

from euchre.engine.questions import QuestionDeck
from euchre.play.log import deck_entry
from euchre.play.table import TableConfig, TableStatus
from euchre.play.view_model import DeckView
from euchre.store.db import Database
from euchre.store.errors import ConflictError, NotFoundError
from euchre.store.models import PlayTable
from euchre.store.play.errors import ForbiddenError
from euchre.store.play.seats import SeatDesk
from euchre.store.play.tables import TableCache
from euchre.store.play.writer import LogWriter

__all__ = ["NOT_HOST_DECK", "DeckDesk"]

NOT_HOST_DECK = "Only the table's host (who opened it) can change its questions; ask the host."


class DeckDesk:
    """The question decks of the play tables of one database."""

    def __init__(
        self, database: Database, tables: TableCache, writer: LogWriter, seats: SeatDesk
    ) -> None:
        self.database = database
        self.tables = tables
        self.writer = writer
        self.seats = seats

    def deck(self, table_id: str) -> DeckView:
        """The table's question deck: its text, its number (-1: the one it was opened with)
        and whether it may be changed now (before a game starts or after it ends)."""
        with self.tables.reading(table_id) as state:
            return DeckView(
                text=state.deck_text(),
                number=state.deck_number,
                editable=state.status is not TableStatus.PLAYING and state.config.event_id is None,
                question_pile=state.profile.question_pile,
            )

    def set_deck(self, table_id: str, *, host_token: str | None, text: str) -> DeckView:
        """The host saves a new question deck for the table (anyone else:
        :class:`ForbiddenError`): kept in the table's row (``decks``, only appended) and put
        in play by the log entry ``deck N``, from the next game on; refused while a game is
        in play (:class:`ConflictError`) and for a deck that does not parse (the error names
        the line)."""
        if not self.seats.is_host(table_id, host_token):
            raise ForbiddenError(NOT_HOST_DECK)
        QuestionDeck.parse(text, origin="the question deck")  # raises naming the line
        with self.tables.reading(table_id) as state:
            if state.config.event_id is not None:
                raise ForbiddenError("This table belongs to an event: its questions are fixed.")
            if state.status is TableStatus.PLAYING:
                raise ConflictError(
                    "The questions can be changed only before the game starts or after it "
                    "ends; this game is in play."
                )
        with self.database.write() as session:
            row = session.get(PlayTable, table_id)
            if row is None:  # pragma: no cover - checked above
                raise NotFoundError(f"no play table {table_id!r}")
            config = TableConfig.model_validate(row.config)
            config = config.model_copy(update={"decks": (*config.decks, text)})
            row.config = config.model_dump(mode="json")
        self.tables.update_config(table_id, config)
        self.writer.table_command(table_id, deck_entry(len(config.decks) - 1))
        return self.deck(table_id)
