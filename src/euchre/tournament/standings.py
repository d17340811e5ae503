"""Standings with an explicit tie-break order, prizes with ties split, and the euchred cup.

Tie-breaks are applied one after another to groups still level: ``points`` (most),
``games_won`` (most), ``lone_hands`` (most), ``head_to_head`` (point difference in games
between the tied competitors only), ``first_to_score`` (the earliest round after which the
competitor had its final total), ``fewest_euchres``, ``points_against`` (fewest),
``hands_worth`` (most hands that gave the competitor's side the event's
``hands_worth_points``, counted for both partners: LVEA's four-point hands),
``euchres_made`` (most euchres the side made as defenders, counted for both partners). Competitors
level after every tie-break share a rank and are reported as tied, never silently ordered.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import NamedTuple

from euchre.tournament.errors import TournamentError
from euchre.tournament.ledger import TableLedger
from euchre.tournament.model import (
    PrizeAward,
    SidePot,
    StandingRow,
    TableResult,
    TableSeating,
    Tally,
)
from euchre.tournament.tables_of_three import top_scorers

__all__ = [
    "CUP_RULES",
    "Ledger",
    "Ranking",
    "build_standings",
    "decided_by",
    "level_on_points",
    "prize_awards",
    "side_pot",
    "split_cents",
]


def _counts(tally: Tally) -> dict[str, int]:
    """``tally``'s counts by field name."""
    return {count.name: getattr(tally, count.name) for count in fields(Tally)}


@dataclass(slots=True)
class Ledger:
    """Running totals per competitor (its :class:`Tally` and its points round by round), and
    the head-to-head record between them. ``hands_worth_points`` is the value of a hand the
    ``hands_worth`` count looks for (0: not counted); ``lone_march_points`` what a lone hand
    of five tricks gives its side (the count's source when a table typed no hands)."""

    order: list[str]
    hands_worth_points: int = 4
    count_euchres_made: bool = False
    """Count the euchres each side made as defenders (the ``euchres_made`` tie-break)."""
    lone_march_points: int = 4
    tallies: dict[str, Tally] = field(default_factory=dict)
    by_round: dict[str, dict[int, int]] = field(default_factory=dict)
    head_to_head: dict[tuple[str, str], int] = field(default_factory=dict)
    total_euchres: int = 0
    cup_euchres: int = 0
    """Euchres the cup charges at its plain stake (each euchred player's, one a player)."""
    cup_lone_euchres: int = 0
    """Euchres on a lone hand the cup charges (``TableResult.lone_euchres``)."""
    uncharged_euchres: int = 0
    """Euchres taken by a computer player on an absent player's seat: the cup charges
    nobody for them (the absent player is not there to pay)."""
    game_points: dict[str, dict[int, int]] = field(default_factory=dict)
    """Each competitor's points in each game he played (not his sit-outs), by round: the
    ``high_game`` award reads them."""

    def __post_init__(self) -> None:
        self.tallies = {unit: Tally() for unit in self.order}
        self.by_round = {unit: {} for unit in self.order}

    def _add(self, unit: str, round_number: int, game: Tally) -> None:
        """Add one game's (or one sit-out's) counts to ``unit``: to its tally, and its points to
        the round's."""
        if unit not in self.tallies:
            self.tallies[unit] = Tally()
            self.by_round[unit] = {}
            self.order.append(unit)
        self.tallies[unit] += game
        rounds = self.by_round[unit]
        rounds[round_number] = rounds.get(round_number, 0) + game.points

    def record_table(
        self,
        round_number: int,
        table: TableSeating,
        result: TableResult,
        ledger: TableLedger,
        winner: int | None,
        unit_of: Mapping[str, str],
        *,
        individual: bool,
    ) -> None:
        """Add one table's game, as its ``ledger`` counts it (a ruled hand's points are the
        ruling's), to the competitors who played it."""
        if table.three_handed:
            self._record_three(round_number, table, result)
            return
        side_points = list(ledger.points)
        self.total_euchres += sum(result.euchres.values())
        for player, count in result.euchres.items():
            if player in result.computer_played:
                self.uncharged_euchres += count
                continue
            lone = min(count, result.lone_euchres.get(player, 0))
            self.cup_lone_euchres += lone
            self.cup_euchres += count - lone
        worth = [
            self._hands_worth(result, side, pair) for side, pair in enumerate(table.partnerships)
        ]
        # The hands the other side was euchred: both its players carry the side's count (the
        # result's check makes them equal), so the most either carries.
        made = [
            max(result.euchres.get(player, 0) for player in table.partnerships[1 - side])
            if self.count_euchres_made
            else 0
            for side in (0, 1)
        ]
        side_units: list[list[str]] = [[], []]
        for side, pair in enumerate(table.partnerships):
            units = list(pair) if individual else [unit_of.get(pair[0], pair[0])]
            side_units[side] = units
            for unit in units:
                members = [unit] if individual else list(pair)
                points = (
                    ledger.player_points(result, unit, side) if individual else side_points[side]
                )
                game = Tally(
                    computer_games=1 if set(members) & set(result.computer_played) else 0,
                    points=points,
                    games_played=1,
                    games_won=1 if winner == side else 0,
                    lone_hands=sum(ledger.lone_hands(result, m) for m in members),
                    euchres=sum(result.euchres.get(m, 0) for m in members),
                    points_against=side_points[1 - side],
                    penalty_points=ledger.penalty_points[side],
                    hands_worth=worth[side],
                    euchres_made=made[side],
                )
                self._add(unit, round_number, game)
                self.game_points.setdefault(unit, {})[round_number] = points
        for side in (0, 1):
            difference = side_points[side] - side_points[1 - side]
            for unit in side_units[side]:
                for opponent in side_units[1 - side]:
                    key = (unit, opponent)
                    self.head_to_head[key] = self.head_to_head.get(key, 0) + difference

    def _record_three(self, round_number: int, table: TableSeating, result: TableResult) -> None:
        """A table of three: each player's own total is his points; the top scorer (each
        of them on a tie) won the game; the points against him are the other two's."""
        points = {player: result.player_points.get(player, 0) for player in table.players}
        won = top_scorers(points)
        for player, own in points.items():
            game = Tally(
                points=own,
                games_played=1,
                games_won=1 if player in won else 0,
                points_against=sum(points.values()) - own,
            )
            self._add(player, round_number, game)
            self.game_points.setdefault(player, {})[round_number] = own

    def _hands_worth(self, result: TableResult, side: int, pair: Sequence[str]) -> int:
        """The hands that gave ``side`` exactly ``hands_worth_points``: read from the hands
        typed; with none typed, the side's lone hands of five tricks when they are worth that
        (LVEA: a made loner is 4 for both partners), else none can be known. With
        ``hands_worth_points`` 0 (no tie-break reads it) nothing is counted."""
        if not self.hands_worth_points:
            return 0
        if result.hand_points:
            return sum(1 for hand in result.hand_points if hand[side] == self.hands_worth_points)
        if self.lone_march_points == self.hands_worth_points:
            return sum(result.lone_marches.get(player, 0) for player in pair)
        return 0

    def record_sit_outs(
        self, round_number: int, units: Sequence[str], scoring: str, fixed_points: int
    ) -> None:
        """Score the units sitting out a complete round: the round's average (rounded down),
        a fixed number, or nothing."""
        played = [
            rounds[round_number]
            for unit, rounds in self.by_round.items()
            if round_number in rounds and unit not in units
        ]
        if scoring == "average":
            points = sum(played) // len(played) if played else 0
        elif scoring == "fixed":
            points = fixed_points
        else:
            points = 0
        for unit in units:
            self._add(unit, round_number, Tally(points=points, sit_outs=1))

    def euchres_of(self, unit: str) -> int:
        """Euchres recorded against ``unit``."""
        return self.tallies[unit].euchres


def _criterion(name: str, unit: str, group: Sequence[str], ledger: Ledger) -> int:
    """A value where larger ranks higher."""
    tally = ledger.tallies[unit]
    if name == "points":
        return tally.points
    if name == "games_won":
        return tally.games_won
    if name == "lone_hands":
        return tally.lone_hands
    if name == "hands_worth":
        return tally.hands_worth
    if name == "euchres_made":
        return tally.euchres_made
    if name == "fewest_euchres":
        return -tally.euchres
    if name == "points_against":
        return -tally.points_against
    if name == "head_to_head":
        return sum(ledger.head_to_head.get((unit, other), 0) for other in group if other != unit)
    if name == "first_to_score":
        running = 0
        reached = 0
        rounds = ledger.by_round[unit]
        for round_number in sorted(rounds):
            before = running
            running += rounds[round_number]
            if running != before:
                reached = round_number
        return -reached
    raise TournamentError(f"unknown tie-break {name!r}")


_SHOWN_NEGATED = ("first_to_score", "fewest_euchres", "points_against")
"""Criteria sorted on a negated value (fewer is better): shown as the plain number (the round
its final total was reached, the euchres, the points against), never as "-6"."""


class Ranking(NamedTuple):
    """The standings: rows in rank order, and the groups still tied after every tie-break."""

    rows: list[StandingRow]
    ties: list[tuple[str, ...]]


def build_standings(
    ledger: Ledger,
    names: Mapping[str, str],
    members: Mapping[str, tuple[str, ...]],
    tie_breaks: Sequence[str],
) -> Ranking:
    """Rows in rank order and the groups still tied after every tie-break."""
    order = tie_breaks if tie_breaks and tie_breaks[0] == "points" else ("points", *tie_breaks)
    groups: list[list[str]] = [sorted(ledger.order)]
    values: dict[str, dict[str, int]] = {unit: {} for unit in ledger.order}
    for name in order:
        refined: list[list[str]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            scored = {unit: _criterion(name, unit, group, ledger) for unit in group}
            for unit, value in scored.items():
                values[unit][name] = value
            for value in sorted(set(scored.values()), reverse=True):
                refined.append([unit for unit in group if scored[unit] == value])
        groups = refined
    rows: list[StandingRow] = []
    ties: list[tuple[str, ...]] = []
    position = 1
    for group in groups:
        if len(group) > 1:
            ties.append(tuple(group))
        for unit in group:
            rows.append(
                StandingRow(
                    **_counts(ledger.tallies[unit]),
                    rank=position,
                    competitor_id=unit,
                    name=names.get(unit, unit),
                    members=members.get(unit, (unit,)),
                    tied=len(group) > 1,
                    tie_break_values={
                        name: -value if name in _SHOWN_NEGATED else value
                        for name, value in values[unit].items()
                    },
                    points_by_round=dict(sorted(ledger.by_round[unit].items())),
                )
            )
        position += len(group)
    return Ranking(rows, ties)


def level_on_points(ranking: Ranking) -> Ranking:
    """``ranking`` with competitors level on points sharing a rank and marked tied, whatever
    the tie-breaks said (a prize split among those level on points: "winners are decided by
    the total number of points won"). The order of the rows is kept."""
    rows: list[StandingRow] = []
    ties: list[tuple[str, ...]] = []
    index = 0
    old = ranking.rows
    while index < len(old):
        group = [row for row in old[index:] if row.points == old[index].points]
        if len(group) > 1:
            ties.append(tuple(row.competitor_id for row in group))
        rows += [replace(row, rank=index + 1, tied=len(group) > 1) for row in group]
        index += len(group)
    return Ranking(rows, ties)


def split_cents(total: int, shares: int) -> list[int]:
    """``total`` cents in ``shares`` near-equal parts; the odd cents go to the first shares."""
    if shares <= 0:
        return []
    base, extra = divmod(total, shares)
    return [base + (1 if index < extra else 0) for index in range(shares)]


def decided_by(row: StandingRow, standings: Sequence[StandingRow], order: Sequence[str]) -> str:
    """What put ``row`` in its place among the competitors level with it on points:
    ``"points"`` (nobody level), ``"playoff"``, the first tie-break in ``order`` that set it
    apart, or ``"split"`` (still level after every tie-break)."""
    level = [other for other in standings if other.points == row.points]
    if len(level) == 1:
        return "points"
    if "playoff_points" in row.tie_break_values:
        return "playoff"
    for name in order:
        if name == "points":
            continue
        mine = row.tie_break_values.get(name)
        level = [other for other in level if other.tie_break_values.get(name) == mine]
        if len(level) == 1:
            return name
    return "split"


def prize_awards(
    standings: Sequence[StandingRow],
    amounts: Sequence[int],
    *,
    tie_breaks: Sequence[str] = ("points",),
    split_ties: bool = False,
    ineligible: Collection[str] = (),
) -> list[PrizeAward]:
    """Pay places 1..len(amounts) in rank order; tied competitors pool the places they span
    and split the money to the cent, any odd cent to the earlier-listed (:func:`split_cents`).
    With ``split_ties`` competitors level on points share even where a tie-break would
    separate them (the director's "split" choice, Bolivar's own). Each award says what
    decided it (:func:`decided_by`) and its place as shown ("T2": tied for 2nd). Competitors
    named in ``ineligible`` (a computer player played one of their games) win nothing: the
    places go to those below them."""
    if ineligible:
        standings = [row for row in standings if row.competitor_id not in ineligible]
    awards: list[PrizeAward] = []
    index = 0
    while index < len(standings):
        first = standings[index]
        if split_ties:
            group = [row for row in standings[index:] if row.points == first.points]
        else:
            group = [row for row in standings[index:] if row.rank == first.rank]
        start = index + 1
        places = [place for place in range(start, start + len(group)) if place <= len(amounts)]
        total = sum(amounts[place - 1] for place in places)
        if total > 0:
            ids = tuple(row.competitor_id for row in group)
            label = f"T{start}" if len(group) > 1 else str(start)
            for row, share in zip(group, split_cents(total, len(group)), strict=True):
                awards.append(
                    PrizeAward(
                        row.competitor_id,
                        row.name,
                        tuple(places),
                        share,
                        tuple(other for other in ids if other != row.competitor_id),
                        "split" if len(group) > 1 else decided_by(row, standings, tie_breaks),
                        label,
                    )
                )
        index += len(group)
    return awards


CUP_RULES = {
    "every_game": "Only players who played every game qualify for the euchred cup.",
    "everyone": "Every player qualifies for the euchred cup.",
}
"""What the screen says about who can take the euchred cup, by qualification rule."""


def _money(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def _cup_basis(ledger: Ledger, stake_cents: int, lone_cents: int) -> tuple[int, str]:
    """The cup's money and, in words, what it is made of."""
    lone_stake = lone_cents or stake_cents
    total = stake_cents * ledger.cup_euchres + lone_stake * ledger.cup_lone_euchres
    words = [f"{ledger.cup_euchres} × {_money(stake_cents)} (a player euchred)"]
    if ledger.cup_lone_euchres or lone_cents:
        words.append(f"{ledger.cup_lone_euchres} × {_money(lone_stake)} (euchred on a lone hand)")
    if ledger.uncharged_euchres:
        words.append(
            f"{ledger.uncharged_euchres} taken by a computer player on an absent player's "
            "seat charge nobody"
        )
    return total, "; ".join(words)


def side_pot(
    ledger: Ledger,
    standings: Sequence[StandingRow],
    stake_cents: int,
    *,
    absent: Mapping[str, str] | None = None,
    qualification: str = "everyone",
    exclude: Sequence[str] = (),
    include: Sequence[str] = (),
    paid: bool = False,
    ineligible: Mapping[str, str] | None = None,
    lone_cents: int = 0,
    fallback: str = "director",
) -> SidePot:
    """The euchred cup: ``stake_cents`` per euchred player per euchre (``lone_cents`` on a
    lone hand, when set; nothing for a euchre a computer player took on an absent player's
    seat), to the fewest points among those who qualify (ties split). Under ``"every_game"``
    a competitor named in ``absent`` (with the reason) does not qualify; the director's
    ``exclude`` takes a competitor out and ``include`` lets one in whatever the rule says. A
    competitor named in ``ineligible`` (a computer player played one of his games, with the
    reason) does not qualify under any rule.

    When the rule leaves one competitor or none, ``fallback`` decides: ``"director"`` pays
    nobody (the director lets players in or takes them out), ``"fewest_points_of_all"`` the
    fewest points of every competitor. The cup never goes to the standings' top scorer (a
    booby prize to the winner): it then waits for the director, and ``undecided`` says why.
    A competitor the director let in (``include``) is his decision: neither applies."""
    total, basis = _cup_basis(ledger, stake_cents, lone_cents)
    rule = CUP_RULES.get(qualification, "")
    names = {row.competitor_id: row.name for row in standings}
    left_out: dict[str, str] = {}
    for row in standings:
        unit = row.competitor_id
        if unit in include:
            continue
        if unit in exclude:
            left_out[unit] = "excluded by the director"
        elif ineligible and unit in ineligible:
            left_out[unit] = ineligible[unit]
        elif qualification == "every_game" and absent and unit in absent:
            left_out[unit] = absent[unit]
    qualified = [row for row in standings if row.competitor_id not in left_out]
    undecided = ""
    pool = qualified
    # A player the director let in is his decision: the fallback and the top-score guard
    # stand aside (letting in the one player left gives him the cup).
    decided = any(row.competitor_id in include for row in qualified)
    if len(qualified) < 2 and len(standings) > 1 and not decided:
        alone = f"only {qualified[0].name} qualifies" if qualified else "nobody qualifies"
        if fallback == "fewest_points_of_all":
            pool = [row for row in standings if row.competitor_id not in exclude]
            rule += (
                f" When the rule leaves one player or none ({alone}), the sheet gives the "
                "cup to the fewest points of all."
            )
        else:
            pool = []
            undecided = (
                f"{alone[0].upper()}{alone[1:]}: the sheet leaves the cup to the director, "
                "who lets players in or takes them out (the event's settings: cup let in / "
                "left out)."
            )
    winners: tuple[str, ...] = ()
    if pool:
        fewest = min(row.points for row in pool)
        winners = tuple(sorted(row.competitor_id for row in pool if row.points == fewest))
        top = max(row.points for row in standings)
        lowest = min(row.points for row in standings)
        if not decided and len(standings) > 1 and fewest == top and fewest > lowest:
            # The fewest points of those the rule lets in are the night's top score: a
            # booby prize paid to the winner is nobody's reading of a sheet.
            undecided = (
                f"{', '.join(names[unit] for unit in winners)} "
                f"{'has' if len(winners) == 1 else 'have'} the top score of the night, "
                "and the cup is never paid to a top scorer: the director decides (the "
                "event's settings: cup let in / left out)."
            )
            winners = ()
    return SidePot(
        total,
        winners,
        tuple(split_cents(total, len(winners))) if winners else (),
        rule,
        tuple(row.competitor_id for row in qualified),
        left_out,
        paid,
        basis,
        undecided,
    )
