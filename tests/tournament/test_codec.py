"""The one JSON codec of the tournament's types: the stored format is the one the hand-written
codecs wrote, a malformed value is named, and the closed sets are enums."""

from __future__ import annotations

import pytest

from euchre.engine.irregularities import Irregularity
from euchre.tournament import (
    EventConfig,
    FormatName,
    PenaltyKind,
    PenaltyRecord,
    SitOutScoring,
    Stage,
    TableResult,
    TableSeating,
    TieBreak,
    TournamentError,
)
from euchre.tournament.codec import dump, load


def test_a_result_is_written_as_the_stored_json_always_was() -> None:
    result = TableResult(2, 1, (7, 5), hand_points=((2, 0), (1, 0)), lone_hands={"3": 1})
    assert result.to_json() == {
        "round": 2,
        "table": 1,
        "team_points": [7, 5],
        "lone_marches": {},
        "hand_points": [[2, 0], [1, 0]],
        "player_points": {},
        "lone_hands": {"3": 1},
        "euchres": {},
        "hands_played": None,
        "first_to_tying_score": None,
        "stage": "main",
    }
    played = TableResult(2, 1, (7, 5), partnerships=(("1", "2"), ("3", "4")))
    assert played.to_json()["partnerships"] == [["1", "2"], ["3", "4"]]
    assert TableResult.from_json(played.to_json()) == played


def test_fields_left_out_at_their_default_stay_left_out() -> None:
    config = EventConfig("Night", "tournament", "winners_move_up", 4)
    assert "online" not in config.to_json()
    assert config.to_json()["format"] == "winners_move_up"
    assert EventConfig.from_json(config.to_json() | {"online": True}).online is True
    assert "hands" not in TableSeating(1, (("1", "2"), ("3", "4"))).to_json()
    assert TableSeating(1, (("1", "2"), ("3", "4")), hands=4).to_json()["hands"] == 4


def test_reading_gives_the_closed_sets_as_enums() -> None:
    config = EventConfig.from_json(
        {
            "name": "Night",
            "profile_id": "tournament",
            "format": "progressive",
            "rounds": 3,
            "sit_out_scoring": "zero",
            "tie_breaks": ["games_won"],
        }
    )
    assert config.format is FormatName.PROGRESSIVE
    assert config.sit_out_scoring is SitOutScoring.ZERO
    assert config.tie_breaks == (TieBreak.GAMES_WON,)
    result = TableResult.from_json({"round": 1, "table": 1, "team_points": [1, 2]})
    assert result.stage is Stage.MAIN


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"round": 1, "table": 1}, "table result: team_points: Field required"),
        ({"round": 1, "table": 1, "team_points": [1]}, "table result: team_points.1"),
        ({"round": "x", "table": 1, "team_points": [1, 2]}, "table result: round: Input should"),
        (
            {"round": 1, "table": 1, "team_points": [1, 2], "stage": "final"},
            "stage must be 'main' or 'playoff', got 'final'",
        ),
    ],
)
def test_a_malformed_result_is_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        load(TableResult, data)


def test_an_unknown_closed_set_value_is_named_as_the_checks_name_it() -> None:
    base = dump(EventConfig("Night", "tournament", "winners_move_up", 4))
    with pytest.raises(TournamentError, match="unknown format 'swiss'; formats: winners_move_up"):
        EventConfig.from_json(base | {"format": "swiss"})
    with pytest.raises(TournamentError, match="unknown tie-break 'coin'"):
        EventConfig.from_json(base | {"tie_breaks": ["points", "coin"]})
    record = {"round": 1, "table": 1, "kind": "cheating", "offender_id": "1"}
    with pytest.raises(TournamentError, match="unknown irregularity 'cheating'; known: renege"):
        PenaltyRecord.from_json(record)


def test_every_engine_irregularity_is_a_penalty_kind_under_its_own_name() -> None:
    assert {kind.irregularity for kind in PenaltyKind} == set(Irregularity)
    for irregularity in Irregularity:
        assert PenaltyKind(irregularity.value).irregularity is irregularity
    aliases = {kind: kind.irregularity for kind in PenaltyKind if kind.value != kind.irregularity}
    assert aliases == {
        PenaltyKind.MISDEAL: Irregularity.WRONG_NUMBER_OF_CARDS,
        PenaltyKind.LONE_PARTNER_PLAYED: Irregularity.PARTNER_OF_LONER_PLAYS,
    }
    assert PenaltyKind.parse("Bid out of turn") is PenaltyKind.BID_OUT_OF_TURN
