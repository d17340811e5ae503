"""Making trump, clause by clause, for every profile (see ../shared/RULES.md)."""

from __future__ import annotations

import pytest

from euchre.engine import BUILTIN_PROFILES, HandStatus, Phase, load_profile
from euchre.engine.cards import Card, card_mask
from euchre.engine.choices import AllPass

from .helpers import act, deal, fill, going_under_deal, legal_texts

ALL = list(BUILTIN_PROFILES)
STICK = [name for name in ALL if load_profile(name).all_pass is AllPass.STICK_THE_DEALER]
"""Every sheet whose dealer is stuck (from the registry, so a new sheet is tested too)."""

# Dealer 0; eldest 1; dealer's partner 2; seat 3 on the dealer's right.
STANDARD = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_round_one_starts_left_of_dealer(profile: str) -> None:
    state = deal(profile, STANDARD, "AD", dealer=0).start()
    assert state.phase is Phase.BID_ROUND_1
    assert state.to_act == 1


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_order_up_while_void_in_that_suit_is_allowed(profile: str) -> None:
    # Seat 3 holds no diamond at all but may still order the AD up.
    state = act(deal(profile, STANDARD, "AD").start(), "pass", "pass")
    assert state.to_act == 3
    assert "order" in legal_texts(state)


def test_ballantrae_dealer_needs_another_trump_to_pick_up() -> None:
    # General rule 6: the dealer holds only the left bower (JH) as "other trump": not enough.
    record = fill("ballantrae", {0: "JH 9C TC 9S TS"}, "AD")
    state = act(record.start(), "pass", "pass", "pass")
    assert state.to_act == 0
    assert legal_texts(state) == ["pass"]


def test_ballantrae_dealer_with_another_trump_may_pick_up() -> None:
    record = fill("ballantrae", {0: "9D 9C TC 9S TS"}, "AD")
    state = act(record.start(), "pass", "pass", "pass")
    assert legal_texts(state) == ["pass", "order", "order alone"]


def test_ballantrae_dealer_ordered_up_by_an_opponent_needs_no_other_trump() -> None:
    # Rule 6 restricts the dealer's own choice ("If the dealer chooses to pick up").
    record = fill("ballantrae", {0: "JH 9C TC 9S TS"}, "AD")
    state = act(record.start(), "order")
    assert state.phase is Phase.DISCARD and state.to_act == 0


@pytest.mark.parametrize(
    "profile", [name for name in ALL if not load_profile(name).dealer_needs_other_trump]
)
def test_other_sheets_dealer_may_pick_up_without_another_trump(profile: str) -> None:
    record = fill(profile, {0: "JH 9C TC 9S TS"}, "AD")
    state = act(record.start(), "pass", "pass", "pass")
    assert "order" in legal_texts(state)


def test_ballantrae_dealers_partner_ordering_must_go_alone() -> None:
    state = act(deal("ballantrae", STANDARD, "AD").start(), "pass")
    assert state.to_act == 2
    assert legal_texts(state) == ["pass", "order alone"]
    act(state, "order alone")
    # "the dealer is not allowed to play": the dealer sits out, picks nothing up.
    assert state.active == [False, True, True, True]
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert state.hands[0] == card_mask(Card.parse(c) for c in STANDARD[0].split())


@pytest.mark.parametrize("profile", ["bolivar", "tournament"])
def test_bolivar_and_tournament_dealers_partner_not_required_to_go_alone(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "pass")
    assert "order" in legal_texts(state)
    act(state, "order")
    assert state.phase is Phase.DISCARD and state.to_act == 0
    assert state.active == [True, True, True, True]


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_dealer_picks_up_and_discards(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "order")
    assert state.hands[0] >> Card.parse("AD") & 1
    six = ["9C", "TC", "QD", "AD", "9H", "TH"]
    if profile == "ballantrae":
        six.remove("AD")  # "discards (face-down) another card": see the Ballantrae test below
    assert legal_texts(state) == [f"discard {c}" for c in six]
    act(state, "discard 9C")
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert state.discarded == Card.parse("9C")


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_turned_down_suit_cannot_be_called(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "pass", "pass", "pass", "pass")
    assert state.phase is Phase.BID_ROUND_2
    legal = legal_texts(state)
    assert "call D" not in legal and "call D alone" not in legal
    assert {"call C", "call H", "call S"} <= set(legal)


@pytest.mark.parametrize("profile", STICK)
def test_stick_the_dealer(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), *["pass"] * 7)
    assert state.to_act == 0
    assert "pass" not in legal_texts(state)
    act(state, "call S")
    assert state.trump == 3 and state.maker == 0


def test_questions_all_pass_twice_throws_in() -> None:
    state = act(deal("questions", STANDARD, "AD").start(), *["pass"] * 8)
    assert state.is_over
    result = state.result()
    assert result.status is HandStatus.THROWN_IN
    assert result.team_points == (0, 0)


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_going_alone_partner_sits_out(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "order alone")
    assert state.alone and state.maker == 1
    assert state.active == [True, True, True, False]


def test_ballantrae_opening_lead_across_from_dealer_when_eldests_partner_goes_alone() -> None:
    # "if this player's partner is playing alone, it is made by the player across from the dealer"
    state = act(deal("ballantrae", STANDARD, "AD").start(), "pass", "pass", "order alone")
    act(state, "discard 9C")
    assert state.active == [True, False, True, True]
    assert state.phase is Phase.PLAY and state.to_act == 2


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_call_alone_in_round_two(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), *["pass"] * 4, "call H alone")
    assert state.trump == 2 and state.alone and state.maker == 1
    assert state.phase is Phase.PLAY and state.to_act == 1


def test_bolivar_defending_alone_not_allowed() -> None:
    state = act(deal("bolivar", STANDARD, "AD").start(), "order alone")
    assert state.phase is Phase.DISCARD  # no chance to defend alone


def test_tournament_defend_alone_variant_only_players_after_the_caller() -> None:
    record = deal("tournament", STANDARD, "AD", defend_alone=True)
    state = act(record.start(), "pass", "pass", "order alone")  # seat 3 alone; seat 2 passed
    assert state.phase is Phase.DEFEND and state.to_act == 0
    assert legal_texts(state) == ["pass", "defend alone"]
    act(state, "pass")
    assert state.phase is Phase.DISCARD


def test_tournament_defend_alone_variant_heads_up_play() -> None:
    record = deal("tournament", STANDARD, "AD", defend_alone=True)
    state = act(record.start(), "order alone")  # seat 1; opponents 2 then 0 may defend
    assert state.to_act == 2
    act(state, "defend alone")
    # Both partners sit out; the dealer (2's partner) sits out and picks nothing up.
    assert state.active == [False, True, True, False]
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert state.hands[0].bit_count() == 5


def test_bolivar_no_farmers_hand() -> None:
    state = fill("bolivar", {1: "9C TC 9D TD 9S"}, "AD").start()
    assert state.phase is Phase.BID_ROUND_1


def test_tournament_farmers_hand_variant_redeals() -> None:
    state = fill("tournament", {1: "9C TC 9D TD 9S"}, "AD", farmers_hand_redeal=True).start()
    assert state.is_over and state.result().status is HandStatus.REDEAL
    assert state.legal_actions() == []


def test_ballantrae_fold_with_no_ace_face_or_trump() -> None:
    record = fill("ballantrae", {3: "9C TC 9S TS 9H", 0: "QD KD AC KC QC"}, "AD")
    state = act(record.start(), "order", "discard AC")
    assert state.phase is Phase.FOLD and state.to_act == 3
    assert legal_texts(state) == ["pass", "fold"]
    act(state, "fold")
    assert state.result().status is HandStatus.REDEAL


def test_ballantrae_no_fold_while_holding_a_trump() -> None:
    record = fill("ballantrae", {3: "9C TC 9S TS 9D", 0: "QD KD AC KC QC"}, "AD")
    state = act(record.start(), "order", "discard AC")
    assert state.phase is Phase.PLAY


def test_ballantrae_fold_declined_play_goes_on() -> None:
    record = fill("ballantrae", {3: "9C TC 9S TS 9H", 0: "QD KD AC KC QC"}, "AD")
    state = act(record.start(), "order", "discard AC", "pass")
    assert state.phase is Phase.PLAY and state.to_act == 1


def test_tournament_going_under_variant_swaps_with_the_kitty_bottom() -> None:
    record = going_under_deal()
    state = record.start()
    assert state.phase is Phase.GO_UNDER and state.to_act == 1
    legal = legal_texts(state)
    assert legal[0] == "pass" and len(legal) == 11  # pass + C(5, 3) swaps
    act(state, "go under 9C TC 9S")
    assert state.hand_of(1) == [Card.parse(c) for c in ["9D", "TD", "JD", "QD", "9H"]]
    assert sorted(state.kitty) == sorted(Card.parse(c) for c in ["9C", "TC", "9S"])
    assert state.phase is Phase.BID_ROUND_1 and state.to_act == 1


def test_tournament_natural_trump_variant_needs_the_up_cards_suit() -> None:
    record = deal("tournament", STANDARD, "AD", natural_trump=True)
    state = record.start()
    # Seat 1 holds JD: a diamond, may order. Seat 3 holds none.
    assert "order" in legal_texts(state)
    act(state, "pass", "pass")
    assert legal_texts(state) == ["pass"]


def test_tournament_natural_trump_variant_left_bower_counts() -> None:
    record = fill("tournament", {1: "JH 9C TC 9S TS"}, "AD", natural_trump=True)
    assert "order" in legal_texts(record.start())
