"""What the pages share beyond their templates: the redirect with a flash message and the
round clock's context (the ``timer`` macro of ``templates/macros.html``).

Every page is a Jinja2 template rendered through :mod:`euchre.web.templating` (autoescaped).
"""

from __future__ import annotations

from urllib.parse import quote

from fastapi.responses import RedirectResponse

from euchre.store.models import Round, utc_now
from euchre.store.rounds import RoundTimes

__all__ = [
    "clock",
    "redirect",
]


def redirect(url: str, message: str = "") -> RedirectResponse:
    """303 to ``url``, with a message for ``#flash``."""
    target = f"{url}{'&' if '?' in url else '?'}msg={quote(message)}" if message else url
    return RedirectResponse(target, status_code=303)


def clock(round_row: Round | RoundTimes, *, bell: bool = False) -> dict[str, object]:
    """The round clock's context for the ``timer`` macro of ``macros.html``."""
    left = max(0, int((round_row.ends_at - utc_now()).total_seconds()))
    return {
        "untimed": round_row.ends_at <= round_row.started_at,
        "ends_at": round_row.ends_at.isoformat(),
        "left": left,
        "bell": bell,
    }
