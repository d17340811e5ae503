"""Shared helpers for the tournament tests: entrants and whole events with scripted results."""

from __future__ import annotations

import random
from collections.abc import Callable

from euchre.tournament import (
    FORMATS,
    Entrant,
    EventConfig,
    EventInputs,
    EventSnapshot,
    SeatingOverride,
    TableResult,
    TableSeating,
    compute_event,
)
from euchre.tournament.sheets import builtin_sheets

ResultMaker = Callable[[int, TableSeating], TableResult]

SHEETS: list[str] = sorted(builtin_sheets())
"""Every built-in sheet, from the registry: a new sheet file is in every test that means
"each sheet"."""


def plays_in_teams(sheet: str) -> bool:
    """Whether the sheet's own format keeps fixed partners (its players enter as teams)."""
    return FORMATS[str(builtin_sheets()[sheet].preset["format"])].fixed_partners


def players(count: int, *, teams: bool = False) -> tuple[Entrant, ...]:
    """``count`` entrants P01..; with ``teams`` consecutive players are fixed partners."""
    return tuple(
        Entrant(f"P{number:02d}", f"Player {number}", f"T{(number + 1) // 2}" if teams else None)
        for number in range(1, count + 1)
    )


def random_results(seed: int) -> ResultMaker:
    """Distinct random totals per table (never level), reproducible from ``seed``."""
    rng = random.Random(seed)

    def make(round_number: int, table: TableSeating) -> TableResult:
        first = rng.randint(0, 16)
        second = rng.choice([points for points in range(17) if points != first])
        return TableResult(round_number, table.table, (first, second))

    return make


def first_side_wins(round_number: int, table: TableSeating) -> TableResult:
    """Team 0 of every table wins 8-3."""
    return TableResult(round_number, table.table, (8, 3))


def play_out(
    config: EventConfig,
    entrants: tuple[Entrant, ...],
    make: ResultMaker,
    *,
    inputs: EventInputs | None = None,
    stop_after: int | None = None,
) -> tuple[EventInputs, EventSnapshot]:
    """Enter results round by round until the event is over (or ``stop_after`` rounds)."""
    inputs = inputs or EventInputs(config, entrants)
    snapshot = compute_event(inputs)
    steps = 0
    while not snapshot.is_over:
        steps += 1
        assert steps <= 200, f"the event never ends: stuck at round {snapshot.current_round}"
        assert snapshot.current_round is not None
        if stop_after is not None and snapshot.current_round > stop_after:
            break
        plan = snapshot.round_plan(snapshot.current_round)
        new = tuple(make(plan.round, table) for table in plan.tables)
        inputs = EventInputs(
            inputs.config, inputs.entrants, inputs.results + new, inputs.penalties, inputs.overrides
        )
        snapshot = compute_event(inputs)
    return inputs, snapshot


def team_at(table: TableSeating, side: int) -> frozenset[str]:
    """The partnership on ``side`` as a set of player ids."""
    return frozenset(table.partnerships[side])


def can_pair(teams: list[frozenset[str]], met: set[frozenset[frozenset[str]]]) -> bool:
    """Can ``teams`` (an even count) all play with no repeat match-up?"""
    if not teams:
        return True
    first, rest = teams[0], teams[1:]
    return any(
        frozenset((first, other)) not in met
        and can_pair([team for team in rest if team != other], met)
        for other in rest
    )


def seated_in_entry_order(tables: int) -> SeatingOverride:
    """Round 1 seated by the director in entry order: table n has players 4n-3 and 4n-2
    (``players``' P01, P02, ...) against 4n-1 and 4n, so ``players(..., teams=True)``'s
    teams T(2n-1) and T(2n) meet at table n."""
    return SeatingOverride(
        1,
        tuple(
            TableSeating(
                n,
                (
                    (f"P{4 * n - 3:02d}", f"P{4 * n - 2:02d}"),
                    (f"P{4 * n - 1:02d}", f"P{4 * n:02d}"),
                ),
            )
            for n in range(1, tables + 1)
        ),
    )
