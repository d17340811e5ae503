"""Helpers the HTML pages share: reading a posted form, the session cookie, the login hop."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from euchre.store import auth
from euchre.web.deps import database, signer
from euchre.web.security import COOKIE_NAME, SESSION_MAX_AGE

__all__ = [
    "login_redirect",
    "read_form",
    "set_session_cookie",
]


async def read_form(request: Request) -> dict[str, str]:
    """A posted form's text fields."""
    form = await request.form()
    return {key: value for key, value in form.items() if isinstance(value, str)}


def set_session_cookie(response: Response, request: Request, director_id: int, name: str) -> None:
    """Log the director in on this response (a signed cookie)."""
    token, _ = signer(request).issue(director_id=director_id, name=name)
    response.set_cookie(COOKIE_NAME, token, max_age=SESSION_MAX_AGE, httponly=True, samesite="lax")


# --- setup, login ----------------------------------------------------------------------------


def login_redirect(request: Request) -> Response:
    """Where a logged-out visitor of a director page goes: setup or login."""
    with database(request).read() as session:
        target = "/setup" if auth.needs_setup(session) else "/login"
    return RedirectResponse(target, status_code=303)
