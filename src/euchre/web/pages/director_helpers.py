"""What the director's pages share: a page of ``templates/pages/director/`` with the flash
message, a stored value as a form field shows it, a form's store call in a write transaction
off the event loop, and the seats a change moved, in words (the events, dashboard-form,
correction and penalty pages use them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session

from euchre.store.core import player_id
from euchre.store.night import events
from euchre.tournament.naming import PlayerNames
from euchre.web.common.deps import database
from euchre.web.common.flash import flash_message
from euchre.web.common.security import DirectorSession
from euchre.web.common.templating import render

__all__ = ["changes_text", "director_page", "field_text", "in_write"]

T = TypeVar("T")


def field_text(value: object) -> str:
    """``value`` as a form field shows it (nothing for None)."""
    return "" if value is None else str(value)


def director_page(
    request: Request,
    name: str,
    director: DirectorSession,
    title: str,
    context: dict[str, Any],
    *,
    status: int = 200,
) -> HTMLResponse:
    """A director's page ``pages/director/<name>``: the top bar, the ``#flash`` message the
    redirect carried, and ``context``."""
    return render(
        request,
        f"pages/director/{name}",
        {"title": title, "director": director, "flash": flash_message(request), **context},
        status=status,
    )


async def in_write(request: Request, work: Callable[[Session], T]) -> T:
    """``work`` in a write transaction, run off the event loop (a form's store call)."""

    def run() -> T:
        with database(request).write() as session:
            return work(session)

    return await run_in_threadpool(run)


def changes_text(session: Session, event_id: int, changes: tuple[Any, ...]) -> str | None:
    """The seats a change moved, naming the players (read only when something moved)."""
    if not changes:
        return None
    label = PlayerNames(
        {
            player_id(row.number): row.name
            for row in events.list_entrants(session, event_id=event_id)
        }
    )
    return "; ".join(
        f"round {change.round} {label.player(change.player_id)}: {change.before} -> {change.after}"
        for change in changes[:20]
    )
