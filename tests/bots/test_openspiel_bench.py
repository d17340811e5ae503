"""The OpenSpiel ISMCTS adapter: card mapping and legal play through our bot interface."""

from __future__ import annotations

import random
from types import ModuleType

from euchre.bots import make_bot
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.view import view_of
from tests.bots.helpers import load_bench


def _bench() -> ModuleType:
    return load_bench("bots_vs_openspiel")


def test_card_indices_map_both_ways() -> None:
    bench = _bench()
    assert sorted(bench.to_openspiel(card) for card in range(24)) == list(range(24))
    for card in range(24):
        assert bench.from_openspiel(bench.to_openspiel(card)) == card
    assert bench.to_openspiel(0) == 0  # 9C is OpenSpiel's first card too
    assert bench.to_openspiel(23) == 23  # AS last


def test_ismcts_plays_whole_hands_legally_through_the_view() -> None:
    bench = _bench()
    profile = load_profile("tournament")
    for seed in range(3):
        rng = random.Random(seed)
        state = deal_record(profile, seed % 4, rng).start()
        bots = [
            bench.IsmctsBot(seed + seat, 30) if seat % 2 == 0 else make_bot("rules", seat)
            for seat in range(4)
        ]
        while not state.is_over:
            seat = state.to_act
            action = bots[seat].choose(view_of(state, seat))
            state.play(action)
        assert sum(bot.fallbacks for bot in bots[::2]) == 0
