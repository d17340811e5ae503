"""Playoffs for ties (Valpo rules 20-21): two tied teams play a short game, then sudden-death
hands while still level; three or more play a short round robin.

Playoff games are rounds after the main event (numbered ``rounds + 1``, ...), seated here and
entered like any result (``TableResult.stage`` ``"playoff"``, or ``"main"``: both are read).
Each tied group is ordered by its playoff points, then playoff games won; a group still level
after its round robin stays tied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from euchre.tournament.model import Playoff, RoundPlan, StandingRow, TableResult, TableSeating

__all__ = ["PlayoffOutcome", "run_playoffs"]


@dataclass(slots=True)
class PlayoffOutcome:
    """Playoff rounds seated so far, the standings reordered by them, and whether any playoff
    game is still to be played (then ``current_round`` is its round)."""

    plans: list[RoundPlan]
    standings: list[StandingRow]
    ties: list[tuple[str, ...]]
    current_round: int | None


def _circle(teams: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Round-robin rounds of ``teams`` by the circle method (byes dropped)."""
    slots: list[str | None] = list(teams)
    if len(slots) % 2:
        slots.append(None)
    rounds = []
    for turn in range(len(slots) - 1):
        rest = slots[1:]
        rest = rest[-turn:] + rest[:-turn] if turn else rest
        line = [slots[0], *rest]
        games = []
        for index in range(len(line) // 2):
            one, two = line[index], line[len(line) - 1 - index]
            if one is not None and two is not None:
                games.append((one, two))
        rounds.append(games)
    return rounds


def run_playoffs(
    *,
    playoffs: Sequence[Playoff],
    standings: Sequence[StandingRow],
    ties: Sequence[tuple[str, ...]],
    members: Mapping[str, tuple[str, ...]],
    unit_of: Mapping[str, str],
    results: Mapping[tuple[int, int], TableResult],
    first_round: int,
) -> PlayoffOutcome:
    """Seat every playoff round whose results decide the groups in ``playoffs``; stop at the
    first one still being played."""
    scores: dict[str, int] = {}
    wins: dict[str, int] = {}
    schedules = {playoff.competitors: _circle(playoff.competitors) for playoff in playoffs}
    plans: list[RoundPlan] = []
    round_number = first_round
    current: int | None = None
    step = 0
    while True:
        games: list[tuple[str, str]] = []
        for playoff in playoffs:
            group = playoff.competitors
            schedule = schedules[group]
            if step < len(schedule):
                games += schedule[step]
            elif len(group) == 2 and scores.get(group[0], 0) == scores.get(group[1], 0):
                # Sudden death: another hand while the two teams are level.
                games.append((group[0], group[1]))
        if not games:
            break
        tables = [
            TableSeating(number, (members[one], members[two]))
            for number, (one, two) in enumerate(games, start=1)
        ]
        found = {table.table: results.get((round_number, table.table)) for table in tables}
        complete = all(result is not None for result in found.values())
        plans.append(RoundPlan(round_number, tuple(tables), complete=complete, stage="playoff"))
        if not complete:
            current = round_number
            break
        for table in tables:
            result = found[table.table]
            assert result is not None
            sides = [unit_of[table.partnerships[side][0]] for side in (0, 1)]
            for side in (0, 1):
                scores[sides[side]] = scores.get(sides[side], 0) + result.team_points[side]
            if result.team_points[0] != result.team_points[1]:
                winner = sides[0] if result.team_points[0] > result.team_points[1] else sides[1]
                wins[winner] = wins.get(winner, 0) + 1
        round_number += 1
        step += 1
        if step > 50:  # a pair level hand after hand: leave it to the director
            break
    if current is not None:
        return PlayoffOutcome(plans, list(standings), list(ties), current)
    return PlayoffOutcome(
        plans, *_reorder(standings, ties, playoffs, scores, wins), current_round=None
    )


def _reorder(
    standings: Sequence[StandingRow],
    ties: Sequence[tuple[str, ...]],
    playoffs: Sequence[Playoff],
    scores: Mapping[str, int],
    wins: Mapping[str, int],
) -> tuple[list[StandingRow], list[tuple[str, ...]]]:
    decided = {playoff.competitors for playoff in playoffs}
    rows = list(standings)
    remaining_ties = [group for group in ties if group not in decided]
    for group in decided:
        positions = [index for index, row in enumerate(rows) if row.competitor_id in group]
        base_rank = rows[positions[0]].rank
        members = sorted(
            (rows[index] for index in positions),
            key=lambda row: (-scores.get(row.competitor_id, 0), -wins.get(row.competitor_id, 0)),
        )
        keyed = [(scores.get(r.competitor_id, 0), wins.get(r.competitor_id, 0)) for r in members]
        new_rows: list[StandingRow] = []
        for index, row in enumerate(members):
            first_equal = keyed.index(keyed[index])
            level = keyed.count(keyed[index]) > 1
            values = dict(row.tie_break_values)
            values["playoff_points"] = keyed[index][0]
            new_rows.append(
                replace(row, rank=base_rank + first_equal, tied=level, tie_break_values=values)
            )
        for value in sorted(set(keyed), reverse=True):
            level_group = tuple(
                row.competitor_id for row, key in zip(members, keyed, strict=True) if key == value
            )
            if len(level_group) > 1:
                remaining_ties.append(level_group)
        for index, row in zip(positions, new_rows, strict=True):
            rows[index] = row
    return rows, remaining_ties
