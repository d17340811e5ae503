"""Reading the bidding: how likely each seat's bids and passes were, given a hand.

A seat that passed in round 1 rarely holds the right bower and two more trumps; the maker
holds trumps; a lone caller holds a very strong hand. :class:`BiddingModel` puts a number on
that: the probability that a seat holding a given hand made the bid (or pass) it made, under
the rules bot's bidding policy (:mod:`euchre.bots.rules`), softened by a logistic curve so
that a seat bidding a little differently from our model is unlikely, not impossible.
:func:`inferred_worlds` draws sampled worlds (:func:`~euchre.bots.knowledge.sample_world`)
and resamples them in proportion to that likelihood, so the worlds a bot solves agree with
what every seat did. Only public actions are read: the view is all it sees.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from euchre.bots.knowledge import Knowledge, sample_world
from euchre.bots.rules import _TRUMP_VALUES, RulesParameters, choose_discard, hand_strength
from euchre.engine import actions as codes
from euchre.engine.actions import ActionKind
from euchre.engine.cards import POWER
from euchre.engine.view import PlayerView

__all__ = [
    "BidEvent",
    "BiddingModel",
    "bid_events",
    "bidding_hands",
    "inferred_worlds",
    "played_by_seat",
]


@dataclass(frozen=True, slots=True)
class BidEvent:
    """One public bid or pass: who, in which round (1 or 2), the action code, and whether the
    seat was forced (a stuck dealer, whose call says little)."""

    seat: int
    round: int
    code: int
    forced: bool


def bid_events(view: PlayerView) -> list[BidEvent]:
    """The bids and passes of the auction so far, in order (none when going under changed the
    hands before the bidding: the hands then cannot be read back)."""
    if view.profile.going_under:
        return []
    events: list[BidEvent] = []
    round_number, passes = 1, 0
    stick = view.profile.all_pass == "stick_the_dealer"
    for actor, action in view.history:
        if action is None:
            return events
        kind = action.kind
        if kind is ActionKind.PASS:
            events.append(BidEvent(actor, round_number, codes.PASS, False))
            passes += 1
            if passes == 4:
                if round_number == 2:
                    return events
                round_number, passes = 2, 0
            continue
        if kind in (ActionKind.ORDER, ActionKind.CALL):
            forced = round_number == 2 and stick and passes == 3 and actor == view.dealer
            events.append(BidEvent(actor, round_number, int(action), forced))
        return events
    return events


def played_by_seat(view: PlayerView) -> list[int]:
    """The cards each seat has played so far (masks)."""
    played = [0, 0, 0, 0]
    for actor, action in view.history:
        if action is not None and action.kind is ActionKind.PLAY:
            played[actor] |= 1 << action.card
    return played


def bidding_hands(view: PlayerView, hands: list[int], played: list[int] | None = None) -> list[int]:
    """Each seat's five cards as they were during the bidding, from a sampled world of the
    hands held now: the cards it has played since are put back (a dealer who picked up holds
    the up-card and not his discard, as the rules policy counts him)."""
    if played is None:
        played = played_by_seat(view)
    return [hands[seat] | played[seat] for seat in range(4)]


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


@dataclass(frozen=True, slots=True)
class BiddingModel:
    """The probability of a bid or pass given the bidder's hand, under the rules policy.

    ``temperature`` (in hand-strength points) softens the policy's thresholds: ``0`` is the
    policy exactly (a hand it would have ordered with cannot have passed), larger values trust
    the bids less. ``floor`` keeps every world possible (other players bid differently).
    """

    parameters: RulesParameters = field(default_factory=RulesParameters)
    temperature: float = 0.8
    floor: float = 0.03

    def _bid_probability(self, strength: float, threshold: float) -> float:
        if self.temperature <= 0:
            return 1.0 if strength >= threshold else 0.0
        return _sigmoid((strength - threshold) / self.temperature)

    def _pressure(self, view: PlayerView, seat: int) -> float:
        profile = view.profile
        us, them = view.scores[seat % 2], view.scores[1 - seat % 2]
        bonus = self.parameters.pressure_bonus
        if profile.game_target:
            return bonus if profile.game_target - them <= 2 else 0.0
        if profile.game_hands and 0 < view.hands_left <= 2:
            if us < them:
                return bonus
            if us > them + 2:
                return -bonus
        return 0.0

    def round_one_strength(self, view: PlayerView, seat: int, hand: int) -> float:
        """The rules policy's round-1 strength of ``hand`` for ``seat`` (up-card's suit)."""
        up = view.up_card
        trump = up // 6
        if seat == view.dealer:
            if not hand & (1 << up):
                with_up = hand | (1 << up)
                hand = with_up & ~(1 << choose_discard(with_up, trump))
            return hand_strength(hand, trump) + self.parameters.dealer_bonus
        up_value = 0.5 * _TRUMP_VALUES[107 - POWER[trump][up]]
        if seat == (view.dealer + 2) % 4:
            return hand_strength(hand, trump) + up_value + self.parameters.partner_bonus
        return hand_strength(hand, trump) - up_value + self.parameters.opponent_bonus

    def round_two_strength(self, view: PlayerView, seat: int, hand: int, suit: int) -> float:
        """The rules policy's round-2 strength of ``hand`` for naming ``suit``."""
        strength = hand_strength(hand, suit)
        turned = view.up_card // 6
        if seat == (view.dealer + 1) % 4 and suit == 3 - turned:
            strength += self.parameters.next_bonus
        return strength

    def likelihood(self, view: PlayerView, event: BidEvent, hand: int) -> float:
        """Probability that ``event.seat`` holding ``hand`` did what ``event`` says."""
        if event.forced:
            return 1.0
        pressure = self._pressure(view, event.seat)
        alone = event.code == codes.ORDER_ALONE or event.code >= codes.CALL_ALONE_BASE
        if event.round == 1:
            strength = self.round_one_strength(view, event.seat, hand)
            bid = self._bid_probability(strength, self.parameters.order_threshold - pressure)
        else:
            threshold = self.parameters.call_threshold - pressure
            turned = view.up_card // 6
            if event.code == codes.PASS:
                strength = max(
                    self.round_two_strength(view, event.seat, hand, suit)
                    for suit in range(4)
                    if suit != turned
                )
            else:
                base = codes.CALL_ALONE_BASE if alone else codes.CALL_BASE
                strength = self.round_two_strength(view, event.seat, hand, event.code - base)
            bid = self._bid_probability(strength, threshold)
        if event.code == codes.PASS:
            chance = 1.0 - bid
        elif alone and view.profile.going_alone:
            chance = bid * self._bid_probability(strength, self.parameters.alone_threshold)
        else:
            chance = bid
        return max(self.floor, chance)

    def weight(
        self,
        view: PlayerView,
        events: list[BidEvent],
        hands: list[int],
        played: list[int] | None = None,
        memo: dict[tuple[int, int], float] | None = None,
    ) -> float:
        """The product of the likelihoods of every other seat's events in this world.

        ``played`` (each seat's played cards) and ``memo`` (likelihoods by event index and
        hand) save work when many worlds of one view are weighed.
        """
        at_bid = bidding_hands(view, hands, played)
        weight = 1.0
        for index, event in enumerate(events):
            if event.seat == view.seat or not view.active[event.seat]:
                continue
            hand = at_bid[event.seat]
            if memo is None:
                weight *= self.likelihood(view, event, hand)
                continue
            key = (index, hand)
            chance = memo.get(key)
            if chance is None:
                chance = memo[key] = self.likelihood(view, event, hand)
            weight *= chance
        return weight


def inferred_worlds(
    view: PlayerView,
    knowledge: Knowledge,
    model: BiddingModel | None,
    count: int,
    rng: random.Random,
    *,
    oversample: int = 3,
) -> list[tuple[list[int], int]]:
    """About ``count`` worlds agreeing with the view and, by ``model``, with the bidding.

    ``oversample * count`` candidates are drawn and ``count`` picked in proportion to their
    weight; each distinct world comes once with its multiplicity. Without a model (or with no
    bids to read) the candidates are taken as drawn. Empty only when no world fits the view.
    """
    events = bid_events(view) if model is not None else []
    events = [event for event in events if event.seat != view.seat]
    draws = oversample * count if events else count
    candidates: list[list[int]] = []
    weights: list[float] = []
    played = played_by_seat(view)
    memo: dict[tuple[int, int], float] = {}
    for _ in range(draws):
        hands = sample_world(knowledge, rng)
        if hands is None:
            break
        candidates.append(hands)
        if model is not None and events:
            weights.append(model.weight(view, events, hands, played, memo))
        else:
            weights.append(1.0)
    if not candidates:
        return []
    if not events:
        chosen = candidates
    elif sum(weights) <= 0:
        return []
    else:
        chosen = rng.choices(candidates, weights=weights, k=count)
    merged: dict[tuple[int, ...], int] = {}
    worlds: dict[tuple[int, ...], list[int]] = {}
    for hands in chosen:
        key = tuple(hands)
        merged[key] = merged.get(key, 0) + 1
        worlds[key] = hands
    return [(worlds[key], times) for key, times in merged.items()]
