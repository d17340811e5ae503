"""The hint in a player's words (issue 25, item 5): textbook positions get the sentence a
player would say ("lead trump: partner called it, and you hold the right bower"), not the
search's numbers."""

from __future__ import annotations

import pytest

from euchre.bots import make_bot
from euchre.bots.advice import advise
from euchre.bots.words import card_words, explain_forced, explain_move
from euchre.engine.actions import Action
from euchre.engine.record import HandRecord, replay
from euchre.engine.state import HandState
from euchre.engine.view import view_of
from tests.bots.helpers import PROFILES, called_spades, random_state
from tests.bots.textbook import POSITIONS, textbook_view
from tests.engine.helpers import act, deal, fill, going_under_deal

SENTENCES = {
    "maker_holding_the_right_bower_leads_trump": (
        "lead trump: you called it and hold the right bower; draw the defenders' trumps"
    ),
    "lead_trump_when_partner_made_it": "lead trump: partner called it",
    "first_seat_calls_next_with_right_queen_off_ace_and_a_void": (
        "call diamonds, next to the hearts turned down: you hold the right bower, the queen "
        "of diamonds, the ace of clubs and a void in hearts"
    ),
    "dealer_discards_the_cheaper_card_and_keeps_the_side_ace": (
        "discard the nine of diamonds: it leaves you void in diamonds, so you can trump "
        "them; keep the ace of clubs"
    ),
    "dealer_picks_up_the_right_bower_with_another_trump_and_an_off_ace": (
        "pick it up: with it you hold the right bower, the nine of hearts and the ace of clubs"
    ),
    "dealer_counts_the_up_card_he_picks_up_for_a_lone_hand": (
        "pick it up and go alone: with it you hold both bowers, the ace and king of hearts "
        "and the ace of clubs"
    ),
    "no_lone_hand_when_a_march_wins_the_game": (
        "order it up, not alone: you hold both bowers, the ace and king of hearts, the ace "
        "of spades and voids in clubs and diamonds, but a march wins the game, so a lone "
        "hand only adds risk"
    ),
}


@pytest.mark.parametrize("name", sorted(SENTENCES))
def test_the_hint_explains_the_textbook_move_in_a_players_words(name: str) -> None:
    advice = advise(make_bot("expert", 0), textbook_view(name))
    assert str(advice.action) in POSITIONS[name][2]
    assert advice.why == SENTENCES[name]
    assert "points" not in advice.why and "avg" not in advice.why
    assert advice.line() == f"expert: {advice.action} ({SENTENCES[name]})"


def test_lead_trump_partner_called_it_and_you_hold_the_right_bower() -> None:
    # The textbook's "lead trump when partner made it", with the right bower (the jack of
    # diamonds) in the leader's hand: the issue's own sentence.
    record = dict(POSITIONS["lead_trump_when_partner_made_it"][0])
    hands = [list(hand) for hand in record["hands"]]
    hands[0][0], hands[2][0] = "JD", "TD"
    record["hands"] = hands
    state = replay(HandRecord.from_json(record))
    view = view_of(state, 0)
    assert explain_move(view, Action.parse("play JD")) == (
        "lead trump: partner called it, and you hold the right bower"
    )


# Spades trump, called by seat 0 in round 2 (``called_spades``, tests/bots/helpers.py).
def test_trumping_in_partner_winning_and_a_boss_lead_in_words() -> None:
    state = called_spades()
    state.play("play AD")
    view = view_of(state, 1)
    assert explain_move(view, Action.parse("play QS")) == (
        "trump in with the queen of spades: you have no diamonds"
    )
    assert explain_move(view, Action.parse("play 9C")) == (
        "you cannot win this trick: throw off the nine of clubs"
    )
    state.play("play 9C")
    view = view_of(state, 2)  # partner's ace of diamonds holds the trick
    assert explain_move(view, Action.parse("play 9H")) == (
        "partner is winning the trick: play low, the nine of hearts"
    )
    state = called_spades()
    for text in ["play JS", "play QS", "play 9H", "play 9S", "play JC", "play AS", "play TH"]:
        state.play(text)
    state.play("play TS")
    view = view_of(state, 0)
    assert explain_move(view, Action.parse("play AD")) == (
        "lead the ace of diamonds: it is the best diamond left"
    )


def test_a_forced_card_is_explained_as_a_player_would_say_it() -> None:
    # Found by the play page's hint test on a secret deal: the one card a seat must follow
    # suit with read "The only legal action." (the engine's words).
    state = called_spades()
    for text in ["play AD", "play QS", "play 9H", "play TD", "play 9C"]:
        state.play(text)
    view = view_of(state, 2)  # clubs led: the king is seat 2's only club
    assert [str(action) for action in view.legal] == ["play KC"]
    assert explain_forced(view, view.legal[0]) == (
        "play the king of clubs: it is your only club, and you must follow suit"
    )
    advice = advise(make_bot("expert", 0), view)
    assert advice.why == explain_forced(view, view.legal[0])
    assert advice.detail == "the only legal action"
    for text in ["play KC", "play TS"]:  # the ten of spades trumps: seat 3 takes the trick
        state.play(text)
    while len(state.legal_actions()) > 1 or len(view_of(state, state.to_act).hand) > 1:
        state.play(str(state.legal_actions()[0]))
    last = view_of(state, state.to_act)
    assert explain_forced(last, last.legal[0]).endswith(": it is your last card")


def test_cards_are_named_as_players_name_them() -> None:
    jack_of_clubs = 2
    assert card_words(jack_of_clubs) == "the jack of clubs"
    assert card_words(jack_of_clubs, 0) == "the right bower"
    assert card_words(jack_of_clubs, 3) == "the left bower"
    assert card_words(23) == "the ace of spades"


def test_the_hint_keeps_the_bots_own_reason_as_detail() -> None:
    advice = advise(make_bot("pimc-basic", 0), textbook_view("lead_trump_when_partner_made_it"))
    assert advice.why.startswith("lead ")
    assert "points avg over" in advice.detail


def test_every_legal_move_of_every_profile_gets_words_or_the_bots_reason() -> None:
    said = 0
    for seed in range(60):
        profile = PROFILES[seed % len(PROFILES)]
        state = random_state(profile, seed, seed % 25)
        if state.is_over:
            continue
        view = view_of(state, state.to_act)
        for action in view.legal:
            words = explain_move(view, action)
            assert words is None or (words and "\n" not in words)
            said += words is not None
    assert said > 100


def _say(state: HandState, text: str) -> str | None:
    view = view_of(state, state.to_act)
    return explain_move(view, next(a for a in view.legal if str(a) == text))


def test_defending_alone_is_said_in_a_players_words() -> None:
    # A club's sheet with the defend-alone option: seat 1 orders the ace of diamonds alone,
    # seat 2 (the ace, king, queen, jack of clubs and the nine of diamonds) may defend alone.
    hands = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]
    state = act(deal("tournament", hands, "AD", defend_alone=True).start(), "order alone")
    assert state.to_act == 2
    assert _say(state, "defend alone") == (
        "defend alone: you hold the nine of diamonds and the ace of clubs; take three tricks "
        "from the lone hand by yourself and your side scores 4"
    )
    assert _say(state, "pass") == (
        "defend with your partner: one trump is not enough to take three tricks from the lone "
        "hand by yourself"
    )


def test_ballantrae_fold_is_said_in_a_players_words() -> None:
    # Ballantrae's general rule 7: no ace, no face card, no trump may fold; the same dealer
    # deals again. Seat 1 orders the ace of diamonds: seat 3 is its partner, seat 2 is not.
    fold = "fold: you hold no ace, no face card and no trump, so the same dealer deals again"
    ours = "play on: your side made trump, and folding would throw its hand away"
    theirs = "play on: your partner may still take three tricks and euchre the makers"
    for seat, advised, words in [(3, "pass", ours), (2, "fold", fold)]:
        record = fill("ballantrae", {seat: "9C TC 9S TS 9H", 0: "QD KD AC KC QC"}, "AD")
        state = act(record.start(), "order", "discard AC")
        assert state.to_act == seat
        assert _say(state, "fold") == fold
        assert _say(state, "pass") == (ours if seat == 3 else theirs)
        advice = advise(make_bot("expert", 0), view_of(state, seat))
        assert str(advice.action) == advised and advice.why == words


def test_going_under_is_said_in_a_players_words() -> None:
    record = going_under_deal()
    state = record.start()
    assert _say(state, "go under 9C TC 9S") == (
        "go under with the nine of clubs, the ten of clubs and the nine of spades: a hand of "
        "nines and tens can only gain from the kitty's bottom three"
    )
    assert _say(state, "pass") == (
        "keep your hand: nines and tens still follow suit, and the kitty may be no better"
    )
