"""Actions: small immutable values with a canonical text form that parses back.

An :class:`Action` is an ``int`` (cheap to store, hash and compare in search) whose ``str`` is
its canonical text: ``pass``, ``order``, ``order alone``, ``call H``, ``call H alone``,
``discard JS``, ``play AH``, ``defend alone``, ``fold``, ``go under 9C TD 9S``.
"""

from __future__ import annotations

import enum

from euchre.engine.cards import Card, Suit, card_mask, iter_mask
from euchre.engine.errors import CardParseError, IllegalActionError

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
GO_UNDER_FLAG = 1 << 24


class ActionKind(enum.Enum):
    """What an action does."""

    PLAY = "play"
    DISCARD = "discard"
    PASS = "pass"
    ORDER = "order"
    CALL = "call"
    DEFEND_ALONE = "defend alone"
    FOLD = "fold"
    GO_UNDER = "go under"


class Action(int):
    """One action of a hand, an int code with a canonical text form.

    >>> str(Action.parse("Call h Alone"))
    'call H alone'
    """

    __slots__ = ()

    @classmethod
    def play(cls, card: int) -> Action:
        """Play ``card``."""
        return _SIMPLE[PLAY_BASE + card]

    @classmethod
    def discard(cls, card: int) -> Action:
        """The dealer discards ``card`` after picking up."""
        return _SIMPLE[DISCARD_BASE + card]

    @classmethod
    def call(cls, suit: int, alone: bool = False) -> Action:
        """Name ``suit`` as trump in round 2."""
        return _SIMPLE[(CALL_ALONE_BASE if alone else CALL_BASE) + suit]

    @classmethod
    def go_under(cls, cards: list[int] | tuple[int, ...]) -> Action:
        """Swap three cards with the kitty's bottom three."""
        mask = card_mask(cards)
        if mask.bit_count() != 3:
            raise IllegalActionError(
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
        return ActionKind.FOLD

    @property
    def card(self) -> Card:
        """The card of a play or discard."""
        code = int(self)
        if code >= PASS:
            raise IllegalActionError(f"action {str(self)!r} has no single card")
        return Card(code % 24)

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
            raise IllegalActionError(f"an action must be text, got {text!r}")
        words = text.strip().lower().split()
        try:
            return _parse_words(words)
        except CardParseError as error:
            raise IllegalActionError(f"malformed action {text!r}: {error}") from None
        except _BadShape:
            raise IllegalActionError(
                f"malformed action {text!r}: expected one of 'pass', 'order', 'order alone', "
                "'call H', 'call H alone', 'discard JS', 'play AH', 'defend alone', 'fold', "
                "'go under 9C TD 9S'"
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
    raise IllegalActionError(f"unknown action code {code}")


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
    raise _BadShape


_SIMPLE: tuple[Action, ...] = tuple(int.__new__(Action, code) for code in range(FOLD + 1))
