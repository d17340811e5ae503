"""The director's pages: the events list, creating and restoring events, and every form the
dashboard posts.

Pages are rendered from ``templates/pages/director/`` (pieces the dashboard shares are macros
in ``pages/director/macros.html``). Forms post here as the pydantic models of
:mod:`euchre.web.director_forms` with a hidden CSRF token, call the same store services as
the API, and redirect back (303) with a message.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Annotated, Any, Protocol, TypeVar

from fastapi import APIRouter, Form, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.store import backup, events, playoff_conflicts, presets, rounds, scores
from euchre.store.core import player_id
from euchre.store.errors import AuthError, ConflictError, NotFoundError, StoreError
from euchre.tournament import (
    FORMAT_NAMES,
    PRIZE_TIES,
    SIDE_POT_QUALIFICATION,
    SIT_OUT_SCORING,
    EventConfig,
    PenaltyKind,
    PenaltyRecord,
    PrizeTable,
    PrizeTier,
    Stage,
    TableResult,
)
from euchre.tournament.naming import PlayerNames
from euchre.tournament.sheets import form_sheet, get_sheet
from euchre.tournament.validation import ResultError
from euchre.web import table_page
from euchre.web.deps import database, download, optional_director
from euchre.web.director_forms import (
    AcceptForm,
    ConflictForm,
    CorrectForm,
    CorrectionForm,
    DeleteForm,
    DirectorForm,
    EventForm,
    PenaltyForm,
    ReasonForm,
    RestoreForm,
    SeatingForm,
    TyingScoreForm,
    comma_list,
    optional_whole,
    require_director,
    whole,
)
from euchre.web.page_helpers import page_director
from euchre.web.pages_common import flash_message, redirect, signed
from euchre.web.security import DirectorSession
from euchre.web.sheets import sheet_choices
from euchre.web.templating import render, render_text

__all__ = [
    "event_form_fields",
    "parse_prizes",
    "parse_seating",
    "penalty_kinds",
    "penalty_players",
    "prizes_text",
    "result_form_values",
    "router",
]

router = APIRouter(include_in_schema=False)

T = TypeVar("T")


def _text(value: object) -> str:
    """``value`` as a form field shows it (nothing for None)."""
    return "" if value is None else str(value)


def prizes_text(prizes: dict[str, Any]) -> str:
    """A prize table (``PrizeTable.to_json()``) written as the form reads it back."""
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
}
"""What the cup-qualification and prize-tie choices mean, in words on the form."""


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
    return {
        "form_id": form_id,
        "action": action,
        "submit": submit,
        "button_id": f"{form_id.removesuffix('-form')}-submit",
        "fresh": fresh,
        "presets": json.dumps(presets.presets_json()) if fresh else "",
        "name": "" if fresh else _text(shown.get("name")),
        "profiles": sheet_choices(),
        "profile": profile,
        "formats": FORMAT_NAMES,
        "format": str(shown.get("format", "")),
        "rounds": _text(shown.get("rounds", "")),
        "round_minutes": _text(shown.get("round_minutes") or 20),
        "format_options": json.dumps(shown.get("format_options") or {}),
        "prizes": prizes_text(shown.get("prizes") or {}),
        "side_pot": "yes" if shown.get("side_pot") else "no",
        "side_pot_cents": _text(shown.get("side_pot_cents", 25)),
        "qualifications": qualifications,
        "side_pot_qualification": qualification,
        "side_pot_exclude": ", ".join(shown.get("side_pot_exclude") or []),
        "side_pot_include": ", ".join(shown.get("side_pot_include") or []),
        "ties": ties,
        "prize_ties": prize_ties,
        "sit_out_choices": SIT_OUT_SCORING,
        "sit_out_scoring": str(shown.get("sit_out_scoring", "average")),
        "sit_out_points": _text(shown.get("sit_out_points", 0)),
        "tie_breaks": ", ".join(shown.get("tie_breaks") or []),
        "online": "yes" if shown.get("online") else "no",
        "seed": _text(shown.get("seed") or ""),
    }


def _format_help() -> list[dict[str, Any]]:
    """Each format's name, summary and options (default and meaning) for the help list."""
    from euchre.tournament.formats import FORMATS

    return [
        {
            "name": spec.name,
            "summary": spec.summary,
            "options": [
                {"name": name, "default": _text(default), "doc": doc}
                for name, (default, doc) in spec.options.items()
            ],
        }
        for spec in FORMATS.values()
    ]


def _page(
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


@router.get("/director", response_class=HTMLResponse)
def director_home(request: Request) -> Response:
    """The events list, the create-event form and restore."""
    director = page_director(request)
    with database(request).read() as session:
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
    return _page(
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
        "rounds": optional_whole(form.rounds, "rounds"),
        "format_options": options,
        "round_minutes": optional_whole(form.round_minutes, "round length") or 0,
        "seed": optional_whole(form.seed, "seed") or 0,
        "prizes": parse_prizes(prizes).to_json() if prizes else None,
        "side_pot": None if not side_pot else side_pot != "no",
        "side_pot_cents": optional_whole(form.side_pot_cents, "cents per euchre"),
        "sit_out_scoring": form.sit_out_scoring,
        "sit_out_points": optional_whole(form.sit_out_points, "points for sitting out") or 0,
        "tie_breaks": comma_list(form.tie_breaks),
        "prize_ties": form.prize_ties.strip() or None,
        "side_pot_qualification": form.side_pot_qualification.strip() or None,
        "side_pot_exclude": comma_list(form.side_pot_exclude),
        "side_pot_include": comma_list(form.side_pot_include),
        "online": form.online.strip().lower() in ("yes", "1", "on"),
    }
    return presets.config_with_preset(fields)


def _warning_text(config: EventConfig) -> str:
    warnings = presets.sheet_warnings(config)
    return (" Warning: " + "; ".join(warnings) + ".") if warnings else ""


async def _in_write(request: Request, work: Callable[[Session], T]) -> T:
    """``work`` in a write transaction, run off the event loop (a form's store call)."""

    def run() -> T:
        with database(request).write() as session:
            return work(session)

    return await run_in_threadpool(run)


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
    event_id, warning = await _save_config(
        request,
        form,
        lambda session, config: events.create_event(session, config=config, who=director.name).id,
    )
    return redirect(
        request, f"/director/events/{event_id}", "Event created. Add players next." + warning
    )


@router.get("/director/events/{event_id}/edit", response_class=HTMLResponse)
def edit_event_page(request: Request, event_id: int) -> Response:
    """The event's settings, editable until round 1 starts."""
    director = page_director(request)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        started = bool(events.started_rounds(session, event_id=event_id))
        values = event.config.to_json()
        name = event.name
    if started:
        raise ConflictError(f"{name!r} has started; its settings are fixed after round 1 starts")
    form = event_form_fields(
        form_id="edit-event-form",
        action=f"/director/events/{event_id}/edit",
        submit="Save settings",
        values=values,
    )
    return _page(
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
    _, warning = await _save_config(
        request,
        form,
        lambda session, config: events.update_config(
            session, event_id=event_id, config=config, who=director.name
        ),
    )
    return redirect(request, f"/director/events/{event_id}", "Settings saved." + warning)


@router.get("/director/events/{event_id}/delete", response_class=HTMLResponse)
def delete_event_page(request: Request, event_id: int) -> Response:
    """Ask before deleting an event (a finished one is offered the archive instead)."""
    director = page_director(request)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        name, status = event.name, event.status
        players = len(events.list_entrants(session, event_id=event_id))
        played = len(events.started_rounds(session, event_id=event_id))
    return _page(
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
    name = await _in_write(
        request, lambda session: events.delete_event(session, event_id=event_id, who=director.name)
    )
    return redirect(request, "/director", f"{name} deleted.")


@router.post("/director/events/{event_id}/archive")
async def archive_event_post(
    request: Request, event_id: int, form: Annotated[DirectorForm, Form()]
) -> Response:
    """Archive a finished event."""
    director = require_director(request, form)
    name = await _in_write(
        request,
        lambda session: events.archive_event(session, event_id=event_id, who=director.name).name,
    )
    return redirect(request, "/director", f"{name} archived.")


@router.post("/director/restore")
async def restore_post(request: Request, form: Annotated[RestoreForm, Form()]) -> Response:
    """Restore an uploaded backup as a new event."""
    director = require_director(request, form)
    if form.file is None or isinstance(form.file, str):
        raise StoreError("choose a backup file to restore")
    raw = await form.file.read()
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise StoreError(f"the backup file is not JSON: {error}") from None
    event_id = await _in_write(
        request, lambda session: backup.restore_event(session, data=data, who=director.name).id
    )
    return redirect(request, f"/director/events/{event_id}", "Backup restored as a new event.")


# --- one event -------------------------------------------------------------------------------


def parse_seating(text: str) -> list[tuple[list[int], list[int]]]:
    """Read tables written one per line as ``1 2 vs 3 4`` (player numbers)."""
    tables: list[tuple[list[int], list[int]]] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.lower().replace(",", " ").split("vs")
        if len(parts) != 2:
            raise StoreError(
                f"seating line {line_number} {line.strip()!r} must look like '1 2 vs 3 4'"
            )
        try:
            first, second = ([int(number) for number in part.split()] for part in parts)
        except ValueError:
            raise StoreError(
                f"seating line {line_number} {line.strip()!r}: player numbers must be whole numbers"
            ) from None
        tables.append((first, second))
    return tables


@router.get("/director/events/{event_id}/backup.json")
def backup_download(request: Request, event_id: int) -> Response:
    """The full backup as a download."""
    director = optional_director(request)
    if director is None:
        raise AuthError("log in as the director first")
    with database(request).read() as session:
        data = backup.backup_event(session, event_id=event_id)
    return download(json.dumps(data, indent=1), "application/json", f"event-{event_id}-backup.json")


@dataclass(frozen=True)
class Done:
    """What a form's work returns to say, in words, what it did (the players by name)."""

    message: str


FormT = TypeVar("FormT", bound=DirectorForm)


async def _write_then_redirect(
    request: Request,
    event_id: int,
    form: FormT,
    work: Callable[[Session, DirectorSession, FormT], str | Done | None],
    message: str,
) -> Response:
    """Run a dashboard form's ``work`` in a write transaction, then redirect to the dashboard
    (with the movements a correction changed, when ``work`` returns them, or the message
    ``work`` returns as a ``Done``)."""
    director = require_director(request, form)
    extra = await _in_write(request, lambda session: work(session, director, form))
    url = f"/director/events/{event_id}"
    if isinstance(extra, Done):
        message = extra.message
    elif extra:
        url += f"?changes={signed(request, extra)}"
    return redirect(request, url, message)


def _route_name(path: str) -> str:
    return "post_" + path.strip("/").replace("/", "_").replace("{", "").replace("}", "")


def _register(path: str, handler: Callable[..., Any], form_type: type[DirectorForm]) -> None:
    """Add ``handler`` as the POST route of ``path``, reading its ``form`` parameter as
    ``form_type`` through ``Form()``. The annotation is set here because it differs per
    route and FastAPI reads it from the handler's signature."""
    handler.__name__ = _route_name(path)
    handler.__annotations__["form"] = Annotated[form_type, Form()]
    router.add_api_route(f"/director/events/{{event_id}}{path}", handler, methods=["POST"])


_Work = Callable[[Session, DirectorSession, FormT, int], str | Done | None]
_NumberedWork = Callable[[Session, DirectorSession, FormT, int, int], str | Done | None]


def _action(
    path: str, form_type: type[FormT], message: str
) -> Callable[[_Work[FormT]], _Work[FormT]]:
    """Register the decorated ``work`` as a dashboard form post: read the form as
    ``form_type``, run ``work`` in a write transaction, then redirect."""

    def register(work: _Work[FormT]) -> _Work[FormT]:
        async def handler(request: Request, event_id: int, form: FormT) -> Response:
            return await _write_then_redirect(
                request,
                event_id,
                form,
                lambda session, director, posted: work(session, director, posted, event_id),
                message,
            )

        _register(path, handler, form_type)
        return work

    return register


def _numbered_action(
    path: str, form_type: type[FormT], message: str
) -> Callable[[_NumberedWork[FormT]], _NumberedWork[FormT]]:
    """Like :func:`_action` for a path with a second number (``{number}``: a player, a round,
    a submission, a penalty); ``message`` may name it as ``{number}``."""

    def register(work: _NumberedWork[FormT]) -> _NumberedWork[FormT]:
        async def handler(request: Request, event_id: int, number: int, form: FormT) -> Response:
            return await _write_then_redirect(
                request,
                event_id,
                form,
                lambda session, director, posted: work(session, director, posted, event_id, number),
                message.format(number=number),
            )

        _register(path, handler, form_type)
        return work

    return register


@_action("/rounds/start", DirectorForm, "Round started.")
def _start(session: Session, director: DirectorSession, form: DirectorForm, event_id: int) -> None:
    rounds.start_round(session, event_id=event_id, who=director.name)


@_action("/level-games", TyingScoreForm, "Saved: who reached the tying score first.")
def _settle_level_game(
    session: Session, director: DirectorSession, form: TyingScoreForm, event_id: int
) -> None:
    scores.settle_level_game(
        session,
        event_id=event_id,
        round_number=whole(form.round, "round"),
        table=whole(form.table, "table"),
        first=whole(form.first, "first"),
        who=director.name,
    )


def _changes_text(session: Session, event_id: int, changes: tuple[Any, ...]) -> str | None:
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


@_action("/correct", CorrectForm, "Result saved.")
def _correct(
    session: Session, director: DirectorSession, form: CorrectForm, event_id: int
) -> str | None:
    round_number = whole(form.round, "round")
    table = whole(form.table, "table")
    view, _ = _table_view(session, event_id, round_number, table)
    _, changes = scores.correct_result(
        session,
        event_id=event_id,
        round_number=round_number,
        table=table,
        # Only the totals: everything else recorded for the table is kept.
        entered=scores.ResultInput(
            team_points=(
                whole(form.team0, f"the points of {view.team_name(0)}"),
                whole(form.team1, f"the points of {view.team_name(1)}"),
            ),
            given=frozenset({"team_points"}),
        ),
        who=director.name,
        reason=form.reason,
    )
    return _changes_text(session, event_id, changes)


@_action("/playoff-conflicts/accept", ConflictForm, "Playoff result accepted as played.")
def _accept_conflict(
    session: Session, director: DirectorSession, form: ConflictForm, event_id: int
) -> None:
    playoff_conflicts.accept_conflict(
        session,
        event_id=event_id,
        round_number=whole(form.round, "round"),
        table=whole(form.table, "table"),
        who=director.name,
        reason=form.reason,
    )


@_action("/penalties", PenaltyForm, "Penalty recorded.")
def _penalty(session: Session, director: DirectorSession, form: PenaltyForm, event_id: int) -> None:
    record = PenaltyRecord(
        round=whole(form.round, "round"),
        table=whole(form.table, "table"),
        offender_id=player_id(whole(form.offender, "offending player")),
        hand_number=optional_whole(form.hand_number, "hand number"),
        kind=PenaltyKind.parse(form.kind),
        proven=form.proven,
        lone_hand=form.lone_hand or bool(form.lone_caller),
        lone_caller_id=player_id(whole(form.lone_caller, "lone caller"))
        if form.lone_caller
        else None,
        note=form.note,
    )
    scores.add_penalty(session, event_id=event_id, record=record, who=director.name)


@_action("/seating", SeatingForm, "Seating set.")
def _seating(session: Session, director: DirectorSession, form: SeatingForm, event_id: int) -> None:
    try:
        sitting = [int(number) for number in form.sitting_out.replace(",", " ").split()]
    except ValueError:
        raise StoreError("sitting out: player numbers must be whole numbers") from None
    rounds.override_seating(
        session,
        event_id=event_id,
        round_number=whole(form.round, "round"),
        tables=parse_seating(form.tables),
        sitting_out=sitting,
        who=director.name,
        reason=form.reason,
    )


@_action("/players/check-in-all", DirectorForm, "Everyone checked in.")
def _check_in_all(
    session: Session, director: DirectorSession, form: DirectorForm, event_id: int
) -> Done:
    arrived = events.check_in_all(session, event_id=event_id, who=director.name)
    if not arrived:
        return Done("Everyone was already checked in.")
    return Done(f"Checked in {len(arrived)}: {', '.join(entrant.name for entrant in arrived)}.")


@_numbered_action("/players/{number}/check-in", DirectorForm, "Checked in.")
def _check_in(
    session: Session, director: DirectorSession, form: DirectorForm, event_id: int, number: int
) -> Done:
    entrant = events.check_in(session, event_id=event_id, number=number, who=director.name)
    return Done(f"{entrant.name} checked in.")


@_numbered_action("/players/{number}/withdraw", ReasonForm, "Withdrawn.")
def _withdraw(
    session: Session, director: DirectorSession, form: ReasonForm, event_id: int, number: int
) -> Done:
    reason = form.reason.strip()
    if not reason:
        raise StoreError("say why the player withdraws (reason is empty)")
    entrant = events.withdraw(
        session, event_id=event_id, number=number, who=director.name, reason=reason
    )
    return Done(f"{entrant.name} withdrawn from round {entrant.withdrawal_round} on.")


@_numbered_action("/players/{number}/reinstate", ReasonForm, "Withdrawal taken back.")
def _reinstate(
    session: Session, director: DirectorSession, form: ReasonForm, event_id: int, number: int
) -> Done:
    entrant = events.reinstate(
        session,
        event_id=event_id,
        number=number,
        who=director.name,
        reason=form.reason.strip() or "withdrawal taken back",
    )
    return Done(f"{entrant.name} plays on (withdrawal taken back).")


@_numbered_action("/rounds/{number}/close", DirectorForm, "Round {number} closed.")
def _close(
    session: Session, director: DirectorSession, form: DirectorForm, event_id: int, number: int
) -> None:
    rounds.close_round(session, event_id=event_id, number=number, who=director.name)


@_numbered_action("/rounds/{number}/undo", ReasonForm, "Round {number} undone.")
def _undo(
    session: Session, director: DirectorSession, form: ReasonForm, event_id: int, number: int
) -> None:
    if not form.reason.strip():
        raise StoreError(f"say why round {number} is undone (reason is empty)")
    rounds.undo_round(
        session, event_id=event_id, number=number, who=director.name, reason=form.reason
    )


@_numbered_action("/submissions/{number}/accept", AcceptForm, "Score accepted.")
def _accept(
    session: Session, director: DirectorSession, form: AcceptForm, event_id: int, number: int
) -> str | None:
    _, changes = scores.accept_submission(
        session,
        event_id=event_id,
        submission_id=number,
        who=director.name,
        reason=form.reason,
    )
    return _changes_text(session, event_id, changes)


class _PenaltyStep(Protocol):
    """A store service that acts on one penalty, giving the reason (remove, escalate)."""

    def __call__(
        self, session: Session, *, event_id: int, penalty_id: int, who: str, reason: str
    ) -> object: ...


def _on_penalty(step: _PenaltyStep) -> _NumberedWork[ReasonForm]:
    """The work of a penalty's button: ``step`` on penalty ``number``, with the reason typed."""

    def work(
        session: Session, director: DirectorSession, form: ReasonForm, event_id: int, number: int
    ) -> None:
        step(session, event_id=event_id, penalty_id=number, who=director.name, reason=form.reason)

    return work


_numbered_action("/penalties/{number}/remove", ReasonForm, "Penalty removed.")(
    _on_penalty(scores.remove_penalty)
)


# --- a table's result: the correction form, pre-filled ------------------------------------------


def _table_view(
    session: Session, event_id: int, round_number: int, table: int
) -> tuple[table_page.TableView, Any]:
    from euchre.store.core import event_config
    from euchre.store.table_view import game_profile

    event = events.get_event(session, event_id=event_id)
    round_row = rounds.get_round(session, event_id=event_id, number=round_number)
    seating = round_row.plan.table(table)
    if seating is None:
        raise NotFoundError(f"round {round_number} has no table {table}")
    by_id = {str(row.number): row for row in events.list_entrants(session, event_id=event_id)}
    first, second = seating.partnerships
    view = table_page.TableView(
        code="",
        partnerships=(
            tuple(by_id[player] for player in first),
            tuple(by_id[player] for player in second),
        ),
        # A playoff round's table plays its own game (a 4-hand playoff, a sudden-death hand).
        profile=game_profile(load_profile(event_config(event).profile_id), round_row.plan),
    )
    return view, round_row


def result_form_values(result: TableResult | None, view: table_page.TableView) -> dict[str, str]:
    """The correction form's fields for a recorded result (its current values)."""
    if result is None:
        return {}
    values = {"team0": str(result.team_points[0]), "team1": str(result.team_points[1])}
    for number, hand in enumerate(result.hand_points, start=1):
        values[f"hand_{number}_0"] = str(hand[0]) if hand[0] else "0"
        values[f"hand_{number}_1"] = str(hand[1]) if hand[1] else "0"
    for counts, prefix in (
        (result.lone_hands, "lone"),
        (result.lone_marches, "march"),
        (result.euchres, "euchre"),
    ):
        for player, count in counts.items():
            values[f"{prefix}_{player}"] = str(count)
    points = result.team_points
    own = result.player_points
    if view.profile.individual_scoring:
        for side, pair in enumerate(view.partnerships):
            for member in pair:
                values[f"points_{member.number}"] = str(own.get(str(member.number), points[side]))
    first = result.first_to_tying_score
    if first is not None:
        values["first_to_tying_score"] = str(first)
    return values


def _table_history(
    session: Session, event_id: int, round_number: int, table: int, view: table_page.TableView
) -> list[dict[str, str]]:
    """What the audit log says about this table, oldest first, with players named."""
    from euchre.store.audit import list_audit, table_target
    from euchre.store.results import describe_result
    from euchre.web.convert import audit_changes
    from euchre.web.pages_audit import action_words, with_names

    target = table_target(round_number, table)
    rows = [entry for entry in list_audit(session, event_id=event_id) if entry.target == target]
    numbers = {member.number: member.name for member in view.players}

    by_id = {str(number): name for number, name in numbers.items()}
    teams = (view.team_name(0), view.team_name(1))

    def changes_of(entry: Any) -> str:
        if audit_changes(entry):
            return scores.describe_changes(
                entry.old_value, entry.new_value, names=by_id, teams=teams
            )
        if entry.action in ("submit_score", "dispute_score") and entry.new_value:
            return describe_result(entry.new_value, names=by_id, teams=teams)
        return ""

    return [
        {
            "when": entry.at.strftime("%H:%M:%S"),
            "who": with_names(_text(entry.who), numbers),
            "action": action_words(entry.action),
            "changes": changes_of(entry),
            "reason": _text(entry.reason),
        }
        for entry in rows
    ]


def _correction_page(
    request: Request,
    director: DirectorSession,
    event_id: int,
    round_number: int,
    table: int,
    *,
    values: dict[str, str] | None = None,
    error: str = "",
    bad: tuple[str, ...] = (),
    status: int = 200,
) -> HTMLResponse:
    """The correction page: ``values`` (what was typed) and the ``error`` with its ``bad``
    fields marked re-show a refused correction; without them the form holds the recorded
    result."""
    with database(request).read() as session:
        view, round_row = _table_view(session, event_id, round_number, table)
        playoff = round_row.plan.stage == Stage.PLAYOFF
        official = scores.official_result(
            session, event_id=event_id, round_number=round_number, table=table
        )
        current = None if official is None else official.result
        history = _table_history(session, event_id, round_number, table, view)
        ruled = scores.ruled_hands(
            session, event_id=event_id, round_number=round_number, table=table
        )
    shown = values if values is not None else result_form_values(current, view)
    # The score form is table_page's (shared with the phone's); the director's part of it,
    # his CSRF field, the reason and the button, comes from this page's template.
    frame = table_page.FormFrame(
        action=f"/director/events/{event_id}/rounds/{round_number}/tables/{table}/result",
        form_id="correction-form",
        identity_html=render_text(
            "pages/director/correction_frame.html",
            {"csrf_token": director.csrf_token, "reason": (values or {}).get("reason", "")},
        ),
        button_html="",
        heading="",
        footer="",
    )
    # Both are built by table_page, which escapes every value it puts in them.
    score_form = Markup(
        table_page.score_form_html(
            view, values=shown, error=error, bad=bad, frame=frame, playoff=playoff
        )
    )
    recorded = (
        Markup(table_page.result_html(view, current, element_id="recorded-result"))
        if current is not None
        else None
    )
    return _page(
        request,
        "correction.html",
        director,
        f"Round {round_number}, table {table}: result",
        {
            "event_id": event_id,
            "form_style": Markup(table_page.FORM_STYLE),
            "teams": (view.team_name(0), view.team_name(1)),
            "recorded": recorded,
            "ruled": sorted(ruled.items()),
            "score_form": score_form,
            "history": history,
        },
        status=status,
    )


@router.get(
    "/director/events/{event_id}/rounds/{round_number}/tables/{table}/result",
    response_class=HTMLResponse,
)
def correction_page(request: Request, event_id: int, round_number: int, table: int) -> Response:
    """A table's recorded result and the correction form, pre-filled with its current values
    (totals, hands, lone hands, euchres per player, own points, who reached a tie first)."""
    director = page_director(request)
    return _correction_page(request, director, event_id, round_number, table)


def _changed_fields(
    entered: scores.ResultInput, current: TableResult | None, view: table_page.TableView
) -> frozenset[str]:
    """The result fields whose posted value differs from the recorded one (an own total is
    compared with the one the form showed)."""
    if current is None:
        return frozenset(scores.RESULT_FIELDS)
    recorded = current

    def numbers(mapping: Any) -> dict[int, int]:
        return {int(player): int(count) for player, count in mapping.items() if count}

    changed = set()
    if entered.team_points is not None and tuple(entered.team_points) != recorded.team_points:
        changed.add("team_points")
    if tuple(entered.hand_points) != tuple(recorded.hand_points):
        changed.add("hand_points")
    for name in ("lone_hands", "lone_marches", "euchres"):
        if numbers(getattr(entered, name)) != numbers(getattr(recorded, name)):
            changed.add(name)
    shown = result_form_values(current, view)
    for member in view.players:
        typed = entered.player_points.get(member.number)
        if typed is not None and str(typed) != shown.get(f"points_{member.number}"):
            changed.add("player_points")
    if entered.first_to_tying_score != recorded.first_to_tying_score:
        changed.add("first_to_tying_score")
    return frozenset(changed)


@router.post("/director/events/{event_id}/rounds/{round_number}/tables/{table}/result")
async def correction_post(
    request: Request,
    event_id: int,
    round_number: int,
    table: int,
    form: Annotated[CorrectionForm, Form()],
) -> Response:
    """Save a corrected result: only the fields the director changed change."""
    director = require_director(request, form)
    data = form.fields()

    def work() -> str:
        with database(request).write() as session:
            view, _ = _table_view(session, event_id, round_number, table)
            official = scores.official_result(
                session, event_id=event_id, round_number=round_number, table=table
            )
            current = None if official is None else official.result
            entered = table_page.entered_from_form(data, view)
            given = _changed_fields(entered, current, view)
            entered = replace(entered, given=given)
            result, changes = scores.correct_result(
                session,
                event_id=event_id,
                round_number=round_number,
                table=table,
                entered=entered,
                who=director.name,
                reason=form.reason,
            )
            what = scores.describe_changes(
                None if current is None else current.to_json(),
                result.result.to_json(),
                names={str(member.number): member.name for member in view.players},
                teams=(view.team_name(0), view.team_name(1)),
            )
            moved = _changes_text(session, event_id, changes)
            return f"Result saved: {what}." + (f" Seats changed: {moved}." if moved else "")

    try:
        message = await run_in_threadpool(work)
    except EuchreError as error:
        if isinstance(error, NotFoundError | AuthError):
            raise
        field = error.field if isinstance(error, ResultError) else ""
        text = str(error)
        status = 409 if isinstance(error, ConflictError) else 400

        def refused() -> HTMLResponse:
            with database(request).read() as session:
                view, _ = _table_view(session, event_id, round_number, table)
            return _correction_page(
                request,
                director,
                event_id,
                round_number,
                table,
                values=data,
                error=text,
                bad=tuple(table_page.field_ids(field, view)),
                status=status,
            )

        return await run_in_threadpool(refused)
    return redirect(
        request, f"/director/events/{event_id}/rounds/{round_number}/tables/{table}/result", message
    )


@router.get("/director/events/{event_id}/result")
def correction_picker(request: Request, event_id: int, round: int, table: int) -> Response:
    """Where the picker leads without JavaScript: the table's correction form."""
    return RedirectResponse(
        f"/director/events/{event_id}/rounds/{round}/tables/{table}/result", status_code=303
    )


# --- penalties: the form names the role per kind; warnings can become the penalty -----------


def penalty_kinds() -> list[dict[str, str]]:
    """Each penalty kind as the penalty form lists it: its words, whom to name and which team
    its points go to."""
    from euchre.tournament import PENALTY_KINDS
    from euchre.tournament.penalties import penalty_role

    return [
        {
            "kind": kind,
            "words": kind.replace("_", " "),
            "named": penalty_role(kind).named,
            "scores": penalty_role(kind).scores,
        }
        for kind in PENALTY_KINDS
    ]


def penalty_players(names: Mapping[int, str]) -> list[tuple[int, str]]:
    """The event's players as the penalty form's list offers them: (number, name), by name
    (the director knows the player by name; the number tells two of one name apart)."""
    return sorted(names.items(), key=lambda item: (item[1].casefold(), item[0]))


@router.get("/director/events/{event_id}/penalties", response_class=HTMLResponse)
def penalties_page(request: Request, event_id: int) -> Response:
    """Every penalty with its ruling (points per team by name); a table-talk warning can be
    turned into the penalty."""
    from euchre.store.core import display_snapshot

    director = page_director(request)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        title = f"{event.name}: penalties"
        snapshot = display_snapshot(session, event)
        names = {
            str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)
        }
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
                "kind": kind.replace("_", " "),
                "offender": names.get(offender, offender),
                "outcome": outcome,
                # A warning (no points yet) can be made the penalty.
                "escalate": kind == "table_talk"
                and ruling is not None
                and not any(ruling.team_points),
            }
        )
    return _page(
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
            "kinds": penalty_kinds(),
            "players": penalty_players({int(number): name for number, name in names.items()}),
        },
    )


_numbered_action("/penalties/{number}/escalate", ReasonForm, "The warning is now the penalty.")(
    _on_penalty(scores.escalate_warning)
)
