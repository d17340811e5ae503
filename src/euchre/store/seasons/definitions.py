"""Season definitions in storage: read from what a client sends (one pydantic model, whose
refusals name each field in words), checked, kept, redefined in place and removed."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic import Field as PydanticField
from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store.audit import record_club_audit
from euchre.store.errors import ConflictError, NotFoundError, StoreError
from euchre.store.models import Event, Season
from euchre.store.names import check_name, name_key
from euchre.store.seasons.nights import season_events
from euchre.store.seasons.tags import TAG_LIMIT
from euchre.tournament.codec import OMIT_FALSE
from euchre.tournament.errors import TournamentError
from euchre.tournament.season import (
    InactiveMembers,
    NonMemberPlaces,
    SeasonDefinition,
    SeasonPrize,
    SeasonScoring,
    SeasonSession,
    SeasonTieBreak,
    TiedPlaces,
)

__all__ = [
    "SeasonData",
    "SeasonDefinitionError",
    "SeasonOut",
    "SeasonPrizeData",
    "SeasonSessionData",
    "create_season",
    "delete_season",
    "get_season",
    "list_seasons",
    "restore_season",
    "season_data",
    "season_definition",
    "season_json",
    "season_out",
    "season_warnings",
    "update_season",
]


class SeasonDefinitionError(StoreError):
    """A season the app cannot keep; the message names the field (``best_nights: ...``)."""


def season_definition(season: Season) -> SeasonDefinition:
    """The stored season's definition."""
    return SeasonDefinition.from_json(season.definition)


# A closed set's field reads its text (strict models take only its members otherwise); a
# value outside it is refused naming the choices ("input should be 'stay' or 'leave'").
Loose = PydanticField(strict=False)


class SeasonPrizeData(BaseModel):
    """A season prize as a client or a backup sends it."""

    model_config = ConfigDict(extra="forbid", strict=True)
    place: int
    label: str
    amount_cents: int = 0


class SeasonSessionData(BaseModel):
    """A session of the season (``{"name": "Spring", "start": "2027-01-07", "end":
    "2027-05-27"}``), with its own qualifying bars and prizes if it has any."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    start: Annotated[datetime.date, Loose]
    end: Annotated[datetime.date, Loose]
    min_nights: int = 0
    min_games: int = 0
    prizes: list[SeasonPrizeData] = PydanticField(default_factory=list)


class SeasonData(BaseModel):
    """A season as the API, the seasons page and a backup give it, read before anything
    else: a key it does not know, a field of the wrong kind, a choice outside its set or a
    missing ``scoring`` is refused naming the field (``prizes.1.place: ...``), never with a
    Python repr. What depends on several fields (a ``best_nights`` count with another
    scoring, overlapping sessions) is the definition's own check."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = ""
    events: list[int] | None = None
    tag: str | None = None
    scoring: Annotated[SeasonScoring, Loose]
    tie_breaks: list[Annotated[SeasonTieBreak, Loose]] = PydanticField(default_factory=list)
    min_nights: int = 0
    min_games: int = 0
    best_nights: int | None = None
    place_points: list[int] = PydanticField(default_factory=list)
    non_member_places: Annotated[NonMemberPlaces, Loose] = NonMemberPlaces.EMPTY
    tied_places: Annotated[TiedPlaces, Loose] = TiedPlaces.SHARE
    prizes: list[SeasonPrizeData] = PydanticField(default_factory=list)
    inactive_members: Annotated[InactiveMembers, Loose] = InactiveMembers.STAY
    sessions: list[SeasonSessionData] = PydanticField(default_factory=list)


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


def _prizes(prizes: list[SeasonPrizeData]) -> tuple[SeasonPrize, ...]:
    return tuple(
        SeasonPrize(place=prize.place, label=prize.label, amount_cents=prize.amount_cents)
        for prize in prizes
    )


def _definition(season: SeasonData, name: str) -> SeasonDefinition:
    """The season's definition; what depends on several fields is checked by the
    definition itself, and refused as :class:`SeasonDefinitionError` naming each field
    (``best_nights: ...``)."""
    try:
        return SeasonDefinition(
            name=name,
            scoring=season.scoring,
            tie_breaks=tuple(season.tie_breaks),
            min_nights=season.min_nights,
            min_games=season.min_games,
            best_nights=season.best_nights,
            place_points=tuple(season.place_points),
            prizes=_prizes(season.prizes),
            inactive_members=season.inactive_members,
            non_member_places=season.non_member_places,
            tied_places=season.tied_places,
            sessions=tuple(
                SeasonSession(
                    name=" ".join(part.name.split()),
                    start=part.start,
                    end=part.end,
                    min_nights=part.min_nights,
                    min_games=part.min_games,
                    prizes=_prizes(part.prizes),
                )
                for part in season.sessions
            ),
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


class SeasonOut(BaseModel):
    """A season as the API shows it: its id, name, events (ids chosen one by one) or tag,
    and its definition's fields as ``POST /api/seasons`` takes them. A choice left at its
    default (``inactive_members`` ``stay``, ``non_member_places`` ``empty``,
    ``tied_places`` ``share``) and an empty ``sessions`` are left out, as stored."""

    model_config = ConfigDict(frozen=True)
    id: int
    name: str
    events: list[int] | None
    tag: str | None
    scoring: SeasonScoring
    tie_breaks: tuple[SeasonTieBreak, ...] = ()
    min_nights: int = 0
    min_games: int = 0
    best_nights: int | None = None
    place_points: tuple[int, ...] = ()
    prizes: tuple[SeasonPrize, ...] = ()
    inactive_members: Annotated[
        InactiveMembers, PydanticField(exclude_if=lambda value: value == InactiveMembers.STAY)
    ] = InactiveMembers.STAY
    non_member_places: Annotated[
        NonMemberPlaces,
        PydanticField(exclude_if=lambda value: value == NonMemberPlaces.EMPTY),
    ] = NonMemberPlaces.EMPTY
    tied_places: Annotated[
        TiedPlaces, PydanticField(exclude_if=lambda value: value == TiedPlaces.SHARE)
    ] = TiedPlaces.SHARE
    sessions: Annotated[tuple[SeasonSession, ...], OMIT_FALSE] = ()


def season_out(season: Season) -> SeasonOut:
    """The stored season as the API shows it (its definition read through the codec)."""
    definition = season_definition(season)
    return SeasonOut(
        id=season.id,
        name=season.name,
        events=None if season.event_ids is None else list(season.event_ids),
        tag=season.tag,
        scoring=definition.scoring,
        tie_breaks=definition.tie_breaks,
        min_nights=definition.min_nights,
        min_games=definition.min_games,
        best_nights=definition.best_nights,
        place_points=definition.place_points,
        prizes=definition.prizes,
        inactive_members=definition.inactive_members,
        non_member_places=definition.non_member_places,
        tied_places=definition.tied_places,
        sessions=definition.sessions,
    )


def season_json(season: Season) -> dict[str, Any]:
    """The season as JSON-ready data (:class:`SeasonOut`: the audit log and the pages)."""
    return season_out(season).model_dump(mode="json")
