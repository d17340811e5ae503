"""The expert: PIMC that reads the bidding, bids by the book, and spends worlds where close.

Built on :class:`~euchre.bots.pimc.PimcBot` (sampled worlds, each solved open-handed), with:

* **bidding inference** (:mod:`euchre.bots.inference`): worlds are resampled in proportion to
  how likely each other seat's bids and passes were with the hand the world gives it, and
  **reading the play**: a world in which a seat played a card while holding a cheaper one
  that did the job weighs ``clue_weight`` times less per such card;
* **inference learned from play** (:mod:`euchre.bots.policy`, off by default:
  ``policy_inference``): worlds also weighted by how likely every other seat's bids and plays
  were with the world's hands under a policy model fitted on the expert's self-play;
* **learned bidding** (:mod:`euchre.bots.bidding`, off by default: ``learned_bidding``): make
  trump or pass, and which suit, by the points a bid brings over a pass as learned offline
  from played-out deals, where the data file has a model for the profile;
* **bidding learned by regret minimisation** (:mod:`euchre.bots.cfr`, off by default:
  ``cfr_bidding``): make trump or pass by a table trained by CFR over suit-normalised
  information sets, where the table has a say;
* **the bid correction** (:class:`~euchre.bots.bidding.BidCorrection`, on by default:
  ``bid_correction``): near the book's bar, make-or-pass is overturned where a fit on hands
  played out by PIMC at every seat predicts the other choice better by more than a margin
  (the fit, its band and its margin per profile in ``data/bid_correction.json``; a profile
  with the same bidding rules and score table may use another's);
* otherwise **bidding** by the rules policy with the textbook's corrections (``EXPERT_RULES``: the
  dealer's bonus for the card he keeps, "next" from the eldest, the up-card counted in the
  dealer's lone-hand trumps) and the seat allowances found by playing hands out, alone
  decided by value over inferred worlds on every bid, never alone when a plain march wins
  the game (score-aware at 8–9 in games to 10 or 11);
* **drawing trump**: open-hand worlds make drawing trump look worthless (each world's
  defenders "know" where every trump is: strategy fusion), so a lead of trump by the makers'
  side gets a bonus while defenders may still hold trump and this seat holds the boss trump
  or its partner made trump;
* **cheap discards**: among discards whose values tie (within ``discard_tolerance``), the
  cheapest card goes, never an ace before a lower card;
* **card play beyond PIMC** (:mod:`euchre.bots.epimc`, off by default: ``postpone``): in the
  first tricks each card's value loses what PIMC's per-world guessing of this seat's next
  card added (strategy fusion), that card chosen once for the worlds it cannot tell apart;
* **bidding by value near the bar** (off by default, ``bid_band`` > 0 turns it on): the bid
  and a pass valued by playing inferred worlds out with the rules bot's card play;
* **adaptive budget**: more worlds (up to ``max_worlds``) while the two best plays are within
  ``close_margin`` points of each other (bounded by counts; ``budget_ms`` is an optional clock
  guard, off by default, so the same seed plays the same way whatever the machine's load).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from euchre.bots.bidding import (
    BidCorrection,
    corrected_code,
    learned_bid,
    load_bidding,
    load_correction,
)
from euchre.bots.cfr import cfr_bid, load_cfr
from euchre.bots.epimc import postponed_values
from euchre.bots.inference import BiddingModel, bid_events, inferred_worlds, played_by_seat
from euchre.bots.knowledge import knowledge_of
from euchre.bots.pimc import (
    Evaluation,
    PimcBot,
    PlayTotals,
    contract_of,
    contract_score_table,
    discard_candidates,
    first_leader,
    legal_action,
    opening_position,
    rebuild_world,
)
from euchre.bots.playout import play_out
from euchre.bots.policy import PolicyModel, load_policy, play_decisions, policy_weight
from euchre.bots.rules import RulesBot, RulesParameters, choose_discard, dealer_hand
from euchre.bots.solver import IntArray, solve_value
from euchre.engine import actions as codes
from euchre.engine.actions import Action
from euchre.engine.cards import POWER, SUIT_MASK, card_mask
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

__all__ = ["EXPERT_RULES", "ExpertBot", "game_score_table"]

EXPERT_RULES = RulesParameters(
    call_threshold=6.5,
    dealer_bonus=1.0,
    next_bonus=1.5,
    dealer_counts_up_card=True,
    partner_bonus=1.0,
    eldest_bonus=-0.5,
    call_bonus=(0.0, 0.5, 1.0, 0.5),
)
"""The expert's bidding thresholds: the rules policy with the textbook's corrections, the
dealer's partner (round 1) and every seat before the dealer (round 2) bolder and the eldest
(round 1) more timid, as hands played out by PIMC at every seat showed
(``bench/bots_decision_labels.py``, bench/notes/bots-strength.md)."""


def game_score_table(table: IntArray, view: PlayerView, maker_team: int) -> IntArray:
    """``table`` with points past the game's end cut off, in a game to a target score.

    At 9 in a game to 10 a march (2) is worth no more than a point made (1): both win the
    game; the defenders at 8 gain no more from a four-point euchre than from two. Elsewhere
    (fixed-length games, no scores) the table is unchanged.
    """
    target = view.profile.game_target
    if not target:
        return table
    makers_need = max(1, target - view.scores[maker_team])
    defenders_need = max(1, target - view.scores[1 - maker_team])
    return np.minimum(np.maximum(table, -defenders_need), makers_need)


@dataclass(eq=False, kw_only=True)
class ExpertBot(PimcBot):
    """PIMC with bidding inference, corrected bidding, trump-drawing and adaptive worlds."""

    worlds: int = 96
    discard_worlds: int = 64
    alone_worlds: int = 96
    alone_margin: float = 0.0
    rules_parameters: RulesParameters | None = EXPERT_RULES
    name: str = "expert"
    max_worlds: int = 256
    """Adaptive budget: the most worlds for a card to play while the best two are close."""
    close_margin: float = 0.15
    """Adaptive budget: the best two plays are close within this many points."""
    inference: bool = True
    """Resample worlds by how likely each seat's bids and passes were with its hand."""
    temperature: float = 0.8
    """The bidding inference's softness (higher: bids say less about a hand)."""
    clue_weight: float = 0.1
    """Reading the play: a world's weight is multiplied by this for each card played that it
    makes unlikely (a seat playing a card while holding a cheaper one that did the job; 1: the
    play is not read)."""
    policy_inference: bool = False
    """Inference learned from play (off by default; the variant ``expert-learned-inference``):
    worlds are also weighted by how likely every other seat's bids and plays were with the
    hands each world gives it, under the policy model fitted on the expert's self-play
    (:mod:`euchre.bots.policy`, ``data/policy.json``)."""
    policy_power: float = 1.0
    """The learned weight is raised to this power (below 1: trust the model less)."""
    lead_trump_bonus: float = 0.3
    """Points added to leading trump while drawing trump pays (see the module docstring)."""
    discard_tolerance: float = 0.05
    """Discards valued within this of the best count as tied: the cheapest card goes."""
    bid_band: float = 0.0
    """Bid by played-out value within this many strength points of the bar (0: off)."""
    bid_worlds: int = 24
    """Worlds played out for bidding by value."""
    bid_override_margin: float = 0.15
    """The points a played-out pass or bid must gain to override the rules policy."""
    learned_bidding: bool = False
    """Make trump or pass by the learned bidding model where the profile has one."""
    learned_margin: float = 0.0
    """The learned points over a pass a bid must reach."""
    cfr_bidding: bool = False
    """Make trump or pass by the table trained by regret minimisation (:mod:`euchre.bots.cfr`,
    ``data/cfr_bidding.json``) where it has a say; off by default (the variant ``expert-cfr``)."""
    bid_correction: bool = True
    """Near the book's bar, overturn its make-or-pass where the correction fitted on hands
    played out by PIMC says so (:class:`~euchre.bots.bidding.BidCorrection`,
    ``data/bid_correction.json``, where the profile has one); on since 2026-11-26 (the variant
    ``expert-uncorrected`` turns it off)."""
    correction: BidCorrection | None = None
    """A bid correction to use in place of the profile's shipped one (for measuring a refit
    against the correction it replaces; ``None``: the shipped one)."""
    alone_filter: bool = False
    """Value a lone hand only for hands with three trumps and at most one plain loser (off
    since 2026-11-23: played out, the lone hands it turned down paid, see
    bench/notes/bots-strength.md)."""
    postpone: bool = False
    """Card play beyond PIMC (:mod:`euchre.bots.epimc`, off by default; the variant
    ``expert-epimc``): where strategy fusion may decide, value the cards with this seat's next
    card chosen once across the worlds it cannot tell apart, not per world."""
    postpone_tricks: int = 3
    """Postpone only while fewer tricks than this are done (later guesses are few)."""
    postpone_worlds: int = 16
    """The first this many of the decision's distinct worlds are played on (with their
    multiplicities)."""
    postpone_group: int = 8
    """This seat's next card is chosen over this many worlds that agree with what it will
    have seen (the sample's own, then fresh ones)."""
    postpone_margin: float = math.inf
    """Postpone only when PIMC's best two cards are within this many points (by default
    always, as measured)."""
    postpone_makers_only: bool = False
    """Postpone only for a seat whose side made trump."""
    model: BiddingModel | None = field(init=False, repr=False)
    policy: PolicyModel | None = field(init=False, repr=False)
    _played_out: tuple[int, float, float, int] | None = field(init=False, repr=False)
    _learned_value: float | None = field(init=False, repr=False)
    _cfr_decided: bool = field(init=False, repr=False, default=False)
    _corrected_choice: bool = field(init=False, repr=False, default=False)
    _bidders: list[RulesBot] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.max_worlds = max(self.worlds, self.max_worlds)
        parameters = self._rules.parameters
        self.model = BiddingModel(parameters, self.temperature) if self.inference else None
        self.policy = load_policy() if self.policy_inference else None
        self._played_out = None
        self._learned_value = None
        self._bidders = [RulesBot(None, parameters) for _ in range(4)]

    def _score_table(self, view: PlayerView, *, alone: bool, defended_alone: bool) -> IntArray:
        """The contract's points, capped by the game score (see :func:`game_score_table`)."""
        table = contract_score_table(view.profile, alone=alone, defended_alone=defended_alone)
        maker = view.maker if view.maker >= 0 else view.seat
        return game_score_table(table, view, maker % 2)

    # ------------------------------------------------------------------ worlds
    def _worlds(self, view: PlayerView, count: int) -> list[tuple[list[int], int]]:
        knowledge = knowledge_of(view)
        weigh = self._policy_weigh(view)
        worlds = inferred_worlds(
            view,
            knowledge,
            self.model,
            count,
            self._rng,
            clue_weight=self.clue_weight,
            weigh=weigh,
        )
        if not worlds and (self.model is not None or self.clue_weight < 1.0 or weigh is not None):
            worlds = inferred_worlds(view, knowledge, None, count, self._rng)
        return worlds

    def _policy_weigh(self, view: PlayerView) -> Callable[[list[int]], float] | None:
        """The learned weighting of a world's hands for this view, or ``None`` when off or
        when no other seat has done anything to read yet."""
        policy = self.policy
        if policy is None:
            return None
        events = [event for event in bid_events(view) if event.seat != view.seat]
        plays = [decision for decision in play_decisions(view) if decision.seat != view.seat]
        if not events and not plays:
            return None
        reading = (events, plays)
        memo: dict[tuple[int, int], float] = {}
        power = self.policy_power
        played = played_by_seat(view)

        def weigh(hands: list[int]) -> float:
            return policy_weight(policy, view, hands, reading, memo, power, played)

        return weigh

    # ------------------------------------------------------------------ play
    def _evaluate_play(self, view: PlayerView) -> Evaluation:
        table = self._score_table(view, alone=view.alone, defended_alone=view.defender_alone >= 0)
        sums = PlayTotals(view, table)
        started = time.perf_counter()
        batch = self.worlds
        seen: list[tuple[list[int], int]] = []
        while True:
            for hands, times in self._worlds(view, batch):
                sums.add(hands, times)
                if self.postpone and len(seen) < self.postpone_worlds:
                    seen.append((hands, times))  # the worlds EPIMC plays on, below
            if sums.worlds == 0 or sums.worlds >= self.max_worlds or self.out_of_time(started):
                break
            ranked = sorted(sums.averages(), reverse=True)
            gap = ranked[0] - ranked[1] if len(ranked) > 1 else self.close_margin
            # A gap of exactly nothing means equivalent cards, not a close call: stop.
            if gap >= self.close_margin or gap < 1e-9:
                break
            batch = min(self.worlds, self.max_worlds - sums.worlds)
        values = sums.averages()
        if self.postpone and self._fusion_matters(view, values):
            # PIMC's averages less what its per-world guessing of this seat's next card added,
            # measured on the first worlds (the full averages keep the noise low).
            # Its own generator, seeded by the bot and the moment: the bot's draws stay as
            # they are, so it plays as the expert until a card differs.
            rng = random.Random(f"{self.seed}:{len(view.history)}")
            postponed = postponed_values(
                view,
                seen,
                table,
                sums.cards,
                rng,
                group=self.postpone_group,
            )
            values = [
                value - penalty
                for value, penalty in zip(values, postponed.penalties(), strict=True)
            ]
        bonus = self._trump_lead_bonus(view)
        if bonus:
            power = POWER[view.trump]
            values = [
                value + (bonus if power[card] >= 100 else 0.0)
                for value, card in zip(values, sums.cards, strict=True)
            ]
        return sums.evaluation(values)

    def _fusion_matters(self, view: PlayerView, values: list[float]) -> bool:
        """Postpone the open-hand search (:mod:`euchre.bots.epimc`) here: in the first
        ``postpone_tricks`` tricks, with the best two cards within ``postpone_margin`` (and
        on the makers' side only, with ``postpone_makers_only``)."""
        if len(view.completed_tricks) >= self.postpone_tricks or len(values) < 2:
            return False
        if self.postpone_makers_only and view.maker % 2 != view.seat % 2:
            return False
        ranked = sorted(values, reverse=True)
        return ranked[0] - ranked[1] < self.postpone_margin

    def _trump_lead_bonus(self, view: PlayerView) -> float:
        """The bonus for leading trump (see the module docstring), 0 when it does not apply."""
        if view.current_trick or view.maker < 0 or view.maker % 2 != view.seat % 2:
            return 0.0
        trump = view.trump
        trump_cards = SUIT_MASK[trump + 1][trump]
        hand = card_mask(view.hand)
        if not hand & trump_cards or not hand & ~trump_cards:
            return 0.0  # no trump to lead, or nothing but trump (no choice of suit)
        knowledge = knowledge_of(view)
        opponents = [seat for seat in range(4) if seat % 2 != view.seat % 2 and view.active[seat]]
        if not any(knowledge.allowed[seat] & trump_cards for seat in opponents):
            return 0.0  # the defenders hold no trump: nothing to draw
        power = POWER[trump]
        # Trumps still in play: those whose place is unknown and those another seat is
        # known to hold; not a turned-down bower, which lies in the kitty.
        out = knowledge.unseen
        for held in knowledge.known:
            out |= held
        out &= trump_cards
        my_best = max(power[card] for card in view.hand if power[card] >= 100)
        holds_boss = not any(power[card] > my_best for card in range(24) if out >> card & 1)
        partner_made = view.maker == (view.seat + 2) % 4
        if (view.maker == view.seat and holds_boss) or partner_made:
            return self.lead_trump_bonus
        return 0.0

    # ------------------------------------------------------------------ discard
    def _evaluate_discard(self, view: PlayerView) -> Evaluation:
        trump = view.trump
        power = POWER[trump]
        hand = card_mask(view.hand)
        candidates = discard_candidates(view)
        # Cheapest first: a plain card below an ace, then by rank.
        candidates.sort(key=lambda action: (action.card % 6 == 5, power[action.card]))
        if len(candidates) == 1:
            return Evaluation((candidates[0],), (0.0,), 0)
        maker_team = view.maker % 2
        sign = 1 if view.seat % 2 == maker_team else -1
        table = self._score_table(view, alone=view.alone, defended_alone=view.defender_alone >= 0)
        leader = first_leader(view.dealer, view.active)
        totals = [0.0] * len(candidates)
        solved = 0
        for hands, times in self._worlds(view, self.discard_worlds):
            for index, action in enumerate(candidates):
                world = list(hands)
                world[view.seat] = hand & ~(1 << action.card)
                position = opening_position(world, trump, view.active, leader, maker_team, table)
                totals[index] += sign * solve_value(position) * times
            solved += times
        if solved == 0:
            fallback = choose_discard(hand, trump)
            return Evaluation((Action.discard(fallback),), (0.0,), 0)
        values = [total / solved for total in totals]
        best = max(values)
        # Ties (within the tolerance) go to the cheapest card: report it as the best.
        pick = next(i for i, value in enumerate(values) if value >= best - self.discard_tolerance)
        values[pick] = best + 1e-9
        return Evaluation(tuple(candidates), tuple(values), solved)

    # ------------------------------------------------------------------ bidding
    def _decide_bid(self, view: PlayerView) -> Action:
        action = self._rules.choose(view)
        if view.phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            return action
        action = self._learned(view, action)
        action = self._cfr(view, action)
        action = self._corrected(view, action)
        action = self._close_call(view, action)
        bid = contract_of(view, action)
        if bid is None:
            return action
        trump, with_partner, alone = bid
        profile = view.profile
        if profile.game_target:
            needed = profile.game_target - view.scores[view.seat % 2]
            if needed <= profile.points_march:
                return legal_action(view, with_partner)  # a plain march wins the game
        if self.alone_filter and not self._worth_trying_alone(view, trump):
            return legal_action(view, with_partner)
        return self._alone_by_value(view, trump, with_partner, alone)

    def _learned(self, view: PlayerView, action: Action) -> Action:
        """Make or pass (and which suit) by the learned values where the model has a say;
        alone or not is decided afterwards, by sampling."""
        model = load_bidding(view.profile.id) if self.learned_bidding else None
        if model is None:
            return action
        learned = learned_bid(view, model, self._rules.pressure(view), self.learned_margin)
        if learned is None:
            return action
        if view.phase is Phase.BID_ROUND_1:
            self._learned_value = model.round_one(view)
        else:
            suits = [s for s in range(4) if codes.CALL_BASE + s in {int(a) for a in view.legal}]
            best = model.round_two(view, suits)
            self._learned_value = None if best is None else best[1]
        return learned

    def _cfr(self, view: PlayerView, action: Action) -> Action:
        """Make or pass by the regret-minimisation table where it has a say and the score does
        not press (the book's pressure is not in the table); alone is decided afterwards."""
        table = load_cfr(view.profile.id) if self.cfr_bidding else None
        if table is None or self._rules.pressure(view):
            return action
        hand = card_mask(view.hand)
        up = int(view.up_card)
        trained = cfr_bid(view.phase, view.legal, view.seat, view.dealer, hand, up, table)
        if trained is None:
            return action
        self._cfr_decided = True
        return trained

    def _corrected(self, view: PlayerView, action: Action) -> Action:
        """Near the book's bar, bid or pass as the correction fitted on played-out hands says
        where it overturns the book (with partner; alone is decided afterwards)."""
        if not self.bid_correction:
            return action
        correction = self.correction
        if correction is None:
            correction = load_correction(view.profile.id)
        if correction is None:
            return action
        code = corrected_code(view, action, self._rules, correction)
        if code is None:
            return action
        self._corrected_choice = True
        return legal_action(view, code)

    def _close_call(self, view: PlayerView, action: Action) -> Action:
        """Near the rules policy's bar, bid or pass by value: over inferred worlds, finish the
        bidding by the policy and play each hand out with the rules bot's card play (every seat
        seeing only its cards), for the bid and for a pass; take the better average."""
        if self.bid_band <= 0 or codes.PASS not in {int(legal) for legal in view.legal}:
            return action
        if any(hidden is None for _, hidden in view.history):
            return action  # a hidden go-under: the deal cannot be rebuilt
        book_bid = self._rules.book_bid(view)
        if book_bid is None:
            return action
        _, bid_code, over_bar = book_bid
        legal_codes = {int(legal) for legal in view.legal}
        if abs(over_bar) > self.bid_band or bid_code not in legal_codes:
            return action
        values = self.bid_rollout_values(view, [codes.PASS, bid_code])
        if not values:
            return action
        self._played_out = (bid_code, values[bid_code], values[codes.PASS], self.bid_worlds)
        margin = self.bid_override_margin
        if int(action) == codes.PASS and values[bid_code] > values[codes.PASS] + margin:
            return legal_action(view, bid_code)
        if int(action) != codes.PASS and values[codes.PASS] > values[bid_code] + margin:
            return legal_action(view, codes.PASS)
        return action  # the policy's choice stands (alone or not is decided below)

    def bid_rollout_values(self, view: PlayerView, candidates: list[int]) -> dict[int, float]:
        """This side's average points after each candidate bid, over the same inferred
        worlds, the hand finished by the rules policy (bidding and card play)."""
        knowledge = knowledge_of(view)
        totals = dict.fromkeys(candidates, 0.0)
        count = 0
        target = view.profile.game_target
        need_us = max(1, target - view.scores[view.seat % 2]) if target else 99
        need_them = max(1, target - view.scores[1 - view.seat % 2]) if target else 99
        for hands, times in self._worlds(view, self.bid_worlds):
            world = rebuild_world(view, hands, knowledge.unseen)
            for code in candidates:
                branch = world.clone()
                branch.apply(code)
                ours, theirs = play_out(branch, self._bidders, view.seat)
                # Points past the end of the game are worth nothing (score-aware at 8-9).
                totals[code] += (min(ours, need_us) - min(theirs, need_them)) * times
            count += times
        if not count:
            return {}
        return {code: total / count for code, total in totals.items()}

    def contract_value(self, view: PlayerView, trump: int, *, alone: bool) -> float:
        """Sampled open-hand points for this seat making ``trump`` now (alone or not), over
        worlds that agree with the bidding so far (a partner who passed is not dealt the
        cards that would have made him bid)."""
        seat = view.seat
        ordering = view.phase is Phase.BID_ROUND_1
        active = [True, True, True, True]
        if alone:
            active[(seat + 2) % 4] = False
        table = self._score_table(view, alone=alone, defended_alone=False)
        leader = first_leader(view.dealer, active)
        total, count = 0.0, 0
        for world, times in self._worlds(view, self.alone_worlds):
            hands = list(world)
            if ordering and active[view.dealer]:
                hands[view.dealer] = dealer_hand(hands[view.dealer], view.up_card)
            if not active[(seat + 2) % 4]:
                hands[(seat + 2) % 4] = 0
            position = opening_position(hands, trump, active, leader, seat % 2, table)
            total += solve_value(position) * times
            count += times
        return total / count if count else 0.0

    def _worth_trying_alone(self, view: PlayerView, trump: int) -> bool:
        """At least three trumps (the up-card counted for the dealer) and no more than one
        plain loser: otherwise a lone hand is not worth sampling."""
        hand = card_mask(view.hand)
        if view.phase is Phase.BID_ROUND_1 and view.seat == view.dealer:
            hand = dealer_hand(hand, view.up_card)
        trump_cards = SUIT_MASK[trump + 1][trump]
        if (hand & trump_cards).bit_count() < 3:
            return False
        losers = sum(1 for card in range(24) if hand >> card & 1 and not trump_cards >> card & 1)
        aces = sum(
            1
            for card in range(24)
            if hand >> card & 1 and not trump_cards >> card & 1 and card % 6 == 5
        )
        return losers - aces <= 1

    def _bid(self, view: PlayerView) -> Action:
        self._played_out = None
        self._learned_value = None
        self._cfr_decided = False
        self._corrected_choice = False
        return self._decide_bid(view)

    def _bid_reason(self, view: PlayerView, action: Action) -> str:
        played = self._played_out
        learned = self._learned_value
        if played is None and learned is not None:
            bid = "a bid" if view.phase is Phase.BID_ROUND_2 else "ordering up"
            return (
                f"{bid} is worth {learned:+.2f} points over a pass on similar hands "
                "(learned from simulated deals)"
            )
        if played is None and self._corrected_choice:
            verb = "passing" if int(action) == codes.PASS else "bidding"
            return f"on hands like this one, played out by PIMC at every seat, {verb} paid better"
        if played is None and self._cfr_decided:
            verb = "passes" if int(action) == codes.PASS else "bids"
            return f"the bidding trained by regret minimisation {verb} with this kind of hand"
        if played is None:
            return self._rules.reason(view, action)
        bid_code, bid_value, pass_value, worlds = played
        return (
            f"played out over {worlds} likely deals: {legal_action(view, bid_code)} "
            f"{bid_value:+.2f}, pass {pass_value:+.2f} points"
        )
