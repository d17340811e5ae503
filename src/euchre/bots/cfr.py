"""Bidding learned by regret minimisation (issue 25, item 2): the table and its trainer's core.

The game trained is the bidding of one deal: up to eight decisions in a chain (round 1: the
eldest, the dealer's partner, the seat at the dealer's right, the dealer, each ordering up or
passing; round 2: the same four, each naming a suit or passing), since any bid ends it. A bid's
value (the leaf) is the open-hand solver's value of the contract on the deal (the dealer having
picked up and discarded in round 1), corrected for the open-hand flattery of the makers by a
line fitted against hands *played* by the expert (see ``bench/bots_cfr_train.py``). An all-pass
is 0 (a redeal), or, where the dealer is stuck, the dealer's call.

**Information sets** (:func:`infoset_key`): the round, the seat's position after the dealer
(the bidding before it is then known: everybody before it passed), and the hand abstracted
against the candidate trump: trump count, which bowers, off aces, voids (with two trumps or
more), and in round 1 for the three seats other than the dealer the up-card's class (a bower,
the ace or king, or lower); the dealer's hand is counted after picking up and discarding. In
round 2 the candidate suit is the seat's best suit by the book (``round_two_suit``: strength
plus the eldest's "next" bonus), and whether it is "next" is part of the key; the action is
pass or name that suit.

**Training** is chance-sampled CFR with regret matching+ (:func:`chain_cfr`): deals are sampled
once with their leaves (the expensive part, cached per deal), then every iteration sweeps
all of them with the current strategy; the policy is the linearly weighted average strategy.
Each seat is its own player whose utility is its side's points (a team game treated as
four players: no equilibrium guarantee, the usual practice).

**At run time** (:func:`cfr_bid`): the table's probability of bidding in the seat's set,
taken as a pure choice (bid at 0.5 or more); ``None`` (the caller bids by the book) where the
table has no entry for the profile, the set was seen fewer than ``min_visits`` times, the
seat may not pass (a stuck dealer), the plain bid is not legal, or the score presses (the book's
pressure is not in the table). Going alone stays the expert's sampled decision after the bid,
and the dealer's discard stays the expert's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from euchre.bots.rules import OFF_ACE, dealer_hand, hand_shape, strongest_call
from euchre.bots.shipped import profile_entry
from euchre.engine import actions as codes
from euchre.engine.actions import Action
from euchre.engine.cards import POWER
from euchre.engine.state import Phase

__all__ = [
    "CfrTable",
    "RegretMatcher",
    "cfr_bid",
    "chain_cfr",
    "infoset_key",
    "load_cfr",
    "round_two_suit",
    "up_class",
]

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]


def up_class(up_card: int) -> int:
    """The up-card's class as trump: 0 a bower (the jack), 1 the ace or king, 2 lower."""
    power = POWER[up_card // 6][up_card]
    if power >= 106:
        return 0
    if power >= 104:
        return 1
    return 2


def infoset_key(round_one: bool, position: int, hand: int, trump: int, extra: int) -> str:
    """The information set of a seat at ``position`` (seats after the dealer, 0 the dealer)
    holding ``hand`` (a mask, as it will be played) with ``trump`` the candidate trump.

    ``extra``: in round 1 the up-card's class (:func:`up_class`, ignored for the dealer, whose
    hand already holds it), in round 2 1 when ``trump`` is "next" (the turned suit's colour
    mate) and 0 otherwise.
    """
    shape = hand_shape(hand, trump)
    bowers = (0 in shape.roles) * 2 + (1 in shape.roles)
    aces = min(2, shape.roles.count(OFF_ACE))
    voids = min(2, shape.voids) if shape.trumps >= 2 else 0
    if round_one and position == 0:
        extra = 0
    return (
        f"{'r1' if round_one else 'r2'}p{position}t{shape.trumps}b{bowers}a{aces}v{voids}x{extra}"
    )


def round_two_suit(hand: int, turned: int, position: int, next_bonus: float) -> int:
    """The suit the book would name in round 2 (the strongest, "next" from the eldest given
    ``next_bonus``): the candidate suit of the round-2 information set."""
    return strongest_call(hand, turned, eldest=position == 1, next_bonus=next_bonus)[0]


class RegretMatcher:
    """Regret matching+ over ``sets`` information sets with two actions each (pass, bid), or
    any number: cumulative regrets clipped at zero, the strategy in proportion to them
    (uniform when all are zero), and the linearly weighted average strategy."""

    def __init__(self, sets: int, actions: int = 2) -> None:
        self.regrets = np.zeros((sets, actions))
        self.average_sum = np.zeros((sets, actions))
        self.iteration = 0

    def strategy(self) -> FloatArray:
        """The current strategy, one row a set."""
        return _shares(self.regrets)

    def update(self, regrets: FloatArray, own_reach: FloatArray, strategy: FloatArray) -> None:
        """Add one iteration's counterfactual regrets (a row a set) and the strategy it used,
        weighted by the player's own reach of each set and by the iteration number."""
        self.iteration += 1
        self.regrets = np.maximum(self.regrets + regrets, 0.0)
        self.average_sum += self.iteration * own_reach[:, None] * strategy

    def average(self) -> FloatArray:
        """The average strategy (uniform where a set was never reached)."""
        return _shares(self.average_sum)


def _shares(rows: FloatArray) -> FloatArray:
    """Each row in proportion to its entries (uniform where a row sums to 0)."""
    total = rows.sum(axis=1, keepdims=True)
    uniform = np.full_like(rows, 1.0 / rows.shape[1])
    return np.where(total > 0, rows / np.where(total > 0, total, 1.0), uniform)


def chain_cfr(
    keys: IntArray, leaves: FloatArray, forced: IntArray, sets: int, iterations: int
) -> tuple[FloatArray, FloatArray]:
    """Chance-sampled CFR+ on bidding chains.

    ``keys[d, k]``: deal ``d``'s information set at decision ``k`` (0-7, seat ``(dealer + 1 +
    k) % 4``); ``leaves[d, k]``: the points of the side of the seat deciding at ``k`` if it bids
    there; ``forced[d, k]``: 1 where that seat must bid (a stuck dealer). After the last pass
    the hand is redealt (0 points). Returns the average probability of bidding per set and
    each set's reach (the expected number of times it is met, summed over the deals).
    """
    deals, steps = keys.shape
    sides = np.array([1.0 if k % 2 == 0 else -1.0 for k in range(steps)])  # eldest's side +
    utility = leaves * sides  # the eldest's side's points after a bid at k
    matcher = RegretMatcher(sets)
    reach_total: FloatArray = np.zeros(sets)
    for _ in range(iterations):
        strategy = matcher.strategy()
        bid = np.where(forced > 0, 1.0, strategy[keys, 1])
        after = np.zeros(deals)  # the value after passing at the last step
        values = np.zeros((deals, steps))
        continuation = np.zeros((deals, steps))
        for k in range(steps - 1, -1, -1):
            continuation[:, k] = after
            after = bid[:, k] * utility[:, k] + (1.0 - bid[:, k]) * after
            values[:, k] = after
        passes = 1.0 - bid
        reach = np.ones((deals, steps))
        for k in range(1, steps):
            reach[:, k] = reach[:, k - 1] * passes[:, k - 1]
        own = np.ones((deals, steps))
        others = reach.copy()
        for k in range(4, steps):
            own[:, k] = passes[:, k - 4]
            # The other players' reach: everybody's passes but this seat's own in round 1.
            others[:, k] = np.prod(np.delete(passes[:, :k], k - 4, axis=1), axis=1)
        weight = others * sides  # counterfactual reach, in the deciding seat's side's points
        regret_bid = weight * (utility - values)
        regret_pass = weight * (continuation - values)
        regret_bid = np.where(forced > 0, 0.0, regret_bid)
        regret_pass = np.where(forced > 0, 0.0, regret_pass)
        flat = keys.ravel()
        regrets = np.zeros((sets, 2))
        regrets[:, 0] = np.bincount(flat, regret_pass.ravel(), minlength=sets)
        regrets[:, 1] = np.bincount(flat, regret_bid.ravel(), minlength=sets)
        chosen = (own * (forced == 0)).ravel()
        own_reach = np.bincount(flat, chosen, minlength=sets).astype(np.float64)
        matcher.update(regrets, own_reach, strategy)
        reach_total = np.bincount(flat, reach.ravel(), minlength=sets).astype(np.float64)
    return matcher.average()[:, 1], reach_total


@dataclass(frozen=True, slots=True)
class CfrTable:
    """The trained bidding: per information set the probability of bidding and the number of
    training deals that met it; ``next_bonus`` picks the round-2 candidate suit as trained."""

    sets: dict[str, tuple[float, int]]
    next_bonus: float
    min_visits: int

    def bid_probability(self, key: str) -> float | None:
        """The probability of bidding in ``key``, ``None`` if unseen or seen too rarely."""
        entry = self.sets.get(key)
        if entry is None or entry[1] < self.min_visits:
            return None
        return entry[0]


@cache
def load_cfr(profile_id: str) -> CfrTable | None:
    """The trained table for a profile (``data/cfr_bidding.json``, package data), or ``None``
    when the file has none for it."""
    entry = profile_entry("cfr_bidding.json", profile_id)
    if entry is None:
        return None
    sets = {key: (float(value[0]), int(value[1])) for key, value in entry["sets"].items()}
    return CfrTable(sets, float(entry["next_bonus"]), int(entry["min_visits"]))


def cfr_bid(
    phase: Phase,
    legal: tuple[Action, ...],
    seat: int,
    dealer: int,
    hand: int,
    up_card: int,
    table: CfrTable,
) -> Action | None:
    """Pass, order up or name a suit by the table; ``None`` where the table has no say (see
    the module docstring). ``hand`` is the seat's hand as dealt (a mask); the dealer's round-1
    hand is counted after picking up the up-card and discarding as the rules policy would."""
    by_code = {int(action): action for action in legal}
    if codes.PASS not in by_code:
        return None
    position = (seat - dealer) % 4
    if phase is Phase.BID_ROUND_1:
        if codes.ORDER not in by_code:
            return None
        trump = up_card // 6
        if position == 0:
            hand = dealer_hand(hand, up_card)
        key = infoset_key(True, position, hand, trump, up_class(up_card))
        bid_code = codes.ORDER
    elif phase is Phase.BID_ROUND_2:
        turned = up_card // 6
        suit = round_two_suit(hand, turned, position, table.next_bonus)
        bid_code = codes.CALL_BASE + suit
        if bid_code not in by_code:
            return None
        key = infoset_key(False, position, hand, suit, int(suit == 3 - turned))
    else:
        return None
    probability = table.bid_probability(key)
    if probability is None:
        return None
    return by_code[bid_code] if probability >= 0.5 else by_code[codes.PASS]
