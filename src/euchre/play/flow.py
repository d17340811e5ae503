"""The game flow of a play table: its log replayed, whose turn it is and what each seat may send.

The log is a list of texts, each made by one seat (or ``-1`` for the table itself); its
grammar (moves, ``say``, ``seat``, ``drop``, ``away``, ``back``, ``reissue``, ``deck``,
``chat``, ``close``) is :mod:`euchre.play.log`'s, and what each entry does is
:meth:`GameFlow.apply`'s. Chat (``say``, ``chat``) is not a move: a move sent for the
``seq`` before it still counts (:attr:`GameFlow.play_seq`), and the turn timer does not
restart. The question pile is :mod:`euchre.play.questions`'s, each seat's view
:mod:`euchre.play.table`'s.

The deal comes from the table's seed, so replaying the same log rebuilds the same table. The
seed is at least 128 secret bits unless the creator chose one (``seeded``); each game deals
from :func:`~euchre.play.config.game_seed`, published in the records once that game is over.
Nothing here touches a database: :mod:`euchre.store.play` stores the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Self

from euchre.bots import Bot
from euchre.engine.actions import Action
from euchre.engine.errors import IllegalActionError
from euchre.engine.game import Game
from euchre.engine.profile import RuleProfile
from euchre.engine.questions import QuestionDeck, QuestionPile, default_deck_text
from euchre.engine.record import HandRecord, deal_record, draw_first_dealer
from euchre.engine.state import HandState
from euchre.engine.view import PlayerView, view_of
from euchre.play.config import (
    ANSWER_LENGTH,
    CHAT_LENGTH,
    CHAT_PRESETS,
    CHAT_RATE,
    CHAT_WINDOW,
    HUMAN,
    ChatLine,
    FinishedHand,
    TableConfig,
    TableStatus,
    game_seed,
    seat_kinds,
)
from euchre.play.log import Entry, EntryKind, parse_entry
from euchre.play.questions import (
    PendingQuestion,
    ask,
    log_entry,
    question_actions,
    question_actor,
)
from euchre.play.rematch import (
    ACCEPT,
    DECLINE,
    OFFER_SAME,
    OFFER_SWAP,
    REMATCH_WORDS,
    SWAP_MOVES,
    Notice,
    NoticeKind,
    RematchOffer,
    moved,
    notice_text,
)
from euchre.tournament.model import ChatMode

__all__ = ["GameFlow", "owed_action"]


@dataclass(slots=True)
class GameFlow:
    """A table rebuilt from its configuration and log: whose turn it is, what each seat may
    send, and what each log entry does (the views are :class:`euchre.play.table.TableState`'s,
    built on this)."""

    table_id: str
    config: TableConfig
    profile: RuleProfile
    deck: QuestionDeck
    kinds: list[str]
    seated: list[bool]
    seq: int = 0
    play_seq: int = 0
    """The ``seq`` after the last entry that was not chat (``say``, ``chat``) nor a rematch's
    acceptance that did not start it: a move sent for any ``seq`` from here to :attr:`seq`
    is not stale."""
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
    rematch_offer: RematchOffer | None = None
    """A rematch one player offered that not every human has accepted yet."""
    notices: list[Notice] = field(default_factory=list)
    """What the whole table is told between moves (rematch offers and answers, a player who
    left); the latest 50 kept."""
    seat_moves: dict[int, int] = field(default_factory=dict)
    """The players the last entry moved (old seat → new seat: a rematch with partners
    swapped), for the store to move the seats' secrets along in the same transaction."""
    token_epochs: list[int] = field(default_factory=lambda: [0] * 4)
    """How often each seat changed hands (``seat N KIND``, ``reissue N``): a socket opened
    at an older count must show its token is still the seat's before it gets anything more."""

    @classmethod
    def new(cls, table_id: str, config: TableConfig) -> Self:
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
    def replay(cls, table_id: str, config: TableConfig, entries: Sequence[tuple[int, str]]) -> Self:
        """The table after ``entries`` (seat, text), each checked as it is applied."""
        state = cls.new(table_id, config)
        for seat, text in entries:
            state.apply(seat, text)
        return state

    # ------------------------------------------------------------------ queries
    @property
    def status(self) -> TableStatus:
        """Waiting (for humans to sit), playing or over."""
        if self.closed:
            return TableStatus.OVER
        if self.game is None:
            return TableStatus.WAITING
        if self.game.is_over and self.question is None:
            return TableStatus.OVER
        return TableStatus.PLAYING

    @property
    def to_act(self) -> int | None:
        """The seat whose move the table waits for (None while waiting or over)."""
        if self.status != TableStatus.PLAYING:
            return None
        if self.question is not None:
            return question_actor(self.question, self.kinds)
        if self.hand is None or self.hand.is_over:
            return None
        return self.hand.to_act

    @property
    def turn_timed(self) -> bool:
        """Whether the turn timer runs for the move the table waits for: not while a
        question is being answered (the answer is talk at the table, not a move)."""
        return self.question is None or self.question.stage != "answer"

    def legal(self, seat: int) -> list[str]:
        """The canonical texts ``seat`` may send now (empty when it is not its turn)."""
        status = self.status
        if status is TableStatus.WAITING:
            return ["sit"] if self.kinds[seat] == HUMAN and not self.seated[seat] else []
        if status is TableStatus.OVER:
            return self._between_games(seat)
        if self.to_act != seat:
            return []
        if self.question is not None:
            return self._question_actions()
        assert self.hand is not None
        return [str(action) for action in self.hand.legal_actions()]

    def _question_actions(self) -> list[str]:
        assert self.question is not None and self.hand is not None
        return question_actions(self.question, self.hand, self.deck)

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
        if self.status != TableStatus.PLAYING or hand is None:
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
        self.seat_moves = {}
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
            self._reask(entry.target)
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
        elif entry.kind is EntryKind.LEAVE:
            self._leave(entry.target, entry.player_kind)
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
            if self.hand is not None and text != "sit" and text not in REMATCH_WORDS:
                self.hand_moves[seat][int(self.stands_in(seat) is not None)] += 1
            if text == "sit":
                self.seated[seat] = True
                self._maybe_start()
            elif text in REMATCH_WORDS:
                self._rematch_move(seat, text)
            elif text == "answered":
                assert self.question is not None
                self.asked.append(self.question.to_json())
                self.question_log.append({**log_entry(self.question), "answer": answer})
                self.question = None
                self._after_progress()
            elif text == "skip":
                assert self.question is not None
                self.question_log.append({**log_entry(self.question), "skipped": True})
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
            if text == ACCEPT and self.rematch_offer is not None:
                # Another player's "yes" changes nothing anyone else would send: two friends
                # accepting at the same moment both count (like chat, it is not a move).
                self.seq += 1
                return
        self.seq += 1
        self.play_seq = self.seq
        self.last_at = at

    def _between_games(self, seat: int) -> list[str]:
        """What a seat may send once the game is over: a rematch (offered, accepted or
        declined) for a human at a casual table; nothing at an event's table."""
        if self.kinds[seat] != HUMAN or self.config.event_id is not None:
            return []
        if not self.config.rematch_asks:
            return [OFFER_SAME]  # a table opened before rematches were asked
        offer = self.rematch_offer
        if offer is None:
            return [OFFER_SAME, OFFER_SWAP]
        return [DECLINE] if seat in offer.accepted else [ACCEPT, DECLINE]

    def _rematch_move(self, seat: int, text: str) -> None:
        if not self.config.rematch_asks:
            self.game_number += 1
            self.finished_game_reset()
            return
        offer = self.rematch_offer
        if text in (OFFER_SAME, OFFER_SWAP):
            offer = self.rematch_offer = RematchOffer(seat, text == OFFER_SWAP, {seat})
            self._notice(NoticeKind.OFFERED, seat, swap=offer.swap)
        elif text == ACCEPT:
            assert offer is not None
            offer.accepted.add(seat)
            self._notice(NoticeKind.ACCEPTED, seat)
        else:
            assert offer is not None
            kind = NoticeKind.WITHDREW if seat == offer.by else NoticeKind.DECLINED
            self.rematch_offer = None
            self._notice(kind, seat)
        self._maybe_rematch()

    def humans(self) -> list[int]:
        """The seats a human holds (or will from the next hand)."""
        return [
            seat for seat in range(4) if self.pending_kinds.get(seat, self.kinds[seat]) == HUMAN
        ]

    def _maybe_rematch(self) -> None:
        """Start the offered rematch once every human at the table has accepted it."""
        offer = self.rematch_offer
        if offer is None:
            return
        humans = self.humans()
        if not humans:  # everyone left: nobody to play it
            self.rematch_offer = None
            return
        if not all(seat in offer.accepted for seat in humans):
            return
        self.rematch_offer = None
        if offer.swap:
            self._swap_partners()
        self._notice(NoticeKind.STARTED, offer.by, swap=offer.swap)
        self.game_number += 1
        self.finished_game_reset()

    def _swap_partners(self) -> None:
        """Move the players by :data:`SWAP_MOVES`, each with what the table knows of his
        seat; the moved seats change hands (their sockets show their tokens again)."""
        moves = dict(SWAP_MOVES)
        self.kinds = moved(self.kinds, moves)
        self.seated = moved(self.seated, moves)
        self.away = moved(self.away, moves)
        self.dropped = moved(self.dropped, moves)
        self.takeover_at = moved(self.takeover_at, moves)
        self.played_for = moved(self.played_for, moves)
        for new in moves.values():
            self.token_epochs[new] += 1
        self.seat_moves = moves

    def _leave(self, target: int, kind: str) -> None:
        """Seat ``target``'s human had to go: ``kind`` takes the seat at once (and off the
        rematch's list of those asked)."""
        if self.config.event_id is not None:
            raise IllegalActionError(
                "At an event's table the director decides who plays a seat: tell the "
                "director you have to go."
            )
        if kind == HUMAN or self.pending_kinds.get(target, self.kinds[target]) != HUMAN:
            raise IllegalActionError(f"seat {target} is not a human's seat to leave")
        self._change_seat(target, kind)
        self._notice(NoticeKind.LEFT, target, player=kind)
        self._reask(target)

    def _reask(self, target: int) -> None:
        """Seat ``target`` changed hands while a rematch is offered: whoever sits there now
        has not accepted it, and the rematch starts if everyone left has."""
        if self.rematch_offer is not None:
            self.rematch_offer.accepted.discard(target)
            self._maybe_rematch()

    def _notice(self, kind: NoticeKind, seat: int, *, swap: bool = False, player: str = "") -> None:
        number = self.notices[-1].number + 1 if self.notices else 1
        text = notice_text(kind, seat, swap=swap, player=player)
        self.notices.append(Notice(number, kind, seat, text))
        if len(self.notices) > 50:
            del self.notices[:-50]

    def _say(self, seat: int, text: str, at: datetime | None) -> None:
        self.chat_count += 1
        self.chat.append(ChatLine(self.chat_count, seat, text, at))
        if len(self.chat) > 100:
            del self.chat[:-100]

    def _set_deck(self, number: int) -> None:
        if number >= len(self.config.decks):
            raise IllegalActionError(f"the table has no saved question deck {number}")
        if self.status == TableStatus.PLAYING:
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
        if self.kinds[target] != HUMAN or self.away[target] or self.status != TableStatus.PLAYING:
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
        if status == TableStatus.PLAYING:
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
        if kind != HUMAN or self.hand is None or self.status != TableStatus.PLAYING:
            # A computer player takes over at once (a human left); so does anyone while the
            # table waits or is over.
            self.kinds[target] = kind
            self.pending_kinds.pop(target, None)
            self._present(target)
            self.seated[target] = kind == HUMAN and self.status == TableStatus.PLAYING
            if self.status is TableStatus.WAITING:
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
        assert self.question is not None and self.pile is not None
        ask(self.question, words, self.deck, self.pile)

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
        if self.status != TableStatus.PLAYING:
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

    def seat_change_copy(self) -> Self:
        """A throwaway copy good enough to test a seat change on (kinds and status only)."""
        copy = type(self).new(self.table_id, self.config)
        copy.kinds = list(self.kinds)
        copy.seated = list(self.seated)
        copy.pending_kinds = dict(self.pending_kinds)
        copy.game = self.game
        copy.hand = self.hand
        copy.question = self.question
        copy.closed = self.closed
        copy.away = list(self.away)
        copy.dropped = list(self.dropped)
        copy.token_epochs = list(self.token_epochs)
        copy.game_number = self.game_number
        copy.rematch_offer = None if self.rematch_offer is None else self.rematch_offer.copy()
        return copy

    def player_view(self, seat: int) -> PlayerView | None:
        """What a computer player moving for ``seat`` (or giving it a hint) may know: the
        engine's view of the hand in play; None while there are no cards to weigh (a
        question, no hand)."""
        if self.question is not None or self.hand is None or self.game is None:
            return None
        scores = (self.game.scores[0], self.game.scores[1])
        return view_of(self.hand, seat, scores, self.hands_left())

    def game_over(self, game_number: int) -> bool:
        """Whether game ``game_number`` of this table is over (a rematch began after it, or
        it is the last one and the table is over)."""
        return game_number < self.game_number or self.status is TableStatus.OVER


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
