"""The typed shape of a play table's view: what ``GET /api/play/tables/{table}`` answers and
every WebSocket ``view`` carries, for a seat and for the spectators.

:class:`euchre.play.table.TableState` builds its views as plain JSON (the fan-out encodes the
public part once for five sockets, so it does not go through a model per view); these frozen
models are the contract they keep, the API's ``response_model`` and the schema a client reads
in ``/openapi.json``. The tests check every view the table builds against them, in every
phase (waiting, bidding, discard, play, question, answer, over, a rematch offered).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from euchre.play.config import TableStatus
from euchre.tournament.model import ChatMode

__all__ = [
    "CardPlayed",
    "ChatLineView",
    "DeckView",
    "HandReview",
    "HistoryItem",
    "NoticeView",
    "ProfileView",
    "QuestionLogEntry",
    "QuestionView",
    "RematchView",
    "SeatView",
    "TableView",
    "TrickView",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ProfileView(_Frozen):
    """The table's rules, as the page names them."""

    id: str
    name: str
    game_target: int
    game_hands: int
    question_pile: bool
    options: dict[str, Any]


class SeatView(_Frozen):
    """One seat as everyone sees it: who sits there and whether they are at the table."""

    seat: int
    name: str
    player: str | None
    kind: str
    next_kind: str | None
    seated: bool
    away: bool
    connected: bool
    takeover_at: float | None


class QuestionView(_Frozen):
    """The question after a trick (public: the whole table hears it)."""

    hand: int
    trick: int
    asker: int
    stage: str
    asked: int | None
    card: str | None
    source: str | None
    question: str | None


class QuestionLogEntry(_Frozen):
    """A question of this game, asked (with its answer, if typed) or skipped."""

    hand: int
    trick: int
    asker: int
    asked: int | None
    card: str | None
    source: str | None
    question: str | None
    answer: str | None
    skipped: bool


class ChatLineView(_Frozen):
    """A chat message: the sender's seat and name and the text."""

    number: int
    seat: int
    name: str
    text: str
    preset: bool


class RematchView(_Frozen):
    """A rematch offered: by whom, how, who accepted, who is still asked."""

    by: int
    swap: bool
    arrangement: str
    accepted: list[int]
    waiting: list[int]


class NoticeView(_Frozen):
    """A line the whole table was told (a rematch offered or answered, a player who left)."""

    number: int
    kind: str
    seat: int
    text: str


class CardPlayed(_Frozen):
    """A card on the table and who played it."""

    seat: int
    card: str


class TrickView(_Frozen):
    """A trick: who led, the cards in play order, who won it."""

    leader: int
    cards: list[CardPlayed]
    winner: int


class HistoryItem(_Frozen):
    """One move of the hand, as this seat may read it."""

    seat: int
    action: str


class HandReview(_Frozen):
    """The hand played last, shown after it: its result and, since a finished hand is
    public, its hands as dealt, the bids and the tricks."""

    status: str
    trump: str | None
    maker: int | None
    alone: bool
    defender_alone: int | None
    tricks: list[int]
    team_points: list[int]
    player_points: list[int]
    dealer: int
    number: int
    game_number: int
    hands: list[list[str]]
    up_card: str
    bids: list[HistoryItem]
    plays: list[TrickView]


class TableView(_Frozen):
    """What one seat (``seat``) or the spectators (``seat`` None) see of a table. Never
    another seat's unplayed card: ``hand`` is the viewer's own, ``discard`` the dealer's
    alone. The fields from ``hand_number`` on are there while a hand is dealt."""

    table: str
    seq: int
    status: TableStatus
    seat: int | None
    to_act: int | None
    legal: list[str]
    hand: list[str]
    scores: list[int]
    hands_played: int
    counted_hands: int
    hands_left: int
    winner: int | None
    game_number: int
    profile: ProfileView
    seats: list[SeatView]
    hints: bool
    seeded: bool
    event: int | None
    label: str | None
    closed: bool
    timer_seconds: int
    turn_deadline: float | None
    question: QuestionView | None
    questions: list[QuestionView]
    question_log: list[QuestionLogEntry]
    last_hand: HandReview | None
    chat: list[ChatLineView]
    chat_mode: ChatMode
    phase: str
    played_for_you: list[str]
    rematch: RematchView | None
    notices: list[NoticeView]
    hand_number: int | None = None
    dealer: int | None = None
    up_card: str | None = None
    turned_down: bool | None = None
    trump: str | None = None
    maker: int | None = None
    alone: bool | None = None
    defender_alone: int | None = None
    active: list[bool] | None = None
    discard: str | None = None
    card_counts: list[int] | None = None
    trick: list[CardPlayed] | None = None
    tricks: list[TrickView] | None = None
    tricks_won: list[int] | None = None
    history: list[HistoryItem] | None = None


class DeckView(_Frozen):
    """A table's question deck: public (its questions are read out at the table), with its
    number (-1: the one the table was opened with) and whether it may be changed now
    (before a game starts or after it ends, at a table of no event)."""

    text: str
    number: int
    editable: bool
    question_pile: bool
