"""First run and login: the director's password (set once, stored hashed) and session."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from euchre.store import auth
from euchre.web.deps import database
from euchre.web.page_helpers import director_form, flash_html, read_form, set_session_cookie
from euchre.web.pages_common import layout, redirect
from euchre.web.security import COOKIE_NAME, client_key

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/setup", response_class=HTMLResponse)
def setup_page(request: Request) -> Response:
    """First run: choose the director's name and password."""
    with database(request).read() as session:
        if not auth.needs_setup(session):
            return RedirectResponse("/login", status_code=303)
    body = f"""<p>Welcome. Set the director's password (at least {auth.MIN_PASSWORD_LENGTH}
characters); it is stored hashed.</p>
<form id="setup-form" method="post" action="/setup" class="stack">
<label>Name <input id="setup-name" name="name" value="director" required></label>
<label>Password <input id="setup-password" name="password" type="password" required
 minlength="{auth.MIN_PASSWORD_LENGTH}"></label>
<button id="setup-submit">Set password</button></form>"""
    return HTMLResponse(layout("First run", body))


@router.post("/setup")
async def setup_post(request: Request) -> Response:
    """Create the first director and log in."""
    data = await read_form(request)

    def work() -> tuple[int, str]:
        with database(request).write() as session:
            director = auth.set_up_first_director(
                session, name=data.get("name", ""), password=data.get("password", "")
            )
            return director.id, director.name

    director_id, name = await run_in_threadpool(work)
    response = redirect("/director", "Password set. Create your first event.")
    set_session_cookie(response, request, director_id, name)
    return response


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request) -> Response:
    """The login form."""
    with database(request).read() as session:
        if auth.needs_setup(session):
            return RedirectResponse("/setup", status_code=303)
    body = f"""{flash_html(request)}
<form id="login-form" method="post" action="/login" class="stack">
<label>Name <input id="login-name" name="name" value="director" required></label>
<label>Password <input id="login-password" name="password" type="password" required></label>
<button id="login-submit">Log in</button></form>"""
    return HTMLResponse(layout("Director login", body))


@router.post("/login")
async def login_post(request: Request) -> Response:
    """Check the password and set the session cookie."""
    data = await read_form(request)

    def work() -> tuple[int, str]:
        return auth.log_in(
            database(request),
            client=client_key(request),
            name=data.get("name", ""),
            password=data.get("password", ""),
        )

    director_id, name = await run_in_threadpool(work)
    response = redirect("/director")
    set_session_cookie(response, request, director_id, name)
    return response


@router.post("/logout")
async def logout_post(request: Request) -> Response:
    """Forget the session cookie."""
    await director_form(request)
    response = redirect("/login", "Logged out.")
    response.delete_cookie(COOKIE_NAME)
    return response
