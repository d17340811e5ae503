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
from collections.abc import Callable
from dataclasses import dataclass, field

from euchre.bots.knowledge import Knowledge, sample_world
from euchre.bots.rules import (
    TRUMP_VALUES,
    RulesParameters,
    dealer_hand,
    hand_strength,
)
from euchre.engine import actions as codes
from euchre.engine.actions import ActionKind
from euchre.engine.cards import EFFECTIVE_SUIT, POWER, SUIT_MASK, trick_power
from euchre.engine.view import PlayerView

__all__ = [
    "BidEvent",
    "BiddingModel",
    "PlayClue",
    "bid_events",
    "bidding_hands",
    "inferred_worlds",
    "play_clues",
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
            hand = dealer_hand(hand, up)
            return hand_strength(hand, trump) + self.parameters.dealer_bonus
        up_value = 0.5 * TRUMP_VALUES[107 - POWER[trump][up]]
        if seat == (view.dealer + 2) % 4:
            return hand_strength(hand, trump) + up_value + self.parameters.partner_bonus
        strength = hand_strength(hand, trump) - up_value + self.parameters.opponent_bonus
        if seat == (view.dealer + 1) % 4:
            strength += self.parameters.eldest_bonus
        return strength

    def round_two_strength(self, view: PlayerView, seat: int, hand: int, suit: int) -> float:
        """The rules policy's round-2 strength of ``hand`` for naming ``suit``."""
        strength = hand_strength(hand, suit) + self.parameters.call_bonus[(seat - view.dealer) % 4]
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


@dataclass(frozen=True, slots=True)
class PlayClue:
    """What one card played says about the hand it came from: ``seat`` was unlikely to hold
    any card of ``unlikely`` when it played ``card`` (it would have played that one instead)."""

    seat: int
    card: int
    unlikely: int


def play_clues(view: PlayerView) -> list[PlayClue]:
    """Reading the play: the holdings each other seat's cards make unlikely.

    Players (people, the rules bot, PIMC with its ties to the cheaper card) play the cheapest
    card that does the job, so a card played says which cards the seat did not hold then:

    * a card that follows suit and does not take the trick: no lower card of that suit (and,
      for the last to play with the opponents winning, no card of the suit that would win);
    * the last to play, taking the trick: no cheaper card that would take it too;
    * the last to play, partner winning: no lower card of the suit led, and a seat void in it
      that trumps its partner's trick holds nothing else to throw;
    * the last to play, opponents winning, throwing off: no trump that would win.

    A card a seat held then and still holds is in its hand now, so each clue is a mask to test
    the sampled hands of now against. This seat's own cards are not read.
    """
    trump = view.trump
    if trump < 0:
        return []
    suit_of = EFFECTIVE_SUIT[trump + 1]
    masks = SUIT_MASK[trump + 1]
    power = POWER[trump]
    trump_cards = masks[trump]
    playing = sum(view.active)
    tricks = [
        tuple(zip(_seats(leader, view.active), cards, strict=False))
        for leader, cards, _ in view.completed_tricks
    ]
    if view.current_trick:
        tricks.append(tuple(view.current_trick))
    clues: list[PlayClue] = []
    for plays in tricks:
        led = suit_of[plays[0][1]]
        led_cards = masks[led]
        best_seat, best = plays[0][0], trick_power(plays[0][1], trump, led)
        for index in range(1, len(plays)):
            seat, card = plays[index]
            mine = trick_power(card, trump, led)
            if seat != view.seat:
                last = index == playing - 1
                partner_winning = best_seat == (seat + 2) % 4
                unlikely = _unlikely(
                    card,
                    mine,
                    best,
                    led,
                    led_cards,
                    trump,
                    trump_cards,
                    power,
                    suit_of,
                    last=last,
                    partner_winning=partner_winning,
                )
                if unlikely:
                    clues.append(PlayClue(seat, card, unlikely))
            if mine > best:
                best_seat, best = seat, mine
    return clues


def _seats(leader: int, active: tuple[bool, bool, bool, bool]) -> list[int]:
    """The seats in playing order from ``leader``, those sitting out skipped."""
    return [seat for step in range(4) if active[seat := (leader + step) % 4]]


def _unlikely(
    card: int,
    mine: int,
    best: int,
    led: int,
    led_cards: int,
    trump: int,
    trump_cards: int,
    power: tuple[int, ...],
    suit_of: tuple[int, ...],
    *,
    last: bool,
    partner_winning: bool,
) -> int:
    """The cards the seat playing ``card`` was unlikely to hold (see :func:`play_clues`)."""

    def cards_of(mask: int, keep: Callable[[int], bool]) -> int:
        return sum(1 << other for other in range(24) if mask >> other & 1 and keep(other))

    if suit_of[card] == led:
        lower = cards_of(led_cards, lambda other: power[other] < power[card])
        if last and partner_winning:
            return lower
        if mine <= best:  # a card that follows and loses: the lowest of the suit
            if last:  # ... and the last to play with the opponents winning would have won
                lower |= cards_of(led_cards, lambda other: trick_power(other, trump, led) > best)
            return lower
        if last:  # took the trick: the cheapest card that takes it
            return cards_of(led_cards, lambda other: best < trick_power(other, trump, led) < mine)
        return 0
    if not last:
        return 0
    if suit_of[card] == trump:
        if partner_winning:  # trumped a partner's trick: nothing else to throw
            return ~trump_cards & ~led_cards & ((1 << 24) - 1)
        return cards_of(trump_cards, lambda other: best < power[other] < power[card])
    if partner_winning:
        return 0
    return cards_of(trump_cards, lambda other: power[other] > best)


def inferred_worlds(
    view: PlayerView,
    knowledge: Knowledge,
    model: BiddingModel | None,
    count: int,
    rng: random.Random,
    *,
    oversample: int = 3,
    clue_weight: float = 1.0,
    weigh: Callable[[list[int]], float] | None = None,
) -> list[tuple[list[int], int]]:
    """About ``count`` worlds agreeing with the view and, by ``model``, with the bidding.

    ``oversample * count`` candidates are drawn and ``count`` picked in proportion to their
    weight; each distinct world comes once with its multiplicity. With ``clue_weight`` below 1
    the play is read too (:func:`play_clues`): each clue a world breaks multiplies its weight by
    ``clue_weight``. Without a model or clues (or with nothing to read) the candidates are
    taken as drawn. ``weigh`` (a world's hands to a factor, e.g. the learned policy's
    :func:`~euchre.bots.policy.policy_weight`) multiplies each candidate's weight too. Empty
    only when no world fits the view.
    """
    events = bid_events(view) if model is not None else []
    events = [event for event in events if event.seat != view.seat]
    clues = play_clues(view) if clue_weight < 1.0 else []
    reading = bool(events) or bool(clues) or weigh is not None
    draws = oversample * count if reading else count
    candidates: list[list[int]] = []
    weights: list[float] = []
    played = played_by_seat(view)
    memo: dict[tuple[int, int], float] = {}
    for _ in range(draws):
        hands = sample_world(knowledge, rng)
        if hands is None:
            break
        candidates.append(hands)
        weight = 1.0
        if model is not None and events:
            weight = model.weight(view, events, hands, played, memo)
        for clue in clues:
            if hands[clue.seat] & clue.unlikely:
                weight *= clue_weight
        if weigh is not None and weight > 0.0:
            weight *= weigh(hands)
        weights.append(weight)
    if not candidates:
        return []
    if not reading:
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
