"""The one Jinja2 environment every HTML page is rendered with (autoescaped).

Templates live in ``euchre/web/templates``: ``base.html`` is the layout of the director's and
the public pages, ``macros.html`` the pieces they share (CSRF field, flash message, tables,
the round clock), ``play/`` the browser-play pages. A value reaches HTML only through a
template, so escaping is the engine's job, not the caller's.
"""

from __future__ import annotations

import unicodedata
from importlib import resources
from typing import Any

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

__all__ = ["bdi", "isolated", "render", "render_text", "templates"]

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"


def bdi(value: object) -> Markup:
    """The ``bdi`` filter: a name (or any typed text) isolated as bidirectional text, so an
    Arabic name or one with an unclosed right-to-left control character cannot reorder the
    page's own words and numbers after it (``{{ row.name | bdi }}``)."""
    return Markup("<bdi>{}</bdi>").format(value)


def isolated(text: str) -> str:
    """``text`` between Unicode's first-strong isolate and its closing mark, for a name inside
    a sentence built in Python (a flash message), where a ``<bdi>`` element cannot go: the
    closing mark also ends any embedding or override left open inside the name. A name with
    no right-to-left letter and no direction mark cannot turn what follows it, so it is left
    as typed (a flash reads "Cy Dunn added", with nothing invisible around the name)."""
    if not any(unicodedata.bidirectional(character) in _TURNING for character in text):
        return text
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


_TURNING = frozenset(
    {"R", "AL", "AN", "RLE", "RLO", "LRE", "LRO", "RLI", "LRI", "FSI", "PDF", "PDI"}
)
"""Unicode's bidirectional classes that can change the order of the text after a name:
right-to-left letters, Arabic digits, and the embedding, override and isolate marks."""


templates = Jinja2Templates(
    env=jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resources.files("euchre.web").joinpath("templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
)
templates.env.filters["bdi"] = bdi


def render(
    request: Request, name: str, context: dict[str, Any] | None = None, *, status: int = 200
) -> HTMLResponse:
    """The page ``name`` rendered with ``context`` as an HTML response."""
    response = templates.TemplateResponse(
        request=request, name=name, context=context or {}, status_code=status
    )
    assert isinstance(response, HTMLResponse)
    return response


def render_text(name: str, context: dict[str, Any] | None = None) -> str:
    """The template ``name`` rendered to a string (for fragments and error bodies)."""
    return templates.get_template(name).render(context or {})
