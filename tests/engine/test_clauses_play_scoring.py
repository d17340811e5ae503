"""Play and the scoring of one hand, clause by clause, for every profile."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from euchre.cli.main import app
from euchre.engine import BUILTIN_PROFILES, HandStatus, load_profile
from euchre.engine.cards import Card, Rank, Suit, effective_suit, trump_rank
from euchre.engine.errors import RuleProfileError
from euchre.engine.record import deal_cards, deal_record

from .helpers import act, deal, find_playout, legal_texts

ALL = list(BUILTIN_PROFILES)
STANDARD = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]
# Seat 1 orders the AH holding only the QH: often euchred.
WEAK = ["9C AC JH 9S TS", "QD QH QS KS AS", "JC KC JD KD KH", "TC QC 9H TH JS"]


def test_all_sheets_deck_is_24_cards_nine_to_ace() -> None:
    assert len({Card(i) for i in range(24)}) == 24
    assert {card.rank for card in map(Card, range(24))} == set(Rank)
    assert str(Card.parse("10h")) == "TH" and str(Card.parse("A♠")) == "AS"


@pytest.mark.parametrize("trump", list(Suit))
def test_all_sheets_trump_order_right_left_ace_king_queen_ten_nine(trump: Suit) -> None:
    order = [
        Card.of(Rank.JACK, trump),
        Card.of(Rank.JACK, trump.same_colour),
        *(Card.of(rank, trump) for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)),
    ]
    assert [trump_rank(card, trump) for card in order] == list(range(7))
    assert effective_suit(Card.of(Rank.JACK, trump.same_colour), trump) is trump


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_left_bower_belongs_to_trump_when_following(profile: str) -> None:
    # All pass the AH; seat 1 names spades in round 2, so JC is the left bower, JD plain.
    record = deal(
        profile, ["9D TD AC KC QC", "JD 9S TS QS KS", "9C TC JC AD KD", "AS JS QD 9H TH"], "AH"
    )
    state = act(record.start(), *["pass"] * 4, "call S")  # seat 1 names spades; JC is left bower
    # Eldest (1) leads; diamonds led: seat 2 must follow with a diamond (AD or KD).
    act(state, "play JD")  # JD is a plain diamond under spades trump
    assert set(legal_texts(state)) == {"play AD", "play KD"}


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_left_bower_need_not_follow_its_printed_suit(profile: str) -> None:
    record = deal(
        profile, ["9D TD AC KC QC", "JD 9S TS QS KS", "9C TC JC AD KD", "AS JS QD 9H TH"], "AH"
    )
    state = act(record.start(), *["pass"] * 4, "call S", "play 9S")
    # Seat 2 holds JC (left bower, a spade now) and must follow spades with it.
    assert legal_texts(state) == ["play JC"]
    act(state, "play JC", "play AS", "play QC")
    # Seat 2 won with the left bower over the AS.
    assert state.tricks == [2]


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_must_follow_suit_else_any_card(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "order", "discard 9C", "play AH")
    # Seat 2 has no heart (trump diamonds: JH is the left bower, held by seat 1 anyway).
    assert set(legal_texts(state)) == {"play AC", "play KC", "play QC", "play JC", "play 9D"}


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_highest_trump_wins_else_highest_of_suit_led(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "order", "discard 9C")
    act(state, "play KH", "play AC", "play AS", "play 9H")
    assert state.tricks == [1]  # no trump played: KH, highest heart
    act(state, "play QH", "play 9D", "play KS", "play TH")
    assert state.tricks == [1, 2]  # 9D, the only trump, wins


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_winner_leads_next(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "order", "discard 9C")
    act(state, "play KH", "play AC", "play AS", "play 9H")
    assert state.to_act == 1 and state.leader == 1


def _points(
    profile: str, alone: bool, maker_tricks: int, *, weak: bool = False
) -> tuple[int, int, tuple[int, ...]]:
    """(makers' points, defenders' points, player points) of a playout where the makers take
    ``maker_tricks``. Seat 1 makes: strong in STANDARD (both bowers), weak in WEAK."""
    bid = "order alone" if alone else "order"
    record = deal(profile, WEAK, "AH") if weak else deal(profile, STANDARD, "AD")
    state = act(record.start(), bid)
    if state.phase.name == "DISCARD":
        act(state, "discard 9C")
    result = find_playout(state, lambda r: r.maker_tricks == maker_tricks)
    makers = result.maker or 0
    return result.team_points[makers % 2], result.team_points[1 - makers % 2], result.player_points


EXPECTED = {
    # profile: (made, march, lone made, lone march, euchre, defenders all five, euchre vs lone)
    "ballantrae": (1, 2, 1, 4, 2, 2, 2),
    "bolivar": (1, 2, 1, 4, 2, 2, 2),
    "questions": (1, 2, 2, 4, 2, 4, 2),
    "valpo": (1, 2, 1, 4, 2, 2, 2),
    "tournament": (1, 2, 1, 4, 2, 2, 2),
    "tournament_partners": (1, 2, 1, 4, 2, 2, 2),
}


@pytest.mark.parametrize("profile", ALL)
def test_scoring_makers_take_three_or_four(profile: str) -> None:
    for tricks in (3, 4):
        makers, defenders, _ = _points(profile, False, tricks)
        assert (makers, defenders) == (EXPECTED[profile][0], 0)


@pytest.mark.parametrize("profile", ALL)
def test_scoring_makers_march(profile: str) -> None:
    makers, defenders, _ = _points(profile, False, 5)
    assert (makers, defenders) == (EXPECTED[profile][1], 0)


@pytest.mark.parametrize("profile", ALL)
def test_scoring_lone_hand_takes_three_or_four(profile: str) -> None:
    makers, _, _ = _points(profile, True, 3)
    assert makers == EXPECTED[profile][2]


@pytest.mark.parametrize("profile", ALL)
def test_scoring_lone_hand_march(profile: str) -> None:
    makers, _, _ = _points(profile, True, 5)
    assert makers == EXPECTED[profile][3]


@pytest.mark.parametrize("profile", ALL)
def test_scoring_makers_euchred(profile: str) -> None:
    for tricks in (1, 2):
        makers, defenders, _ = _points(profile, False, tricks, weak=True)
        assert (makers, defenders) == (0, EXPECTED[profile][4])


@pytest.mark.parametrize("profile", ALL)
def test_scoring_defenders_take_all_five(profile: str) -> None:
    makers, defenders, _ = _points(profile, False, 0, weak=True)
    assert (makers, defenders) == (0, EXPECTED[profile][5])


@pytest.mark.parametrize("profile", ALL)
def test_scoring_lone_hand_euchred_scores_two(profile: str) -> None:
    makers, defenders, _ = _points(profile, True, 2, weak=True)
    assert (makers, defenders) == (0, EXPECTED[profile][6])


def test_questions_defenders_all_five_against_a_loner_scores_four() -> None:
    makers, defenders, _ = _points("questions", True, 0, weak=True)
    assert (makers, defenders) == (0, 4)


def test_bolivar_individual_lone_march_maker_four_partner_four() -> None:
    _, _, players = _points("bolivar", True, 5)
    assert players == (0, 4, 0, 4)


def test_tournament_individual_lone_march_maker_five_partner_four() -> None:
    _, _, players = _points("tournament", True, 5)
    assert players == (0, 5, 0, 4)


def test_tournament_individual_points_equal_team_points_otherwise() -> None:
    _, _, players = _points("tournament", False, 5)
    assert players == (0, 2, 0, 2)


def test_tournament_defend_alone_variant_scores_four_either_way() -> None:
    record = deal("tournament", STANDARD, "AD", defend_alone=True)
    state = act(record.start(), "order alone", "defend alone")
    won = find_playout(state, lambda r: r.maker_tricks >= 3)
    lost = find_playout(state, lambda r: r.maker_tricks < 3)
    assert won.team_points == (0, 4)
    assert lost.team_points == (4, 0)
    assert won.defender_alone == 2


@pytest.mark.parametrize("profile", ALL)
def test_all_sheets_lone_hand_plays_three_cards_a_trick(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "pass", "pass", "pass", "order alone")
    act(state, "discard 9C")
    assert state.to_act == 1
    # The dealer (0) is alone; his partner (2) sits out, so play goes 1 -> 3 -> 0.
    act(state, "play AH")
    assert state.to_act == 3
    act(state, "play AS", "play 9H")
    assert state.tricks == [1] and state.to_act == 1


def test_ballantrae_deal_five_cards_one_at_a_time() -> None:
    hands, up, kitty = deal_cards(load_profile("ballantrae"), 0, list(range(24)))
    assert hands[1] == [Card(i) for i in (0, 4, 8, 12, 16)]
    assert hands[0] == [Card(i) for i in (3, 7, 11, 15, 19)]
    assert up == Card(20) and kitty == [Card(21), Card(22), Card(23)]


@pytest.mark.parametrize(
    "profile",
    [name for name in BUILTIN_PROFILES if load_profile(name).deal_style != "one_at_a_time"],
)
def test_deal_in_twos_and_threes_up_card_is_the_21st_card(profile: str) -> None:
    hands, up, _ = deal_cards(load_profile(profile), 3, list(range(24)))
    assert hands[0] == [Card(i) for i in (0, 1, 10, 11, 12)]
    assert hands[1] == [Card(i) for i in (2, 3, 4, 13, 14)]
    assert up == Card(20)


@pytest.mark.parametrize("profile", ALL)
def test_same_seed_same_deal(profile: str) -> None:
    rules = load_profile(profile)
    first = deal_record(rules, 1, random.Random(7)).to_json()
    assert first == deal_record(rules, 1, random.Random(7)).to_json()
    assert first != deal_record(rules, 1, random.Random(8)).to_json()


@pytest.mark.parametrize("profile", ALL)
def test_scored_hand_status(profile: str) -> None:
    state = act(deal(profile, STANDARD, "AD").start(), "order", "discard 9C")
    result = find_playout(state, lambda r: True)
    assert result.status is HandStatus.SCORED and len(result.tricks) == 5


# --- Who leads a lone hand ---------------------------------------------------------------------
def _first_leader(profile: str, actions: list[str], **options: object) -> int:
    """The seat that leads the first trick after ``actions`` (dealer 0), by ``euchre replay``."""
    data = deal(profile, STANDARD, "AD").to_json()
    data["actions"] = actions
    if options:
        data["profile_options"] = options
    result = CliRunner().invoke(app, ["replay", "-"], input=json.dumps(data))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["phase"] == "play", out
    return int(out["to_act"])


LEFT_OF_LONER: dict[str, object] = {"lone_hand_lead": "left_of_loner"}


def test_questions_once_trump_is_declared_the_player_left_of_the_dealer_plays_the_first_card() -> (
    None
):
    # "Once a team has declared trump, the player to the left of the dealer plays the first
    # card": seat 2, the dealer's partner, orders alone (the dealer sits out); seat 1 leads.
    assert _first_leader("questions", ["pass", "order alone"]) == 1


def test_lone_hand_lead_left_of_the_loner_house_option_of_online_sites_recorded_finals() -> None:
    # The house option: the player on the lone caller's left leads the first trick.
    assert _first_leader("valpo", ["pass", "order alone"], **LEFT_OF_LONER) == 3
    assert _first_leader("valpo", ["pass", "order alone"]) == 1
    # Seat 1 alone: he leads from the dealer's left; his own left is seat 2.
    assert _first_leader("valpo", ["order alone", "discard 9C"]) == 1
    assert _first_leader("valpo", ["order alone", "discard 9C"], **LEFT_OF_LONER) == 2
    # A hand played with partners keeps the dealer's left.
    assert _first_leader("valpo", ["order", "discard 9C"], **LEFT_OF_LONER) == 1
    # Seat 1 alone and seat 0 defends alone: seat 2 (his left) sits out, so the lead passes on
    # clockwise past seat 3 (the loner's partner) to seat 0.
    defended = ["order alone", "pass", "defend alone", "discard 9C"]
    options = {**LEFT_OF_LONER, "defend_alone": True}
    assert _first_leader("valpo", defended, **options) == 0
    assert _first_leader("valpo", defended, defend_alone=True) == 1


def test_lone_hand_lead_left_of_the_loner_needs_lone_hands_and_no_early_lead_rule() -> None:
    with pytest.raises(RuleProfileError, match="'lone_hand_lead' = 'left_of_loner' cannot be"):
        load_profile("tournament").replace(lone_hand_lead="left_of_loner")
    with pytest.raises(RuleProfileError, match="needs 'going_alone'"):
        load_profile("valpo").replace(lone_hand_lead="left_of_loner", going_alone=False)
