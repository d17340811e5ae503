"""The fast play-out plays exactly the rules bot's cards (it only skips building views)."""

from __future__ import annotations

import random

from euchre.bots.expert import EXPERT_RULES
from euchre.bots.playout import play_out
from euchre.bots.rules import RulesBot
from euchre.engine.record import deal_record
from euchre.engine.view import view_of
from tests.bots.helpers import PROFILES


def test_play_out_plays_the_rules_bots_cards_and_scores_the_hand() -> None:
    for index in range(40):
        profile = PROFILES[index % 5]
        rng = random.Random(index)
        start = deal_record(profile, index % 4, rng).start()
        bots = [RulesBot(seat, EXPERT_RULES) for seat in range(4)]
        fast = start.clone()
        ours, theirs = play_out(fast, bots, 1)
        slow = start.clone()
        while not slow.is_over:
            action = bots[slow.to_act].choose(view_of(slow, slow.to_act))
            assert action in slow.legal_actions()
            slow.apply(action)
        assert fast.history == slow.history
        if slow.status is not None and slow.status.name == "SCORED":
            points = slow.result().team_points
            assert (ours, theirs) == (points[1], points[0])
        else:
            assert (ours, theirs) == (0, 0)
