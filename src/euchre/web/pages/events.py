"""The director's events: the events list with the create-event form and restore, an event's
settings (editable until round 1 starts), deleting, archiving and the backup download.

Pages are rendered from ``templates/pages/director/``; the settings form posts
:class:`euchre.web.common.forms.EventForm`."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Form, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from euchre.store import presets, seasons
from euchre.store.backups import event_backup
from euchre.store.errors import AuthError, ConflictError, StoreError
from euchre.store.models import utc_today
from euchre.store.night import events
from euchre.tournament import (
    FORMAT_NAMES,
    PRIZE_TIES,
    SIDE_POT_QUALIFICATION,
    SIT_OUT_SCORING,
    EventConfig,
    PrizeTable,
    PrizeTier,
    SidePotFallback,
)
from euchre.tournament.settings import SETTING_BOUNDS
from euchre.tournament.sheets import form_sheet, get_sheet
from euchre.web.common.deps import ReadSession, database, download, optional_director
from euchre.web.common.flash import redirect
from euchre.web.common.form_fields import optional_whole_number
from euchre.web.common.forms import (
    DeleteForm,
    DirectorForm,
    EventForm,
    FileForm,
    comma_list,
    require_director,
)
from euchre.web.common.page_helpers import page_director
from euchre.web.pages.director_helpers import director_page, field_text, in_write
from euchre.web.views.sheets import sheet_choices

__all__ = ["event_form_fields", "parse_prizes", "prizes_text", "router"]

router = APIRouter(include_in_schema=False)

T = TypeVar("T")


def prizes_text(prizes: dict[str, Any]) -> str:
    """A prize table (``PrizeTable.to_json()``) written as the form reads it back; empty
    for a schedule the field cannot write (by entrants, percentages of the pot, extras, a
    last-place prize, eligibility): an empty field takes the sheet's own."""
    tiers = prizes.get("tiers", [])
    if set(prizes) - {"tiers"} or any(tier.get("min_entrants") for tier in tiers):
        return ""
    return "; ".join(
        f"{tier['min_tables']}: "
        + ", ".join(f"{amount / 100:g}" for amount in tier["amounts_cents"])
        for tier in prizes.get("tiers", [])
    )


_CHOICE_LABELS = {
    "every_game": "played every game",
    "everyone": "every player",
    "tie_breaks": "tie-breaks decide",
    "split": "split the money",
    "director": "nobody until I let players in",
    "fewest_points_of_all": "the fewest points of all players",
}
"""What the cup-qualification, cup-fallback and prize-tie choices mean, in words on the form."""


def _labelled(values: tuple[str, ...], selected: str) -> tuple[list[tuple[str, str]], str]:
    """(value, words) choices and the chosen value (the first when ``selected`` is none)."""
    chosen = selected if selected in values else values[0]
    return [(value, _CHOICE_LABELS.get(value, value)) for value in values], chosen


def event_form_fields(
    *,
    form_id: str,
    action: str,
    submit: str,
    values: dict[str, Any] | None,
    sheet: str = "",
    tags: list[str] | None = None,
    held_on: str = "",
) -> dict[str, Any]:
    """What the ``event_form`` macro shows. ``values`` (a stored ``EventConfig`` JSON) fills
    it for an edit; for a new event the fields show the chosen sheet's preset (``app.js``
    refills them when the rule profile changes) and a field left empty takes the preset.
    ``sheet`` chooses the new event's sheet (default: the sheet files' ``first_on_form``)."""
    fresh = values is None
    if values is None:
        profile = sheet if get_sheet(sheet) is not None else form_sheet()
    else:
        profile = str(values["profile_id"])
    shown: dict[str, Any] = values or presets.preset_json(profile) or {}
    qualifications, qualification = _labelled(
        SIDE_POT_QUALIFICATION, str(shown.get("side_pot_qualification", ""))
    )
    ties, prize_ties = _labelled(PRIZE_TIES, str(shown.get("prize_ties", "")))
    # A stored config leaves the default fallback out (``director``): the first choice.
    fallbacks, fallback = _labelled(tuple(SidePotFallback), str(shown.get("side_pot_fallback", "")))
    return {
        "form_id": form_id,
        "action": action,
        "submit": submit,
        "button_id": f"{form_id.removesuffix('-form')}-submit",
        "fresh": fresh,
        "presets": json.dumps(presets.presets_json()) if fresh else "",
        "name": "" if fresh else field_text(shown.get("name")),
        "profiles": sheet_choices(),
        "profile": profile,
        "formats": FORMAT_NAMES,
        "bounds": SETTING_BOUNDS,  # the inputs' min and max: the one declaration's
        "format": str(shown.get("format", "")),
        "rounds": field_text(shown.get("rounds", "")),
        # 0 is "no clock", a value of its own: only a missing one shows the usual 20.
        "round_minutes": field_text(
            20 if shown.get("round_minutes") is None else shown.get("round_minutes")
        ),
        # Left out of a stored config when 0 (no break).
        "break_after_round": field_text(shown.get("break_after_round", 0)),
        "break_minutes": field_text(shown.get("break_minutes", 0)),
        "last_round_by": field_text(shown.get("last_round_by") or ""),
        "time_zone": field_text(shown.get("time_zone") or ""),
        "format_options": json.dumps(shown.get("format_options") or {}),
        "prizes": prizes_text(shown.get("prizes") or {}),
        "side_pot": "yes" if shown.get("side_pot") else "no",
        "side_pot_cents": field_text(shown.get("side_pot_cents", 25)),
        # Left out of a stored config when 0 (a loner's euchre costs the same).
        "side_pot_lone_cents": field_text(shown.get("side_pot_lone_cents", 0)),
        "fallbacks": fallbacks,
        "side_pot_fallback": fallback,
        "qualifications": qualifications,
        "side_pot_qualification": qualification,
        "side_pot_exclude": ", ".join(shown.get("side_pot_exclude") or []),
        "side_pot_include": ", ".join(shown.get("side_pot_include") or []),
        "ties": ties,
        "prize_ties": prize_ties,
        "sit_out_choices": SIT_OUT_SCORING,
        "sit_out_scoring": str(shown.get("sit_out_scoring", "average")),
        "sit_out_points": field_text(shown.get("sit_out_points", 0)),
        "tie_breaks": ", ".join(shown.get("tie_breaks") or []),
        "online": "yes" if shown.get("online") else "no",
        "seed": field_text(shown.get("seed") or ""),
        "tags": ", ".join(tags or []),
        "date": held_on or utc_today().isoformat(),
    }


def _format_help() -> list[dict[str, Any]]:
    """Each format's name, summary and options (default and meaning) for the help list."""
    from euchre.tournament.formats import FORMATS

    return [
        {
            "name": spec.name,
            "summary": spec.summary,
            "options": [
                {"name": name, "default": field_text(default), "doc": doc}
                for name, (default, doc) in spec.options.items()
            ],
        }
        for spec in FORMATS.values()
    ]


@router.get("/director", response_class=HTMLResponse)
def director_home(request: Request, session: ReadSession) -> Response:
    """The events list, the create-event form and restore."""
    director = page_director(request)
    listed = [
        {"id": event.id, "name": event.name, "status": event.status}
        for event in events.list_events(session)
    ]
    form = event_form_fields(
        form_id="create-event-form",
        action="/director/events",
        submit="Create event",
        values=None,
        sheet=request.query_params.get("sheet", ""),
    )
    return director_page(
        request,
        "home.html",
        director,
        "Events",
        {
            "current": [event for event in listed if event["status"] != "archived"],
            "archived": [event for event in listed if event["status"] == "archived"],
            "form": form,
            "formats": _format_help(),
            "sheets": sheet_choices(),
        },
    )


def parse_prizes(text: str) -> PrizeTable:
    """Read ``"3: 60, 40, 20; 4: 75, 50, 35"`` (dollars by minimum number of tables)."""
    tiers = []
    for chunk in text.split(";"):
        if not chunk.strip():
            continue
        if ":" not in chunk:
            raise StoreError(f"prize tier {chunk.strip()!r} must look like '3: 60, 40, 20'")
        tables_text, amounts_text = chunk.split(":", 1)
        try:
            min_tables = int(tables_text.strip())
            amounts = tuple(
                round(float(amount.strip().lstrip("$")) * 100)
                for amount in amounts_text.split(",")
                if amount.strip()
            )
        except ValueError:
            raise StoreError(
                f"prize tier {chunk.strip()!r} must look like '3: 60, 40, 20'"
            ) from None
        tiers.append(PrizeTier(min_tables, amounts))
    return PrizeTable(tuple(tiers))


def _config_from_form(form: EventForm) -> EventConfig:
    """The form's settings; an empty format, rounds or prizes field takes the sheet's."""
    try:
        options = json.loads(form.format_options.strip() or "{}")
    except json.JSONDecodeError as error:
        raise StoreError(f"format options are not valid JSON: {error}") from None
    if not isinstance(options, dict):
        raise StoreError("format options must be a JSON object such as {}")
    side_pot = form.side_pot.strip().lower()
    if side_pot not in ("", "yes", "no", "1", "on"):
        raise StoreError(f"side pot must be yes or no, got {side_pot!r}")
    prizes = form.prizes.strip()
    fields: dict[str, Any] = {
        "name": form.name,
        "profile_id": form.profile_id,
        "format": form.format.strip() or None,
        "rounds": optional_whole_number(form.rounds, "rounds"),
        "format_options": options,
        "round_minutes": optional_whole_number(form.round_minutes, "round length") or 0,
        "seed": optional_whole_number(form.seed, "seed") or 0,
        "break_after_round": optional_whole_number(form.break_after_round, "break after round"),
        "break_minutes": optional_whole_number(form.break_minutes, "break length"),
        "prizes": parse_prizes(prizes).to_json() if prizes else None,
        "side_pot": None if not side_pot else side_pot != "no",
        "side_pot_cents": optional_whole_number(form.side_pot_cents, "cents per euchre"),
        "side_pot_lone_cents": optional_whole_number(
            form.side_pot_lone_cents, "cents per euchre on a lone hand"
        ),
        "side_pot_fallback": form.side_pot_fallback.strip() or None,
        "sit_out_scoring": form.sit_out_scoring,
        "sit_out_points": optional_whole_number(form.sit_out_points, "points for sitting out") or 0,
        "tie_breaks": comma_list(form.tie_breaks),
        "prize_ties": form.prize_ties.strip() or None,
        "side_pot_qualification": form.side_pot_qualification.strip() or None,
        "side_pot_exclude": comma_list(form.side_pot_exclude),
        "side_pot_include": comma_list(form.side_pot_include),
        "online": form.online.strip().lower() in ("yes", "1", "on"),
    }
    config = presets.config_with_preset(fields)
    if form.cut_off_on_form != "yes":
        return config
    # The form shows the cut-off and its zone: what it sends is the event's, empty none
    # (though the sheet has one).
    return dataclasses.replace(
        config,
        last_round_by=form.last_round_by.strip() or None,
        time_zone=form.time_zone.strip() or None,
    )


def _warning_text(config: EventConfig) -> str:
    warnings = presets.sheet_warnings(config)
    return (" Warning: " + "; ".join(warnings) + ".") if warnings else ""


async def _save_config(
    request: Request, form: EventForm, save: Callable[[Session, EventConfig], T]
) -> tuple[T, str]:
    """Read the settings ``form`` and ``save`` them in a write transaction, off the event
    loop: what ``save`` returned, and the sheet's warnings as the message's tail."""

    def run() -> tuple[T, str]:
        config = _config_from_form(form)
        with database(request).write() as session:
            saved = save(session, config)
        return saved, _warning_text(config)

    return await run_in_threadpool(run)


@router.post("/director/events")
async def create_event_post(request: Request, form: Annotated[EventForm, Form()]) -> Response:
    """Create an event from the form."""
    director = require_director(request, form)

    def create(session: Session, config: EventConfig) -> int:
        held_on = events.parse_date(form.date) if form.date.strip() else None
        event = events.create_event(session, config=config, who=director.name, held_on=held_on)
        tags = comma_list(form.tags)
        if tags:
            seasons.set_event_tags(session, event_id=event.id, tags=tags, who=director.name)
        return event.id

    event_id, warning = await _save_config(request, form, create)
    return redirect(
        request, f"/director/events/{event_id}", "Event created. Add players next." + warning
    )


@router.get("/director/events/{event_id}/edit", response_class=HTMLResponse)
def edit_event_page(request: Request, session: ReadSession, event_id: int) -> Response:
    """The event's settings, editable until round 1 starts."""
    director = page_director(request)
    event = events.get_event(session, event_id=event_id)
    started = bool(events.started_rounds(session, event_id=event_id))
    values = event.config.to_json()
    name = event.name
    tags = list(event.tags or [])
    held_on = event.held_on.isoformat()
    if started:
        raise ConflictError(f"{name!r} has started; its settings are fixed after round 1 starts")
    form = event_form_fields(
        form_id="edit-event-form",
        action=f"/director/events/{event_id}/edit",
        submit="Save settings",
        values=values,
        tags=tags,
        held_on=held_on,
    )
    return director_page(
        request,
        "edit_event.html",
        director,
        f"Settings: {name}",
        {"event_id": event_id, "form": form},
    )


@router.post("/director/events/{event_id}/edit")
async def edit_event_post(
    request: Request, event_id: int, form: Annotated[EventForm, Form()]
) -> Response:
    """Save the edited settings (only before round 1 starts)."""
    director = require_director(request, form)

    def save(session: Session, config: EventConfig) -> None:
        events.update_config(session, event_id=event_id, config=config, who=director.name)
        if form.date.strip():
            events.set_event_date(
                session, event_id=event_id, held_on=events.parse_date(form.date), who=director.name
            )
        seasons.set_event_tags(
            session, event_id=event_id, tags=comma_list(form.tags), who=director.name
        )

    _, warning = await _save_config(request, form, save)
    return redirect(request, f"/director/events/{event_id}", "Settings saved." + warning)


@router.get("/director/events/{event_id}/delete", response_class=HTMLResponse)
def delete_event_page(request: Request, session: ReadSession, event_id: int) -> Response:
    """Ask before deleting an event (a finished one is offered the archive instead)."""
    director = page_director(request)
    event = events.get_event(session, event_id=event_id)
    name, status = event.name, event.status
    players = len(events.list_entrants(session, event_id=event_id))
    played = len(events.started_rounds(session, event_id=event_id))
    return director_page(
        request,
        "delete_event.html",
        director,
        f"Delete {name}?",
        {
            "event_id": event_id,
            "name": name,
            "players": players,
            "played": played,
            "finished": status == "finished",
        },
    )


@router.post("/director/events/{event_id}/delete")
async def delete_event_post(
    request: Request, event_id: int, form: Annotated[DeleteForm, Form()]
) -> Response:
    """Delete the event (the confirmation page sends ``confirm=yes``)."""
    director = require_director(request, form)
    if form.confirm != "yes":
        raise StoreError("confirm the deletion on the confirmation page (confirm=yes missing)")
    name = await in_write(
        request, lambda session: events.delete_event(session, event_id=event_id, who=director.name)
    )
    return redirect(request, "/director", f"{name} deleted.")


@router.post("/director/events/{event_id}/archive")
async def archive_event_post(
    request: Request, event_id: int, form: Annotated[DirectorForm, Form()]
) -> Response:
    """Archive a finished event."""
    director = require_director(request, form)
    name = await in_write(
        request,
        lambda session: events.archive_event(session, event_id=event_id, who=director.name).name,
    )
    return redirect(request, "/director", f"{name} archived.")


@router.post("/director/restore")
async def restore_post(request: Request, form: Annotated[FileForm, Form()]) -> Response:
    """Restore an uploaded backup as a new event."""
    director = require_director(request, form)
    if form.file is None or isinstance(form.file, str):
        raise StoreError("choose a backup file to restore")
    raw = await form.file.read()
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise StoreError(f"the backup file is not JSON: {error}") from None
    restore = event_backup.restore_event
    event_id = await in_write(
        request, lambda session: restore(session, data=data, who=director.name).id
    )
    return redirect(request, f"/director/events/{event_id}", "Backup restored as a new event.")


@router.get("/director/events/{event_id}/backup.json")
def backup_download(request: Request, session: ReadSession, event_id: int) -> Response:
    """The full backup as a download."""
    director = optional_director(request)
    if director is None:
        raise AuthError("log in as the director first")
    data = event_backup.backup_event(session, event_id=event_id)
    return download(json.dumps(data, indent=1), "application/json", f"event-{event_id}-backup.json")
