"""What the pages share beyond their templates: the redirect with a flash message and the
round clock's context (the ``timer`` macro of ``templates/macros.html``).

A flash message rides in the redirect's ``?msg=``, signed with the app's secret: a page shows
only a message the app itself wrote (:func:`flash_message`), so a link someone crafts cannot
put its own words in the green status line.

Every page is a Jinja2 template rendered through :mod:`euchre.web.common.templating` (autoescaped).
"""

from __future__ import annotations

from urllib.parse import quote

from fastapi import Request
from fastapi.responses import RedirectResponse

from euchre.store.models import Round, utc_now
from euchre.store.scoring.table_lookup import RoundTimes

__all__ = [
    "clock",
    "flash_message",
    "redirect",
    "signed",
]


def signed(request: Request, message: str) -> str:
    """``message`` signed with the app's secret, quoted for a query string."""
    token: str = request.app.state.signer.flash(message)
    return quote(token)


def redirect(request: Request, url: str, message: str = "") -> RedirectResponse:
    """303 to ``url``, with a signed message for ``#flash``."""
    if not message:
        return RedirectResponse(url, status_code=303)
    target = f"{url}{'&' if '?' in url else '?'}msg={signed(request, message)}"
    return RedirectResponse(target, status_code=303)


def flash_message(request: Request, key: str = "msg") -> str:
    """The message a redirect signed into the query string's ``key``; "" when there is none
    or it is not the app's (any other text shows nothing)."""
    value = request.query_params.get(key, "")
    if not value:
        return ""
    message: str = request.app.state.signer.read_flash(value)
    return message


def clock(round_row: Round | RoundTimes, *, bell: bool = False) -> dict[str, object]:
    """The round clock's context for the ``timer`` macro of ``macros.html``."""
    left = max(0, int((round_row.ends_at - utc_now()).total_seconds()))
    return {
        "untimed": round_row.ends_at <= round_row.started_at,
        "ends_at": round_row.ends_at.isoformat(),
        "left": left,
        "bell": bell,
    }
