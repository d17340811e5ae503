"""Helpers the HTML pages share: the top bar, flash messages, form fields, the login hop."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from euchre.store import auth
from euchre.store.errors import AuthError, StoreError
from euchre.web.deps import database, optional_director, signer
from euchre.web.pages_common import csrf_field, esc
from euchre.web.security import COOKIE_NAME, SESSION_MAX_AGE, DirectorSession, check_csrf

__all__ = [
    "director_form",
    "flash_html",
    "form_int",
    "form_optional_int",
    "login_redirect",
    "nav_html",
    "options_html",
    "read_form",
    "set_session_cookie",
]


def nav_html(director: DirectorSession | None) -> str:
    """The top bar's links for a director (or a login link)."""
    if director is None:
        return '<nav><a href="/login">Log in</a></nav>'
    return (
        f'<nav><a href="/director">Events</a> <span class="who">{esc(director.name)}</span> '
        f'<form method="post" action="/logout" class="inline">{csrf_field(director.csrf_token)}'
        '<button id="logout" class="link">Log out</button></form></nav>'
    )


def flash_html(request: Request) -> str:
    """The ``#flash`` message carried by a redirect, if any."""
    message = request.query_params.get("msg")
    return f'<p id="flash" class="flash" role="status">{esc(message)}</p>' if message else ""


async def read_form(request: Request) -> dict[str, str]:
    """A posted form's text fields."""
    form = await request.form()
    return {key: value for key, value in form.items() if isinstance(value, str)}


async def director_form(request: Request) -> tuple[DirectorSession, dict[str, str]]:
    """The logged-in director and his form, after checking its CSRF token."""
    director = optional_director(request)
    if director is None:
        raise AuthError("log in as the director first")
    data = await read_form(request)
    check_csrf(director, data.get("csrf_token"))
    return director, data


def form_int(data: dict[str, str], key: str, what: str) -> int:
    """A whole-number field (400 naming the field when it is not one)."""
    text = data.get(key, "").strip()
    try:
        return int(text)
    except ValueError:
        raise StoreError(f"{what} must be a whole number, got {text!r}") from None


def form_optional_int(data: dict[str, str], key: str, what: str) -> int | None:
    """A whole-number field that may be left empty."""
    return form_int(data, key, what) if data.get(key, "").strip() else None


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


def options_html(values: list[str] | tuple[str, ...], selected: str) -> str:
    """``<option>`` elements with ``selected`` on one value."""
    return "".join(
        f'<option value="{esc(value)}"{" selected" if value == selected else ""}>'
        f"{esc(value)}</option>"
        for value in values
    )
