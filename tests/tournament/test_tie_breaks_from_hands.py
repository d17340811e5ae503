"""Tie-breaks from the recorded hands, and the rules a club's sheet needs for them.

The assertions restate the sheets' own words: LVEA "Hands are marked X (0), 1, 2 or 4 (a made
loner is 4 for both partners) ... ties broken by the number of four-point hands" and "A
misdealer who has turned a card loses the deal to the left"; and a club's "a euchred loner is
worth 4"."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre.engine.irregularities import HandOutcome, Irregularity, adjudicate
from euchre.engine.profile import Contract, load_profile
from euchre.tournament import (
    Entrant,
    EventConfig,
    EventInputs,
    TableResult,
    TableSeating,
    compute_event,
    preset_config,
)
from euchre.tournament.sheets import SheetError, parse_sheet, use_user_sheets
from euchre.tournament.validation import ResultError, complete_result
from euchre.web.views.standings import standings_rows

SHEETS = Path(__file__).parent.parent / "data" / "sheets"
LVEA = SHEETS / "lvea.toml"


pytestmark = pytest.mark.usefixtures("no_club_sheets")
"""Only the built-in sheets, unless a test puts a club's in use (``tests/conftest.py``)."""


def _use_lvea() -> None:
    use_user_sheets([parse_sheet(LVEA.read_text(), origin="'lvea.toml'")])


def _eight_lvea_players() -> tuple[Entrant, ...]:
    return tuple(
        Entrant(f"{kind[0].upper()}{number}", f"{kind} {number}", seat_class=kind)
        for number in range(1, 5)
        for kind in ("high", "low")
    )


def _lvea_round_one() -> tuple[EventConfig, EventInputs, tuple[TableSeating, ...]]:
    """A one-round LVEA night of eight players (four high, four low) from the club's file:
    its config, its inputs and round 1's two tables."""
    _use_lvea()
    config = preset_config("lvea", rounds=1)
    inputs = EventInputs(config, _eight_lvea_players())
    return config, inputs, compute_event(inputs).round_plan(1).tables


def _high_first(pair: tuple[str, ...]) -> tuple[str, str]:
    high = next(player for player in pair if player.startswith("H"))
    low = next(player for player in pair if player.startswith("L"))
    return high, low


def test_lvea_file_declares_its_tie_break_four_point_hands() -> None:
    _use_lvea()
    config = preset_config("lvea")
    assert config.tie_breaks == ("points", "hands_worth")
    assert config.hands_worth_points == 4


def test_lvea_ties_broken_by_four_point_hands_counted_for_both_partners() -> None:
    """Four players level on 8 points after a round: the high player who made a loner (4 for
    both partners) and his low partner both have one four-point hand and rank above the pair
    whose high player made a 1-point loner, which the old ``lone_hands`` count would have put
    level with the loner's maker and above his partner."""
    config, inputs, (first, second) = _lvea_round_one()
    maker, partner = _high_first(first.partnerships[0])
    small_loner, small_partner = _high_first(second.partnerships[0])
    # Table 1: the winners' hands are 4 (a made loner), 1, 1, 2; the losers' 1, 1, 1, 1.
    loner_night = TableResult(
        1,
        first.table,
        (8, 4),
        hand_points=((4, 0), (0, 1), (1, 0), (0, 1), (1, 0), (0, 1), (2, 0), (0, 1)),
        lone_marches={maker: 1},
    )
    # Table 2: the winners' hands are 2, 2, 2, 1 (a loner of three tricks), 1; the losers'
    # 1, 1, 1.
    small_night = TableResult(
        1,
        second.table,
        (8, 3),
        hand_points=((2, 0), (0, 1), (2, 0), (0, 1), (2, 0), (1, 0), (0, 1), (1, 0)),
        lone_hands={small_loner: 1},
    )
    results = (
        complete_result(config, loner_night, first),
        complete_result(config, small_night, second),
    )
    snapshot = compute_event(EventInputs(config, inputs.entrants, results))
    rows = {row.competitor_id: row for row in snapshot.standings}
    for player in (maker, partner, small_loner, small_partner):
        assert rows[player].points == 8
    assert rows[maker].hands_worth == rows[partner].hands_worth == 1
    assert rows[small_loner].hands_worth == rows[small_partner].hands_worth == 0
    assert rows[maker].rank == rows[partner].rank == 1
    assert rows[maker].tied and rows[partner].tied
    assert rows[small_loner].rank == rows[small_partner].rank == 3
    assert rows[partner].tie_break_values["hands_worth"] == 1
    shown = {line.row.competitor_id: line.tie_breaks for line in standings_rows(snapshot)}
    assert shown[partner] == "1 4-point hand"
    assert shown[small_partner] == "0 4-point hands"
    # The 1-point loner is a lone hand made, not a four-point hand.
    assert rows[small_loner].lone_hands == 1
    assert rows[partner].lone_hands == 0


def test_four_point_hands_counted_from_lone_marches_when_no_hands_are_typed() -> None:
    """A table that typed only its totals and who made a loner of five tricks: under LVEA
    a made loner is the only four-point hand, so both partners count it."""
    config, inputs, (first, second) = _lvea_round_one()
    maker, partner = _high_first(first.partnerships[0])
    results = (
        complete_result(config, TableResult(1, 1, (8, 4), lone_marches={maker: 1}), first),
        complete_result(config, TableResult(1, 2, (8, 4)), second),
    )
    snapshot = compute_event(EventInputs(config, inputs.entrants, results))
    rows = {row.competitor_id: row for row in snapshot.standings}
    assert rows[maker].hands_worth == rows[partner].hands_worth == 1
    assert {rows[maker].rank, rows[partner].rank} == {1}
    assert snapshot.standings[0].competitor_id in (maker, partner)
    assert snapshot.standings[2].hands_worth == 0


def _tournament_table() -> tuple[TableSeating, dict[str, str]]:
    table = TableSeating(1, (("P1", "P2"), ("P3", "P4")))
    names = {"P1": "Ann", "P2": "Bob", "P3": "Cy", "P4": "Di"}
    return table, names


def test_three_lone_hands_for_a_team_that_scored_nothing_are_refused_in_words() -> None:
    config = preset_config("tournament", rounds=1)
    table, names = _tournament_table()
    result = TableResult(1, 1, (0, 8), lone_hands={"P1": 3})
    with pytest.raises(ResultError) as refused:
        complete_result(config, result, table, names)
    assert str(refused.value) == (
        "round 1 table 1: 3 lone hand(s) made entered for Ann & Bob, but that team scored 0: "
        "each lone hand made scores at least 1"
    )
    assert refused.value.field == "lone_hands.P1"


def test_lone_hands_made_beyond_the_hands_typed_are_refused() -> None:
    config = preset_config("tournament", rounds=1)
    table, names = _tournament_table()
    hands = ((2, 0), (0, 1), (0, 2), (0, 1), (0, 1), (0, 2), (0, 1), (0, 2))
    result = TableResult(1, 1, (2, 10), hand_points=hands, lone_hands={"P2": 2})
    with pytest.raises(ResultError) as refused:
        complete_result(config, result, table, names)
    assert "2 lone hand(s) made entered for Ann & Bob, but only 0 of the hands typed" in str(
        refused.value
    )
    # The same count for the team whose hands scored is accepted.
    accepted = complete_result(
        config, TableResult(1, 1, (2, 10), hand_points=hands, lone_hands={"P3": 2}), table, names
    )
    assert accepted.lone_hands == {"P3": 2}


def test_lvea_misdealer_who_has_turned_a_card_loses_the_deal_to_the_left() -> None:
    _use_lvea()
    rules = load_profile(preset_config("lvea").profile_id)
    assert rules.wrong_number_of_cards == "pass_once_card_turned"
    turned = adjudicate(rules, Irregularity.WRONG_NUMBER_OF_CARDS, offending_team=0)
    assert turned.outcome is HandOutcome.DEAL_PASSES
    assert "passes to the left" in turned.explanation
    assert "loses the deal to the left" in turned.source
    before = adjudicate(
        rules, Irregularity.WRONG_NUMBER_OF_CARDS, offending_team=0, card_turned=False
    )
    assert before.outcome is HandOutcome.REDEAL_SAME_DEALER


_EUCHRED_LONER_SHEET = """
id = "four_for_a_euchred_loner"
name = "A club whose euchred loner is worth 4"

[profile]
extends = "tournament"

[profile.options]
points_euchre_lone = 4

[profile.sources]
points_euchre_lone = "'A euchred loner is worth 4 to the defenders.'"

[event]
format = "progressive"
rounds = 8
tie_breaks = ["points", "hands_worth"]
hands_worth_points = {worth}

[event.sources]
format = "house default"
rounds = "house default"
tie_breaks = "house default"
hands_worth_points = "house default"
"""


def test_a_euchred_loner_worth_4_to_the_defenders_is_a_profile_option() -> None:
    sheet = parse_sheet(_EUCHRED_LONER_SHEET.replace("{worth}", "4"), origin="'club.toml'")
    defenders_take = -sheet.profile.score_table[Contract.ALONE][0]
    assert defenders_take == 4
    assert sheet.preset["hands_worth_points"] == 4


def test_a_tie_break_on_hands_no_hand_can_score_is_refused_naming_the_key() -> None:
    with pytest.raises(SheetError) as refused:
        parse_sheet(_EUCHRED_LONER_SHEET.replace("{worth}", "3"), origin="'club.toml'")
    text = str(refused.value)
    assert "event.hands_worth_points: no hand scores 3 under this sheet's rules" in text
    assert "a hand scores 1, 2, 4" in text


def test_players_level_on_points_are_ordered_by_the_euchres_their_side_made_as_defenders() -> None:
    """A club's "ties are broken by the most euchres made": two winning pairs level on 8
    points; the pair whose opponents were euchred twice ranks above the pair that euchred
    nobody, both partners alike, and the standings say "2 euchres made"."""
    config = preset_config("tournament", rounds=1, tie_breaks=("points", "euchres_made"))
    players = tuple(Entrant(f"P{number}", f"Player {number}") for number in range(1, 9))
    plan = compute_event(EventInputs(config, players)).round_plan(1)
    first, second = plan.tables
    defenders, euchred = first.partnerships
    results = (
        complete_result(
            config,
            TableResult(1, first.table, (8, 4), euchres={euchred[0]: 2, euchred[1]: 2}),
            first,
        ),
        complete_result(config, TableResult(1, second.table, (8, 4)), second),
    )
    snapshot = compute_event(EventInputs(config, players, results))
    rows = {row.competitor_id: row for row in snapshot.standings}
    assert rows[defenders[0]].euchres_made == rows[defenders[1]].euchres_made == 2
    assert {rows[defenders[0]].rank, rows[defenders[1]].rank} == {1}
    for winner in second.partnerships[0]:
        assert rows[winner].rank == 3
        assert rows[winner].euchres_made == 0
    shown = {line.row.competitor_id: line.tie_breaks for line in standings_rows(snapshot)}
    assert shown[defenders[0]] == "2 euchres made"
