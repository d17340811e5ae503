"""The director's pages: the events list, creating and restoring events, and every form the
dashboard posts.

Forms post here with a hidden CSRF token, call the same store services as the API, and
redirect back (303) with a message.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.engine.profile import BUILTIN_PROFILES, load_profile
from euchre.store import backup, events, presets, rounds, scores
from euchre.store.errors import AuthError, ConflictError, NotFoundError, StoreError
from euchre.tournament import (
    FORMAT_NAMES,
    PRIZE_TIES,
    SIDE_POT_QUALIFICATION,
    SIT_OUT_SCORING,
    EventConfig,
    PrizeTable,
    PrizeTier,
    TableResult,
)
from euchre.tournament.validation import ResultError
from euchre.web import table_page
from euchre.web.deps import database, optional_director
from euchre.web.page_helpers import (
    director_form,
    flash_html,
    form_int,
    form_optional_int,
    login_redirect,
    nav_html,
    options_html,
)
from euchre.web.pages_common import csrf_field, esc, layout, redirect
from euchre.web.security import DirectorSession, check_csrf

__all__ = [
    "correction_picker_html",
    "event_form",
    "parse_prizes",
    "parse_seating",
    "prizes_text",
    "result_form_values",
    "router",
]

router = APIRouter(include_in_schema=False)


def prizes_text(prizes: dict[str, Any]) -> str:
    """A prize table (``PrizeTable.to_json()``) written as the form reads it back."""
    return "; ".join(
        f"{tier['min_tables']}: "
        + ", ".join(f"{amount / 100:g}" for amount in tier["amounts_cents"])
        for tier in prizes.get("tiers", [])
    )


def _profile_options(selected: str) -> str:
    """The rule profiles by their sheet's name (the value is the profile id)."""
    return "".join(
        f'<option value="{esc(profile_id)}"{" selected" if profile_id == selected else ""}>'
        f"{esc(load_profile(profile_id).name)} ({esc(profile_id)})</option>"
        for profile_id in BUILTIN_PROFILES
    )


_CHOICE_LABELS = {
    "every_game": "played every game",
    "everyone": "every player",
    "tie_breaks": "tie-breaks decide",
    "split": "split the money",
}
"""What the cup-qualification and prize-tie choices mean, in words on the form."""


def _labelled_options(values: tuple[str, ...], selected: str) -> str:
    """``<option>`` elements labelled in words (the first is chosen when none is)."""
    chosen = selected if selected in values else values[0]
    return "".join(
        f'<option value="{esc(value)}"{" selected" if value == chosen else ""}>'
        f"{esc(_CHOICE_LABELS.get(value, value))}</option>"
        for value in values
    )


def event_form(
    *, form_id: str, action: str, csrf: str, submit: str, values: dict[str, Any] | None
) -> str:
    """The event settings form. ``values`` (a stored ``EventConfig`` JSON) fills it for an
    edit; for a new event the fields show the chosen sheet's preset (``app.js`` refills them
    when the rule profile changes) and a field left empty takes the preset."""
    fresh = values is None
    profile = "tournament" if values is None else str(values["profile_id"])
    shown: dict[str, Any] = values or presets.preset_json(profile) or {}
    side_pot = "yes" if shown.get("side_pot") else "no"
    format_options = '<option value="">the sheet\'s format</option>' if fresh else ""
    data = esc(json.dumps(presets.presets_json())) if fresh else ""
    name = "" if fresh else esc(shown.get("name"))
    return f"""<form id="{form_id}" method="post" action="{action}" class="grid"
 data-presets="{data}">{csrf}
<label>Name <input id="event-name" name="name" required maxlength="200" value="{name}"></label>
<label>Rule sheet (sets up its event) <select id="event-profile" name="profile_id">
{_profile_options(profile)}</select></label>
<label>Format <select id="event-format" name="format">{format_options}
{options_html(FORMAT_NAMES, str(shown.get("format", "")))}</select></label>
<label>Rounds <input id="event-rounds" name="rounds" type="number" min="1" max="50"
 value="{esc(shown.get("rounds", ""))}" placeholder="the sheet's"></label>
<label>Round length (minutes) <input id="event-round-minutes" name="round_minutes" type="number"
 min="0" max="600" value="{esc(shown.get("round_minutes") or 20)}"></label>
<label>Format options (JSON) <textarea id="event-format-options" name="format_options"
 rows="2">{esc(json.dumps(shown.get("format_options") or {}))}</textarea></label>
<label>Prizes (dollars; tiers by minimum tables) <input id="event-prizes" name="prizes"
 value="{esc(prizes_text(shown.get("prizes") or {}))}"
 placeholder="3: 60, 40, 20; 4: 75, 50, 35"></label>
<label>Side pot (euchred cup) <select id="event-side-pot" name="side_pot">
{options_html(("yes", "no"), side_pot)}</select></label>
<label>Cents per euchre <input id="event-side-pot-cents" name="side_pot_cents" type="number"
 min="0" value="{esc(shown.get("side_pot_cents", 25))}"></label>
<label>Who can take the cup <select id="event-side-pot-qualification"
 name="side_pot_qualification">
{_labelled_options(SIDE_POT_QUALIFICATION, str(shown.get("side_pot_qualification", "")))}
</select></label>
<label>Left out of the cup (player numbers, or team names; comma list)
 <input id="event-side-pot-exclude" name="side_pot_exclude"
 value="{esc(", ".join(shown.get("side_pot_exclude") or []))}"></label>
<label>Let into the cup whatever the rule says (comma list) <input id="event-side-pot-include"
 name="side_pot_include" value="{esc(", ".join(shown.get("side_pot_include") or []))}"></label>
<label>Prize ties (level on points) <select id="event-prize-ties" name="prize_ties">
{_labelled_options(PRIZE_TIES, str(shown.get("prize_ties", "")))}</select></label>
<label>Sitting out scores <select id="event-sit-out" name="sit_out_scoring">
{options_html(SIT_OUT_SCORING, str(shown.get("sit_out_scoring", "average")))}</select></label>
<label>Points for sitting out ("fixed") <input id="event-sit-out-points" name="sit_out_points"
 type="number" min="0" value="{esc(shown.get("sit_out_points", 0))}"></label>
<label>Tie-breaks (comma list, empty: the format's) <input id="event-tie-breaks"
 name="tie_breaks" value="{esc(", ".join(shown.get("tie_breaks") or []))}"></label>
<label>Played online (tables play in the browser) <select id="event-online" name="online">
{options_html(("no", "yes"), "yes" if shown.get("online") else "no")}</select></label>
<label>Seed (empty: random) <input id="event-seed" name="seed" type="number" min="0"
 value="{esc(shown.get("seed") or "")}"></label>
<button id="{form_id.removesuffix("-form")}-submit">{esc(submit)}</button></form>"""


@router.get("/director", response_class=HTMLResponse)
def director_home(request: Request) -> Response:
    """The events list, the create-event form and restore."""
    director = optional_director(request)
    if director is None:
        return login_redirect(request)
    with database(request).read() as session:
        listed = events.list_events(session)

        def item(event: Any) -> str:
            return (
                f'<li><a data-testid="event-link-{event.id}" href="/director/events/{event.id}">'
                f'{esc(event.name)}</a> <span class="muted">{esc(event.status)}</span></li>'
            )

        current = "".join(item(event) for event in listed if event.status != "archived")
        archived = "".join(item(event) for event in listed if event.status == "archived")
    csrf = csrf_field(director.csrf_token)
    archive = (
        f'<details id="archived-events"><summary>Archived events</summary><ul>{archived}</ul>'
        "</details>"
        if archived
        else ""
    )
    form = event_form(
        form_id="create-event-form",
        action="/director/events",
        csrf=csrf,
        submit="Create event",
        values=None,
    )
    body = f"""{flash_html(request)}
<section><h2>Events</h2><ul id="event-list">{current or "<li>No events yet.</li>"}</ul>
{archive}</section>
<section><h2>New event</h2>
<p class="muted">Choose the rule sheet first: its format, rounds, prizes and euchred cup fill
in. Change any of them if your club plays it differently.</p>
{form}
<details id="format-help"><summary>Formats and their options</summary><dl>{_format_help()}</dl>
</details></section>
<section><h2>Restore a backup</h2>
<form id="restore-form" method="post" action="/director/restore" enctype="multipart/form-data">
{csrf}<input id="restore-file" name="file" type="file" accept="application/json,.json" required>
<button id="restore-submit">Restore as a new event</button></form></section>"""
    return HTMLResponse(layout("Events", body, nav=nav_html(director)))


def _format_help() -> str:
    from euchre.tournament.formats import FORMATS

    parts = []
    for spec in FORMATS.values():
        options = "".join(
            f"<li><code>{esc(name)}</code> (default <code>{esc(default)}</code>): {esc(doc)}</li>"
            for name, (default, doc) in spec.options.items()
        )
        parts.append(
            f"<dt><code>{esc(spec.name)}</code></dt><dd>{esc(spec.summary)}"
            + (f"<ul>{options}</ul>" if options else "")
            + "</dd>"
        )
    return "".join(parts)


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


def _config_from_form(data: dict[str, str]) -> EventConfig:
    """The form's settings; an empty format, rounds or prizes field takes the sheet's."""
    try:
        options = json.loads(data.get("format_options", "").strip() or "{}")
    except json.JSONDecodeError as error:
        raise StoreError(f"format options are not valid JSON: {error}") from None
    if not isinstance(options, dict):
        raise StoreError("format options must be a JSON object such as {}")
    side_pot = data.get("side_pot", "").strip().lower()
    if side_pot not in ("", "yes", "no", "1", "on"):
        raise StoreError(f"side pot must be yes or no, got {side_pot!r}")
    prizes = data.get("prizes", "").strip()
    fields: dict[str, Any] = {
        "name": data.get("name", ""),
        "profile_id": data.get("profile_id", ""),
        "format": data.get("format", "").strip() or None,
        "rounds": form_optional_int(data, "rounds", "rounds"),
        "format_options": options,
        "round_minutes": form_optional_int(data, "round_minutes", "round length") or 0,
        "seed": form_optional_int(data, "seed", "seed") or 0,
        "prizes": parse_prizes(prizes).to_json() if prizes else None,
        "side_pot": None if not side_pot else side_pot != "no",
        "side_pot_cents": form_optional_int(data, "side_pot_cents", "cents per euchre"),
        "sit_out_scoring": data.get("sit_out_scoring", "average"),
        "sit_out_points": form_optional_int(data, "sit_out_points", "points for sitting out") or 0,
        "tie_breaks": _comma_list(data, "tie_breaks"),
        "prize_ties": data.get("prize_ties", "").strip() or None,
        "side_pot_qualification": data.get("side_pot_qualification", "").strip() or None,
        "side_pot_exclude": _comma_list(data, "side_pot_exclude"),
        "side_pot_include": _comma_list(data, "side_pot_include"),
        "online": data.get("online", "no").strip().lower() in ("yes", "1", "on"),
    }
    return presets.config_with_preset(fields)


def _comma_list(data: dict[str, str], name: str) -> list[str]:
    """A comma-separated form field as its non-empty items."""
    return [item.strip() for item in data.get(name, "").split(",") if item.strip()]


def _warning_text(config: EventConfig) -> str:
    warnings = presets.sheet_warnings(config)
    return (" Warning: " + "; ".join(warnings) + ".") if warnings else ""


@router.post("/director/events")
async def create_event_post(request: Request) -> Response:
    """Create an event from the form."""
    director, data = await director_form(request)

    def work() -> tuple[int, str]:
        config = _config_from_form(data)
        with database(request).write() as session:
            event = events.create_event(session, config=config, who=director.name)
            return event.id, _warning_text(config)

    event_id, warning = await run_in_threadpool(work)
    return redirect(f"/director/events/{event_id}", "Event created. Add players next." + warning)


@router.get("/director/events/{event_id}/edit", response_class=HTMLResponse)
def edit_event_page(request: Request, event_id: int) -> Response:
    """The event's settings, editable until round 1 starts."""
    director = optional_director(request)
    if director is None:
        return login_redirect(request)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        started = bool(events.started_rounds(session, event_id=event_id))
        values = event.config.to_json()
        name = event.name
    if started:
        raise ConflictError(f"{name!r} has started; its settings are fixed after round 1 starts")
    form = event_form(
        form_id="edit-event-form",
        action=f"/director/events/{event_id}/edit",
        csrf=csrf_field(director.csrf_token),
        submit="Save settings",
        values=values,
    )
    body = f"""{flash_html(request)}
<p><a href="/director/events/{event_id}">Back to the event</a></p>
{form}"""
    return HTMLResponse(layout(f"Settings: {name}", body, nav=nav_html(director)))


@router.post("/director/events/{event_id}/edit")
async def edit_event_post(request: Request, event_id: int) -> Response:
    """Save the edited settings (only before round 1 starts)."""
    director, data = await director_form(request)

    def work() -> str:
        config = _config_from_form(data)
        with database(request).write() as session:
            events.update_config(session, event_id=event_id, config=config, who=director.name)
        return _warning_text(config)

    warning = await run_in_threadpool(work)
    return redirect(f"/director/events/{event_id}", "Settings saved." + warning)


@router.get("/director/events/{event_id}/delete", response_class=HTMLResponse)
def delete_event_page(request: Request, event_id: int) -> Response:
    """Ask before deleting an event (a finished one is offered the archive instead)."""
    director = optional_director(request)
    if director is None:
        return login_redirect(request)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        name, status = event.name, event.status
        players = len(events.list_entrants(session, event_id=event_id))
        played = len(events.started_rounds(session, event_id=event_id))
    csrf = csrf_field(director.csrf_token)
    archive = (
        f"""<form method="post" action="/director/events/{event_id}/archive" class="inline">{csrf}
<button id="archive-event">Archive it instead (keep the results)</button></form>"""
        if status == "finished"
        else ""
    )
    body = f"""<p id="delete-question" class="error">Delete {esc(name)} for good? Its {players}
players, {played} round(s), scores and audit log go with it. This cannot be undone.</p>
<p class="row">{archive}
<form method="post" action="/director/events/{event_id}/delete" class="inline">{csrf}
<input type="hidden" name="confirm" value="yes">
<button id="delete-event-confirm" class="danger">Delete {esc(name)}</button></form>
<a id="delete-cancel" href="/director/events/{event_id}">Cancel</a></p>"""
    return HTMLResponse(layout(f"Delete {name}?", body, nav=nav_html(director)))


@router.post("/director/events/{event_id}/delete")
async def delete_event_post(request: Request, event_id: int) -> Response:
    """Delete the event (the confirmation page sends ``confirm=yes``)."""
    director, data = await director_form(request)
    if data.get("confirm") != "yes":
        raise StoreError("confirm the deletion on the confirmation page (confirm=yes missing)")

    def work() -> str:
        with database(request).write() as session:
            return events.delete_event(session, event_id=event_id, who=director.name)

    name = await run_in_threadpool(work)
    return redirect("/director", f"{name} deleted.")


@router.post("/director/events/{event_id}/archive")
async def archive_event_post(request: Request, event_id: int) -> Response:
    """Archive a finished event."""
    director, _ = await director_form(request)

    def work() -> str:
        with database(request).write() as session:
            return events.archive_event(session, event_id=event_id, who=director.name).name

    name = await run_in_threadpool(work)
    return redirect("/director", f"{name} archived.")


@router.post("/director/restore")
async def restore_post(request: Request) -> Response:
    """Restore an uploaded backup as a new event."""
    director = optional_director(request)
    if director is None:
        raise AuthError("log in as the director first")
    form = await request.form()
    token = form.get("csrf_token")
    check_csrf(director, token if isinstance(token, str) else None)
    upload = form.get("file")
    if upload is None or isinstance(upload, str):
        raise StoreError("choose a backup file to restore")
    raw = await upload.read()
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise StoreError(f"the backup file is not JSON: {error}") from None

    def work() -> int:
        with database(request).write() as session:
            return backup.restore_event(session, data=data, who=director.name).id

    event_id = await run_in_threadpool(work)
    return redirect(f"/director/events/{event_id}", "Backup restored as a new event.")


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
    return Response(
        json.dumps(data, indent=1),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id}-backup.json"'},
    )


@dataclass(frozen=True)
class Done:
    """What a form's work returns to say, in words, what it did (the players by name)."""

    message: str


async def _write_then_redirect(
    request: Request,
    event_id: int,
    work: Callable[[Session, DirectorSession, dict[str, str]], str | Done | None],
    message: str,
) -> Response:
    """Run a dashboard form's ``work`` in a write transaction, then redirect to the dashboard
    (with the movements a correction changed, when ``work`` returns them, or the message
    ``work`` returns as a ``Done``)."""
    director, data = await director_form(request)

    def run() -> str | Done | None:
        with database(request).write() as session:
            return work(session, director, data)

    extra = await run_in_threadpool(run)
    url = f"/director/events/{event_id}"
    if isinstance(extra, Done):
        message = extra.message
    elif extra:
        url += f"?changes={quote(extra)}"
    return redirect(url, message)


def _route_name(path: str) -> str:
    return "post_" + path.strip("/").replace("/", "_").replace("{", "").replace("}", "")


def _action(
    path: str,
    work: Callable[[Session, DirectorSession, dict[str, str], int], str | Done | None],
    message: str,
) -> None:
    """Register a dashboard form post: run ``work`` in a write transaction, then redirect."""

    async def handler(request: Request, event_id: int) -> Response:
        return await _write_then_redirect(
            request,
            event_id,
            lambda session, director, form: work(session, director, form, event_id),
            message,
        )

    handler.__name__ = _route_name(path)
    router.add_api_route(f"/director/events/{{event_id}}{path}", handler, methods=["POST"])


def _numbered_action(
    path: str,
    work: Callable[[Session, DirectorSession, dict[str, str], int, int], str | Done | None],
    message: str,
) -> None:
    """Like :func:`_action` for a path with a second number (``{number}``: a player, a round,
    a submission, a penalty); ``message`` may name it as ``{number}``."""

    async def handler(request: Request, event_id: int, number: int) -> Response:
        return await _write_then_redirect(
            request,
            event_id,
            lambda session, director, form: work(session, director, form, event_id, number),
            message.format(number=number),
        )

    handler.__name__ = _route_name(path)
    router.add_api_route(f"/director/events/{{event_id}}{path}", handler, methods=["POST"])


def _add_player(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int
) -> Done:
    entrant = events.add_entrant(
        session,
        event_id=event_id,
        name=form.get("name", ""),
        team=form.get("team") or None,
        checked_in=bool(form.get("checked_in")),
        who=director.name,
    )
    return Done(f"{entrant.name} added (player {entrant.number}, code {entrant.code}).")


def _import(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int
) -> None:
    events.import_entrants_csv(
        session, event_id=event_id, text=form.get("csv", ""), who=director.name
    )


def _pair(session: Session, director: DirectorSession, form: dict[str, str], event_id: int) -> None:
    events.pair_entrants(
        session,
        event_id=event_id,
        numbers=(
            form_int(form, "first", "first player"),
            form_int(form, "second", "second player"),
        ),
        team=form.get("team") or None,
        who=director.name,
    )


def _start(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int
) -> None:
    rounds.start_round(session, event_id=event_id, who=director.name)


def _changes_text(changes: tuple[Any, ...]) -> str | None:
    if not changes:
        return None
    return "; ".join(
        f"round {change.round} player {change.player_id}: {change.before} -> {change.after}"
        for change in changes[:20]
    )


def _correct(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int
) -> str | None:
    round_number = form_int(form, "round", "round")
    table = form_int(form, "table", "table")
    view, _ = _table_view(session, event_id, round_number, table)
    _, changes = scores.correct_result(
        session,
        event_id=event_id,
        round_number=round_number,
        table=table,
        # Only the totals: everything else recorded for the table is kept.
        entered=scores.ResultInput(
            team_points=(
                form_int(form, "team0", f"the points of {view.team_name(0)}"),
                form_int(form, "team1", f"the points of {view.team_name(1)}"),
            ),
            given=frozenset({"team_points"}),
        ),
        who=director.name,
        reason=form.get("reason", ""),
    )
    return _changes_text(changes)


def _penalty(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int
) -> None:
    scores.add_penalty(
        session,
        event_id=event_id,
        round_number=form_int(form, "round", "round"),
        table=form_int(form, "table", "table"),
        kind=form.get("kind", ""),
        offender_number=form_int(form, "offender", "offending player"),
        hand_number=form_optional_int(form, "hand_number", "hand number"),
        proven=bool(form.get("proven")),
        lone_hand=bool(form.get("lone_hand")),
        note=form.get("note", ""),
        who=director.name,
    )


def _seating(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int
) -> None:
    try:
        sitting = [int(number) for number in form.get("sitting_out", "").replace(",", " ").split()]
    except ValueError:
        raise StoreError("sitting out: player numbers must be whole numbers") from None
    rounds.override_seating(
        session,
        event_id=event_id,
        round_number=form_int(form, "round", "round"),
        tables=parse_seating(form.get("tables", "")),
        sitting_out=sitting,
        who=director.name,
        reason=form.get("reason", ""),
    )


_action("/players", _add_player, "Player added.")
_action("/players/import", _import, "Players imported.")
_action("/pairs", _pair, "Players paired.")
_action("/rounds/start", _start, "Round started.")
_action("/correct", _correct, "Result saved.")
_action("/penalties", _penalty, "Penalty recorded.")
_action("/seating", _seating, "Seating set.")


def _check_in(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int, number: int
) -> Done:
    entrant = events.check_in(session, event_id=event_id, number=number, who=director.name)
    return Done(f"{entrant.name} checked in.")


def _check_in_all(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int
) -> Done:
    arrived = events.check_in_all(session, event_id=event_id, who=director.name)
    if not arrived:
        return Done("Everyone was already checked in.")
    return Done(f"Checked in {len(arrived)}: {', '.join(entrant.name for entrant in arrived)}.")


def _withdraw(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int, number: int
) -> Done:
    reason = form.get("reason", "").strip()
    if not reason:
        raise StoreError("say why the player withdraws (reason is empty)")
    entrant = events.withdraw(
        session, event_id=event_id, number=number, who=director.name, reason=reason
    )
    return Done(f"{entrant.name} withdrawn from round {entrant.withdrawal_round} on.")


def _reinstate(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int, number: int
) -> Done:
    entrant = events.reinstate(
        session,
        event_id=event_id,
        number=number,
        who=director.name,
        reason=form.get("reason", "").strip() or "withdrawal taken back",
    )
    return Done(f"{entrant.name} plays on (withdrawal taken back).")


def _close(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int, number: int
) -> None:
    rounds.close_round(session, event_id=event_id, number=number, who=director.name)


def _undo(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int, number: int
) -> None:
    if not form.get("reason", "").strip():
        raise StoreError(f"say why round {number} is undone (reason is empty)")
    rounds.undo_round(
        session, event_id=event_id, number=number, who=director.name, reason=form.get("reason", "")
    )


def _accept(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int, number: int
) -> str | None:
    _, changes = scores.accept_submission(
        session,
        event_id=event_id,
        submission_id=number,
        who=director.name,
        reason=form.get("reason", "settled by the director"),
    )
    return _changes_text(changes)


def _remove_penalty(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int, number: int
) -> None:
    scores.remove_penalty(
        session,
        event_id=event_id,
        penalty_id=number,
        who=director.name,
        reason=form.get("reason", ""),
    )


_numbered_action("/penalties/{number}/remove", _remove_penalty, "Penalty removed.")
_action("/players/check-in-all", _check_in_all, "Everyone checked in.")
_numbered_action("/players/{number}/check-in", _check_in, "Checked in.")
_numbered_action("/players/{number}/withdraw", _withdraw, "Withdrawn.")
_numbered_action("/players/{number}/reinstate", _reinstate, "Withdrawal taken back.")
_numbered_action("/rounds/{number}/close", _close, "Round {number} closed.")
_numbered_action("/rounds/{number}/undo", _undo, "Round {number} undone.")
_numbered_action("/submissions/{number}/accept", _accept, "Score accepted.")


# --- a table's result: the correction form, pre-filled ------------------------------------------


def _table_view(
    session: Session, event_id: int, round_number: int, table: int
) -> tuple[table_page.TableView, Any]:
    from euchre.engine.profile import load_profile
    from euchre.store.core import event_config

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
        profile=load_profile(event_config(event).profile_id),
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
) -> str:
    from euchre.store.audit import list_audit
    from euchre.web.convert import audit_changes

    target = f"round {round_number} table {table}"
    rows = [entry for entry in list_audit(session, event_id=event_id) if entry.target == target]

    def changes_of(entry: Any) -> str:
        if not audit_changes(entry):
            return ""
        return scores.describe_changes(
            entry.old_value,
            entry.new_value,
            names={str(member.number): member.name for member in view.players},
            teams=(view.team_name(0), view.team_name(1)),
        )

    items = "".join(
        f"<li>{esc(entry.at.strftime('%H:%M:%S'))} {esc(entry.who)}: "
        f"{esc(entry.action.replace('_', ' '))}"
        + (f" — {esc(changes)}" if (changes := changes_of(entry)) else "")
        + (f" ({esc(entry.reason)})" if entry.reason else "")
        + "</li>"
        for entry in rows
    )
    return f'<ul id="table-history">{items or "<li>Nothing yet.</li>"}</ul>'


def _correction_body(
    request: Request,
    director: DirectorSession,
    event_id: int,
    round_number: int,
    table: int,
    *,
    values: dict[str, str] | None = None,
    error: str = "",
    bad: tuple[str, ...] = (),
) -> tuple[str, str]:
    with database(request).read() as session:
        view, _ = _table_view(session, event_id, round_number, table)
        official = scores.official_result(
            session, event_id=event_id, round_number=round_number, table=table
        )
        current = None if official is None else official.result
        history = _table_history(session, event_id, round_number, table, view)
        ruled = scores.ruled_hands(
            session, event_id=event_id, round_number=round_number, table=table
        )
    shown = values if values is not None else result_form_values(current, view)
    action = f"/director/events/{event_id}/rounds/{round_number}/tables/{table}/result"
    reason = esc((values or {}).get("reason", ""))
    frame = table_page.FormFrame(
        action=action,
        form_id="correction-form",
        identity_html=csrf_field(director.csrf_token)
        + '<label>Reason (kept in the audit log) <input id="correct-reason" name="reason" '
        f'value="{reason}"></label>',
        button_html='<button id="correct-submit">Save the result</button>',
        heading="",
        footer="",
    )
    form = table_page.score_form_html(view, values=shown, error=error, bad=bad, frame=frame)
    recorded = (
        table_page.result_html(view, current.to_json(), element_id="recorded-result")
        if current is not None
        else '<p class="muted">No result recorded yet.</p>'
    )
    ruled_html = (
        "<p>The director ruled on hand(s) "
        + ", ".join(f"{number} ({esc(kind)})" for number, kind in sorted(ruled.items()))
        + ": those hands are 0–0 here; the penalty holds their points.</p>"
        if ruled
        else ""
    )
    body = f"""{flash_html(request)}
<p><a href="/director/events/{event_id}">Back to the dashboard</a></p>
<section><h2>{esc(view.team_name(0))} vs {esc(view.team_name(1))}</h2>
<h3>Recorded now</h3>{recorded}{ruled_html}</section>
<section><h2>Correct it</h2><p class="muted">The form holds the recorded values: change only
what is wrong. Fields you leave as they are keep their values; the audit log names each field
that changed.</p>{form}</section>
<section><h2>History of this table</h2>{history}</section>"""
    return f"Round {round_number}, table {table}: result", body


@router.get(
    "/director/events/{event_id}/rounds/{round_number}/tables/{table}/result",
    response_class=HTMLResponse,
)
def correction_page(request: Request, event_id: int, round_number: int, table: int) -> Response:
    """A table's recorded result and the correction form, pre-filled with its current values
    (totals, hands, lone hands, euchres per player, own points, who reached a tie first)."""
    director = optional_director(request)
    if director is None:
        return login_redirect(request)
    title, body = _correction_body(request, director, event_id, round_number, table)
    return HTMLResponse(layout(title, body, nav=nav_html(director), head=table_page.FORM_STYLE))


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
    request: Request, event_id: int, round_number: int, table: int
) -> Response:
    """Save a corrected result: only the fields the director changed change."""
    director, data = await director_form(request)

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
                reason=data.get("reason", ""),
            )
            what = scores.describe_changes(
                None if current is None else current.to_json(),
                result.result.to_json(),
                names={str(member.number): member.name for member in view.players},
                teams=(view.team_name(0), view.team_name(1)),
            )
            moved = _changes_text(changes)
            return f"Result saved: {what}." + (f" Seats changed: {moved}." if moved else "")

    try:
        message = await run_in_threadpool(work)
    except EuchreError as error:
        if isinstance(error, NotFoundError | AuthError):
            raise
        field = error.field if isinstance(error, ResultError) else ""
        text = str(error)

        def render() -> tuple[str, str]:
            with database(request).read() as session:
                view, _ = _table_view(session, event_id, round_number, table)
            return _correction_body(
                request,
                director,
                event_id,
                round_number,
                table,
                values=data,
                error=text,
                bad=tuple(table_page.field_ids(field, view)),
            )

        title, body = await run_in_threadpool(render)
        return HTMLResponse(
            layout(title, body, nav=nav_html(director), head=table_page.FORM_STYLE),
            status_code=409 if isinstance(error, ConflictError) else 400,
        )
    return redirect(
        f"/director/events/{event_id}/rounds/{round_number}/tables/{table}/result", message
    )


def correction_picker_html(event_id: int) -> str:
    """The dashboard's way into a table's correction form (a GET form: round and table)."""
    return f"""<form id="correction-picker" method="get" onsubmit="this.action=
'/director/events/{event_id}/rounds/'+this.round.value+'/tables/'+this.table.value+'/result'"
action="/director/events/{event_id}/result">
<h3>Enter or correct a result</h3>
<label>Round <input id="correct-round" name="round" type="number" min="1" required></label>
<label>Table <input id="correct-table" name="table" type="number" min="1" required></label>
<button id="correct-open">Open the table's result</button>
<p class="muted">The form shows the recorded totals, hands, lone hands, euchres and own points;
change only what is wrong.</p></form>"""


@router.get("/director/events/{event_id}/result")
def correction_picker(request: Request, event_id: int, round: int, table: int) -> Response:
    """Where the picker leads without JavaScript: the table's correction form."""
    return RedirectResponse(
        f"/director/events/{event_id}/rounds/{round}/tables/{table}/result", status_code=303
    )


# --- penalties: the form names the role per kind; warnings can become the penalty -----------


def penalty_form_html(event_id: int, csrf: str) -> str:
    """The penalty form: each kind says whom to name (the accused, the accuser, the dealer)
    and which team its points go to; a hand the director rules on stays 0-0 at the table."""
    from euchre.tournament import PENALTY_KINDS
    from euchre.tournament.penalties import penalty_role

    options = "".join(
        f'<option value="{esc(kind)}"{" selected" if kind == "renege" else ""}>'
        f"{esc(kind.replace('_', ' '))} — name {esc(penalty_role(kind).named)}</option>"
        for kind in PENALTY_KINDS
    )
    roles = "".join(
        f'<tr data-kind="{esc(kind)}"><td>{esc(kind.replace("_", " "))}</td>'
        f"<td>{esc(penalty_role(kind).named)}</td><td>{esc(penalty_role(kind).scores)}</td></tr>"
        for kind in PENALTY_KINDS
    )
    return f"""<form id="penalty-form" method="post" action="/director/events/{event_id}/penalties">
{csrf}<h3>Record a penalty</h3>
<label>Round <input id="penalty-round" name="round" type="number" min="1" required></label>
<label>Table <input id="penalty-table" name="table" type="number" min="1" required></label>
<label>Kind <select id="penalty-kind" name="kind">{options}</select></label>
<label>Player named (the role depends on the kind: see the list) <input id="penalty-offender"
 name="offender" type="number" min="1" required></label>
<label>Hand number (the deal; needed where the sheet takes that deal's points away, as
Ballantrae's renege does) <input id="penalty-hand" name="hand_number" type="number"
 min="1"></label>
<label class="check"><input id="penalty-proven" name="proven" type="checkbox" value="1" checked>
 renege proven (unticked: the accused player's team scores)</label>
<label class="check"><input id="penalty-lone" name="lone_hand" type="checkbox" value="1"> on a
 lone hand</label>
<label>Note <input id="penalty-note" name="note"></label>
<button id="penalty-submit">Record penalty</button>
<p class="muted">The table writes the hand you rule on as 0–0: the points below are the
penalty's and are added to the table's totals once. Table-talk warnings count per player for
the whole event (partners change between games); the player's next offence is the penalty.</p>
<details id="penalty-roles"><summary>Whom to name, and who scores, per kind</summary>
<table><thead><tr><th>Kind</th><th>Name</th><th>Points go to</th></tr></thead>
<tbody>{roles}</tbody></table></details>
<p><a id="penalties-page" href="/director/events/{event_id}/penalties">All penalties and
warnings</a></p></form>"""


@router.get("/director/events/{event_id}/penalties", response_class=HTMLResponse)
def penalties_page(request: Request, event_id: int) -> Response:
    """Every penalty with its ruling (points per team by name); a table-talk warning can be
    turned into the penalty."""
    from euchre.store.core import display_snapshot

    director = optional_director(request)
    if director is None:
        return login_redirect(request)
    csrf = csrf_field(director.csrf_token)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
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
                f"{esc(teams[side])} +{points}"
                for side, points in enumerate(ruling.team_points)
                if points
            ]
            outcome = f"{esc(ruling.outcome.replace('_', ' '))}: " + (
                ", ".join(paid) or "no points"
            )
        escalate = ""
        if kind == "table_talk":
            warnings[offender] = warnings.get(offender, 0) + 1
            if ruling is not None and not any(ruling.team_points):
                escalate = (
                    f'<form method="post" class="inline" action="/director/events/{event_id}/'
                    f'penalties/{row.id}/escalate">{csrf}<input type="hidden" name="reason" '
                    'value="the director made the warning the penalty">'
                    f'<button data-testid="escalate-{row.id}" class="secondary">Make this the '
                    "penalty</button></form>"
                )
        items.append(
            f'<li data-testid="penalty-row-{row.id}">Round {row.round_number} table '
            f"{row.table_number}: {esc(kind.replace('_', ' '))}, "
            f"{esc(names.get(offender, offender))} named — {outcome}{escalate}</li>"
        )
    counts = "".join(
        f"<li>{esc(names.get(player, player))}: {count} table-talk report(s) this event</li>"
        for player, count in sorted(warnings.items())
    )
    body = f"""{flash_html(request)}
<p><a href="/director/events/{event_id}">Back to the dashboard</a></p>
<section><h2>Recorded</h2><ul id="penalty-list">{"".join(items) or "<li>None.</li>"}</ul></section>
<section><h2>Table talk, per player for the whole event</h2>
<p class="muted">The first report of a player is a warning; the next one, in any game, is the
penalty. A warning can be made the penalty here.</p>
<ul id="warning-counts">{counts or "<li>None.</li>"}</ul>
</section>
<section>{penalty_form_html(event_id, csrf)}</section>"""
    return HTMLResponse(layout(f"{event.name}: penalties", body, nav=nav_html(director)))


def _escalate(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int, number: int
) -> None:
    scores.escalate_warning(
        session,
        event_id=event_id,
        penalty_id=number,
        who=director.name,
        reason=form.get("reason", ""),
    )


_numbered_action("/penalties/{number}/escalate", _escalate, "The warning is now the penalty.")
