"""A club's seasons on pages: the director defines a season (``/director/seasons``: its name,
the events chosen one by one or by a tag, how it is scored and its options) and tags his
events; anyone reads the season table (``/seasons/{id}``, made for a phone), its projector
view (``/seasons/{id}/live``, 1920 px) and its PDF and files (the API's exports).

A refused definition comes back on the page with the store's message naming the field and
everything the director typed still in the form.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from pydantic import Field
from sqlalchemy.orm import Session

from euchre.store import seasons
from euchre.store.errors import StoreError
from euchre.store.night import events
from euchre.tournament.season import (
    InactiveMembers,
    NonMemberPlaces,
    SeasonScoring,
    SeasonTieBreak,
    TiedPlaces,
)
from euchre.web.common.club_access import club_gate
from euchre.web.common.deps import ReadSession, database, optional_director
from euchre.web.common.flash import flash_message, redirect
from euchre.web.common.form_fields import whole_number
from euchre.web.common.forms import (
    Checkbox,
    DirectorForm,
    comma_list,
    require_director,
)
from euchre.web.common.page_helpers import page_director, write_or_refuse, write_then
from euchre.web.common.templating import render

__all__ = ["SeasonForm", "TagsForm", "keep_session_extras", "router", "season_from_form"]

router = APIRouter(include_in_schema=False)
PAGE = "/director/seasons"

SCORING_WORDS = {
    SeasonScoring.TOTAL_POINTS.value: "Total points",
    SeasonScoring.AVERAGE.value: "Average points per game",
    SeasonScoring.BEST_NIGHTS.value: "Best N nights",
    SeasonScoring.PLACE_POINTS.value: "Points by place each night",
}
TIED_PLACES_WORDS = {
    TiedPlaces.SHARE.value: "Tied players share the places' points",
    TiedPlaces.FULL.value: "Tied players each take that place's full points",
}
NON_MEMBER_PLACES_WORDS = {
    NonMemberPlaces.EMPTY.value: "A place a non-member takes stays empty",
    NonMemberPlaces.NEXT_MEMBER.value: "The next member moves up past a non-member",
}
TIE_BREAK_WORDS = {
    SeasonTieBreak.GAMES_WON.value: "Games won",
    SeasonTieBreak.LONE_HANDS.value: "Lone hands",
    SeasonTieBreak.HEAD_TO_HEAD.value: "Head-to-head",
}


class SeasonForm(DirectorForm):
    """The define-a-season form, every field as typed."""

    name: str = ""
    choose: str = "events"
    events: list[str] = Field(default_factory=list)
    tag: str = ""
    scoring: str = SeasonScoring.TOTAL_POINTS.value
    best_nights: str = ""
    place_points: str = ""
    min_games: str = ""
    min_nights: str = ""
    tie_break_1: str = ""
    tie_break_2: str = ""
    tie_break_3: str = ""
    prizes: str = ""
    inactive_leave: Checkbox = False
    """Members set inactive on the roster leave this season's table."""
    tied_places: str = TiedPlaces.SHARE.value
    non_member_places: str = NonMemberPlaces.EMPTY.value
    sessions: str = ""
    """One line per session: "Spring, 2027-01-01, 2027-06-30"."""


class TagsForm(DirectorForm):
    """One event's tags (a comma list)."""

    tags: str = ""


def _prizes(text: str) -> list[dict[str, Any]]:
    """Prize lines, one per place from 1st: "label, amount" (the amount in dollars may be
    left out)."""
    prizes = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for place, line in enumerate(lines, start=1):
        label, _, amount = line.rpartition(",") if "," in line else (line, "", "")
        amount = amount.strip().lstrip("$")
        try:
            cents = round(float(amount) * 100) if amount else 0
        except ValueError:
            raise StoreError(
                f"prizes: line {place} ({line!r}) should be 'label, amount in dollars'"
            ) from None
        prizes.append({"place": place, "label": label.strip(), "amount_cents": cents})
    return prizes


def _sessions(text: str) -> list[dict[str, Any]]:
    """Session lines, "name, first day, last day" (days as YYYY-MM-DD)."""
    out = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for number, line in enumerate(lines, start=1):
        parts = [part.strip() for part in line.rsplit(",", 2)]
        if len(parts) != 3 or not all(parts):
            raise StoreError(
                f"sessions: line {number} ({line!r}) should be 'name, first day, last day' "
                "(days as YYYY-MM-DD)"
            )
        out.append({"name": parts[0], "start": parts[1], "end": parts[2]})
    return out


def season_from_form(form: SeasonForm) -> dict[str, Any]:
    """The season as ``POST /api/seasons`` takes it, from the form's text."""
    data: dict[str, Any] = {"name": form.name, "scoring": form.scoring}
    if form.choose == "tag":
        data["tag"] = form.tag
    else:
        data["events"] = [whole_number(event_id, "events: an event") for event_id in form.events]
    if form.scoring == SeasonScoring.BEST_NIGHTS.value or form.best_nights.strip():
        data["best_nights"] = whole_number(form.best_nights or "0", "best_nights (how many nights)")
    if form.scoring == SeasonScoring.PLACE_POINTS.value or form.place_points.strip():
        data["place_points"] = [
            whole_number(points, "place_points (points by place)")
            for points in comma_list(form.place_points)
        ]
    if form.min_games.strip():
        data["min_games"] = whole_number(form.min_games, "min_games (games to qualify)")
    if form.min_nights.strip():
        data["min_nights"] = whole_number(form.min_nights, "min_nights (nights to qualify)")
    data["tie_breaks"] = [
        tie for tie in (form.tie_break_1, form.tie_break_2, form.tie_break_3) if tie
    ]
    data["prizes"] = _prizes(form.prizes)
    if form.inactive_leave:
        data["inactive_members"] = InactiveMembers.LEAVE.value
    # The place-points choices are sent only when they differ from the default, so a form
    # left as it is never makes another scoring refuse them.
    if form.tied_places != TiedPlaces.SHARE.value:
        data["tied_places"] = form.tied_places
    if form.non_member_places != NonMemberPlaces.EMPTY.value:
        data["non_member_places"] = form.non_member_places
    data["sessions"] = _sessions(form.sessions)
    return data


def keep_session_extras(data: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """``data`` (from the form) with each session's own bars and prizes kept from the stored
    season's session of the same name: the form edits a session's name and days only, and
    saving it must not wipe what the API set."""
    kept = {
        " ".join(part["name"].split()).casefold(): part for part in stored.get("sessions") or []
    }
    for part in data.get("sessions") or []:
        old = kept.get(" ".join(part["name"].split()).casefold())
        if old is not None:
            for key in ("min_nights", "min_games", "prizes"):
                if key in old:
                    part[key] = old[key]
    return data


def _typed(form: SeasonForm | None) -> dict[str, Any]:
    return (form or SeasonForm()).model_dump(exclude={"csrf_token"})


def form_of(season: dict[str, Any]) -> SeasonForm:
    """A stored season (``season_json``) as the form shows it, to edit."""
    ties = [*(season.get("tie_breaks") or []), "", "", ""]
    prizes = "\n".join(
        f"{prize['label']}, {prize.get('amount_cents', 0) / 100:.2f}"
        for prize in sorted(season.get("prizes") or [], key=lambda prize: prize["place"])
    )
    return SeasonForm(
        name=season["name"],
        choose="tag" if season.get("tag") is not None else "events",
        events=[str(event_id) for event_id in season.get("events") or []],
        tag=season.get("tag") or "",
        scoring=season["scoring"],
        best_nights=str(season.get("best_nights") or ""),
        place_points=", ".join(str(points) for points in season.get("place_points") or []),
        min_games=str(season.get("min_games") or ""),
        min_nights=str(season.get("min_nights") or ""),
        tie_break_1=ties[0],
        tie_break_2=ties[1],
        tie_break_3=ties[2],
        prizes=prizes,
        inactive_leave=season.get("inactive_members") == InactiveMembers.LEAVE.value,
        tied_places=season.get("tied_places") or TiedPlaces.SHARE.value,
        non_member_places=season.get("non_member_places") or NonMemberPlaces.EMPTY.value,
        sessions="\n".join(
            f"{part['name']}, {part['start']}, {part['end']}"
            for part in season.get("sessions") or []
        ),
    )


def seasons_page(
    request: Request,
    *,
    refused: str = "",
    form: SeasonForm | None = None,
    status: int = 200,
    editing: int | None = None,
) -> Response:
    """The director's seasons: each season, the define-a-season form (``editing``: the
    season being redefined in place, its form filled), the events' tags."""
    director = page_director(request)
    with database(request).read() as session:
        if editing is not None and form is None:
            form = form_of(seasons.season_json(seasons.get_season(session, season_id=editing)))
        every_event = events.list_events(session)
        tags = sorted({tag for event in every_event for tag in event.tags or []})
        shown = [
            {
                **seasons.season_json(season),
                "scoring_words": seasons.scoring_words(seasons.season_definition(season)),
                "counted": len(seasons.season_events(session, season)),
            }
            for season in seasons.list_seasons(session)
        ]
        event_rows = [
            {
                "id": event.id,
                "name": event.name,
                "date": event.held_on.isoformat(),
                "tags": ", ".join(event.tags or []),
            }
            for event in every_event
        ]
    context = {
        "title": "Seasons",
        "director": director,
        "flash": flash_message(request),
        "seasons": shown,
        "events": event_rows,
        "tags": tags,
        "scorings": list(SCORING_WORDS.items()),
        "tie_breaks": list(TIE_BREAK_WORDS.items()),
        "tied_places": list(TIED_PLACES_WORDS.items()),
        "non_member_places": list(NON_MEMBER_PLACES_WORDS.items()),
        "refused": refused,
        "typed": _typed(form),
        "editing": editing,
    }
    return render(request, "pages/director/seasons.html", context, status=status)


@router.get(PAGE, response_class=HTMLResponse)
def seasons_get(request: Request) -> Response:
    """The director's seasons page."""
    return seasons_page(request)


@router.post(PAGE)
async def season_post(request: Request, form: Annotated[SeasonForm, Form()]) -> Response:
    """Define a season from the form; a refusal keeps what was typed."""
    director = require_director(request, form)

    def work(session: Session) -> tuple[int, str]:
        data = season_from_form(form)
        season = seasons.create_season(session, data=data, who=director.name)
        return season.id, _said("Season defined.", seasons.season_warnings(session, season))

    return await write_then(
        request,
        work,
        then=lambda done: redirect(request, f"/seasons/{done[0]}", done[1]),
        refused=lambda shown: seasons_page(request, refused=shown, form=form, status=400),
    )


def _said(message: str, warnings: list[str]) -> str:
    return " ".join([message, *(f"Warning: {warning}." for warning in warnings)])


@router.get(f"{PAGE}/{{season_id}}/edit", response_class=HTMLResponse)
def season_edit_get(request: Request, season_id: int) -> Response:
    """The seasons page with the season's definition in the form, to change in place."""
    return seasons_page(request, editing=season_id)


@router.post(f"{PAGE}/{{season_id}}/edit")
async def season_edit_post(
    request: Request, season_id: int, form: Annotated[SeasonForm, Form()]
) -> Response:
    """Redefine a season in place (it keeps its id, so its links keep working); a refusal
    keeps what was typed."""
    director = require_director(request, form)

    def work(session: Session) -> str:
        stored = seasons.season_json(seasons.get_season(session, season_id=season_id))
        data = keep_session_extras(season_from_form(form), stored)
        season = seasons.update_season(session, season_id=season_id, data=data, who=director.name)
        return _said("Season saved.", seasons.season_warnings(session, season))

    return await write_then(
        request,
        work,
        then=lambda message: redirect(request, f"/seasons/{season_id}", message),
        refused=lambda shown: seasons_page(
            request, refused=shown, form=form, status=400, editing=season_id
        ),
    )


class RemoveForm(DirectorForm):
    """Removing a season: ``confirm`` is "yes" once the director has answered the
    question."""

    confirm: str = ""


@router.get(f"{PAGE}/{{season_id}}/delete", response_class=HTMLResponse)
def season_delete_page(request: Request, session: ReadSession, season_id: int) -> Response:
    """Ask before removing a season."""
    director = page_director(request)
    season = seasons.get_season(session, season_id=season_id)
    name, nights = season.name, len(seasons.season_events(session, season))
    context = {
        "title": f"Remove the season {name}?",
        "director": director,
        "season_id": season_id,
        "name": name,
        "nights": nights,
    }
    return render(request, "pages/director/season_remove.html", context)


@router.post(f"{PAGE}/{{season_id}}/delete")
async def season_delete(
    request: Request, season_id: int, form: Annotated[RemoveForm, Form()]
) -> Response:
    """Remove a season once the director has answered the question (no event changes);
    without the answer, the question."""
    director = require_director(request, form)
    if form.confirm != "yes":
        return redirect(request, f"{PAGE}/{season_id}/delete", "")

    def run() -> str:
        with database(request).write() as session:
            name = seasons.get_season(session, season_id=season_id).name
            seasons.delete_season(session, season_id=season_id, who=director.name)
            return name

    name = await run_in_threadpool(run)
    return redirect(request, PAGE, f"Season {name} removed; its events and results stay.")


@router.post(f"{PAGE}/events/{{event_id}}/tags")
async def tags_post(request: Request, event_id: int, form: Annotated[TagsForm, Form()]) -> Response:
    """Set one event's tags."""
    director = require_director(request, form)

    def work(session: Session) -> str:
        event = seasons.set_event_tags(
            session, event_id=event_id, tags=comma_list(form.tags), who=director.name
        )
        return f"{event.name}: tags {', '.join(event.tags) or 'removed'}."

    return await write_or_refuse(
        request,
        work,
        back_to=PAGE,
        refused=lambda shown: seasons_page(
            request, refused=f"event {event_id}: {shown}", status=400
        ),
    )


# --- public pages ------------------------------------------------------------------------------


def _table_context(request: Request, season_id: int, part: str | None = None) -> dict[str, Any]:
    with database(request).read() as session:
        standings = seasons.season_standings(session, season_id=season_id, part=part)
        definition = standings.definition
        whole = seasons.season_definition(standings.season)
        nights = [
            {
                "number": number,
                "event_id": event.id,
                "name": event.name,
                "date": event.held_on.isoformat(),
                "corrected": standings.corrected.get(event.id, ()),
            }
            for number, event in enumerate(standings.nights, start=1)
        ]
        lines = seasons.season_lines(standings)
    chosen = standings.part
    query = "" if chosen is None else "?" + urlencode({"session": chosen.name})
    return {
        "title": standings.season.name + ("" if chosen is None else f": {chosen.name}"),
        "season_id": season_id,
        "sessions": [
            {
                "name": each.name,
                "dates": f"{each.start.isoformat()} to {each.end.isoformat()}",
                "query": "?" + urlencode({"session": each.name}),
                "current": chosen is not None and each.name == chosen.name,
            }
            for each in whole.sessions
        ],
        "part": None if chosen is None else chosen.name,
        "query": query,
        "scoring": seasons.scoring_words(definition),
        "nights": nights,
        "lines": lines,
        "qualified": [line for line in lines if line.qualified],
        "not_qualified": [line for line in lines if not line.qualified],
        "director": optional_director(request),
        "flash": flash_message(request),
    }


@router.get("/seasons", response_class=HTMLResponse)
def seasons_list(request: Request) -> Response:
    """Every season (public)."""
    if (gate := club_gate(request)) is not None:
        return gate
    with database(request).read() as session:
        shown = [seasons.season_json(season) for season in seasons.list_seasons(session)]
    context = {"title": "Seasons", "seasons": shown, "director": optional_director(request)}
    return render(request, "pages/public/seasons.html", context)


PartQuery = Annotated[str | None, Query(alias="session", max_length=200)]
"""A session of the season, by name: the page shows that session's own table."""


@router.get("/seasons/{season_id}", response_class=HTMLResponse)
def season_page(request: Request, season_id: int, part: PartQuery = None) -> Response:
    """The season table (public; made for a phone): rank, name, points, nights counted and
    movement since the last night; ``?session=Spring``: that session's own table."""
    if (gate := club_gate(request)) is not None:
        return gate
    context = _table_context(request, season_id, part)
    return render(request, "pages/public/season.html", context)


_PROJECTOR_ROWS = 20
"""Rows in one projector column: 20 rows of the event projector's type (28.8 px) fill a
1920x1080 screen's height; 60 members fit in three columns."""
_PROJECTOR_HEIGHT_PX = 900
"""The screen's height left for the table under the heading line (1080 px less about 180)."""
EVENT_PROJECTOR_TYPE_PX = 28.8
"""The event projector's standings type (1.8rem), the least the season's may have."""
_LARGEST_TYPE_PX = {1: 48.0, 2: 38.0, 3: EVENT_PROJECTOR_TYPE_PX}
"""The largest type whose columns still fit the screen's width (names of 20 letters)."""


def projector_type_px(rows: int, columns: int = 1) -> float:
    """The season projector's type size for ``rows`` rows in each of ``columns`` columns:
    as large as fills the screen's height (a row is about 1.6 times its type, with its
    padding) and still fits its width, never smaller than the event projector's."""
    largest = _LARGEST_TYPE_PX.get(columns, EVENT_PROJECTOR_TYPE_PX)
    if rows <= 0:
        return EVENT_PROJECTOR_TYPE_PX
    fill = _PROJECTOR_HEIGHT_PX / (rows + 1) / 1.6  # the header row counts too
    return round(max(EVENT_PROJECTOR_TYPE_PX, min(largest, fill)), 1)


@router.get("/seasons/{season_id}/live", response_class=HTMLResponse)
def season_live(request: Request, season_id: int, part: PartQuery = None) -> Response:
    """The season table in large type for a projector (refreshes itself)."""
    if (gate := club_gate(request)) is not None:
        return gate
    context = _table_context(request, season_id, part)
    lines = context["lines"]
    columns = min(3, max(1, -(-len(lines) // _PROJECTOR_ROWS)))
    size = -(-len(lines) // columns) if lines else 0
    context["columns"] = [lines[index * size : (index + 1) * size] for index in range(columns)]
    context["type_px"] = projector_type_px(size, columns)
    context["body_class"] = "live season-live"
    return render(request, "pages/public/season_live.html", context)
