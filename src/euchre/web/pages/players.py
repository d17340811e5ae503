"""The dashboard's player forms: add a player, import a CSV list, pair two players.

A refused form comes back on the dashboard with the store's message inside it and what the
director typed still in its fields (a name over the limit is refused with the limit, never
cut: the inputs carry no ``maxlength`` that would cut it while typing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response
from sqlalchemy.orm import Session

from euchre.store.night import events
from euchre.web.common.form_fields import whole_number
from euchre.web.common.forms import (
    DirectorForm,
    ImportForm,
    PairForm,
    PlayerForm,
    require_director,
)
from euchre.web.common.page_helpers import write_or_refuse
from euchre.web.common.security import DirectorSession
from euchre.web.common.templating import isolated
from euchre.web.views.dashboard import FormRefusal, dashboard_page

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


async def _write_or_refuse(
    request: Request,
    form: DirectorForm,
    event_id: int,
    refusal: tuple[str, dict[str, str]],
    work: Callable[[Session, DirectorSession], str],
) -> Response:
    """Run ``work`` for the director who posted ``form`` and go back to the dashboard with the
    message it returns; a refusal (``refusal``: the form's id and its typed values) shows the
    dashboard with the message in that form and the values kept."""
    director = require_director(request, form)
    form_id, values = refusal
    return await write_or_refuse(
        request,
        lambda session: work(session, director),
        back_to=f"/director/events/{event_id}",
        refused=lambda message: dashboard_page(
            request, event_id, refused=FormRefusal(form_id, message, values), status=400
        ),
    )


@router.post("/director/events/{event_id}/players")
async def add_player_post(
    request: Request, event_id: int, form: Annotated[PlayerForm, Form()]
) -> Response:
    """Add one player."""

    def work(session: Session, director: DirectorSession) -> str:
        player = events.NewPlayer(
            form.name,
            form.team or None,
            form.checked_in,
            seat_class=form.seat_class or None,
            prize_category=form.prize_category or None,
            guest=form.guest,
            stationary=form.stationary,
        )
        entrant = events.add_entrant(session, event_id=event_id, player=player, who=director.name)
        kind = "guest" if entrant.guest else "player"
        # The name isolated: an unclosed right-to-left override in it must not print the code
        # after it backwards (3474 as 4743).
        return f"{isolated(entrant.name)} added ({kind} {entrant.number}, code {entrant.code})."

    typed = {
        "name": form.name,
        "team": form.team,
        "checked_in": "1" if form.checked_in else "",
        "seat_class": form.seat_class,
        "prize_category": form.prize_category,
        "guest": "1" if form.guest else "",
        "stationary": "1" if form.stationary else "",
    }
    return await _write_or_refuse(request, form, event_id, ("add-player-form", typed), work)


@router.post("/director/events/{event_id}/players/import")
async def import_post(
    request: Request, event_id: int, form: Annotated[ImportForm, Form()]
) -> Response:
    """Add players from CSV text."""

    def work(session: Session, director: DirectorSession) -> str:
        added = events.import_entrants_csv(
            session, event_id=event_id, text=form.csv, who=director.name
        )
        return f"{len(added)} player{'s' if len(added) != 1 else ''} imported."

    return await _write_or_refuse(request, form, event_id, ("import-form", {"csv": form.csv}), work)


@router.post("/director/events/{event_id}/pairs")
async def pair_post(request: Request, event_id: int, form: Annotated[PairForm, Form()]) -> Response:
    """Make two players who came alone into a team."""

    def work(session: Session, director: DirectorSession) -> str:
        pair = events.pair_entrants(
            session,
            event_id=event_id,
            numbers=(
                whole_number(form.first, "first player"),
                whole_number(form.second, "second player"),
            ),
            team=form.team or None,
            who=director.name,
        )
        return f"{pair[0].name} and {pair[1].name} paired."

    typed = {"first": form.first, "second": form.second, "team": form.team}
    return await _write_or_refuse(request, form, event_id, ("pair-form", typed), work)
