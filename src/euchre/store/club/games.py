"""Every recorded game of the club, hall and online nights alike, as typed values with the
members who played it (docs/season.md, "A member's history").

One function, :func:`club_record`, reads them: a member's history and the ratings both use
it (and a season can). Each game is scored by the event's own rules, through the tournament
core: its snapshot seats the tables, the core's :class:`~euchre.tournament.standings.Ledger`
counts each player's points, lone hands, euchres and penalty points exactly as the event's
standings do, and :func:`~euchre.tournament.event.game_winner` decides who won (a level game
goes to the first side to the tying score where the table said so).

Computing every event's snapshot is the slow part, so the record is cached: per event, by the
event's revision and its results' and players' counts and newest ids (as ``core.snapshot_of``
keys its snapshots), and for the whole club by one cheap query over those tables and the
member merges. A corrected result bumps a key, so the next read recomputes that event only.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.store.core import compute, event_inputs
from euchre.store.models import Entrant, Event, MemberMerge, Result
from euchre.tournament import EventInputs, EventSnapshot, RoundPlan, TableResult, TableSeating
from euchre.tournament.event import game_winner
from euchre.tournament.ledger import table_ledger
from euchre.tournament.ratings import RatedGame
from euchre.tournament.standings import Ledger

__all__ = [
    "Award",
    "ClubGame",
    "ClubRecord",
    "ClubSitOut",
    "EventInfo",
    "PlayerLine",
    "club_record",
    "results_version",
]


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player's part of a game, as the event's standings count it. ``points`` are the
    player's own (the side's, or his own under individual scoring) with penalty points in;
    ``penalties`` counts the director's rulings against him in this game; ``computer`` marks
    a game a computer player played for him (online)."""

    number: int
    member_id: int | None
    name: str
    points: int
    lone_hands: int
    euchres: int
    penalty_points: int
    penalties: int
    computer: bool


@dataclass(frozen=True, slots=True)
class ClubGame:
    """One table's game in one round of one event: its two partnerships, each side's points
    (penalties in) and the side that won (None: a level game nobody won)."""

    event_id: int
    event_date: datetime.date
    stage: str
    round: int
    table: int
    sides: tuple[tuple[PlayerLine, ...], tuple[PlayerLine, ...]]
    side_points: tuple[int, int]
    winner: int | None

    def rated(self) -> RatedGame | None:
        """The game as the ratings read it; None when a player is no member, a member sat on
        both sides, or a computer player played for someone (not the member's own game), or
        at a table of three (each for himself: no partnership to rate)."""
        if not self.sides[1]:
            return None
        teams = tuple(
            tuple(player.member_id for player in side if player.member_id is not None)
            for side in self.sides
        )
        whole = all(
            len(team) == len(side) for team, side in zip(teams, self.sides, strict=True)
        ) and not any(player.computer for side in self.sides for player in side)
        if not whole or set(teams[0]) & set(teams[1]):
            return None
        return RatedGame(
            event_date=self.event_date,
            event_key=f"{self.event_id:09d}",
            round=self.round,
            table=self.table,
            teams=(teams[0], teams[1]),
            points=self.side_points,
            winner=self.winner,
            key=self.stage,
        )


@dataclass(frozen=True, slots=True)
class ClubSitOut:
    """A round a player sat out, and the points the event's sheet gave it (the round's
    average, fixed points, or none): in his night's points, but no game."""

    event_id: int
    event_date: datetime.date
    round: int
    number: int
    member_id: int | None
    points: int


@dataclass(frozen=True, slots=True)
class Award:
    """Money an event paid a member: a prize place (``kind`` "prize", ``place`` as the prize
    list shows it, "T2" for a shared 2nd) or the euchred cup (``kind`` "cup")."""

    event_id: int
    member_id: int
    kind: str
    place: str
    amount_cents: int


@dataclass(frozen=True, slots=True)
class EventInfo:
    """What a history shows of an event: its name, date and sheet (rule profile)."""

    event_id: int
    name: str
    date: datetime.date
    sheet: str
    over: bool


@dataclass(frozen=True, slots=True)
class ClubRecord:
    """Every game and award of the club, by member, under the results version it was read
    at (equal versions: equal records)."""

    version: tuple[object, ...]
    events: Mapping[int, EventInfo]
    games: tuple[ClubGame, ...]
    awards: tuple[Award, ...]
    games_of: Mapping[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Member id -> his games as (index in ``games``, the side he played on), in play
    order."""
    sit_outs: tuple[ClubSitOut, ...] = ()
    """Every round a player sat out and scored for it, in play order."""

    def member_games(self, member_id: int) -> list[tuple[ClubGame, int]]:
        """``member_id``'s games in play order (date, event, round, table), each with the
        side he played on."""
        return [(self.games[index], side) for index, side in self.games_of.get(member_id, ())]


@dataclass(frozen=True, slots=True)
class _EventGames:
    """One event's games and awards by player number (the core's work), and the same with
    the members attached under the player-to-member links they were attached with (a merge
    re-attaches members without computing the event again)."""

    info: EventInfo
    games: tuple[ClubGame, ...]
    awards: tuple[tuple[int, str, str, int], ...]
    links: tuple[tuple[int, int | None], ...] | None = None
    with_members: tuple[ClubGame, ...] = ()
    member_awards: tuple[Award, ...] = ()
    sit_outs: tuple[ClubSitOut, ...] = ()
    member_sit_outs: tuple[ClubSitOut, ...] = ()


_lock = threading.Lock()
_by_event: dict[tuple[object, ...], _EventGames] = {}
_club: dict[str, ClubRecord] = {}


def results_version(session: Session) -> tuple[object, ...]:
    """A key that changes whenever any recorded game, player or member link of the club
    may have: the counts and newest ids of events, players and results, the sum of the
    events' revision numbers (a director's change or correction bumps one), the sum of the
    players' member ids and the member merges made and undone (one query); and the newest
    event's creation time, so a database rebuilt at the same address never hits a stale
    record."""
    row = session.execute(
        select(
            select(func.count(Event.id)).scalar_subquery(),
            select(func.max(Event.id)).scalar_subquery(),
            select(func.sum(Event.revision)).scalar_subquery(),
            select(func.count(Result.id)).scalar_subquery(),
            select(func.max(Result.id)).scalar_subquery(),
            select(func.count(Entrant.id)).scalar_subquery(),
            select(func.max(Entrant.id)).scalar_subquery(),
            select(func.sum(Entrant.member_id)).scalar_subquery(),
            select(func.count(MemberMerge.id)).scalar_subquery(),
            select(func.count(MemberMerge.undone_at)).scalar_subquery(),
        )
    ).one()
    newest = session.scalar(select(Event.created_at).order_by(Event.id.desc()).limit(1))
    return (
        str(session.get_bind().engine.url),
        "" if newest is None else newest.isoformat(),
        *(int(value or 0) for value in row),
    )


def club_record(session: Session) -> ClubRecord:
    """Every recorded game and award of the club (cached by :func:`results_version`)."""
    version = results_version(session)
    url = str(version[0])
    with _lock:
        cached = _club.get(url)
    if cached is not None and cached.version == version:
        return cached
    record = _read_club(session, version)
    with _lock:
        _club[url] = record
    return record


def _event_keys(session: Session) -> dict[int, tuple[object, ...]]:
    """Each event's cache key: its id, creation time and revision, and its results' and
    players' counts and newest ids."""
    results = {
        event_id: (count, newest)
        for event_id, count, newest in session.execute(
            select(Result.event_id, func.count(Result.id), func.max(Result.id)).group_by(
                Result.event_id
            )
        )
    }
    players = {
        event_id: (count, newest)
        for event_id, count, newest in session.execute(
            select(Entrant.event_id, func.count(Entrant.id), func.max(Entrant.id)).group_by(
                Entrant.event_id
            )
        )
    }
    url = str(session.get_bind().engine.url)
    return {
        event_id: (
            url,
            event_id,
            created.isoformat(),
            revision,
            *results.get(event_id, (0, 0)),
            *players.get(event_id, (0, 0)),
        )
        for event_id, created, revision in session.execute(
            select(Event.id, Event.created_at, Event.revision)
        )
    }


def _read_club(session: Session, version: tuple[object, ...]) -> ClubRecord:
    keys = _event_keys(session)
    links_of: dict[int, dict[int, int | None]] = {}
    for event_id, number, member_id in session.execute(
        select(Entrant.event_id, Entrant.number, Entrant.member_id)
    ):
        links_of.setdefault(event_id, {})[number] = member_id
    events: dict[int, EventInfo] = {}
    games: list[ClubGame] = []
    awards: list[Award] = []
    sit_outs: list[ClubSitOut] = []
    fresh: dict[tuple[object, ...], _EventGames] = {}
    for event_id, key in sorted(keys.items()):
        with _lock:
            known = _by_event.get(key)
        if known is None:
            event = session.get(Event, event_id)
            assert event is not None  # listed by the query above, in the same transaction
            known = _event_games(session, event)
        links = links_of.get(event_id, {})
        link_key = tuple(sorted(links.items()))
        if known.links != link_key:
            known = replace(
                known,
                links=link_key,
                with_members=tuple(_with_members(game, links) for game in known.games),
                member_awards=tuple(
                    Award(event_id, member_id, kind, place, cents)
                    for number, kind, place, cents in known.awards
                    if (member_id := links.get(number)) is not None
                ),
                member_sit_outs=tuple(
                    replace(sit_out, member_id=links.get(sit_out.number))
                    for sit_out in known.sit_outs
                ),
            )
        fresh[key] = known
        events[event_id] = known.info
        games.extend(known.with_members)
        awards.extend(known.member_awards)
        sit_outs.extend(known.member_sit_outs)
    url = str(version[0])
    with _lock:
        for key in [key for key in _by_event if key[0] == url]:
            del _by_event[key]
        _by_event.update(fresh)
    games.sort(key=lambda game: (game.event_date, game.event_id, game.round, game.table))
    games_of: dict[int, list[tuple[int, int]]] = {}
    for index, game in enumerate(games):
        for side, players in enumerate(game.sides):
            for player in players:
                if player.member_id is not None:
                    games_of.setdefault(player.member_id, []).append((index, side))
    return ClubRecord(
        version=version,
        events=events,
        games=tuple(games),
        awards=tuple(awards),
        games_of={member: tuple(indices) for member, indices in games_of.items()},
        sit_outs=tuple(
            sorted(sit_outs, key=lambda out: (out.event_date, out.event_id, out.round, out.number))
        ),
    )


def _with_members(game: ClubGame, links: Mapping[int, int | None]) -> ClubGame:
    sides = tuple(
        tuple(replace(player, member_id=links.get(player.number)) for player in side)
        for side in game.sides
    )
    return replace(game, sides=(sides[0], sides[1]))


def _event_games(session: Session, event: Event) -> _EventGames:
    """One event's games and awards, computed by the core from its stored inputs."""
    inputs = event_inputs(session, event)
    info = EventInfo(
        event_id=event.id,
        name=event.name,
        date=event.held_on,
        sheet=inputs.config.profile_id,
        over=False,
    )
    try:
        snapshot = compute(inputs)
    except EuchreError:
        # An event still being set up (too few players to seat a table) has no games yet.
        return _EventGames(info, (), ())
    names = {entrant.id: entrant.name for entrant in inputs.entrants}
    results = {(str(result.stage), result.round, result.table): result for result in inputs.results}
    games = [
        game
        for plan in snapshot.rounds
        for table in plan.tables
        if (game := _table_game(event.id, info.date, inputs, snapshot, plan, table, names, results))
        is not None
    ]
    return _EventGames(
        replace(info, over=snapshot.is_over),
        tuple(games),
        _awards(snapshot),
        sit_outs=_sit_outs(event.id, info.date, snapshot),
    )


def _sit_outs(
    event_id: int, date: datetime.date, snapshot: EventSnapshot
) -> tuple[ClubSitOut, ...]:
    """Each player's scored sit-outs: the rounds his competitor sat out (a fixed team's
    members each), with the standings' points of that round."""
    rows = {row.competitor_id: row for row in snapshot.standings}
    out = []
    for plan in snapshot.rounds:
        for unit in plan.byes:
            row = rows.get(unit)
            if row is None or plan.round not in row.points_by_round:
                continue  # a round not complete yet scores no sit-out
            for player in row.members:
                if player.isdigit():
                    out.append(
                        ClubSitOut(
                            event_id,
                            date,
                            plan.round,
                            int(player),
                            None,
                            row.points_by_round[plan.round],
                        )
                    )
    return tuple(out)


def _table_game(
    event_id: int,
    date: datetime.date,
    inputs: EventInputs,
    snapshot: EventSnapshot,
    plan: RoundPlan,
    table: TableSeating,
    names: Mapping[str, str],
    results: Mapping[tuple[str, int, int], TableResult],
) -> ClubGame | None:
    """The game at one table, scored as the event's standings score it (None: no result)."""
    result = results.get((str(plan.stage), plan.round, table.table))
    if result is None:
        return None
    rulings = [
        ruling
        for ruling in snapshot.penalties
        if (ruling.round, ruling.table) == (plan.round, table.table)
    ]
    records = [
        record
        for record in inputs.penalties
        if (record.round, record.table) == (plan.round, table.table)
    ]
    # The one ledger the standings count by (a ruled hand's points are the ruling's).
    counted = table_ledger(result, rulings, records, table, load_profile(inputs.config.profile_id))
    ledger = Ledger([])
    ledger.record_table(
        plan.round,
        table,
        result,
        counted,
        game_winner(result, counted.penalty_points),
        {},
        individual=True,
    )
    sides = tuple(
        tuple(
            PlayerLine(
                number=int(player),
                member_id=None,
                name=names.get(player, player),
                points=ledger.tallies[player].points,
                lone_hands=ledger.tallies[player].lone_hands,
                euchres=ledger.tallies[player].euchres,
                penalty_points=ledger.tallies[player].penalty_points,
                penalties=sum(1 for ruling in rulings if ruling.offender_id == player),
                computer=bool(ledger.tallies[player].computer_games),
            )
            for player in pair
        )
        for pair in table.partnerships
    )
    return ClubGame(
        event_id=event_id,
        event_date=date,
        stage=str(plan.stage),
        round=plan.round,
        table=table.table,
        sides=(sides[0], sides[1]),
        side_points=(
            counted.points[0],
            counted.points[1],
        ),
        winner=game_winner(result, counted.penalty_points),
    )


def _awards(snapshot: EventSnapshot) -> tuple[tuple[int, str, str, int], ...]:
    """The prizes and the euchred cup an event paid, by player number (none until it is
    over: before that they are the current leaders')."""
    if not snapshot.is_over:
        return ()
    members = {row.competitor_id: row.members for row in snapshot.standings}
    paid: list[tuple[int, str, str, int]] = []
    for award in snapshot.prizes:
        for player in members.get(award.competitor_id, (award.competitor_id,)):
            place = award.place_label or ", ".join(map(str, award.places))
            paid.append((int(player), "prize", place, award.amount_cents))
    cup = snapshot.side_pot
    if cup is not None and cup.paid:
        for winner, cents in zip(cup.winners, cup.shares_cents, strict=False):
            for player in members.get(winner, (winner,)):
                paid.append((int(player), "cup", "", cents))
    return tuple(paid)
