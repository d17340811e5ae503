"""The director's roster page: the club's members, adding one, the roster file in and out,
merging two members who are one person and undoing a merge, and the club's backup (the
download, and its restore while the club is empty).

A refused form comes back on the page with the store's message inside it and what the director
typed still in its fields.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from euchre.store.access import club_code
from euchre.store.backups import club_backup
from euchre.store.club import history, members
from euchre.store.errors import StoreError
from euchre.web.common.deps import ReadSession, database, download
from euchre.web.common.flash import flash_message
from euchre.web.common.form_fields import whole_number
from euchre.web.common.forms import (
    Checkbox,
    DirectorForm,
    FileForm,
    chosen_file,
    require_director,
)
from euchre.web.common.page_helpers import page_director, write_or_refuse
from euchre.web.common.security import DirectorSession
from euchre.web.common.templating import render
from euchre.web.pages.director_helpers import director_page

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
PAGE = "/director/members"
MAX_ROSTER_BYTES = 2_000_000
MAX_CLUB_BACKUP_BYTES = 200_000_000


class MemberForm(DirectorForm):
    """The add-a-member form."""

    name: str = ""
    email: str = ""
    phone: str = ""
    notes: str = ""


class EditMemberForm(DirectorForm):
    """A member's edit form: every field (a box left unticked: not active)."""

    name: str = ""
    email: str = ""
    phone: str = ""
    notes: str = ""
    active: Checkbox = False


class MergeForm(DirectorForm):
    """Two members who are one person: ``merge`` goes into ``keep``."""

    keep: str = ""
    merge: str = ""


class ActiveForm(DirectorForm):
    """A member's active box."""

    active: Checkbox = False


def roster_page(
    request: Request, *, refused: tuple[str, str, dict[str, str]] | None = None, status: int = 200
) -> Response:
    """The roster page (``refused``: a form's id, its message and the values typed)."""
    director = page_director(request)
    with database(request).read() as session:
        roster = members.list_members(session)
        counts = members.players_of(session, member_ids=[member.id for member in roster])
        games = history.games_played(session, member_ids=[member.id for member in roster])
        ratings = history.club_ratings(session)
        club_only = club_code.club_code_set(session) is not None
        club_empty = not any(club_backup.club_holdings(session).values())
        everyone = {
            member.id: member.name for member in members.list_members(session, include_merged=True)
        }
        merges = [
            {
                "id": merge.id,
                "kept": everyone.get(merge.kept_id, str(merge.kept_id)),
                "merged": everyone.get(merge.merged_id, str(merge.merged_id)),
                "players": len(merge.entrant_ids["entrants"]),
                "at": merge.at.strftime("%Y-%m-%d %H:%M"),
                "undone": merge.undone_at is not None,
            }
            for merge in members.list_merges(session)
        ]
        rows = [
            {
                **members.member_json(member),
                "players": counts[member.id],
                "games": games[member.id],
                "rating": ratings.rating(member.id),
            }
            for member in roster
        ]
    form_id, message, typed = refused or ("", "", {})
    context: dict[str, Any] = {
        "title": "Members",
        "director": director,
        "flash": flash_message(request),
        "members": rows,
        "merges": merges,
        "refused_form": form_id,
        "refused_message": message,
        "typed": typed,
        "club_only": club_only,
        "club_empty": club_empty,
    }
    return render(request, "pages/director/members.html", context, status=status)


@router.get(PAGE, response_class=HTMLResponse)
def members_get(request: Request) -> Response:
    """The club's roster."""
    return roster_page(request)


async def _write_or_refuse(
    request: Request,
    form: DirectorForm,
    refusal: tuple[str, dict[str, str]],
    work: Callable[[Session, DirectorSession], str],
) -> Response:
    """Run ``work`` for the director who posted ``form`` and come back to the roster with its
    message; a refusal shows the roster with the message in the form (``refusal``: its id and
    typed values) and the values kept."""
    director = require_director(request, form)
    form_id, values = refusal
    return await write_or_refuse(
        request,
        lambda session: work(session, director),
        back_to=PAGE,
        refused=lambda message: roster_page(
            request, refused=(form_id, message, values), status=400
        ),
    )


@router.post(PAGE)
async def add_member_post(request: Request, form: Annotated[MemberForm, Form()]) -> Response:
    """Add one member."""

    def work(session: Session, director: DirectorSession) -> str:
        fields = members.MemberFields(form.name, form.email, form.phone, form.notes)
        member = members.create_member(session, fields=fields, who=director.name)
        return f"{member.name} added to the roster."

    typed = {"name": form.name, "email": form.email, "phone": form.phone, "notes": form.notes}
    return await _write_or_refuse(request, form, ("add-member-form", typed), work)


@router.post(f"{PAGE}/import")
async def import_post(request: Request, form: Annotated[FileForm, Form()]) -> Response:
    """Add the members of a roster file (all or nothing)."""
    upload = await form.content(MAX_ROSTER_BYTES)

    def work(session: Session, director: DirectorSession) -> str:
        missing = "choose a roster file (.csv) to import"
        data = chosen_file(upload, MAX_ROSTER_BYTES, missing=missing, what="the roster file")
        added = members.import_csv(session, data=data, who=director.name)
        return f"{len(added)} member{'s' if len(added) != 1 else ''} imported."

    return await _write_or_refuse(request, form, ("import-members-form", {}), work)


@router.post(f"{PAGE}/merge")
async def merge_post(request: Request, form: Annotated[MergeForm, Form()]) -> Response:
    """Merge two members who are one person."""

    def work(session: Session, director: DirectorSession) -> str:
        merge = members.merge_members(
            session,
            keep_id=whole_number(form.keep, "member to keep"),
            merge_id=whole_number(form.merge, "member to merge"),
            who=director.name,
        )
        kept = members.get_member(session, member_id=merge.kept_id)
        merged = members.get_member(session, member_id=merge.merged_id)
        moved = len(merge.entrant_ids["entrants"])
        return f"{merged.name} merged into {kept.name} ({moved} event player(s) moved)."

    return await _write_or_refuse(
        request, form, ("merge-form", {"keep": form.keep, "merge": form.merge}), work
    )


@router.post(f"{PAGE}/merges/{{merge_id}}/undo")
async def undo_post(
    request: Request, merge_id: int, form: Annotated[DirectorForm, Form()]
) -> Response:
    """Take a merge back."""

    def work(session: Session, director: DirectorSession) -> str:
        merge = members.undo_merge(session, merge_id=merge_id, who=director.name)
        merged = members.get_member(session, member_id=merge.merged_id)
        return f"Merge undone: {merged.name} is on the roster again."

    return await _write_or_refuse(request, form, ("merges", {}), work)


def edit_member_page(
    request: Request,
    member_id: int,
    *,
    typed: dict[str, Any] | None = None,
    refused: str = "",
    status: int = 200,
) -> Response:
    """One member's edit form, filled with what the member has (or what was typed when a
    save was refused)."""
    director = page_director(request)
    with database(request).read() as session:
        member = members.get_member(session, member_id=member_id)
        shown = typed if typed is not None else members.member_json(member)
        players = members.players_of(session, member_ids=[member_id])[member_id]
        games = history.games_played(session, member_ids=[member_id])[member_id]
        name = member.name
    context = {
        "member_id": member_id,
        "typed": shown,
        "refused": refused,
        "players": players,
        "games": games,
    }
    return director_page(
        request, "member_edit.html", director, f"Edit member: {name}", context, status=status
    )


@router.get(f"{PAGE}/{{member_id}}/edit", response_class=HTMLResponse)
def edit_member_get(request: Request, member_id: int) -> Response:
    """A member's edit form."""
    return edit_member_page(request, member_id)


@router.post(f"{PAGE}/{{member_id}}/edit")
async def edit_member_post(
    request: Request, member_id: int, form: Annotated[EditMemberForm, Form()]
) -> Response:
    """Save a member's edit form (every field as the form shows it)."""
    director = require_director(request, form)

    def work(session: Session) -> str:
        fields = members.MemberFields(form.name, form.email, form.phone, form.notes, form.active)
        member = members.update_member(
            session, member_id=member_id, fields=fields, who=director.name
        )
        return f"{member.name} saved."

    typed = form.model_dump(exclude={"csrf_token"})
    return await write_or_refuse(
        request,
        work,
        back_to=PAGE,
        refused=lambda message: edit_member_page(
            request, member_id, typed=typed, refused=message, status=400
        ),
    )


@router.post(f"{PAGE}/{{member_id}}/active")
async def active_post(
    request: Request, member_id: int, form: Annotated[ActiveForm, Form()]
) -> Response:
    """Mark a member active or not."""

    def work(session: Session, director: DirectorSession) -> str:
        member = members.get_member(session, member_id=member_id)
        fields = members.MemberFields(
            member.name, member.email, member.phone, member.notes, form.active
        )
        members.update_member(session, member_id=member_id, fields=fields, who=director.name)
        return f"{member.name} is {'active' if form.active else 'not active'}."

    return await _write_or_refuse(request, form, ("roster", {}), work)


@router.get("/director/club/backup.json")
def club_backup_download(request: Request, session: ReadSession) -> Response:
    """The club's backup (members, events, seasons) as a file to save."""
    page_director(request)
    data = club_backup.backup_club(session)
    return download(json.dumps(data, indent=1), "application/json", "club-backup.json")


@router.post("/director/club/restore")
async def club_restore_post(request: Request, form: Annotated[FileForm, Form()]) -> Response:
    """Restore an uploaded club backup into this (empty) club."""
    upload = await form.content(MAX_CLUB_BACKUP_BYTES)

    def work(session: Session, director: DirectorSession) -> str:
        missing = "choose the club's backup file (.json) to restore"
        raw = chosen_file(upload, MAX_CLUB_BACKUP_BYTES, missing=missing, what="the backup file")
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise StoreError(f"the backup file is not JSON: {error}") from None
        done = club_backup.restore_club(session, data=data, who=director.name)
        counts = {"member": done.members, "event": done.events, "season": done.seasons}
        message = "The club's backup is restored: " + ", ".join(
            f"{len(ids)} {what}{'' if len(ids) == 1 else 's'}" for what, ids in counts.items()
        )
        message += "."
        if done.club_code_to_set:
            message += " The club code is not in the backup: set it again below."
        return message

    return await _write_or_refuse(request, form, ("club-restore-form", {}), work)
