"""The strong player: perfect-information Monte Carlo (PIMC).

For a card to play (or a card to discard) the bot deals the cards it cannot see in many ways
consistent with its view (:mod:`euchre.bots.knowledge`: its hand, the up-card and whether it
was picked up, its own discard, every card played, every void shown), solves each world
open-handed with the compiled solver (:mod:`euchre.bots.solver`) and picks the action with the
best average points for its side. Bidding keeps the rules bot's hand evaluation to decide
whether to make trump, and uses the same sampling to decide whether to go alone; the rare
profile options (defend alone, fold, go under) follow the rules bot.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np

from euchre.bots.knowledge import knowledge_of, sample_world
from euchre.bots.rules import RulesBot, choose_discard
from euchre.bots.solver import IntArray, OpenHandPosition, solve_moves, solve_value
from euchre.engine import actions as codes
from euchre.engine.actions import Action
from euchre.engine.cards import DECK_MASK, POWER, SUIT_MASK, card_mask, iter_mask
from euchre.engine.profile import RuleProfile
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

__all__ = ["Evaluation", "PimcBot", "contract_score_table"]


def contract_score_table(profile: RuleProfile, *, alone: bool, defended_alone: bool) -> IntArray:
    """The makers' signed points by their trick count 0..5 for this contract and profile."""
    if alone and defended_alone:
        points = profile.points_defend_alone
        return np.array([-points] * 3 + [points] * 3, dtype=np.int64)
    if alone:
        made, march, euchre = (
            profile.points_lone_made,
            profile.points_lone_march,
            profile.points_euchre_lone,
        )
    else:
        made, march, euchre = profile.points_made, profile.points_march, profile.points_euchre
    all_five = max(profile.points_euchre_all_five, euchre)
    return np.array([-all_five, -euchre, -euchre, made, made, march], dtype=np.int64)


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


class PimcBot:
    """Sample worlds from the view, solve each open-handed, play the best average."""

    name = "pimc"

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int = 24,
        discard_worlds: int = 16,
        alone_worlds: int = 24,
        budget_ms: float = 150.0,
    ) -> None:
        if worlds < 1 or discard_worlds < 1 or alone_worlds < 1:
            raise ValueError(
                f"world counts must be positive, got {worlds}, {discard_worlds}, {alone_worlds}"
            )
        self._rng = random.Random(seed)
        self._rules = RulesBot(seed)
        self.worlds = worlds
        self.discard_worlds = discard_worlds
        self.alone_worlds = alone_worlds
        self.budget_ms = budget_ms

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
        """One line: what this bot would do and why."""
        if not view.legal:
            return "nothing to decide: it is not your turn"
        if len(view.legal) == 1:
            return f"pimc: {view.legal[0]} (the only legal action)"
        evaluation = self.evaluate(view)
        if evaluation is None:
            action = self._bid(view)
            return f"pimc: {action} ({self._bid_reason(view, action)})"
        ranked = sorted(
            zip(evaluation.actions, evaluation.values, strict=True), key=lambda pair: -pair[1]
        )
        best_action, best_value = ranked[0]
        text = (
            f"pimc: {best_action} — worth {best_value:+.2f} points on average over "
            f"{evaluation.worlds} sampled deals"
        )
        if len(ranked) > 1:
            text += f" (next: {ranked[1][0]} {ranked[1][1]:+.2f})"
        return text

    def evaluate(self, view: PlayerView) -> Evaluation | None:
        """Sampled values of the candidate plays or discards; ``None`` for bidding decisions."""
        if view.phase is Phase.PLAY:
            return self._evaluate_play(view)
        if view.phase is Phase.DISCARD:
            return self._evaluate_discard(view)
        return None

    # ------------------------------------------------------------------ play
    def _evaluate_play(self, view: PlayerView) -> Evaluation:
        legal = list(view.legal)
        cards = [int(action.card) for action in legal]
        knowledge = knowledge_of(view)
        maker_team = view.maker % 2
        sign = 1 if view.seat % 2 == maker_team else -1
        table = contract_score_table(
            view.profile, alone=view.alone, defended_alone=view.defender_alone >= 0
        )
        maker_tricks = sum(1 for _, _, winner in view.completed_tricks if winner % 2 == maker_team)
        totals = [0.0] * len(cards)
        solved = 0
        started = time.perf_counter()
        for _ in range(self.worlds):
            hands = sample_world(knowledge, self._rng)
            if hands is None:
                continue
            position = OpenHandPosition(
                hands=hands,
                trump=view.trump,
                active=view.active,
                to_act=view.seat,
                trick_cards=[int(card) for _, card in view.current_trick],
                trick_seats=[seat for seat, _ in view.current_trick],
                maker_team=maker_team,
                maker_tricks=maker_tricks,
                tricks_done=len(view.completed_tricks),
                score_table=table,
            )
            for index, value in enumerate(solve_moves(position, cards)):
                totals[index] += sign * value
            solved += 1
            if (time.perf_counter() - started) * 1000 > self.budget_ms and solved >= 4:
                break
        power = POWER[view.trump]
        # Ties go to the cheaper card: order candidates weakest first before taking the best.
        order = sorted(range(len(cards)), key=lambda i: power[cards[i]])
        return Evaluation(
            actions=tuple(legal[i] for i in order),
            values=tuple(totals[i] / max(1, solved) for i in order),
            worlds=solved,
        )

    # ------------------------------------------------------------------ discard
    def _evaluate_discard(self, view: PlayerView) -> Evaluation:
        trump = view.trump
        hand = card_mask(view.hand)
        trump_cards = SUIT_MASK[trump + 1][trump]
        candidates = [action for action in view.legal if not (1 << action.card) & trump_cards]
        if not candidates:
            candidates = list(view.legal)
        if len(candidates) == 1:
            return Evaluation((candidates[0],), (0.0,), 0)
        maker_team = view.maker % 2
        sign = 1 if view.seat % 2 == maker_team else -1
        table = contract_score_table(
            view.profile, alone=view.alone, defended_alone=view.defender_alone >= 0
        )
        unseen = DECK_MASK & ~hand
        others = [seat for seat in range(4) if seat != view.seat and view.active[seat]]
        totals = [0.0] * len(candidates)
        leader = _first_leader(view)
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
                position = OpenHandPosition(
                    hands=list(hands),
                    trump=trump,
                    active=view.active,
                    to_act=leader,
                    trick_cards=[],
                    trick_seats=[],
                    maker_team=maker_team,
                    maker_tricks=0,
                    tricks_done=0,
                    score_table=table,
                )
                totals[index] += sign * solve_value(position)
            solved += 1
            if (time.perf_counter() - started) * 1000 > self.budget_ms * 2 and solved >= 4:
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
        code = int(action)
        if code == codes.PASS:
            return action
        # The rules decide to make trump; sampling decides whether to go alone.
        if code in (codes.ORDER, codes.ORDER_ALONE):
            trump, with_partner, alone = view.up_card // 6, codes.ORDER, codes.ORDER_ALONE
        else:
            suit = int(action.suit)
            trump = suit
            with_partner, alone = codes.CALL_BASE + suit, codes.CALL_ALONE_BASE + suit
        legal_codes = {int(legal) for legal in view.legal}
        if with_partner not in legal_codes or alone not in legal_codes:
            return action
        together = self.contract_value(view, trump, alone=False)
        by_myself = self.contract_value(view, trump, alone=True)
        chosen = alone if by_myself > together else with_partner
        return next(legal for legal in view.legal if int(legal) == chosen)

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
        table = contract_score_table(view.profile, alone=alone, defended_alone=False)
        others = [other for other in range(4) if other != seat]
        leader = (view.dealer + 1) % 4
        while not active[leader]:
            leader = (leader + 1) % 4
        total = 0.0
        for _ in range(self.alone_worlds):
            pool = list(iter_mask(unseen))
            self._rng.shuffle(pool)
            hands = [0, 0, 0, 0]
            hands[seat] = hand
            for index, other in enumerate(others):
                hands[other] = card_mask(pool[index * 5 : index * 5 + 5])
            if ordering and active[view.dealer]:
                with_up = hands[view.dealer] | up
                hands[view.dealer] = with_up & ~(1 << choose_discard(with_up, trump))
            position = OpenHandPosition(
                hands=hands,
                trump=trump,
                active=active,
                to_act=leader,
                trick_cards=[],
                trick_seats=[],
                maker_team=seat % 2,
                maker_tricks=0,
                tricks_done=0,
                score_table=table,
            )
            total += solve_value(position)
        return total / self.alone_worlds


def _first_leader(view: PlayerView) -> int:
    leader = (view.dealer + 1) % 4
    while not view.active[leader]:
        leader = (leader + 1) % 4
    return leader
