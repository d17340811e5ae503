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


def test_the_expert_can_bid_by_playing_out_near_the_bar() -> None:
    # With bid_band on, a borderline bid is valued by play-outs and the reason says so.
    from euchre.bots.advice import advise
    from euchre.bots.expert import ExpertBot
    from euchre.engine.record import HandRecord, replay
    from tests.bots.textbook import POSITIONS

    record = POSITIONS["dealer_picks_up_the_right_bower_with_another_trump_and_an_off_ace"][0]
    state = replay(HandRecord.from_json(record))
    view = view_of(state, state.to_act)
    bot = ExpertBot(2, bid_band=1.2)
    values = bot.bid_rollout_values(view, [48, 49])
    assert set(values) == {48, 49}
    advice = advise(bot, view)
    assert advice.action in view.legal
    assert advice.detail.startswith("played out over 24 likely deals")
