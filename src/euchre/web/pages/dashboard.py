"""One event's dashboard: rounds and table states, waiting scores, standings, players,
penalties, the correction/penalty/seating forms and the audit log.

The page is ``templates/pages/dashboard/event.html``; its data is gathered by the read model
:mod:`euchre.web.views.dashboard` (the standings, prizes and euchred-cup views, shared with the
public pages, by :mod:`euchre.web.views.standings`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from euchre.web.views.dashboard import dashboard_page

__all__ = ["event_dashboard", "router"]

router = APIRouter(include_in_schema=False)


@router.get("/director/events/{event_id}", response_class=HTMLResponse)
def event_dashboard(request: Request, event_id: int) -> Response:
    """Everything about one event on one page."""
    return dashboard_page(request, event_id)
