"""Sheet 003 (Valpo) rules 20-21: three teams tied play a 4-hand round robin; two of them
still level after it ("6 points in the playoff" each) are not separated silently: rule 20
gives them a 4-hand playoff between themselves, then sudden death while still tied."""

from __future__ import annotations

from euchre.tournament.model import Playoff, StandingRow, TableResult
from euchre.tournament.playoffs import PlayoffOutcome, run_playoffs

TEAMS = ("A", "B", "C")
MEMBERS = {team: (f"{team}1", f"{team}2") for team in TEAMS}
UNIT_OF = {player: team for team, players in MEMBERS.items() for player in players}


def _play(winner_of: dict[frozenset[str], tuple[str, int, int]]) -> PlayoffOutcome:
    """Run the playoffs, playing each seated game as ``winner_of`` says (by the pair, and for
    a pair meeting again by the pair and the meeting), until nothing is left to play."""
    standings = [
        StandingRow(rank=1, competitor_id=team, name=team, members=MEMBERS[team], tied=True)
        for team in TEAMS
    ]
    playoff = Playoff(TEAMS, "round_robin", "Rules 20-21", hands=4, sudden_death_hands=1)
    results: dict[tuple[int, int], TableResult] = {}
    met: dict[frozenset[str], int] = {}
    for _ in range(12):
        outcome = run_playoffs(
            playoffs=[playoff],
            standings=standings,
            ties=[TEAMS],
            members=MEMBERS,
            unit_of=UNIT_OF,
            results=results,
            first_round=8,
        )
        if outcome.current_round is None:
            return outcome
        plan = outcome.plans[-1]
        for table in plan.tables:
            first, second = (UNIT_OF[side[0]] for side in table.partnerships)
            pair = frozenset((first, second))
            meeting = met.get(pair, 0)
            met[pair] = meeting + 1
            winner, high, low = winner_of.get(pair | {str(meeting)}, winner_of[pair])
            points = (high, low) if winner == first else (low, high)
            results[(plan.round, table.table)] = TableResult(
                plan.round, table.table, points, stage="playoff"
            )
    raise AssertionError("the playoff never ended")


def test_two_teams_level_after_the_round_robin_play_four_hands_then_sudden_death() -> None:
    # A beats both; B and C draw 2-2: B and C are level on playoff points and wins.
    games = {
        frozenset("AB"): ("A", 3, 1),
        frozenset("AC"): ("A", 3, 1),
        frozenset("BC"): ("B", 2, 2),
        frozenset({"B", "C", "1"}): ("C", 2, 2),  # their 4-hand game: level again
        frozenset({"B", "C", "2"}): ("C", 1, 0),  # sudden death: C takes the hand
    }
    outcome = _play(games)
    labels = [plan.label for plan in outcome.plans]
    assert "Playoff: 4-hand game (level after the round robin)" in labels
    assert labels[-1] == "Playoff: sudden-death hand"
    order = [row.competitor_id for row in outcome.standings]
    assert order == ["A", "C", "B"]
    assert [row.rank for row in outcome.standings] == [1, 2, 3]
    assert not any(row.tied for row in outcome.standings)
    assert outcome.ties == []


def test_a_sudden_death_hand_gets_time_to_be_played() -> None:
    # A 20-minute round of 12 hands scaled to one hand was a 2:00 clock.
    standings = [
        StandingRow(rank=1, competitor_id=team, name=team, members=MEMBERS[team], tied=True)
        for team in ("A", "B")
    ]
    playoff = Playoff(("A", "B"), "two_teams", "Rule 20", hands=4, sudden_death_hands=1)
    results = {(8, 1): TableResult(8, 1, (2, 2), stage="playoff")}
    outcome = run_playoffs(
        playoffs=[playoff],
        standings=standings,
        ties=[("A", "B")],
        members=MEMBERS,
        unit_of=UNIT_OF,
        results=results,
        first_round=8,
        round_minutes=20,
        game_hands=12,
    )
    sudden = outcome.plans[-1]
    assert sudden.label == "Playoff: sudden-death hand"
    assert sudden.minutes is not None and sudden.minutes >= 5
