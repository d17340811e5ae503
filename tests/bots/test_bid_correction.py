"""The bid correction (issue 25, item 2's next step): near the book's bar, the expert
overturns make-or-pass where a fit on hands played out by PIMC at every seat says so."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from euchre.bots import expert as expert_module
from euchre.bots.bidding import FEATURES, BidCorrection, load_correction, model_key
from euchre.bots.expert import ExpertBot
from euchre.engine import actions as codes
from euchre.engine.profile import load_profile
from euchre.engine.view import PlayerView, view_of
from tests.bots.helpers import state_from_text

FEATURE_COUNT = len(FEATURES) + 1  # and the distance to the bar


def _correction(bias: float, band: float = 1.5, margin: float = 0.2) -> BidCorrection:
    weights = {"r1p1": (bias, *([0.0] * (FEATURE_COUNT - 1)))}
    return BidCorrection(weights, band, margin)


def test_the_book_is_overturned_only_beyond_the_margin_and_within_the_band() -> None:
    features = [1.0] + [0.0] * (len(FEATURES) - 1)
    assert _correction(0.5).overturns("r1p1", features, 0.4, book=False)  # a pass made a bid
    assert not _correction(0.1).overturns("r1p1", features, 0.4, book=False)  # within margin
    assert _correction(-0.5).overturns("r1p1", features, -0.4, book=True)  # a bid made a pass
    assert not _correction(0.5).overturns("r1p1", features, 0.4, book=True)  # agrees
    assert not _correction(0.5).overturns("r1p1", features, 1.6, book=False)  # outside band
    assert not _correction(0.5).overturns("r2p3", features, 0.4, book=False)  # no model


def test_the_data_file_is_small_package_data_for_the_tournament_score_table() -> None:
    data = resources.files("euchre.bots").joinpath("data/bid_correction.json")
    assert len(data.read_bytes()) < 100_000
    table = json.loads(data.read_text("utf-8"))
    assert table["features"] == [*FEATURES, "over_bar"]
    tournament = load_correction("tournament")
    assert tournament is not None
    keys = {model_key(round_one, position) for round_one in (True, False) for position in range(4)}
    assert set(tournament.weights) <= keys and len(tournament.weights) >= 6
    assert all(len(w) == FEATURE_COUNT for w in tournament.weights.values())
    for profile in ("valpo", "bolivar", "tournament_partners"):
        assert load_correction(profile) == tournament
    # Ballantrae (the dealer's partner must go alone) and the question pile score bids
    # differently: no correction, the book bids there.
    assert load_correction("ballantrae") is None and load_correction("questions") is None


# Hearts turned (the nine), dealer seat 0: seat 1, the eldest, holds the right bower and
# little else, near the book's bar.
HANDS = ["QC KC AC 9S TS", "JH TH AD 9D TC", "QS KS AS JC JS", "QD KD TD KH AH"]


def _eldest_view() -> PlayerView:
    state = state_from_text(load_profile("tournament"), 0, HANDS, "9H", "9C JD QH")
    return view_of(state, 1)


def test_the_expert_corrects_by_default_and_never_reads_the_correction_without_the_switch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(profile_id: str) -> BidCorrection:
        raise AssertionError("read the correction")

    assert ExpertBot(0).bid_correction
    monkeypatch.setattr(expert_module, "load_correction", refuse)
    ExpertBot(0, bid_correction=False).choose(_eldest_view())


@pytest.mark.parametrize("bias", [5.0, -5.0])
def test_the_switch_overturns_the_book_where_the_correction_says_so(
    monkeypatch: pytest.MonkeyPatch, bias: float
) -> None:
    view = _eldest_view()
    book = ExpertBot(0, bid_correction=False).choose(view)
    strong = BidCorrection({"r1p1": (bias, *([0.0] * (FEATURE_COUNT - 1)))}, 99.0, 0.0)
    monkeypatch.setattr(expert_module, "load_correction", lambda profile_id: strong)
    bot = ExpertBot(0, bid_correction=True)
    action = bot.choose(view)
    if bias > 0:
        assert int(action) in (codes.ORDER, codes.ORDER_ALONE)
    else:
        assert int(action) == codes.PASS
    _, why = bot.advise(view)
    if (int(book) == codes.PASS) != (int(action) == codes.PASS):
        assert why.startswith("on hands like this one, played out by PIMC at every seat")
