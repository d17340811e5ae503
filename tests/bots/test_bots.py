"""Every bot plays legally under every profile; the rules bot's judgement; pimc's contract."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.bots import BOT_FACTORIES, Bot, make_bot
from euchre.bots.pimc import PimcBot
from euchre.bots.rules import RulesBot, choose_discard, hand_strength
from euchre.engine.actions import Action
from euchre.engine.cards import card_mask, parse_cards
from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.engine.state import Phase
from euchre.engine.view import view_of
from tests.bots.helpers import PROFILES, play_legally, random_state, state_from_text


def _play_hand(profile_index: int, seed: int, names: list[str]) -> None:
    profile = PROFILES[profile_index]
    rng = random.Random(seed)
    state = deal_record(profile, rng.randrange(4), rng).start()
    bots: list[Bot] = [make_bot(names[seat % len(names)], seed + seat) for seat in range(4)]
    play_legally(state, bots)


@settings(max_examples=60)
@given(seed=st.integers(0, 10**9), profile_index=st.integers(0, len(PROFILES) - 1))
def test_rules_and_random_play_legally_under_every_profile(seed: int, profile_index: int) -> None:
    _play_hand(profile_index, seed, ["rules", "random"])


@settings(max_examples=12)
@given(seed=st.integers(0, 10**9), profile_index=st.integers(0, len(PROFILES) - 1))
def test_pimc_plays_legally_under_every_profile(seed: int, profile_index: int) -> None:
    _play_hand(profile_index, seed, ["pimc", "rules"])


def test_every_registered_bot_follows_the_protocol() -> None:
    for name in BOT_FACTORIES:
        bot = make_bot(name, 1)
        assert isinstance(bot, Bot)
        assert bot.name == name


def test_unknown_bot_name_is_an_error_naming_it() -> None:
    with pytest.raises(EuchreError, match="'nobody'"):
        make_bot("nobody")


def test_hand_strength_ranks_bowers_over_low_trumps() -> None:
    strong = card_mask(parse_cards("JH JD AH KS AC"))
    weak = card_mask(parse_cards("9H TH QS KC 9D"))
    assert hand_strength(strong, 2) > 9 > 5 > hand_strength(weak, 2)


def test_dealer_discards_a_singleton_to_make_a_void() -> None:
    hand = card_mask(parse_cards("JH AH KH 9C TS QS"))
    assert choose_discard(hand, 2) == parse_cards("9C")[0]


def test_dealer_never_discards_trump_while_holding_plain_cards() -> None:
    hand = card_mask(parse_cards("9H TH QH KH AC AS"))
    discard = choose_discard(hand, 2)
    assert discard in parse_cards("AC AS")


_BORDERLINE = ["9C TC QC KD QS", "JH QH 9H AC 9S", "AD TD JC TS KS", "TH AH JD QD AS"]


def _questions_view(scores: tuple[int, int]) -> Action:
    # Seat 1 (eldest, dealer 0) decides on the KH up-card; a borderline hand for hearts.
    state = state_from_text(load_profile("questions"), 0, _BORDERLINE, "KH", "9D KC JS")
    return RulesBot(0).choose(view_of(state, 1, scores))


def test_rules_bot_orders_more_boldly_when_the_opponents_near_game() -> None:
    assert str(_questions_view((0, 0))) == "pass"
    assert str(_questions_view((9, 0))) == "order"


def test_rules_bot_will_not_go_alone_when_a_march_wins_the_game() -> None:
    hands = ["9C TC QC KD QS", "AD TD JC TS KS", "JH JD AH KH QH", "TH 9D QD AS KC"]
    state = state_from_text(load_profile("questions"), 0, hands, "9H", "9S AC JS")
    state.play("pass")
    assert str(RulesBot(0).choose(view_of(state, 2, (0, 0)))) == "order alone"
    assert str(RulesBot(0).choose(view_of(state, 2, (9, 0)))) == "order"


def test_rules_bot_leads_trump_as_maker() -> None:
    hands = ["JH JD AS KH 9S", "9C TC AC KD QS", "QC TD JC TS KS", "TH 9D QD AH KC"]
    state = state_from_text(load_profile("tournament"), 3, hands, "QH", "AD JS 9H")
    state.play("order")
    state.play("discard KC")
    assert str(RulesBot(0).choose(view_of(state, 0))) == "play JH"


def test_rules_bot_ducks_when_partner_has_the_trick() -> None:
    hands = ["9C TC AC KD QS", "JH JD AS KH 9S", "QC TD JC TS KS", "TH 9D QD AH KC"]
    state = state_from_text(load_profile("tournament"), 3, hands, "QH", "AD JS 9H")
    for action in ["pass", "pass", "pass", "pass", "call S", "play AC", "play 9S"]:
        state.play(action)
    # Seat 2 follows clubs behind partner's ace (the boss card): it plays its lowest club.
    assert str(RulesBot(0).choose(view_of(state, 2))) == "play QC"


def test_pimc_explains_in_one_line_and_picks_its_best() -> None:
    state = random_state(load_profile("tournament"), 5, 0)
    while state.phase is not Phase.PLAY:
        state.apply(state.legal_actions()[0])
    bot = PimcBot(1, worlds=8)
    view = view_of(state, state.to_act)
    line = bot.explain(view)
    assert "\n" not in line and line.startswith("pimc: play ")
    evaluation = bot.evaluate(view)
    assert evaluation is not None and evaluation.worlds == 8
    assert set(evaluation.actions) == set(view.legal)


def test_pimc_rejects_nonsense_world_counts() -> None:
    with pytest.raises(ValueError, match="positive"):
        PimcBot(0, worlds=0)
