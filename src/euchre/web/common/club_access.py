"""Who may see the club's pages (docs/season.md, "Club-only pages"): the club code's cookie,
the check, the public pages' gate (a redirect to ``/club``) and the API's (401 naming
``/club``). The routes of the club code's own page are :mod:`euchre.web.common.club_gate`'s."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import Depends, Request
from fastapi.responses import RedirectResponse, Response

from euchre.store.access import club_code
from euchre.store.errors import AuthError
from euchre.web.common.deps import database, optional_director

__all__ = [
    "CLUB_COOKIE",
    "ClubOnly",
    "club_allowed",
    "club_gate",
    "require_club",
]


CLUB_COOKIE = "euchre_club"


def club_allowed(request: Request) -> bool:
    """True when the club's pages are public, the visitor typed the club code, or he is
    the director."""
    if optional_director(request) is not None:
        return True
    with database(request).read() as session:
        return club_code.pass_is_valid(session, request.cookies.get(CLUB_COOKIE))


def club_gate(request: Request) -> Response | None:
    """None when the visitor may see a public page; else the redirect to the club code's
    page, which brings him back here."""
    if club_allowed(request):
        return None
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return RedirectResponse(f"/club?next={quote(here, safe='')}", status_code=303)


def require_club(request: Request) -> None:
    """The API's gate: 401 naming the club code's page unless :func:`club_allowed`."""
    if not club_allowed(request):
        raise AuthError("this club's pages are for its members: type the club code at /club")


ClubOnly = Annotated[None, Depends(require_club)]
