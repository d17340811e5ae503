"""A play table as pure state: its configuration, its log replayed, and each seat's view.

The log is a list of texts, each made by one seat (or ``-1`` for the table itself); its
grammar (moves, ``say``, ``seat``, ``drop``, ``away``, ``back``, ``reissue``, ``deck``,
``chat``, ``close``) is :mod:`euchre.play.log`'s, and what each entry does is
:meth:`TableState.apply`'s. Chat (``say``, ``chat``) is not a move: a move sent for the
``seq`` before it still counts (:attr:`TableState.play_seq`), and the turn timer does not
restart. Each seat's view hides what that seat may not see by the one hidden-card rule,
:func:`euchre.engine.view.visible_to`.

The deal comes from the table's seed, so replaying the same log rebuilds the same table. The
seed is at least 128 secret bits unless the creator chose one (``seeded``); each game deals
from :func:`game_seed`, published in the records once that game is over.
Nothing here touches a database: :mod:`euchre.store.play.service` stores the log.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from euchre.bots import BOT_FACTORIES, Bot
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import Card, Suit, effective_suit, iter_mask, trump_rank
from euchre.engine.errors import EuchreError, IllegalActionError
from euchre.engine.game import Game
from euchre.engine.profile import RuleProfile, resolve_profile
from euchre.engine.questions import QuestionDeck, QuestionPile, default_deck_text
from euchre.engine.record import HandRecord, deal_record, draw_first_dealer, replay
from euchre.engine.state import HandResult, HandState, Phase
from euchre.engine.view import PlayerView, public_text, view_of, visible_to
from euchre.play.log import Entry, EntryKind, parse_entry
from euchre.tournament.model import ChatMode

__all__ = [
    "ANSWER_LENGTH",
    "CHAT_LENGTH",
    "CHAT_PRESETS",
    "CHAT_RATE",
    "CHAT_WINDOW",
    "HUMAN",
    "SEAT_NAMES",
    "ChatLine",
    "FinishedHand",
    "PendingQuestion",
    "TableConfig",
    "TableState",
    "config_from_request",
    "game_seed",
    "hand_review",
    "owed_action",
    "seat_kinds",
    "sorted_hand",
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


@dataclass(slots=True)
class PendingQuestion:
    """The question after one trick: first the winners choose (or skip), then the table
    answers."""

    hand: int
    trick: int
    asker: int
    maker_team_won: bool
    stage: str = "ask"  # "ask", then "answer"
    asked: int = -1
    card: str | None = None
    source: str = ""
    question: str = ""

    def to_json(self) -> dict[str, Any]:
        """As the views show it (public: everyone sees the question)."""
        return {
            "hand": self.hand,
            "trick": self.trick,
            "asker": self.asker,
            "stage": self.stage,
            "asked": self.asked if self.asked >= 0 else None,
            "card": self.card,
            "source": self.source or None,
            "question": self.question or None,
        }


@dataclass(slots=True)
class TableState:
    """A table rebuilt from its configuration and log."""

    table_id: str
    config: TableConfig
    profile: RuleProfile
    deck: QuestionDeck
    kinds: list[str]
    seated: list[bool]
    seq: int = 0
    play_seq: int = 0
    """The ``seq`` after the last entry that was not chat (``say``, ``chat``): a move sent
    for any ``seq`` from here to :attr:`seq` is not stale."""
    last_at: datetime | None = None
    game_number: int = 0
    game: Game | None = None
    rng: random.Random = field(default_factory=random.Random)
    pile: QuestionPile | None = None
    record: HandRecord | None = None
    hand: HandState | None = None
    pending_kinds: dict[int, str] = field(default_factory=dict)
    finished: list[FinishedHand] = field(default_factory=list)
    question: PendingQuestion | None = None
    asked: list[dict[str, Any]] = field(default_factory=list)
    question_log: list[dict[str, Any]] = field(default_factory=list)
    """This game's questions, asked and skipped, in order (public: the table hears them)."""
    deck_number: int = -1
    """Which of ``config.decks`` the table plays with (-1: the one it was opened with)."""
    closed: bool = False
    away: list[bool] = field(default_factory=lambda: [False] * 4)
    dropped: list[bool] = field(default_factory=lambda: [False] * 4)
    """A human's seat with no connection (``drop N``) until ``back N``."""
    takeover_at: list[float | None] = field(default_factory=lambda: [None] * 4)
    """When a computer player takes a dropped seat (seconds since the epoch; None: not
    dropped, already taken, or waiting for the director)."""
    played_for: list[list[str]] = field(default_factory=lambda: [[] for _ in range(4)])
    """What the computer player made for each seat since it last took over, until the
    seat's human moves again (shown to that human only: "While you were away ...")."""
    hand_moves: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in range(4)])
    """Per seat, the moves of the hand in progress made by its human and by a computer."""
    chat: list[ChatLine] = field(default_factory=list)
    """The latest chat messages (at most 100 kept: the views show :data:`CHAT_SHOWN`, the
    rate limit looks at the last seconds)."""
    chat_count: int = 0
    chat_set: ChatMode | None = None
    """The chat mode the host or the director chose (``chat MODE``), if any."""
    token_epochs: list[int] = field(default_factory=lambda: [0] * 4)
    """How often each seat changed hands (``seat N KIND``, ``reissue N``): a socket opened
    at an older count must show its token is still the seat's before it gets anything more."""
    # The spectators' history of the hand in progress, kept between views (see view()).
    _history_hand: HandState | None = field(default=None, repr=False, compare=False)
    _history_seen: list[dict[str, Any]] = field(default_factory=list, repr=False, compare=False)
    _history_last: Action | None = field(default=None, repr=False, compare=False)
    _history_texts: list[str] = field(default_factory=list, repr=False, compare=False)
    _review_cache: tuple[int, dict[str, Any]] | None = field(
        default=None, repr=False, compare=False
    )
    """The JSON of each entry of ``_history_seen`` (encoded once per entry)."""
    # The JSON of the view's parts that change rarely (profile, seats, last hand) and what
    # they were made from (see view_texts()).
    _static_key: tuple[Any, ...] = field(default=(), repr=False, compare=False)
    _static_json: str = field(default="", repr=False, compare=False)

    @classmethod
    def new(cls, table_id: str, config: TableConfig) -> TableState:
        """A table before its first log entry."""
        return cls(
            table_id=table_id,
            config=config,
            profile=config.rule_profile(),
            deck=config.question_deck(),
            kinds=list(config.seats),
            seated=[False] * 4,
        )

    @classmethod
    def replay(
        cls, table_id: str, config: TableConfig, entries: Sequence[tuple[int, str]]
    ) -> TableState:
        """The table after ``entries`` (seat, text), each checked as it is applied."""
        state = cls.new(table_id, config)
        for seat, text in entries:
            state.apply(seat, text)
        return state

    # ------------------------------------------------------------------ queries
    @property
    def status(self) -> str:
        """``waiting`` (for humans to sit), ``playing`` or ``over``."""
        if self.closed:
            return "over"
        if self.game is None:
            return "waiting"
        if self.game.is_over and self.question is None:
            return "over"
        return "playing"

    @property
    def to_act(self) -> int | None:
        """The seat whose move the table waits for (None while waiting or over)."""
        if self.status != "playing":
            return None
        if self.question is not None:
            return self._question_actor()
        if self.hand is None or self.hand.is_over:
            return None
        return self.hand.to_act

    def _question_actor(self) -> int:
        question = self.question
        assert question is not None
        if question.stage == "ask":
            return question.asker
        # The player asked answers (and may type the answer); a computer player asked is
        # answered for by a human asker, else at once.
        if self.kinds[question.asked] == HUMAN or self.kinds[question.asker] != HUMAN:
            return question.asked
        return question.asker

    @property
    def turn_timed(self) -> bool:
        """Whether the turn timer runs for the move the table waits for: not while a
        question is being answered (the answer is talk at the table, not a move)."""
        return self.question is None or self.question.stage != "answer"

    def legal(self, seat: int) -> list[str]:
        """The canonical texts ``seat`` may send now (empty when it is not its turn)."""
        status = self.status
        if status == "waiting":
            return ["sit"] if self.kinds[seat] == HUMAN and not self.seated[seat] else []
        if status == "over":
            rematch = self.kinds[seat] == HUMAN and self.config.event_id is None
            return ["rematch"] if rematch else []
        if self.to_act != seat:
            return []
        if self.question is not None:
            return self._question_actions()
        assert self.hand is not None
        return [str(action) for action in self.hand.legal_actions()]

    def _question_actions(self) -> list[str]:
        question = self.question
        hand = self.hand
        assert question is not None and hand is not None
        if question.stage == "answer":
            return ["answered"]
        # The winning team "may" ask: skipping is always one of its choices.
        return [*self._ask_choices(question, hand), "skip"]

    def _ask_choices(self, question: PendingQuestion, hand: HandState) -> list[str]:
        # Either team's players may be asked, a seat sitting out this hand included.
        if question.maker_team_won:
            other = ((question.asker + 1) % 4, (question.asker + 3) % 4)
            return [f"ask {seat}" for seat in other]
        makers = [hand.maker, (hand.maker + 2) % 4]
        cards = [
            str(card)
            for _, card in hand.trick_plays()[question.trick]
            if str(card) in self.deck.questions
        ]
        if not cards:
            return [f"ask {seat}" for seat in makers]
        return [f"ask {seat} {card}" for seat in makers for card in cards]

    @property
    def chat_mode(self) -> ChatMode:
        """Who may say what now: the host's or director's choice, else the table's own,
        else ``free`` at a casual table and ``between_hands`` at an event's."""
        if self.chat_set is not None:
            return self.chat_set
        if self.config.chat is not None:
            return self.config.chat
        return ChatMode.BETWEEN_HANDS if self.config.event_id is not None else ChatMode.FREE

    @property
    def hand_in_play(self) -> bool:
        """Whether a hand is being played: from its first bid until its last trick (and
        the question after it); a hand just dealt, a table waiting and a game over are
        between hands."""
        hand = self.hand
        if self.status != "playing" or hand is None:
            return False
        if self.question is not None:
            return True
        return bool(hand.history) and not hand.is_over

    def chat_refusal(self, seat: int, text: str) -> str | None:
        """Why ``seat`` may not say ``text`` (already cleaned) now, as a sentence for the
        player; None when it may. (The rate limit is the service's: it needs the clock.)"""
        mode = self.chat_mode
        event = self.config.event_id is not None
        if not 0 <= seat <= 3:
            return "Only a player seated at this table can chat."
        if not text:
            return "Type a message first."
        if len(text) > CHAT_LENGTH:
            return f"A message can be at most {CHAT_LENGTH} characters long; yours has {len(text)}."
        if mode is ChatMode.OFF:
            return "Chat is off at this table."
        if text not in CHAT_PRESETS and mode is not ChatMode.FREE:
            who = "the director allows" if event else "the host allows"
            return f"Only the preset messages can be sent at this table: {who} no free text."
        if mode is ChatMode.BETWEEN_HANDS and self.hand_in_play:
            return (
                "Table talk is not allowed during a hand at this table; "
                "send it when the hand is over."
            )
        return None

    def chat_too_fast(self, seat: int, now: float) -> str | None:
        """Why ``seat`` may not chat at ``now`` (seconds since the epoch): more than
        :data:`CHAT_RATE` messages in :data:`CHAT_WINDOW` seconds, as a sentence for the
        player; None when it may."""
        since = datetime.fromtimestamp(now - CHAT_WINDOW, tz=UTC)
        recent = sum(
            1
            for line in self.chat
            if line.seat == seat and line.at is not None and _aware(line.at) > since
        )
        if recent < CHAT_RATE:
            return None
        return (
            f"You are sending messages too fast (at most {CHAT_RATE} in {CHAT_WINDOW} seconds); "
            "wait a few seconds."
        )

    def hands_left(self) -> int:
        """Counted hands still to play in a fixed-length game (0 for a target game)."""
        if self.game is None or not self.profile.game_hands:
            return 0
        return max(0, self.profile.game_hands - self.game.counted_hands)

    # ------------------------------------------------------------------ changes
    def apply(self, seat: int, text: str, at: datetime | None = None) -> None:
        """Apply one log entry made by ``seat``; an illegal one raises and changes nothing."""
        entry = parse_entry(seat, text)
        words = text.split()
        if entry.kind is EntryKind.SAY:
            self._say(seat, entry.text, at)
            self.seq += 1
            return
        if entry.kind is EntryKind.CHAT:
            self.chat_set = entry.mode
            self.seq += 1
            return
        if entry.kind is EntryKind.SEAT:
            self._change_seat(entry.target, entry.player_kind)
        elif entry.kind is EntryKind.CLOSE:
            if self.closed:
                raise IllegalActionError("the table is already closed")
            self.closed = True
        elif entry.kind in (EntryKind.AWAY, EntryKind.BACK, EntryKind.DROP):
            self._set_presence(entry)
        elif entry.kind is EntryKind.REISSUE:
            self._reissue(entry.target)
        elif entry.kind is EntryKind.DECK:
            self._set_deck(entry.target)
        elif not 0 <= seat <= 3:
            raise IllegalActionError(f"seat {seat} is not a seat 0-3")
        else:
            legal = self.legal(seat)
            answer = None
            if words[:1] == ["answered"] and len(words) > 1 and "answered" in legal:
                answer, text = " ".join(words[1:]), "answered"
                if len(answer) > ANSWER_LENGTH:
                    raise IllegalActionError(
                        f"an answer is at most {ANSWER_LENGTH} characters; this one has "
                        f"{len(answer)}"
                    )
            if text not in legal:
                raise IllegalActionError(self.refusal(seat, text, legal))
            if self.hand is not None and text not in ("sit", "rematch"):
                self.hand_moves[seat][int(self.stands_in(seat) is not None)] += 1
            if text == "sit":
                self.seated[seat] = True
                self._maybe_start()
            elif text == "rematch":
                self.game_number += 1
                self.finished_game_reset()
            elif text == "answered":
                assert self.question is not None
                self.asked.append(self.question.to_json())
                self.question_log.append({**self._log_entry(self.question), "answer": answer})
                self.question = None
                self._after_progress()
            elif text == "skip":
                assert self.question is not None
                self.question_log.append({**self._log_entry(self.question), "skipped": True})
                self.question = None
                self._after_progress()
            elif words[0] == "ask":
                self._ask(words)
            else:
                self._play(Action.parse(text))
            if self.away[seat]:
                self.played_for[seat].append(text)
            else:
                self.played_for[seat] = []
        self.seq += 1
        self.play_seq = self.seq
        self.last_at = at

    def _say(self, seat: int, text: str, at: datetime | None) -> None:
        self.chat_count += 1
        self.chat.append(ChatLine(self.chat_count, seat, text, at))
        if len(self.chat) > 100:
            del self.chat[:-100]

    @staticmethod
    def _log_entry(question: PendingQuestion) -> dict[str, Any]:
        entry = question.to_json()
        del entry["stage"]
        return {**entry, "answer": None, "skipped": False}

    def _set_deck(self, number: int) -> None:
        if number >= len(self.config.decks):
            raise IllegalActionError(f"the table has no saved question deck {number}")
        if self.status == "playing":
            raise IllegalActionError(
                "the question deck can be changed only before a game starts or after it ends"
            )
        self.deck = QuestionDeck.parse(self.config.decks[number], origin="the table's deck")
        self.deck_number = number

    def deck_text(self) -> str:
        """The text of the question deck the table plays with."""
        if self.deck_number >= 0:
            return self.config.decks[self.deck_number]
        if self.config.deck_text is not None:
            return self.config.deck_text
        return default_deck_text()

    def _set_presence(self, entry: Entry) -> None:
        target = entry.target
        if entry.kind is EntryKind.BACK:
            if not (self.away[target] or self.dropped[target]):
                raise IllegalActionError(f"seat {target} is not away")
            self._present(target)
            return
        if self.kinds[target] != HUMAN or self.away[target] or self.status != "playing":
            raise IllegalActionError(
                f"seat {target} cannot be marked {entry.kind}: only a human's seat in a game in "
                "play"
            )
        if entry.kind is EntryKind.DROP:
            if self.dropped[target]:
                raise IllegalActionError(f"seat {target} has already dropped")
            self.dropped[target] = True
            self.takeover_at[target] = entry.until
            return
        self.away[target] = True
        self.dropped[target] = True  # an old log's ``away N`` came with no ``drop N``
        self.takeover_at[target] = None
        self.played_for[target] = []

    def _present(self, target: int) -> None:
        """Seat ``target`` is its human's again (back, or handed to someone else)."""
        self.away[target] = False
        self.dropped[target] = False
        self.takeover_at[target] = None

    def _reissue(self, target: int) -> None:
        if self.pending_kinds.get(target, self.kinds[target]) != HUMAN:
            raise IllegalActionError(f"seat {target} is not a human's seat")
        self.token_epochs[target] += 1

    def stands_in(self, seat: int) -> str | None:
        """The computer player that moves for ``seat`` (its own kind, or for a human who is
        away the table's first computer player's kind, else ``rules``); None for a human
        at the table."""
        kind = self.kinds[seat]
        if kind != HUMAN:
            return kind
        if not self.away[seat]:
            return None
        return next((other for other in self.config.seats if other != HUMAN), "rules")

    def refusal(self, seat: int, text: str, legal: list[str]) -> str:
        """Why ``text`` from ``seat`` is refused, naming only what that seat may know."""
        if legal:
            return f"{text!r} is not legal for seat {seat} now; legal: {', '.join(legal)}"
        status = self.status
        if status == "playing":
            return f"{text!r} refused: it is seat {self.to_act}'s turn, not seat {seat}'s"
        return f"{text!r} refused: seat {seat} has nothing to do while the table is {status}"

    def finished_game_reset(self) -> None:
        """Start the next game of a rematch (same seats, same seed line)."""
        self.game = None
        self.hand = None
        self.record = None
        self.question = None
        self.asked = []
        self.question_log = []
        self._maybe_start(force=True)

    def _change_seat(self, target: int, kind: str) -> None:
        if kind not in seat_kinds():
            raise IllegalActionError(
                f"unknown player kind {kind!r}; kinds: {', '.join(seat_kinds())}"
            )
        current = self.pending_kinds.get(target, self.kinds[target])
        if current == kind:
            raise IllegalActionError(f"seat {target} is already {kind}")
        self.token_epochs[target] += 1
        if kind != HUMAN or self.hand is None or self.status != "playing":
            # A computer player takes over at once (a human left); so does anyone while the
            # table waits or is over.
            self.kinds[target] = kind
            self.pending_kinds.pop(target, None)
            self._present(target)
            self.seated[target] = kind == HUMAN and self.status == "playing"
            if self.status == "waiting":
                self._maybe_start()
        else:
            # A human replaces a computer player between hands: from the next deal on.
            self.pending_kinds[target] = kind

    def _maybe_start(self, *, force: bool = False) -> None:
        if self.game is not None:
            return
        if not force and not all(
            seated or kind != HUMAN for seated, kind in zip(self.seated, self.kinds, strict=True)
        ):
            return
        seed_line = game_seed(self.config.seed, self.game_number)
        self.rng = random.Random(seed_line)
        self.pile = QuestionPile(self.deck, random.Random(f"{seed_line}:pile"))
        draw = draw_first_dealer(self.profile, self.rng)
        self.game = Game(self.profile, draw.dealer)
        self._deal()

    def _deal(self) -> None:
        assert self.game is not None
        for target, kind in self.pending_kinds.items():
            self.kinds[target] = kind
            self.seated[target] = True
            self._present(target)
        self.pending_kinds = {}
        while True:
            self.record = deal_record(self.profile, self.game.dealer, self.rng)
            self.hand = self.record.start()
            if not self.hand.is_over:
                return
            self._finish_hand()  # a farmer's hand voids the deal at once
            if self.game.is_over:  # pragma: no cover - a redeal never ends a game
                return

    def _play(self, action: Action) -> None:
        hand = self.hand
        assert hand is not None
        tricks_before = len(hand.tricks)
        hand.apply(action)
        if self.profile.question_pile and len(hand.tricks) > tricks_before:
            winner = hand.tricks[-1]
            assert self.game is not None
            self.question = PendingQuestion(
                hand=len(self.game.hands) + 1,
                trick=tricks_before,
                asker=winner,
                maker_team_won=winner % 2 == hand.maker % 2,
            )
        self._after_progress()

    def _ask(self, words: list[str]) -> None:
        question, hand, pile = self.question, self.hand, self.pile
        assert question is not None and hand is not None and pile is not None
        question.asked = int(words[1])
        question.stage = "answer"
        if len(words) == 3:
            question.card = words[2]
            question.source = "trick"
            question.question = self.deck.questions[words[2]]
        else:
            question.card = pile.draw()
            question.source = "pile"
            question.question = self.deck.questions[question.card]

    def _after_progress(self) -> None:
        if self.question is not None or self.hand is None or not self.hand.is_over:
            return
        self._finish_hand()
        assert self.game is not None
        if not self.game.is_over:
            self._deal()

    def _finish_hand(self) -> None:
        hand, record, game = self.hand, self.record, self.game
        assert hand is not None and record is not None and game is not None
        result = hand.result()
        game.record(result)
        full = HandRecord(
            record.profile,
            record.dealer,
            record.hands,
            record.up_card,
            record.kitty,
            tuple(hand.history),
            self.config.profile,
            dict(self.config.profile_options),
        )
        moves = tuple((own, computer) for own, computer in self.hand_moves)
        self.finished.append(FinishedHand(full, result, self.game_number, moves))
        self.hand_moves = [[0, 0] for _ in range(4)]
        self.asked = []

    # ------------------------------------------------------------------ views
    def view(
        self, seat: int | None, *, deadline: float | None = None, static: bool = True
    ) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator, public information only).

        Never another seat's unplayed card: hands are shown only to their owner, the dealer's
        discard only to the dealer, cards swapped by going under only to the swapper, and the
        kitty to nobody. ``static=False`` leaves the parts that change rarely (profile,
        seats, last hand: :data:`_STATIC_KEYS`) None, for :meth:`view_texts` when it holds
        their JSON already.
        """
        game = self.game
        out: dict[str, Any] = {
            "table": self.table_id,
            "seq": self.seq,
            "status": self.status,
            "seat": seat,
            "to_act": self.to_act,
            "legal": self.legal(seat) if seat is not None else [],
            "hand": [],
            "scores": list(game.scores) if game is not None else [0, 0],
            "hands_played": len(game.hands) if game is not None else 0,
            "counted_hands": game.counted_hands if game is not None else 0,
            "hands_left": self.hands_left(),
            "winner": game.winner() if game is not None else None,
            "game_number": self.game_number,
            "profile": {
                "id": self.profile.id,
                "name": self.profile.name,
                "game_target": self.profile.game_target,
                "game_hands": self.profile.game_hands,
                "question_pile": self.profile.question_pile,
                "options": dict(self.config.profile_options),
            }
            if static
            else None,
            "seats": [
                {
                    "seat": index,
                    "name": SEAT_NAMES[index],
                    "player": self.config.names[index] if self.config.names else None,
                    "kind": self.kinds[index],
                    "next_kind": self.pending_kinds.get(index),
                    "seated": self.seated[index],
                    "away": self.away[index],
                    "connected": not self.dropped[index],
                    "takeover_at": self.takeover_at[index],
                }
                for index in range(4)
            ]
            if static
            else None,
            "hints": self.config.hints,
            "seeded": self.config.seeded,
            "event": self.config.event_id,
            "label": self.config.label,
            "closed": self.closed,
            "timer_seconds": self.config.timer_seconds,
            "turn_deadline": deadline,
            "question": self.question.to_json() if self.question is not None else None,
            "questions": list(self.asked),
            "question_log": list(self.question_log) if static else None,
            "last_hand": self._last_hand() if static else None,
            "chat": [line.to_json() for line in self.chat[-CHAT_SHOWN:]] if static else None,
            "chat_mode": self.chat_mode.value,
            "phase": self.status,
            "played_for_you": list(self.played_for[seat]) if seat is not None else [],
        }
        hand = self.hand
        if hand is None or game is None:
            return out
        if self.question is not None:
            out["phase"] = f"question_{self.question.stage}"
        elif not hand.is_over:
            out["phase"] = hand.phase.name.lower()
        if seat is not None:
            out["hand"] = list(sorted_hand(hand.hands[seat], hand.trump))
        trick_plays = hand.trick_plays()
        tricks = [
            {
                "leader": plays[0][0],
                "cards": [{"seat": who, "card": str(card)} for who, card in plays],
                "winner": winner,
            }
            for plays, winner in zip(trick_plays, hand.tricks, strict=False)
        ]
        current = trick_plays[len(hand.tricks)] if len(trick_plays) > len(hand.tricks) else []
        # A hand is counted once its last question is done (the last trick's included).
        finished = hand.is_over and self.question is None
        out.update(
            hand_number=len(game.hands) + (0 if finished else 1),
            dealer=hand.dealer,
            up_card=str(Card(hand.up_card)),
            turned_down=hand.phase is Phase.BID_ROUND_2 or (hand.trump >= 0 and not _ordered(hand)),
            trump=Suit(hand.trump).letter if hand.trump >= 0 else None,
            maker=hand.maker if hand.maker >= 0 else None,
            alone=hand.alone,
            defender_alone=hand.defender_alone if hand.defender_alone >= 0 else None,
            active=list(hand.active),
            discard=_discard_seen(hand, seat),
            card_counts=[hand.hands[s].bit_count() for s in range(4)],
            trick=[{"seat": who, "card": str(card)} for who, card in current],
            tricks=tricks,
            tricks_won=[
                sum(1 for winner in hand.tricks if winner % 2 == 0),
                sum(1 for winner in hand.tricks if winner % 2 == 1),
            ],
            history=(
                self._public_history(hand)
                if seat is None
                else [
                    {"seat": actor, "action": public_text(action, actor, seat)}
                    for actor, action in zip(hand.actors, hand.history, strict=True)
                ]
            ),
        )
        return out

    def views(
        self, seats: Iterable[int | None], *, deadline: float | None = None
    ) -> dict[int | None, dict[str, Any]]:
        """``view(seat, deadline=...)`` for each of ``seats``, the public part built once."""
        public = self.view(None, deadline=deadline)
        seats = list(seats)
        own_parts = self._own_parts(seat for seat in seats if seat is not None)
        out: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            if seat is None:
                out[None] = public
            else:
                out[seat] = {**public, **own_parts[seat]}
        return out

    def view_texts(
        self, seats: Iterable[int | None], *, deadline: float | None = None
    ) -> dict[int | None, str]:
        """The JSON text of ``view(seat, deadline=...)`` for each of ``seats``: the public
        part is encoded once and each seat's own fields are put before it (same object).

        What changes rarely (profile, seats, last hand) is built and encoded again only when
        it changes, and the spectators' history of the hand one entry at a time."""
        seats = list(seats)
        key = self._static_state()
        static = key != self._static_key or not self._static_json or None in seats
        public = self.view(None, deadline=deadline, static=static)
        if key != self._static_key or not self._static_json:
            self._static_key = key
            self._static_json = json.dumps({name: public[name] for name in _STATIC_KEYS})
        own_parts = self._own_parts(seat for seat in seats if seat is not None)
        out: dict[int | None, str] = {}
        shared = history = ""
        for seat in seats:
            if seat is None:
                out[None] = json.dumps(public)
                continue
            if not shared:
                shared = self._shared_json(public)
                if "history" in public:
                    history = f"[{', '.join(self._history_texts)}]"
            own = {key: public[key] for key in _OWN_ORDER if key in public}
            own.update(own_parts[seat])
            own_history = own.pop("history", None)
            head = json.dumps(own)[:-1]
            if own_history is not None:
                mine = json.dumps(own_history) if own_history is not public["history"] else history
                head = f'{head}, "history": {mine}'
            out[seat] = f"{head}, {shared[1:]}"
        return out

    def _static_state(self) -> tuple[Any, ...]:
        """What the parts of a view that change rarely (:data:`_STATIC_KEYS`) depend on."""
        return (
            tuple(self.kinds),
            tuple(sorted(self.pending_kinds.items())),
            tuple(self.seated),
            tuple(self.away),
            tuple(self.dropped),
            tuple(self.takeover_at),
            len(self.finished),
            self.chat_count,
            self.game_number,
            len(self.question_log),
        )

    def _shared_json(self, public: dict[str, Any]) -> str:
        """The JSON of the public view less the seats' own fields (call after
        :meth:`view_texts` has brought ``_static_json`` up to date)."""
        dynamic = json.dumps(
            {k: v for k, v in public.items() if k not in _OWN_KEYS and k not in _STATIC_KEYS}
        )
        return f"{dynamic[:-1]}, {self._static_json[1:]}"

    def _own_part(self, seat: int) -> dict[str, Any]:
        """The fields of ``view(seat)`` that differ from the spectators' view."""
        return self._own_parts((seat,))[seat]

    def _own_parts(self, seats: Iterable[int]) -> dict[int, dict[str, Any]]:
        """The fields of ``view(seat)`` that differ from the spectators' view, for each of
        ``seats`` (what they share — whose turn, who made a private move — worked out once
        per change: the fan-out does this for four seats after every move)."""
        hand = self.hand
        to_act = self.to_act
        status = self.status
        out: dict[int, dict[str, Any]] = {}
        private: set[int] = set()
        if hand is not None and self.game is not None:
            private = {  # the seats that see more of the history than a spectator
                actor
                for actor, action in zip(hand.actors, hand.history, strict=True)
                if not visible_to(None, actor, action.kind)
            }
        for seat in seats:
            legal = self.legal(seat) if status != "playing" or seat == to_act else []
            own: dict[str, Any] = {
                "seat": seat,
                "legal": legal,
                "played_for_you": list(self.played_for[seat]),
            }
            out[seat] = own
            if hand is None or self.game is None:
                continue
            own["hand"] = list(sorted_hand(hand.hands[seat], hand.trump))
            own["discard"] = _discard_seen(hand, seat)
            if seat in private:
                own["history"] = [
                    {"seat": actor, "action": public_text(action, actor, seat)}
                    for actor, action in zip(hand.actors, hand.history, strict=True)
                ]
        return out

    def _public_history(self, hand: HandState) -> list[dict[str, Any]]:
        """The hand's actions as a spectator sees them, extended by the entries added since
        the last call (a hand's history only grows); a new list each time."""
        done = self._history_seen
        if (
            self._history_hand is not hand
            or len(hand.history) < len(done)
            or (done and hand.history[len(done) - 1] is not self._history_last)
        ):
            self._history_hand, done = hand, []
            self._history_texts = []
        texts = self._history_texts
        for actor, action in zip(hand.actors[len(done) :], hand.history[len(done) :], strict=True):
            item = {"seat": actor, "action": public_text(action, actor, None)}
            done.append(item)
            texts.append(json.dumps(item))
        self._history_seen = done
        self._history_last = hand.history[-1] if hand.history else None
        return list(done)

    def _last_hand(self) -> dict[str, Any] | None:
        """The hand played last, for the review shown after it: its result and, since a
        finished hand is public (``records.jsonl`` holds it whole), its four hands as dealt,
        the bids and the five tricks (:func:`hand_review`). Never the hand in progress."""
        if not self.finished:
            return None
        number = len(self.finished)
        if self._review_cache is not None and self._review_cache[0] == number:
            return self._review_cache[1]
        last = self.finished[-1]
        result: dict[str, Any] = last.result.to_json()
        result["dealer"] = last.record.dealer
        result["number"] = number
        result["game_number"] = last.game_number
        result.update(hand_review(last.record))
        self._review_cache = (number, result)
        return result

    def records(self) -> list[dict[str, Any]]:
        """Every finished hand as a hand record (``euchre replay`` replays each), with its
        game's ``seed``: ``{"game", "seeded"}``, and ``"value"`` (:func:`game_seed`) once
        that game is over, so anyone can deal it again; never while it is in play."""
        out = []
        for hand in self.finished:
            record = hand.record.to_json()
            seed: dict[str, Any] = {"game": hand.game_number, "seeded": self.config.seeded}
            if self._game_over(hand.game_number):
                seed["value"] = game_seed(self.config.seed, hand.game_number)
            record["seed"] = seed
            out.append(record)
        return out

    def computer_played(self, game_number: int) -> list[int]:
        """The seats whose game ``game_number`` a computer player played: it made most of
        the seat's moves in more than half of the hands the seat had a move in (a partner
        sitting out a lone hand has none; hands of a game still in play count as far as
        they went). The threshold is written in docs/online.md."""
        out = []
        for seat in range(4):
            hands = [
                hand
                for hand in self.finished
                if hand.game_number == game_number and hand.moves and sum(hand.moves[seat])
            ]
            if 2 * sum(1 for hand in hands if hand.computer_played(seat)) > len(hands):
                out.append(seat)
        return out

    def takeover_due(self) -> tuple[int, float] | None:
        """The dropped seat a computer player takes over first, and when (None: none due)."""
        if self.status != "playing":
            return None
        due = [
            (when, seat)
            for seat, when in enumerate(self.takeover_at)
            if when is not None and not self.away[seat]
        ]
        if not due:
            return None
        when, seat = min(due)
        return seat, when

    def turn_deadline(self) -> float | None:
        """When the turn timer runs out for the move the table waits for (seconds since the
        epoch); None when no timer runs: none set, a computer player to move, a question
        being answered (it waits for its answer), nothing logged yet."""
        seat = self.to_act
        if not self.config.timer_seconds or seat is None or self.stands_in(seat) is not None:
            return None
        if not self.turn_timed or self.last_at is None:
            return None
        return (self.last_at + timedelta(seconds=self.config.timer_seconds)).timestamp()

    def owes_server_move(self) -> bool:
        """Whether the server owes a move here: a dropped seat's takeover, a computer
        player's (or a stand-in's) move, or a human's timed turn (made when it runs out)."""
        if self.takeover_due() is not None:
            return True
        seat = self.to_act
        if seat is None:
            return False
        return (
            self.kinds[seat] != HUMAN
            or self.away[seat]
            or (bool(self.config.timer_seconds) and self.turn_timed)
        )

    def seat_change_copy(self) -> TableState:
        """A throwaway copy good enough to test a seat change on (kinds and status only)."""
        copy = TableState.new(self.table_id, self.config)
        copy.kinds = list(self.kinds)
        copy.seated = list(self.seated)
        copy.pending_kinds = dict(self.pending_kinds)
        copy.game = self.game
        copy.hand = self.hand
        copy.question = self.question
        copy.closed = self.closed
        copy.away = list(self.away)
        copy.dropped = list(self.dropped)
        return copy

    def player_view(self, seat: int) -> PlayerView | None:
        """What a computer player moving for ``seat`` (or giving it a hint) may know: the
        engine's view of the hand in play; None while there are no cards to weigh (a
        question, no hand)."""
        if self.question is not None or self.hand is None or self.game is None:
            return None
        scores = (self.game.scores[0], self.game.scores[1])
        return view_of(self.hand, seat, scores, self.hands_left())

    def _game_over(self, game_number: int) -> bool:
        """Whether game ``game_number`` of this table is over (a rematch began after it, or
        it is the last one and the table is over)."""
        return game_number < self.game_number or self.status == "over"


@lru_cache(maxsize=1 << 16)
def sorted_hand(mask: int, trump: int = -1) -> tuple[str, ...]:
    """The cards of ``mask`` as a player holds them: trump first (right bower, left bower,
    then A K Q T 9: the left bower among trump, by the engine's own ``effective_suit`` and
    ``trump_rank``), then the other suits, each high to low, in an order that alternates
    colours as far as the suits held allow (a black suit, the red one, the other black)."""
    cards = list(iter_mask(mask))
    suits = {effective_suit(card, trump) for card in cards}
    others = [suit for suit in Suit if suit in suits and suit != trump]
    reds = [suit for suit in others if suit.is_red]
    blacks = [suit for suit in others if not suit.is_red]
    # Start with the colour trump is not (or, before trump, the colour held in more suits).
    first, second = (reds, blacks) if (trump >= 0 and not Suit(trump).is_red) else (blacks, reds)
    if trump < 0 and len(second) > len(first):
        first, second = second, first
    order = [trump] if trump >= 0 else []
    while first or second:
        if first:
            order.append(first.pop(0))
        first, second = second, first
    position = {suit: index for index, suit in enumerate(order)}

    def key(card: Card) -> tuple[int, int]:
        suit = effective_suit(card, trump)
        within = trump_rank(card, trump) if trump >= 0 and suit == trump else -card.rank
        return position[suit], within

    return tuple(str(card) for card in sorted(cards, key=key))


def hand_review(record: HandRecord) -> dict[str, Any]:
    """A finished hand as the review after it and the replay page show it: the four hands
    as dealt (each sorted as its player held it), the up-card, the bids and other moves
    before the first card (``bids``: seat and action, the dealer's discard included: the
    hand is over, so nothing in it is secret any more) and the tricks (``plays``: leader,
    cards in play order, winner; beside the result's ``tricks``, the winners alone). Only
    for hands that are over."""
    state = replay(record)
    assert state.is_over, "hand_review shows finished hands only"
    plays = state.trick_plays()
    bids = []
    for actor, action in zip(state.actors, state.history, strict=True):
        if action.kind is ActionKind.PLAY:
            break
        bids.append({"seat": actor, "action": public_text(action, actor, None, hand_over=True)})
    return {
        "hands": [
            list(sorted_hand(sum(1 << card for card in dealt), state.trump))
            for dealt in record.hands
        ],
        "up_card": str(record.up_card),
        "bids": bids,
        "plays": [
            {
                "leader": trick[0][0],
                "cards": [{"seat": who, "card": str(card)} for who, card in trick],
                "winner": winner,
            }
            for trick, winner in zip(plays, state.tricks, strict=False)
        ],
    }


def _ordered(hand: HandState) -> bool:
    """True when trump was made by ordering the up-card (round 1)."""
    for action in hand.history:
        if action.kind is ActionKind.ORDER:
            return True
        if action.kind is ActionKind.CALL:
            return False
    return False


_OWN_ORDER = ("seat", "legal", "played_for_you", "hand", "discard", "history")
_OWN_KEYS = frozenset(_OWN_ORDER)  # _own_part's keys
_STATIC_KEYS = (
    "profile",
    "seats",
    "last_hand",
    "question_log",
    "chat",
)  # what _shared_json() keeps encoded


def owed_action(
    legal: Sequence[str],
    view: PlayerView | None,
    *,
    timed_out: bool,
    seed: int,
    seq: int,
    bot: Callable[[], Bot],
) -> str:
    """The move the server makes for a seat: the computer player's choice (``bot``) where
    there are cards to weigh (``view``), else one of ``legal`` drawn from the table's seed;
    a winner who let the time run out (``timed_out``) asks nothing (``skip``)."""
    if view is None and timed_out and "skip" in legal:
        return "skip"
    if view is None:
        return random.Random(f"{seed}:{seq}").choice(list(legal))
    return str(bot().choose(view))


def _aware(moment: datetime) -> datetime:
    """``moment`` with a time zone (SQLite hands back naive UTC times)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _discard_seen(hand: HandState, seat: int | None) -> str | None:
    """The dealer's discard, where ``seat`` may see it (:func:`visible_to`)."""
    if hand.discarded < 0 or not visible_to(seat, hand.dealer, ActionKind.DISCARD):
        return None
    return str(Card(hand.discarded))


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
    )
    config.rule_profile()  # raises RuleProfileError naming a bad profile or option
    config.question_deck()  # raises naming the bad line of an uploaded deck
    return config
