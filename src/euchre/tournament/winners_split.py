"""Bolivar's result-driven movement: "the team with less points moves".

After each game the winning pair stays at its table and splits (the two winners become
opponents, each with a new partner); the losing pair gets up and moves, its two players to
two different tables; nobody partners anyone twice, and repeat opponents are as few as
possible. Who sits at which table therefore depends on the results, not on a schedule fixed
in advance (the whist-design schedule is the separate ``whist_schedule`` format).

The next round is found by a seeded local search over where the movers sit, on the cost

    100000 · repeat partners + 1000 · losers left at their own table
    + 100 · a losing pair sent to the same table + Σ earlier meetings of new opponents

with the winners fixed at their tables. Players who sat out, arrive late or whose table is
closed move like losers. When fewer tables are needed (withdrawals), the tables keeping the
most winners stay open; when more are needed (arrivals), new tables are numbered after the
highest.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations

from euchre.tournament.model import TableSeating

__all__ = [
    "MAX_SIT_OUT_CHOICES",
    "PARTNER_REPEAT",
    "SPLIT_PAIR",
    "STAYED_LOSER",
    "WINNER_SITS_OUT",
    "split_round",
]

PARTNER_REPEAT = 100_000
"""Cost of seating two players as partners again."""
STAYED_LOSER = 1_000
"""Cost of a losing player kept at the table he lost at."""
SPLIT_PAIR = 100
"""Cost of the two players of one losing pair arriving at the same table."""
WINNER_SITS_OUT = 50
"""Cost of a winner sitting out (he would have stayed; a loser would have moved anyway)."""
MAX_SIT_OUT_CHOICES = 12
"""How many fair choices of who sits out are screened for one round."""
SIT_OUT_FINALISTS = 3
"""How many of them are then searched fully."""

Pair = tuple[str, str]
TablePlan = tuple[int, tuple[str, ...], tuple[str, ...]]


def _key(one: str, two: str) -> Pair:
    return (one, two) if one < two else (two, one)


def split_round(
    *,
    previous: Sequence[TableSeating],
    winners: Mapping[int, int],
    history: Sequence[Sequence[TableSeating]],
    active: Sequence[str],
    out_counts: Mapping[str, int],
    seed: int,
    round_number: int,
) -> tuple[list[TableSeating], list[str]]:
    """Seat the ``active`` players for the round after ``previous`` (whose ``winners`` give
    each table's winning side, 0/1) and say who sits out; ``history`` holds every game played
    so far (``previous`` included) to count partners and opponents.

    Sit-outs keep the fair rotation (nobody sits out twice before everyone has once); among
    the players whose turn it is, the choice that seats the rest best wins (players who move
    anyway first: a winner sitting out costs :data:`WINNER_SITS_OUT`). Late arrivals are
    fitted into the seating already shown by ``late_arrivals.py``, as in every movement."""
    return _split_round(
        previous=previous,
        winners=winners,
        history=history,
        active=active,
        out_counts=out_counts,
        seed=seed,
        round_number=round_number,
    )


def _split_round(
    *,
    previous: Sequence[TableSeating],
    winners: Mapping[int, int],
    history: Sequence[Sequence[TableSeating]],
    active: Sequence[str],
    out_counts: Mapping[str, int],
    seed: int,
    round_number: int,
) -> tuple[list[TableSeating], list[str]]:
    """:func:`split_round` by a full search (no seating to keep)."""
    choices = _sit_out_choices(previous, winners, active, out_counts, seed, round_number)
    staying = _staying(previous, winners)
    frozen_previous = tuple(previous)
    frozen_winners = tuple(sorted(winners.items()))
    frozen_history = tuple(tuple(tables) for tables in history)

    def seat(out: tuple[str, ...], restarts: int) -> tuple[int, tuple[TableSeating, ...]]:
        out_set = set(out)
        playing = tuple(p for p in active if p not in out_set)
        tables, cost = _split_round_cached(
            frozen_previous, frozen_winners, frozen_history, playing, seed, round_number, restarts
        )
        return cost + WINNER_SITS_OUT * sum(p in staying for p in out), tables

    full = _restarts(len(active) // 2)
    if len(choices) > 1:
        # Screen every choice with a quick search; search the most promising ones fully.
        screened = sorted(
            range(len(choices)), key=lambda index: (seat(choices[index], 1)[0], index)
        )
        choices = [choices[index] for index in sorted(screened[:SIT_OUT_FINALISTS])]
    best: tuple[int, int, tuple[TableSeating, ...], tuple[str, ...]] | None = None
    for index, out in enumerate(choices):
        cost, tables = seat(out, full)
        if best is None or (cost, index) < best[:2]:
            best = (cost, index, tables, out)
    assert best is not None
    return list(best[2]), sorted(best[3])


def _staying(previous: Sequence[TableSeating], winners: Mapping[int, int]) -> set[str]:
    """The winners of ``previous``: they stay at their tables."""
    return {
        player for table in previous for player in table.partnerships[winners.get(table.table, 0)]
    }


def _sit_out_choices(
    previous: Sequence[TableSeating],
    winners: Mapping[int, int],
    active: Sequence[str],
    out_counts: Mapping[str, int],
    seed: int,
    round_number: int,
    most: int = MAX_SIT_OUT_CHOICES,
) -> list[tuple[str, ...]]:
    """The fair choices of who sits out (those whose turn it is; losers, who move anyway,
    before winners), at most ``most``."""
    count = len(active) % 4
    if not count:
        return [()]
    staying = _staying(previous, winners)
    rng = random.Random(f"{seed}:{round_number}:sit-out")
    order = list(active)
    rng.shuffle(order)
    rank = {player: index for index, player in enumerate(order)}
    by_turn = sorted(active, key=lambda p: (out_counts.get(p, 0), rank[p]))
    boundary = out_counts.get(by_turn[count - 1], 0)
    must = tuple(p for p in by_turn if out_counts.get(p, 0) < boundary)
    pool = [p for p in by_turn if out_counts.get(p, 0) == boundary]
    need = count - len(must)
    every = list(combinations(pool, need))
    every.sort(
        key=lambda combo: (
            sum(p in staying for p in combo),
            rng.random(),
        )
    )
    return [must + combo for combo in every[:most]]


def _restarts(movers: int) -> int:
    """Fresh starts of the local search: many for small events, where the rules bind hardest
    and a search is cheap; few for large ones, where any seating keeps them."""
    if movers <= 12:
        return 8
    if movers <= 24:
        return 4
    return 2 if movers <= 40 else 1


@lru_cache(maxsize=4096)
def _split_round_cached(
    previous: tuple[TableSeating, ...],
    winners: tuple[tuple[int, int], ...],
    history: tuple[tuple[TableSeating, ...], ...],
    playing: tuple[str, ...],
    seed: int,
    round_number: int,
    restarts: int,
) -> tuple[tuple[TableSeating, ...], int]:
    """The search itself (cached: every recomputation of an event asks for the same rounds)."""
    winner_side = dict(winners)
    partners: dict[Pair, int] = {}
    opponents: dict[Pair, int] = {}
    for played in history:
        for table in played:
            for pair in table.partnerships:
                if len(pair) == 2:
                    key = _key(pair[0], pair[1])
                    partners[key] = partners.get(key, 0) + 1
            for one in table.partnerships[0]:
                for two in table.partnerships[1]:
                    key = _key(one, two)
                    opponents[key] = opponents.get(key, 0) + 1
    playing_set = set(playing)
    table_count = len(playing) // 4
    stayers_at: dict[int, list[str]] = {}
    lost_at: dict[str, int] = {}
    losing_pair: dict[str, int] = {}
    for table in previous:
        side = winner_side.get(table.table, 0)
        stayers_at[table.table] = [p for p in table.partnerships[side] if p in playing_set]
        for player in table.partnerships[1 - side]:
            lost_at[player] = table.table
            losing_pair[player] = table.table
    # Which tables stay open: those keeping the most winners (then the lowest numbers).
    open_tables = sorted(
        sorted(stayers_at, key=lambda number: (-len(stayers_at[number]), number))[:table_count]
    )
    next_number = max([table.table for table in previous], default=0) + 1
    while len(open_tables) < table_count:
        open_tables.append(next_number)
        next_number += 1
    stayers = {number: list(stayers_at.get(number, [])) for number in open_tables}
    fixed = {player for group in stayers.values() for player in group}
    movers = sorted(player for player in playing if player not in fixed)
    # Slots: per open table, the seats the movers fill, in partnership order.
    slot_table: list[int] = []
    for position, number in enumerate(open_tables):
        slot_table += [position] * (4 - len(stayers[number]))
    rng = random.Random(f"{seed}:{round_number}:split")

    # The counts under both orders of each pair: the cost below is the search's inner loop
    # (40 tables: tens of thousands of calls a round), so it looks pairs up without sorting.
    partners_of = partners | {(two, one): count for (one, two), count in partners.items()}
    opponents_of = opponents | {(two, one): count for (one, two), count in opponents.items()}
    partners_get, opponents_get, lost_get = partners_of.get, opponents_of.get, lost_at.get

    def table_cost(position: int, seated: Sequence[str]) -> int:
        number = open_tables[position]
        first, second = _partnerships(stayers[number], seated)
        cost = PARTNER_REPEAT * (partners_get(first, 0) + partners_get(second, 0))
        for one in first:
            for two in second:
                cost += opponents_get((one, two), 0)
        for player in seated:
            if lost_get(player) == number:
                cost += STAYED_LOSER
        origins = [losing_pair[player] for player in seated if player in losing_pair]
        cost += SPLIT_PAIR * (len(origins) - len(set(origins)))
        return cost

    slots_of = [
        [index for index, where in enumerate(slot_table) if where == position]
        for position in range(len(open_tables))
    ]

    def seated_at(order: Sequence[str], position: int) -> list[str]:
        return [order[index] for index in slots_of[position]]

    def total(order: Sequence[str]) -> int:
        return sum(
            table_cost(position, seated_at(order, position)) for position in range(len(open_tables))
        )

    best_order: list[str] = list(movers)
    best_cost = total(best_order)
    for _restart in range(restarts):
        order = list(movers)
        rng.shuffle(order)
        costs = [
            table_cost(position, seated_at(order, position)) for position in range(len(open_tables))
        ]
        improved = True
        while improved:
            improved = False
            for i in range(len(order)):
                for j in range(i + 1, len(order)):
                    a, b = slot_table[i], slot_table[j]
                    order[i], order[j] = order[j], order[i]
                    if a == b:
                        new_a = table_cost(a, seated_at(order, a))
                        delta = new_a - costs[a]
                        new_b = new_a
                    else:
                        new_a = table_cost(a, seated_at(order, a))
                        new_b = table_cost(b, seated_at(order, b))
                        delta = new_a + new_b - costs[a] - costs[b]
                    if delta < 0:
                        costs[a], costs[b] = new_a, new_b
                        improved = True
                    else:
                        order[i], order[j] = order[j], order[i]
        cost = sum(costs)
        if cost < best_cost:
            best_order, best_cost = list(order), cost
    seated = []
    for position, number in enumerate(open_tables):
        first, second = _partnerships(stayers[number], seated_at(best_order, position))
        seated.append(TableSeating(number, (first, second)))
    return tuple(seated), best_cost


def _partnerships(
    stayers: Sequence[str], seated: Sequence[str]
) -> tuple[tuple[str, str], tuple[str, str]]:
    """A table's partnerships: each staying winner partners one arriving player (the two
    winners split to opposite sides); the remaining arrivals partner each other."""
    if len(stayers) == 2:
        return (stayers[0], seated[0]), (stayers[1], seated[1])
    if len(stayers) == 1:
        return (stayers[0], seated[0]), (seated[1], seated[2])
    return (seated[0], seated[1]), (seated[2], seated[3])
