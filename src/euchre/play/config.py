"""What a play table is opened with, and the small facts every part of the table shares.

:class:`TableConfig` is a table's configuration (stored as JSON; one codec both ways),
:func:`config_from_request` checks a new one, :func:`game_seed` is each game's seed line, and
the constants are the table's limits (chat, answers) and its seats' names. The game flow
(:mod:`euchre.play.flow`), the question pile (:mod:`euchre.play.questions`) and the views
(:mod:`euchre.play.table`) build on this module.
"""

from __future__ import annotations

import enum
import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from euchre.bots import BOT_FACTORIES
from euchre.engine.errors import EuchreError
from euchre.engine.profile import RuleProfile, resolve_profile
from euchre.engine.questions import QuestionDeck
from euchre.engine.record import HandRecord
from euchre.engine.state import HandResult
from euchre.tournament.bell import on_paper_only
from euchre.tournament.model import ChatMode

__all__ = [
    "ANSWER_LENGTH",
    "ANY_SEQ",
    "CHAT_LENGTH",
    "CHAT_PRESETS",
    "CHAT_RATE",
    "CHAT_SHOWN",
    "CHAT_WINDOW",
    "HUMAN",
    "SEAT_NAMES",
    "ChatLine",
    "FinishedHand",
    "TableConfig",
    "TableStatus",
    "config_from_request",
    "game_seed",
    "seat_kinds",
]

HUMAN = "human"
ANY_SEQ = frozenset({"sit"})
"""Moves that count whatever ``seq`` they were sent for (up to the table's own): sitting down
seats only the sender's own seat, and only while it is empty, so it cannot act on an outdated
view. Two phones that sit at the same moment both sit; neither is told the table moved on."""
ANSWER_LENGTH = 55
"""The longest typed answer (``answered TEXT`` fits a log entry's 64 characters)."""
SEAT_NAMES = ("South", "West", "North", "East")
CHAT_PRESETS = (
    "Nice hand!",
    "Good game",
    "Well played",
    "Oops",
    "Sorry",
    "Thanks",
    "Hello!",
    "\N{THUMBS UP SIGN}",
    "\N{CLAPPING HANDS SIGN}",
    "\N{SMILING FACE WITH OPEN MOUTH}",
    "\N{FACE WITH OPEN MOUTH}",
    "\N{SLEEPING FACE}",
)
"""The preset messages and emotes every table allows (unless its chat is off)."""
CHAT_LENGTH = 60
"""The longest chat message, in characters (a log entry holds 64: ``say `` and the text)."""
CHAT_SHOWN = 20
"""How many of the latest chat messages a view carries."""
CHAT_RATE = 5
"""At most this many chat messages per seat in :data:`CHAT_WINDOW` seconds."""
CHAT_WINDOW = 10


class TableStatus(enum.StrEnum):
    """Where a table is: waiting for its humans to sit, a game in play, or over (a
    :class:`~enum.StrEnum`: the views carry its text)."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


def seat_kinds() -> tuple[str, ...]:
    """Who can sit: ``human`` and every computer player in the bots' registry (so a level
    added there appears here)."""
    return (HUMAN, *BOT_FACTORIES)


class TableConfig(BaseModel):
    """What a table was opened with (stored as JSON; one codec both ways)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    profile: str
    profile_options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    """The table's secret seed (at least 128 random bits, from ``secrets``) or the one its
    creator chose (``seeded``); never shown while a game it deals is in play."""
    seeded: bool = False
    """The creator chose the seed (practice, a replay): shown as "seeded" on the page and in
    the records, since whoever knows it knows every deal."""
    seats: tuple[str, str, str, str]
    hints: bool = True
    timer_seconds: int = 0
    deck_text: str | None = None
    decks: tuple[str, ...] = ()
    """Question decks the host saved after the table was opened, in order (only appended:
    the log's ``deck N`` entries name them, so a replay rebuilds the same questions)."""
    event_id: int | None = None
    """The tournament event this table belongs to (an online club night), if any: such a
    table has no rematch, and only the director changes its seats or closes it."""
    label: str | None = None
    """A line the page shows above the table (an event's table: round, table, who sits
    where)."""
    chat: ChatMode | None = None
    """The chat the table opens with (None: ``free`` at a casual table, ``between_hands`` at
    an event's); the host or the director may change it later (``chat MODE`` in the log)."""
    drop_seconds: int | None = 45
    """How long a human who dropped (lost their last connection) has to come back before a
    computer player takes their seat: 45 s at a casual table, the director's choice at an
    event's (None: nobody takes it until the director decides)."""
    rematch_asks: bool = False
    """A rematch is offered and starts only when every human accepted
    (:mod:`euchre.play.rematch`); every table opened since has it, a table opened before
    keeps the one-tap rematch its log was written with (replaying it rebuilds the same
    games)."""
    names: tuple[str, str, str, str] | None = None
    """The players' names by seat, where the table knows them (an event's table: the
    entrants); the page shows them instead of "Partner", "Left", "Right"."""

    def rule_profile(self) -> RuleProfile:
        """The rule profile (a built-in with this table's overrides)."""
        return resolve_profile(self.profile, self.profile_options)

    def question_deck(self) -> QuestionDeck:
        """The table's own question deck, or the default one."""
        if self.deck_text is None:
            return QuestionDeck.default()
        return QuestionDeck.parse(self.deck_text, origin="the table's question deck")


def game_seed(seed: int, game_number: int) -> str:
    """The seed of one game of a table (SHA-256 of ``SEED:GAME``, hex): ``Random(it)`` draws
    the first dealer and then deals each hand in turn, and ``Random(it + ":pile")`` shuffles
    the question pile. Publishing one game's seed reveals nothing of the next game's deals."""
    return hashlib.sha256(f"{seed}:{game_number}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class FinishedHand:
    """A hand played out: its record (with actions), result and game number."""

    record: HandRecord
    result: HandResult
    game_number: int
    moves: tuple[tuple[int, int], ...] = ()
    """Per seat, the moves its human made in this hand and those a computer player made for
    it (a seat handed to a computer player, or a human's while away)."""

    def computer_played(self, seat: int) -> bool:
        """Whether a computer player made most of ``seat``'s moves in this hand."""
        own, computer = self.moves[seat] if self.moves else (0, 0)
        return computer > own


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One chat message: who sent it (the seat its token holds), what they typed, when."""

    number: int
    seat: int
    text: str
    at: datetime | None

    def to_json(self) -> dict[str, Any]:
        """As every view shows it: the sender's seat and name and the text, nothing more."""
        return {
            "number": self.number,
            "seat": self.seat,
            "name": SEAT_NAMES[self.seat],
            "text": self.text,
            "preset": self.text in CHAT_PRESETS,
        }


def config_from_request(
    *,
    profile: str,
    profile_options: Mapping[str, Any] | None,
    seats: Sequence[str],
    seed: int | None,
    hints: bool,
    timer_seconds: int,
    deck_text: str | None,
) -> TableConfig:
    """A validated configuration; bad input raises :class:`EuchreError` naming it."""
    if len(seats) != 4:
        raise EuchreError(f"a table has four seats; got {len(seats)}")
    kinds = seat_kinds()
    for index, kind in enumerate(seats):
        if kind not in kinds:
            raise EuchreError(
                f"seat {index}: unknown player kind {kind!r}; kinds: {', '.join(kinds)}"
            )
    if HUMAN not in seats:
        raise EuchreError("a table needs at least one human seat")
    if profile.endswith(".toml") or "/" in profile:
        raise EuchreError(
            f"profile {profile!r}: give a built-in profile id and profile_options (or the "
            "TOML text of a user profile), not a file path"
        )
    if not 0 <= timer_seconds <= 600:
        raise EuchreError(f"timer_seconds must be 0 (no timer) to 600, got {timer_seconds}")
    config = TableConfig(
        profile=profile,
        profile_options=dict(profile_options or {}),
        seed=seed if seed is not None else secrets.randbits(128),
        seeded=seed is not None,
        seats=(seats[0], seats[1], seats[2], seats[3]),
        hints=hints,
        timer_seconds=timer_seconds,
        deck_text=deck_text,
        rematch_asks=True,
    )
    refused = on_paper_only(config.rule_profile())  # raises naming a bad profile or option
    if refused is not None:
        raise EuchreError(refused)
    config.question_deck()  # raises naming the bad line of an uploaded deck
    return config
