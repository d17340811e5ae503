"""Cards, suits, ranks and sets of cards for the 24-card euchre pack.

A card is an :class:`int` index 0–23 (``suit * 6 + rank``), wrapped in :class:`Card` for text.
A set of cards is a 24-bit mask (:class:`CardSet`). Bowers are computed from trump, never
stored: :func:`effective_suit` puts the left bower in the trump suit everywhere.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from euchre.engine.errors import CardParseError

__all__ = [
    "ALL_CARDS",
    "DECK_MASK",
    "NO_TRUMP",
    "RANK_LETTERS",
    "SUIT_LETTERS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "card_mask",
    "effective_suit",
    "is_left_bower",
    "is_right_bower",
    "iter_mask",
    "left_bower_of",
    "parse_cards",
    "popcount",
    "suit_mask",
    "trick_power",
    "trump_rank",
]


SUIT_LETTERS = "CDHS"
"""Each suit's letter, by suit index."""
RANK_LETTERS = "9TJQKA"
"""Each rank's letter, by rank index."""


class _Lettered(enum.IntEnum):
    """A suit or a rank: its canonical text is one letter (``str`` gives it)."""

    @property
    def letter(self) -> str:
        """One-letter canonical form: ``C D H S`` for a suit, ``9 T J Q K A`` for a rank."""
        return _LETTERS[type(self)][self]

    def __str__(self) -> str:
        return self.letter


class Suit(_Lettered):
    """The four suits, in the order of card indices (clubs first)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]

    @property
    def same_colour(self) -> Suit:
        """The other suit of the same colour (clubs/spades, diamonds/hearts)."""
        return Suit(3 - self)

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``C``/``clubs``/``♣`` (any case) into a suit."""
        cleaned = text.strip()
        suit_index = _SUIT_WORDS.get(cleaned.lower())
        if suit_index is not None:
            return cls(suit_index)
        raise CardParseError(f"unknown suit {text!r}: expected one of C, D, H, S (or ♣ ♦ ♥ ♠)")


_SUIT_WORDS = {
    word: index
    for index, words in enumerate(
        (
            ("c", "club", "clubs", "♣", "♧"),
            ("d", "diamond", "diamonds", "♦", "♢"),
            ("h", "heart", "hearts", "♥", "♡"),
            ("s", "spade", "spades", "♠", "♤"),
        )
    )
    for word in words
}


class Rank(_Lettered):
    """The six ranks of the euchre pack, lowest first (plain-suit order)."""

    NINE = 0
    TEN = 1
    JACK = 2
    QUEEN = 3
    KING = 4
    ACE = 5

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``9``, ``T``/``10``, ``J``, ``Q``, ``K``, ``A`` (any case)."""
        cleaned = text.strip().upper()
        if cleaned == "10":
            return cls.TEN
        if len(cleaned) == 1 and cleaned in RANK_LETTERS:
            return cls(RANK_LETTERS.index(cleaned))
        raise CardParseError(f"unknown rank {text!r}: expected one of 9, T (or 10), J, Q, K, A")


_LETTERS: dict[type[_Lettered], str] = {Suit: SUIT_LETTERS, Rank: RANK_LETTERS}

NO_TRUMP = -1
"""Marker for "no trump named yet" in functions that take a trump suit index."""


class Card(int):
    """One card of the 24-card pack, an int index ``suit * 6 + rank``.

    ``str(card)`` is the canonical text (``9C TD JH QS KC AD``) and :meth:`parse` reads it back,
    along with ``10H`` and suit symbols (``A♠``).
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < 24:
            raise CardParseError(f"card index {index} out of range 0-23")
        return super().__new__(cls, index)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of ``rank`` in ``suit``."""
        return _CARDS[suit * 6 + rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse card text such as ``AH``, ``10h``, ``T♥`` or ``J♣``."""
        cleaned = text.strip()
        if len(cleaned) < 2:
            raise CardParseError(
                f"malformed card {text!r}: expected rank then suit, e.g. 9C TD JH QS KC AD"
            )
        try:
            rank = Rank.parse(cleaned[:-1])
            suit = Suit.parse(cleaned[-1])
        except CardParseError as error:
            raise CardParseError(
                f"malformed card {text!r}: {error}; cards look like 9C TD JH QS KC AD"
            ) from None
        return _CARDS[suit * 6 + rank]

    @property
    def suit(self) -> Suit:
        """The printed suit (see :func:`effective_suit` for the suit under a trump)."""
        return Suit(self // 6)

    @property
    def rank(self) -> Rank:
        """The printed rank."""
        return Rank(self % 6)

    @property
    def mask(self) -> int:
        """This card as a one-bit mask."""
        return 1 << self

    def __str__(self) -> str:
        return RANK_LETTERS[self % 6] + SUIT_LETTERS[self // 6]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, index) for index in range(24))
ALL_CARDS: tuple[Card, ...] = _CARDS
"""All 24 cards in index order."""
DECK_MASK = (1 << 24) - 1
"""Mask of the whole pack."""


def card_mask(cards: Iterable[int]) -> int:
    """The mask of a collection of card indices."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def iter_mask(mask: int) -> Iterator[Card]:
    """The cards of ``mask`` in index order."""
    while mask:
        low = mask & -mask
        yield _CARDS[low.bit_length() - 1]
        mask ^= low


def popcount(mask: int) -> int:
    """Number of cards in ``mask``."""
    return mask.bit_count()


def is_right_bower(card: int, trump: int) -> bool:
    """True when ``card`` is the jack of the trump suit."""
    return trump >= 0 and card == trump * 6 + Rank.JACK


def is_left_bower(card: int, trump: int) -> bool:
    """True when ``card`` is the jack of trump's colour mate (it ranks as the second trump)."""
    return trump >= 0 and card == (3 - trump) * 6 + Rank.JACK


def left_bower_of(trump: int) -> Card:
    """The left bower for ``trump``."""
    return _CARDS[(3 - trump) * 6 + Rank.JACK]


def _effective_suit(card: int, trump: int) -> int:
    if trump >= 0 and card == (3 - trump) * 6 + Rank.JACK:
        return trump
    return card // 6


# EFFECTIVE_SUIT[trump + 1][card]: index 0 is "no trump".
EFFECTIVE_SUIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(_effective_suit(card, trump) for card in range(24)) for trump in range(-1, 4)
)


def effective_suit(card: int, trump: int) -> Suit:
    """The suit ``card`` belongs to when ``trump`` is trump (the left bower is trump)."""
    return Suit(EFFECTIVE_SUIT[trump + 1][card])


# SUIT_MASK[trump + 1][suit]: the cards whose effective suit is `suit`.
SUIT_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        card_mask(card for card in range(24) if EFFECTIVE_SUIT[trump + 1][card] == suit)
        for suit in range(4)
    )
    for trump in range(-1, 4)
)


def suit_mask(suit: int, trump: int) -> int:
    """Mask of the cards whose effective suit under ``trump`` is ``suit``."""
    return SUIT_MASK[trump + 1][suit]


def _trump_rank(card: int, trump: int) -> int:
    """0 for the right bower, 1 for the left, then A K Q T 9 as 2..6; -1 for non-trump."""
    if card == trump * 6 + Rank.JACK:
        return 0
    if card == (3 - trump) * 6 + Rank.JACK:
        return 1
    if card // 6 != trump:
        return -1
    return {Rank.ACE: 2, Rank.KING: 3, Rank.QUEEN: 4, Rank.TEN: 5, Rank.NINE: 6}[Rank(card % 6)]


def trump_rank(card: int, trump: int) -> int:
    """Position of ``card`` among the seven trumps (0 = right bower … 6 = nine), -1 if not trump."""
    return _trump_rank(card, trump)


# POWER[trump][card]: trumps 100 + (7 - trump_rank), others their plain rank 0..5.
POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        100 + 7 - _trump_rank(card, trump) if _trump_rank(card, trump) >= 0 else card % 6
        for card in range(24)
    )
    for trump in range(4)
)


def trick_power(card: int, trump: int, led_suit: int) -> int:
    """How strongly ``card`` contends for a trick: higher wins; -1 if it cannot win."""
    power = POWER[trump][card]
    if power >= 100:
        return power
    return power if EFFECTIVE_SUIT[trump + 1][card] == led_suit else -1


class CardSet:
    """An immutable set of cards backed by a 24-bit mask (like python-chess's ``SquareSet``)."""

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[int] | int = 0) -> None:
        self.mask = cards if isinstance(cards, int) else card_mask(cards)

    def __iter__(self) -> Iterator[Card]:
        return iter_mask(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 24 and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse whitespace- or comma-separated card text."""
        return cls(parse_cards(text))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse several cards from text (``"9C TD"``) or from a list of card strings."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(item) for item in items]
