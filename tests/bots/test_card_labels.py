"""bench/bots_card_labels.py: each card played out beside the expert's value of it."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import numpy as np

from euchre.bots.pimc import BASIC_RULES, PimcBot
from euchre.bots.policy import PLAY_CONTEXTS, play_decisions
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.state import Phase
from euchre.engine.view import view_of
from tests.bots.helpers import load_bench


def _bench() -> ModuleType:
    load_bench("bots_decision_labels")  # the script imports its bidder from this sibling
    return load_bench("bots_card_labels")


def test_the_decision_now_is_the_decision_the_policy_records_once_the_card_is_played() -> None:
    """``decision_now`` must describe the moment as ``play_decisions`` does afterwards (the
    same context, suit led, best power and cards seen), or the features would be another
    moment's."""
    bench = _bench()
    profile = load_profile("tournament")
    checked = 0
    for index in range(6):
        rng = random.Random(index)
        state = deal_record(profile, index % 4, rng).start()
        players = [PimcBot(rng.randrange(1 << 30), rules_parameters=BASIC_RULES) for _ in range(4)]
        while not state.is_over:
            seat = state.to_act
            view = view_of(state, seat)
            action = players[seat].choose(view)
            now = bench.decision_now(view) if state.phase is Phase.PLAY else None
            state.apply(action)
            if now is None or state.is_over:
                continue
            recorded = play_decisions(view_of(state, seat))[-1]
            assert recorded.seat == seat and recorded.card == int(action.card)
            assert (now.context, now.led, now.best, now.seen) == (
                recorded.context,
                recorded.led,
                recorded.best,
                recorded.seen,
            )
            checked += 1
    assert checked > 60


def _rows() -> list[dict[str, Any]]:
    bench = _bench()
    return [row for index in range(3) for row in bench._label_deal("tournament", 9, 3, index)]


def test_each_labelled_decision_plays_out_every_legal_card_and_names_the_experts() -> None:
    rows = _rows()
    assert rows, "three deals give labelled decisions"
    for row in rows:
        cards = row["cards"]
        assert len(cards) > 1
        assert sorted(cards) == sorted(row["order"])
        assert row["expert"] in cards
        assert len(row["values"]) == len(row["played"]) == len(row["features"]) == len(cards)
        assert 0 <= row["context"] < PLAY_CONTEXTS
        assert row["trick"] < 4
        # Points of one side less the other's: a hand is worth at most 4 either way.
        assert all(-4 <= points <= 4 for points in row["played"])


def test_a_correction_of_nothing_changes_no_choice() -> None:
    bench = _bench()
    rows = _rows()
    judged = bench.judge(rows, np.zeros((PLAY_CONTEXTS, bench.WIDTH)))
    assert judged["changed"] == 0 and judged["gain_per_deal"] == 0.0


def test_the_fit_finds_a_kind_of_card_the_values_undersell_and_the_judge_counts_its_gain() -> None:
    """Constructed decisions: two cards the expert values alike, the first feature marks the
    one that plays out a point better. The fit learns it; the corrected choice gains a point
    a decision where the expert's tie-break took the other card."""
    bench = _bench()
    width = bench.WIDTH - 1
    rows = []
    for deal in range(40):
        marked = [1.0] + [0.0] * (width - 1)
        plain = [0.0] * width
        first_marked = deal % 2 == 0
        features = [marked, plain] if first_marked else [plain, marked]
        rows.append(
            {
                "deal": deal,
                "context": 0,
                "cards": [3, 4],
                "order": [3, 4],
                "expert": 3,
                "values": [0.5, 0.5],
                "played": [2, 1] if first_marked else [1, 2],
                "features": features,
            }
        )
    weights = bench.fit(rows, 1.0, stretch=False)
    assert weights[0][0] > 0.5
    judged = bench.judge(rows, weights)
    assert judged["changed"] == 20
    assert judged["gain_per_deal"] == 0.5
