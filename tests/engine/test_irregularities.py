"""Irregularities and penalties per profile, and renege claims checked from a hand record."""

from __future__ import annotations

import pytest

from euchre.engine import Action, HandRecord, load_profile
from euchre.engine.errors import EuchreError, IllegalActionError
from euchre.engine.irregularities import HandOutcome, Irregularity, adjudicate, check_renege

from .helpers import act, deal

IR = Irregularity


def rule(
    profile: str, irregularity: Irregularity, **kwargs: bool
) -> tuple[tuple[int, int], HandOutcome]:
    ruling = adjudicate(load_profile(profile), irregularity, offending_team=0, **kwargs)
    return ruling.team_points, ruling.outcome


def test_ballantrae_renege_opponents_two_offenders_score_nothing_that_deal() -> None:
    ruling = adjudicate(load_profile("ballantrae"), IR.RENEGE, offending_team=1)
    assert ruling.team_points == (2, 0)
    assert ruling.offenders_score_nothing
    assert ruling.outcome is HandOutcome.SCORE_AS_PLAYED
    assert "General Rules 9" in ruling.source


def test_ballantrae_renege_corrected_before_trick_turned_no_penalty() -> None:
    assert rule("ballantrae", IR.RENEGE_CORRECTED) == ((0, 0), HandOutcome.CONTINUE)


def test_valpo_card_laid_is_played_so_a_corrected_renege_is_still_a_renege() -> None:
    assert rule("valpo", IR.RENEGE_CORRECTED) == ((0, 2), HandOutcome.HAND_OVER)


def test_bolivar_renege_hand_over_two_points_even_on_a_loner() -> None:
    assert rule("bolivar", IR.RENEGE) == ((0, 2), HandOutcome.HAND_OVER)
    assert rule("bolivar", IR.RENEGE, lone_hand=True) == ((0, 2), HandOutcome.HAND_OVER)


@pytest.mark.parametrize("profile", ["valpo", "tournament"])
def test_renege_on_a_loner_scores_four(profile: str) -> None:
    assert rule(profile, IR.RENEGE) == ((0, 2), HandOutcome.HAND_OVER)
    assert rule(profile, IR.RENEGE, lone_hand=True) == ((0, 4), HandOutcome.HAND_OVER)


@pytest.mark.parametrize("profile", ["bolivar", "tournament"])
def test_renege_alleged_not_proven_accused_team_scores_two(profile: str) -> None:
    # The accusing team (0) is the offender; the falsely accused team (1) scores.
    assert rule(profile, IR.RENEGE_UNPROVEN) == ((0, 2), HandOutcome.CONTINUE)


def test_valpo_unproven_renege_not_covered() -> None:
    ruling = adjudicate(load_profile("valpo"), IR.RENEGE_UNPROVEN, offending_team=0)
    assert not ruling.covered and ruling.team_points == (0, 0)


@pytest.mark.parametrize("profile", ["bolivar", "tournament"])
def test_bid_out_of_turn_other_team_scores_two_or_may_call_alone(profile: str) -> None:
    ruling = adjudicate(load_profile(profile), IR.BID_OUT_OF_TURN, offending_team=1)
    assert ruling.team_points == (2, 0) and ruling.outcome is HandOutcome.HAND_OVER
    assert "call alone" in ruling.alternative


def test_valpo_bid_out_of_turn_reverts_without_penalty() -> None:
    assert rule("valpo", IR.BID_OUT_OF_TURN) == ((0, 0), HandOutcome.REVERT)


def test_bolivar_lead_out_of_turn_two_points_even_on_a_loner() -> None:
    assert rule("bolivar", IR.LEAD_OUT_OF_TURN, lone_hand=True) == ((0, 2), HandOutcome.HAND_OVER)


def test_tournament_lead_out_of_turn_four_points_on_a_lone_call() -> None:
    assert rule("tournament", IR.LEAD_OUT_OF_TURN) == ((0, 2), HandOutcome.HAND_OVER)
    assert rule("tournament", IR.LEAD_OUT_OF_TURN, lone_hand=True) == (
        (0, 4),
        HandOutcome.HAND_OVER,
    )


def test_valpo_lead_out_of_turn_becomes_a_penalty_card() -> None:
    ruling = adjudicate(load_profile("valpo"), IR.LEAD_OUT_OF_TURN, offending_team=0)
    assert ruling.outcome is HandOutcome.REVERT and "penalty card" in ruling.explanation


def test_ballantrae_table_talk_one_point_after_one_warning() -> None:
    assert rule("ballantrae", IR.TABLE_TALK) == ((0, 0), HandOutcome.CONTINUE)
    assert rule("ballantrae", IR.TABLE_TALK, warned=True) == ((0, 1), HandOutcome.CONTINUE)


@pytest.mark.parametrize("profile", ["bolivar", "tournament"])
def test_table_talk_warning_then_loses_right_to_bid_and_two_points(profile: str) -> None:
    assert rule(profile, IR.TABLE_TALK) == ((0, 0), HandOutcome.CONTINUE)
    ruling = adjudicate(load_profile(profile), IR.TABLE_TALK, offending_team=0, warned=True)
    assert ruling.team_points == (0, 2) and "right to bid" in ruling.explanation


def test_valpo_table_talk_grounds_for_disqualification() -> None:
    assert rule("valpo", IR.TABLE_TALK) == ((0, 0), HandOutcome.DISQUALIFICATION)


def test_tournament_dealer_fails_to_discard_two_or_four_deal_passes() -> None:
    assert rule("tournament", IR.DEALER_FAILS_TO_DISCARD) == ((0, 2), HandOutcome.DEAL_PASSES)
    assert rule("tournament", IR.DEALER_FAILS_TO_DISCARD, lone_hand=True) == (
        (0, 4),
        HandOutcome.DEAL_PASSES,
    )


@pytest.mark.parametrize("profile", ["ballantrae", "valpo"])
def test_misdeal_same_dealer_redeals_not_counted(profile: str) -> None:
    ruling = adjudicate(load_profile(profile), IR.WRONG_NUMBER_OF_CARDS, offending_team=0)
    assert ruling.outcome is HandOutcome.REDEAL_SAME_DEALER and not ruling.counts_as_hand
    assert ruling.team_points == (0, 0)


def test_tournament_wrong_number_of_cards_before_lead_redeal_after_deal_passes() -> None:
    assert rule("tournament", IR.WRONG_NUMBER_OF_CARDS)[1] is HandOutcome.REDEAL_SAME_DEALER
    after = rule("tournament", IR.WRONG_NUMBER_OF_CARDS, before_first_lead=False)
    assert after[1] is HandOutcome.DEAL_PASSES


def test_tournament_exposed_card_no_value_cannot_take_a_trick() -> None:
    ruling = adjudicate(load_profile("tournament"), IR.EXPOSED_CARD, offending_team=0)
    assert "cannot take a trick" in ruling.explanation


def test_valpo_card_laid_or_exposed_is_played() -> None:
    ruling = adjudicate(load_profile("valpo"), IR.EXPOSED_CARD, offending_team=0)
    assert ruling.outcome is HandOutcome.CONTINUE and "played" in ruling.explanation


def test_bolivar_has_no_exposed_card_clause_the_director_decides() -> None:
    # "a card laid or exposed is a card played" is Valpo's (and 004's "a card laid") clause,
    # not Bolivar's: the Bolivar profile must not claim it.
    ruling = adjudicate(load_profile("bolivar"), IR.EXPOSED_CARD, offending_team=0)
    assert ruling.outcome is HandOutcome.DIRECTOR
    assert "not covered by this sheet: the director decides" in ruling.explanation
    assert "laid or exposed" not in ruling.source


def test_tournament_first_seat_leads_before_dealer_discards() -> None:
    ruling = adjudicate(load_profile("tournament"), IR.LEAD_BEFORE_DISCARD, offending_team=1)
    assert "second seat" in ruling.explanation and ruling.team_points == (0, 0)


def test_tournament_partner_of_lone_caller_plays_cancels_the_loner() -> None:
    ruling = adjudicate(load_profile("tournament"), IR.PARTNER_OF_LONER_PLAYS, offending_team=0)
    assert "normal hand" in ruling.explanation


def test_tournament_wrong_dealer_found_after_first_trick_deal_stands() -> None:
    ruling = adjudicate(load_profile("tournament"), IR.WRONG_DEALER, offending_team=0)
    assert "stands" in ruling.explanation


def test_tournament_naming_turned_down_suit_forfeits_right_to_bid() -> None:
    ruling = adjudicate(load_profile("tournament"), IR.TURNED_DOWN_SUIT_NAMED, offending_team=1)
    assert "forfeits" in ruling.explanation


def test_ballantrae_irregularities_not_on_the_sheet_go_to_the_director() -> None:
    for irregularity in (IR.BID_OUT_OF_TURN, IR.LEAD_OUT_OF_TURN, IR.EXPOSED_CARD):
        ruling = adjudicate(load_profile("ballantrae"), irregularity, offending_team=0)
        assert ruling.outcome is HandOutcome.DIRECTOR
        assert "not covered by this sheet: the director decides" in ruling.explanation


def test_adjudicate_rejects_a_bad_team() -> None:
    with pytest.raises(EuchreError, match="offending team must be 0 or 1"):
        adjudicate(load_profile("valpo"), IR.RENEGE, offending_team=2)


def test_irregularity_names_parse_and_bad_name_is_named() -> None:
    assert Irregularity.parse("Bid out of turn") is IR.BID_OUT_OF_TURN
    with pytest.raises(EuchreError, match="unknown irregularity 'cheating'"):
        Irregularity.parse("cheating")


# --- renege claims checked from the record --------------------------------------------
STANDARD = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]


def _renege_record() -> HandRecord:
    record = deal("bolivar", STANDARD, "AD")
    # Diamonds trump. Seat 1 leads AH; seat 2 (void in hearts) may play anything; seat 3 is
    # void too; seat 0 holds 9H TH and must follow but plays the QD: a renege.
    actions = ["order", "discard 9C", "play AH", "play AC", "play AS", "play QD"]
    # Seat 0 won trick 0 with the trump and leads the 9H: the heart he held all along.
    actions += ["play 9H", "play JD", "play 9D", "play KS"]
    return record.with_actions([Action.parse(a) for a in actions])


def test_renege_proven_from_the_record_with_the_trick_that_shows_it() -> None:
    finding = check_renege(_renege_record(), accused_seat=0)
    assert finding.proven and finding.seat == 0 and finding.trick_index == 0
    assert str(finding.card) == "QD" and finding.led_suit is not None
    assert {str(card) for card in finding.held} == {"9H", "TH"}
    assert finding.evidence_trick == 1  # the 9H played on trick 1 proves the holding


def test_renege_not_proven_for_a_player_who_followed() -> None:
    finding = check_renege(_renege_record(), accused_seat=2)
    assert not finding.proven and "not proven" in finding.explanation


def test_renege_check_of_a_clean_hand_is_not_proven() -> None:
    record = deal("valpo", STANDARD, "AD")
    state = act(record.start(), "order", "discard 9C", "play AH", "play AC", "play AS", "play 9H")
    clean = record.with_actions(state.history)
    assert not check_renege(clean).proven


def test_tournament_two_reneges_in_one_trick_only_the_first_counts() -> None:
    record = deal("tournament", STANDARD, "AD")
    # Trump clubs (round 2, seat 1 calls C). Seat 1 leads KH; seat 2 has none; seat 3 has
    # none; seat 0 (9H TH) plays 9C: renege. Second renege check: accused seat 0 is the first.
    actions = ["pass"] * 4 + ["call S", "play KH", "play AC", "play AS", "play 9C"]
    finding = check_renege(record.with_actions([Action.parse(a) for a in actions]))
    assert finding.proven and finding.seat == 0


def test_renege_check_rejects_a_card_not_in_hand() -> None:
    record = deal("valpo", STANDARD, "AD")
    bad = record.with_actions([Action.parse(a) for a in ["order", "discard 9C", "play AS"]])
    with pytest.raises(IllegalActionError, match="action 2"):
        check_renege(bad)
