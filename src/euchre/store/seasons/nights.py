"""A season's nights: the events a season counts, and each event as one night of the season
(its members' lines read from the event's own standings)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from euchre.store.core import snapshot_of
from euchre.store.models import Entrant, Event, Member, Result, Season
from euchre.store.night.events import list_entrants
from euchre.store.seasons.tags import tag_key
from euchre.tournament.model import EventSnapshot, StandingRow, Tally
from euchre.tournament.season import GameRecord, NightResult, SeasonNight

__all__ = [
    "NightEvent",
    "event_date",
    "event_night",
    "key_event",
    "night_key",
    "season_events",
    "sit_out_points",
]


@dataclass(frozen=True)
class NightEvent:
    """An event a season counts, as the season reads it: its id, name, the night's date, its
    creation time (which orders the nights of one day) and what its cached standings are
    keyed by (its revision, its results' count and newest id)."""

    id: int
    name: str
    held_on: datetime.date
    created_at: datetime.datetime
    revision: int
    results: int
    newest_result: int


def season_events(session: Session, season: Season) -> list[NightEvent]:
    """The events the season counts: those chosen (still stored), or those carrying its tag
    (case and spaces aside), oldest first. One query, without reading the events' settings."""
    query = (
        select(
            Event.id,
            Event.name,
            Event.held_on,
            Event.created_at,
            Event.revision,
            Event.tags,
            func.count(Result.id),
            func.max(Result.id),
        )
        .outerjoin(Result, Result.event_id == Event.id)
        .group_by(Event.id)
        .order_by(Event.id)
    )
    if season.event_ids is not None:
        query = query.where(Event.id.in_(season.event_ids))
    wanted = None if season.tag is None else tag_key(season.tag)
    out = []
    for event_id, name, held_on, created_at, revision, tags, results, newest in session.execute(
        query
    ):
        if wanted is not None and wanted not in {tag_key(tag) for tag in tags or []}:
            continue
        out.append(
            NightEvent(
                id=int(event_id),
                name=str(name),
                held_on=held_on,
                created_at=created_at,
                revision=int(revision or 0),
                results=int(results),
                newest_result=int(newest or 0),
            )
        )
    return out


def night_key(event_id: int) -> str:
    """A night's key: the event id, zero-padded so that keys sort as ids do."""
    return f"{event_id:010d}"


def key_event(key: str) -> int:
    """The event id of a night's key."""
    return int(key)


@dataclass
class _MemberNight:
    """One member's night as it adds up: the name and team played under, the best place, the
    counts of every standings line the member stood in, and those lines' sit-outs' points."""

    name: str
    unit: str
    place: int
    counts: Tally
    sit_out_points: int = 0


def sit_out_points(snapshot: EventSnapshot) -> dict[str, int]:
    """Each competitor's points from sitting out (the standings' points of the rounds it sat
    out: the sheet's sit-out score, the round's average, fixed points or none)."""
    rows = {row.competitor_id: row for row in snapshot.standings}
    out: dict[str, int] = {}
    for plan in snapshot.rounds:
        for unit in plan.byes:
            row = rows.get(unit)
            if row is not None and plan.round in row.points_by_round:
                out[unit] = out.get(unit, 0) + row.points_by_round[plan.round]
    return out


def _members_of(
    snapshot: EventSnapshot, entrants: Mapping[str, Entrant]
) -> dict[str, tuple[int, ...]]:
    """Each player and competitor id of the event -> the members who played as it."""
    out: dict[str, tuple[int, ...]] = {}
    for number, entrant in entrants.items():
        if entrant.member_id is not None:
            out[number] = (entrant.member_id,)
    for row in snapshot.standings:
        ids = tuple(out[player][0] for player in row.members if player in out)
        out.setdefault(row.competitor_id, ids)
    return out


def _played(row: StandingRow) -> bool:
    return row.games_played > 0 or row.sit_outs > 0 or row.points != 0


def event_night(session: Session, event: Event) -> SeasonNight | None:
    """The event as one night of a season, from its own standings: each member's points,
    games, games won, lone hands and euchres as the event's standings give them (a fixed
    team's members each get the team's line), the place (rank) that night, and the games'
    opponents and scores for head-to-head. None while the event has no result."""
    results = session.scalar(select(func.count(Result.id)).where(Result.event_id == event.id))
    if not results:
        return None
    snapshot = snapshot_of(session, event)
    entrants = {
        str(entrant.number): entrant for entrant in list_entrants(session, event_id=event.id)
    }
    names = _member_names(session, entrants.values())
    sat_out = sit_out_points(snapshot)
    tallies: dict[int, _MemberNight] = {}
    for row in snapshot.standings:
        if not _played(row):
            continue
        unit = row.competitor_id if len(row.members) > 1 else ""
        resting = sat_out.get(row.competitor_id, 0)
        for player in row.members:
            entrant = entrants.get(player)
            if entrant is None or entrant.member_id is None:
                continue
            member = entrant.member_id
            tally = tallies.get(member)
            if tally is None:
                name = names.get(member, entrant.name)
                tallies[member] = _MemberNight(name, unit, row.rank, row, resting)
            else:  # the same member entered twice (withdrawn, then added again)
                tally.place = min(tally.place, row.rank)
                tally.counts += row
                tally.sit_out_points += resting
    records = _game_records(session, event, snapshot, entrants)
    night_results = tuple(
        NightResult(
            member_id=member,
            name=tally.name,
            points=tally.counts.points,
            games=tally.counts.games_played,
            games_won=min(tally.counts.games_won, tally.counts.games_played),
            place=max(tally.place, 1),
            lone_hands=tally.counts.lone_hands,
            euchres=tally.counts.euchres,
            game_records=tuple(records.get(member, ())),
            unit=tally.unit,
            sit_outs=tally.counts.sit_outs,
            sit_out_points=tally.sit_out_points,
            computer_games=tally.counts.computer_games,
        )
        for member, tally in sorted(tallies.items())
    )
    return SeasonNight(key=night_key(event.id), date=event_date(event), results=night_results)


def event_date(event: Event | NightEvent) -> datetime.date:
    """The day the night was played (the event's own date)."""
    return event.held_on


def _member_names(session: Session, entrants: Iterable[Entrant]) -> dict[int, str]:
    ids = {entrant.member_id for entrant in entrants if entrant.member_id is not None}
    if not ids:
        return {}
    rows = session.execute(select(Member.id, Member.name).where(Member.id.in_(ids)))
    return {int(member_id): str(name) for member_id, name in rows}


def _game_records(
    session: Session,
    event: Event,
    snapshot: EventSnapshot,
    entrants: Mapping[str, Entrant],
) -> dict[int, list[GameRecord]]:
    """Each member's games that night: the opponents (members) and the two sides' points."""
    members = _members_of(snapshot, entrants)
    seating = {
        (plan.round, table.table): table.partnerships
        for plan in snapshot.rounds
        for table in plan.tables
    }
    out: dict[int, list[GameRecord]] = {}
    rows = session.scalars(
        select(Result)
        .where(Result.event_id == event.id)
        .order_by(Result.round_number, Result.table_number)
    )
    for row in rows:
        result = row.result
        sides = result.partnerships or seating.get((result.round, result.table))
        if sides is None:
            continue
        if not sides[1]:
            # A table of three: each for himself, the other two his opponents.
            _three_handed_records(out, sides[0], result.player_points, members)
            continue
        side_members = [
            tuple(member for player in side for member in members.get(player, ())) for side in sides
        ]
        for index in (0, 1):
            for member in side_members[index]:
                out.setdefault(member, []).append(
                    GameRecord(
                        opponents=side_members[1 - index],
                        points_for=result.team_points[index],
                        points_against=result.team_points[1 - index],
                    )
                )
    return out


def _three_handed_records(
    out: dict[int, list[GameRecord]],
    players: Sequence[str],
    own: Mapping[str, int],
    members: Mapping[str, tuple[int, ...]],
) -> None:
    """A table of three's games: each member's own total for, the other two's against."""
    for player in players:
        others = [other for other in players if other != player]
        for member in members.get(player, ()):
            out.setdefault(member, []).append(
                GameRecord(
                    opponents=tuple(m for other in others for m in members.get(other, ())),
                    points_for=own.get(player, 0),
                    points_against=sum(own.get(other, 0) for other in others),
                )
            )
