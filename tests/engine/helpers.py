"""Helpers for building exact deals and finding playouts in engine tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from euchre.engine import Card, HandRecord, HandResult, HandState, load_profile
from euchre.engine.actions import Action
from euchre.engine.cards import Rank, card_mask, parse_cards
from euchre.engine.profile import RuleProfile

LOW_CARDS = [suit * 6 + rank for suit in range(4) for rank in (Rank.NINE, Rank.TEN)]
"""The nines and tens: a farmer's hand is five of them."""


def farmer_deal(
    profile: RuleProfile,
    dealer: int,
    rng: random.Random,
    seat: int,
    low: list[int],
    *,
    profile_name: str = "",
    profile_options: dict[str, Any] | None = None,
) -> HandRecord:
    """A deal in which ``seat`` holds the five cards ``low`` and the other 19 are shuffled by
    ``rng`` into the other hands (in seat order), the up card and the kitty."""
    rest = [card for card in range(24) if card not in low]
    rng.shuffle(rest)
    hands = [low if other == seat else [rest.pop() for _ in range(5)] for other in range(4)]
    up_card = rest.pop()
    return HandRecord(
        profile,
        dealer,
        tuple(tuple(Card(card) for card in sorted(hand)) for hand in hands),
        Card(up_card),
        tuple(Card(card) for card in rest),
        profile_name=profile_name,
        profile_options=dict(profile_options or {}),
    )


def deal(
    profile: str | RuleProfile,
    hands: Sequence[str],
    up: str,
    *,
    dealer: int = 0,
    kitty: str | None = None,
    **options: object,
) -> HandRecord:
    """A record for an exact deal; the kitty defaults to the three cards nobody holds."""
    rules = load_profile(profile) if isinstance(profile, str) else profile
    if options:
        rules = rules.replace(**options)
    held = [tuple(sorted(parse_cards(hand))) for hand in hands]
    up_card = Card.parse(up)
    if kitty is None:
        used = card_mask([*[c for hand in held for c in hand], up_card])
        rest = tuple(Card(i) for i in range(24) if not used >> i & 1)
    else:
        rest = tuple(parse_cards(kitty))
    assert len(rest) == 3, rest
    return HandRecord(rules, dealer, tuple(held), up_card, rest)


def going_under_deal() -> HandRecord:
    """``tournament`` with the going-under variant: seat 1 holds only nines and tens
    (9C TC 9D TD 9S) and the kitty's bottom three are QD JD 9H."""
    return deal(
        "tournament",
        ["AH KH QH JH TH", "9C TC 9D TD 9S", "AC KC QC JC AD", "AS KS QS JS TS"],
        "KD",
        kitty="QD JD 9H",
        going_under=True,
    )


def act(state: HandState, *actions: str) -> HandState:
    """Play actions given as text, checked."""
    for text in actions:
        state.play(text)
    return state


def legal_texts(state: HandState) -> list[str]:
    """The legal actions as text."""
    return [str(action) for action in state.legal_actions()]


def playout(state: HandState, seed: int) -> HandState:
    """Random legal play to the end from a copy of ``state``."""
    rng = random.Random(seed)
    state = state.clone()
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def find_playout(
    state: HandState, predicate: Callable[[HandResult], bool], tries: int = 20000
) -> HandResult:
    """The result of the first seeded random playout whose result satisfies ``predicate``."""
    for seed in range(tries):
        result = playout(state, seed).result()
        if predicate(result):
            return result
    raise AssertionError("no playout satisfied the predicate")


def actions_text(actions: Sequence[Action]) -> list[str]:
    """Action list as text."""
    return [str(action) for action in actions]


def fill(
    profile: str | RuleProfile,
    partial: dict[int, str],
    up: str,
    *,
    dealer: int = 0,
    **options: object,
) -> HandRecord:
    """A deal with some hands given; the other seats get the remaining cards in index order."""
    given = {seat: parse_cards(text) for seat, text in partial.items()}
    used = card_mask([*[c for hand in given.values() for c in hand], Card.parse(up)])
    rest = [Card(i) for i in range(24) if not used >> i & 1]
    hands: list[str] = []
    for seat in range(4):
        if seat in given:
            hands.append(" ".join(str(c) for c in given[seat]))
        else:
            hands.append(" ".join(str(c) for c in rest[:5]))
            rest = rest[5:]
    return deal(profile, hands, up, dealer=dealer, kitty=" ".join(str(c) for c in rest), **options)


_INT_CANDIDATES = (2, 3, 6, 1)
"""Values tried for an integer play option, the first two that a built-in allows (all
positive: a hand always scores someone)."""

_MATTERS_WITH: dict[str, dict[str, object]] = {"points_defend_alone": {"defend_alone": True}}
"""Options that change nothing unless another is on: the case turns that one on too."""


def play_option_cases() -> list[tuple[str, dict[str, object]]]:
    """Cases for every option whose metadata says it affects play (``PLAY_OPTIONS``): each
    choice and each boolean value, and two values of each integer, each on the first built-in
    profile that allows it and does not already have it. Read from the profile's own metadata,
    so a new play-affecting option is tried by every test that uses these cases."""
    from euchre.engine import BUILTIN_PROFILES, RuleProfileError
    from euchre.engine.profile import OPTION_SPECS, PLAY_OPTIONS

    cases: list[tuple[str, dict[str, object]]] = []
    for name in PLAY_OPTIONS:
        spec = OPTION_SPECS[name]
        values: tuple[object, ...]
        wanted = 2
        if spec.choices is not None:
            values = tuple(str(choice) for choice in spec.choices)
            wanted = len(values)
        elif spec.kind is bool:
            values = (True, False)
        else:
            values = _INT_CANDIDATES
        found = 0
        for value in values:
            overrides = {**_MATTERS_WITH.get(name, {}), name: value}
            for profile_id in BUILTIN_PROFILES:
                profile = load_profile(profile_id)
                if getattr(profile, name) == value:
                    continue
                try:
                    profile.replace(**overrides)
                except RuleProfileError:
                    continue
                cases.append((profile_id, overrides))
                found += 1
                break
            if found == wanted:
                break
    return cases
