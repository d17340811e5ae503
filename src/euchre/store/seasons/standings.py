"""A season's table, computed on read from its nights (each remembered under its event's
version, so a correction recomputes only what it touched), and its JSON."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from euchre.store.errors import NotFoundError
from euchre.store.models import Member, MemberMerge, Season
from euchre.store.money_record import corrections_of
from euchre.store.night.events import get_event
from euchre.store.seasons.definitions import SeasonOut, get_season, season_definition, season_out
from euchre.store.seasons.lines import SeasonLine, table_lines
from euchre.store.seasons.nights import (
    NightEvent,
    event_date,
    event_night,
    key_event,
    night_key,
    season_events,
)
from euchre.tournament.season import (
    InactiveMembers,
    SeasonDefinition,
    SeasonNight,
    SeasonRow,
    SeasonSession,
    SeasonTable,
    season_table,
)

__all__ = [
    "NightOut",
    "NightPointsOut",
    "SeasonRowOut",
    "SeasonStandings",
    "SeasonStandingsOut",
    "row_json",
    "row_out",
    "season_lines",
    "season_standings",
    "standings_json",
    "standings_out",
]

T = TypeVar("T")


class NightPointsOut(BaseModel):
    """A member's points on one night of the season (``event_id``: the night's event)."""

    model_config = ConfigDict(frozen=True)
    event_id: int
    points: int
    sit_outs: int
    sit_out_points: int
    computer_games: int


class SeasonRowOut(BaseModel):
    """A member's line in the season table as the API gives it: ``rank`` null for a member
    who does not qualify, ``points`` the season's figure (3 places), ``movement`` since the
    last night, ``nights_counted`` the event ids that make up the points. Read from the
    row's own JSON: a field the row gains that this model does not name is refused (a
    defect the tests catch), never dropped."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    member_id: int
    name: str
    rank: int | None
    qualified: bool
    points: float
    games: int
    games_won: int
    lone_hands: int
    euchres: int
    nights: int
    nights_counted: list[int]
    tied: bool
    previous_rank: int | None
    movement: int | None
    prizes: list[str]
    prize_cents: int
    total_points: int
    sit_outs: int
    sit_out_points: int
    computer_games: int
    by_night: list[NightPointsOut]


class NightOut(BaseModel):
    """A night of the season: its event, name and date, and the corrections after play
    that moved money (in words)."""

    model_config = ConfigDict(frozen=True)
    event_id: int
    name: str
    date: str
    corrected: list[str]


class SeasonStandingsOut(BaseModel):
    """The season table: the season, the session whose own table it is (null: the whole
    season), its nights in order and one row per member."""

    model_config = ConfigDict(frozen=True)
    season: SeasonOut
    session: SeasonSession | None
    nights: list[NightOut]
    rows: list[SeasonRowOut]


@dataclass(frozen=True)
class SeasonStandings:
    """A season's table with the events behind its nights (in night order)."""

    season: Season
    table: SeasonTable
    nights: tuple[NightEvent, ...]
    rows_out: tuple[SeasonRowOut, ...] = ()
    """The rows as the API gives them (worked out once per table)."""
    lines: tuple[SeasonLine, ...] = ()
    """The rows as the pages show them (worked out once per table)."""
    part: SeasonSession | None = None
    """The session whose own table this is (None: the whole season)."""
    corrected: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """Each night corrected after play in a way that moved money (event id -> "Corrected
    2027-03-11 21:40 UTC (round 1 table 2): prize: Leo Marsh $30.00 -> $0.00."); read
    fresh at every read, from the audit log."""

    @property
    def definition(self) -> SeasonDefinition:
        """The definition the table was computed under (a session's own, for a session)."""
        whole = season_definition(self.season)
        return whole if self.part is None else whole.for_session(self.part)


@dataclass(frozen=True)
class _Table:
    table: SeasonTable
    rows_out: tuple[SeasonRowOut, ...]
    lines: tuple[SeasonLine, ...]


_CACHE_SIZE = 4096
_nights: OrderedDict[tuple[Any, ...], SeasonNight | None] = OrderedDict()
_tables: OrderedDict[tuple[Any, ...], _Table] = OrderedDict()
_cache_lock = threading.Lock()


def _cached(cache: OrderedDict[tuple[Any, ...], T], key: tuple[Any, ...]) -> T | None:
    with _cache_lock:
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
    return None


def _keep(
    cache: OrderedDict[tuple[Any, ...], T], key: tuple[Any, ...], value: T, size: int
) -> None:
    with _cache_lock:
        cache[key] = value
        while len(cache) > size:
            cache.popitem(last=False)


def _members_version(session: Session) -> tuple[Any, ...]:
    """What else a night's lines depend on besides its event: the members' names, and the
    merges (and their undoing) that move players from one member to another."""
    merges = session.execute(select(func.count(MemberMerge.id), func.count(MemberMerge.undone_at)))
    names = session.execute(select(Member.id, Member.name).order_by(Member.id))
    return (tuple(merges.one()), hash(tuple(names)))


def season_standings(
    session: Session, *, season_id: int, part: str | None = None
) -> SeasonStandings:
    """The season's table now, from every counted event that has a result.

    Computed on read, never stored: each night is remembered (per process) under its event's
    version (revision, results' count and newest id, the key of the event's own cached
    standings) and the members' version, the table under the season's definition and all of
    those; a correction, a merge or a rename changes a key, so the next read recomputes what
    it touched and nothing can be stale. ``part`` names a session of the season: its own
    table, of the nights dated within it (``NotFoundError`` naming the sessions when the
    season has none of that name)."""
    season = get_season(session, season_id=season_id)
    where = str(session.get_bind().engine.url)
    members = _members_version(session)
    whole = season_definition(season)
    chosen = _session(season, whole, part)
    definition = whole if chosen is None else whole.for_session(chosen)
    leaving = _leaving_members(session, whole)
    counted = [
        event
        for event in season_events(session, season)
        if event.results and (chosen is None or chosen.start <= event_date(event) <= chosen.end)
    ]
    night_keys = [
        (
            where,
            event.id,
            event.created_at.isoformat(),
            event.revision,
            event.results,
            event.newest_result,
            members,
        )
        for event in counted
    ]
    table_key = (
        where,
        json.dumps(definition.to_json(), sort_keys=True),
        tuple(night_keys),
        tuple(sorted(leaving)),
    )
    entry = _cached(_tables, table_key)
    if entry is None:
        nights: list[SeasonNight] = []
        for event, key in zip(counted, night_keys, strict=True):
            night = _cached(_nights, key)
            if night is None:
                night = event_night(session, get_event(session, event_id=event.id))
                if night is not None:
                    _keep(_nights, key, night, _CACHE_SIZE)
            if night is not None:
                nights.append(_without(night, leaving))
        table = season_table(definition, nights)
        entry = _Table(table, tuple(row_out(row) for row in table.rows), tuple(table_lines(table)))
        _keep(_tables, table_key, entry, 64)
    by_key = {night_key(event.id): event for event in counted}
    return SeasonStandings(
        season,
        entry.table,
        tuple(by_key[key] for key in entry.table.nights),
        entry.rows_out,
        entry.lines,
        chosen,
        {
            event_id: tuple(correction.words for correction in found)
            for event_id, found in corrections_of(session, [event.id for event in counted]).items()
        },
    )


def _session(season: Season, whole: SeasonDefinition, part: str | None) -> SeasonSession | None:
    if part is None:
        return None
    found = whole.session_named(part)
    if found is None:
        names = ", ".join(repr(each.name) for each in whole.sessions)
        known = f"its sessions: {names}" if names else "it has no sessions"
        raise NotFoundError(f"season {season.name!r} has no session {part!r} ({known})")
    return found


def _leaving_members(session: Session, definition: SeasonDefinition) -> frozenset[int]:
    """The members this season's table leaves out: those set inactive, where the season
    says they leave (``inactive_members``); nobody otherwise."""
    if definition.inactive_members is not InactiveMembers.LEAVE:
        return frozenset()
    return frozenset(session.scalars(select(Member.id).where(Member.active.is_(False))))


def _without(night: SeasonNight, leaving: frozenset[int]) -> SeasonNight:
    """``night`` without the results of the members in ``leaving``."""
    if not leaving:
        return night
    kept = tuple(result for result in night.results if result.member_id not in leaving)
    return SeasonNight(key=night.key, date=night.date, results=kept)


def row_out(row: SeasonRow) -> SeasonRowOut:
    """A row as the API gives it (nights as event ids)."""
    data: dict[str, Any] = row.to_json()
    data["nights_counted"] = [key_event(key) for key in row.nights_counted]
    data["by_night"] = [
        NightPointsOut(
            event_id=key_event(night.key),
            points=night.points,
            sit_outs=night.sit_outs,
            sit_out_points=night.sit_out_points,
            computer_games=night.computer_games,
        )
        for night in row.by_night
    ]
    return SeasonRowOut.model_validate(data)


def row_json(row: SeasonRow) -> dict[str, Any]:
    """A row as JSON-ready data (:class:`SeasonRowOut`)."""
    return row_out(row).model_dump(mode="json")


def standings_out(standings: SeasonStandings) -> SeasonStandingsOut:
    """The season table as ``GET /api/seasons/{id}/standings`` gives it: the season, its
    nights (event id, name, date) and one row per member; ``nights_counted`` lists event
    ids."""
    return SeasonStandingsOut(
        season=season_out(standings.season),
        session=standings.part,
        nights=[
            NightOut(
                event_id=event.id,
                name=event.name,
                date=event_date(event).isoformat(),
                corrected=list(standings.corrected.get(event.id, ())),
            )
            for event in standings.nights
        ],
        rows=list(standings.rows_out),
    )


def standings_json(standings: SeasonStandings) -> dict[str, Any]:
    """The season table as JSON-ready data (:class:`SeasonStandingsOut`)."""
    return standings_out(standings).model_dump(mode="json")


def season_lines(standings: SeasonStandings) -> list[SeasonLine]:
    """The table's rows as the season page, the projector and the PDF show them."""
    return list(standings.lines)
