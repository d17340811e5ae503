"""Playoffs for ties (Valpo rules 20-21): two tied teams play a 4-hand game, then
sudden-death hands while still level; three or more play a 4-hand round robin
(each round's idle team is the round's ``byes``, its players ``sitting_out``).

Playoff games are rounds after the main event (numbered ``rounds + 1``, ...), entered like any
result (``TableResult.stage`` ``"playoff"``, or ``"main"``: both are read) and checked as
games of their own length (``TableSeating.hands``). Each tied group is ordered by its playoff
points, then playoff games won; a group still level after its round robin stays tied.

A playoff round that has been started keeps its seating (``frozen``): its results belong to
the teams that played it. When a later correction changes who is tied, a game already played
between teams no longer tied together is never re-read as someone else's: it is reported as a
:class:`PlayoffConflict` for the director, and the new tie gets its own playoff.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from euchre.tournament.model import (
    Playoff,
    PlayoffConflict,
    RoundPlan,
    Stage,
    StandingRow,
    TableResult,
    TableSeating,
)
from euchre.tournament.movement import keep_played

__all__ = ["PlayoffOutcome", "run_playoffs"]

MAX_PLAYOFF_ROUNDS = 50
"""A pair level hand after hand this long is left to the director."""

MIN_PLAYOFF_MINUTES = 5
"""The shortest playoff clock: a sudden-death hand scaled from a 20-minute, 12-hand round
would get 2:00, less than shuffling, dealing and playing one hand takes (decision: no sheet
gives a clock for a playoff)."""


@dataclass(slots=True)
class PlayoffOutcome:
    """Playoff rounds seated so far, the standings reordered by them, whether any playoff
    game is still to be played (then ``current_round`` is its round), and the played games a
    correction left without a reason (``conflicts``)."""

    plans: list[RoundPlan]
    standings: list[StandingRow]
    ties: list[tuple[str, ...]]
    current_round: int | None
    conflicts: list[PlayoffConflict] = field(default_factory=list)


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


@dataclass(slots=True)
class _Group:
    """One tied group's playoff so far."""

    playoff: Playoff
    games: int = 0
    played: set[frozenset[str]] = field(default_factory=set)
    extra_games: int = 0
    """Games two teams still level after the round robin played between themselves."""

    def level_pair(
        self, scores: Mapping[str, int], wins: Mapping[str, int]
    ) -> tuple[str, str] | None:
        """After the whole round robin: the two teams of the group still level on playoff
        points and games won (rule 20 then has them play a 4-hand game, then sudden death),
        or None. Three or more level stay the director's (reported as still tied)."""
        group = self.playoff.competitors
        if len(group) == 2 or any(
            frozenset(pair) not in self.played for games in _circle(group) for pair in games
        ):
            return None
        keys = {team: (scores.get(team, 0), wins.get(team, 0)) for team in group}
        for key in set(keys.values()):
            level = [team for team in group if keys[team] == key]
            if len(level) == 2:
                return (level[0], level[1])
        return None

    def next_games(
        self,
        scores: Mapping[str, int],
        wins: Mapping[str, int] | None = None,
        extra: Mapping[str, int] | None = None,
    ) -> list[tuple[str, str, int, str]]:
        """The group's games for the next playoff round: (team, team, hands, label)."""
        group = self.playoff.competitors
        if len(group) == 2:
            if self.games == 0:
                hands = self.playoff.hands
                return [(group[0], group[1], hands, f"Playoff: {hands}-hand game")]
            if scores.get(group[0], 0) == scores.get(group[1], 0):
                return [(group[0], group[1], *self._sudden_death())]
            return []
        for games in _circle(group):
            left = [pair for pair in games if frozenset(pair) not in self.played]
            if left:
                hands = self.playoff.hands
                label = f"Playoff: {hands}-hand round robin"
                return [(one, two, hands, label) for one, two in left]
        # Sheet 003 rule 20: two teams still level after the round robin play a 4-hand game
        # between themselves, then sudden death while still tied (never broken silently).
        pair = self.level_pair(scores, wins or {})
        if pair is None:
            return []
        if self.extra_games == 0:
            hands = self.playoff.hands
            return [(*pair, hands, f"Playoff: {hands}-hand game (level after the round robin)")]
        extra = extra or {}
        if extra.get(pair[0], 0) == extra.get(pair[1], 0):
            return [(*pair, *self._sudden_death())]
        return []

    def _sudden_death(self) -> tuple[int, str]:
        hands = self.playoff.sudden_death_hands
        label = (
            "Playoff: sudden-death hand"
            if hands == 1
            else f"Playoff: {hands}-hand sudden-death game"
        )
        return hands, label


def _label(hands: int | None, *, round_robin: bool = False) -> str:
    """A started playoff table's label from its hand count (and whether its teams' group
    plays a round robin)."""
    if hands is None:
        return "Playoff"
    if round_robin:
        return f"Playoff: {hands}-hand round robin"
    return "Playoff: sudden-death hand" if hands == 1 else f"Playoff: {hands}-hand game"


def run_playoffs(
    *,
    playoffs: Sequence[Playoff],
    standings: Sequence[StandingRow],
    ties: Sequence[tuple[str, ...]],
    members: Mapping[str, tuple[str, ...]],
    unit_of: Mapping[str, str],
    results: Mapping[tuple[int, int], TableResult],
    first_round: int,
    frozen: Mapping[int, Sequence[TableSeating]] | None = None,
    played: Mapping[int, Mapping[int, tuple[tuple[str, ...], tuple[str, ...]]]] | None = None,
    round_minutes: int = 0,
    game_hands: int = 0,
) -> PlayoffOutcome:
    """Seat every playoff round whose results decide the groups in ``playoffs``; stop at the
    first one still being played. Rounds in ``frozen`` (already started) keep their seating,
    and so does each table whose result names who played it (``played``: round -> table ->
    partnerships).
    ``round_minutes`` and ``game_hands`` scale the clock of a playoff round to its hands."""
    frozen = frozen or {}
    groups = [_Group(playoff) for playoff in playoffs]
    group_of = {unit: index for index, g in enumerate(groups) for unit in g.playoff.competitors}
    now_tied = tuple(playoff.competitors for playoff in playoffs)
    scores: dict[str, int] = {}
    wins: dict[str, int] = {}
    extra: dict[str, int] = {}
    """Points of the games two teams level after their round robin played between them
    (they order only those two)."""
    plans: list[RoundPlan] = []
    conflicts: list[PlayoffConflict] = []
    current: int | None = None
    round_number = first_round

    def _group_size(table: TableSeating) -> int:
        index = group_of.get(unit_of.get(table.partnerships[0][0], ""))
        return 2 if index is None else len(groups[index].playoff.competitors)

    while round_number < first_round + MAX_PLAYOFF_ROUNDS:
        labels: list[str] = []
        if round_number in frozen:
            tables = list(frozen[round_number])
            labels = list(
                dict.fromkeys(
                    _label(table.hands, round_robin=_group_size(table) > 2) for table in tables
                )
            )
        else:
            games = [game for g in groups for game in g.next_games(scores, wins, extra)]
            if not games:
                break
            tables = [
                TableSeating(number, (members[one], members[two]), hands)
                for number, (one, two, hands, _label) in enumerate(games, start=1)
            ]
            labels = list(dict.fromkeys(label for *_rest, label in games))
            if played and round_number in played:
                tables, _out, _changed = keep_played(tables, (), played[round_number])
        found = {table.table: results.get((round_number, table.table)) for table in tables}
        complete = bool(tables) and all(result is not None for result in found.values())
        hands_set = {table.hands for table in tables if table.hands is not None}
        hands = hands_set.pop() if len(hands_set) == 1 else None
        minutes = (
            max(MIN_PLAYOFF_MINUTES, math.ceil(round_minutes * hands / game_hands))
            if round_minutes and hands and game_hands
            else None
        )
        # A round-robin group plays fewer games a round than it has pairs: its idle team
        # sits the round out, named like a main round's bye.
        seated = {unit_of.get(table.partnerships[side][0]) for table in tables for side in (0, 1)}
        idle = sorted(
            unit
            for g in groups
            if seated.intersection(g.playoff.competitors)
            for unit in g.playoff.competitors
            if unit not in seated
        )
        plans.append(
            RoundPlan(
                round_number,
                tuple(tables),
                sitting_out=tuple(sorted(p for unit in idle for p in members.get(unit, ()))),
                byes=tuple(idle),
                complete=complete,
                stage=Stage.PLAYOFF,
                hands=hands,
                minutes=minutes,
                label="; ".join(labels),
            )
        )
        if not complete:
            current = round_number
            break
        for table in tables:
            result = found[table.table]
            assert result is not None
            sides = [unit_of.get(table.partnerships[side][0], "?") for side in (0, 1)]
            index = group_of.get(sides[0])
            if index is None or group_of.get(sides[1]) != index:
                conflicts.append(
                    PlayoffConflict(
                        round_number,
                        table.table,
                        (sides[0], sides[1]),
                        now_tied,
                        f"round {round_number} table {table.table}: {sides[0]} and "
                        f"{sides[1]} played a playoff, but after a correction they are no "
                        "longer tied with each other; their result stays theirs and decides "
                        "nothing: the director must decide",
                    )
                )
                continue
            group = groups[index]
            if len(group.playoff.competitors) > 2 and frozenset(sides) in group.played:
                # A pair met again: the game rule 20 gives two teams level after the round
                # robin. It orders those two only, so its points stay out of the group's.
                group.extra_games += 1
                for side in (0, 1):
                    extra[sides[side]] = extra.get(sides[side], 0) + result.team_points[side]
                continue
            group.games += 1
            group.played.add(frozenset(sides))
            for side in (0, 1):
                scores[sides[side]] = scores.get(sides[side], 0) + result.team_points[side]
            if result.team_points[0] != result.team_points[1]:
                winner = sides[0] if result.team_points[0] > result.team_points[1] else sides[1]
                wins[winner] = wins.get(winner, 0) + 1
        round_number += 1
    if current is not None:
        return PlayoffOutcome(plans, list(standings), list(ties), current, conflicts)
    decided = [g.playoff for g in groups if g.games > 0]
    rows, remaining = _reorder(standings, ties, decided, scores, wins, extra)
    return PlayoffOutcome(plans, rows, remaining, None, conflicts)


def _reorder(
    standings: Sequence[StandingRow],
    ties: Sequence[tuple[str, ...]],
    playoffs: Sequence[Playoff],
    scores: Mapping[str, int],
    wins: Mapping[str, int],
    extra: Mapping[str, int] | None = None,
) -> tuple[list[StandingRow], list[tuple[str, ...]]]:
    extra = extra or {}
    decided = {playoff.competitors for playoff in playoffs}
    rows = list(standings)
    remaining_ties = [group for group in ties if group not in decided]
    for group in decided:
        positions = [index for index, row in enumerate(rows) if row.competitor_id in group]
        base_rank = rows[positions[0]].rank

        def key(row: StandingRow) -> tuple[int, int, int]:
            unit = row.competitor_id
            return (scores.get(unit, 0), wins.get(unit, 0), extra.get(unit, 0))

        members = sorted((rows[index] for index in positions), key=key, reverse=True)
        keyed = [key(row) for row in members]
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
