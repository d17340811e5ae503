"""A play table with each seat's view: :class:`TableState` is the game flow
(:class:`~euchre.play.flow.GameFlow`) plus what each seat and the spectators may see.

Each seat's view hides what that seat may not see by the one hidden-card rule,
:func:`euchre.engine.view.visible_to`. The views are built often (after every move, for four
seats and the spectators), so the parts that change rarely are encoded once and kept
(:meth:`TableState.view_texts`). The table's configuration and shared facts are
:mod:`euchre.play.config`'s (re-exported here for the callers that read them with the table);
nothing here touches a database: :mod:`euchre.store.play` stores the log.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import Card, Suit, effective_suit, iter_mask, trump_rank
from euchre.engine.record import HandRecord, replay
from euchre.engine.state import HandState, Phase
from euchre.engine.view import public_text, visible_to
from euchre.play.config import (
    ANSWER_LENGTH,
    ANY_SEQ,
    CHAT_LENGTH,
    CHAT_PRESETS,
    CHAT_RATE,
    CHAT_SHOWN,
    CHAT_WINDOW,
    HUMAN,
    SEAT_NAMES,
    ChatLine,
    FinishedHand,
    TableConfig,
    TableStatus,
    config_from_request,
    game_seed,
    seat_kinds,
)
from euchre.play.flow import GameFlow, owed_action
from euchre.play.questions import PendingQuestion

NOTICES_SHOWN = 5
"""How many of the table's latest notices (:mod:`euchre.play.rematch`) a view carries."""

__all__ = [
    "ANSWER_LENGTH",
    "ANY_SEQ",
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
    "TableStatus",
    "config_from_request",
    "game_seed",
    "hand_review",
    "owed_action",
    "seat_kinds",
    "sorted_hand",
]


@dataclass(slots=True)
class TableState(GameFlow):
    """A table rebuilt from its configuration and log, with each seat's view."""

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
        offer = self.rematch_offer
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
            "rematch": offer.to_json(self.humans()) if offer is not None else None,
            "notices": [notice.to_json() for notice in self.notices[-NOTICES_SHOWN:]],
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
            legal = self.legal(seat) if status is not TableStatus.PLAYING or seat == to_act else []
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
            if self.game_over(hand.game_number):
                seed["value"] = game_seed(self.config.seed, hand.game_number)
            record["seed"] = seed
            out.append(record)
        return out


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


def _discard_seen(hand: HandState, seat: int | None) -> str | None:
    """The dealer's discard, where ``seat`` may see it (:func:`visible_to`)."""
    if hand.discarded < 0 or not visible_to(seat, hand.dealer, ActionKind.DISCARD):
        return None
    return str(Card(hand.discarded))
