"""Helpers the HTML pages share: reading a posted form, the session cookie, the login hop
(and the director a page is for)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from fastapi import Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from euchre.engine.errors import EuchreError
from euchre.store.access import auth
from euchre.store.errors import AuthError, NotFoundError
from euchre.web.common.deps import database, optional_director, signer
from euchre.web.common.flash import redirect
from euchre.web.common.security import COOKIE_NAME, SESSION_MAX_AGE, DirectorSession

__all__ = [
    "LoginRequired",
    "login_redirect",
    "page_director",
    "read_form",
    "set_session_cookie",
    "write_or_refuse",
    "write_then",
]

T = TypeVar("T")


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


class LoginRequired(Exception):
    """A logged-out visitor asked for a director's page: the app answers with
    :func:`login_redirect`."""


def page_director(request: Request) -> DirectorSession:
    """The logged-in director a page is for (``LoginRequired`` for anyone else)."""
    director = optional_director(request)
    if director is None:
        raise LoginRequired
    return director


async def write_or_refuse(
    request: Request,
    work: Callable[[Session], str],
    *,
    back_to: str,
    refused: Callable[[str], Response],
) -> Response:
    """Run a form's ``work`` in a write transaction and go back to ``back_to`` with the
    message it returns; a refusal shows ``refused(message)`` (the page again, with the message
    in the form and the values kept). A missing thing or a wrong code is not the form's
    refusal: it goes to the error page."""
    return await write_then(
        request,
        work,
        then=lambda message: redirect(request, back_to, message),
        refused=refused,
    )


async def write_then(
    request: Request,
    work: Callable[[Session], T],
    *,
    then: Callable[[T], Response],
    refused: Callable[[str], Response],
) -> Response:
    """:func:`write_or_refuse` where the page to go to depends on what ``work`` returns
    (``then(result)``: a new season's own page)."""

    def run() -> T:
        with database(request).write() as session:
            return work(session)

    try:
        result = await run_in_threadpool(run)
    except EuchreError as error:
        if isinstance(error, NotFoundError | AuthError):
            raise
        text = str(error)
        return await run_in_threadpool(lambda: refused(text))
    return then(result)
