"""The play rules every engine shares: following suit, the trick winner, the hand's score.

Each rule is written once, here, as a small function over ints and indexable tables, in the
subset of Python that numba compiles. :class:`~euchre.engine.state.HandState` calls these
functions as they are; the batch kernel (:mod:`euchre.engine.kernel`) and the open-hand solver
(:mod:`euchre.bots.solver`) compile the very same functions with ``numba.njit`` and pass numpy
rows of the same tables. The score itself is data the profile owns
(:attr:`~euchre.engine.profile.RuleProfile.score_table`); :func:`hand_score` reads it.

Tables (built from :mod:`euchre.engine.cards`, indexed by ``trump + 1`` where row 0 is "no
trump yet", or by ``trump`` for :data:`POWER`):

* ``FOLLOW_MASK[trump + 1][card]``: the cards of ``card``'s effective suit (the left bower
  belongs to trump), i.e. what a player must play to a trick led by ``card`` if he can.
* ``EFFECTIVE_SUIT[trump + 1][card]`` and ``POWER[trump][card]`` (trumps 100 and up).
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.engine.cards import EFFECTIVE_SUIT, POWER, SUIT_MASK, Rank, card_mask

__all__ = [
    "EFFECTIVE_SUIT",
    "FOLLOW_MASK",
    "LOW_CARDS",
    "POWER",
    "TRUMP_POWER",
    "follow_suit",
    "hand_score",
    "is_farmers_hand",
    "may_fold",
    "may_order_up",
    "trick_winner",
]

TRUMP_POWER = 100
"""Every trump's power is at least this; a plain card's is its rank 0..5."""

FOLLOW_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(SUIT_MASK[row][EFFECTIVE_SUIT[row][card]] for card in range(24)) for row in range(5)
)
"""``FOLLOW_MASK[trump + 1][card]``: the cards that follow a trick led by ``card``."""


LOW_CARDS = card_mask(suit * 6 + rank for suit in range(4) for rank in (Rank.NINE, Rank.TEN))
"""The nines and tens."""


def is_farmers_hand(hand: int) -> bool:
    """A farmer's hand: only nines and tens ("no ace, no face"), for the farmer's-hand redeal
    and going under."""
    return hand & ~LOW_CARDS == 0


def may_fold(hand: int, trump_cards: int) -> bool:
    """After trump is fixed, a player with no ace, no face card and no trump may fold
    (``fold_without_ace_face_trump``); ``trump_cards`` is ``FOLLOW_MASK[trump + 1][trump * 6]``
    or any card mask of the trump suit."""
    return hand & ~LOW_CARDS == 0 and not hand & trump_cards


def may_order_up(
    hand: int,
    up_card: int,
    follow: Sequence[int],
    is_dealer: bool,
    natural_trump: bool,
    dealer_needs_other_trump: bool,
) -> bool:
    """Round 1: may this player order the up-card (the dealer: pick it up)?

    Under ``natural_trump`` he must hold a card of its suit (the left bower counts: ``follow``
    is the row ``FOLLOW_MASK[up suit + 1]``); under ``dealer_needs_other_trump`` the dealer
    must hold another card printed in its suit (the left bower does not count).
    """
    if natural_trump and not hand & follow[up_card]:
        return False
    dealer_lacks_another = is_dealer and not hand & (0b111111 << (6 * (up_card // 6)))
    return not (dealer_needs_other_trump and dealer_lacks_another)


def follow_suit(hand: int, led_card: int, follow: Sequence[int]) -> int:
    """The cards of ``hand`` a player may play to a trick led by ``led_card``: those of the
    led card's suit when he holds any (he must follow suit), else his whole hand.

    ``follow`` is the row ``FOLLOW_MASK[trump + 1]`` of the trump in force.
    """
    same = hand & follow[led_card]
    if same:
        return same
    return hand


def trick_winner(
    cards: Sequence[int],
    seats: Sequence[int],
    count: int,
    led_suit: int,
    power: Sequence[int],
    suit_of: Sequence[int],
    dead_mask: int,
) -> int:
    """The seat that wins a trick: the highest trump, else the highest card of the suit led.

    ``cards[:count]`` were played by ``seats[:count]`` (the leader first); ``led_suit`` is the
    suit to follow and to win (normally the led card's effective suit); ``power`` and
    ``suit_of`` are the rows ``POWER[trump]`` and ``EFFECTIVE_SUIT[trump + 1]``. Cards in
    ``dead_mask`` have no value and cannot take the trick (sheet 004); if every card is dead,
    the leader takes it (docs/rulings.md).
    """
    best = -1
    winner = seats[0]
    for index in range(count):
        card = cards[index]
        if dead_mask and (dead_mask >> card) & 1:
            continue
        value = power[card]
        if value > best and (value >= 100 or suit_of[card] == led_suit):  # 100: TRUMP_POWER
            best = value
            winner = seats[index]
    return winner


def hand_score(score_row: Sequence[int], maker_team: int, maker_tricks: int) -> tuple[int, int]:
    """(scoring team, points) of a hand played out, from the profile's score table row.

    ``score_row`` is ``profile.score_table[contract]``: the makers' signed points by their
    trick count 0..5 (positive: the makers score; otherwise the defenders score its negation).
    """
    value = score_row[maker_tricks]
    if value > 0:
        return maker_team, value
    return 1 - maker_team, -value
