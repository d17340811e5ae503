"""First run and login: the director's password (set once, stored hashed) and session."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from euchre.store.access import auth
from euchre.store.errors import AuthError, RateLimitedError
from euchre.web.common.deps import ReadSession, database
from euchre.web.common.errors import status_for
from euchre.web.common.flash import flash_message, redirect
from euchre.web.common.forms import DirectorForm, LoginForm, require_director
from euchre.web.common.page_helpers import set_session_cookie
from euchre.web.common.security import COOKIE_NAME, client_key
from euchre.web.common.templating import render

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/setup", response_class=HTMLResponse)
def setup_page(request: Request, session: ReadSession) -> Response:
    """First run: choose the director's name and password."""
    if not auth.needs_setup(session):
        return RedirectResponse("/login", status_code=303)
    return render(
        request,
        "pages/auth/setup.html",
        {"title": "First run", "min_length": auth.MIN_PASSWORD_LENGTH},
    )


@router.post("/setup")
async def setup_post(request: Request, form: Annotated[LoginForm, Form()]) -> Response:
    """Create the first director and log in."""

    def work() -> tuple[int, str]:
        with database(request).write() as session:
            director = auth.set_up_first_director(session, name=form.name, password=form.password)
            return director.id, director.name

    director_id, name = await run_in_threadpool(work)
    response = redirect(request, "/director", "Password set. Create your first event.")
    set_session_cookie(response, request, director_id, name)
    return response


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, session: ReadSession) -> Response:
    """The login form."""
    if auth.needs_setup(session):
        return RedirectResponse("/setup", status_code=303)
    return render(
        request,
        "pages/auth/login.html",
        {"title": "Director login", "flash": flash_message(request), "error": "", "name": ""},
    )


@router.post("/login")
async def login_post(request: Request, form: Annotated[LoginForm, Form()]) -> Response:
    """Check the password and set the session cookie."""

    def work() -> tuple[int, str]:
        return auth.log_in(
            database(request), client=client_key(request), name=form.name, password=form.password
        )

    try:
        director_id, name = await run_in_threadpool(work)
    except (AuthError, RateLimitedError) as error:
        # A wrong password is answered on the login form itself, with its status (401, or
        # 429 after too many), not on a separate "Problem" page.
        return render(
            request,
            "pages/auth/login.html",
            {"title": "Director login", "flash": "", "error": str(error), "name": form.name},
            status=status_for(error),
        )
    response = redirect(request, "/director")
    set_session_cookie(response, request, director_id, name)
    return response


@router.post("/logout")
async def logout_post(request: Request, form: Annotated[DirectorForm, Form()]) -> Response:
    """Forget the session cookie."""
    require_director(request, form)
    response = redirect(request, "/login", "Logged out.")
    response.delete_cookie(COOKIE_NAME)
    return response
