"""bench/bots_decision_labels.py: bids and lone hands valued by playing the hand out twice."""

from __future__ import annotations

import copy
import functools
import random
from types import ModuleType
from typing import Any

import pytest

from euchre.bots.bidding import FEATURES, BidCorrection, load_correction, model_key
from euchre.bots.expert import ExpertBot
from euchre.engine.actions import Action
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.view import PlayerView
from tests.bots.helpers import load_bench


def _bench() -> ModuleType:
    return load_bench("bots_decision_labels")


def _labels(
    deals: int,
    band: float,
    seed: int,
    lone: bool,
    corrected: bool = False,
    expert_side: bool = False,
) -> list[dict[str, Any]]:
    """The labels of the first ``deals`` deals of ``tournament``."""
    bench = _bench()
    return [
        row
        for index in range(deals)
        for row in bench._label_deal(
            bench.Settings("tournament", band, seed, lone, corrected, expert_side), index
        )
    ]


@functools.cache
def _book_labels_of_six_deals() -> list[dict[str, Any]]:
    """``_labels(6, 1.0, 3, False)``, worked out once for the tests that read it (each gets
    its own copy); the test of repeatability works its labels out twice itself."""
    return _labels(6, 1.0, 3, False)


def _book_labels_six() -> list[dict[str, Any]]:
    return copy.deepcopy(_book_labels_of_six_deals())


def test_labels_are_paired_play_outs_near_the_bar_and_repeatable() -> None:
    rows = _labels(6, 1.0, 3, True)
    assert rows, "six deals give at least one decision near the bar"
    for row in rows:
        assert -8 <= row["label"] <= 8  # one hand's points, one branch minus the other
        if row["kind"] == "bid":
            assert abs(row["over_bar"]) <= 1.0
            assert row["position"] in (0, 1, 2, 3)
            assert len(row["features"]) == len(FEATURES) and row["features"][0] == 1.0
        else:
            assert row["trumps"] >= 3
    # The same deal and seed give the same labels: both branches use the same bot seeds.
    again = _labels(6, 1.0, 3, True)
    assert again == rows


def test_the_analysis_counts_each_offset_against_todays_bar() -> None:
    bench = _bench()
    rows = [
        {"kind": "bid", "round": 1, "position": 2, "over_bar": -0.4, "label": 2},
        {"kind": "bid", "round": 1, "position": 2, "over_bar": 0.2, "label": -1},
        {"kind": "bid", "round": 1, "position": 2, "over_bar": 0.8, "label": 1},
    ]
    gains = bench.analyse(rows)["bid"]["round 1 @2"]["gain_by_offset"]
    assert gains["+0.00"] == 0
    assert gains["-0.50"] == 2  # the pass at -0.4 becomes a bid worth +2
    assert gains["+0.50"] == 1  # the bid at +0.2 becomes a pass: its -1 is saved
    assert gains["+1.00"] == 0  # and the bid at +0.8 too: +1 lost


def test_bid_labels_alone_leave_out_the_lone_hand_play_outs() -> None:
    rows = _book_labels_six()
    assert rows and all(row["kind"] == "bid" for row in rows)


def _row(deal: int, over_bar: float, label: int, position: int = 1) -> dict[str, object]:
    return {"deal": deal, "round": 1, "position": position, "over_bar": over_bar, "label": label}


def test_the_correction_is_judged_by_each_deals_first_change_only() -> None:
    bench = load_bench("bots_bid_correction")
    rows = [
        _row(0, -0.3, 2),  # the book passes; the candidate bids: +2
        _row(0, -0.2, 4, position=2),  # met only after the book's pass at deal 0: not counted
        _row(1, 0.4, -1),  # the book bids; the candidate passes: +1
        _row(2, 0.5, 3),  # the same choice: nothing
    ]
    judged = bench.judge(rows, [True, True, False, True], dealt=4)
    assert judged["changed"] == 2
    assert judged["gain_per_deal"] == 0.75  # (2 + 1) over 4 deals


def test_the_book_is_overturned_only_beyond_the_margin() -> None:
    bench = load_bench("bots_bid_correction")  # candidate_bid(...) is the candidate's choice

    def bid(value: float | None, book: bool) -> bool:
        # A model whose prediction is ``value`` on every hand (its intercept), margin 0.1.
        weights = {} if value is None else {"r1p1": (value, *[0.0] * len(FEATURES))}
        correction = BidCorrection(weights, 1.5, 0.1)
        row = _row(0, 0.4 if book else -0.4, 0) | {"features": [1.0] + [0.0] * (len(FEATURES) - 1)}
        return bool(bench.candidate_bid(correction, row))

    assert bid(0.15, False) is True  # the book's pass becomes a bid
    assert bid(0.05, False) is False  # within the margin: the book's pass
    assert bid(-0.05, True) is True  # within the margin: the book's bid
    assert bid(-0.15, True) is False  # the book's bid becomes a pass
    assert bid(None, True) is True  # no model: the book


@pytest.mark.heavy
def test_second_round_labels_go_on_with_the_shipped_correction_at_every_seat() -> None:
    book_rows = _labels(20, 1.5, 99, False)
    rows = _labels(20, 1.5, 99, False, corrected=True)
    correction = load_correction("tournament")
    assert correction is not None
    assert all(row["taken"] == (row["over_bar"] >= 0) for row in book_rows)
    overturned = 0
    for row in rows:
        book = row["over_bar"] >= 0
        key = model_key(row["round"] == 1, row["position"])
        turned = correction.overturns(key, row["features"], row["over_bar"], book)
        assert row["taken"] == (book != turned)
        overturned += turned
    assert overturned >= 1  # 20 deals meet at least one decision the correction overturns


def test_second_round_labels_are_judged_against_the_choice_the_deal_went_on_with() -> None:
    bench = load_bench("bots_bid_correction")
    rows = [
        _row(0, -0.3, 2) | {"taken": True},  # the shipped correction bid: so does the candidate
        _row(1, 0.4, -1) | {"taken": False},  # it passed; the candidate bids: -1
    ]
    judged = bench.judge(rows, [True, True], dealt=2)
    assert judged["changed"] == 1
    assert judged["gain_per_deal"] == -0.5


def test_expert_side_labels_value_the_same_decisions_played_by_the_expert() -> None:
    rows = _book_labels_six()
    expert_rows = _labels(6, 1.0, 3, False, expert_side=True)
    # The bidding does not depend on who plays the cards: the same decisions are labelled.
    strip = [{k: v for k, v in row.items() if k != "label"} for row in rows]
    assert strip == [{k: v for k, v in row.items() if k != "label"} for row in expert_rows]
    # The cards are played by other bots: some label differs on these six deals.
    assert [row["label"] for row in rows] != [row["label"] for row in expert_rows]


def test_only_the_deciding_sides_cards_are_played_by_the_expert(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = _bench()
    seats: list[int] = []

    class Recording(ExpertBot):
        def choose(self, view: PlayerView) -> Action:
            seats.append(view.seat)
            return super().choose(view)

    monkeypatch.setattr(bench, "ExpertBot", Recording)
    bidders = [bench.BookBidder("tournament", False) for _ in range(4)]
    for index in range(3):
        state = deal_record(load_profile("tournament"), 0, random.Random(index)).start()
        bench.play_out(state, 1, index, bidders, expert_side=True)
    assert seats and {seat % 2 for seat in seats} == {1}
