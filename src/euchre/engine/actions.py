"""Actions: small immutable values with a canonical text form that parses back.

An :class:`Action` is an ``int`` (cheap to store, hash and compare in search) whose ``str`` is
its canonical text: ``pass``, ``order``, ``order alone``, ``call H``, ``call H alone``,
``discard JS``, ``play AH``, ``defend alone``, ``fold``, ``go under 9C TD 9S``.

Record actions write down an irregularity or a table ruling in a hand record; they are never
among a state's ``legal_actions`` (bots, search and the numba kernel never see them) but a
checked ``play`` or a replay accepts them where the profile covers them:
``forfeit bid team 1``, ``cancel alone``, ``no discard``, ``lead early 9C``, ``expose AH``,
``ask 3`` and ``ask 3 KH`` (the question pile).
"""

from __future__ import annotations

import enum

from euchre.engine.cards import Card, Suit, card_mask, iter_mask
from euchre.engine.errors import CardParseError, IllegalActionError, InvalidActionError

__all__ = ["Action", "ActionKind"]

PLAY_BASE = 0
DISCARD_BASE = 24
PASS = 48
ORDER = 49
ORDER_ALONE = 50
CALL_BASE = 51
CALL_ALONE_BASE = 55
DEFEND_ALONE = 59
FOLD = 60
# Record actions (irregularities and rulings written into a hand record).
FORFEIT_BID_BASE = 61  # + team
CANCEL_ALONE = 63
NO_DISCARD = 64
LEAD_EARLY_BASE = 65  # + card
EXPOSE_BASE = 89  # + card
ASK_BASE = 113  # + seat: a question from the pile
ASK_CARD_BASE = 117  # + seat * 24 + card: the question on a card of the trick
RECORD_END = ASK_CARD_BASE + 4 * 24
GO_UNDER_FLAG = 1 << 24


class ActionKind(enum.StrEnum):
    """What an action does."""

    PLAY = "play"
    DISCARD = "discard"
    PASS = "pass"
    ORDER = "order"
    CALL = "call"
    DEFEND_ALONE = "defend alone"
    FOLD = "fold"
    GO_UNDER = "go under"
    FORFEIT_BID = "forfeit bid"
    CANCEL_ALONE = "cancel alone"
    NO_DISCARD = "no discard"
    LEAD_EARLY = "lead early"
    EXPOSE = "expose"
    ASK = "ask"

    @property
    def is_record_only(self) -> bool:
        """True for the irregularity and ruling actions a hand record may carry."""
        return self in _RECORD_KINDS


class Action(int):
    """One action of a hand, an int code with a canonical text form.

    >>> str(Action.parse("Call h Alone"))
    'call H alone'
    """

    __slots__ = ()

    @classmethod
    def play(cls, card: int) -> Action:
        """Play ``card``."""
        return _SIMPLE[PLAY_BASE + _check_range("card", card, 24)]

    @classmethod
    def discard(cls, card: int) -> Action:
        """The dealer discards ``card`` after picking up."""
        return _SIMPLE[DISCARD_BASE + _check_range("card", card, 24)]

    @classmethod
    def call(cls, suit: int, alone: bool = False) -> Action:
        """Name ``suit`` as trump in round 2."""
        return _SIMPLE[(CALL_ALONE_BASE if alone else CALL_BASE) + suit]

    @classmethod
    def go_under(cls, cards: list[int] | tuple[int, ...]) -> Action:
        """Swap three cards with the kitty's bottom three."""
        mask = card_mask(cards)
        if mask.bit_count() != 3:
            raise InvalidActionError(
                f"'go under' needs three different cards, got {' '.join(map(_card_text, cards))!r}"
            )
        return int.__new__(cls, GO_UNDER_FLAG | mask)

    @property
    def kind(self) -> ActionKind:
        """The kind of action."""
        code = int(self)
        if code & GO_UNDER_FLAG:
            return ActionKind.GO_UNDER
        if code < DISCARD_BASE:
            return ActionKind.PLAY
        if code < PASS:
            return ActionKind.DISCARD
        if code == PASS:
            return ActionKind.PASS
        if code in (ORDER, ORDER_ALONE):
            return ActionKind.ORDER
        if code < DEFEND_ALONE:
            return ActionKind.CALL
        if code == DEFEND_ALONE:
            return ActionKind.DEFEND_ALONE
        if code == FOLD:
            return ActionKind.FOLD
        if code < CANCEL_ALONE:
            return ActionKind.FORFEIT_BID
        if code == CANCEL_ALONE:
            return ActionKind.CANCEL_ALONE
        if code == NO_DISCARD:
            return ActionKind.NO_DISCARD
        if code < EXPOSE_BASE:
            return ActionKind.LEAD_EARLY
        if code < ASK_BASE:
            return ActionKind.EXPOSE
        return ActionKind.ASK

    @property
    def card(self) -> Card:
        """The card of a play, discard, early lead, exposed card or card question."""
        code = int(self)
        if code < PASS:
            return Card(code % 24)
        if LEAD_EARLY_BASE <= code < ASK_BASE:
            return Card((code - LEAD_EARLY_BASE) % 24)
        if ASK_CARD_BASE <= code < RECORD_END:
            return Card((code - ASK_CARD_BASE) % 24)
        raise IllegalActionError(f"action {str(self)!r} has no single card")

    @property
    def team(self) -> int:
        """The team of ``forfeit bid team N``."""
        code = int(self)
        if not FORFEIT_BID_BASE <= code < CANCEL_ALONE:
            raise IllegalActionError(f"action {str(self)!r} names no team")
        return code - FORFEIT_BID_BASE

    @property
    def seat(self) -> int:
        """The seat asked by ``ask N`` or ``ask N CARD``."""
        code = int(self)
        if ASK_BASE <= code < ASK_CARD_BASE:
            return code - ASK_BASE
        if ASK_CARD_BASE <= code < RECORD_END:
            return (code - ASK_CARD_BASE) // 24
        raise IllegalActionError(f"action {str(self)!r} names no seat")

    @classmethod
    def forfeit_bid(cls, team: int) -> Action:
        """Record that ``team`` lost its right to bid this hand."""
        return _SIMPLE[FORFEIT_BID_BASE + _check_range("team", team, 2)]

    @classmethod
    def lead_early(cls, card: int) -> Action:
        """Record that first seat led ``card`` before the dealer discarded."""
        return _SIMPLE[LEAD_EARLY_BASE + _check_range("card", card, 24)]

    @classmethod
    def expose(cls, card: int) -> Action:
        """Record that ``card`` fell out of its holder's hand face up."""
        return _SIMPLE[EXPOSE_BASE + _check_range("card", card, 24)]

    @classmethod
    def ask(cls, seat: int, card: int | None = None) -> Action:
        """The question pile: ask ``seat`` (a pile card, or the question on ``card``)."""
        seat = _check_range("seat", seat, 4)
        if card is None:
            return _SIMPLE[ASK_BASE + seat]
        return _SIMPLE[ASK_CARD_BASE + seat * 24 + _check_range("card", card, 24)]

    @property
    def suit(self) -> Suit:
        """The suit named by a call."""
        code = int(self)
        if not CALL_BASE <= code < DEFEND_ALONE:
            raise IllegalActionError(f"action {str(self)!r} names no suit")
        return Suit((code - CALL_BASE) % 4)

    @property
    def alone(self) -> bool:
        """True for ``order alone``, ``call X alone`` and ``defend alone``."""
        code = int(self)
        return code == ORDER_ALONE or CALL_ALONE_BASE <= code <= DEFEND_ALONE

    @property
    def cards(self) -> list[Card]:
        """The three cards of a ``go under``."""
        if not int(self) & GO_UNDER_FLAG:
            raise IllegalActionError(f"action {str(self)!r} is not 'go under'")
        return list(iter_mask(int(self) & ~GO_UNDER_FLAG))

    def __str__(self) -> str:
        return _text(int(self))

    def __repr__(self) -> str:
        return f"Action.parse({_text(int(self))!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action's text (case and spacing are forgiven; ``10H`` and ``♥`` accepted)."""
        if not isinstance(text, str):
            raise InvalidActionError(f"an action must be text, got {text!r}")
        words = text.strip().lower().split()
        try:
            return _parse_words(words)
        except CardParseError as error:
            raise InvalidActionError(f"malformed action {text!r}: {error}") from None
        except _BadShape:
            raise InvalidActionError(
                f"malformed action {text!r}: expected one of 'pass', 'order', 'order alone', "
                "'call H', 'call H alone', 'discard JS', 'play AH', 'defend alone', 'fold', "
                "'go under 9C TD 9S'; record actions: 'forfeit bid team 1', 'cancel alone', "
                "'no discard', 'lead early 9C', 'expose AH', 'ask 3', 'ask 3 KH'"
            ) from None


class _BadShape(Exception):
    pass


def _card_text(card: int) -> str:
    return str(Card(card))


def _text(code: int) -> str:
    if code & GO_UNDER_FLAG:
        return "go under " + " ".join(str(card) for card in iter_mask(code & ~GO_UNDER_FLAG))
    if code < DISCARD_BASE:
        return f"play {Card(code)}"
    if code < PASS:
        return f"discard {Card(code - DISCARD_BASE)}"
    if code == PASS:
        return "pass"
    if code == ORDER:
        return "order"
    if code == ORDER_ALONE:
        return "order alone"
    if code < CALL_ALONE_BASE:
        return f"call {Suit(code - CALL_BASE).letter}"
    if code < DEFEND_ALONE:
        return f"call {Suit(code - CALL_ALONE_BASE).letter} alone"
    if code == DEFEND_ALONE:
        return "defend alone"
    if code == FOLD:
        return "fold"
    if FORFEIT_BID_BASE <= code < CANCEL_ALONE:
        return f"forfeit bid team {code - FORFEIT_BID_BASE}"
    if code == CANCEL_ALONE:
        return "cancel alone"
    if code == NO_DISCARD:
        return "no discard"
    if LEAD_EARLY_BASE <= code < EXPOSE_BASE:
        return f"lead early {Card(code - LEAD_EARLY_BASE)}"
    if EXPOSE_BASE <= code < ASK_BASE:
        return f"expose {Card(code - EXPOSE_BASE)}"
    if ASK_BASE <= code < ASK_CARD_BASE:
        return f"ask {code - ASK_BASE}"
    if ASK_CARD_BASE <= code < RECORD_END:
        seat, card = divmod(code - ASK_CARD_BASE, 24)
        return f"ask {seat} {Card(card)}"
    raise InvalidActionError(f"unknown action code {code}")


def _parse_words(words: list[str]) -> Action:
    match words:
        case ["pass"]:
            return _SIMPLE[PASS]
        case ["order"] | ["order", "up"] | ["pick", "it", "up"]:
            return _SIMPLE[ORDER]
        case ["order", "alone"] | ["order", "up", "alone"]:
            return _SIMPLE[ORDER_ALONE]
        case ["call", suit]:
            return Action.call(Suit.parse(suit))
        case ["call", suit, "alone"]:
            return Action.call(Suit.parse(suit), alone=True)
        case ["discard", card]:
            return Action.discard(Card.parse(card))
        case ["play", card]:
            return Action.play(Card.parse(card))
        case ["defend", "alone"]:
            return _SIMPLE[DEFEND_ALONE]
        case ["fold"]:
            return _SIMPLE[FOLD]
        case ["go", "under", *cards] if len(cards) == 3:
            return Action.go_under([Card.parse(card) for card in cards])
        case ["forfeit", "bid", "team", team] if team in ("0", "1"):
            return Action.forfeit_bid(int(team))
        case ["cancel", "alone"]:
            return _SIMPLE[CANCEL_ALONE]
        case ["no", "discard"]:
            return _SIMPLE[NO_DISCARD]
        case ["lead", "early", card]:
            return Action.lead_early(Card.parse(card))
        case ["expose", card]:
            return Action.expose(Card.parse(card))
        case ["ask", seat] if seat in ("0", "1", "2", "3"):
            return Action.ask(int(seat))
        case ["ask", seat, card] if seat in ("0", "1", "2", "3"):
            return Action.ask(int(seat), Card.parse(card))
    raise _BadShape


def _check_range(name: str, value: int, size: int) -> int:
    if not 0 <= value < size:
        raise InvalidActionError(f"{name} must be 0-{size - 1}, got {value!r}")
    return value


_RECORD_KINDS = frozenset(
    {
        ActionKind.FORFEIT_BID,
        ActionKind.CANCEL_ALONE,
        ActionKind.NO_DISCARD,
        ActionKind.LEAD_EARLY,
        ActionKind.EXPOSE,
        ActionKind.ASK,
    }
)

_SIMPLE: tuple[Action, ...] = tuple(int.__new__(Action, code) for code in range(RECORD_END))
#: Every action without a payload beyond its code, indexed by code: the one shared instance
#: of each (the state's move generator hands these out rather than building new ints).
INTERNED_ACTIONS = _SIMPLE
