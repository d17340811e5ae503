"""A club's seasons in storage: event tags, season definitions, and the season table read
from the events' own standings (docs/season.md, "Seasons in the app").

A season is stored as its definition only (``SeasonDefinition`` as JSON) and which events
count: chosen one by one (``event_ids``) or every event carrying a tag. Its table is computed
whenever it is read: each event's standings come from the event's snapshot (the same one the
event's own pages show, cached per event until a result or setting changes), so a corrected
result in a past event moves the season table at the next read and nothing can go stale.
"""

from __future__ import annotations

import datetime
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic import Field as PydanticField
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from euchre.season_printing import SeasonPrintout, SeasonPrintRow
from euchre.store.audit import record_audit, record_club_audit
from euchre.store.core import snapshot_of
from euchre.store.csv_text import csv_text
from euchre.store.errors import ConflictError, NotFoundError, StoreError
from euchre.store.events import get_event, list_entrants
from euchre.store.models import Entrant, Event, Member, MemberMerge, Result, Season, utc_now
from euchre.store.names import check_name, name_key
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import EventSnapshot, StandingRow, Tally
from euchre.tournament.season import (
    GameRecord,
    InactiveMembers,
    NightPoints,
    NightResult,
    SeasonDefinition,
    SeasonNight,
    SeasonPrize,
    SeasonRow,
    SeasonScoring,
    SeasonTable,
    SeasonTieBreak,
    season_table,
)

__all__ = [
    "SEASONS_BACKUP_FORMAT",
    "NightEvent",
    "SeasonData",
    "SeasonDefinitionError",
    "SeasonLine",
    "SeasonStandings",
    "create_season",
    "delete_season",
    "event_night",
    "get_season",
    "list_seasons",
    "number_ranges",
    "printable_table",
    "restore_season",
    "restore_seasons",
    "scoring_words",
    "season_data",
    "season_definition",
    "season_events",
    "season_json",
    "season_lines",
    "season_standings",
    "season_warnings",
    "seasons_backup",
    "set_event_tags",
    "sit_out_points",
    "standings_csv",
    "standings_json",
    "tidy_tags",
    "update_season",
]

T = TypeVar("T")
TAG_LIMIT = 60
"""The most characters of one tag."""
TAGS_PER_EVENT = 20
SEASONS_BACKUP_FORMAT = "euchre-seasons-backup/1"


class SeasonDefinitionError(StoreError):
    """A season the app cannot keep; the message names the field (``best_nights: ...``)."""


# --- tags ------------------------------------------------------------------------------------


def _tag_key(tag: str) -> str:
    return " ".join(tag.split()).casefold()


def tidy_tags(tags: Iterable[str]) -> list[str]:
    """The tags with their spaces tidied, in the order given; a tag given twice (case aside)
    is kept once. An empty or over-long tag raises ``StoreError`` naming it."""
    out: list[str] = []
    seen: set[str] = set()
    for tag in tags:
        tidy = " ".join(tag.split())
        if not tidy:
            raise StoreError("tags: a tag cannot be empty")
        if len(tidy) > TAG_LIMIT:
            raise StoreError(f"tags: {tidy[:80]!r} is longer than {TAG_LIMIT} characters")
        if _tag_key(tidy) not in seen:
            seen.add(_tag_key(tidy))
            out.append(tidy)
    if len(out) > TAGS_PER_EVENT:
        raise StoreError(f"tags: an event can carry at most {TAGS_PER_EVENT} tags")
    return out


def set_event_tags(session: Session, *, event_id: int, tags: Iterable[str], who: str) -> Event:
    """Replace the event's tags (at any time: tags change no result), with an audit line."""
    event = get_event(session, event_id=event_id)
    tidy = tidy_tags(tags)
    old = list(event.tags or [])
    if tidy != old:
        event.tags = tidy
        record_audit(
            session,
            event_id=event.id,
            who=who,
            action="set_tags",
            target=f"event {event.id}",
            old_value={"tags": old},
            new_value={"tags": tidy},
        )
        session.flush()
    return event


# --- definitions ------------------------------------------------------------------------------


def season_definition(season: Season) -> SeasonDefinition:
    """The stored season's definition."""
    return SeasonDefinition.from_json(season.definition)


class SeasonPrizeData(BaseModel):
    """A season prize as a client or a backup sends it."""

    model_config = ConfigDict(extra="forbid", strict=True)
    place: int
    label: str
    amount_cents: int = 0


class SeasonData(BaseModel):
    """A season as the API, the seasons page and a backup give it, read before anything
    else: a key it does not know, a field of the wrong kind or a missing ``scoring`` is
    refused naming the field (``prizes.1.place: ...``), never with a Python repr."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = ""
    events: list[int] | None = None
    tag: str | None = None
    scoring: str
    tie_breaks: list[str] = PydanticField(default_factory=list)
    min_nights: int = 0
    min_games: int = 0
    best_nights: int | None = None
    place_points: list[int] = PydanticField(default_factory=list)
    prizes: list[SeasonPrizeData] = PydanticField(default_factory=list)
    inactive_members: Literal["stay", "leave"] = "stay"


def season_data(data: Mapping[str, Any]) -> SeasonData:
    """``data`` read as a season (``None`` values are left out, as the API sends them);
    :class:`SeasonDefinitionError` names each bad field."""
    given = {key: value for key, value in data.items() if value is not None}
    try:
        return SeasonData.model_validate(given)
    except ValidationError as error:
        problems = [
            f"{'.'.join(str(part) for part in problem['loc']) or 'season'}: "
            f"{_problem_words(problem['type'], problem['msg'])}"
            for problem in error.errors(include_url=False, include_input=False)
        ]
        raise SeasonDefinitionError("; ".join(problems)) from None


def _problem_words(kind: str, message: str) -> str:
    if kind == "extra_forbidden":
        return "not a season's field (check the spelling)"
    if kind == "missing":
        return "missing"
    return message[:1].lower() + message[1:]


def _definition(season: SeasonData, name: str) -> SeasonDefinition:
    """The season's definition; a bad one raises :class:`SeasonDefinitionError` naming each
    bad field (``best_nights: ...``)."""
    try:
        return SeasonDefinition(
            name=name,
            scoring=SeasonScoring(season.scoring)
            if season.scoring in set(SeasonScoring)
            else season.scoring,  # type: ignore[arg-type]  # refused by the definition's check
            tie_breaks=tuple(
                SeasonTieBreak(tie) if tie in set(SeasonTieBreak) else tie  # type: ignore[misc]
                for tie in season.tie_breaks
            ),
            min_nights=season.min_nights,
            min_games=season.min_games,
            best_nights=season.best_nights,
            place_points=tuple(season.place_points),
            prizes=tuple(
                SeasonPrize(place=prize.place, label=prize.label, amount_cents=prize.amount_cents)
                for prize in season.prizes
            ),
            inactive_members=InactiveMembers(season.inactive_members),
        )
    except TournamentError as error:
        raise SeasonDefinitionError(str(error).removeprefix(f"season {name!r}: ")) from None


def _events_choice(session: Session, data: SeasonData) -> tuple[list[int] | None, str | None]:
    """Which events count: ``(event_ids, None)`` or ``(None, tag)``, checked."""
    chosen, tag = data.events, data.tag
    if chosen is not None and tag is not None:
        raise SeasonDefinitionError("events: choose the events one by one or give a tag, not both")
    if tag is not None:
        tidy = " ".join(str(tag).split())
        if not tidy or len(tidy) > TAG_LIMIT:
            raise SeasonDefinitionError(
                f"tag: a tag has 1 to {TAG_LIMIT} characters, got {str(tag)[:80]!r}"
            )
        return None, tidy
    if not chosen:
        raise SeasonDefinitionError(
            "events: choose at least one event (or give a tag the events carry)"
        )
    ids = list(chosen)
    if len(set(ids)) != len(ids):
        raise SeasonDefinitionError(f"events: an event is listed twice in {ids}")
    known = set(session.scalars(select(Event.id).where(Event.id.in_(ids))))
    missing = [event_id for event_id in ids if event_id not in known]
    if missing:
        raise SeasonDefinitionError(f"events: no event {', '.join(map(str, missing))}")
    return sorted(ids), None


def create_season(session: Session, *, data: Mapping[str, Any], who: str) -> Season:
    """Keep a new season (``data`` as ``POST /api/seasons`` takes it). A bad definition
    raises :class:`SeasonDefinitionError` naming the field; a name already used,
    ``ConflictError``. Nothing is kept unless all is well."""
    season = season_data(data)
    name = _season_name(season)
    definition = _definition(season, name)
    event_ids, tag = _events_choice(session, season)
    return _keep_season(session, name, definition, event_ids, tag, who)


def update_season(session: Session, *, season_id: int, data: Mapping[str, Any], who: str) -> Season:
    """Redefine a season in place (``data`` as :func:`create_season` takes it, every field:
    what is left out takes its default, as at creation). The season keeps its id, so the
    links to its page, projector and files keep working. Checked as :func:`create_season`
    checks a new one; a name another season uses is a ``ConflictError``."""
    season = get_season(session, season_id=season_id)
    given = season_data(data)
    name = _season_name(given)
    definition = _definition(given, name)
    event_ids, tag = _events_choice(session, given)
    taken = session.scalar(select(Season).where(Season.name_key == name_key(name)))
    if taken is not None and taken.id != season.id:
        raise ConflictError(
            f"the season name {name!r} is already used by season {taken.id} ({taken.name!r})"
        )
    old = season_json(season)
    season.name = name
    season.name_key = name_key(name)
    season.definition = definition.to_json()
    season.event_ids = event_ids
    season.tag = tag
    session.flush()
    record_club_audit(
        session,
        who=who,
        action="update_season",
        target=f"season {season.id}",
        old_value=old,
        new_value=season_json(season),
    )
    return season


def season_warnings(session: Session, season: Season) -> list[str]:
    """What the director should know about a season that is kept all the same: a tag no
    event carries yet (a typo gives an empty table), with the tags that are in use."""
    if season.tag is None or season_events(session, season):
        return []
    in_use = sorted(
        {tag for tags in session.scalars(select(Event.tags)) for tag in tags or []},
        key=str.casefold,
    )
    known = f"; the tags in use: {', '.join(in_use)}" if in_use else "; no event has a tag yet"
    return [
        f"tag: no event carries the tag {season.tag!r} yet, so the table is empty until one "
        f"does (check the spelling{known})"
    ]


def restore_season(
    session: Session, *, data: Mapping[str, Any], event_ids: list[int] | None, who: str
) -> Season:
    """Keep a season of a club's backup: ``data`` as :func:`create_season` takes it (its
    ``events`` and ``tag`` aside), ``event_ids`` its events' ids in this database (None: it
    takes its events by ``tag``). The ids may be none: a season whose chosen events were all
    deleted before the backup keeps its definition and shows an empty table, as it did."""
    if event_ids is None:
        return create_season(session, data=data, who=who)
    season = season_data({**data, "events": None, "tag": None})
    name = _season_name(season)
    definition = _definition(season, name)
    return _keep_season(session, name, definition, sorted(set(event_ids)), None, who)


def _season_name(data: SeasonData) -> str:
    try:
        return check_name(data.name, "season name")
    except StoreError as error:
        raise SeasonDefinitionError(f"name: {error}") from None


def _keep_season(
    session: Session,
    name: str,
    definition: SeasonDefinition,
    event_ids: list[int] | None,
    tag: str | None,
    who: str,
) -> Season:
    """Store a checked season (``ConflictError`` when its name is used), with an audit line."""
    taken = session.scalar(select(Season).where(Season.name_key == name_key(name)))
    if taken is not None:
        raise ConflictError(
            f"the season name {name!r} is already used by season {taken.id} ({taken.name!r})"
        )
    season = Season(
        name=name,
        name_key=name_key(name),
        definition=definition.to_json(),
        event_ids=event_ids,
        tag=tag,
    )
    session.add(season)
    session.flush()
    record_club_audit(
        session,
        who=who,
        action="add_season",
        target=f"season {season.id}",
        new_value=season_json(season),
    )
    return season


def list_seasons(session: Session) -> list[Season]:
    """Every season, newest first."""
    return list(session.scalars(select(Season).order_by(Season.id.desc())))


def get_season(session: Session, *, season_id: int) -> Season:
    """One season (``NotFoundError`` naming the id)."""
    season = session.get(Season, season_id)
    if season is None:
        raise NotFoundError(f"no season {season_id}")
    return season


def delete_season(session: Session, *, season_id: int, who: str) -> None:
    """Remove a season's definition (no event or result changes), with an audit line."""
    season = get_season(session, season_id=season_id)
    record_club_audit(
        session,
        who=who,
        action="delete_season",
        target=f"season {season.id}",
        old_value=season_json(season),
    )
    session.delete(season)
    session.flush()


def season_json(season: Season) -> dict[str, Any]:
    """The season as the API shows it: its id, name, events or tag, and its definition's
    fields (as ``POST /api/seasons`` takes them)."""
    definition = dict(season.definition)
    definition.pop("name", None)
    return {
        "id": season.id,
        "name": season.name,
        "events": None if season.event_ids is None else list(season.event_ids),
        "tag": season.tag,
        **definition,
    }


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
    wanted = None if season.tag is None else _tag_key(season.tag)
    out = []
    for event_id, name, held_on, created_at, revision, tags, results, newest in session.execute(
        query
    ):
        if wanted is not None and wanted not in {_tag_key(tag) for tag in tags or []}:
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


# --- a night from an event's standings -------------------------------------------------------


def _night_key(event_id: int) -> str:
    """A night's key: the event id, zero-padded so that keys sort as ids do."""
    return f"{event_id:010d}"


def _key_event(key: str) -> int:
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
    return SeasonNight(key=_night_key(event.id), date=_event_date(event), results=night_results)


def _event_date(event: Event | NightEvent) -> datetime.date:
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


# --- the season table ---------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonStandings:
    """A season's table with the events behind its nights (in night order)."""

    season: Season
    table: SeasonTable
    nights: tuple[NightEvent, ...]
    rows_json: tuple[dict[str, Any], ...] = ()
    """The rows as the API gives them (worked out once per table; read only)."""
    lines: tuple[SeasonLine, ...] = ()
    """The rows as the pages show them (worked out once per table)."""


@dataclass(frozen=True)
class _Table:
    table: SeasonTable
    rows_json: tuple[dict[str, Any], ...]
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


def season_standings(session: Session, *, season_id: int) -> SeasonStandings:
    """The season's table now, from every counted event that has a result.

    Computed on read, never stored: each night is remembered (per process) under its event's
    version (revision, results' count and newest id, the key of the event's own cached
    standings) and the members' version, the table under the season's definition and all of
    those; a correction, a merge or a rename changes a key, so the next read recomputes what
    it touched and nothing can be stale."""
    season = get_season(session, season_id=season_id)
    where = str(session.get_bind().engine.url)
    members = _members_version(session)
    leaving = _leaving_members(session, season_definition(season))
    counted = [event for event in season_events(session, season) if event.results]
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
        json.dumps(season.definition, sort_keys=True),
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
        table = season_table(season_definition(season), nights)
        entry = _Table(
            table, tuple(_row_json(row) for row in table.rows), tuple(_season_lines(table))
        )
        _keep(_tables, table_key, entry, 64)
    by_key = {_night_key(event.id): event for event in counted}
    return SeasonStandings(
        season,
        entry.table,
        tuple(by_key[key] for key in entry.table.nights),
        entry.rows_json,
        entry.lines,
    )


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


def _row_json(row: SeasonRow) -> dict[str, Any]:
    data: dict[str, Any] = row.to_json()
    data["nights_counted"] = [_key_event(key) for key in row.nights_counted]
    data["by_night"] = [
        {
            "event_id": _key_event(night.key),
            "points": night.points,
            "sit_outs": night.sit_outs,
            "sit_out_points": night.sit_out_points,
            "computer_games": night.computer_games,
        }
        for night in row.by_night
    ]
    return data


def standings_json(standings: SeasonStandings) -> dict[str, Any]:
    """The season table as ``GET /api/seasons/{id}/standings`` gives it: the season, its
    nights (event id, name, date) and one row per member; ``nights_counted`` lists event
    ids."""
    return {
        "season": season_json(standings.season),
        "nights": [
            {"event_id": event.id, "name": event.name, "date": _event_date(event).isoformat()}
            for event in standings.nights
        ],
        "rows": list(standings.rows_json),
    }


CSV_COLUMNS = (
    "rank",
    "name",
    "member_id",
    "points",
    "games",
    "games_won",
    "lone_hands",
    "euchres",
    "nights",
    "nights_counted",
    "qualified",
    "tied",
    "movement",
    "prizes",
    "prize",
    "total_points",
    "sit_outs",
    "sit_out_points",
    "computer_games",
)
"""The CSV's fixed columns; one column per night follows them (its date and name), then
``sat_out`` and ``computer_played`` (in words)."""


def standings_csv(standings: SeasonStandings) -> str:
    """The season table as CSV (``nights_counted``: event ids separated by spaces), then
    each night's points in a column headed by the night's date and name (sit-outs' points
    in), and ``sat_out``: the nights with a sit-out and its points."""
    keys = [_night_key(event.id) for event in standings.nights]
    header = (
        *CSV_COLUMNS,
        *(f"{_event_date(event).isoformat()} {event.name}" for event in standings.nights),
        "sat_out",
        "computer_played",
    )
    numbers = {key: index for index, key in enumerate(keys, start=1)}
    return csv_text(header, (_csv_row(row, keys, numbers) for row in standings.table.rows))


def _csv_row(row: SeasonRow, keys: list[str], numbers: Mapping[str, int]) -> list[object]:
    data = _row_json(row)
    nights = {night.key: night for night in row.by_night}
    sat = "; ".join(
        f"night {numbers[night.key]}: {_sat_words(night)}"
        for night in row.by_night
        if night.sit_outs
    )
    return [
        "" if row.rank is None else row.rank,
        row.name,
        row.member_id,
        _number(row.points),
        row.games,
        row.games_won,
        row.lone_hands,
        row.euchres,
        row.nights,
        " ".join(str(event_id) for event_id in data["nights_counted"]),
        "yes" if row.qualified else "no",
        "yes" if row.tied else "",
        "" if row.movement is None else f"{row.movement:+d}",
        "; ".join(row.prizes),
        f"{row.prize_cents / 100:.2f}" if row.prize_cents else "",
        row.total_points,
        row.sit_outs,
        row.sit_out_points,
        row.computer_games,
        *(nights[key].points if key in nights else "" for key in keys),
        sat,
        _computer_words(row, numbers),
    ]


def _computer_words(row: SeasonRow, numbers: Mapping[str, int]) -> str:
    """The nights a computer player played for the member, in words ("night 2: a computer
    played 1 game for him"), or ""."""
    return "; ".join(
        f"night {numbers[night.key]}: a computer played {night.computer_games} "
        f"game{'' if night.computer_games == 1 else 's'} for him"
        for night in row.by_night
        if night.computer_games
    )


def _sat_words(night: NightPoints) -> str:
    """A night's sit-outs in words: "sat out 1 round, 4 points"."""
    rounds = "round" if night.sit_outs == 1 else "rounds"
    points = "point" if night.sit_out_points == 1 else "points"
    return f"sat out {night.sit_outs} {rounds}, {night.sit_out_points} {points}"


# --- backup ----------------------------------------------------------------------------------


def seasons_backup(session: Session) -> dict[str, Any]:
    """Every season's definition, for :func:`restore_seasons` (the tables are computed)."""
    return {
        "format": SEASONS_BACKUP_FORMAT,
        "seasons": [season_json(season) for season in reversed(list_seasons(session))],
    }


def restore_seasons(session: Session, *, data: Any, who: str) -> list[Season]:
    """Add the seasons of :func:`seasons_backup`'s JSON (all or nothing: a bad season, a
    name already used or an event no longer stored refuses the file, naming the season)."""
    if not isinstance(data, dict) or data.get("format") != SEASONS_BACKUP_FORMAT:
        raise StoreError(f"not a seasons backup: expected 'format': {SEASONS_BACKUP_FORMAT!r}")
    entries = data.get("seasons")
    if not isinstance(entries, list):
        raise StoreError("seasons backup: 'seasons' must be a list")
    added = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise StoreError(f"seasons backup: season {index + 1} is not an object")
        fields = {key: value for key, value in entry.items() if key != "id"}
        if fields.get("events") is None:
            fields.pop("events", None)
        if fields.get("tag") is None:
            fields.pop("tag", None)
        try:
            added.append(create_season(session, data=fields, who=who))
        except StoreError as error:
            raise type(error)(f"seasons backup: season {index + 1}: {error}") from None
    return added


# --- what the pages and the PDF show ---------------------------------------------------------


@dataclass(frozen=True)
class SeasonLine:
    """A row of the season table as the pages show it (texts ready to print)."""

    member_id: int
    rank: str
    name: str
    points: str
    games: int
    games_won: int
    nights: int
    movement: str
    """"+2" (up two places since the last night), "-1", "=" (unchanged), "new" (ranked now,
    not before the latest night), "" (the first night, or not qualified)."""
    movement_word: str
    counted: str
    """The nights counted, by their number in the season ("1–3, 5")."""
    prize: str
    qualified: bool
    by_night: tuple[str, ...] = ()
    """Each night's points in night order ("" for a night not attended; "14 s" when the
    night had a sit-out, whose points are in the 14)."""
    sat_out: str = ""
    """The member's sit-outs in words ("night 1: sat out 1 round, 4 points"), or ""."""
    total: str = ""
    """Every point of every night (sit-outs' points in)."""
    computer: str = ""
    """The nights a computer player played for the member, in words, or ""."""


def number_ranges(numbers: Iterable[int]) -> str:
    """Night numbers as the pages write them, runs joined: ``1–3, 5, 7–8``."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(str(first) if first == last else f"{first}–{last}" for first, last in runs)


def _number(value: Any) -> str:
    number = float(value)
    return str(int(number)) if number == int(number) else f"{number:.3f}".rstrip("0")


def scoring_words(definition: SeasonDefinition) -> str:
    """How the season is scored, in a sentence."""
    scoring = str(definition.scoring)
    if scoring == "total_points":
        words = "Total points of every night (sit-outs' points in)"
    elif scoring == "average":
        words = (
            "Average points per game played (a sit-out is no game: its points are left out "
            "of the average)"
        )
    elif scoring == "best_nights":
        best = definition.best_nights
        words = (
            f"Points of each member's best {best} night{'' if best == 1 else 's'} "
            "(sit-outs' points in)"
        )
    else:
        table = ", ".join(str(points) for points in definition.place_points)
        words = f"Points by place each night ({table}; ties share)"
    bars = []
    if definition.min_games:
        bars.append(f"{definition.min_games} games")
    if definition.min_nights:
        bars.append(f"{definition.min_nights} nights")
    if bars:
        words += f"; to qualify: at least {' and '.join(bars)}"
    if definition.tie_breaks:
        words += "; tie-breaks: " + ", ".join(
            str(tie).replace("_", " ") for tie in definition.tie_breaks
        )
    return words + "."


def season_lines(standings: SeasonStandings) -> list[SeasonLine]:
    """The table's rows as the season page, the projector and the PDF show them."""
    return list(standings.lines)


def _season_lines(table: SeasonTable) -> list[SeasonLine]:
    numbers = {key: index for index, key in enumerate(table.nights, start=1)}
    several = len(table.nights) > 1
    lines = []
    for row in table.rows:
        nights = {night.key: night for night in row.by_night}
        if row.movement is not None:
            movement = "=" if row.movement == 0 else f"{row.movement:+d}"
            word = (
                "unchanged"
                if row.movement == 0
                else f"{'up' if row.movement > 0 else 'down'} {abs(row.movement)}"
            )
        elif several and row.qualified and row.previous_rank is None:
            movement, word = "new", "new in the table this night"
        else:
            movement, word = "", ""
        rank = "" if row.rank is None else (f"={row.rank}" if row.tied else str(row.rank))
        lines.append(
            SeasonLine(
                member_id=row.member_id,
                rank=rank,
                name=row.name,
                points=_number(row.points),
                games=row.games,
                games_won=row.games_won,
                nights=row.nights,
                movement=movement,
                movement_word=word,
                counted=number_ranges([numbers[key] for key in row.nights_counted]),
                prize=(
                    "; ".join(row.prizes)
                    + (f" ${row.prize_cents / 100:.2f}" if row.prize_cents else "")
                ),
                qualified=row.qualified,
                by_night=tuple(
                    _night_cell(night) if (night := nights.get(key)) is not None else ""
                    for key in table.nights
                ),
                sat_out="; ".join(
                    f"night {numbers[night.key]}: {_sat_words(night)}"
                    for night in row.by_night
                    if night.sit_outs
                ),
                total=str(row.total_points),
                computer=_computer_words(row, numbers),
            )
        )
    return lines


def _night_cell(night: NightPoints) -> str:
    """A night's points as the page and the PDF show them: "14"; "14 s" when a sit-out's
    points are in them, "14 c" when a computer played a game for the member ("14 sc": both)."""
    marks = ("s" if night.sit_outs else "") + ("c" if night.computer_games else "")
    return f"{night.points} {marks}" if marks else str(night.points)


def printable_table(
    standings: SeasonStandings, *, now: datetime.datetime | None = None
) -> SeasonPrintout:
    """The season table as the PDF prints it, stamped "as of" ``now`` (default: now, UTC)."""
    definition = season_definition(standings.season)
    moment = (now or utc_now()).astimezone(datetime.UTC)
    return SeasonPrintout(
        as_of=f"As of {moment:%Y-%m-%d %H:%M} UTC, after {len(standings.nights)} "
        f"night{'' if len(standings.nights) == 1 else 's'}",
        season=standings.season.name,
        scoring=scoring_words(definition),
        nights=tuple(
            f"{index}. {event.name} ({_event_date(event).isoformat()})"
            for index, event in enumerate(standings.nights, start=1)
        ),
        rows=tuple(
            SeasonPrintRow(
                rank=line.rank or "-",
                name=line.name,
                points=line.points,
                games=line.games,
                nights=line.nights,
                movement=line.movement,
                counted=line.counted,
                prize=line.prize,
                by_night=line.by_night,
            )
            for line in season_lines(standings)
        ),
    )
