"""Irregularities recorded by the director and scored by each sheet's profile."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from euchre.engine.actions import Action
from euchre.engine.profile import load_profile
from euchre.engine.record import deal_record
from euchre.tournament import (
    PENALTY_KINDS,
    Entrant,
    EventInputs,
    EventSnapshot,
    PenaltyRecord,
    SeatingOverride,
    TableResult,
    TableSeating,
    TournamentError,
    compute_event,
    preset_config,
)
from euchre.tournament.sheets import builtin_sheets

TEAMS = {"ballantrae", "valpo"}


def one_table(
    sheet: str,
    *penalties: PenaltyRecord,
    result: TableResult | None = None,
) -> EventSnapshot:
    """One game at one table: A & B (team 0, seats 0 and 2) against C & D."""
    config = preset_config(sheet, rounds=1, seed=1, prizes=preset_config(sheet).prizes)
    team = sheet in TEAMS
    entrants = (
        Entrant("A", "Ann", "AB" if team else None),
        Entrant("B", "Bob", "AB" if team else None),
        Entrant("C", "Cy", "CD" if team else None),
        Entrant("D", "Di", "CD" if team else None),
    )
    seating = SeatingOverride(1, (TableSeating(1, (("A", "B"), ("C", "D"))),))
    result = result or TableResult(1, 1, (5, 3))
    if not result.hand_points:
        # Totals alone: the director said they do not hold the rulings' points (the ruled
        # hand was written 0-0), so each ruling is added once (the one ledger).
        penalties = tuple(
            replace(penalty, in_totals=False) if penalty.in_totals is None else penalty
            for penalty in penalties
        )
    return compute_event(EventInputs(config, entrants, (result,), penalties, (seating,)))


def points(snapshot: EventSnapshot) -> dict[str, int]:
    """Points by competitor id."""
    return {row.competitor_id: row.points for row in snapshot.standings}


def test_ballantrae_renege_opponents_2_and_offenders_score_nothing_that_deal() -> None:
    result = TableResult(1, 1, (5, 3), hand_points=((1, 0), (0, 2), (2, 0), (2, 0), (0, 1)))
    renege = PenaltyRecord(1, 1, "renege", "A", hand_number=3, proven=True)
    snapshot = one_table("ballantrae", renege, result=result)
    # A & B lose the 2 they made on hand 3; C & D get 2.
    assert points(snapshot) == {"AB": 3, "CD": 5}
    assert snapshot.penalties[0].offenders_score_nothing


def test_ballantrae_table_talk_one_point_after_one_warning() -> None:
    first = PenaltyRecord(1, 1, "table_talk", "C")
    assert points(one_table("ballantrae", first)) == {"AB": 5, "CD": 3}
    second = PenaltyRecord(1, 1, "table_talk", "D")
    assert points(one_table("ballantrae", first, second)) == {"AB": 6, "CD": 3}


@pytest.mark.parametrize(
    ("sheet", "lone", "expected"),
    [
        ("bolivar", False, 2),
        ("bolivar", True, 2),
        ("valpo", False, 2),
        ("valpo", True, 4),
        ("tournament", False, 2),
        ("tournament", True, 4),
    ],
)
def test_renege_proven_hand_over_opponents_score(sheet: str, lone: bool, expected: int) -> None:
    renege = PenaltyRecord(1, 1, "renege", "C", proven=True, lone_hand=lone)
    snapshot = one_table(sheet, renege)
    scores = points(snapshot)
    first = scores.get("AB", scores.get("A"))
    assert first == 5 + expected
    assert snapshot.penalties[0].outcome == "hand_over"


@pytest.mark.parametrize(("sheet", "accused_gets"), [("bolivar", 2), ("tournament", 2)])
def test_renege_alleged_not_proven_the_accused_team_scores(sheet: str, accused_gets: int) -> None:
    claim = PenaltyRecord(1, 1, "renege", "C", proven=False)
    scores = points(one_table(sheet, claim))
    assert scores["C"] == 3 + accused_gets and scores["A"] == 5


def test_valpo_renege_claim_not_proven_is_left_to_the_director() -> None:
    claim = PenaltyRecord(1, 1, "renege", "C", proven=False)
    snapshot = one_table("valpo", claim)
    assert points(snapshot) == {"AB": 5, "CD": 3}
    assert not snapshot.penalties[0].covered


def test_bolivar_bid_out_of_turn_plus_2_or_void_and_call_alone() -> None:
    bid = PenaltyRecord(1, 1, "bid_out_of_turn", "A")
    assert points(one_table("bolivar", bid))["C"] == 5
    voided = PenaltyRecord(1, 1, "bid_out_of_turn", "A", choice="void_and_call_alone")
    snapshot = one_table("bolivar", voided)
    assert points(snapshot)["C"] == 3
    assert snapshot.penalties[0].outcome == "void_and_call_alone"


def test_valpo_bid_out_of_turn_reverts_without_penalty() -> None:
    snapshot = one_table("valpo", PenaltyRecord(1, 1, "bid_out_of_turn", "A"))
    assert points(snapshot) == {"AB": 5, "CD": 3}
    assert snapshot.penalties[0].outcome == "revert"


@pytest.mark.parametrize(("lone", "expected"), [(False, 2), (True, 4)])
def test_tournament_lead_out_of_turn_2_or_4_on_a_lone_call(lone: bool, expected: int) -> None:
    lead = PenaltyRecord(1, 1, "lead_out_of_turn", "A", lone_hand=lone)
    assert points(one_table("tournament", lead))["C"] == 3 + expected


def test_valpo_lead_out_of_turn_becomes_a_penalty_card() -> None:
    snapshot = one_table("valpo", PenaltyRecord(1, 1, "lead_out_of_turn", "A"))
    assert points(snapshot) == {"AB": 5, "CD": 3}
    assert snapshot.penalties[0].outcome == "revert"


def test_bolivar_table_talk_warning_then_lose_bid_and_opponents_2() -> None:
    talk = PenaltyRecord(1, 1, "table_talk", "A")
    assert points(one_table("bolivar", talk))["C"] == 3
    again = PenaltyRecord(1, 1, "table_talk", "B")
    assert points(one_table("bolivar", talk, again))["C"] == 5


def test_valpo_table_talk_is_grounds_for_disqualification() -> None:
    snapshot = one_table("valpo", PenaltyRecord(1, 1, "table_talk", "A"))
    assert snapshot.penalties[0].outcome == "disqualification"


@pytest.mark.parametrize(("lone", "expected"), [(False, 2), (True, 4)])
def test_tournament_dealer_fails_to_discard_2_or_4(lone: bool, expected: int) -> None:
    slip = PenaltyRecord(1, 1, "dealer_fails_to_discard", "C", lone_hand=lone)
    assert points(one_table("tournament", slip))["A"] == 5 + expected


@pytest.mark.parametrize("sheet", sorted(builtin_sheets()))
def test_misdeal_is_redealt_without_points(sheet: str) -> None:
    snapshot = one_table(sheet, PenaltyRecord(1, 1, "misdeal", "A"))
    assert snapshot.penalties[0].outcome == "redeal_same_dealer"
    assert sum(snapshot.penalties[0].team_points) == 0


def test_exposed_card_scores_nothing_under_tournament() -> None:
    snapshot = one_table("tournament", PenaltyRecord(1, 1, "exposed_card", "A"))
    assert snapshot.penalties[0].team_points == (0, 0)


def _renege_record(offender_seat: int) -> dict[str, object]:
    """A played hand in which ``offender_seat`` fails to follow suit while able."""
    from euchre.engine.cards import iter_mask
    from euchre.engine.state import Phase

    profile = load_profile("tournament")
    for attempt in range(500):
        record = deal_record(profile, 0, random.Random(attempt))
        state = record.start()
        actions: list[Action] = []
        reneged = False
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[0]
            if state.phase is Phase.PLAY and state.to_act == offender_seat and not reneged:
                held = [Action.play(int(card)) for card in iter_mask(state.hands[offender_seat])]
                illegal = [a for a in held if a not in legal]
                if illegal:
                    action = illegal[0]
                    reneged = True
            actions.append(action)
            state.apply(action)
        if reneged:
            return record.with_actions(actions).to_json()
    raise AssertionError("no renege found")


def test_renege_claim_checked_from_the_hand_record_proven() -> None:
    # C sits in seat 1: the record shows seat 1 reneging, so the claim is proven.
    claim = PenaltyRecord(1, 1, "renege", "C", hand_record=_renege_record(1))
    snapshot = one_table("tournament", claim)
    assert points(snapshot)["A"] == 7
    assert "trick" in snapshot.penalties[0].clause


def test_renege_claim_checked_from_the_hand_record_not_proven() -> None:
    # The record shows seat 1 reneging, but the claim accuses B (seat 2): not proven, so the
    # falsely accused team scores 2.
    claim = PenaltyRecord(1, 1, "renege", "B", hand_record=_renege_record(1))
    snapshot = one_table("tournament", claim)
    assert points(snapshot)["B"] == 7
    assert snapshot.penalties[0].clause.startswith("not proven")


def test_unknown_irregularity_is_refused_with_the_known_ones() -> None:
    with pytest.raises(TournamentError, match="unknown irregularity 'cheating'"):
        one_table("tournament", PenaltyRecord(1, 1, "cheating", "A"))


def test_renege_needs_a_verdict_or_the_hand_record() -> None:
    with pytest.raises(TournamentError, match="needs proven true/false or the hand record"):
        one_table("tournament", PenaltyRecord(1, 1, "renege", "A"))


def test_renege_by_a_player_not_at_the_table_is_refused() -> None:
    with pytest.raises(TournamentError, match="'Z' was not at table 1"):
        one_table("tournament", PenaltyRecord(1, 1, "renege", "Z", proven=True))


def test_table_talk_warnings_count_per_player_for_the_whole_event() -> None:
    # Bolivar: "A warning is given for the first offense. For subsequent offenses ... the
    # opposing team is awarded two points." Partners change every game, so the warning follows
    # the player: Ann warned in game 1 (partner Bob) is penalized in game 2 (partner Cy).
    from euchre.tournament.penalties import rule_on_penalty

    profile = load_profile("bolivar")
    warned = PenaltyRecord(1, 1, "table_talk", "A")
    second_game = TableSeating(2, (("A", "C"), ("B", "D")))
    again = PenaltyRecord(2, 2, "table_talk", "A")
    first_ruling = rule_on_penalty(profile, warned, TableSeating(1, (("A", "B"), ("C", "D"))))
    assert first_ruling.team_points == (0, 0)
    assert rule_on_penalty(profile, again, second_game, (warned,)).team_points == (0, 2)
    # Another player's first offence in the later game is still only a warning.
    other = PenaltyRecord(2, 2, "table_talk", "C")
    assert rule_on_penalty(profile, other, second_game, (warned,)).team_points == (0, 0)


def test_a_warning_the_director_makes_the_penalty_pays_the_other_team() -> None:
    made = PenaltyRecord(1, 1, "table_talk", "A", warned=True)
    assert points(one_table("bolivar", made))["C"] == 5


def test_the_penalty_form_names_the_accused_for_a_renege_and_the_accuser_for_an_unproven_one() -> (
    None
):
    from euchre.tournament.penalties import PENALTY_ROLES, penalty_role

    assert set(PENALTY_ROLES) == set(PENALTY_KINDS)
    assert penalty_role("renege").named == "the player accused of reneging"
    assert "the accused player's team" in penalty_role("renege").scores
    assert penalty_role("renege_unproven").named.startswith("the player who alleged the renege")
    assert "falsely accused team" in penalty_role("renege_unproven").scores
    # Named as the roles say, both kinds pay the same (accused) team.
    as_renege = points(one_table("bolivar", PenaltyRecord(1, 1, "renege", "C", proven=False)))
    as_claim = points(one_table("bolivar", PenaltyRecord(1, 1, "renege_unproven", "A")))
    assert as_renege == as_claim
    assert as_claim["C"] == 5 and as_claim["A"] == 5
    with pytest.raises(TournamentError, match="unknown irregularity 'coin'"):
        penalty_role("coin")
