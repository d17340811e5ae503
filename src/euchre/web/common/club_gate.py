"""Club-only public pages: the club code's gate, the page where a visitor types it, and the
director's switch (docs/season.md, "Club-only pages").

With a club code set, the public pages (a member's history, the ratings, an event's live
standings and results) and the public member API ask for it: a page sends the visitor to
``/club`` and back once it is typed, the API answers 401 naming ``/club``. The director's
session always passes. Table phones and online seats are not gated: they have their own
codes.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from euchre.store.access import club_code
from euchre.store.errors import AuthError
from euchre.web.common.club_access import CLUB_COOKIE
from euchre.web.common.deps import (
    ReadSession,
    WriteSession,
    database,
    director_for_write,
)
from euchre.web.common.flash import redirect
from euchre.web.common.forms import DirectorForm, require_director
from euchre.web.common.security import DirectorSession, client_key
from euchre.web.common.templating import render

__all__ = ["router"]

_YEAR = 365 * 24 * 3600
router = APIRouter()


def _safe_next(target: str) -> str:
    """A path of this app to go back to (anything else: home)."""
    return target if target.startswith("/") and not target.startswith("//") else "/"


@router.get("/club", response_class=HTMLResponse, include_in_schema=False)
def club_code_page(request: Request, next: str = "/") -> Response:
    """The box where a visitor types the club code."""
    return render(
        request,
        "pages/public/club_code.html",
        {"title": "Club code", "next": _safe_next(next), "message": "", "typed": ""},
    )


class ClubCodeForm(BaseModel):
    """The club code as typed, and the page to go back to."""

    code: str = ""
    next: str = "/"


@router.post("/club", include_in_schema=False)
async def club_code_post(request: Request, form: Annotated[ClubCodeForm, Form()]) -> Response:
    """Check the typed code: the right one sets the club's cookie and goes back; a wrong one
    shows the page again with the message and what was typed."""
    target = _safe_next(form.next)
    try:
        token = await run_in_threadpool(
            club_code.try_club_code,
            database(request),
            client=client_key(request),
            code=form.code,
        )
    except AuthError as error:
        context = {"title": "Club code", "next": target, "message": str(error), "typed": form.code}
        return render(request, "pages/public/club_code.html", context, status=401)
    response = RedirectResponse(target, status_code=303)
    if token:
        response.set_cookie(CLUB_COOKIE, token, max_age=_YEAR, httponly=True, samesite="lax")
    return response


class ClubCodeIn(BaseModel):
    """The club code to set (``""``: clear it, the public pages are public again)."""

    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=200)


class ClubCodeOut(BaseModel):
    """Whether the club's public pages ask for the club code."""

    club_only: bool


@router.put("/api/club/code", tags=["members"])
def put_club_code(
    director: Annotated[DirectorSession, Depends(director_for_write)],
    session: WriteSession,
    body: ClubCodeIn,
) -> ClubCodeOut:
    """Set or clear the club code (director only)."""
    return ClubCodeOut(
        club_only=club_code.set_club_code(session, code=body.code, who=director.name)
    )


@router.get("/api/club/code", tags=["members"])
def get_club_code(session: ReadSession) -> ClubCodeOut:
    """Whether the club's public pages ask for the club code (never the code itself)."""
    return ClubCodeOut(club_only=club_code.club_code_set(session) is not None)


class DirectorClubCodeForm(DirectorForm):
    """The roster page's club code form."""

    code: str = ""


@router.post("/director/members/club-code", include_in_schema=False)
async def club_code_form(
    request: Request, form: Annotated[DirectorClubCodeForm, Form()]
) -> Response:
    """The director sets or clears the club code from the roster page."""
    director = require_director(request, form)

    def work() -> bool:
        with database(request).write() as session:
            return club_code.set_club_code(session, code=form.code, who=director.name)

    club_only = await run_in_threadpool(work)
    message = (
        "Public pages are club-only: visitors type the club code once."
        if club_only
        else "Public pages are open to anyone."
    )
    return redirect(request, "/director/members", message)
