"""Issue 10: the sheets' clauses an independent referee found unmet, each checked on a hand
record (the deal and the actions a director would write down)."""

from __future__ import annotations

import pytest

from euchre.engine import Action, HandStatus, Phase, load_profile
from euchre.engine.errors import IllegalActionError
from euchre.engine.game import Game
from euchre.engine.irregularities import (
    HandOutcome,
    Irregularity,
    adjudicate,
    check_renege,
    lone_team_of,
)
from euchre.engine.profile import RuleProfile
from euchre.engine.record import HandRecord, replay

from .helpers import act, deal, legal_texts

# Dealer 0; eldest (first seat) 1; dealer's partner (second seat) 2; seat 3 on his right.
# Up-card AD; the kitty under it holds TD KD 9S.
STANDARD = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]


def record_of(
    profile: str | RuleProfile, actions: list[str], hands: list[str] | None = None
) -> HandRecord:
    """A hand record of the standard deal (or ``hands``) with ``actions``."""
    base = deal(profile, hands or STANDARD, "AD")
    return base.with_actions([Action.parse(text) for text in actions])


# --- Ballantrae ---------------------------------------------------------------------------
def test_ballantrae_dealer_partner_must_go_alone_if_they_make_trump_in_round_two() -> None:
    # "Any player who makes Trump has the option to declare they're Going Alone (except the
    # dealer's partner, who must go alone if they make Trump)": round 2 too.
    state = replay(record_of("ballantrae", ["pass", "pass", "pass", "pass", "pass"]))
    assert state.phase is Phase.BID_ROUND_2 and state.to_act == 2
    assert legal_texts(state) == ["pass", "call C alone", "call H alone", "call S alone"]
    with pytest.raises(IllegalActionError, match="legal: pass, call C alone"):
        replay(record_of("ballantrae", ["pass"] * 5 + ["call C"]))
    other_seat = replay(record_of("ballantrae", ["pass"] * 4))
    assert "call C" in legal_texts(other_seat)  # seat 1 may call without going alone


def test_order_up_only_the_dealers_partner_goes_alone_when_he_orders_not_when_he_names() -> None:
    # MIET: "A dealer's partner must go alone if they order the dealer up": round 1 only.
    rules = load_profile("tournament").replace(dealer_partner_must_go_alone="order_up")
    first = replay(record_of(rules, ["pass"]))
    assert first.to_act == 2
    assert legal_texts(first) == ["pass", "order alone"]
    with pytest.raises(IllegalActionError, match="legal: pass, order alone"):
        replay(record_of(rules, ["pass", "order"]))
    second = replay(record_of(rules, ["pass"] * 5))
    assert second.phase is Phase.BID_ROUND_2 and second.to_act == 2
    assert "call C" in legal_texts(second) and "call C alone" in legal_texts(second)


def test_a_profile_that_said_true_for_the_dealers_partner_still_means_both_rounds() -> None:
    written = load_profile("tournament").replace(dealer_partner_must_go_alone=True)
    assert written.dealer_partner_must_go_alone == "order_or_call"
    assert load_profile("ballantrae").dealer_partner_must_go_alone == "order_or_call"
    assert load_profile("valpo").dealer_partner_must_go_alone == "never"


def test_ballantrae_dealer_picks_up_and_discards_another_card_not_the_up_card() -> None:
    # "the Dealer picks up the face-up Trump card and discards (face-down) another card"
    state = replay(record_of("ballantrae", ["order"]))
    assert state.phase is Phase.DISCARD
    assert "discard AD" not in legal_texts(state)
    assert legal_texts(state) == [f"discard {card}" for card in ["9C", "TC", "QD", "9H", "TH"]]
    with pytest.raises(IllegalActionError, match=r"'discard AD'\) is illegal for seat 0"):
        replay(record_of("ballantrae", ["order", "discard AD"]))
    # The other sheets do not restrict the discard.
    assert "discard AD" in legal_texts(replay(record_of("valpo", ["order"])))


# --- Sheet 004: defending alone -----------------------------------------------------------
def test_tournament_only_players_that_bid_after_the_lone_caller_may_defend_alone() -> None:
    # "Only players that bid after the lone caller are eligible to defend alone; any player
    # that has already passed is not."
    base = deal("tournament", STANDARD, "AD", defend_alone=True)
    # Seat 3 orders alone after seat 2 passed: only the dealer (seat 0), who bids after
    # him, may defend alone.
    state = act(base.start(), "pass", "pass", "order alone")
    assert state.phase is Phase.DEFEND and state.to_act == 0
    state = act(state, "pass")
    assert state.phase is not Phase.DEFEND
    # In round 2 every player has passed once: nobody may defend alone.
    state = act(base.start(), "pass", "pass", "pass", "pass", "call C alone")
    assert state.phase is Phase.PLAY and state.defender_alone == -1


# --- Lost rights to bid -------------------------------------------------------------------
def test_tournament_naming_the_turned_down_suit_in_round_two_forfeits_the_right_to_bid() -> None:
    # "If in the second round of bidding someone tries to name the turned down suit as
    # trump, their team forfeits the right to bid on that hand."
    state = replay(record_of("tournament", ["pass"] * 4 + ["call D"]))
    assert state.forfeited == [False, True]
    assert state.to_act == 2 and "call C" in legal_texts(state)
    state = act(state, "pass")
    assert state.to_act == 3 and legal_texts(state) == ["pass"]  # seat 1's partner
    state = act(state, "pass")
    assert state.to_act == 0 and "call C" in legal_texts(state)  # the dealer is stuck
    # Bolivar: "the turned down suit cannot be called": it is simply refused.
    with pytest.raises(IllegalActionError, match=r"'call D'\) is illegal"):
        replay(record_of("bolivar", ["pass"] * 4 + ["call D"]))


@pytest.mark.parametrize("profile", ["bolivar", "tournament"])
def test_table_talk_after_a_warning_loses_the_right_to_bid(profile: str) -> None:
    # "For subsequent offenses, the offending team loses its right to bid"
    state = replay(record_of(profile, ["forfeit bid team 1"]))
    assert state.to_act == 1 and legal_texts(state) == ["pass"]
    state = act(state, "pass")
    assert "order" in legal_texts(state)  # seat 2's team still bids
    state = act(state, "pass")
    assert legal_texts(state) == ["pass"]  # seat 3, team 1
    state = act(state, "pass", "pass")
    assert state.phase is Phase.BID_ROUND_2 and state.to_act == 1
    assert legal_texts(state) == ["pass"]


def test_a_dealer_who_lost_the_right_to_bid_is_not_stuck_the_hand_is_thrown_in() -> None:
    state = replay(record_of("bolivar", ["forfeit bid team 0"] + ["pass"] * 7))
    assert state.to_act == 0 and legal_texts(state) == ["pass"]
    state = act(state, "pass")
    assert state.is_over and state.result().status is HandStatus.THROWN_IN


def test_ballantrae_table_talk_costs_a_point_not_the_bid() -> None:
    # Ballantrae rule 4: "1 point to the opponent": no lost bid to record.
    with pytest.raises(IllegalActionError, match="not covered by the ballantrae sheet"):
        replay(record_of("ballantrae", ["forfeit bid team 1"]))


# --- Sheet 004: the irregularities not in the standard rules -------------------------------
def test_tournament_partner_of_lone_caller_plays_a_card_lone_call_cancelled() -> None:
    # "If a player declares alone and their partner plays a card, the lone call is canceled
    # and the hand is played as normal hand."
    base = ["order alone", "discard 9C", "play AH", "play AC", "play 9H"]  # trick 0 of 3
    state = replay(record_of("tournament", [*base, "cancel alone"]))
    assert not state.alone and state.active == [True, True, True, True]
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert [len(trick) for trick in state.trick_plays()] == [3, 4, 4, 4, 4]
    result = state.result()
    assert not result.alone and max(result.team_points) in (1, 2)  # normal-hand scoring
    with pytest.raises(IllegalActionError, match="not covered by the valpo sheet"):
        replay(record_of("valpo", [*base, "cancel alone"]))


def test_tournament_first_seat_leads_before_dealer_discards_card_has_no_value() -> None:
    # "If first seat leads a card before dealer discards, the card must remain in play ...
    # It no longer has any value. The first lead now goes to the second seat"
    bidding = ["pass", "pass", "order", "lead early JD", "discard 9C"]
    state = replay(record_of("tournament", bidding))
    assert state.phase is Phase.PLAY and state.to_act == 2  # second seat leads
    state = act(state, "play QC", "play TS", "play TC")
    assert legal_texts(state) == ["play JD"]  # first seat's card stays in play
    state = act(state, "play JD")
    assert state.tricks == [2]  # the right bower has no value: the queen of clubs wins
    with pytest.raises(IllegalActionError, match="not covered by the valpo sheet"):
        replay(record_of("valpo", bidding))


def test_tournament_dealer_fails_to_discard_opposition_scores_2_deal_passes() -> None:
    # "If the dealer fails to discard, the opposition scores 2 points (or 4 points if lone
    # hand was called by opposition). The deal is passed to the next player."
    state = replay(record_of("tournament", ["order", "no discard"]))
    result = state.result()
    assert result.status is HandStatus.PENALTY and result.team_points == (0, 2)
    game = Game(load_profile("tournament"), first_dealer=0)
    game.record(result)
    assert game.dealer == 1 and game.scores == [0, 2]


def test_replay_of_a_record_with_a_missed_discard_prints_the_penalty() -> None:
    from euchre.cli.engine_cmds import replay_record_json

    out = replay_record_json(record_of("tournament", ["order", "no discard"]).to_json())
    assert out["status"] == "penalty" and out["team_points"] == [0, 2]


def test_tournament_dealer_fails_to_discard_4_only_if_the_opposition_called_alone() -> None:
    opposition = replay(record_of("tournament", ["order alone", "no discard"])).result()
    assert opposition.team_points == (0, 4)
    own = replay(record_of("tournament", ["pass", "pass", "pass", "order alone", "no discard"]))
    assert own.result().team_points == (0, 2)  # the dealer's own lone call: still 2
    # The director's ruling tells the two apart from the record as well.
    for bidding, points, words in (
        (["pass", "pass", "pass", "order alone"], (0, 2), "dealer's own team"),
        (["order alone"], (0, 4), "opposition"),
    ):
        ruling = adjudicate(
            load_profile("tournament"),
            Irregularity.DEALER_FAILS_TO_DISCARD,
            offending_team=0,
            lone_team=lone_team_of(record_of("tournament", bidding)),
        )
        assert ruling.team_points == points and words in ruling.explanation, bidding


def test_tournament_card_falls_out_face_up_played_first_legal_opportunity_cannot_win() -> None:
    # "If a card falls out of a hand face-up ... must be played at the first legal
    # opportunity. The card has no value and cannot take a trick. If the offending player
    # has the next lead, they must lead that card, others must follow suit if possible."
    state = replay(record_of("tournament", ["expose JD", "order", "discard 9C"]))
    assert state.to_act == 1 and legal_texts(state) == ["play JD"]
    state = act(state, "play JD")
    assert legal_texts(state) == ["play 9D"]  # seat 2 follows the led trump
    state = act(state, "play 9D", "play AS", "play QD")
    assert state.tricks == [0]  # the exposed right bower cannot take the trick


def test_tournament_exposed_card_led_others_must_follow_suit_and_a_low_card_wins() -> None:
    # "If the offending player has the next lead, they must lead that card, others must
    # follow suit if possible": the exposed AH fixes hearts, and the 9H takes the trick.
    state = replay(record_of("tournament", ["expose AH", "order", "discard 9C"]))
    assert legal_texts(state) == ["play AH"]
    state = act(state, "play AH", "play AC", "play AS")
    assert legal_texts(state) == ["play 9H", "play TH"]
    state = act(state, "play 9H")
    assert state.tricks == [0]


def test_exposed_card_outside_sheet_004_is_left_to_the_director() -> None:
    with pytest.raises(IllegalActionError, match="not covered by the bolivar sheet"):
        replay(record_of("bolivar", ["expose JD"]))


# --- Renege rulings from a record ---------------------------------------------------------
def test_tournament_renege_during_a_loner_attempt_scores_4_from_the_record() -> None:
    # "In the case of a renege during a Loner attempt, the non-offending team scores 4
    # points": the record's "order alone" is enough, no separate lone-hand flag.
    record = record_of(
        "tournament",
        ["order alone", "discard 9C", "play AH", "play AC", "play QD", "play 9H", "play KH"],
    )
    finding = check_renege(record, accused_seat=0)
    assert finding.proven and finding.lone_team == 1
    ruling = adjudicate(
        load_profile("tournament"),
        Irregularity.RENEGE,
        offending_team=0,
        lone_team=finding.lone_team,
    )
    assert ruling.team_points == (0, 4)


# Seat 1 leads KC; seat 2 (holding AC QC JC) trumps with 9D, then seat 3 (holding 9C)
# throws AS: two reneges in one trick.
TWO_RENEGES = ["9H TH TS TC QD", "KC JD AH KH QH", "AC JH QC JC 9D", "AS KS QS JS 9C"]
TWO_RENEGE_ACTIONS = ["pass", "pass", "order", "discard TS", "play KC", "play 9D", "play AS"]


def test_tournament_two_reneges_in_one_trick_penalty_against_the_first() -> None:
    # "If during a trick, two different players renege, the penalty is against the first
    # renege and the second renege is canceled."
    record = record_of("tournament", [*TWO_RENEGE_ACTIONS, "play TC"], TWO_RENEGES)
    finding = check_renege(record, accused_seat=3)
    assert finding.proven and finding.seat == 2 and finding.cancelled_seat == 3
    assert "seat 3's is cancelled" in finding.explanation


def test_two_reneges_in_one_trick_elsewhere_the_director_decides() -> None:
    record = record_of("valpo", [*TWO_RENEGE_ACTIONS, "play TC"], TWO_RENEGES)
    finding = check_renege(record, accused_seat=3)
    assert finding.proven and finding.seat == 3 and finding.cancelled_seat is None
    assert "the director decides" in finding.explanation


def test_questions_sheet_has_no_renege_rule_the_director_decides() -> None:
    # The question-pile sheet lists no irregularities at all: nothing is invented.
    for irregularity in (Irregularity.RENEGE, Irregularity.RENEGE_UNPROVEN):
        ruling = adjudicate(load_profile("questions"), irregularity, offending_team=0)
        assert ruling.outcome is HandOutcome.DIRECTOR and ruling.team_points == (0, 0)
        assert "not covered by this sheet: the director decides" in ruling.explanation


def test_a_player_at_the_table_cannot_play_a_record_action() -> None:
    # Only a hand record (the director's account) carries irregularities: a seat playing at
    # a digital table cannot strip the other team's bid or call the turned-down suit.
    state = deal("tournament", STANDARD, "AD").start()
    with pytest.raises(IllegalActionError, match="'forfeit bid team 0'"):
        state.play("forfeit bid team 0")
    state = act(state, "pass", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="'call D'"):
        state.play("call D")
    state.play_recorded("call D")
    assert state.forfeited == [False, True]


# --- Wrong seat -----------------------------------------------------------------------------
def test_card_of_the_sitting_out_partner_is_not_that_seats_turn() -> None:
    sits_out = "held by seat 3, who sits out this hand, and it is not seat 3's turn"
    with pytest.raises(IllegalActionError, match=sits_out):
        replay(record_of("tournament", ["order alone", "discard 9C", "play AS"]))
    not_turn = r"held by seat 2, and it is not seat 2's turn \(seat 1 is to play\)"
    with pytest.raises(IllegalActionError, match=not_turn):
        replay(record_of("tournament", ["order", "discard 9C", "play AC"]))


# --- The question pile -----------------------------------------------------------------------
def test_questions_the_asking_team_chooses_whom_and_which_card() -> None:
    # "the team may pick the card from the top of the question pile and ask one of the
    # players in the other team"; "ask one person in the bidding team the question on one
    # of the cards played during that trick"
    from euchre.engine.questions import questions_for_hand

    play = ["order", "discard 9C", "play AH", "play AC", "play AS", "play 9H"]  # seat 1 wins
    play2 = ["play KH", "play 9D", "play KS", "play TH"]  # seat 2 (a defender) trumps
    state = replay(record_of("questions", [*play, "ask 0", *play2, "ask 3 KH"]))
    first, second = questions_for_hand(state)
    assert (first.asker, first.asked, first.source) == (1, 0, "pile")
    assert (second.asker, second.asked, second.card) == (2, 3, "KH")
    with pytest.raises(IllegalActionError, match="they ask a player of the other team"):
        replay(record_of("questions", [*play, "ask 3"]))
    with pytest.raises(IllegalActionError, match="AS was not played in trick 1"):
        replay(record_of("questions", [*play, "ask 0", *play2, "ask 3 AS"]))


# --- The tournament sheet's two games --------------------------------------------------------
def test_tournament_first_team_reaching_10_wins_and_progressive_plays_8_hands() -> None:
    # "The first team reaching a score of 10 points wins the round (game)" and, separately,
    # "In a standard progressive event ... A total of 8 hands are played".
    lone_march = replay(record_of("tournament_partners", ["order alone"])).clone()
    while not lone_march.is_over:
        lone_march.apply(lone_march.legal_actions()[0])
    result = lone_march.result()
    partners = Game(load_profile("tournament_partners"), first_dealer=0)
    progressive = Game(load_profile("tournament"), first_dealer=0)
    hands = 0
    while not partners.is_over:
        partners.record(result)
        hands += 1
    assert max(partners.scores) >= 10 and hands == -(-10 // max(result.team_points))
    for _ in range(8):
        progressive.record(result)
    assert progressive.is_over and progressive.counted_hands == 8
    assert load_profile("tournament_partners").individual_lone_march_maker == 4
    assert load_profile("tournament").individual_lone_march_maker == 5
