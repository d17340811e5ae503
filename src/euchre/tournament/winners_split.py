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
from itertools import combinations, permutations

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
    arrived: Sequence[str] = (),
) -> tuple[list[TableSeating], list[str]]:
    """Seat the ``active`` players for the round after ``previous`` (whose ``winners`` give
    each table's winning side, 0/1) and say who sits out; ``history`` holds every game played
    so far (``previous`` included) to count partners and opponents.

    Sit-outs keep the fair rotation (nobody sits out twice before everyone has once); among
    the players whose turn it is, the choice that seats the rest best wins (players who move
    anyway first: a winner sitting out costs :data:`WINNER_SITS_OUT`).

    ``arrived``: players who came after ``previous`` (late arrivals). The phones already show
    the seating without them, so they are fitted into it (:func:`_fit_arrivals`): only the
    seats the movement must give up move, unless that breaks a rule the full search keeps."""
    searched = _split_round(
        previous=previous,
        winners=winners,
        history=history,
        active=active,
        out_counts=out_counts,
        seed=seed,
        round_number=round_number,
    )
    newcomers = [player for player in active if player in set(arrived)]
    if not newcomers:
        return searched
    base_active = [player for player in active if player not in set(newcomers)]
    base = _split_round(
        previous=previous,
        winners=winners,
        history=history,
        active=base_active,
        out_counts=out_counts,
        seed=seed,
        round_number=round_number,
    )
    fitted = _fit_arrivals(base, previous, winners, history, active, out_counts, seed, round_number)
    if fitted is None:
        return searched
    judge = _Judge(previous, winners, history)
    limit = judge.breaks(searched[0])
    tables = _mend(judge, fitted[0], limit)
    if judge.breaks(tables) > limit:
        return searched
    return tables, fitted[1]


MEND_STEPS = 4
"""How many swaps of two players may mend a fitted seating before the full search wins."""


def _mend(judge: _Judge, tables: list[TableSeating], limit: int) -> list[TableSeating]:
    """``tables`` with up to :data:`MEND_STEPS` swaps of two movers (never a winner at his
    own table), each the one that breaks the fewest rules, until it breaks no more than
    ``limit``: a fitted seating that sent a losing pair to one table moves two more seats,
    not all of them."""
    seats = [
        (index, side, seat)
        for index, table in enumerate(tables)
        for side, pair in enumerate(table.partnerships)
        for seat, player in enumerate(pair)
        if judge.won_at.get(player) != table.table
    ]
    current = list(tables)
    for _step in range(MEND_STEPS):
        each = [judge.table_breaks(table) for table in current]
        if sum(each) <= limit:
            break
        # A swap that mends must move a player of a table that breaks a rule; only the two
        # tables it touches change (a 40-table night stays quick).
        best: tuple[int, list[TableSeating]] | None = None
        for first in (seat for seat in seats if each[seat[0]]):
            for second in seats:
                if second == first:
                    continue
                swapped = _swap(current, first, second)
                touched = {first[0], second[0]}
                delta = sum(judge.table_breaks(swapped[i]) - each[i] for i in touched)
                if delta < 0 and (best is None or delta < best[0]):
                    best = (delta, swapped)
        if best is None:
            break
        current = best[1]
    return current


def _swap(
    tables: Sequence[TableSeating], first: tuple[int, int, int], second: tuple[int, int, int]
) -> list[TableSeating]:
    """``tables`` with the players of two seats (table index, side, seat) swapped (only
    the tables touched are rebuilt)."""
    (i, a, x), (j, b, y) = first, second
    places = {index: [list(pair) for pair in tables[index].partnerships] for index in (i, j)}
    places[i][a][x], places[j][b][y] = places[j][b][y], places[i][a][x]
    swapped = list(tables)
    for index, pairs in places.items():
        swapped[index] = TableSeating(tables[index].table, (tuple(pairs[0]), tuple(pairs[1])))
    return swapped


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
    keep: Sequence[str] | None = None,
) -> list[tuple[str, ...]]:
    """The fair choices of who sits out (those whose turn it is; those of ``keep``, who sat
    out in the seating shown, first; then losers, who move anyway, before winners), at most
    ``most``. ``keep`` given (fitting arrivals in): only the best few are listed."""
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
    kept = set(keep or ())
    if keep is not None:
        # Fitting arrivals in wants few seats changed: only the pool's first players (those
        # who sat out in the seating shown, then losers) can make the best choices, so the
        # combinations of a 160-player pool are not all listed.
        pool = sorted(pool, key=lambda p: (p not in kept, p in staying, rank[p]))[: need + 6]
    every = list(combinations(pool, need))
    every.sort(
        key=lambda combo: (
            sum(p not in kept for p in combo),
            sum(p in staying for p in combo),
            rng.random(),
        )
    )
    return [must + combo for combo in every[:most]]


class _Judge:
    """The search's rules, read off a finished seating: what it breaks and what it costs."""

    def __init__(
        self,
        previous: Sequence[TableSeating],
        winners: Mapping[int, int],
        history: Sequence[Sequence[TableSeating]],
    ) -> None:
        self.partners: dict[Pair, int] = {}
        self.opponents: dict[Pair, int] = {}
        for played in history:
            for table in played:
                for pair in table.partnerships:
                    if len(pair) == 2:
                        key = _key(pair[0], pair[1])
                        self.partners[key] = self.partners.get(key, 0) + 1
                for one in table.partnerships[0]:
                    for two in table.partnerships[1]:
                        key = _key(one, two)
                        self.opponents[key] = self.opponents.get(key, 0) + 1
        self.lost_at: dict[str, int] = {}
        self.won_at: dict[str, int] = {}
        for table in previous:
            side = winners.get(table.table, 0)
            for player in table.partnerships[1 - side]:
                self.lost_at[player] = table.table
            for player in table.partnerships[side]:
                self.won_at[player] = table.table
        self.staying = _staying(previous, winners)

    def breaks(self, tables: Sequence[TableSeating]) -> int:
        """The rules a seating breaks, weighted as the search weighs them: partners again,
        losers kept at their table or winners sent from it (as a kept loser), a losing pair
        sent to one table."""
        return sum(self.table_breaks(table) for table in tables)

    def table_breaks(self, table: TableSeating) -> int:
        """:meth:`breaks` of one table."""
        cost = PARTNER_REPEAT * sum(
            self.partners.get(_key(*pair), 0) for pair in table.partnerships if len(pair) == 2
        )
        cost += STAYED_LOSER * sum(
            1 for p in table.players if p in self.won_at and self.won_at[p] != table.table
        )
        origins = [self.lost_at[p] for p in table.players if p in self.lost_at]
        cost += STAYED_LOSER * sum(1 for origin in origins if origin == table.table)
        moved = [origin for origin in origins if origin != table.table]
        return cost + SPLIT_PAIR * (len(moved) - len(set(moved)))

    def cost(self, tables: Sequence[TableSeating], out: Sequence[str]) -> int:
        """What the search minimises: the rules broken, then earlier meetings of opponents
        and winners sitting out."""
        meetings = sum(
            self.opponents.get(_key(one, two), 0)
            for table in tables
            for one in table.partnerships[0]
            for two in table.partnerships[1]
        )
        return (
            self.breaks(tables)
            + meetings
            + WINNER_SITS_OUT * sum(player in self.staying for player in out)
        )


def _fit_arrivals(
    base: tuple[list[TableSeating], list[str]],
    previous: Sequence[TableSeating],
    winners: Mapping[int, int],
    history: Sequence[Sequence[TableSeating]],
    active: Sequence[str],
    out_counts: Mapping[str, int],
    seed: int,
    round_number: int,
) -> tuple[list[TableSeating], list[str]] | None:
    """The seating ``base`` (shown before the arrivals) with the fewest seats changed: for
    each fair choice of who sits out now, those who sit out leave their seats, and the
    players without one (the arrivals, and those who sat out in ``base`` and now play) take
    the seats left (any new table numbered after the highest). The fewest seats changed wins,
    then the search's cost. None when no choice fits (the table count fell)."""
    judge = _Judge(previous, winners, history)
    tables, base_out = base
    seated = {player for table in tables for player in table.players}
    table_count = len(active) // 4
    if table_count < len(tables):
        return None
    next_number = max([table.table for table in (*tables, *previous)], default=0) + 1
    best: tuple[int, int, int, list[TableSeating], list[str]] | None = None
    choices = _sit_out_choices(
        previous, winners, active, out_counts, seed, round_number, most=64, keep=base_out
    )
    for index, out in enumerate(choices):
        leaving = set(out)
        needers = [player for player in active if player not in seated and player not in leaving]
        holes = [
            (position, side, seat)
            for position, table in enumerate(tables)
            for side, pair in enumerate(table.partnerships)
            for seat, player in enumerate(pair)
            if player in leaving
        ]
        new_seats = 4 * (table_count - len(tables))
        if len(needers) != len(holes) + new_seats:
            continue
        if best is not None and len(holes) > best[0]:
            continue  # more seats changed than a choice already found
        orders = permutations(needers) if len(needers) <= 4 else iter([tuple(needers)])
        for order in orders:
            filled = [[list(pair) for pair in table.partnerships] for table in tables]
            for (position, side, seat), player in zip(holes, order, strict=False):
                filled[position][side][seat] = player
            extra = list(order[len(holes) :])
            seating = [
                TableSeating(table.table, (tuple(pairs[0]), tuple(pairs[1])))
                for table, pairs in zip(tables, filled, strict=True)
            ]
            for start in range(0, len(extra), 4):
                seating.append(
                    TableSeating(
                        next_number + start // 4,
                        ((extra[start], extra[start + 1]), (extra[start + 2], extra[start + 3])),
                    )
                )
            key = (len(holes), judge.cost(seating, out), index)
            if best is None or key < best[:3]:
                best = (*key, seating, sorted(out))
    if best is None:
        return None
    return best[3], best[4]


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
