"""The club's members in the JSON API: the roster, its CSV file, merges and their undo.

Anyone may read the roster's names; contact details and notes come only with the
director's session, and every write needs it (docs/web.md, "Members").
"""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from euchre.store.club import history, members
from euchre.store.models import Member, MemberMerge
from euchre.web.api.common import Id, Reader, Writer
from euchre.web.api.schemas import ErrorOut
from euchre.web.common.club_access import require_club
from euchre.web.common.deps import (
    ReadSession,
    WriteSession,
    database,
    download,
    file_route,
    optional_director,
)
from euchre.web.views.history import RatingOut, rating_out

__all__ = ["MemberIn", "MemberOut", "MemberPatch", "MergeIn", "MergeOut", "router"]

_errors: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorOut} for status in (400, 401, 403, 404, 409, 422)
}
router = APIRouter(prefix="/api", tags=["members"], responses=_errors)
_Strict = ConfigDict(extra="forbid")


class MemberIn(BaseModel):
    """A member as the director writes it (the store checks the name's length and the
    contact details' form, naming what is wrong)."""

    model_config = _Strict
    name: str = Field(min_length=1, max_length=2000)
    email: str = Field(default="", max_length=2000)
    phone: str = Field(default="", max_length=2000)
    notes: str = Field(default="", max_length=20_000)
    active: bool = True


class MemberPatch(BaseModel):
    """Some of a member's fields (``PATCH``): only those sent change."""

    model_config = _Strict
    name: str = Field(default="", min_length=1, max_length=2000)
    email: str = Field(default="", max_length=2000)
    phone: str = Field(default="", max_length=2000)
    notes: str = Field(default="", max_length=20_000)
    active: bool = True


class MemberOut(BaseModel):
    """A member: ``email``, ``phone`` and ``notes`` only for the director (absent for
    anyone else); ``players``: how many event players the member has been; ``games``: how
    many games he has played (his history's games, sit-outs aside)."""

    id: int
    name: str
    active: bool
    players: int = 0
    games: int = 0
    email: str | None = None
    phone: str | None = None
    notes: str | None = None
    rating: RatingOut | None = None
    """The member's rating from every recorded game (``GET /api/members/{id}`` only)."""


class MergeIn(BaseModel):
    """Two members who are one person: ``merge`` goes into ``keep``."""

    model_config = _Strict
    keep: int = Field(ge=1, le=2_147_483_647)
    merge: int = Field(ge=1, le=2_147_483_647)
    reason: str = Field(default="", max_length=2000)


class MergeOut(BaseModel):
    """A merge: who was kept, who went into him, the event players moved, and whether it
    was undone."""

    id: int
    kept: int
    merged: int
    players_moved: list[int]
    who: str
    at: datetime
    undone_at: datetime | None


class UndoIn(BaseModel):
    """Why a merge is taken back (kept in the audit log)."""

    model_config = _Strict
    reason: str = Field(default="", max_length=2000)


def member_out(member: Member, *, director: bool, players: int = 0, games: int = 0) -> MemberOut:
    """A member as the API shows it (contact details only to the director)."""
    shown = MemberOut(
        id=member.id, name=member.name, active=member.active, players=players, games=games
    )
    if director:
        shown.email, shown.phone, shown.notes = member.email, member.phone, member.notes
    return shown


def merge_out(merge: MemberMerge) -> MergeOut:
    """A merge as the API shows it."""
    return MergeOut(
        id=merge.id,
        kept=merge.kept_id,
        merged=merge.merged_id,
        players_moved=[int(entrant) for entrant in merge.entrant_ids["entrants"]],
        who=merge.who,
        at=merge.at,
        undone_at=merge.undone_at,
    )


def _fields(body: MemberIn) -> members.MemberFields:
    return members.MemberFields(body.name, body.email, body.phone, body.notes, body.active)


@router.get("/members", response_model_exclude_none=True)
def list_members(request: Request, session: ReadSession) -> list[MemberOut]:
    """The roster by name (members merged into another left out)."""
    director = optional_director(request) is not None
    roster = members.list_members(session)
    return _counted(session, roster, director=director)


@router.post("/members", status_code=201, response_model_exclude_none=True)
def create_member(director: Writer, session: WriteSession, body: MemberIn) -> MemberOut:
    """Add a member; a name already used (whatever its case) is a 409 naming it."""
    member = members.create_member(session, fields=_fields(body), who=director.name)
    return member_out(member, director=True)


@router.get("/members/roster.csv", **file_route("text/csv", "The roster"))
def export_roster(director: Reader, session: ReadSession) -> Response:
    """The roster as a CSV file (``name,email,phone,notes,active``)."""
    text = members.export_csv(session)
    return download(text.encode("utf-8"), "text/csv; charset=utf-8", "roster.csv")


@router.post("/members/import", status_code=201, response_model_exclude_none=True)
async def import_roster(request: Request, director: Writer) -> list[MemberOut]:
    """Add the members of a roster file, sent as the request's body (``text/csv``, UTF-8).
    All or nothing: bad rows are each named by line in one 400."""
    data = await request.body()

    def work() -> list[MemberOut]:
        with database(request).write() as session:
            added = members.import_csv(session, data=data, who=director.name)
            return [member_out(member, director=True) for member in added]

    return await run_in_threadpool(work)


@router.get("/members/merges")
def list_merges(director: Reader, session: ReadSession) -> list[MergeOut]:
    """Every merge, newest first."""
    return [merge_out(merge) for merge in members.list_merges(session)]


@router.post("/members/merges", status_code=201)
def merge_members(director: Writer, session: WriteSession, body: MergeIn) -> MergeOut:
    """Two members are one person: every event player of ``merge`` moves to ``keep``."""
    merge = members.merge_members(
        session, keep_id=body.keep, merge_id=body.merge, who=director.name, reason=body.reason
    )
    return merge_out(merge)


@router.post("/members/merges/{merge_id}/undo")
def undo_merge(director: Writer, session: WriteSession, merge_id: Id, body: UndoIn) -> MergeOut:
    """Take a merge back: the players it moved return to the merged member."""
    merge = members.undo_merge(session, merge_id=merge_id, who=director.name, reason=body.reason)
    return merge_out(merge)


@router.get(
    "/members/{member_id}",
    response_model_exclude_none=True,
    dependencies=[Depends(require_club)],
)
def get_member(request: Request, session: ReadSession, member_id: Id) -> MemberOut:
    """One member (contact details only to the director), with his rating from every
    recorded game (docs/season.md, "Ratings on the pages")."""
    director = optional_director(request) is not None
    member = members.get_member(session, member_id=member_id)
    shown = _counted(session, [member], director=director)[0]
    shown.rating = rating_out(history.member_rating(session, member_id=member.id))
    return shown


_WHOLE = ("name", "email", "phone", "notes", "active")


@router.put("/members/{member_id}", response_model_exclude_none=True)
def update_member(
    director: Writer, session: WriteSession, member_id: Id, body: MemberIn
) -> MemberOut:
    """Replace the whole member: name (a name already used is a 409), email, phone, notes
    and whether active must all be sent (a 422 names those missing: nothing is wiped for
    being left out). To change some fields only, ``PATCH``."""
    missing = [field for field in _WHOLE if field not in body.model_fields_set]
    if missing:
        raise HTTPException(
            status_code=422,
            detail=(
                f"PUT replaces the whole member; {', '.join(missing)} "
                f"{'is' if len(missing) == 1 else 'are'} missing. Send every field "
                f"({', '.join(_WHOLE)}), or PATCH /api/members/{member_id} with only "
                "the fields to change."
            ),
        )
    member = members.update_member(
        session, member_id=member_id, fields=_fields(body), who=director.name
    )
    return _counted(session, [member], director=True)[0]


@router.patch("/members/{member_id}", response_model_exclude_none=True)
def patch_member(
    director: Writer, session: WriteSession, member_id: Id, body: MemberPatch
) -> MemberOut:
    """Change only the fields sent (name, email, phone, notes, active); the rest stay as
    they are."""
    sent = body.model_fields_set
    changes = members.MemberChanges(
        **{field: getattr(body, field) for field in _WHOLE if field in sent}
    )
    member = members.change_member(session, member_id=member_id, changes=changes, who=director.name)
    return _counted(session, [member], director=True)[0]


def _counted(session: Session, shown: list[Member], *, director: bool) -> list[MemberOut]:
    """The members as the API shows them, each with his players' and games' counts."""
    ids = [member.id for member in shown]
    players = members.players_of(session, member_ids=ids)
    games = history.games_played(session, member_ids=ids)
    return [
        member_out(member, director=director, players=players[member.id], games=games[member.id])
        for member in shown
    ]
