"""Valpo rule 16: "The 'losing' team from each table will rotate after each round and the
winner will stay. All teams will rotate at the same time, in order to guarantee no repeat
matches."

Priorities, in order: no repeat match-up, now and in the rounds still to come (a depth-first
search checks that the rest of the event can still be paired without one); every winner
keeps its table whenever some assignment allows it; with an odd team count the bye goes to a
team that moves anyway (a loser, a team back from its bye, a late arrival), fewest byes
first; then the least travel (a loser moves on to the next table). When no assignment keeps
every winner without a repeat, everyone is re-paired without a repeat and winners keep their
tables where the pairing allows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from euchre.tournament.assignment import assign
from euchre.tournament.model import TableSeating
from euchre.tournament.movement import PlayedRound, round_rng, team_of

__all__ = ["winners_stay_round"]


def winners_stay_round(
    *,
    previous: PlayedRound,
    active: Sequence[str],
    members: Mapping[str, tuple[str, ...]],
    team_by_member: Mapping[str, str],
    met: Mapping[str, set[str]],
    bye_counts: Mapping[str, int],
    seed: int,
    round_number: int,
    rounds_left: int,
) -> tuple[list[TableSeating], list[str]]:
    """Valpo rule 16, "the losing team from each table will rotate after each round and the
    winner will stay ... in order to guarantee no repeat matches": the next round's tables
    and the team(s) with a bye.

    In order: no repeat match-up (now, and, looking ``rounds_left`` rounds ahead, none forced
    later); every winner keeps its table whenever some assignment allows it; the bye goes to a
    team that moves anyway (a loser, a team back from a bye or newly arrived), the fewest
    byes so far first; then the least travel (losers move on to the next table)."""
    played = tuple(
        (
            table.table,
            team_of(table, 0, team_by_member),
            team_of(table, 1, team_by_member),
            previous.winners.get(table.table, 0),
        )
        for table in sorted(previous.tables, key=lambda table: table.table)
    )
    placed, bye = _winners_stay(
        played,
        tuple(active),
        frozenset(frozenset((team, other)) for team, others in met.items() for other in others),
        tuple(sorted((team, count) for team, count in bye_counts.items() if team in active)),
        seed,
        round_number,
        rounds_left,
    )
    seated = [
        TableSeating(number, (members[host], members[visitor])) for number, host, visitor in placed
    ]
    return sorted(seated, key=lambda table: table.table), [] if bye is None else [bye]


@lru_cache(maxsize=1024)
def _winners_stay(
    played: tuple[tuple[int, str, str, int], ...],
    active: tuple[str, ...],
    met_pairs: frozenset[frozenset[str]],
    bye_count_items: tuple[tuple[str, int], ...],
    seed: int,
    round_number: int,
    rounds_left: int,
) -> tuple[tuple[tuple[int, str, str], ...], str | None]:
    """The search behind :func:`winners_stay_round` on hashable inputs (cached: every
    recomputation of an event asks for the same rounds again)."""
    met: dict[str, set[str]] = {}
    for pair in met_pairs:
        one, two = sorted(pair)
        met.setdefault(one, set()).add(two)
        met.setdefault(two, set()).add(one)
    bye_counts = dict(bye_count_items)
    rng = round_rng(seed, round_number)
    playing_before = set(active)
    winner_at: dict[int, str] = {}
    origin: dict[str, int] = {}
    for index, (number, first, second, side) in enumerate(played):
        team = (first, second)[side]
        if team in playing_before:
            winner_at[number] = team
        origin[first] = origin[second] = index
    byes_needed = len(active) % 2
    table_count = (len(active) - byes_needed) // 2
    numbers = [number for number, *_teams in played]
    # Tables stay open where a winner stays (the lowest numbers first), new ones follow.
    open_numbers = sorted(sorted(numbers, key=lambda n: (n not in winner_at, n))[:table_count])
    next_number = max(numbers, default=0) + 1
    while len(open_numbers) < table_count:
        open_numbers.append(next_number)
        next_number += 1
    staying = {number: winner_at[number] for number in open_numbers if number in winner_at}
    winners = set(staying.values())
    order = list(active)
    rng.shuffle(order)
    rank = {team: index for index, team in enumerate(order)}
    candidates: list[str | None] = [None]
    if byes_needed:
        ordered = sorted(
            active, key=lambda team: (team in winners, bye_counts.get(team, 0), rank[team])
        )
        candidates = list(ordered)
    best: tuple[tuple[int, int, int, int, int], list[tuple[int, str, str]], str | None] | None
    best = None
    for index, bye in enumerate(candidates):
        playing = [team for team in active if team != bye]
        hosts = {number: team for number, team in staying.items() if team != bye}
        placed, repeats, travel = _place_visitors(open_numbers, hosts, playing, origin, met)
        moved = len(winners) - len(hosts)
        if repeats == 0:
            pairs = [(one, two) for _number, one, two in placed]
            completable = _completable(active, met, pairs, rounds_left)
        else:
            completable = False
        key = (repeats, 0 if completable else 1, moved, index, travel)
        if best is None or key < best[0]:
            best = (key, placed, bye)
        if repeats == 0 and completable and moved == 0:
            break
    assert best is not None
    key, placed, bye = best
    if key[0] or key[1]:
        # No assignment keeps every winner without a repeat now or later: "guarantee no
        # repeat matches" comes first, so re-pair everyone, winners kept where they can be.
        rescued = _repair(active, met, rounds_left, staying, open_numbers, byes_needed)
        if rescued is not None:
            placed, bye = rescued
    return tuple(placed), bye


def _place_visitors(
    open_numbers: Sequence[int],
    hosts: Mapping[int, str],
    playing: Sequence[str],
    origin: Mapping[str, int],
    met: Mapping[str, set[str]],
) -> tuple[list[tuple[int, str, str]], int, int]:
    """Winners host their tables; every other team is a visitor, placed by an assignment
    with cost 1000 a repeat match-up plus the travel from the next table on. Tables without
    a winner take their host from the visitors (the first in order)."""
    table_count = len(open_numbers)
    movers = [team for team in playing if team not in set(hosts.values())]
    movers.sort(key=lambda team: (origin.get(team, table_count), team))
    host_list: list[str] = []
    for number in open_numbers:
        if number in hosts:
            host_list.append(hosts[number])
        else:
            host_list.append(movers.pop(0))
    costs = []
    for team in movers:
        start = origin.get(team, table_count - 1)
        row = []
        for target in range(table_count):
            repeat = 1000 if host_list[target] in met.get(team, set()) else 0
            row.append(repeat + (target - start - 1) % max(table_count, 1))
        costs.append(row)
    columns = assign(costs)
    visitor = {column: movers[row] for row, column in enumerate(columns)}
    total = sum(costs[row][column] for row, column in enumerate(columns))
    placed = [
        (number, host_list[target], visitor[target]) for target, number in enumerate(open_numbers)
    ]
    return placed, total // 1000, total % 1000


_BYE = "\x00bye"


def _matchings(
    teams: Sequence[str], blocked: set[frozenset[str]], count: int, budget: list[int]
) -> list[list[tuple[str, str]]] | None:
    """``count`` edge-disjoint perfect matchings of ``teams`` (plus a bye slot when odd)
    avoiding ``blocked`` pairs, by depth-first search; None when none exist or the search
    ran out of ``budget``."""
    nodes = list(teams) + ([_BYE] if len(teams) % 2 else [])
    used: set[frozenset[str]] = set()
    found: list[list[tuple[str, str]]] = []

    def free(one: str, two: str) -> bool:
        pair = frozenset((one, two))
        if pair in used:
            return False
        return _BYE in pair or pair not in blocked

    def one_matching(left: list[str], current: list[tuple[str, str]]) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if not left:
            found.append(list(current))
            for one, two in current:
                used.add(frozenset((one, two)))
            if len(found) == count or one_matching(list(nodes), []):
                return True
            for one, two in current:
                used.discard(frozenset((one, two)))
            found.pop()
            return False
        # The node with the fewest choices first.
        options = {node: [o for o in left if o != node and free(node, o)] for node in left}
        node = min(left, key=lambda n: (len(options[n]), n))
        for other in options[node]:
            rest = [n for n in left if n not in (node, other)]
            current.append((node, other))
            if one_matching(rest, current):
                return True
            current.pop()
        return False

    if count <= 0:
        return []
    return found if one_matching(list(nodes), []) else None


def _blocked(met: Mapping[str, set[str]], extra: Sequence[tuple[str, str]]) -> set[frozenset[str]]:
    pairs = {frozenset((team, other)) for team, others in met.items() for other in others}
    return pairs | {frozenset(pair) for pair in extra}


def _completable(
    active: Sequence[str],
    met: Mapping[str, set[str]],
    pairs: Sequence[tuple[str, str]],
    rounds_left: int,
) -> bool:
    """Whether the rounds still to come can all be paired without a repeat after this round
    plays ``pairs`` (an inconclusive search counts as yes)."""
    if rounds_left <= 0:
        return True
    budget = [4000]
    found = _matchings(sorted(active), _blocked(met, pairs), rounds_left, budget)
    return found is not None or budget[0] < 0


def _repair(
    active: Sequence[str],
    met: Mapping[str, set[str]],
    rounds_left: int,
    staying: Mapping[int, str],
    open_numbers: Sequence[int],
    byes_needed: int,
) -> tuple[list[tuple[int, str, str]], str | None] | None:
    """A no-repeat pairing of every active team for this round (and the ``rounds_left``
    after it where the search can tell), with as many winners as possible at their tables;
    None when the search finds none."""
    budget = [20_000]
    found = _matchings(sorted(active), _blocked(met, ()), rounds_left + 1, budget)
    if found is None:
        budget = [20_000]
        found = _matchings(sorted(active), _blocked(met, ()), 1, budget)
    if found is None:
        return None
    bye: str | None = None
    games: list[tuple[str, str]] = []
    for one, two in found[0]:
        if _BYE in (one, two):
            bye = two if one == _BYE else one
        else:
            games.append((one, two))
    if byes_needed == 0 and bye is not None:  # pragma: no cover - even counts have no bye slot
        return None
    host_table = {team: number for number, team in staying.items()}
    costs = [
        [
            0 if host_table.get(one) == number or host_table.get(two) == number else 1
            for number in open_numbers
        ]
        for one, two in games
    ]
    columns = assign(costs)
    placed = []
    for (one, two), column in zip(games, columns, strict=True):
        number = open_numbers[column]
        host, visitor = (two, one) if host_table.get(two) == number else (one, two)
        placed.append((number, host, visitor))
    return placed, bye
