"""Benchmark: our bots against OpenSpiel's ISMCTS euchre bot, seated through our bot interface.

    uv run python bench/bots_vs_openspiel.py --bots pimc,ismcts --deals 200 --workers 2 --json
    (add --time-limit SECONDS to stop early and report the deals finished so far)

``ismcts`` is OpenSpiel's C++ ``ISMCTSBot`` (random-rollout evaluator, UCT c = 2, final move by
visit count) with ``--simulations`` simulations per decision (1,000 by default). It plays our
engine's ``tournament`` profile, whose rules match OpenSpiel's euchre (stick the dealer, no
defending alone, 1/2 points made/march, 4 for a lone march, 2 for a euchre).

Like every bot it receives only its seat's view. To let it search, the adapter builds an
OpenSpiel state from that view: its own hand and every public action, with the hidden cards
(other hands, the kitty, a dealer's discard) dealt at random consistently with what the seat
knows. ISMCTS then resamples worlds from that state's information state, so it cannot learn
a hidden card, including the kitty that OpenSpiel's own resampling would leak.

OpenSpiel asks the maker "alone or with partner" after the bid (and the dealer's discard); our
engine takes "order alone" as one bid. The adapter asks ISMCTS the bid, then, on a copy, the
alone question, and answers our engine with the combined action.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

import pyspiel

from euchre.bots import BOT_FACTORIES
from euchre.bots.arena import run_arena
from euchre.bots.knowledge import knowledge_of, sample_world
from euchre.bots.rules import choose_discard
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import card_mask, iter_mask
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

PASS = 24
TRUMP_BASE = 25
GO_ALONE = 29
WITH_PARTNER = 30
SIMULATIONS = 1000


def to_openspiel(card: int) -> int:
    """Our card index (suit * 6 + rank) as OpenSpiel's (rank * 4 + suit)."""
    return (card % 6) * 4 + card // 6


def from_openspiel(card: int) -> int:
    """OpenSpiel's card index as ours."""
    return (card % 4) * 6 + card // 4


class IsmctsBot:
    """OpenSpiel's ISMCTS euchre bot behind our ``choose(view)`` interface."""

    name = "ismcts"

    def __init__(self, seed: int | None = None, simulations: int = SIMULATIONS) -> None:
        self._rng = random.Random(seed)
        self._game = pyspiel.load_game("euchre", {"stick_the_dealer": True})
        evaluator = pyspiel.RandomRolloutEvaluator(1, self._rng.randrange(1 << 30))
        self._bot = pyspiel.ISMCTSBot(
            self._rng.randrange(1 << 30),
            evaluator,
            2.0,
            simulations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )
        self.fallbacks = 0

    def choose(self, view: PlayerView) -> Action:
        """Build an OpenSpiel state from the view, let ISMCTS search, map its move back."""
        if len(view.legal) == 1:
            return view.legal[0]
        try:
            state, discard = self._mirror(view)
            action = self._decide(view, state, discard)
        except (pyspiel.SpielError, RuntimeError, ValueError):
            action = None
        if action is None or action not in view.legal:
            self.fallbacks += 1
            return self._rng.choice(view.legal)
        return action

    # ------------------------------------------------------------------ decisions
    def _decide(self, view: PlayerView, state: Any, discard: int) -> Action | None:
        if state.current_player() != view.seat:
            return None
        choice = self._bot.step(state)
        if view.phase is Phase.PLAY:
            return Action.play(from_openspiel(choice))
        if view.phase is Phase.DISCARD:
            return Action.discard(from_openspiel(choice))
        if choice == PASS:
            return Action.parse("pass")
        suit = choice - TRUMP_BASE
        state.apply_action(choice)
        if state.current_player() == view.dealer and view.phase is Phase.BID_ROUND_1:
            if view.dealer == view.seat:
                state.apply_action(self._bot.step(state))
            else:
                state.apply_action(to_openspiel(discard))
        alone = False
        if state.current_player() == view.seat:
            alone = self._bot.step(state) == GO_ALONE
        if view.phase is Phase.BID_ROUND_1:
            return Action.parse("order alone" if alone else "order")
        return Action.call(suit, alone=alone)

    # ------------------------------------------------------------------ the mirror state
    def _mirror(self, view: PlayerView) -> tuple[Any, int]:
        """An OpenSpiel state consistent with ``view`` (hidden cards sampled) and the discard
        the dealer makes in it."""
        knowledge = knowledge_of(view)
        hands = sample_world(knowledge, self._rng)
        if hands is None:
            raise ValueError("no world fits the view")
        played_by = [0, 0, 0, 0]
        for actor, action in view.history:
            if action is not None and action.kind is ActionKind.PLAY:
                played_by[actor] |= 1 << action.card
        up = 1 << view.up_card
        initial = [hands[seat] | played_by[seat] for seat in range(4)]
        taken = 0
        for seat in range(4):
            taken |= initial[seat]
        dead = [
            card
            for card in iter_mask(((1 << 24) - 1) & ~taken & ~up)
            if view.discarded is None or card != view.discarded
        ]
        self._rng.shuffle(dead)
        for seat in range(4):
            if not view.active[seat]:
                initial[seat] = card_mask(dead[:5])
                dead = dead[5:]
        dealer = view.dealer
        if view.phase is Phase.DISCARD:
            discard = -1  # this seat is the dealer about to discard: nothing to replay
            initial[dealer] &= ~up
        elif view.discarded is not None:
            discard = int(view.discarded)
            initial[dealer] = (initial[dealer] | (1 << discard)) & ~up
        elif view.picked_up:
            discard = dead.pop()
            initial[dealer] = (initial[dealer] | (1 << discard)) & ~up
        else:
            # Not (yet) picked up: the discard a dealer would make if it were ordered.
            trump = view.up_card // 6
            discard = choose_discard(initial[dealer] | up, trump)
            if discard == view.up_card:
                discard = min(iter_mask(initial[dealer]))
        kitty = dead
        state = self._game.new_initial_state()
        state.apply_action(dealer)
        cards = [list(iter_mask(initial[seat])) for seat in range(4)]
        for index in range(20):
            seat = (dealer + index) % 4
            state.apply_action(to_openspiel(cards[seat][index // 4]))
        del kitty
        state.apply_action(to_openspiel(view.up_card))
        self._replay(view, state, discard)
        return state, discard

    def _replay(self, view: PlayerView, state: Any, discard: int) -> None:
        alone_pending = False
        for _actor, action in view.history:
            if action is None or action.kind is ActionKind.DISCARD:
                state.apply_action(to_openspiel(discard))
                if alone_pending:
                    state.apply_action(GO_ALONE if view.alone else WITH_PARTNER)
                    alone_pending = False
                continue
            kind = action.kind
            if kind is ActionKind.PASS:
                state.apply_action(PASS)
            elif kind is ActionKind.ORDER:
                state.apply_action(TRUMP_BASE + view.up_card // 6)
                if view.picked_up:
                    alone_pending = True
                else:
                    # Our dealer sits out and never picks up; OpenSpiel's still discards.
                    state.apply_action(to_openspiel(discard))
                    state.apply_action(GO_ALONE if view.alone else WITH_PARTNER)
            elif kind is ActionKind.CALL:
                state.apply_action(TRUMP_BASE + int(action.suit))
                state.apply_action(GO_ALONE if view.alone else WITH_PARTNER)
            elif kind is ActionKind.PLAY:
                state.apply_action(to_openspiel(action.card))
            else:
                raise ValueError(f"OpenSpiel's euchre has no action like {action}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the arena figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="pimc,ismcts")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--time-limit",
        type=float,
        default=0.0,
        help="stop after this many seconds, reporting the deals finished (0: no limit)",
    )
    options = parser.parse_args(argv)
    simulations = options.simulations
    BOT_FACTORIES["ismcts"] = lambda seed: IsmctsBot(seed, simulations)
    first, second = options.bots.split(",")
    if options.time_limit > 0:
        from bots_tune import bounded_arena  # beside this file; its pool forks this registry

        result = bounded_arena(
            (first, second),
            deals=options.deals,
            seed=options.seed,
            workers=options.workers,
            profile="tournament",
            time_limit=options.time_limit,
        )
    else:
        result = run_arena(
            (first, second),
            deals=options.deals,
            seed=options.seed,
            workers=options.workers,
            profile="tournament",
        ).to_json()
    result["ismcts_simulations"] = simulations
    if options.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{first} vs {second}: {result['diff']:+.3f} points/hand over {result['deals']} "
            f"duplicate deals, 95% CI {result['ci95']}"
        )
        for label, figures in result["per_bot"].items():
            print(f"  {label}: {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
