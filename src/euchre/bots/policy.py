"""Inference learned from play: a policy model of how the expert bids and plays.

:class:`PolicyModel` gives the probability that a seat holding a given hand chose the action
it chose, among the actions legal with that hand, as a conditional logit (softmax over the
legal actions) of suit-normalised features:

* **play**: for each legal card, whether it follows suit, trumps in or throws off, wins the
  trick as it stands, is the cheapest winner, the lowest or highest legal card, is trump,
  is the boss of its suit (no higher card of the suit outside the cards seen and held), its
  rank within its suit (right bower 0 … nine 6) and how many cards of its suit the hand
  holds; one weight vector per context (leading; playing in between; playing last; each by
  whether the partner is winning and by the side: makers or defenders);
* **bidding**: for each bid, features of the hand with the bid's suit as trump (the bowers
  and each trump rank, two, three and four trumps or more, off aces, off voids, "next", the
  up-card a jack), one weight vector per round and seat after the dealer, plus one for going
  alone; a pass scores 0.

The weights are fitted by maximum likelihood on the expert's self-play
(``bench/bots_policy_train.py``) and shipped as ``data/policy.json``. A card not legal with the
hand (a seat that did not follow suit while holding the suit led) has probability 0.

:func:`policy_weight` multiplies, for one sampled world, the probabilities of every other
seat's bids and plays so far with the hands that world gives it then (its hand now plus the
cards it has played since): the weight :func:`~euchre.bots.inference.inferred_worlds` resamples
by when given a model.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from euchre.bots.bidding import TRUMP_CARDS
from euchre.bots.inference import BidEvent, bid_events, bidding_hands, played_by_seat
from euchre.bots.rules import dealer_hand
from euchre.engine import actions as codes
from euchre.engine.cards import EFFECTIVE_SUIT, POWER, SUIT_MASK, trick_power
from euchre.engine.view import PlayerView

__all__ = [
    "BID_CONTEXTS",
    "BID_FEATURES",
    "PLAY_CONTEXTS",
    "PLAY_FEATURES",
    "PlayDecision",
    "PolicyModel",
    "bid_candidates",
    "bid_context",
    "bid_options",
    "load_policy",
    "play_candidates",
    "play_decisions",
    "policy_weight",
]

PLAY_FEATURES = (
    "follows",
    "trumps_in",
    "throws_off",
    "wins",
    "cheapest_winner",
    "lowest",
    "highest",
    "trump",
    "boss",
    "rank_0",
    "rank_1",
    "rank_2",
    "rank_3",
    "rank_4",
    "rank_5",
    "rank_6",
    "suit_length_1",
    "suit_length_2",
    "suit_length_3_up",
)
"""The features of one legal card (each 0 or 1)."""

PLAY_CONTEXTS = 10
"""Leading (2: by side), in between (4: partner winning or not, by side), last (4)."""

BID_FEATURES = (
    "bias",
    *TRUMP_CARDS,
    "trumps_2_up",
    "trumps_3_up",
    "trumps_4_up",
    "off_aces",
    "off_voids",
    "next",
    "up_jack",
)
"""The features of a hand for one bid (the bid's suit as trump)."""

BID_CONTEXTS = 8
"""Round (1, 2) by seat after the dealer (1 the eldest … 4 the dealer)."""

_TRUMP_ORDER = tuple(
    tuple(sorted(range(24), key=lambda card: -POWER[suit][card])[:7]) for suit in range(4)
)
"""Each suit's seven trumps, right bower first."""

_HIGHER = tuple(
    tuple(
        sum(
            1 << other
            for other in range(24)
            if EFFECTIVE_SUIT[trump + 1][other] == EFFECTIVE_SUIT[trump + 1][card]
            and POWER[trump][other] > POWER[trump][card]
        )
        for card in range(24)
    )
    for trump in range(4)
)
"""By trump and card: the cards of the same (effective) suit that rank above it."""

_ACES = sum(1 << (suit * 6 + 5) for suit in range(4))


@dataclass(frozen=True, slots=True)
class PlayDecision:
    """One card played, in public terms: who, which card, the suit led (-1 when it led), the
    best trick power so far, the context (see :data:`PLAY_CONTEXTS`), the cards seen played
    before it, and the cards this seat played from then on (this one included)."""

    seat: int
    card: int
    led: int
    best: int
    context: int
    seen: int
    later: int


def play_decisions(view: PlayerView) -> list[PlayDecision]:
    """Every card played so far, in order, as :class:`PlayDecision` records."""
    trump = view.trump
    if trump < 0:
        return []
    suit_of = EFFECTIVE_SUIT[trump + 1]
    playing = sum(view.active)
    tricks: list[list[tuple[int, int]]] = []
    for leader, cards, _ in view.completed_tricks:
        seats = [seat for step in range(4) if view.active[seat := (leader + step) % 4]]
        tricks.append(list(zip(seats, cards, strict=False)))
    if view.current_trick:
        tricks.append([(seat, int(card)) for seat, card in view.current_trick])
    raw: list[tuple[int, int, int, int, int, int]] = []
    seen = 0
    for plays in tricks:
        led = suit_of[plays[0][1]]
        best_seat, best = -1, 0
        for index, (seat, card) in enumerate(plays):
            maker_side = int(view.maker >= 0 and seat % 2 == view.maker % 2)
            if index == 0:
                context, led_now = maker_side, -1
            else:
                partner = int(best_seat == (seat + 2) % 4)
                base = 6 if index == playing - 1 else 2
                context, led_now = base + 2 * partner + maker_side, led
            raw.append((seat, int(card), led_now, best, context, seen))
            mine = trick_power(card, trump, led)
            if index == 0 or mine > best:
                best_seat, best = seat, mine
            seen |= 1 << card
    decisions: list[PlayDecision] = []
    later = [0, 0, 0, 0]
    for seat, card, led, best, context, before in reversed(raw):
        later[seat] |= 1 << card
        decisions.append(PlayDecision(seat, card, led, best, context, before, later[seat]))
    decisions.reverse()
    return decisions


def play_candidates(
    decision: PlayDecision, hand: int, trump: int
) -> tuple[list[int], list[list[float]]]:
    """The cards legal with ``hand`` at ``decision`` and each one's :data:`PLAY_FEATURES`."""
    suit_of = EFFECTIVE_SUIT[trump + 1]
    masks = SUIT_MASK[trump + 1]
    power = POWER[trump]
    led = decision.led
    legal = hand
    if led >= 0 and hand & masks[led]:
        legal = hand & masks[led]
    cards = [card for card in range(24) if legal >> card & 1]
    powers = [trick_power(card, trump, led) if led >= 0 else 0 for card in cards]
    winners = [p for p in powers if led >= 0 and p > decision.best]
    cheapest_win = min(winners) if winners else None
    ranks = [power[card] for card in cards]
    low, high = min(ranks), max(ranks)
    outside = ~(decision.seen | hand)
    above = _HIGHER[trump]
    rows: list[list[float]] = []
    for card, trick, rank in zip(cards, powers, ranks, strict=True):
        suit = suit_of[card]
        higher = above[card].bit_count()
        boss = not outside & above[card]
        length = (hand & masks[suit]).bit_count()
        wins = led >= 0 and trick > decision.best
        row = [
            float(led >= 0 and suit == led),
            float(led >= 0 and suit != led and suit == trump),
            float(led >= 0 and suit != led and suit != trump),
            float(wins),
            float(wins and trick == cheapest_win),
            float(len(cards) > 1 and rank == low),
            float(len(cards) > 1 and rank == high),
            float(suit == trump),
            float(boss),
        ]
        row.extend(float(higher == level) for level in range(7))
        row.extend((float(length == 1), float(length == 2), float(length >= 3)))
        rows.append(row)
    return cards, rows


def bid_context(event: BidEvent, dealer: int) -> int:
    """The bid's context: round (1, 2) by seat after the dealer."""
    return (event.round - 1) * 4 + (event.seat - dealer - 1) % 4


def bid_options(event: BidEvent, turned: int, going_alone: bool) -> list[int]:
    """The action codes a seat could choose at ``event`` (a stuck dealer may not pass)."""
    options = [] if event.forced else [codes.PASS]
    if event.round == 1:
        options.append(codes.ORDER)
        if going_alone:
            options.append(codes.ORDER_ALONE)
    else:
        for suit in range(4):
            if suit != turned:
                options.append(codes.CALL_BASE + suit)
                if going_alone:
                    options.append(codes.CALL_ALONE_BASE + suit)
    if event.code not in options:
        options.append(event.code)
    return options


def _hand_features(hand: int, trump: int, *, round_one: bool, turned: int, up: int) -> list[float]:
    order = _TRUMP_ORDER[trump]
    trumps = SUIT_MASK[trump + 1][trump]
    count = (hand & trumps).bit_count()
    off_aces = (hand & _ACES & ~trumps).bit_count()
    masks = SUIT_MASK[trump + 1]
    voids = sum(1 for suit in range(4) if suit != trump and not hand & masks[suit])
    row = [1.0]
    row.extend(float(hand >> card & 1) for card in order)
    row.extend((float(count >= 2), float(count >= 3), float(count >= 4)))
    row.extend((float(off_aces), float(voids)))
    row.append(float(not round_one and trump == 3 - turned))
    row.append(float(round_one and up % 6 == 2))
    return row


def bid_candidates(
    event: BidEvent, hand: int, view: PlayerView
) -> tuple[list[int], list[list[float]]]:
    """The actions open at ``event`` and each one's feature row: a pass all zeros, a bid its
    suit's :data:`BID_FEATURES` followed by the same again for going alone (zeros when not)."""
    up = int(view.up_card)
    turned = up // 6
    round_one = event.round == 1
    if round_one and event.seat == view.dealer:
        hand = dealer_hand(hand, up)
    options = bid_options(event, turned, view.profile.going_alone)
    width = 2 * len(BID_FEATURES)
    rows: list[list[float]] = []
    for code in options:
        if code == codes.PASS:
            rows.append([0.0] * width)
            continue
        if code in (codes.ORDER, codes.ORDER_ALONE):
            suit, alone = turned, code == codes.ORDER_ALONE
        else:
            alone = code >= codes.CALL_ALONE_BASE
            suit = code - (codes.CALL_ALONE_BASE if alone else codes.CALL_BASE)
        features = _hand_features(hand, suit, round_one=round_one, turned=turned, up=up)
        rows.append(features + (features if alone else [0.0] * len(features)))
    return options, rows


def _softmax_chance(weights: tuple[float, ...], rows: list[list[float]], chosen: int) -> float:
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    total = sum(math.exp(score - top) for score in scores)
    return math.exp(scores[chosen] - top) / total


@dataclass(frozen=True, slots=True, eq=False)
class PolicyModel:
    """Fitted weights: one vector per play context and one per bid context."""

    play: tuple[tuple[float, ...], ...]
    bid: tuple[tuple[float, ...], ...]
    floor: float = 0.02
    """The least probability a legal action gets (other players do not play like the
    expert); an illegal one gets 0."""

    def play_probabilities(self, decision: PlayDecision, hand: int, trump: int) -> dict[int, float]:
        """The probability of each legal card at ``decision`` holding ``hand`` (sums to 1)."""
        cards, rows = play_candidates(decision, hand, trump)
        weights = self.play[decision.context]
        return {card: _softmax_chance(weights, rows, index) for index, card in enumerate(cards)}

    def play_chance(self, decision: PlayDecision, hand: int, trump: int) -> float:
        """The (floored) probability of the card played at ``decision`` holding ``hand``:
        :meth:`play_probabilities` of that card, the hand-independent part of each card's
        score computed once per decision."""
        masks = SUIT_MASK[trump + 1]
        led = decision.led
        legal = hand
        if led >= 0 and hand & masks[led]:
            legal = hand & masks[led]
        if not legal >> decision.card & 1:
            return 0.0
        if legal.bit_count() == 1:
            return 1.0
        weights = self.play[decision.context]
        static, tricks, suit_of = _static_scores(self, decision, trump)
        power = POWER[trump]
        cards = [card for card in range(24) if legal >> card & 1]
        winners = [tricks[card] for card in cards if led >= 0 and tricks[card] > decision.best]
        cheapest = min(winners) if winners else None
        low = min(power[card] for card in cards)
        high = max(power[card] for card in cards)
        outside = ~(decision.seen | hand)
        above = _HIGHER[trump]
        lengths = weights[16:19]
        scores: list[float] = []
        for card in cards:
            score = static[card]
            if cheapest is not None and tricks[card] == cheapest:
                score += weights[4]
            if power[card] == low:
                score += weights[5]
            if power[card] == high:
                score += weights[6]
            if not outside & above[card]:
                score += weights[8]
            length = (hand & masks[suit_of[card]]).bit_count()
            score += lengths[min(length, 3) - 1]
            scores.append(score)
        top = max(scores)
        total = sum(math.exp(score - top) for score in scores)
        chance = math.exp(scores[cards.index(decision.card)] - top) / total
        return max(self.floor, chance)

    def bid_probabilities(self, event: BidEvent, hand: int, view: PlayerView) -> dict[int, float]:
        """The probability of each action open at ``event`` holding ``hand`` (sums to 1)."""
        options, rows = bid_candidates(event, hand, view)
        weights = self.bid[bid_context(event, view.dealer)]
        return {code: _softmax_chance(weights, rows, i) for i, code in enumerate(options)}

    def bid_chance(self, event: BidEvent, hand: int, view: PlayerView) -> float:
        """The (floored) probability of the bid or pass made at ``event`` holding ``hand``."""
        options, rows = bid_candidates(event, hand, view)
        weights = self.bid[bid_context(event, view.dealer)]
        chance = _softmax_chance(weights, rows, options.index(event.code))
        return max(self.floor, chance)


@lru_cache(maxsize=4096)
def _static_scores(
    model: PolicyModel, decision: PlayDecision, trump: int
) -> tuple[tuple[float, ...], tuple[int, ...], tuple[int, ...]]:
    """Each card's score from the features that do not depend on the rest of the hand
    (following, trumping in, throwing off, winning, trump, rank), its trick power, and the
    effective suits."""
    weights = model.play[decision.context]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    led = decision.led
    above = _HIGHER[trump]
    static: list[float] = []
    tricks: list[int] = []
    for card in range(24):
        suit = suit_of[card]
        trick = trick_power(card, trump, led) if led >= 0 else 0
        score = 0.0
        if led >= 0:
            score += weights[0] if suit == led else weights[1] if suit == trump else weights[2]
            if trick > decision.best:
                score += weights[3]
        if suit == trump:
            score += weights[7]
        score += weights[9 + above[card].bit_count()]
        static.append(score)
        tricks.append(trick)
    return tuple(static), tuple(tricks), suit_of


def policy_weight(
    model: PolicyModel,
    view: PlayerView,
    hands: list[int],
    reading: tuple[list[BidEvent], list[PlayDecision]] | None = None,
    memo: dict[tuple[int, int], float] | None = None,
    power: float = 1.0,
    played: list[int] | None = None,
) -> float:
    """The product of the model's probabilities of every other active seat's bids and plays
    so far, with the hands this world gives it then, raised to ``power``.

    ``reading`` (:func:`~euchre.bots.inference.bid_events` and :func:`play_decisions` of the
    view), ``memo`` (probabilities by decision and hand) and ``played`` (each seat's cards
    played, :func:`~euchre.bots.inference.played_by_seat`) save work over many worlds.
    """
    if reading is None:
        reading = (bid_events(view), play_decisions(view))
    events, plays = reading
    weight = 1.0
    if played is None:
        played = played_by_seat(view)
    at_bid = bidding_hands(view, hands, played)
    for index, event in enumerate(events):
        if event.seat == view.seat or not view.active[event.seat]:
            continue
        hand = at_bid[event.seat]
        key = (index, hand)
        chance = None if memo is None else memo.get(key)
        if chance is None:
            chance = model.bid_chance(event, hand, view)
            if memo is not None:
                memo[key] = chance
        weight *= chance
    for index, decision in enumerate(plays):
        if decision.seat == view.seat:
            continue
        hand = hands[decision.seat] | decision.later
        key = (1000 + index, hand)
        chance = None if memo is None else memo.get(key)
        if chance is None:
            chance = model.play_chance(decision, hand, view.trump)
            if memo is not None:
                memo[key] = chance
        weight *= chance
        if weight == 0.0:
            return 0.0
    return weight**power if power != 1.0 else weight


@cache
def load_policy() -> PolicyModel | None:
    """The shipped model (``data/policy.json``), or ``None`` when the package has none."""
    try:
        text = resources.files("euchre.bots").joinpath("data/policy.json").read_text("utf-8")
    except FileNotFoundError:
        return None
    data = json.loads(text)
    return PolicyModel(
        play=tuple(tuple(float(w) for w in row) for row in data["play"]),
        bid=tuple(tuple(float(w) for w in row) for row in data["bid"]),
    )
