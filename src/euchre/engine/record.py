"""Hand records: a hand fully described by its profile, its deal and its actions.

The JSON form is the project's stable external interface::

    {"profile": "ballantrae", "dealer": 0,
     "hands": [["9C", "TC", "JC", "QC", "KC"], ...],
     "up_card": "AH", "kitty": ["9D", "TD", "QD"],
     "actions": ["pass", "order", "discard 9C", "play TC", ...],
     "profile_options": {...}}

Storage keeps exactly this and rebuilds a state by replay.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from euchre.engine.actions import Action
from euchre.engine.cards import ALL_CARDS, Card, Rank, Suit, card_mask
from euchre.engine.errors import (
    CardParseError,
    EuchreError,
    HandRecordError,
    IllegalActionError,
    InvalidActionError,
)
from euchre.engine.profile import RuleProfile, resolve_profile
from euchre.engine.state import HandState

__all__ = [
    "FirstDealerDraw",
    "HandRecord",
    "deal_cards",
    "deal_record",
    "deal_state",
    "draw_first_dealer",
    "replay",
]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A hand's profile, deal and actions: everything needed to rebuild it."""

    profile: RuleProfile
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    up_card: Card
    kitty: tuple[Card, ...]
    actions: tuple[Action, ...] = ()
    profile_name: str = ""
    profile_options: Mapping[str, Any] = field(default_factory=dict)

    def start(self) -> HandState:
        """The state right after the deal."""
        return HandState(
            self.profile,
            self.dealer,
            [card_mask(hand) for hand in self.hands],
            self.up_card,
            list(self.kitty),
        )

    def with_actions(self, actions: Sequence[Action]) -> HandRecord:
        """The same deal with another action list."""
        return HandRecord(
            self.profile,
            self.dealer,
            self.hands,
            self.up_card,
            self.kitty,
            tuple(actions),
            self.profile_name,
            self.profile_options,
        )

    def to_json(self) -> dict[str, Any]:
        """The record in its JSON form."""
        data: dict[str, Any] = {
            "profile": self.profile_name or self.profile.id,
            "dealer": self.dealer,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "up_card": str(self.up_card),
            "kitty": [str(card) for card in self.kitty],
            "actions": [str(action) for action in self.actions],
        }
        if self.profile_options:
            data["profile_options"] = dict(self.profile_options)
        return data

    @classmethod
    def from_json(cls, data: Any) -> HandRecord:
        """Read and validate a record; a malformed one raises naming the bad field."""
        if not isinstance(data, Mapping):
            raise HandRecordError("a hand record must be a JSON object")
        # "seed": where a browser table published the seed its deals came from (read by
        # whoever re-deals them; a replay needs the deal itself, not the seed).
        known = {
            "profile",
            "dealer",
            "hands",
            "up_card",
            "kitty",
            "actions",
            "profile_options",
            "seed",
        }
        for key in data:
            if key not in known:
                raise HandRecordError(
                    f"field {key!r} is not part of a hand record; "
                    f"fields: {', '.join(sorted(known))}"
                )
        for key in ("profile", "dealer", "hands", "up_card", "kitty"):
            if key not in data:
                raise HandRecordError(f"field {key!r} is missing")
        profile_name = data["profile"]
        if not isinstance(profile_name, str):
            raise HandRecordError("field 'profile' must be a profile id")
        options = data.get("profile_options") or {}
        if not isinstance(options, Mapping):
            raise HandRecordError("field 'profile_options' must be an object")
        try:
            profile = resolve_profile(profile_name, options)
        except EuchreError as error:
            raise HandRecordError(f"field 'profile': {error}") from None
        dealer = data["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise HandRecordError(f"field 'dealer' must be a seat 0-3, got {dealer!r}")
        hands_data = data["hands"]
        if not isinstance(hands_data, list) or len(hands_data) != 4:
            raise HandRecordError("field 'hands' must be a list of four hands")
        hands: list[tuple[Card, ...]] = []
        for seat, hand in enumerate(hands_data):
            if not isinstance(hand, list) or len(hand) != 5:
                raise HandRecordError(f"field 'hands[{seat}]' must list five cards")
            hands.append(tuple(_card(f"hands[{seat}][{i}]", text) for i, text in enumerate(hand)))
        up_card = _card("up_card", data["up_card"])
        kitty_data = data["kitty"]
        if not isinstance(kitty_data, list) or len(kitty_data) != 3:
            raise HandRecordError("field 'kitty' must list the three cards under the up-card")
        kitty = tuple(_card(f"kitty[{i}]", text) for i, text in enumerate(kitty_data))
        everything = [card for hand in hands for card in hand] + [up_card, *kitty]
        if card_mask(everything).bit_count() != 24:
            seen: set[int] = set()
            for card in everything:
                if card in seen:
                    raise HandRecordError(f"card {card} is dealt twice")
                seen.add(card)
        actions_data = data.get("actions", [])
        if not isinstance(actions_data, list):
            raise HandRecordError("field 'actions' must be a list of action texts")
        actions: list[Action] = []
        for index, text in enumerate(actions_data):
            try:
                actions.append(Action.parse(text))
            except InvalidActionError as error:
                raise InvalidActionError(f"action {index} ({text!r}): {error}") from None
        return cls(
            profile,
            dealer,
            tuple(hands),
            up_card,
            kitty,
            tuple(actions),
            profile_name,
            dict(options),
        )


def _card(where: str, text: Any) -> Card:
    if not isinstance(text, str):
        raise HandRecordError(f"field {where!r} must be card text such as 'AH', got {text!r}")
    try:
        return Card.parse(text)
    except CardParseError as error:
        raise HandRecordError(f"field {where!r}: {error}") from None


def replay(record: HandRecord, *, upto: int | None = None) -> HandState:
    """Rebuild the state by replaying the record's actions (checked, one by one).

    An illegal action raises :class:`IllegalActionError` naming its index, the action and the
    legal ones. Record actions (irregularities the profile covers, see
    :mod:`euchre.engine.irregular_play`) are accepted where the profile allows them.
    """
    state = record.start()
    actions = record.actions if upto is None else record.actions[:upto]
    for index, action in enumerate(actions):
        legal = state.legal_actions()
        if action not in legal and not state.allows_record_action(action):
            raise IllegalActionError(
                f"action {index} ({str(action)!r}){state.refusal(legal, action)}"
            )
        state.apply(action)
    return state


def _deal_positions(one_at_a_time: bool, dealer: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, the pack positions of its five cards in the order they are dealt."""
    packets = [1] * 20 if one_at_a_time else [2, 3, 2, 3, 3, 2, 3, 2]
    positions: list[list[int]] = [[], [], [], []]
    position = 0
    for index, size in enumerate(packets):
        positions[(dealer + 1 + index) % 4] += range(position, position + size)
        position += size
    return tuple(tuple(seat_positions) for seat_positions in positions)


# _DEAL_POSITIONS[one at a time][dealer][seat]: computed once (dealing is on every hand's path).
_DEAL_POSITIONS = tuple(
    tuple(_deal_positions(one_at_a_time, dealer) for dealer in range(4))
    for one_at_a_time in (False, True)
)


# The same positions as C-level getters for every cut (0: no cut), and a card's one-bit mask:
# a hand's mask is then one sum (cards are distinct, so the sum of their bits is their union).
# _DEAL_PLANS[one at a time][dealer][cut] = (four seats' getters, the up-card's position, the
# kitty's getter), positions in the pack before the cut.
_Take = Callable[[list[int]], Any]
_DealPlan = tuple[tuple[_Take, ...], int, _Take]
_DEAL_PLANS: tuple[tuple[tuple[_DealPlan, ...], ...], ...] = tuple(
    tuple(
        tuple(
            (
                tuple(
                    itemgetter(*((position + cut) % 24 for position in seat_positions))
                    for seat_positions in deal
                ),
                (20 + cut) % 24,
                itemgetter(*((position + cut) % 24 for position in (21, 22, 23))),
            )
            for cut in range(21)
        )
        for deal in by_dealer
    )
    for by_dealer in _DEAL_POSITIONS
)
_CARD_BIT = tuple(1 << card for card in range(24)).__getitem__
_CARD_OF = ALL_CARDS.__getitem__


def deal_cards(
    profile: RuleProfile, dealer: int, deck: Sequence[int]
) -> tuple[list[list[Card]], Card, list[Card]]:
    """Deal a shuffled pack (top first) the profile's way: hands, up-card, kitty bottom three.

    One at a time: a card to each player from the dealer's left, five times. Twos and threes:
    2-3-2-3 then 3-2-3-2 round the table from the dealer's left. The 21st card is the up-card.
    """
    positions = _DEAL_POSITIONS[profile.deal_style == "one_at_a_time"][dealer]
    hands = [[ALL_CARDS[deck[index]] for index in seat_positions] for seat_positions in positions]
    return hands, ALL_CARDS[deck[20]], [ALL_CARDS[card] for card in deck[21:24]]


def _shuffle(rng: random.Random, pack: list[int]) -> None:
    """``rng.shuffle(pack)``, draw for draw, for a plain ``random.Random`` (whose shuffle
    draws each index with ``getrandbits``, retrying values out of range) without its two
    Python calls per card; any other generator shuffles itself."""
    if type(rng) is not random.Random:
        rng.shuffle(pack)
        return
    getrandbits = rng.getrandbits
    for index in range(len(pack) - 1, 0, -1):
        bits = _BIT_LENGTHS[index + 1]
        other = getrandbits(bits)
        while other > index:
            other = getrandbits(bits)
        pack[index], pack[other] = pack[other], pack[index]


_BIT_LENGTHS = tuple(size.bit_length() for size in range(25))


def _shuffled_plan(
    rng: random.Random, profile: RuleProfile, dealer: int
) -> tuple[list[int], _DealPlan]:
    """A shuffled pack (before the cut) and where each seat's cards, the up-card and the
    kitty lie in it once cut (the cut leaves at least four cards in each packet)."""
    pack = list(range(24))
    _shuffle(rng, pack)
    cut = rng.randint(4, 20) if profile.cut_by_right else 0
    return pack, _DEAL_PLANS[profile.deal_style == "one_at_a_time"][dealer][cut]


def deal_record(profile: RuleProfile, dealer: int, rng: random.Random) -> HandRecord:
    """A fresh deal (no actions yet) from ``rng``."""
    pack, (takers, up_position, take_kitty) = _shuffled_plan(rng, profile, dealer)
    return HandRecord(
        profile,
        dealer,
        tuple(tuple(sorted(map(_CARD_OF, take(pack)))) for take in takers),
        ALL_CARDS[pack[up_position]],
        tuple(map(_CARD_OF, take_kitty(pack))),
    )


def deal_state(profile: RuleProfile, dealer: int, rng: random.Random) -> HandState:
    """A fresh deal's state, exactly ``deal_record(profile, dealer, rng).start()`` (the same
    draws from ``rng``, the same cards) without building the record: the fast door for
    simulation, where no record is kept."""
    pack, (takers, up_position, take_kitty) = _shuffled_plan(rng, profile, dealer)
    return HandState(
        profile,
        dealer,
        [sum(map(_CARD_BIT, take(pack))) for take in takers],
        ALL_CARDS[pack[up_position]],
        list(map(_CARD_OF, take_kitty(pack))),
    )


@dataclass(frozen=True, slots=True)
class FirstDealerDraw:
    """Cards dealt face up, one to each seat in turn from seat 0, until the deciding jack."""

    dealer: int
    cards: tuple[tuple[int, Card], ...]


def draw_first_dealer(profile: RuleProfile, rng: random.Random) -> FirstDealerDraw:
    """Deal face up from a shuffled pack until a jack (or a black jack, per the profile)."""
    pack = list(range(24))
    rng.shuffle(pack)
    dealt: list[tuple[int, Card]] = []
    for index, code in enumerate(pack):
        card = Card(code)
        seat = index % 4
        dealt.append((seat, card))
        if card.rank is Rank.JACK and (
            profile.first_dealer_jack == "any" or card.suit in (Suit.CLUBS, Suit.SPADES)
        ):
            return FirstDealerDraw(seat, tuple(dealt))
    raise EuchreError("no jack in the pack")  # pragma: no cover - a pack has four jacks
