"""The duplicate arena and ``euchre arena``: stable JSON, both seatings, the figures' sense."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from euchre.bots.arena import divergence_label, play_deal, run_arena
from euchre.cli.main import app
from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile

runner = CliRunner()


def test_a_deal_is_played_twice_with_the_teams_swapped() -> None:
    outcome = play_deal(load_profile("tournament"), ("rules", "random"), 4, 0)
    assert outcome.tallies[0].hands == 2
    assert outcome.tallies[1].hands == 2
    # A's points minus B's, averaged over the two seatings.
    assert outcome.diff == (outcome.tallies[0].points - outcome.tallies[1].points) / 2


def test_the_divergence_names_the_first_decision_where_the_two_plays_part() -> None:
    # (seat, phase, action, maker); dealer 3: seat 0 is the eldest (place 1).
    bid1, play = 1, 6
    same = [(0, bid1, 48, -1), (1, bid1, 49, -1)]
    assert divergence_label(same, same, 3) == ""
    # Seat 1 is B's in the first play (A sits at 0 and 2) and A's in the second: B orders
    # there, A passes here.
    parted = [(0, bid1, 48, -1), (1, bid1, 48, -1)]
    assert divergence_label(same, parted, 3) == "bid1 pass/order @2"
    # Seat 0 defends (seat 1 made trump).
    cards = [(0, play, 5, 1), (1, play, 7, 1)]
    assert divergence_label(cards, [(0, play, 4, 1)], 3) == "play defender"
    # Identical plays of the same deal never part.
    outcome = play_deal(load_profile("tournament"), ("rules", "rules"), 4, 0)
    assert outcome.divergence == ""


def test_the_same_seed_gives_the_same_deals_whatever_the_workers() -> None:
    one = run_arena(("rules", "random"), deals=6, seed=9, workers=1)
    two = run_arena(("rules", "random"), deals=6, seed=9, workers=2)
    assert one.diff == two.diff
    assert one.tallies[0].points == two.tallies[0].points


def test_rules_beats_random_widely() -> None:
    result = run_arena(("rules", "random"), deals=60, seed=1, profile="valpo")
    assert result.ci95[0] > 0.5
    assert result.ci95[0] <= result.diff <= result.ci95[1]


def test_arena_rejects_an_unknown_bot_and_bad_counts() -> None:
    with pytest.raises(EuchreError, match="'nobody'"):
        run_arena(("rules", "nobody"), deals=1, seed=1)
    with pytest.raises(EuchreError, match="deals"):
        run_arena(("rules", "random"), deals=0, seed=1)


def test_cli_arena_json_has_the_stable_keys() -> None:
    outcome = runner.invoke(
        app, ["arena", "--bots", "rules,random", "--deals", "4", "--seed", "2", "--json"]
    )
    assert outcome.exit_code == 0, outcome.output
    data = json.loads(outcome.output)
    assert data["deals"] == 4
    assert isinstance(data["diff"], float)
    low, high = data["ci95"]
    assert low <= data["diff"] <= high
    assert set(data["per_bot"]) == {"rules", "random"}
    for figures in data["per_bot"].values():
        assert set(figures) == {
            "points_per_hand",
            "hands_won",
            "euchres",
            "lone_hands",
            "decision_ms_median",
            "decision_ms_p95",
        }


def test_cli_arena_same_bot_twice_gets_two_labels() -> None:
    outcome = runner.invoke(app, ["arena", "--bots", "random,random", "--deals", "2", "--json"])
    assert outcome.exit_code == 0
    assert set(json.loads(outcome.output)["per_bot"]) == {"random (A)", "random (B)"}


def test_cli_arena_text_output() -> None:
    outcome = runner.invoke(app, ["arena", "--bots", "rules,random", "--deals", "2"])
    assert outcome.exit_code == 0
    assert "points/hand" in outcome.output and "95% CI" in outcome.output


def test_cli_arena_rejects_a_malformed_bots_option() -> None:
    import sys

    from euchre.cli.errors import run_cli

    saved = sys.argv
    sys.argv = ["euchre", "arena", "--bots", "rules", "--deals", "1"]
    try:
        assert run_cli(app) == 1
    finally:
        sys.argv = saved
