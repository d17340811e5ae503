"""A late arrival fitted into the seating the phones already show, whatever the movement.

Between rounds every phone shows its players' provisional seats for the next round. When a
player (or a team) arrives then, the movement's own answer with him could reseat everyone
(a draw, a schedule or a search starts again from a different list). Instead the seating
shown (the movement's answer without him) is kept and he is fitted into it
(:func:`fit_arrivals`), all who came since the last round together:

- the units that sat out in the seating shown and the arrivals form the *pool*;
- whenever the pool fills a table (four players, or two teams), a new table opens at the
  foot (numbered after the highest) and seats them;
- the rest of the pool sits out, or more units must: those who sat out in the seating shown
  sit out first, then the fair rotation chooses (fewest turns sitting out, a game missed by
  arriving late counting as a turn), then one of an arrival's seat class, then one the
  movement moves anyway (a loser) before one who stays, then a seeded draw. An arrival who
  is not chosen takes the seat of one who now sits out (so only that seat's player and his
  partner see a change);
- with a ghost table (the foot table the movement feeds) nobody is taken out of a seat: the
  arrivals join the ghost table, and a ghost table that reaches a table's worth plays.

Only the next round is provisional: a round, once started, keeps its seating, and the rounds
after it are seated by the movement from what was played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from euchre.tournament.model import TableSeating

__all__ = ["fit_arrivals"]

Slot = tuple[int, int, int]
"""A seat of the seating shown: (table index, side, seat in the partnership)."""


def fit_arrivals(
    tables: Sequence[TableSeating],
    sitting_out: Sequence[str],
    *,
    arrivals: Sequence[str],
    active: Sequence[str],
    previous: Sequence[TableSeating],
    members: Mapping[str, tuple[str, ...]],
    unit_of: Mapping[str, str],
    fixed_partners: bool,
    ghost: bool,
    turns: Mapping[str, int],
    seat_classes: Mapping[str, str],
    partnered: Mapping[frozenset[str], int],
    rng: random.Random,
) -> tuple[list[TableSeating], list[str]] | None:
    """The seating ``tables``/``sitting_out`` (shown before the ``arrivals`` came) with them
    fitted in as the module says; ``active`` are the units present now (the arrivals
    included; teams when ``fixed_partners``), ``turns`` each unit's turns sitting out (games
    missed included). Returns the tables and the players sitting out, or None when the
    seating shown has more tables than the players now fill (the movement then seats the
    round afresh)."""
    size = 2 if fixed_partners else 4

    def unit(player: str) -> str:
        return unit_of.get(player, player) if fixed_partners else player

    occupant: dict[Slot, str] = {}
    for index, table in enumerate(tables):
        for side, pair in enumerate(table.partnerships):
            if fixed_partners:
                occupant[(index, side, 0)] = unit(pair[0])
            else:
                for seat, player in enumerate(pair):
                    occupant[(index, side, seat)] = player
    active_set = set(active)
    seated = set(occupant.values())
    shown_out = list(dict.fromkeys(unit(p) for p in sitting_out if unit(p) in active_set))
    pool = [u for u in shown_out if u not in seated] + list(arrivals)
    table_count = len(active) // size
    new_tables = table_count - len(tables)
    if new_tables < 0:
        return None
    count_out = len(active) - size * table_count
    if ghost:
        # The ghost table's players (then the arrival) fill a new foot table when they can.
        sitting = set(pool[size * new_tables :])
    else:
        table_before = {
            unit(player): table.table
            for table in previous
            for pair in table.partnerships
            for player in pair
        }
        table_now = {u: tables[index].table for (index, _side, _seat), u in occupant.items()}
        moves = {u for u in active if table_now.get(u) != table_before.get(u)}
        sitting = set(
            _who_sits_out(shown_out, arrivals, count_out, active, turns, seat_classes, moves, rng)
        )
    needers = [u for u in pool if u not in sitting]
    holes = [slot for slot, u in occupant.items() if u in sitting]
    if len(needers) != len(holes) + size * new_tables:
        return None
    places = [[list(pair) for pair in table.partnerships] for table in tables]
    for index, side, seat in holes:
        leaving = occupant[(index, side, seat)]
        wanted = seat_classes.get(leaving)
        pick = next((u for u in needers if seat_classes.get(u) == wanted), needers[0])
        needers.remove(pick)
        if fixed_partners:
            places[index][side] = list(members[pick])
        else:
            places[index][side][seat] = pick
    seating = [
        TableSeating(table.table, (tuple(pairs[0]), tuple(pairs[1])), table.hands)
        for table, pairs in zip(tables, places, strict=True)
    ]
    number = max([t.table for t in (*tables, *previous)], default=0) + 1
    for start in range(0, len(needers), size):
        group = needers[start : start + size]
        if fixed_partners:
            seating.append(TableSeating(number, (members[group[0]], members[group[1]])))
        else:
            seating.append(TableSeating(number, _pairing(group, seat_classes, partnered)))
        number += 1
    if fixed_partners:
        out = [p for u in active if u in sitting for p in members[u]]
    else:
        out = [u for u in active if u in sitting]
    return seating, sorted(out)


def _who_sits_out(
    shown_out: Sequence[str],
    arrivals: Sequence[str],
    count_out: int,
    active: Sequence[str],
    turns: Mapping[str, int],
    seat_classes: Mapping[str, str],
    moves: set[str],
    rng: random.Random,
) -> list[str]:
    """The ``count_out`` units to sit out: those shown sitting out first, then by the fair
    rotation, an arrival's class, a unit the movement ``moves`` anyway (its table changes),
    a seeded draw."""
    order = list(active)
    rng.shuffle(order)
    rank = {u: index for index, u in enumerate(order)}
    shown = set(shown_out)
    wanted = {seat_classes.get(u) for u in arrivals}
    return sorted(
        active,
        key=lambda u: (
            u not in shown,
            turns.get(u, 0),
            seat_classes.get(u) not in wanted,
            u not in moves,
            rank[u],
        ),
    )[:count_out]


def _pairing(
    four: Sequence[str], seat_classes: Mapping[str, str], partnered: Mapping[frozenset[str], int]
) -> tuple[tuple[str, str], tuple[str, str]]:
    """The partners of a new table of four: the pairing with the fewest partners of one class
    (where the sheet has classes), then the fewest repeat partners; the first on a tie."""
    first = four[0]
    candidates = []
    for other in four[1:]:
        rest = [p for p in four[1:] if p != other]
        candidates.append(((first, other), (rest[0], rest[1])))

    def cost(pairs: tuple[tuple[str, str], tuple[str, str]]) -> tuple[int, int]:
        same = sum(
            1
            for one, two in pairs
            if one in seat_classes and seat_classes.get(one) == seat_classes.get(two)
        )
        return same, sum(partnered.get(frozenset(pair), 0) for pair in pairs)

    return min(candidates, key=cost)
