"""A solid heuristic player, tunable by a few named parameters.

Bidding counts hand strength for a candidate trump (bowers and trumps by rank, off-suit aces,
voids), adjusted for seat (the up-card goes to the dealer's side) and for the score: more
daring when the opponents are close to game or when behind with few hands left in a
fixed-length game, never alone when one point wins. Play follows the table's conventions: the
makers lead trump, defenders cash aces and lead back their partner's suit, nobody overtakes a
partner who is winning, a seat that cannot win throws its lowest card from its shortest suit
(keeping aces), and a discard signals weakness in that suit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from euchre.engine import actions as codes
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import EFFECTIVE_SUIT, POWER, SUIT_MASK, card_mask, iter_mask
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

__all__ = [
    "TRUMP_VALUES",
    "RulesBot",
    "RulesParameters",
    "dealer_hand",
    "hand_strength",
    "strongest_call",
    "throw_off",
]

TRUMP_VALUES = (3.0, 2.6, 2.2, 1.8, 1.6, 1.4, 1.2)
"""Hand-strength points of a trump by rank: right bower, left bower, A, K, Q, T, 9."""


@dataclass(frozen=True, slots=True)
class RulesParameters:
    """The rules bot's tunable thresholds (in hand-strength points, see :func:`hand_strength`).

    ``order_threshold``: order up (or pick up, as dealer) at or above this.
    ``call_threshold``: name a suit in round 2 at or above this.
    ``alone_threshold``: go alone at or above this (with at least ``alone_min_trumps``).
    ``defend_alone_threshold``: defend alone (where allowed) at or above this.
    ``pressure_bonus``: threshold cut when the opponents are near game or we trail late.
    ``dealer_bonus``: added to the dealer's round-1 strength (he bids last and keeps the card).
    ``next_bonus``: added for "next" (the turned-down suit's partner) from the eldest seat.
    ``partner_bonus``: added to the dealer's partner's round-1 strength (ordering up to him).
    ``opponent_bonus``: added to the round-1 strength of the dealer's opponents (the eldest
    and the third seat, ordering the card into the other side's hand).
    ``dealer_counts_up_card``: the dealer's lone-hand trump count includes the up-card he
    picks up (``False`` reproduces the old miss, kept for the frozen ``pimc-basic``).
    ``eldest_bonus``: added to the eldest's round-1 strength (on top of ``opponent_bonus``).
    ``call_bonus``: added to every suit's round-2 strength, by seat: index 1 the eldest, 2 the
    dealer's partner, 3 the seat at the dealer's right, 0 the dealer (before a stuck dealer
    names a suit he must).
    """

    order_threshold: float = 7.0
    call_threshold: float = 7.0
    alone_threshold: float = 11.0
    alone_min_trumps: int = 4
    defend_alone_threshold: float = 10.0
    pressure_bonus: float = 0.8
    dealer_bonus: float = 0.0
    next_bonus: float = 0.3
    dealer_counts_up_card: bool = True
    partner_bonus: float = 0.0
    opponent_bonus: float = 0.0
    eldest_bonus: float = 0.0
    call_bonus: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


OFF_ACE, GUARDED_KING, PLAIN = 7, 8, 9
"""Roles of a plain card in :class:`HandShape` (a trump's role is its rank 0-6, right first)."""

# What each role adds to a hand's strength: the trumps by rank, an off-suit ace, a guarded king.
_ROLE_VALUES = (*TRUMP_VALUES, 1.2, 0.6, 0.0)


class HandShape(NamedTuple):
    """What bidding counts in a hand for one candidate trump (:func:`hand_strength`, the
    learned model's features)."""

    roles: tuple[int, ...]
    """Each card's role, in card order: a trump's rank 0-6 (right bower first), ``OFF_ACE``,
    ``GUARDED_KING`` (a plain king with its ace) or ``PLAIN``."""
    trumps: int
    """How many trumps."""
    voids: int
    """How many of the three plain suits the hand lacks."""


def hand_shape(hand: int, trump: int) -> HandShape:
    """The :class:`HandShape` of ``hand`` (a mask) if ``trump`` were trump."""
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    roles = []
    trumps = 0
    suits_held = set()
    for card in iter_mask(hand):
        value = power[card]
        if value >= 100:
            roles.append(107 - value)
            trumps += 1
            continue
        suits_held.add(suit_of[card])
        if card % 6 == 5:
            roles.append(OFF_ACE)
        elif card % 6 == 4 and hand & (1 << (card + 1)):
            roles.append(GUARDED_KING)
        else:
            roles.append(PLAIN)
    return HandShape(tuple(roles), trumps, 3 - len(suits_held))


def hand_strength(hand: int, trump: int) -> float:
    """Strength of ``hand`` (a mask) if ``trump`` were trump: about 7 makes a sound bid."""
    shape = hand_shape(hand, trump)
    strength = 0.0
    for role in shape.roles:  # in card order, one at a time: the order fixes the float result
        strength += _ROLE_VALUES[role]
    if shape.trumps >= 2:
        strength += 0.7 * shape.voids
    return strength


class RulesBot:
    """The heuristic player (see the module docstring); ``parameters`` tunes it."""

    name = "rules"

    def __init__(self, seed: int | None = None, parameters: RulesParameters | None = None) -> None:
        self._rng = random.Random(seed)
        self.parameters = parameters or RulesParameters()

    def with_parameters(self, **changes: float) -> RulesBot:
        """A copy with some parameters changed (for tuning)."""
        return RulesBot(None, replace(self.parameters, **changes))  # type: ignore[arg-type]

    def choose(self, view: PlayerView) -> Action:
        """The heuristic's action for ``view``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.PLAY:
            return Action.play(choose_card(view))
        if phase is Phase.BID_ROUND_1:
            return self._round_one(view)
        if phase is Phase.BID_ROUND_2:
            return self._round_two(view)
        if phase is Phase.DISCARD:
            return Action.discard(choose_discard(card_mask(view.hand), view.trump))
        if phase is Phase.DEFEND:
            strength = hand_strength(card_mask(view.hand), view.trump)
            wanted = strength >= self.parameters.defend_alone_threshold
            return _find(legal, codes.DEFEND_ALONE if wanted else codes.PASS)
        if phase is Phase.FOLD:
            # A hand with no ace, face or trump folds unless its own side made trump.
            mine = view.maker % 2 == view.seat % 2
            return _find(legal, codes.PASS if mine else codes.FOLD)
        if phase is Phase.GO_UNDER:
            unders = [action for action in legal if action.kind is ActionKind.GO_UNDER]
            # Swap the three lowest cards (nines before tens) for the unseen kitty cards.
            lowest = sorted(view.hand, key=lambda card: (card % 6, card))[:3]
            wanted_mask = card_mask(lowest)
            for action in unders:
                if card_mask(action.cards) == wanted_mask:
                    return action
            return unders[0] if unders else legal[0]
        return legal[0]

    def advise(self, view: PlayerView) -> tuple[Action, str]:
        """The heuristic's action for ``view`` and a one-line reason."""
        action = self.choose(view)
        if len(view.legal) == 1:
            return action, "the only legal action"
        return action, self.reason(view, action)

    def reason(self, view: PlayerView, action: Action) -> str:
        """Why the heuristic takes ``action`` (one line, in the table's words)."""
        phase = view.phase
        hand = card_mask(view.hand)
        if phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            if phase is Phase.BID_ROUND_1:
                trump = view.up_card // 6
                strength, _ = self.round_one_strength(view)
                bar = self.parameters.order_threshold
            else:
                trump, strength = self.round_two_best(view)
                if action.kind is ActionKind.CALL and int(action.suit) != trump:
                    trump = int(action.suit)
                    strength = hand_strength(hand, trump)
                bar = self.parameters.call_threshold
            worth = f"hand worth {strength:.1f} in {'CDHS'[trump]}"
            bar -= self.pressure(view)
            if action.kind is ActionKind.PASS:
                return f"{worth}, below the {bar:.1f} needed to make trump"
            if strength < bar:
                return f"{worth}: the dealer is stuck and must name a suit"
            if action.alone:
                return f"{worth}: strong enough to play without partner"
            return f"{worth}, at least the {bar:.1f} needed to make trump"
        if phase is Phase.DISCARD:
            return "discard to make a void, or the lowest plain card"
        if phase is Phase.PLAY:
            if not view.current_trick:
                if POWER[view.trump][action.card] >= 100:
                    return "lead trump to draw the defenders' trumps"
                return "lead a winner, partner's suit, or low from a short suit"
            return "win as cheaply as possible, else throw the lowest card"
        return "the table's usual choice"

    # ------------------------------------------------------------------ bidding
    def pressure(self, view: PlayerView) -> float:
        """How much to lower the bidding bar for the score: positive when the opponents are
        near game or we trail late in a fixed-length game, negative when safely ahead late."""
        profile = view.profile
        us, them = view.scores[view.seat % 2], view.scores[1 - view.seat % 2]
        if profile.game_target:
            if profile.game_target - them <= 2:
                return self.parameters.pressure_bonus
        elif profile.game_hands and 0 < view.hands_left <= 2:
            if us < them:
                return self.parameters.pressure_bonus
            if us > them + 2:
                return -self.parameters.pressure_bonus
        return 0.0

    def _threshold(self, view: PlayerView, base: float) -> float:
        return base - self.pressure(view)

    def _alone_allowed(
        self, view: PlayerView, strength: float, trump: int, hand: int | None = None
    ) -> bool:
        """Strong enough, trumps enough (in ``hand``, the hand as it will be played), and no
        plain march already wins the game."""
        profile = view.profile
        if not profile.going_alone or strength < self.parameters.alone_threshold:
            return False
        held = card_mask(view.hand) if hand is None else hand
        trumps = (held & SUIT_MASK[trump + 1][trump]).bit_count()
        if trumps < self.parameters.alone_min_trumps:
            return False
        if profile.game_target:
            needed = profile.game_target - view.scores[view.seat % 2]
            if needed <= profile.points_march:
                return False  # a plain march already wins the game
        return True

    def round_one_strength(self, view: PlayerView) -> tuple[float, int]:
        """Round 1: the strength for the up-card's suit and the hand as it would be played
        (the dealer's after picking up and discarding)."""
        up = view.up_card
        trump = up // 6
        seat, dealer = view.seat, view.dealer
        hand = card_mask(view.hand)
        if seat == dealer:
            hand = dealer_hand(hand, up)
            strength = hand_strength(hand, trump) + self.parameters.dealer_bonus
            if not self.parameters.dealer_counts_up_card:
                hand = card_mask(view.hand)
            return strength, hand
        strength = hand_strength(hand, trump)
        up_value = TRUMP_VALUES[107 - POWER[trump][up]]
        if seat == (dealer + 2) % 4:
            return strength + 0.5 * up_value + self.parameters.partner_bonus, hand
        strength = strength - 0.5 * up_value + self.parameters.opponent_bonus
        if seat == (dealer + 1) % 4:
            strength += self.parameters.eldest_bonus
        return strength, hand

    def book_bid(self, view: PlayerView) -> tuple[int, int, float] | None:
        """In a bidding round, the book's bid with partner: its trump, its action code, and
        how far the hand's strength clears the bar, score pressure counted (negative: short
        of it); ``None`` when no suit may be named."""
        if view.phase is Phase.BID_ROUND_1:
            strength, _ = self.round_one_strength(view)
            trump, bar, code = view.up_card // 6, self.parameters.order_threshold, codes.ORDER
        else:
            trump, strength = self.round_two_best(view)
            if trump < 0:
                return None
            bar, code = self.parameters.call_threshold, codes.CALL_BASE + trump
        return trump, code, strength - (bar - self.pressure(view))

    def round_two_best(self, view: PlayerView) -> tuple[int, float]:
        """Round 2: the strongest suit this seat may name and its strength (-1 if none)."""
        return strongest_call(
            card_mask(view.hand),
            view.up_card // 6,
            eldest=view.seat == (view.dealer + 1) % 4,
            next_bonus=self.parameters.next_bonus,
            bonus=self.parameters.call_bonus[(view.seat - view.dealer) % 4],
            legal=lambda suit: _has(view.legal, codes.CALL_BASE + suit),
        )

    def _round_one(self, view: PlayerView) -> Action:
        legal = view.legal
        trump = view.up_card // 6
        strength, hand = self.round_one_strength(view)
        threshold = self._threshold(view, self.parameters.order_threshold)
        alone_ok = _has(legal, codes.ORDER_ALONE) and self._alone_allowed(
            view, strength, trump, hand
        )
        if strength >= threshold:
            if alone_ok:
                return _find(legal, codes.ORDER_ALONE)
            if _has(legal, codes.ORDER):
                return _find(legal, codes.ORDER)
            # The dealer's partner must go alone to order: only with a strong hand.
            if _has(legal, codes.ORDER_ALONE) and strength >= threshold + 2.5:
                return _find(legal, codes.ORDER_ALONE)
        return _find(legal, codes.PASS)

    def _round_two(self, view: PlayerView) -> Action:
        legal = view.legal
        best_suit, best_strength = self.round_two_best(view)
        threshold = self._threshold(view, self.parameters.call_threshold)
        stuck = not _has(legal, codes.PASS)
        if best_suit >= 0 and (best_strength >= threshold or stuck):
            if self._alone_allowed(view, best_strength, best_suit) and _has(
                legal, codes.CALL_ALONE_BASE + best_suit
            ):
                return _find(legal, codes.CALL_ALONE_BASE + best_suit)
            if _has(legal, codes.CALL_BASE + best_suit):
                return _find(legal, codes.CALL_BASE + best_suit)
        return _find(legal, codes.PASS) if not stuck else legal[0]


def _has(legal: tuple[Action, ...], code: int) -> bool:
    return any(int(action) == code for action in legal)


def _find(legal: tuple[Action, ...], code: int) -> Action:
    for action in legal:
        if int(action) == code:
            return action
    return legal[0]


def strongest_call(
    hand: int,
    turned: int,
    *,
    eldest: bool,
    next_bonus: float,
    bonus: float = 0.0,
    legal: Callable[[int], bool] | None = None,
) -> tuple[int, float]:
    """Round 2 by the book: the strongest suit other than the ``turned`` one (and ``legal``)
    and its strength plus ``bonus``, with ``next_bonus`` for "next" from the ``eldest`` seat;
    (-1, -1.0) if none reaches above -1."""
    best_suit, best_strength = -1, -1.0
    for suit in range(4):
        if suit == turned or (legal is not None and not legal(suit)):
            continue
        strength = hand_strength(hand, suit) + bonus
        if eldest and suit == 3 - turned:
            # "next": the turned-down colour is less likely held by the dealer's side.
            strength += next_bonus
        if strength > best_strength:
            best_suit, best_strength = suit, strength
    return best_suit, best_strength


def choose_discard(hand: int, trump: int) -> int:
    """The dealer's discard from ``hand`` (six cards): make a void if cheap, else the lowest."""
    suit_of = EFFECTIVE_SUIT[trump + 1]
    power = POWER[trump]
    plain = [card for card in iter_mask(hand) if power[card] < 100]
    if not plain:
        return min(iter_mask(hand), key=lambda card: power[card])
    by_suit: dict[int, list[int]] = {}
    for card in plain:
        by_suit.setdefault(suit_of[card], []).append(card)
    singletons = [cards[0] for cards in by_suit.values() if len(cards) == 1 and cards[0] % 6 != 5]
    if singletons:
        return min(singletons, key=lambda card: power[card])
    non_aces = [card for card in plain if card % 6 != 5] or plain
    return min(non_aces, key=lambda card: (power[card], -len(by_suit[suit_of[card]])))


def dealer_hand(hand: int, up_card: int) -> int:
    """The dealer's hand after picking up ``up_card`` and discarding as the rules policy
    would (:func:`choose_discard`, the up-card's suit trump); a hand that already holds the
    up-card (picked up) is returned as it is."""
    if hand >> up_card & 1:
        return hand
    with_up = hand | (1 << up_card)
    return with_up & ~(1 << choose_discard(with_up, up_card // 6))


def _remaining_higher(card: int, trump: int, gone: int) -> bool:
    """True when a stronger card of ``card``'s suit is still out (not in ``gone``)."""
    suit_of = EFFECTIVE_SUIT[trump + 1]
    power = POWER[trump]
    suit = suit_of[card]
    for other in iter_mask(SUIT_MASK[trump + 1][suit] & ~gone):
        if power[other] > power[card]:
            return True
    return False


def choose_card(view: PlayerView, forgotten: int = 0) -> int:
    """The card the heuristic plays; ``forgotten`` (a mask) holds played cards it has lost
    track of and counts as still out (a person's missed count, :mod:`euchre.bots.levels`)."""
    trump = view.trump
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    legal = [int(action.card) for action in view.legal]
    hand = card_mask(view.hand)
    seat = view.seat
    mine = view.maker % 2 == seat % 2
    gone = hand
    partner_discards = 0
    partner_leads: list[int] = []
    partner = (seat + 2) % 4
    for leader, cards, _ in view.completed_tricks:
        gone |= card_mask(cards)
        led = suit_of[cards[0]]
        who = leader
        for index, card in enumerate(cards):
            if index:
                who = (who + 1) % 4
                while not view.active[who]:
                    who = (who + 1) % 4
            if who == partner:
                if index == 0:
                    partner_leads.append(led)
                elif suit_of[card] != led and power[card] < 100:
                    partner_discards |= SUIT_MASK[trump + 1][suit_of[card]]
    gone &= ~forgotten | hand
    current = view.current_trick
    gone |= card_mask(card for _, card in current)
    trumps_in_hand = [card for card in legal if power[card] >= 100]
    if not current:
        return _lead(view, legal, trumps_in_hand, mine, gone, partner_leads, partner_discards)
    led = suit_of[current[0][1]]
    best_power, best_seat = -1, -1
    for who, card in current:
        value = power[card]
        if (value >= 100 or suit_of[card] == led) and value > best_power:
            best_power, best_seat = value, who
    players = sum(view.active)
    last = len(current) == players - 1
    winners = [
        card
        for card in legal
        if (power[card] >= 100 or suit_of[card] == led) and power[card] > best_power
    ]
    partner_winning = best_seat == partner
    if partner_winning:
        best_card = next(card for who, card in current if who == best_seat)
        safe = last or not _remaining_higher(best_card, trump, gone)
        if safe or power[best_card] >= 100:
            return throw_off(legal, trump)
    if winners:
        if last:
            return min(winners, key=lambda card: power[card])
        # Second or third hand: win with a card that is boss if we have one, else the lowest
        # winner that is not wasted when a higher card is surely behind.
        bosses = [card for card in winners if not _remaining_higher(card, trump, gone)]
        if bosses:
            return min(bosses, key=lambda card: power[card])
        if partner_winning:
            return throw_off(legal, trump)
        return min(winners, key=lambda card: power[card])
    return throw_off(legal, trump)


def throw_off(legal: list[int], trump: int) -> int:
    """Lowest card, preferring a short plain suit (to make a void) and keeping aces."""
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    counts: dict[int, int] = {}
    for card in legal:
        counts[suit_of[card]] = counts.get(suit_of[card], 0) + 1

    def key(card: int) -> tuple[int, int, int, int]:
        is_trump = 1 if power[card] >= 100 else 0
        is_ace = 1 if card % 6 == 5 and not is_trump else 0
        return (
            is_trump,
            is_ace,
            power[card] if is_trump else 0,
            counts[suit_of[card]] * 10 + power[card],
        )

    return min(legal, key=key)


def _lead(
    view: PlayerView,
    legal: list[int],
    trumps: list[int],
    mine: bool,
    gone: int,
    partner_leads: list[int],
    partner_discards: int,
) -> int:
    trump = view.trump
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    plain = [card for card in legal if power[card] < 100]
    if mine and trumps and SUIT_MASK[trump + 1][trump] & ~gone:
        # Makers draw trump while others may still hold some: the maker leads his best; his
        # partner leads the boss trump, or his lowest when holding two or more.
        top = max(trumps, key=lambda card: power[card])
        if view.maker == view.seat or not _remaining_higher(top, trump, gone):
            return top
        if len(trumps) >= 2:
            return min(trumps, key=lambda card: power[card])
    bosses = [card for card in plain if not _remaining_higher(card, trump, gone)]
    if bosses:
        return max(bosses, key=lambda card: power[card])
    if not mine and partner_leads:
        for suit in reversed(partner_leads):
            if suit == trump:
                continue
            same = [card for card in plain if suit_of[card] == suit]
            if same:
                return max(same, key=lambda card: power[card])
    if plain:
        unsignalled = [card for card in plain if not partner_discards & (1 << card)] or plain
        counts: dict[int, int] = {}
        for card in unsignalled:
            counts[suit_of[card]] = counts.get(suit_of[card], 0) + 1
        # Lead low from the shortest suit partner has not thrown away.
        return min(unsignalled, key=lambda card: (counts[suit_of[card]], power[card]))
    return (
        max(trumps, key=lambda card: power[card])
        if mine
        else min(trumps, key=lambda card: power[card])
    )
