"""A bidding policy learned offline: the expected points of a bid over a pass, by hand features.

``bench/bots_bidding_train.py`` deals many hands, lets the rules policy (with the expert's
thresholds) bid up to each decision a seat meets, and for that decision plays the hand out
twice from the same cards — once with the bid (round 1: order up; round 2: each suit it may
name), once with a pass — the bidding finished by the policy and the cards played by the
rules bot's card play (every seat seeing only its own cards: no open-hand flattery). The
difference in the seat's side's points is the label. A ridge regression on the features
below, one per round and seat position relative to the dealer, is fitted to those labels and
shipped as ``data/bidding.json``.

:class:`LearnedBidding` reads that file and predicts, for a view in the bidding, the points a
bid brings over a pass: bid when the best prediction clears the bar (lowered under score
pressure, see :meth:`LearnedBidding.bar`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from euchre.bots.rules import GUARDED_KING, OFF_ACE, RulesBot, dealer_hand, hand_shape
from euchre.bots.shipped import profile_entry
from euchre.engine import actions as codes
from euchre.engine.actions import Action
from euchre.engine.cards import POWER, card_mask
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

__all__ = [
    "FEATURES",
    "TRUMP_CARDS",
    "BidCorrection",
    "LearnedBidding",
    "bid_features",
    "corrected_code",
    "learned_bid",
    "load_bidding",
    "load_correction",
    "model_key",
    "view_features",
]

TRUMP_CARDS = ("right", "left", "trump_ace", "trump_king", "trump_queen", "trump_ten", "trump_nine")
"""One feature a trump card, highest first: the hand holds it (the learned bidding and the
policy model of play both read a hand this way)."""

FEATURES = (
    "bias",
    *TRUMP_CARDS,
    "trumps_3",
    "trumps_4",
    "off_aces",
    "guarded_kings",
    "voids",
    "up_value",
    "next",
    "bower_turned",
)
"""The features of a hand for one candidate trump, in the order the data file's weights use."""

_UP_VALUES = (3.0, 2.6, 2.2, 1.8, 1.6, 1.4, 1.2)  # the up-card by trump rank (right first)


def bid_features(hand: int, trump: int, up_card: int, round_one: bool) -> list[float]:
    """The features of ``hand`` (a mask, as it will be played) with ``trump`` as trump.

    ``up_value``: in round 1 the up-card's worth as trump (who gets it is the seat position's
    model's business); ``next`` and ``bower_turned`` (round 2): the suit is the turned-down
    suit's colour-mate, and the turned-down card is one of its bowers (so buried in the kitty).
    """
    shape = hand_shape(hand, trump)
    up_power = POWER[trump][up_card]
    turned = up_card // 6
    return [
        1.0,
        *(float(rank in shape.roles) for rank in range(7)),
        float(shape.trumps >= 3),
        float(shape.trumps >= 4),
        float(shape.roles.count(OFF_ACE)),
        float(shape.roles.count(GUARDED_KING)),
        float(shape.voids),
        _UP_VALUES[107 - up_power] if round_one else 0.0,
        0.0 if round_one else float(turned == 3 - trump),
        0.0 if round_one else float(up_card % 6 == 2 and up_power >= 106),
    ]


def view_features(view: PlayerView, trump: int) -> list[float]:
    """:func:`bid_features` of the seat's hand in a bidding round, ``trump`` its candidate:
    in round 1 the dealer's hand counted after picking up and discarding as the rules policy
    would."""
    hand = card_mask(view.hand)
    up = int(view.up_card)
    round_one = view.phase is Phase.BID_ROUND_1
    if round_one and view.seat == view.dealer:
        hand = dealer_hand(hand, up)
    return bid_features(hand, trump, up, round_one)


def model_key(round_one: bool, position: int) -> str:
    """The data file's key for a round and a seat position (seats after the dealer, 0-3)."""
    return f"{'r1' if round_one else 'r2'}p{position}"


@dataclass(frozen=True, slots=True)
class LearnedBidding:
    """Weights per round and position; ``points_per_strength`` converts the rules policy's
    score pressure (in strength points) into points."""

    weights: dict[str, tuple[float, ...]]
    points_per_strength: float

    def predict(self, key: str, features: list[float]) -> float | None:
        """Predicted points of the bid over a pass, ``None`` without a model for ``key``."""
        weights = self.weights.get(key)
        if weights is None:
            return None
        return sum(w * x for w, x in zip(weights, features, strict=True))

    def round_one(self, view: PlayerView) -> float | None:
        """Predicted points of ordering up (picking up, as the dealer) over a pass."""
        position = (view.seat - view.dealer) % 4
        return self.predict(model_key(True, position), view_features(view, view.up_card // 6))

    def round_two(self, view: PlayerView, suits: list[int]) -> tuple[int, float] | None:
        """The best suit of ``suits`` to name and its predicted points over a pass."""
        key = model_key(False, (view.seat - view.dealer) % 4)
        best: tuple[int, float] | None = None
        for suit in suits:
            value = self.predict(key, view_features(view, suit))
            if value is not None and (best is None or value > best[1]):
                best = (suit, value)
        return best

    def bar(self, pressure: float) -> float:
        """The predicted gain a bid needs: 0, lowered (raised) by the score pressure."""
        return -pressure * self.points_per_strength

    @staticmethod
    def in_bidding(view: PlayerView) -> bool:
        """Whether the view is in a bidding round."""
        return view.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2)


def _weights(entry: dict[str, Any]) -> dict[str, tuple[float, ...]]:
    """A data file entry's weights, one tuple per round and seat position."""
    return {key: tuple(float(w) for w in values) for key, values in entry["weights"].items()}


@cache
def load_bidding(profile_id: str) -> LearnedBidding | None:
    """The learned bidding for a profile (``None`` if the data file has none for it)."""
    entry = profile_entry("bidding.json", profile_id)
    if entry is None:
        return None
    return LearnedBidding(_weights(entry), float(entry["points_per_strength"]))


@dataclass(frozen=True, slots=True)
class BidCorrection:
    """Where the book is close, whether to overturn it: per round and seat position, a linear
    prediction of the points a bid brings over a pass from the hand's :data:`FEATURES` and
    the distance to the book's bar, fitted on hands played out by PIMC at every seat
    (``bench/bots_bid_correction.py``, data file ``data/bid_correction.json``)."""

    weights: dict[str, tuple[float, ...]]
    band: float
    """Only decisions within this many strength points of the bar (where the labels were)."""
    margin: float
    """The prediction must say otherwise by more than this many points to overturn."""

    def overturns(self, key: str, features: list[float], over_bar: float, book: bool) -> bool:
        """Whether the prediction overturns the book's choice (``book``: the book bids)."""
        weights = self.weights.get(key)
        if weights is None or abs(over_bar) > self.band:
            return False
        value = sum(w * x for w, x in zip(weights, [*features, over_bar], strict=True))
        return value < -self.margin if book else value > self.margin


@cache
def load_correction(profile_id: str) -> BidCorrection | None:
    """The bid correction for a profile (``None`` if the data file has none for it)."""
    entry = profile_entry("bid_correction.json", profile_id)
    if entry is None:
        return None
    return correction_from_entry(entry)


def correction_from_entry(entry: dict[str, Any]) -> BidCorrection:
    """A bid correction from one profile's entry of a ``bid_correction.json`` file."""
    return BidCorrection(_weights(entry), float(entry["band"]), float(entry["margin"]))


def corrected_code(
    view: PlayerView, action: Action, rules: RulesBot, correction: BidCorrection
) -> int | None:
    """The action code the correction plays where it overturns ``action``, the book's
    make-or-pass in a bidding round (``rules``: the book); ``None`` where the book's choice
    stands (no pass allowed, no bid with partner allowed, or not overturned). Alone or not is
    the caller's to decide afterwards."""
    legal = {int(legal) for legal in view.legal}
    if codes.PASS not in legal:
        return None
    book_bid = rules.book_bid(view)
    if book_bid is None or book_bid[1] not in legal:
        return None
    trump, bid_code, over_bar = book_bid
    key = model_key(view.phase is Phase.BID_ROUND_1, (view.seat - view.dealer) % 4)
    book = int(action) != codes.PASS
    if not correction.overturns(key, view_features(view, trump), over_bar, book):
        return None
    return codes.PASS if book else bid_code


def learned_bid(
    view: PlayerView, model: LearnedBidding, pressure: float, margin: float = 0.0
) -> Action | None:
    """Pass, order up or name a suit (with partner) by the learned values, bidding when the
    gain clears the bar by ``margin`` points; ``None`` where the model has no say (no pass
    allowed, no bid with partner allowed, no model for the seat)."""
    legal = {int(action): action for action in view.legal}
    if codes.PASS not in legal:
        return None
    if view.phase is Phase.BID_ROUND_1:
        if codes.ORDER not in legal:
            return None
        value = model.round_one(view)
        if value is None:
            return None
        return legal[codes.ORDER] if value >= model.bar(pressure) + margin else legal[codes.PASS]
    if view.phase is Phase.BID_ROUND_2:
        suits = [suit for suit in range(4) if codes.CALL_BASE + suit in legal]
        best = model.round_two(view, suits)
        if best is None:
            return None
        suit, value = best
        bid = value >= model.bar(pressure) + margin
        return legal[codes.CALL_BASE + suit] if bid else legal[codes.PASS]
    return None
