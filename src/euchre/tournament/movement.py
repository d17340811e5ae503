"""Movements: each format's seating of the next round from the rounds before it.

Every function here is deterministic: its randomness comes from a ``random.Random`` seeded by
the event's seed and the round number. A *unit* is what moves: a team id in the fixed-partner
formats, a player id in the individual ones. Seats at a table: partnership 0 holds seats 0
and 2, partnership 1 seats 1 and 3 (the first player of each partnership is seat 0 / 1).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from euchre.tournament.assignment import assign
from euchre.tournament.model import TableSeating
from euchre.tournament.schedule import (
    Schedule,
    ScheduleRound,
    fair_sit_outs,
    generate_schedule,
    search_rounds,
)

__all__ = [
    "PlayedRound",
    "choose_out",
    "draw_order_of",
    "fewest_repeats_split",
    "fill_holes",
    "first_round_individual",
    "first_round_teams",
    "keep_played",
    "meetings",
    "place_groups",
    "progressive_round",
    "rotating_partners_round",
    "round_robin_round",
    "team_of",
    "winners_move_up_round",
]


@dataclass(slots=True)
class PlayedRound:
    """A round as the movement sees it: its tables, each table's winning side (0/1) (a
    level game: the side that reached the tying score first), the units present, and
    whether its seating was set by hand."""

    tables: tuple[TableSeating, ...]
    winners: dict[int, int] = field(default_factory=dict)
    active: tuple[str, ...] = ()
    overridden: bool = False


def round_rng(seed: int, round_number: int, salt: str = "") -> random.Random:
    """The random source for one round's seating (stable across Python runs)."""
    return random.Random(f"{seed}:{round_number}:{salt}")


def draw_order_of(units: Sequence[str], seed: int) -> list[str]:
    """The event's draw order: ``units`` (in the order entered) shuffled by the seed (the
    order a round robin's circle and the first draw read)."""
    order = list(units)
    round_rng(seed, 0, "order").shuffle(order)
    return order


def keep_played(
    tables: Sequence[TableSeating],
    sitting_out: Sequence[str],
    played: Mapping[int, tuple[tuple[str, ...], tuple[str, ...]]],
) -> tuple[list[TableSeating], list[str], list[int]]:
    """A round's seating with every table whose result names who played it (``played``, by
    table number) seated as played: a result belongs to the players who played it. Computed
    tables that would seat one of them again are dropped and their other players sit out.
    Returns the tables, the sit-outs and the numbers of the tables that differed."""
    changed = [
        number
        for number, pairs in played.items()
        if not any(t.table == number and t.partnerships == pairs for t in tables)
    ]
    if not changed:
        return list(tables), list(sitting_out), []
    named = {p for pairs in played.values() for pair in pairs for p in pair}
    hands = {table.table: table.hands for table in tables}
    kept = [
        TableSeating(number, pairs, hands.get(number)) for number, pairs in sorted(played.items())
    ]
    for table in tables:
        if table.table not in played and not set(table.players) & named:
            kept.append(table)
    everyone = [p for table in tables for p in table.players] + list(sitting_out)
    seated = {p for table in kept for p in table.players}
    out = sorted({p for p in everyone if p not in seated})
    return sorted(kept, key=lambda table: table.table), out, sorted(changed)


def choose_out(
    candidates: Sequence[str], count: int, out_counts: Mapping[str, int], rng: random.Random
) -> list[str]:
    """``count`` units to sit out: fewest sit-outs so far first, ties in a seeded order."""
    if count <= 0:
        return []
    order = list(candidates)
    rng.shuffle(order)
    order.sort(key=lambda unit: out_counts.get(unit, 0))
    return order[:count]


def fill_holes(order: Sequence[str | None], arrivals: Sequence[str]) -> list[str]:
    """Put arriving units into the holes (None) of ``order`` top first, then at the end; close
    any holes left over."""
    waiting = list(arrivals)
    filled: list[str] = []
    for unit in order:
        if unit is None:
            if waiting:
                filled.append(waiting.pop(0))
        else:
            filled.append(unit)
    return filled + waiting


def _chunk_teams(
    order: Sequence[str], members: Mapping[str, tuple[str, ...]]
) -> list[TableSeating]:
    return [
        TableSeating(index // 2 + 1, (members[order[index]], members[order[index + 1]]))
        for index in range(0, len(order) - 1, 2)
    ]


def _chunk_players(order: Sequence[str]) -> list[TableSeating]:
    """Four players a table: the first two stay apart, each partnered with an arriver."""
    return [
        TableSeating(
            index // 4 + 1,
            ((order[index], order[index + 2]), (order[index + 1], order[index + 3])),
        )
        for index in range(0, len(order) - 3, 4)
    ]


def first_round_teams(
    teams: Sequence[str], members: Mapping[str, tuple[str, ...]], rng: random.Random
) -> list[TableSeating]:
    """Round 1 of a team format: a seeded draw of teams to tables."""
    order = list(teams)
    rng.shuffle(order)
    return _chunk_teams(order, members)


def first_round_individual(players: Sequence[str], rng: random.Random) -> list[TableSeating]:
    """Round 1 of an individual format: a seeded draw of players to seats."""
    order = list(players)
    rng.shuffle(order)
    return [
        TableSeating(
            index // 4 + 1, ((order[index], order[index + 1]), (order[index + 2], order[index + 3]))
        )
        for index in range(0, len(order) - 3, 4)
    ]


def team_of(table: TableSeating, side: int, team_by_member: Mapping[str, str]) -> str:
    """The team (unit) seated on ``side`` of ``table``."""
    return team_by_member[table.partnerships[side][0]]


def winners_move_up_round(
    previous: PlayedRound,
    playing: Sequence[str],
    members: Mapping[str, tuple[str, ...]],
    team_by_member: Mapping[str, str],
) -> list[TableSeating]:
    """Winners move up one table, losers stay; the top table's winners stay and its losers go
    to the bottom table. Teams leaving (byes, withdrawals) leave holes that arriving teams
    fill from the top."""
    tables = sorted(previous.tables, key=lambda table: table.table)
    winner = {}
    loser = {}
    for table in tables:
        side = previous.winners.get(table.table, 0)
        winner[table.table] = team_of(table, side, team_by_member)
        loser[table.table] = team_of(table, 1 - side, team_by_member)
    numbers = [table.table for table in tables]
    order: list[str] = []
    for position, number in enumerate(numbers):
        if len(numbers) == 1:
            order += [winner[number], loser[number]]
        elif position == 0:
            order += [winner[number], winner[numbers[1]]]
        elif position == len(numbers) - 1:
            order += [loser[number], loser[numbers[0]]]
        else:
            order += [loser[number], winner[numbers[position + 1]]]
    return _rebuild_teams(order, playing, members)


def _rebuild_teams(
    order: Sequence[str], playing: Sequence[str], members: Mapping[str, tuple[str, ...]]
) -> list[TableSeating]:
    playing_set = set(playing)
    with_holes: list[str | None] = [team if team in playing_set else None for team in order]
    placed = {team for team in order if team in playing_set}
    arrivals = [team for team in playing if team not in placed]
    return _chunk_teams(fill_holes(with_holes, arrivals), members)


def round_robin_round(
    teams: Sequence[str],
    round_number: int,
    playing: Sequence[str],
    members: Mapping[str, tuple[str, ...]],
) -> list[TableSeating]:
    """Round ``round_number`` (1-based) of the circle method over ``teams``; a pairing with a
    team that is not playing is a bye."""
    circle: list[str | None] = list(teams)
    if not circle:
        return []
    if len(circle) % 2:
        circle.append(None)
    size = len(circle)
    rotation = (round_number - 1) % max(size - 1, 1)
    rest = circle[1:]
    rest = rest[-rotation:] + rest[:-rotation] if rotation else rest
    line = [circle[0], *rest]
    playing_set = set(playing)
    pairs = []
    for index in range(size // 2):
        one, two = line[index], line[size - 1 - index]
        if one in playing_set and two in playing_set and one is not None and two is not None:
            pairs.append((one, two))
    return [
        TableSeating(number, (members[one], members[two]))
        for number, (one, two) in enumerate(pairs, start=1)
    ]


def progressive_round(
    previous: PlayedRound,
    playing: Sequence[str],
    history: Sequence[Sequence[TableSeating]] = (),
) -> list[TableSeating]:
    """Winners move up, losers stay (the top table's winners stay, its losers go to the
    bottom); at each table the staying pair splits to partner the arriving pair, each
    staying player with the arriver (of the two) he has partnered less often before, then
    opposed less often (``history``: the tables of the rounds so far)."""
    tables = sorted(previous.tables, key=lambda table: table.table)
    winners: dict[int, tuple[str, ...]] = {}
    losers: dict[int, tuple[str, ...]] = {}
    for table in tables:
        side = previous.winners.get(table.table, 0)
        winners[table.table] = table.partnerships[side]
        losers[table.table] = table.partnerships[1 - side]
    numbers = [table.table for table in tables]
    order: list[str] = []
    for position, number in enumerate(numbers):
        if len(numbers) == 1:
            stay, arrive = winners[number], losers[number]
        elif position == 0:
            stay, arrive = winners[number], winners[numbers[1]]
        elif position == len(numbers) - 1:
            stay, arrive = losers[number], losers[numbers[0]]
        else:
            stay, arrive = losers[number], winners[numbers[position + 1]]
        order += [*stay, *arrive]
    playing_set = set(playing)
    with_holes: list[str | None] = [p if p in playing_set else None for p in order]
    placed = {p for p in order if p in playing_set}
    arrivals = [p for p in playing if p not in placed]
    partnered, opposed = meetings(history)
    return [
        fewest_repeats_split(table, partnered, opposed)
        for table in _chunk_players(fill_holes(with_holes, arrivals))
    ]


def meetings(
    history: Sequence[Sequence[TableSeating]],
) -> tuple[Counter[frozenset[str]], Counter[frozenset[str]]]:
    """How often each pair of players partnered, and how often they opposed, in ``history``."""
    partnered: Counter[frozenset[str]] = Counter()
    opposed: Counter[frozenset[str]] = Counter()
    for round_tables in history:
        for table in round_tables:
            first, second = table.partnerships
            partnered.update(frozenset(pair) for pair in (first, second) if len(pair) == 2)
            opposed.update(frozenset((one, two)) for one in first for two in second)
    return partnered, opposed


def fewest_repeats_split(
    table: TableSeating,
    partnered: Mapping[frozenset[str], int],
    opposed: Mapping[frozenset[str], int],
) -> TableSeating:
    """``table`` (seats 0 and 1 apart, each partnered with one of seats 2 and 3) or its
    other split (seats 2 and 3 swapped), whichever has fewer partnerships that repeat (then
    fewer earlier games of those partners together), then fewer earlier meetings of the
    opponents; ``table`` itself when they are level."""
    (first, third), (second, fourth) = table.partnerships
    swapped = TableSeating(table.table, ((first, fourth), (second, third)), table.hands)

    def repeats(seating: TableSeating) -> tuple[int, int, int]:
        """Partnerships that repeat, the earlier games of those partners, opponents' earlier
        meetings."""
        earlier = [partnered.get(frozenset(pair), 0) for pair in seating.partnerships]
        one, two = seating.partnerships
        return (
            sum(1 for count in earlier if count),
            sum(earlier),
            sum(opposed.get(frozenset((a, b)), 0) for a in one for b in two),
        )

    return swapped if repeats(swapped) < repeats(table) else table


@cache
def _schedule(players: int, rounds: int, seed: int) -> Schedule:
    return generate_schedule(players, rounds, seed)


def rotating_partners_round(
    *,
    round_number: int,
    roster: Sequence[str],
    first_round_players: Sequence[str],
    active: Sequence[str],
    out_counts: Mapping[str, int],
    history: Sequence[Sequence[TableSeating]],
    history_follows_schedule: bool,
    rounds: int,
    seed: int,
    previous: PlayedRound | None,
) -> tuple[list[TableSeating], list[str], bool]:
    """The next round of a rotating-partner event: its tables, who sits out, and whether it
    still follows the event's precomputed schedule.

    While the players are those of round 1 and every earlier round came from the schedule,
    the schedule's round is used; otherwise (late arrivals, withdrawals, a seating set by
    hand) the fair sit-out rotation picks who sits out and a search seats the round against
    the history (no repeat partners first). Tables are then numbered so the previous game's
    winners keep their table: the team with fewer points moves."""
    groups: list[tuple[tuple[str, str], tuple[str, str]]]
    follows = (
        history_follows_schedule
        and set(active) == set(first_round_players)
        and round_number <= rounds
    )
    if follows:
        schedule = _schedule(len(first_round_players), rounds, seed)
        plan = schedule.rounds[round_number - 1]
        groups = [
            (
                (first_round_players[a], first_round_players[b]),
                (first_round_players[c], first_round_players[d]),
            )
            for (a, b), (c, d) in plan.tables
        ]
        sitting_out = [first_round_players[p] for p in plan.sitting_out]
    else:
        rng = round_rng(seed, round_number, "rotating")
        sitting_out = sit_out_rotation(list(active), len(active) % 4, out_counts, rng)
        out_set = set(sitting_out)
        playing = [p for p in active if p not in out_set]
        index = {player: number for number, player in enumerate(roster)}
        past = [
            ScheduleRound(
                tables=tuple(
                    (
                        (index[t.partnerships[0][0]], index[t.partnerships[0][1]]),
                        (index[t.partnerships[1][0]], index[t.partnerships[1][1]]),
                    )
                    for t in tables
                    if len(t.partnerships[0]) == 2 and len(t.partnerships[1]) == 2
                )
            )
            for tables in history
        ]
        groups = list(
            _searched_round(tuple(roster), tuple(playing), tuple(past), seed, round_number)
        )
    return place_groups(groups, previous), sorted(sitting_out), follows


@lru_cache(maxsize=1024)
def _searched_round(
    roster: tuple[str, ...],
    playing: tuple[str, ...],
    past: tuple[ScheduleRound, ...],
    seed: int,
    round_number: int,
) -> tuple[tuple[tuple[str, str], tuple[str, str]], ...]:
    """One round seated by search against the history (cached: every recomputation of an
    event asks for the same rounds again)."""
    index = {player: number for number, player in enumerate(roster)}
    rng = round_rng(seed, round_number, "rotating-search")
    seated = [index[p] for p in playing]
    searched = search_rounds(len(roster), [seated], rng, history=past, effort=0.5)[0]
    return tuple(
        ((roster[a], roster[b]), (roster[c], roster[d])) for (a, b), (c, d) in searched.tables
    )


def place_groups(
    groups: Sequence[tuple[tuple[str, ...], tuple[str, ...]]], previous: PlayedRound | None
) -> list[TableSeating]:
    """Number the tables of a round so the previous game's winners keep their table as
    often as possible (an assignment problem)."""
    if previous is None or not groups:
        return [TableSeating(n, group) for n, group in enumerate(groups, start=1)]
    winners_at: dict[str, int] = {}
    for table in previous.tables:
        side = previous.winners.get(table.table, 0)
        for player in table.partnerships[side]:
            winners_at[player] = table.table
    numbers = sorted(table.table for table in previous.tables)
    while len(numbers) < len(groups):
        numbers.append((numbers[-1] if numbers else 0) + 1)
    numbers = numbers[: len(groups)]
    costs = []
    for group in groups:
        # How many of the group's players won at each table: one count per group, read
        # for every table (not recounted table by table).
        won_at: dict[int, int] = {}
        for pair in group:
            for player in pair:
                number = winners_at.get(player)
                if number is not None:
                    won_at[number] = won_at.get(number, 0) + 1
        costs.append([-won_at.get(number, 0) for number in numbers])
    columns = assign(costs)
    placed = [
        TableSeating(numbers[column], group) for group, column in zip(groups, columns, strict=True)
    ]
    return sorted(placed, key=lambda table: table.table)


def sit_out_rotation(
    players: Sequence[str], count: int, out_counts: Mapping[str, int], rng: random.Random
) -> list[str]:
    """Individual sit-outs: the fair rotation of :func:`fair_sit_outs` for one round."""
    index = {player: number for number, player in enumerate(players)}
    already = {index[p]: out_counts.get(p, 0) for p in players}
    chosen = fair_sit_outs(range(len(players)), 1, count, rng, already)[0]
    return [players[number] for number in chosen]
