"""The interpreter of movements as data (:class:`~euchre.tournament.movement_spec.MovementSpec`).

:func:`seat_round` seats one round from a movement's values and what happened so far: a
named schedule, a seeded draw (the first round, or every round of a redraw), a search (the
losers placed ``anywhere`` while the winners stay: Bolivar's search for players, Valpo's for
teams), or the rules by outcome, seat class and compass seat. A new kind of rule is code, once,
here; a new club is a file.

How the rules seat a round: every table of the previous round (and the ghost table at the
foot, whose players move as losers) sends each of its players or teams where its rule says.
Each table's list is its stayers first (winners before losers, in their seat order), then its
arrivals (from the head down, in seat order; by compass seat for ``by_seat``). The lists are
read head to foot, a player who is not playing leaves a hole that a player who sat out
fills (the head first; a late arrival is fitted in by :func:`seat_round` instead), and the
line is cut into tables again (a table sent too many players passes its last arrival on to
the next table). The partners at a table of four players are
then the pairing the ``partners`` value allows that breaks the fewest ``pair_classes``, then
repeats the least (``avoid``, in order); the first such pairing on a tie.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from euchre.tournament.late_arrivals import fit_arrivals
from euchre.tournament.model import EventConfig, TableSeating
from euchre.tournament.movement import (
    PlayedRound,
    choose_out,
    draw_order_of,
    fill_holes,
    first_round_individual,
    first_round_teams,
    meetings,
    rotating_partners_round,
    round_rng,
    round_robin_round,
    sit_out_rotation,
)
from euchre.tournament.movement_spec import (
    COMPASS_ORDER,
    Avoid,
    Compass,
    MovementSpec,
    PairClasses,
    Partners,
    Redraw,
    ScheduleName,
    SitOuts,
)
from euchre.tournament.tables_of_three import (
    group_threes,
    three_table_count,
    together_at_threes,
)
from euchre.tournament.winners_split import split_round
from euchre.tournament.winners_stay import winners_stay_round

__all__ = ["Seating", "SeatingState", "out_count", "seat_round"]


@dataclass(slots=True)
class SeatingState:
    """What a movement sees when it seats a round (Tabbycat's draw generators get the same:
    who is present, what happened so far, and a seeded random source).

    ``active`` are the units present (teams in fixed-partner formats, players otherwise);
    ``history`` the complete rounds so far, oldest first; ``out_counts`` how often each
    unit sat out; ``met`` the teams each team has played (fixed-partner formats);
    ``seat_classes`` each player's seat class, where the sheet declares classes (plain
    input: the movement never reads storage)."""

    config: EventConfig
    options: Mapping[str, Any]
    round_number: int
    active: list[str]
    members: Mapping[str, tuple[str, ...]]
    unit_of: Mapping[str, str]
    draw_order: Sequence[str]
    roster: Sequence[str]
    history: Sequence[PlayedRound]
    out_counts: Mapping[str, int]
    met: Mapping[str, set[str]]
    seat_classes: Mapping[str, str] = field(default_factory=dict)
    entry_order: Sequence[str] = ()
    """The units in the order they were entered (``draw_order`` is them shuffled by the
    seed): a late arrival's fitting redraws the order shown without him."""
    stationary: frozenset[str] = frozenset()
    """The players who asked for the movement's stationary seat (``Entrant.stationary``)."""

    @property
    def previous(self) -> PlayedRound | None:
        """The last complete round (None before the first)."""
        return self.history[-1] if self.history else None

    def rng(self, salt: str = "") -> random.Random:
        """The seeded random source of this round (``salt`` names its purpose)."""
        return round_rng(self.config.seed, self.round_number, salt)

    def players_of(self, units: Sequence[str]) -> list[str]:
        """The players of ``units``."""
        return [player for unit in units for player in self.members[unit]]


@dataclass(frozen=True, slots=True)
class Seating:
    """A movement's answer for one round: its tables and the players sitting out."""

    tables: tuple[TableSeating, ...]
    sitting_out: tuple[str, ...] = ()


def seat_round(spec: MovementSpec, state: SeatingState, *, fixed_partners: bool) -> Seating:
    """Seat round ``state.round_number`` as ``spec`` says (units are teams when
    ``fixed_partners``, players otherwise). Units that were not present for the previous
    round (late arrivals, returning players) are fitted together into the seating the
    phones already show, the movement's own seating without them (``late_arrivals.py``)."""
    if spec.sit_outs is SitOuts.TABLES_OF_THREE and not fixed_partners:
        # Tables of three: the rotation chooses who plays three-handed; a late arrival
        # changes the count of tables of three, so the round is seated afresh with him.
        return _with_tables_of_three(
            _seat_round(spec, _three_turns(state), fixed_partners=False), state
        )
    previous = state.previous
    before = set(previous.active) if previous is not None else set()
    arrivals = [unit for unit in state.active if unit not in before]
    if previous is None or not arrivals:
        return _seat_round(spec, state, fixed_partners=fixed_partners)
    late = set(arrivals)
    shown_units = [unit for unit in state.active if unit not in late]
    late_players = {player for unit in arrivals for player in state.members.get(unit, (unit,))}
    entry = [unit for unit in state.entry_order if unit not in late]
    shown = _seat_round(
        spec,
        replace(
            state,
            active=shown_units,
            roster=[player for player in state.roster if player not in late_players],
            draw_order=draw_order_of(entry, state.config.seed)
            if state.entry_order
            else [unit for unit in state.draw_order if unit not in late],
        ),
        fixed_partners=fixed_partners,
    )
    # A game missed (arriving late) counts as a turn sitting out.
    turns = {
        unit: state.out_counts.get(unit, 0)
        + sum(1 for played in state.history if unit not in played.active)
        for unit in state.active
    }
    partnered, _opposed = meetings([played.tables for played in state.history])
    fitted = fit_arrivals(
        shown.tables,
        shown.sitting_out,
        arrivals=arrivals,
        active=state.active,
        previous=previous.tables,
        members=state.members,
        unit_of=state.unit_of,
        fixed_partners=fixed_partners,
        ghost=spec.sit_outs is SitOuts.GHOST_TABLE,
        turns=turns,
        seat_classes=state.seat_classes,
        partnered=partnered,
        rng=state.rng("arrivals"),
    )
    if fitted is None or (
        spec.searched and _winners_away(previous, fitted[0]) > _winners_away(previous, shown.tables)
    ):
        # The movement's own rule ("the winners stay") comes before keeping seats.
        return _seat_round(spec, state, fixed_partners=fixed_partners)
    tables, out = fitted
    return Seating(tuple(tables), tuple(out))


def _three_turns(state: SeatingState) -> SeatingState:
    """``state`` with a round played at a table of three counted as a turn sitting out, so
    the fair rotation sends nobody to a table of three twice before everyone has been."""
    turns = dict(state.out_counts)
    for played in state.history:
        for table in played.tables:
            if table.three_handed:
                for player in table.players:
                    turns[player] = turns.get(player, 0) + 1
    return replace(state, out_counts=turns)


def _with_tables_of_three(seating: Seating, state: SeatingState) -> Seating:
    """The movement's seating with the players the rotation chose (its sit-outs) seated at
    tables of three at the foot, when they make whole tables of three (else, with 5
    players, they sit out)."""
    out = list(seating.sitting_out)
    if not out or len(out) % 3:
        return seating
    first = max((table.table for table in seating.tables), default=0) + 1
    together = together_at_threes([played.tables for played in state.history])
    threes = group_threes(out, first, together)
    return Seating((*seating.tables, *threes), ())


def out_count(spec: MovementSpec, units: int, *, fixed_partners: bool) -> int:
    """How many of ``units`` the fair rotation takes out of the tables of four (or the
    team tables) this round: those a table cannot take; with tables of three, the players
    of the fewest tables of three that seat everyone (:func:`three_table_count`; the
    plain remainder where none can); none with a ghost table (the movement feeds it)."""
    if spec.sit_outs is SitOuts.GHOST_TABLE:
        return 0
    if fixed_partners:
        return units % 2
    if spec.sit_outs is SitOuts.TABLES_OF_THREE:
        threes = three_table_count(units)
        if threes is not None:
            return 3 * threes
    return units % 4


def _winners_away(previous: PlayedRound, tables: Sequence[TableSeating]) -> int:
    """How many winners of ``previous`` play at another table although their own is open
    (a movement whose winners stay; its search may still move one to avoid a repeat)."""
    table_of = {player: table.table for table in tables for player in table.players}
    open_tables = set(table_of.values())
    return sum(
        1
        for table in previous.tables
        if table.table in open_tables
        for player in table.partnerships[previous.winners.get(table.table, 0)]
        if table_of.get(player, table.table) != table.table
    )


def _seat_round(spec: MovementSpec, state: SeatingState, *, fixed_partners: bool) -> Seating:
    """:func:`seat_round` without fitting arrivals in: the movement's own answer."""
    if spec.schedule is ScheduleName.ROUND_ROBIN:
        tables = round_robin_round(
            state.draw_order, state.round_number, state.active, state.members
        )
        return _team_seating(state, tables)
    if spec.schedule is ScheduleName.WHIST:
        return _whist(state)
    if state.previous is None or spec.redraw is Redraw.EVERY_GAME:
        return _draw(spec, state, fixed_partners)
    if spec.searched:
        return _searched(state, fixed_partners)
    return _by_rules(spec, state, fixed_partners)


def _team_seating(state: SeatingState, tables: Sequence[TableSeating]) -> Seating:
    """A team seating: the players of present teams not seated sit out."""
    seated = {player for table in tables for player in table.players}
    out = [player for player in state.players_of(state.active) if player not in seated]
    return Seating(tuple(tables), tuple(sorted(out)))


# --- a draw: the first round, or every round of a redraw ---------------------------------


def _draw(spec: MovementSpec, state: SeatingState, fixed_partners: bool) -> Seating:
    """A seeded draw with fair sit-outs (or, with a ghost table, the draw's last players
    at the ghost table); with ``one_of_each``, every partnership one of each class."""
    rng = state.rng()
    count = out_count(spec, len(state.active), fixed_partners=fixed_partners)
    if fixed_partners:
        out = set(choose_out(state.active, count, state.out_counts, rng))
        playing = [unit for unit in state.active if unit not in out]
        return _team_seating(state, first_round_teams(playing, state.members, rng))
    sitting = set(_individual_sit_outs(spec, state, count, rng))
    playing = [player for player in state.active if player not in sitting]
    if spec.pair_classes is PairClasses.ONE_OF_EACH:
        order = list(playing)
        rng.shuffle(order)
        tables = _chunk_drawn(_interleave(order, state.seat_classes))
    else:
        tables = first_round_individual(playing, rng)
    tables = _stationary_requests_seated(spec, state, tables)
    seated = {player for table in tables for player in table.players}
    out = sitting | {player for player in playing if player not in seated}
    return Seating(tuple(tables), tuple(sorted(out)))


def _slot(seat: Compass) -> tuple[int, int]:
    """Where a compass seat is in a table's listing: (partnership, place in it)."""
    index = COMPASS_ORDER.index(seat)
    return index % 2, index // 2


def _stationary_requests_seated(
    spec: MovementSpec, state: SeatingState, tables: Sequence[TableSeating]
) -> list[TableSeating]:
    """The drawn ``tables`` with the players who asked for the stationary seat moved into it
    (the first entered first, one a table; each swaps with the player drawn there, of the
    same seat class where the sheet names classes). A request that cannot be met is left as
    drawn; the event's warnings say which and why (``seat_requests.py``)."""
    seat = spec.stationary_seat()
    asking = [player for player in state.entry_order if player in state.stationary]
    if seat is None or not asking:
        return list(tables)
    side, place = _slot(seat)
    grid = [[list(pair) for pair in table.partnerships] for table in tables]
    where = {
        player: (t, s, p)
        for t, pairs in enumerate(grid)
        for s, pair in enumerate(pairs)
        for p, player in enumerate(pair)
    }
    # The first to ask (entered first) are met first, one a table; those asking later than
    # there are tables move as the movement says (the warnings name them).
    met = [player for player in asking if player in where][: len(grid)]
    taken = {t for t, pairs in enumerate(grid) if pairs[side][place] in met}
    for player in met:
        if where[player][1:] == (side, place):
            continue  # drawn there
        free = [
            t
            for t in range(len(grid))
            if t not in taken
            and state.seat_classes.get(grid[t][side][place]) == state.seat_classes.get(player)
        ]
        if not free:
            continue
        t = free[0]
        other = grid[t][side][place]
        ot, os_, op = where[player]
        grid[t][side][place], grid[ot][os_][op] = player, other
        where[player], where[other] = (t, side, place), (ot, os_, op)
        taken.add(t)
    return [
        replace(table, partnerships=(tuple(pairs[0]), tuple(pairs[1])))
        for table, pairs in zip(tables, grid, strict=True)
    ]


def _individual_sit_outs(
    spec: MovementSpec, state: SeatingState, count: int, rng: random.Random
) -> list[str]:
    """The ``count`` players who sit out this round: the fair rotation; under
    ``one_of_each`` the rotation within each class, so the players left play one of each
    class (nine red and nine white: one red and one white sit out, and every partnership is
    red and white). Classes that cannot be balanced so (ten red, six white) fall back to the
    plain rotation; the event warns of them before the first round."""
    if count and state.stationary and spec.stationary_seat() is not None:
        # A player who asked for the stationary seat keeps it: the others sit out in turn
        # (while there are enough of them).
        others = [player for player in state.active if player not in state.stationary]
        if len(others) >= count:
            return sit_out_rotation(others, count, state.out_counts, rng)
    if spec.pair_classes is not PairClasses.ONE_OF_EACH or count == 0:
        return sit_out_rotation(state.active, count, state.out_counts, rng)
    names = sorted({state.seat_classes[p] for p in state.active if p in state.seat_classes})
    groups = [[p for p in state.active if state.seat_classes.get(p) == name] for name in names]
    each = (len(state.active) - count) // 2
    if len(groups) != 2 or sum(map(len, groups)) != len(state.active):
        return sit_out_rotation(state.active, count, state.out_counts, rng)
    if any(len(group) < each for group in groups):
        return sit_out_rotation(state.active, count, state.out_counts, rng)
    return [
        player
        for group in groups
        for player in sit_out_rotation(group, len(group) - each, state.out_counts, rng)
    ]


def _interleave(order: Sequence[str], classes: Mapping[str, str]) -> list[str]:
    """The drawn ``order`` with its two classes alternating (the first-named class first,
    the players of neither class last), so each drawn partnership is one of each."""
    names = sorted({classes[player] for player in order if player in classes})
    groups = [[player for player in order if classes.get(player) == name] for name in names[:2]]
    rest = [player for player in order if classes.get(player) not in names[:2]]
    mixed: list[str] = []
    while all(groups) and len(groups) == 2:
        mixed += [groups[0].pop(0), groups[1].pop(0)]
    return mixed + [player for group in groups for player in group] + rest


def _chunk_drawn(order: Sequence[str]) -> list[TableSeating]:
    """Four players a table in draw order, partners side by side in the order."""
    return [
        TableSeating(
            index // 4 + 1, ((order[index], order[index + 1]), (order[index + 2], order[index + 3]))
        )
        for index in range(0, len(order) - 3, 4)
    ]


# --- the schedules and the searches the core has -----------------------------------------


def _whist(state: SeatingState) -> Seating:
    """The schedule's round while the players are round 1's and no round was set by hand;
    otherwise a search against the history."""
    history = state.history
    first_players = list(history[0].active) if history else list(state.active)
    follows = all(
        not played.overridden and set(played.active) == set(first_players) for played in history
    )
    tables, out, _follows = rotating_partners_round(
        round_number=state.round_number,
        roster=state.roster,
        first_round_players=first_players,
        active=state.active,
        out_counts=state.out_counts,
        history=[played.tables for played in history],
        history_follows_schedule=follows,
        rounds=state.config.rounds,
        seed=state.config.seed,
        previous=state.previous,
    )
    return Seating(tuple(tables), tuple(out))


def _searched(state: SeatingState, fixed_partners: bool) -> Seating:
    """The winners stay; the losers are placed ``anywhere`` by a search: for players
    (Bolivar) the winners split and nobody partners anyone twice; for teams (Valpo) no repeat
    match-up, unbeaten teams keep playing."""
    previous = state.previous
    assert previous is not None
    if not fixed_partners:
        # A game missed (arriving late) counts as a turn sitting out: a late arrival does
        # not sit out as soon as he comes.
        turns = {
            player: state.out_counts.get(player, 0)
            + sum(1 for played in state.history if player not in played.active)
            for player in state.active
        }
        split_tables, split_out = split_round(
            previous=previous.tables,
            winners=previous.winners,
            history=[played.tables for played in state.history],
            active=state.active,
            out_counts=turns,
            seed=state.config.seed,
            round_number=state.round_number,
        )
        return Seating(tuple(split_tables), tuple(sorted(split_out)))
    lost: set[str] = set()
    played_teams: set[str] = set()
    for done in state.history:
        for table in done.tables:
            winner = done.winners.get(table.table, 0)
            for side in (0, 1):
                team = state.unit_of.get(table.partnerships[side][0], "")
                played_teams.add(team)
                if side != winner:
                    lost.add(team)
    tables, _byes = winners_stay_round(
        previous=previous,
        active=state.active,
        members=state.members,
        team_by_member=state.unit_of,
        met=state.met,
        bye_counts=state.out_counts,
        seed=state.config.seed,
        round_number=state.round_number,
        rounds_left=state.config.rounds - state.round_number,
        unbeaten=played_teams - lost,
    )
    return _team_seating(state, tables)


# --- the rules by outcome, class and seat ------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Leaving:
    """One unit leaving a table: where it goes and how it is ordered there."""

    unit: str
    origin: int
    goal: int
    group: int
    """0: the winners, 1: the losers (and the ghost table's players)."""
    seat: int
    """Its compass seat's index (North 0, East 1, South 2, West 3)."""
    order: int
    """Its place in its partnership (0 or 1)."""


def _by_rules(spec: MovementSpec, state: SeatingState, fixed_partners: bool) -> Seating:
    """Each unit moves by the rule for its outcome, class and seat; the line of tables is
    cut again; partners are paired as ``spec.partners`` says."""
    previous = state.previous
    assert previous is not None
    ghost = spec.sit_outs is SitOuts.GHOST_TABLE
    size = 2 if fixed_partners else 4
    if ghost:
        out: set[str] = set()
    else:
        count = out_count(spec, len(state.active), fixed_partners=fixed_partners)
        rng = state.rng()
        chosen = (
            choose_out(state.active, count, state.out_counts, rng)
            if fixed_partners
            else _individual_sit_outs(spec, state, count, rng)
        )
        out = set(chosen)
    playing = [unit for unit in state.active if unit not in out]
    # A table of three stands outside the line: its players come back into the seats the
    # players going to this round's tables of three leave (the holes, head first).
    tables = sorted(
        (table for table in previous.tables if not table.three_handed),
        key=lambda table: table.table,
    )
    unit_of = state.unit_of if fixed_partners else {}
    seated = {unit_of.get(p, p) for table in tables for p in table.players}
    at_ghost = [unit for unit in previous.active if unit not in seated] if ghost else []
    last = len(tables) - 1 + (1 if at_ghost else 0)
    leaving: list[_Leaving] = []
    for position, table in enumerate(tables):
        winner = previous.winners.get(table.table, 0)
        for side in (winner, 1 - winner):
            won = side == winner
            pair = table.partnerships[side]
            members = [unit_of[pair[0]]] if fixed_partners else list(pair)
            for order, unit in enumerate(members):
                seat = COMPASS_ORDER[side + 2 * order]
                rule = spec.rule_for(won, state.seat_classes.get(unit), seat)
                goal = rule.target(position, last)
                assert goal is not None  # 'anywhere' is a search (_searched)
                leaving.append(
                    _Leaving(
                        unit, position, goal, 0 if won else 1, COMPASS_ORDER.index(seat), order
                    )
                )
    for order, unit in enumerate(at_ghost):
        seat = COMPASS_ORDER[order % 4]
        rule = spec.rule_for(None, state.seat_classes.get(unit), seat)
        goal = rule.target(last, last)
        assert goal is not None
        leaving.append(_Leaving(unit, last, goal, 1, COMPASS_ORDER.index(seat), order))
    by_seat = spec.partners is Partners.BY_SEAT
    line: list[str] = []
    for position in range(last + 1):
        here = [item for item in leaving if item.goal == position]
        stayers = sorted(
            (item for item in here if item.origin == position),
            key=lambda item: (item.group, item.order),
        )
        arrivals = sorted(
            (item for item in here if item.origin != position),
            key=lambda item: (item.origin, item.group, item.order),
        )
        listed = stayers + arrivals
        if by_seat:
            listed.sort(key=lambda item: item.seat)
        line += [item.unit for item in listed]
    playing_set = set(playing)
    with_holes: list[str | None] = [unit if unit in playing_set else None for unit in line]
    placed = set(line)
    arrivals_now = [unit for unit in playing if unit not in placed]
    if spec.pair_classes is PairClasses.ONE_OF_EACH:
        order_now = _fill_by_class(line, playing_set, arrivals_now, state.seat_classes)
    else:
        order_now = fill_holes(with_holes, arrivals_now)
    full = len(order_now) - len(order_now) % size
    out |= set(order_now[full:])
    if fixed_partners:
        team_tables = [
            TableSeating(
                index // 2 + 1,
                (state.members[order_now[index]], state.members[order_now[index + 1]]),
            )
            for index in range(0, full, 2)
        ]
        return _team_seating(state, team_tables)
    groups = [order_now[index : index + 4] for index in range(0, full, 4)]
    if spec.pair_classes is PairClasses.ONE_OF_EACH:
        groups, left = _cut_by_class(order_now, state.seat_classes)
        out = set(left) | (out - set(order_now))
    partnered, opposed = meetings([played.tables for played in state.history])
    player_tables = [
        _pair(
            spec,
            number,
            group,
            state.seat_classes,
            partnered,
            opposed,
        )
        for number, group in enumerate(groups, start=1)
    ]
    return Seating(tuple(player_tables), tuple(sorted(out)))


def _cut_by_class(
    order: Sequence[str], classes: Mapping[str, str]
) -> tuple[list[list[str]], list[str]]:
    """The line cut into tables of two players of each class (``one_of_each``): each class's
    players in line order, two by two, table by table, so a table sent three high players
    passes one on to the next table rather than seating two high partners; tables the classes
    cannot fill so take the rest in line order. Each table lists its players in line order;
    the players left over (the ghost table) last."""
    tables = len(order) // 4
    names = sorted({classes[unit] for unit in order if unit in classes})[:2]
    lines = [[unit for unit in order if classes.get(unit) == name] for name in names]
    groups: list[list[str]] = []
    used: set[str] = set()
    if len(lines) == 2:
        for index in range(tables):
            group = lines[0][2 * index : 2 * index + 2] + lines[1][2 * index : 2 * index + 2]
            if len(group) < 4:
                break
            groups.append(group)
            used |= set(group)
    rest = [unit for unit in order if unit not in used]
    while len(groups) < tables:
        groups.append(rest[:4])
        rest = rest[4:]
    place = {unit: index for index, unit in enumerate(order)}
    return [sorted(group, key=place.__getitem__) for group in groups], rest


def _fill_by_class(
    line: Sequence[str], playing: set[str], arrivals: Sequence[str], classes: Mapping[str, str]
) -> list[str]:
    """:func:`fill_holes` where a player who left is replaced by an arrival of his class
    when one is waiting (so a late high player takes a high player's seat), else by the
    first arrival."""
    waiting = list(arrivals)
    filled: list[str] = []
    for unit in line:
        if unit in playing:
            filled.append(unit)
            continue
        wanted = classes.get(unit)
        pick = next((other for other in waiting if classes.get(other) == wanted), None)
        if pick is None and waiting:
            pick = waiting[0]
        if pick is not None:
            waiting.remove(pick)
            filled.append(pick)
    return filled + waiting


def _pair(
    spec: MovementSpec,
    number: int,
    four: Sequence[str],
    classes: Mapping[str, str],
    partnered: Mapping[frozenset[str], int],
    opposed: Mapping[frozenset[str], int],
) -> TableSeating:
    """The partners at one table of four (listed stayers first): the pairings
    ``spec.partners`` allows, the one that breaks the fewest class pairings, then repeats the
    least, first on a tie."""
    first, second, third, fourth = four
    across = ((first, third), (second, fourth))
    if spec.partners is Partners.BY_SEAT:
        return TableSeating(number, across)
    candidates = [across, ((first, fourth), (second, third))]

    def cost(pairs: tuple[tuple[str, str], tuple[str, str]]) -> tuple[int, ...]:
        values: list[int] = []
        if spec.pair_classes is PairClasses.ONE_OF_EACH:
            values.append(sum(1 for one, two in pairs if classes.get(one) == classes.get(two)))
        for avoid in spec.avoid:
            if avoid is Avoid.REPEAT_PARTNERS:
                earlier = [partnered.get(frozenset(pair), 0) for pair in pairs]
                values += [sum(1 for count in earlier if count), sum(earlier)]
            else:
                one, two = pairs
                values.append(sum(opposed.get(frozenset((a, b)), 0) for a in one for b in two))
        return tuple(values)

    return TableSeating(number, min(candidates, key=cost))
