"""The learned bidding: its data file ships with the package and reads sensibly."""

from __future__ import annotations

from importlib import resources

from euchre.bots import make_bot
from euchre.bots.advice import advise
from euchre.bots.bidding import FEATURES, bid_features, learned_bid, load_bidding
from euchre.bots.expert import ExpertBot
from euchre.engine.cards import Card, card_mask, parse_cards
from euchre.engine.profile import load_profile
from euchre.engine.view import PlayerView, view_of
from tests.bots.helpers import state_from_text


def test_the_data_file_is_package_data_with_a_model_per_round_and_seat() -> None:
    path = resources.files("euchre.bots").joinpath("data/bidding.json")
    assert path.is_file()
    model = load_bidding("tournament")
    assert model is not None
    for key in ("r1p0", "r1p1", "r1p2", "r1p3", "r2p1", "r2p2", "r2p3"):
        assert len(model.weights[key]) == len(FEATURES)
    assert 0 < model.points_per_strength < 1


def test_features_count_the_bowers_of_the_candidate_trump() -> None:
    # Hearts trump: the jack of hearts is the right bower, the jack of diamonds the left.
    hand = card_mask(parse_cards(["JH", "JD", "AH", "AS", "9C"]))
    features = dict(zip(FEATURES, bid_features(hand, 2, Card.parse("QH"), True), strict=True))
    assert (features["right"], features["left"], features["trump_ace"]) == (1.0, 1.0, 1.0)
    assert features["trumps_3"] == 1.0 and features["trumps_4"] == 0.0
    assert features["off_aces"] == 1.0 and features["voids"] == 1.0


STRONG = "JH JD AH KH AS"
WEAK = "9C TC AC KD QS"  # no trump, one off ace


def _first_seat_view(first: str, second: str) -> PlayerView:
    hands = [first, second, "QC TD JC TS KS", "TH 9D QD 9S KC"]
    state = state_from_text(load_profile("tournament"), 3, hands, "QH", "AD JS 9H")
    return view_of(state, 0)


def test_first_seat_orders_a_strong_hand_and_passes_a_weak_one() -> None:
    model = load_bidding("tournament")
    assert model is not None
    assert str(learned_bid(_first_seat_view(STRONG, WEAK), model, 0.0)) == "order"
    assert str(learned_bid(_first_seat_view(WEAK, STRONG), model, 0.0)) == "pass"


def test_the_expert_passes_a_weak_hand_and_says_what_the_learned_values_gave() -> None:
    advice = advise(ExpertBot(0, learned_bidding=True), _first_seat_view(WEAK, STRONG))
    assert str(advice.action) == "pass"
    assert "over a pass on similar hands" in advice.detail  # the bot's own reason
    assert advice.why.startswith("pass: ")  # the words a player reads


def test_the_expert_bids_by_the_book_by_default_and_gives_its_reason() -> None:
    advice = advise(make_bot("expert", 0), _first_seat_view(WEAK, STRONG))
    assert str(advice.action) == "pass"
    assert "over a pass on similar hands" not in advice.why


def test_a_margin_raises_the_bar() -> None:
    model = load_bidding("tournament")
    assert model is not None
    view = _first_seat_view(STRONG, WEAK)
    assert str(learned_bid(view, model, 0.0, margin=10.0)) == "pass"
