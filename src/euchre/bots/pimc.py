"""The strong player: perfect-information Monte Carlo (PIMC).

For a card to play (or a card to discard) the bot deals the cards it cannot see in many ways
consistent with its view (:mod:`euchre.bots.knowledge`: its hand, the up-card and whether it
was picked up, its own discard, every card played, every void shown), solves each world
open-handed with the compiled solver (:mod:`euchre.bots.solver`) and picks the action with the
best average points for its side. Bidding has three modes (see ``docs/bots.md``): by default
the rules bot's evaluation decides make or pass and sampling decides alone or not (measured at
least as strong as bidding by sampling, which the open-hand solver pushes to overbid);
``"rollout"`` and ``"sampled"`` value the bids by sampling. Defend alone, fold and go under
follow the rules bot.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from euchre.bots.advice import advise
from euchre.bots.base import SeededBot
from euchre.bots.knowledge import Knowledge, knowledge_of, sample_world
from euchre.bots.rules import RulesBot, RulesParameters, dealer_hand, hand_strength
from euchre.bots.solver import IntArray, OpenHandPosition, solve_moves, solve_value
from euchre.engine import actions as codes
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import DECK_MASK, POWER, SUIT_MASK, card_mask, iter_mask
from euchre.engine.profile import Contract, RuleProfile
from euchre.engine.state import HandState, HandStatus, Phase
from euchre.engine.view import PlayerView, view_of

__all__ = [
    "BASIC_RULES",
    "Evaluation",
    "PimcBot",
    "PlayTotals",
    "contract_of",
    "contract_score_table",
    "legal_action",
    "rebuild_world",
]

BASIC_RULES = RulesParameters(dealer_counts_up_card=False)
"""The rules parameters of the frozen ``pimc-basic`` (the dealer's lone-hand trump count
leaves out the up-card, as it did when ``pimc`` was measured)."""


def play_position(
    view: PlayerView, hands: list[int], score_table: IntArray, maker_tricks: int
) -> OpenHandPosition:
    """The open-hand position of one sampled world (``hands``) at ``view``'s turn to play."""
    return OpenHandPosition(
        hands=hands,
        trump=view.trump,
        active=view.active,
        to_act=view.seat,
        trick_cards=[int(card) for _, card in view.current_trick],
        trick_seats=[seat for seat, _ in view.current_trick],
        maker_team=view.maker % 2,
        maker_tricks=maker_tricks,
        tricks_done=len(view.completed_tricks),
        score_table=score_table,
    )


def opening_position(
    hands: list[int],
    trump: int,
    active: tuple[bool, bool, bool, bool] | list[bool],
    leader: int,
    maker_team: int,
    score_table: IntArray,
) -> OpenHandPosition:
    """The open-hand position of one sampled world before the first lead (valuing a bid)."""
    return OpenHandPosition(
        hands=hands,
        trump=trump,
        active=active,
        to_act=leader,
        trick_cards=[],
        trick_seats=[],
        maker_team=maker_team,
        maker_tricks=0,
        tricks_done=0,
        score_table=score_table,
    )


def contract_score_table(profile: RuleProfile, *, alone: bool, defended_alone: bool) -> IntArray:
    """The makers' signed points by their trick count 0..5: the profile's own score table row
    for this contract."""
    contract = Contract.PARTNERS
    if alone:
        contract = Contract.DEFENDED_ALONE if defended_alone else Contract.ALONE
    return np.array(profile.score_table[contract], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The sampled average of each candidate action, for this seat's side, and the worlds."""

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    worlds: int

    def best(self) -> Action:
        """The action with the highest average (the first on ties)."""
        index = max(range(len(self.actions)), key=lambda i: self.values[i])
        return self.actions[index]


class PlayTotals:
    """Each legal card's open-hand points for this seat's side, summed over sampled worlds."""

    def __init__(self, view: PlayerView, score_table: IntArray) -> None:
        self.view = view
        self.legal = list(view.legal)
        self.cards = [int(action.card) for action in self.legal]
        maker_team = view.maker % 2
        self.sign = 1 if view.seat % 2 == maker_team else -1
        self.score_table = score_table
        self.maker_tricks = sum(
            1 for _, _, winner in view.completed_tricks if winner % 2 == maker_team
        )
        self.totals = [0.0] * len(self.cards)
        self.worlds = 0

    def add(self, hands: list[int], times: int = 1) -> None:
        """Solve one world (``hands``, counted ``times``) and add each card's points."""
        position = play_position(self.view, hands, self.score_table, self.maker_tricks)
        for index, value in enumerate(solve_moves(position, self.cards)):
            self.totals[index] += self.sign * value * times
        self.worlds += times

    def averages(self) -> list[float]:
        """Each card's average over the worlds added (0 before any)."""
        return [total / max(1, self.worlds) for total in self.totals]

    def evaluation(self, values: list[float]) -> Evaluation:
        """The cards with their ``values``, weakest first: ties go to the cheaper card."""
        power = POWER[self.view.trump]
        order = sorted(range(len(self.cards)), key=lambda i: power[self.cards[i]])
        return Evaluation(
            actions=tuple(self.legal[i] for i in order),
            values=tuple(values[i] for i in order),
            worlds=self.worlds,
        )


@dataclass(eq=False, kw_only=True)
class PimcBot(SeededBot):
    """Sample worlds from the view, solve each open-handed, play the best average."""

    worlds: int = 24
    """Worlds sampled for a card to play."""
    discard_worlds: int = 16
    """Worlds sampled for the dealer's discard."""
    alone_worlds: int = 24
    """Worlds sampled for each bid valued by sampling."""
    budget_ms: float | None = None
    """An optional clock guard: stop sampling once a decision has taken about this many
    milliseconds (at least four worlds are solved). ``None`` (the default): decisions are
    bounded by the world counts alone, so the same seed plays the same way whatever the
    machine's load (the arena refuses a bot with a clock guard). Until 2026-11-26 ``pimc``
    stopped at 150 ms and the expert at 320 ms, so a busy machine played them weaker."""
    bidding: str = "rules"
    """``"rules"``, ``"rollout"`` or ``"sampled"`` (see the module docstring)."""
    bid_margin: float = 0.3
    """The sampled points a ``"sampled"`` bid must reach over passing."""
    belief_tries: int = 8
    """How often a world is redrawn to give a maker on the other side two trumps."""
    alone_margin: float = 0.0
    """What going alone must gain over playing with partner (open-hand play flatters it)."""
    rules_parameters: RulesParameters | None = None
    """The rules bot's thresholds, for its bidding and for the bids worth sampling."""
    name: str = "pimc"
    _rules: RulesBot = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.bidding not in ("rollout", "sampled", "rules"):
            raise ValueError(
                f"bidding must be 'rollout', 'sampled' or 'rules', got {self.bidding!r}"
            )
        if self.worlds < 1 or self.discard_worlds < 1 or self.alone_worlds < 1:
            raise ValueError(
                "world counts must be positive, got "
                f"{self.worlds}, {self.discard_worlds}, {self.alone_worlds}"
            )
        super().__post_init__()
        self._rules = RulesBot(self.seed, self.rules_parameters)

    def out_of_time(self, started: float, factor: float = 1.0) -> bool:
        """True when a clock guard is set and ``factor`` times it has passed since
        ``started`` (a :func:`time.perf_counter` reading); always False without a guard."""
        if self.budget_ms is None:
            return False
        return (time.perf_counter() - started) * 1000 > self.budget_ms * factor

    # ------------------------------------------------------------------ interface
    def choose(self, view: PlayerView) -> Action:
        """The action with the best sampled average (rules for bidding's make-or-pass)."""
        if len(view.legal) == 1:
            return view.legal[0]
        evaluation = self.evaluate(view)
        if evaluation is not None:
            return evaluation.best()
        return self._bid(view)

    def explain(self, view: PlayerView) -> str:
        """One line: what this bot would do and why, in a player's words (the play page's
        hint; :func:`euchre.bots.advice.advise`)."""
        if not view.legal:
            return "nothing to decide: it is not your turn"
        return advise(self, view).line()

    def advise(self, view: PlayerView) -> tuple[Action, str]:
        """The action this bot takes for ``view`` and a one-line reason (one decision)."""
        if len(view.legal) == 1:
            return view.legal[0], "the only legal action"
        evaluation = self.evaluate(view)
        if evaluation is None:
            action = self._bid(view)
            return action, self._bid_reason(view, action)
        best_action = evaluation.best()
        ranked = sorted(
            zip(evaluation.actions, evaluation.values, strict=True), key=lambda pair: -pair[1]
        )
        best_value = dict(ranked)[best_action]
        text = f"{best_value:+.2f} points avg over {evaluation.worlds} deals"
        others = [pair for pair in ranked if pair[0] != best_action]
        if others:
            text += f"; next {others[0][0]} {others[0][1]:+.2f}"
        return best_action, text

    def evaluate(self, view: PlayerView) -> Evaluation | None:
        """Sampled values of the candidate plays or discards; ``None`` for bidding decisions."""
        if view.phase is Phase.PLAY:
            return self._evaluate_play(view)
        if view.phase is Phase.DISCARD:
            return self._evaluate_discard(view)
        return None

    # ------------------------------------------------------------------ play
    def _evaluate_play(self, view: PlayerView) -> Evaluation:
        knowledge = knowledge_of(view)
        table = self._score_table(view, alone=view.alone, defended_alone=view.defender_alone >= 0)
        sums = PlayTotals(view, table)
        started = time.perf_counter()
        maker_needs = self._maker_trump_belief(view)
        for _ in range(self.worlds):
            hands = self._plausible_world(knowledge, maker_needs)
            if hands is None:
                continue
            sums.add(hands)
            if self.out_of_time(started) and sums.worlds >= 4:
                break
        return sums.evaluation(sums.averages())

    def _score_table(self, view: PlayerView, *, alone: bool, defended_alone: bool) -> IntArray:
        """The makers' signed points by trick count that the solver maximises."""
        return contract_score_table(view.profile, alone=alone, defended_alone=defended_alone)

    def _maker_trump_belief(self, view: PlayerView) -> tuple[int, int, int]:
        """(seat, trump mask, trumps already played by it): a maker other than this seat is
        believed to have held at least two trumps (a sound bidder does); seat -1 when no
        belief applies (this seat's side made trump, or the dealer was stuck)."""
        maker = view.maker
        if maker < 0 or maker % 2 == view.seat % 2:
            return (-1, 0, 0)
        round_two_passes = sum(
            1 for _, action in view.history if action is not None and int(action) == codes.PASS
        )
        if maker == view.dealer and round_two_passes >= 7:
            return (-1, 0, 0)  # a stuck dealer may hold anything
        trump_mask = SUIT_MASK[view.trump + 1][view.trump]
        played = 0
        for actor, action in view.history:
            if actor == maker and action is not None and action.kind is ActionKind.PLAY:
                played |= 1 << action.card
        return (maker, trump_mask, (played & trump_mask).bit_count())

    def _plausible_world(
        self, knowledge: Knowledge, belief: tuple[int, int, int]
    ) -> list[int] | None:
        """A sampled world, redrawn a few times to honour the belief about the maker."""
        maker, trump_mask, played_trumps = belief
        hands = sample_world(knowledge, self._rng)
        if maker < 0 or hands is None:
            return hands
        for _ in range(self.belief_tries):
            if (hands[maker] & trump_mask).bit_count() + played_trumps >= 2:
                return hands
            retry = sample_world(knowledge, self._rng)
            if retry is None:
                break
            hands = retry
        return hands

    # ------------------------------------------------------------------ discard
    def _evaluate_discard(self, view: PlayerView) -> Evaluation:
        trump = view.trump
        hand = card_mask(view.hand)
        candidates = discard_candidates(view)
        if len(candidates) == 1:
            return Evaluation((candidates[0],), (0.0,), 0)
        maker_team = view.maker % 2
        sign = 1 if view.seat % 2 == maker_team else -1
        table = self._score_table(view, alone=view.alone, defended_alone=view.defender_alone >= 0)
        unseen = DECK_MASK & ~hand
        others = [seat for seat in range(4) if seat != view.seat and view.active[seat]]
        totals = [0.0] * len(candidates)
        leader = first_leader(view.dealer, view.active)
        started = time.perf_counter()
        solved = 0
        for _ in range(self.discard_worlds):
            pool = list(iter_mask(unseen))
            self._rng.shuffle(pool)
            hands = [0, 0, 0, 0]
            for index, seat in enumerate(others):
                hands[seat] = card_mask(pool[index * 5 : index * 5 + 5])
            for index, action in enumerate(candidates):
                hands[view.seat] = hand & ~(1 << action.card)
                position = opening_position(
                    list(hands), trump, view.active, leader, maker_team, table
                )
                totals[index] += sign * solve_value(position)
            solved += 1
            if self.out_of_time(started, 2.0) and solved >= 4:
                break
        return Evaluation(
            actions=tuple(candidates),
            values=tuple(total / solved for total in totals),
            worlds=solved,
        )

    # ------------------------------------------------------------------ bidding
    def _bid(self, view: PlayerView) -> Action:
        action = self._rules.choose(view)
        if view.phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            return action
        if self.bidding == "rollout":
            values = self.rollout_bid_values(view)
            if values:
                pressure = self._rules.pressure(view) * 0.5
                best = max(
                    values,
                    key=lambda code: values[code] + (0.0 if code == codes.PASS else pressure),
                )
                return legal_action(view, best)
            return action
        if self.bidding == "sampled":
            return self._sampled_bid(view, action)
        # The rules decide to make trump; sampling decides whether to go alone.
        bid = contract_of(view, action)
        if bid is None:
            return action
        return self._alone_by_value(view, *bid)

    def _alone_by_value(
        self, view: PlayerView, trump: int, with_partner: int, alone: int
    ) -> Action:
        """Making ``trump``: alone (``alone``) if sampling values it above playing with
        partner (``with_partner``) by more than ``alone_margin``."""
        together = self.contract_value(view, trump, alone=False)
        by_myself = self.contract_value(view, trump, alone=True)
        chosen = alone if by_myself - self.alone_margin > together else with_partner
        return legal_action(view, chosen)

    def _bid_candidates(self, view: PlayerView) -> list[int]:
        """The bids worth sampling: pass (when legal), the up-card's suit or the two strongest
        suits if not hopeless, alone only near the lone threshold."""
        hand = card_mask(view.hand)
        legal_codes = {int(legal) for legal in view.legal}
        parameters = self._rules.parameters
        candidates = [codes.PASS] if codes.PASS in legal_codes else []
        stuck = not candidates
        options = _bid_options(view, hand)
        for trump, together, alone in options:
            holding = hand
            if view.seat == view.dealer and view.phase is Phase.BID_ROUND_1:
                holding = hand | (1 << view.up_card)
            strength = hand_strength(holding, trump)
            if strength < parameters.order_threshold - 2.5 and not stuck:
                continue
            if together in legal_codes:
                candidates.append(together)
            if alone in legal_codes and strength >= parameters.alone_threshold - 2.5:
                candidates.append(alone)
        return candidates

    def rollout_bid_values(self, view: PlayerView) -> dict[int, float]:
        """Average points for this side after each candidate bid, over sampled deals.

        Each deal is consistent with the view; after the bid the other seats (and this one,
        later) bid as the rules bot would, the dealer discards as it would, and the hand is
        solved open-handed. Passing is valued the same way, so the open-hand solver's
        flattery of the makers falls on both sides of the comparison. Empty when only one
        candidate is worth a look.
        """
        candidates = self._bid_candidates(view)
        if len(candidates) <= 1:
            return {}
        if any(action is None for _, action in view.history):
            return {}  # a hidden go-under: the deal cannot be rebuilt, fall back to the rules
        knowledge = knowledge_of(view)
        totals = dict.fromkeys(candidates, 0.0)
        started = time.perf_counter()
        solved = 0
        for _ in range(self.alone_worlds):
            hands = sample_world(knowledge, self._rng)
            if hands is None:
                continue
            world = rebuild_world(view, hands, knowledge.unseen)
            for code in candidates:
                branch = world.clone()
                branch.apply(code)
                totals[code] += self._finish_and_solve(branch, view.seat)
            solved += 1
            if self.out_of_time(started, 2.0) and solved >= 4:
                break
        if not solved:
            return {}
        return {code: total / solved for code, total in totals.items()}

    def _finish_and_solve(self, state: HandState, seat: int) -> float:
        """Finish the bidding by the rules bot, then solve; points for ``seat``'s side."""
        rules = self._rules
        while not state.is_over and state.phase is not Phase.PLAY:
            state.apply(rules.choose(view_of(state, state.to_act)))
        if state.is_over:
            if state.status is HandStatus.SCORED:
                points = state.result().team_points
                return float(points[seat % 2] - points[1 - seat % 2])
            return 0.0
        maker_team = state.maker % 2
        table = contract_score_table(
            state.profile, alone=state.alone, defended_alone=state.defender_alone >= 0
        )
        position = opening_position(
            list(state.hands), state.trump, state.active, state.to_act, maker_team, table
        )
        value = solve_value(position)
        return float(value if seat % 2 == maker_team else -value)

    def bid_values(self, view: PlayerView) -> dict[int, float]:
        """Sampled open-hand points of the bids worth a look (action code -> average).

        Clearly hopeless suits (far below the rules bot's threshold) are not sampled; a lone
        bid is sampled only for hands near the lone threshold.
        """
        hand = card_mask(view.hand)
        legal_codes = {int(legal) for legal in view.legal}
        parameters = self._rules.parameters
        options = _bid_options(view, hand)
        stuck = codes.PASS not in legal_codes
        values: dict[int, float] = {}
        for trump, together, alone in options:
            strength = hand_strength(
                hand | (1 << view.up_card)
                if view.seat == view.dealer and view.phase is Phase.BID_ROUND_1
                else hand,
                trump,
            )
            if strength < parameters.order_threshold - 3.0 and not stuck:
                continue
            if together in legal_codes:
                values[together] = self.contract_value(view, trump, alone=False)
            if alone in legal_codes and strength >= parameters.alone_threshold - 2.5:
                # Alone must beat playing with partner by a margin (open-hand play flatters it).
                values[alone] = self.contract_value(view, trump, alone=True) - self.alone_margin
        return values

    def _sampled_bid(self, view: PlayerView, rules_action: Action) -> Action:
        values = self.bid_values(view)
        legal_codes = {int(legal) for legal in view.legal}
        if not values:
            return rules_action if codes.PASS not in legal_codes else legal_action(view, codes.PASS)
        best_code = max(values, key=lambda code: values[code])
        margin = self.bid_margin
        # Near the end of a game the rules bot's pressure also lowers the bar for bidding.
        margin -= self._rules.pressure(view) * 0.5
        if codes.PASS in legal_codes and values[best_code] < margin:
            return legal_action(view, codes.PASS)
        return legal_action(view, best_code)

    def _bid_reason(self, view: PlayerView, action: Action) -> str:
        if int(action) == codes.PASS:
            return "hand too weak to make trump here"
        if action.alone:
            return "strong enough to play without partner"
        return "hand strong enough to make trump"

    def contract_value(self, view: PlayerView, trump: int, *, alone: bool) -> float:
        """Sampled open-hand points for this seat making ``trump`` now (alone or not)."""
        seat = view.seat
        hand = card_mask(view.hand)
        up = 1 << view.up_card
        ordering = view.phase is Phase.BID_ROUND_1
        unseen = DECK_MASK & ~hand & ~up
        active = [True, True, True, True]
        if alone:
            active[(seat + 2) % 4] = False
        table = self._score_table(view, alone=alone, defended_alone=False)
        others = [other for other in range(4) if other != seat]
        leader = first_leader(view.dealer, active)
        total = 0.0
        for _ in range(self.alone_worlds):
            pool = list(iter_mask(unseen))
            self._rng.shuffle(pool)
            hands = [0, 0, 0, 0]
            hands[seat] = hand
            for index, other in enumerate(others):
                hands[other] = card_mask(pool[index * 5 : index * 5 + 5])
            if ordering and active[view.dealer]:
                hands[view.dealer] = dealer_hand(hands[view.dealer], view.up_card)
            total += solve_value(opening_position(hands, trump, active, leader, seat % 2, table))
        return total / self.alone_worlds


def _bid_options(view: PlayerView, hand: int) -> list[tuple[int, int, int]]:
    """The bids worth a look as (trump, with-partner code, alone code): the up-card's suit in
    round 1, else the two strongest other suits."""
    if view.phase is Phase.BID_ROUND_1:
        return [(view.up_card // 6, codes.ORDER, codes.ORDER_ALONE)]
    turned = view.up_card // 6
    suits = sorted(
        (suit for suit in range(4) if suit != turned),
        key=lambda suit: -hand_strength(hand, suit),
    )
    return [(suit, codes.CALL_BASE + suit, codes.CALL_ALONE_BASE + suit) for suit in suits[:2]]


def rebuild_world(view: PlayerView, hands: list[int], unseen: int) -> HandState:
    """A full deal from a sampled world (the kitty takes the unseen cards left over) with the
    view's public bidding replayed."""
    leftover = unseen
    for hand in hands:
        leftover &= ~hand
    kitty = [int(card) for card in iter_mask(leftover & ~(1 << view.up_card))][:3]
    state = HandState(view.profile, view.dealer, list(hands), int(view.up_card), kitty)
    for _, action in view.history:
        if action is not None:
            state.apply(action)
    return state


def legal_action(view: PlayerView, code: int) -> Action:
    """The legal action of ``view`` whose code is ``code``."""
    return next(legal for legal in view.legal if int(legal) == code)


def contract_of(view: PlayerView, action: Action) -> tuple[int, int, int] | None:
    """For a bid that makes trump, (trump, the with-partner code, the alone code) when both
    are legal, so that alone or not is still to decide; None for a pass or no such choice."""
    code = int(action)
    if code == codes.PASS:
        return None
    if code in (codes.ORDER, codes.ORDER_ALONE):
        trump, with_partner, alone = view.up_card // 6, codes.ORDER, codes.ORDER_ALONE
    else:
        trump = int(action.suit)
        with_partner, alone = codes.CALL_BASE + trump, codes.CALL_ALONE_BASE + trump
    legal_codes = {int(legal) for legal in view.legal}
    if with_partner not in legal_codes or alone not in legal_codes:
        return None
    return trump, with_partner, alone


def discard_candidates(view: PlayerView) -> list[Action]:
    """The discards worth valuing: the legal ones that are not trump (all, if only trump)."""
    trump_cards = SUIT_MASK[view.trump + 1][view.trump]
    candidates = [action for action in view.legal if not (1 << action.card) & trump_cards]
    return candidates or list(view.legal)


def first_leader(dealer: int, active: Sequence[bool]) -> int:
    """The seat that leads the first trick: left of the dealer, skipping a seat sitting out."""
    leader = (dealer + 1) % 4
    while not active[leader]:
        leader = (leader + 1) % 4
    return leader
