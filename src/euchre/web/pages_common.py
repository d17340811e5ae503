"""HTML building blocks shared by the pages: the layout, escaping, forms, the error page.

Pages are plain server-rendered HTML (no template engine, no build step); every value from
the database goes through :func:`esc`.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from fastapi import Request
from fastapi.responses import RedirectResponse

from euchre.store.models import Round, utc_now
from euchre.web.templating import render_text

__all__ = [
    "clock",
    "csrf_field",
    "error_page",
    "esc",
    "layout",
    "redirect",
    "table_rows",
    "timer_html",
]


def esc(value: object) -> str:
    """``value`` as text safe inside HTML (and attribute values)."""
    return escape("" if value is None else str(value), quote=True)


def layout(title: str, body: str, *, body_class: str = "", head: str = "", nav: str = "") -> str:
    """A whole page around ``body``."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/app.css">
<script src="/static/app.js" defer></script>{head}
</head><body class="{esc(body_class)}">
<header class="top"><a href="/" class="brand">Euchre</a>{nav}</header>
<main>
<h1>{esc(title)}</h1>
{body}
</main></body></html>"""


def csrf_field(token: str) -> str:
    """The hidden CSRF field every director form carries."""
    return f'<input type="hidden" name="csrf_token" value="{esc(token)}">'


def redirect(url: str, message: str = "") -> RedirectResponse:
    """303 to ``url``, with a message for ``#flash``."""
    target = f"{url}{'&' if '?' in url else '?'}msg={quote(message)}" if message else url
    return RedirectResponse(target, status_code=303)


def table_rows(rows: list[list[str]]) -> str:
    """``<tr>`` rows of already-escaped cells."""
    return "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)


def error_page(request: Request, status: int, message: str) -> str:
    """The page shown for a 4xx outside the API: the message and a way back."""
    back = request.headers.get("referer") or "/"
    return render_text(
        "pages/error.html", {"title": f"Problem ({status})", "message": message, "back": back}
    )


def clock(round_row: Round, *, bell: bool = False) -> dict[str, object]:
    """The round clock's context for the ``timer`` macro of ``macros.html``."""
    left = max(0, int((round_row.ends_at - utc_now()).total_seconds()))
    return {
        "untimed": round_row.ends_at <= round_row.started_at,
        "ends_at": round_row.ends_at.isoformat(),
        "left": left,
        "bell": bell,
    }


def timer_html(round_row: Round, *, bell: bool = False) -> str:
    """The round clock: ``#timer`` counting down to the round's end (``app.js`` ticks it and
    rings the bell at zero), or "no time limit" for an untimed round."""
    if round_row.ends_at <= round_row.started_at:
        return '<span id="timer" data-seconds-left="">no time limit</span>'
    left = max(0, int((round_row.ends_at - utc_now()).total_seconds()))
    auto = ' data-bell="auto"' if bell else ""
    return (
        f'<span id="timer" data-ends-at="{round_row.ends_at.isoformat()}" '
        f'data-seconds-left="{left}"{auto}>--:--</span>'
    )
