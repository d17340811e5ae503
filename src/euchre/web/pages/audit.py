"""The audit log as a director reads it: a table of who did what, in words, a page at a time.

Entries are stored as the store layer wrote them (an action name, a target such as
``player 3`` or ``round 2 table 4``, and the old and new values as JSON); this module only
turns them into sentences with the players' names and a short "what changed" column.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import func, select

from euchre.store.models import AuditEntry
from euchre.store.night import events
from euchre.web.common.deps import ReadSession
from euchre.web.common.page_helpers import page_director
from euchre.web.common.templating import render
from euchre.web.views.audit import audit_rows, player_names

__all__ = ["AUDIT_PAGE_SIZE", "router"]

router = APIRouter(include_in_schema=False)

AUDIT_PAGE_SIZE = 25
"""Entries per page of the audit log."""


@router.get("/director/events/{event_id}/audit", response_class=HTMLResponse)
def audit_page(request: Request, session: ReadSession, event_id: int, page: int = 1) -> Response:
    """The whole audit log, newest first, ``AUDIT_PAGE_SIZE`` entries a page."""
    director = page_director(request)
    event = events.get_event(session, event_id=event_id)
    total = session.scalar(
        select(func.count()).select_from(AuditEntry).where(AuditEntry.event_id == event_id)
    )
    pages = max(1, -(-int(total or 0) // AUDIT_PAGE_SIZE))
    page = min(max(1, page), pages)
    entries = list(
        session.scalars(
            select(AuditEntry)
            .where(AuditEntry.event_id == event_id)
            .order_by(AuditEntry.id.desc())
            .offset((page - 1) * AUDIT_PAGE_SIZE)
            .limit(AUDIT_PAGE_SIZE)
        )
    )
    names = player_names(events.list_entrants(session, event_id=event_id))
    title = f"{event.name}: audit log"
    return render(
        request,
        "pages/director/audit.html",
        {
            "title": title,
            "body_class": "dashboard",
            "director": director,
            "event_id": event_id,
            "base": f"/director/events/{event_id}/audit",
            "page": page,
            "pages": pages,
            "rows": audit_rows(entries, names),
        },
    )
