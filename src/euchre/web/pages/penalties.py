"""The penalties page: every penalty with its ruling, a table-talk warning that can become
the penalty, and the penalty form's kinds and players (the dashboard's form lists them too)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from euchre.store.night import events
from euchre.store.scoring import scores
from euchre.tournament import TableSeating
from euchre.tournament.penalties import ruling_words
from euchre.web.common.deps import ReadSession
from euchre.web.common.page_helpers import page_director
from euchre.web.pages.director_helpers import director_page
from euchre.web.views.penalties import (
    penalty_kinds,
    penalty_players,
    table_groups,
    uncovered_kinds,
)

__all__ = ["penalties_page", "router"]

router = APIRouter(include_in_schema=False)


@router.get("/director/events/{event_id}/penalties", response_class=HTMLResponse)
def penalties_page(request: Request, session: ReadSession, event_id: int) -> Response:
    """Every penalty with its ruling (points per team by name); a table-talk warning can be
    turned into the penalty."""
    from euchre.store.core import display_snapshot

    director = page_director(request)
    event = events.get_event(session, event_id=event_id)
    title = f"{event.name}: penalties"
    snapshot = display_snapshot(session, event)
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}
    rows = scores.list_penalties(session, event_id=event_id)
    plans = {
        (round_row.number, entry.table): entry.partnerships
        for round_row in events.started_rounds(session, event_id=event_id)
        for entry in round_row.plan.tables
    }
    rulings = list(snapshot.penalties)
    items = []
    warnings: dict[str, int] = {}
    for row in rows:
        record = row.record
        kind = record.kind
        offender = record.offender_id
        ruling = next(
            (
                candidate
                for candidate in rulings
                if (candidate.round, candidate.table, candidate.kind, candidate.offender_id)
                == (row.round_number, row.table_number, kind, offender)
            ),
            None,
        )
        if ruling is not None:
            rulings.remove(ruling)
        sides = plans.get((row.round_number, row.table_number), ((), ()))
        teams = [" & ".join(names.get(p, p) for p in side) for side in sides]
        if ruling is None:
            outcome = "not scored"
        else:
            paid = [
                f"{teams[side]} +{points}"
                for side, points in enumerate(ruling.team_points)
                if points
            ]
            outcome = f"{ruling.outcome.replace('_', ' ')}: " + (", ".join(paid) or "no points")
        if kind == "table_talk":
            warnings[offender] = warnings.get(offender, 0) + 1
        items.append(
            {
                "id": row.id,
                "round": row.round_number,
                "table": row.table_number,
                "kind": kind.replace("_", " ")
                if ruling is None or not any(sides)
                else ruling_words(ruling, TableSeating(row.table_number, (sides[0], sides[1]))),
                "offender": names.get(offender, offender),
                "outcome": outcome,
                # A warning (no points yet) can be made the penalty.
                "escalate": kind == "table_talk"
                and ruling is not None
                and not any(ruling.team_points),
            }
        )
    return director_page(
        request,
        "penalties.html",
        director,
        title,
        {
            "event_id": event_id,
            "items": items,
            "warnings": [
                (names.get(player, player), count) for player, count in sorted(warnings.items())
            ],
            "kinds": penalty_kinds(event.config.profile_id),
            "uncovered": uncovered_kinds(event.config.profile_id),
            "players": penalty_players(
                {int(number): name for number, name in names.items()},
                table_groups(session, event_id),
            ),
        },
    )
