"""A club's seasons in the JSON API: defining a season, its table, its exports, and event
tags (docs/season.md, "Seasons in the app").

Anyone may read a season and its table (names only); every write needs the director's
session. A bad definition is a 422 naming the field, and nothing is kept.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from euchre.season_printing import season_table_pdf
from euchre.store import seasons
from euchre.store.models import Season
from euchre.web.api import convert
from euchre.web.api.common import Id, Reader, Writer
from euchre.web.api.schemas import ErrorOut, EventOut
from euchre.web.common.club_access import require_club
from euchre.web.common.deps import ReadSession, WriteSession, database, download, file_route

__all__ = [
    "PrizeIn",
    "SeasonIn",
    "SeasonWithWarningsOut",
    "SessionIn",
    "TagsIn",
    "router",
    "season_pdf_bytes",
]

_errors: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorOut} for status in (400, 401, 403, 404, 409, 422)
}
router = APIRouter(prefix="/api", tags=["seasons"], responses=_errors)
ClubOnly = Depends(require_club)
"""The public reads ask for the club code when the club set one (docs/season.md)."""
Part = Annotated[
    str | None,
    Query(
        alias="session",
        max_length=200,
        description="A session of the season (its name): that session's own table",
    ),
]
_Strict = ConfigDict(extra="forbid")
_Count = Annotated[int, Field(ge=0, le=10_000)]


class PrizeIn(BaseModel):
    """A season prize for a place (1 = the winner)."""

    model_config = _Strict
    place: int = Field(ge=1, le=1000)
    label: str = Field(min_length=1, max_length=200)
    amount_cents: int = Field(default=0, ge=0, le=100_000_000)


class SessionIn(BaseModel):
    """A session of the season with its own table: the nights dated ``start`` to ``end``
    (``YYYY-MM-DD``, both included), its own qualifying bars and prizes (none unless
    given)."""

    model_config = _Strict
    name: str = Field(min_length=1, max_length=200)
    start: str = Field(max_length=40, description="YYYY-MM-DD")
    end: str = Field(max_length=40, description="YYYY-MM-DD")
    min_nights: int = Field(default=0, ge=-1000, le=10_000)
    min_games: int = Field(default=0, ge=-1000, le=100_000)
    prizes: list[PrizeIn] = Field(default_factory=list, max_length=100)


class SeasonIn(BaseModel):
    """A season: its name, which events count (``events``: ids chosen one by one, or
    ``tag``: every event carrying it), how it is scored, the tie-breaks in order, the
    minimum attendance (``min_nights``) and games (``min_games``), and its prizes."""

    model_config = _Strict
    name: str = Field(min_length=1, max_length=2000)
    events: list[Annotated[int, Field(ge=1, le=2_147_483_647)]] | None = Field(
        default=None, max_length=2000
    )
    tag: str | None = Field(default=None, max_length=2000)
    scoring: str = Field(
        max_length=100,
        description='"total_points", "average", "best_nights" or "place_points"',
    )
    best_nights: int | None = Field(default=None, ge=-1000, le=10_000)
    place_points: list[_Count] | None = Field(default=None, max_length=500)
    min_games: int = Field(default=0, ge=-1000, le=100_000)
    min_nights: int = Field(default=0, ge=-1000, le=10_000)
    tie_breaks: list[Annotated[str, Field(max_length=100)]] = Field(
        default_factory=list,
        max_length=10,
        description='In order, from "games_won", "lone_hands", "head_to_head"',
    )
    prizes: list[PrizeIn] = Field(default_factory=list, max_length=100)
    inactive_members: str | None = Field(
        default=None,
        max_length=100,
        description='"stay" (the default: a member set inactive keeps his line) or "leave" '
        "(members set inactive on the roster leave the table)",
    )
    non_member_places: str | None = Field(
        default=None,
        max_length=100,
        description='For place_points: "empty" (the default: a place a non-member takes '
        'earns no member its points) or "next_member" (the next member moves up)',
    )
    tied_places: str | None = Field(
        default=None,
        max_length=100,
        description='For place_points: "share" (the default: players tied share the places\' '
        'points) or "full" (each tied player takes that place\'s full points)',
    )
    sessions: list[SessionIn] | None = Field(
        default=None,
        max_length=50,
        description="Parts of the season with their own tables (spring, fall)",
    )


class TagsIn(BaseModel):
    """An event's tags (replacing the ones it has)."""

    model_config = _Strict
    tags: list[Annotated[str, Field(max_length=200)]] = Field(max_length=50)


class SeasonWithWarningsOut(seasons.SeasonOut):
    """A season as kept, with what the director should know about it (``warnings``: a
    tag no event carries yet)."""

    warnings: list[str]


def _refused(error: seasons.SeasonDefinitionError) -> HTTPException:
    return HTTPException(status_code=422, detail=str(error))


@router.get("/seasons", dependencies=[ClubOnly])
def list_seasons(session: ReadSession) -> list[seasons.SeasonOut]:
    """Every season, newest first (public)."""
    return [seasons.season_out(season) for season in seasons.list_seasons(session)]


@router.post("/seasons", status_code=201)
def create_season(director: Writer, session: WriteSession, body: SeasonIn) -> SeasonWithWarningsOut:
    """Define a season; a bad definition is a 422 naming the field (nothing kept), a name
    already used a 409. ``warnings``: what is kept but looks wrong (a tag no event
    carries)."""
    try:
        season = seasons.create_season(
            session, data=body.model_dump(exclude_none=True), who=director.name
        )
        return _with_warnings(session, season)
    except seasons.SeasonDefinitionError as error:
        raise _refused(error) from None


@router.put("/seasons/{season_id}")
def update_season(
    director: Writer, session: WriteSession, season_id: Id, body: SeasonIn
) -> SeasonWithWarningsOut:
    """Redefine a season in place: the whole definition, as ``POST`` takes it (a field left
    out takes its default). The season keeps its id, so links to its page, projector and
    files keep working; the same 422 and 409 as ``POST``."""
    try:
        season = seasons.update_season(
            session,
            season_id=season_id,
            data=body.model_dump(exclude_none=True),
            who=director.name,
        )
        return _with_warnings(session, season)
    except seasons.SeasonDefinitionError as error:
        raise _refused(error) from None


def _with_warnings(session: Session, season: Season) -> SeasonWithWarningsOut:
    return SeasonWithWarningsOut(
        **dict(seasons.season_out(season)), warnings=seasons.season_warnings(session, season)
    )


@router.get("/seasons/backup")
def backup_seasons(director: Reader, session: ReadSession) -> seasons.SeasonsBackup:
    """Every season's definition, for ``POST /api/seasons/restore``."""
    return seasons.seasons_backup(session)


@router.post("/seasons/restore", status_code=201)
def restore_seasons(
    director: Writer, session: WriteSession, body: dict[str, Any]
) -> list[seasons.SeasonOut]:
    """Add the seasons of a seasons backup (all or nothing)."""
    try:
        added = seasons.restore_seasons(session, data=body, who=director.name)
        return [seasons.season_out(season) for season in added]
    except seasons.SeasonDefinitionError as error:
        raise _refused(error) from None


@router.get("/seasons/{season_id}", dependencies=[ClubOnly])
def get_season(session: ReadSession, season_id: Id) -> SeasonWithWarningsOut:
    """One season's definition (public), with ``warnings`` (a tag no event carries)."""
    return _with_warnings(session, seasons.get_season(session, season_id=season_id))


@router.delete("/seasons/{season_id}", status_code=204)
def delete_season(director: Writer, session: WriteSession, season_id: Id) -> None:
    """Remove a season (its events and their results stay as they are)."""
    seasons.delete_season(session, season_id=season_id, who=director.name)


@router.get("/seasons/{season_id}/standings", dependencies=[ClubOnly])
def season_standings(
    session: ReadSession, season_id: Id, part: Part = None
) -> seasons.SeasonStandingsOut:
    """The season table now (public): ``rows`` of member, rank (shared by ties; null for a
    member who does not qualify), points, games, nights, qualified, movement since the last
    night and the nights counted (event ids). ``?session=Spring``: that session's own
    table (``session`` in the answer says which, with its dates)."""
    return seasons.standings_out(seasons.season_standings(session, season_id=season_id, part=part))


@router.get(
    "/seasons/{season_id}/standings.csv",
    dependencies=[ClubOnly],
    **file_route("text/csv", "The season table"),
)
def season_standings_csv(session: ReadSession, season_id: Id, part: Part = None) -> Response:
    """The season table as CSV (public)."""
    text = seasons.standings_csv(seasons.season_standings(session, season_id=season_id, part=part))
    return download(text.encode("utf-8"), "text/csv; charset=utf-8", f"season-{season_id}.csv")


@router.get(
    "/seasons/{season_id}/standings.json",
    dependencies=[ClubOnly],
    **file_route("application/json", "The season table, a file to save"),
)
def season_standings_file(session: ReadSession, season_id: Id, part: Part = None) -> Response:
    """The season table as a JSON file to save (public)."""
    data = seasons.standings_json(seasons.season_standings(session, season_id=season_id, part=part))
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return download(
        text.encode("utf-8"), "application/json; charset=utf-8", f"season-{season_id}.json"
    )


def season_pdf_bytes(request: Request, season_id: int, part: str | None = None) -> bytes:
    """The season table's PDF (``part``: a session's own table)."""
    with database(request).read() as session:
        standings = seasons.season_standings(session, season_id=season_id, part=part)
        return season_table_pdf(seasons.printable_table(standings))


@router.get(
    "/seasons/{season_id}/standings.pdf",
    dependencies=[ClubOnly],
    **file_route("application/pdf", "The season table, printed"),
)
def season_standings_pdf(request: Request, season_id: Id, part: Part = None) -> Response:
    """The season table as a PDF to print (public)."""
    pdf = season_pdf_bytes(request, season_id, part)
    return download(pdf, "application/pdf", f"season-{season_id}.pdf", inline=True)


@router.put("/events/{event_id}/tags", tags=["events"])
def set_tags(director: Writer, session: WriteSession, event_id: Id, body: TagsIn) -> EventOut:
    """Replace an event's tags, at any time (tags change no result)."""
    event = seasons.set_event_tags(session, event_id=event_id, tags=body.tags, who=director.name)
    return convert.event_out(session, event)
