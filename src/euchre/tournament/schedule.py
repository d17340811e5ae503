"""Rotating-partner schedules: whist designs where they fit, a local search elsewhere.

:func:`generate_schedule` seats n players for r rounds: never a repeat partner while that is
possible, repeat opponents as few and as even as possible, sit-outs spread evenly (nobody sits
out twice before everyone has once), the same seed giving the same schedule. Full-length
events with n ≡ 0, 1 (mod 4) use a whist design (``designs.py``), relabelled by the seed.
Short events and n ≡ 2, 3 (mod 4) use :func:`search_rounds`: a greedy seating followed by
hill climbing with random restarts of stuck players, on the cost

    1000 · Σ C(partner count, 2) + 3 · Σ C(same-table count, 2) + Σ C(opponent count, 2)

over pairs, which puts "no repeat partner" first, then "no two players at the same table
twice" (the social golfer goal of short events), then even opponent counts.
:func:`summarize` recounts a schedule's quality. Players are numbered 0..n−1 here; the CLI
prints them 1..n.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypedDict

from euchre.tournament.designs import count_pairings, design_for
from euchre.tournament.errors import TournamentError

__all__ = [
    "Schedule",
    "ScheduleJson",
    "ScheduleRound",
    "ScheduleRoundJson",
    "ScheduleSummary",
    "ScheduleSummaryJson",
    "fair_sit_outs",
    "generate_schedule",
    "search_rounds",
    "summarize",
]

SeatTable = tuple[tuple[int, int], tuple[int, int]]

PARTNER_WEIGHT = 1000
TABLE_WEIGHT = 3
OPPONENT_WEIGHT = 1


@dataclass(frozen=True, slots=True)
class ScheduleRound:
    """One round: tables as two partnerships each, and who sits out."""

    tables: tuple[SeatTable, ...]
    sitting_out: tuple[int, ...] = ()


class ScheduleSummaryJson(TypedDict):
    """A schedule's summary as JSON (keys in this order; the histograms' keys are counts)."""

    players: int
    rounds: int
    method: str
    repeat_partners: int
    partner_histogram: dict[str, int]
    opponent_histogram: dict[str, int]
    same_table_repeats: int
    sit_outs: list[int]
    sit_outs_min: int
    sit_outs_max: int


class ScheduleRoundJson(TypedDict):
    """One round as JSON: each table's two partnerships and who sits out (players 1..n)."""

    tables: list[list[list[int]]]
    sitting_out: list[int]


class ScheduleJson(TypedDict):
    """A schedule as ``euchre schedule --json`` prints it."""

    rounds: list[ScheduleRoundJson]
    summary: ScheduleSummaryJson


@dataclass(frozen=True, slots=True)
class ScheduleSummary:
    """A schedule's quality, recounted from its rounds.

    ``repeat_partners``: pairs who partner more than once; ``partner_histogram`` and
    ``opponent_histogram``: how many pairs partnered / opposed k times (k as a string key,
    JSON-friendly); ``same_table_repeats``: pairs seated at one table more than once;
    ``sit_outs``: rounds each player sat out.
    """

    players: int
    rounds: int
    repeat_partners: int
    partner_histogram: dict[str, int]
    opponent_histogram: dict[str, int]
    same_table_repeats: int
    sit_outs: tuple[int, ...]
    method: str = ""

    def to_json(self) -> ScheduleSummaryJson:
        """The summary as JSON: its fields (``method`` third), sit-outs per player as a list
        (player 1 first) with their least and most."""
        return {
            "players": self.players,
            "rounds": self.rounds,
            "method": self.method,
            "repeat_partners": self.repeat_partners,
            "partner_histogram": dict(self.partner_histogram),
            "opponent_histogram": dict(self.opponent_histogram),
            "same_table_repeats": self.same_table_repeats,
            "sit_outs": list(self.sit_outs),
            "sit_outs_min": min(self.sit_outs, default=0),
            "sit_outs_max": max(self.sit_outs, default=0),
        }


@dataclass(frozen=True, slots=True)
class Schedule:
    """A whole rotating-partner schedule and how it was made (``design``, ``search``, or
    ``design+search`` when a design was continued past its length)."""

    players: int
    rounds: tuple[ScheduleRound, ...]
    method: str
    seed: int

    def summary(self) -> ScheduleSummary:
        """The quality summary, recounted."""
        return summarize(self.players, self.rounds, method=self.method)

    def to_json(self) -> ScheduleJson:
        """``{"rounds": [{"tables": [[[a, b], [c, d]], ...], "sitting_out": [...]}, ...],
        "summary": {...}}`` with players numbered 1..n."""
        return {
            "rounds": [
                {
                    "tables": [
                        [[a + 1, b + 1], [c + 1, d + 1]] for (a, b), (c, d) in round_.tables
                    ],
                    "sitting_out": [player + 1 for player in round_.sitting_out],
                }
                for round_ in self.rounds
            ],
            "summary": self.summary().to_json(),
        }


def summarize(
    players: int, rounds: Sequence[ScheduleRound], *, method: str = ""
) -> ScheduleSummary:
    """Count partners, opponents, same-table meetings and sit-outs over ``rounds``."""
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    meetings: dict[tuple[int, int], int] = {}
    sit_outs = [0] * players
    for round_ in rounds:
        for player in round_.sitting_out:
            sit_outs[player] += 1
        count_pairings(round_.tables, partners, opponents)
        for (a, b), (c, d) in round_.tables:
            for x, y in combinations((a, b, c, d), 2):
                key = (min(x, y), max(x, y))
                meetings[key] = meetings.get(key, 0) + 1
    partner_histogram: dict[int, int] = {}
    opponent_histogram: dict[int, int] = {}
    for pair in combinations(range(players), 2):
        count = partners.get(pair, 0)
        partner_histogram[count] = partner_histogram.get(count, 0) + 1
        count = opponents.get(pair, 0)
        opponent_histogram[count] = opponent_histogram.get(count, 0) + 1
    return ScheduleSummary(
        players=players,
        rounds=len(rounds),
        repeat_partners=sum(1 for count in partners.values() if count > 1),
        partner_histogram={str(k): v for k, v in sorted(partner_histogram.items())},
        opponent_histogram={str(k): v for k, v in sorted(opponent_histogram.items())},
        same_table_repeats=sum(1 for count in meetings.values() if count > 1),
        sit_outs=tuple(sit_outs),
        method=method,
    )


def fair_sit_outs(
    players: Sequence[int],
    rounds: int,
    per_round: int,
    rng: random.Random,
    already: dict[int, int] | None = None,
) -> list[tuple[int, ...]]:
    """Who sits out each round: ``per_round`` players at a time, those with the fewest
    sit-outs so far first (ties in a seeded order), so nobody sits out twice before everyone
    has sat out once."""
    counts = {player: (already or {}).get(player, 0) for player in players}
    order = list(players)
    rng.shuffle(order)
    position = {player: index for index, player in enumerate(order)}
    result: list[tuple[int, ...]] = []
    last_served = dict.fromkeys(players, -1)
    for round_index in range(rounds):
        chosen = sorted(players, key=lambda p: (counts[p], last_served[p], position[p]))[:per_round]
        for player in chosen:
            counts[player] += 1
            last_served[player] = round_index
        result.append(tuple(sorted(chosen)))
    return result


class _Counts:
    """Pair counts over a schedule being searched, one number per pair of players:
    ``pair[x][y] = partner count * stride + same-table count`` (so a pair's cost is one
    lookup, ``costs[pair[x][y]]``). Counts stay below ``stride``: no pair meets more than
    once a round, and a move looks one meeting ahead."""

    def __init__(self, size: int, stride: int) -> None:
        self.stride = stride
        self.pair = [[0] * size for _ in range(size)]
        self.costs = [_pair_cost(index // stride, index % stride) for index in range(stride**2)]

    def add_table(self, table: Sequence[int], sign: int) -> None:
        a, b, c, d = table
        pair, partnered = self.pair, sign * (self.stride + 1)
        for x, y, change in (
            (a, b, partnered),
            (c, d, partnered),
            (a, c, sign),
            (a, d, sign),
            (b, c, sign),
            (b, d, sign),
        ):
            pair[x][y] += change
            pair[y][x] += change

    def total_cost(self) -> int:
        costs, pair = self.costs, self.pair
        total = 0
        for x, row in enumerate(pair):
            for y in range(x + 1, len(row)):
                total += costs[row[y]]
        return total


def _pair_cost(partner: int, meet: int) -> int:
    opponent = meet - partner
    return (
        PARTNER_WEIGHT * partner * (partner - 1) // 2
        + TABLE_WEIGHT * meet * (meet - 1) // 2
        + OPPONENT_WEIGHT * opponent * (opponent - 1) // 2
    )


def _greedy_round(seated: list[int], counts: _Counts, rng: random.Random) -> list[list[int]]:
    """Seat players table by table, each next seat the cheapest of a random sample."""
    remaining = list(seated)
    rng.shuffle(remaining)
    tables: list[list[int]] = []
    pair, costs, partnered = counts.pair, counts.costs, counts.stride + 1
    while remaining:
        first = remaining.pop()
        table = [first]
        for slot in range(1, 4):
            sample = remaining if len(remaining) <= 24 else rng.sample(remaining, 24)
            best = sample[0]
            best_cost: int | None = None
            # The second seat partners the first, the fourth the third.
            mate = table[0] if slot == 1 else table[2] if slot == 3 else None
            for candidate in sample:
                cost = 0
                row = pair[candidate]
                for other in table:
                    before = row[other]
                    cost += costs[before + (partnered if other == mate else 1)] - costs[before]
                if best_cost is None or cost < best_cost:
                    best, best_cost = candidate, cost
            remaining.remove(best)
            table.append(best)
        counts.add_table(table, 1)
        tables.append(table)
    return tables


def search_rounds(
    size: int,
    seated_per_round: Sequence[Sequence[int]],
    rng: random.Random,
    *,
    history: Sequence[ScheduleRound] = (),
    effort: float = 1.0,
    progress: Callable[[int, int], None] | None = None,
) -> list[ScheduleRound]:
    """Seat each round's players (a multiple of four each) at tables, minimizing the cost
    above given the ``history`` of rounds already played. Players are ints below ``size``;
    the sit-outs of each round are whoever is not listed."""
    counts = _Counts(size, len(history) + len(seated_per_round) + 2)
    for past in history:
        for (a, b), (c, d) in past.tables:
            counts.add_table((a, b, c, d), 1)
    for seated in seated_per_round:
        if len(seated) % 4:
            raise TournamentError(f"cannot seat {len(seated)} players at tables of four")
    rounds = [_greedy_round(list(seated), counts, rng) for seated in seated_per_round]
    searchable = [index for index, tables in enumerate(rounds) if len(tables) >= 2]
    total_players = sum(len(seated) for seated in seated_per_round)
    budget = int(effort * (20_000 + 100 * total_players))
    pair, costs, stride = counts.pair, counts.costs, counts.stride
    partnered = stride + 1  # a partnership is a meeting too
    cost = counts.total_cost()
    # The temperature falls from 2.0 to 0.05 over the budget (worked out only when a move
    # would cost more).
    start, end = 2.0, 0.05
    cooling = end / start
    done = 0
    # The random draws and their order are exactly those of rng.choice, rng.randrange and
    # rng.sample (each draws k = n.bit_length() bits until the number is below n): the same
    # seed gives the same schedule as before, with far fewer Python calls per step.
    bits, uniform, exp = rng.getrandbits, rng.random, math.exp
    searchable_count = len(searchable)
    searchable_bits = searchable_count.bit_length()
    table_counts = [len(tables) for tables in rounds]
    table_bits = [count.bit_length() for count in table_counts]
    for step in range(budget if searchable else 0):
        if cost == 0:
            break
        if progress is not None and step % 5000 == 0:
            progress(step, budget)
        done = step
        drawn = bits(searchable_bits)
        while drawn >= searchable_count:
            drawn = bits(searchable_bits)
        index = searchable[drawn]
        tables, count, count_bits = rounds[index], table_counts[index], table_bits[index]
        if step % 5 == 0:
            # Re-pair a table: meetings stay, partnerships change.
            drawn = bits(count_bits)
            while drawn >= count:
                drawn = bits(count_bits)
            table = tables[drawn]
            a, b, c, d = table
            drawn = bits(2)
            while drawn >= 2:
                drawn = bits(2)
            swap_with = 2 + drawn
            new_table = [
                a,
                table[swap_with],
                c if swap_with == 3 else b,
                d if swap_with == 2 else b,
            ]
            x, y, z, w = new_table
            delta = 0
            for one, two, change in (
                (a, b, -stride),
                (c, d, -stride),
                (x, y, stride),
                (z, w, stride),
            ):
                before = pair[one][two]
                delta += costs[before + change] - costs[before]
                pair[one][two] += change
                pair[two][one] += change
            if delta > 0 and uniform() >= exp(-delta / (start * cooling ** (step / budget))):
                for one, two, change in (
                    (a, b, stride),
                    (c, d, stride),
                    (x, y, -stride),
                    (z, w, -stride),
                ):
                    pair[one][two] += change
                    pair[two][one] += change
            else:
                table[:] = new_table
                cost += delta
            continue
        # rng.sample(range(count), 2): a pool below 22 tables, a set of those drawn above.
        first_table = bits(count_bits)
        while first_table >= count:
            first_table = bits(count_bits)
        if count <= 21:
            drawn = bits((count - 1).bit_length())
            while drawn >= count - 1:
                drawn = bits((count - 1).bit_length())
            second_table = count - 1 if drawn == first_table else drawn
        else:
            second_table = bits(count_bits)
            while second_table >= count or second_table == first_table:
                second_table = bits(count_bits)
        one_table, two_table = tables[first_table], tables[second_table]
        position_one = bits(3)
        while position_one >= 4:
            position_one = bits(3)
        position_two = bits(3)
        while position_two >= 4:
            position_two = bits(3)
        x, y = one_table[position_one], two_table[position_two]
        # x leaves one table for the other and y the other way: the pairs that change are
        # each one's with his partner (P ^ 1) and his two opponents (P ^ 2, P ^ 3) there.
        delta = 0
        for table, position, leaving, arriving in (
            (one_table, position_one, x, y),
            (two_table, position_two, y, x),
        ):
            leaving_row, arriving_row = pair[leaving], pair[arriving]
            mate = table[position ^ 1]
            before = leaving_row[mate]
            delta += costs[before - partnered] - costs[before]
            before = arriving_row[mate]
            delta += costs[before + partnered] - costs[before]
            for other in (table[position ^ 2], table[position ^ 3]):
                before = leaving_row[other]
                delta += costs[before - 1] - costs[before]
                before = arriving_row[other]
                delta += costs[before + 1] - costs[before]
        if delta > 0 and uniform() >= exp(-delta / (start * cooling ** (step / budget))):
            continue
        # The counts of those pairs, nothing else.
        for table, position, leaving, arriving in (
            (one_table, position_one, x, y),
            (two_table, position_two, y, x),
        ):
            leaving_row, arriving_row = pair[leaving], pair[arriving]
            mate = table[position ^ 1]
            for other, change in (
                (mate, partnered),
                (table[position ^ 2], 1),
                (table[position ^ 3], 1),
            ):
                leaving_row[other] -= change
                pair[other][leaving] -= change
                arriving_row[other] += change
                pair[other][arriving] += change
        one_table[position_one], two_table[position_two] = y, x
        cost += delta
    if progress is not None:
        progress(done + 1, done + 1)
    result: list[ScheduleRound] = []
    for seated, tables in zip(seated_per_round, rounds, strict=True):
        seated_set = set(seated)
        out = tuple(sorted(set(range(size)) - seated_set))
        result.append(
            ScheduleRound(
                tables=tuple(((t[0], t[1]), (t[2], t[3])) for t in tables),
                sitting_out=out,
            )
        )
    return result


def _relabel(rounds: Sequence[ScheduleRound], labels: list[int]) -> list[ScheduleRound]:
    return [
        ScheduleRound(
            tables=tuple(
                ((labels[a], labels[b]), (labels[c], labels[d])) for (a, b), (c, d) in r.tables
            ),
            sitting_out=tuple(sorted(labels[p] for p in r.sitting_out)),
        )
        for r in rounds
    ]


def _quality_key(players: int, rounds: Sequence[ScheduleRound]) -> tuple[int, int, int, int]:
    """Smaller is better: repeat partners, then the most times any pair opposed, then pairs
    seated together twice, then the spread of opponent counts (sum of squares)."""
    summary = summarize(players, rounds)
    histogram = {int(k): v for k, v in summary.opponent_histogram.items() if v}
    worst_opponent = max(histogram, default=0)
    spread = sum(count * count * pairs for count, pairs in histogram.items())
    return (summary.repeat_partners, worst_opponent, summary.same_table_repeats, spread)


def generate_schedule(
    players: int,
    rounds: int,
    seed: int = 0,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> Schedule:
    """A rotating-partner schedule for ``players`` (at least 4) over ``rounds`` rounds."""
    if players < 4:
        raise TournamentError(f"a schedule needs at least 4 players, got {players}")
    if rounds < 1:
        raise TournamentError(f"a schedule needs at least 1 round, got {rounds}")
    rng = random.Random(seed)
    labels = list(range(players))
    rng.shuffle(labels)
    design = design_for(players)
    if design is not None:
        design_rounds = [ScheduleRound(tables=tables, sitting_out=out) for tables, out in design]
        relabelled = _relabel(design_rounds, labels)
        if rounds >= len(relabelled):
            extra_rounds = rounds - len(relabelled)
            full = relabelled[:]
            if extra_rounds:
                full += _search_part(players, extra_rounds, rng, full, progress)
            return Schedule(
                players, tuple(full), "design+search" if extra_rounds else "design", seed
            )
        # A short event: the design's first rounds against a search aimed at short events.
        prefix = relabelled[:rounds]
        searched = _search_part(players, rounds, rng, [], progress)
        if _quality_key(players, searched) < _quality_key(players, prefix):
            return Schedule(players, tuple(searched), "search", seed)
        return Schedule(players, tuple(prefix), "design", seed)
    return Schedule(
        players, tuple(_search_part(players, rounds, rng, [], progress)), "search", seed
    )


def _search_part(
    players: int,
    rounds: int,
    rng: random.Random,
    history: list[ScheduleRound],
    progress: Callable[[int, int], None] | None,
) -> list[ScheduleRound]:
    per_round = players % 4
    already: dict[int, int] = {}
    for past in history:
        for player in past.sitting_out:
            already[player] = already.get(player, 0) + 1
    outs = fair_sit_outs(range(players), rounds, per_round, rng, already)
    seated = [[p for p in range(players) if p not in set(out)] for out in outs]
    best = search_rounds(players, seated, rng, history=history, progress=progress)
    # Small events are cheap: a few fresh starts, keeping the best, make the result far
    # less dependent on the seed (16 x 5 reaches "nobody meets twice" from most seeds).
    # Only where nobody need meet anyone twice (3 new table-mates a round) is it worth it.
    attempts = 3 if players * rounds <= 200 and 3 * rounds <= players - 1 else 1
    for _attempt in range(1, attempts):
        best_key = _quality_key(players, [*history, *best])
        if best_key[0] == 0 and best_key[2] == 0:
            break
        candidate = search_rounds(players, seated, rng, history=history)
        if _quality_key(players, [*history, *candidate]) < best_key:
            best = candidate
    return best
