"""The one Jinja2 environment every HTML page is rendered with (autoescaped).

Templates live in ``euchre/web/templates``: ``base.html`` is the layout of the director's and
the public pages, ``macros.html`` the pieces they share (CSRF field, flash message, tables,
the round clock), ``play/`` the browser-play pages. A value reaches HTML only through a
template, so escaping is the engine's job, not the caller's.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

__all__ = ["render", "render_text", "templates"]

templates = Jinja2Templates(
    env=jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resources.files("euchre.web").joinpath("templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
)


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
