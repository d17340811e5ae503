"""Valpo rule 16: "The 'losing' team from each table will rotate after each round and the
winner will stay. All teams will rotate at the same time, in order to guarantee no repeat
matches."

Priorities, in order: no repeat match-up, now and in the rounds still to come (a depth-first
search checks that the rest of the event can still be paired without one); with an odd team
count the bye goes to a team that rotates (one that did not win the last round and has lost a
game), then to a winner of the last round with an earlier loss, and to an unbeaten team only
when no team with a loss can take it without a repeat (the losing team rotates, the unbeaten
one keeps playing), even if a winner then changes tables; every winner keeps its table
whenever some assignment allows it; the fewest byes; then the least travel (a loser moves on
to the next table). When no assignment keeps every winner without a repeat, everyone is
re-paired without a repeat and winners keep their tables where the pairing allows.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
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
    unbeaten: Collection[str] = (),
) -> tuple[list[TableSeating], list[str]]:
    """Valpo rule 16, "the losing team from each table will rotate after each round and the
    winner will stay ... in order to guarantee no repeat matches": the next round's tables
    and the team(s) with a bye.

    In order: no repeat match-up (now, and, looking ``rounds_left`` rounds ahead, none forced
    later); the bye to a team that rotates (it did not win the last round and is not among
    the ``unbeaten``, the teams that have played and never lost), then to a last-round winner
    with a loss, an unbeaten team last; every winner keeps its table whenever some
    assignment allows it; the fewest byes so far; then the least travel (losers move on to
    the next table)."""
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
        tuple(sorted(team for team in unbeaten if team in active)),
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
    unbeaten: tuple[str, ...],
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

    def bye_class(team: str) -> int:
        """0: a team that rotates anyway and has lost a game; 1: a winner of the last round
        with a loss; 2: an unbeaten team (rule 16: the losing team rotates)."""
        if team in unbeaten:
            return 2
        return 1 if team in winners else 0

    candidates: list[str | None] = [None]
    if byes_needed:
        ordered = sorted(
            active, key=lambda team: (bye_class(team), bye_counts.get(team, 0), rank[team])
        )
        candidates = list(ordered)
    best: tuple[tuple[int, ...], list[tuple[int, str, str]], str | None] | None = None
    for index, bye in enumerate(candidates):
        byes_class = 0 if bye is None else bye_class(bye)
        if best is not None and best[0][:2] == (0, 0) and byes_class > best[0][2]:
            break  # a team with a loss takes the bye: an unbeaten one never beats it
        playing = [team for team in active if team != bye]
        hosts = {number: team for number, team in staying.items() if team != bye}
        placed, repeats, travel = _place_visitors(open_numbers, hosts, playing, origin, met)
        if repeats == 0:
            pairs = [(one, two) for _number, one, two in placed]
            completable = _completable(active, met, pairs, rounds_left)
        else:
            completable = False
        # A re-pairing moves winners: once a bye of the same kind has a seating without a
        # repeat, only a seating keeping every winner (above) can still beat it.
        hopeless = best is not None and best[0][:3] == (0, 0, byes_class)
        if (repeats or not completable) and not hopeless:
            # Winners at their tables cannot all stay with this bye: "guarantee no repeat
            # matches" comes first, so re-pair everyone, winners kept where they can be.
            rescued = _repair(active, met, rounds_left, staying, open_numbers, bye)
            if rescued is not None:
                placed, completable = rescued
                repeats, travel = 0, 0
        kept = {
            number
            for number, one, two in placed
            if number in staying and staying[number] in (one, two)
        }
        moved = len(staying) - len(kept)
        count = 0 if bye is None else bye_counts.get(bye, 0)
        key = (repeats, 0 if completable else 1, byes_class, moved, count, index, travel)
        if best is None or key < best[0]:
            best = (key, placed, bye)
        if repeats == 0 and completable and moved == 0:
            break
    assert best is not None
    _key, placed, bye = best
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
    teams: Sequence[str],
    blocked: set[frozenset[str]],
    count: int,
    budget: list[int],
    first_bye: str | None = None,
) -> list[list[tuple[str, str]]] | None:
    """``count`` edge-disjoint perfect matchings of ``teams`` (plus a bye slot when odd)
    avoiding ``blocked`` pairs, by depth-first search, ``first_bye`` (if any) on the bye in
    the first; None when none exist or the search ran out of ``budget``."""
    nodes = list(teams) + ([_BYE] if len(teams) % 2 else [])
    # Who each node may not meet, as sets (a pair is free unless blocked, which never
    # holds a bye, or already used by a matching found): set operations in C, not a
    # frozenset per pair, keep 80 teams' searches fast (bench/movement_bench.py).
    banned: dict[str, set[str]] = {node: set() for node in nodes}
    for pair in blocked:
        if _BYE in pair or len(pair) != 2:
            continue
        one, two = tuple(pair)
        if one in banned and two in banned:
            banned[one].add(two)
            banned[two].add(one)
    used: dict[str, set[str]] = {node: set() for node in nodes}
    found: list[list[tuple[str, str]]] = []

    def use(current: list[tuple[str, str]], taken: bool) -> None:
        for one, two in current:
            if taken:
                used[one].add(two)
                used[two].add(one)
            else:
                used[one].discard(two)
                used[two].discard(one)

    def one_matching(left: list[str], current: list[tuple[str, str]]) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if not left:
            found.append(list(current))
            use(current, True)
            if len(found) == count or one_matching(list(nodes), []):
                return True
            use(current, False)
            found.pop()
            return False
        if not found and first_bye in left and _BYE in left:
            node, choices = str(first_bye), [_BYE]
        else:
            # The node with the fewest choices first (then the smallest id).
            here = set(left)
            free_count = {n: len(left) - 1 - len((banned[n] | used[n]) & here) for n in left}
            node = min(left, key=lambda n: (free_count[n], n))
            taken = banned[node] | used[node]
            choices = [o for o in left if o != node and o not in taken]
        for other in choices:
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
    bye: str | None,
) -> tuple[list[tuple[int, str, str]], bool] | None:
    """A no-repeat pairing of every active team for this round, ``bye`` on the bye (for an
    odd count), with as many winners as possible at their tables, and whether the
    ``rounds_left`` after it can be paired too (an inconclusive search counts as yes); None
    when the search finds no pairing for this round."""
    budget = [20_000]
    found = _matchings(sorted(active), _blocked(met, ()), rounds_left + 1, budget, bye)
    completable = found is not None or budget[0] < 0
    if found is None:
        budget = [20_000]
        found = _matchings(sorted(active), _blocked(met, ()), 1, budget, bye)
    if found is None:
        return None
    games = [(one, two) for one, two in found[0] if _BYE not in (one, two)]
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
    return placed, completable
