"""The director's pages: first-run setup, login, events, and one event's dashboard.

Forms post here with a hidden CSRF token, call the same store services as the API, and
redirect back (303) with a message.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from euchre.engine.profile import BUILTIN_PROFILES
from euchre.store import auth, backup, events, rounds, scores
from euchre.store.audit import list_audit
from euchre.store.core import display_snapshot
from euchre.store.errors import AuthError, StoreError
from euchre.tournament import (
    FORMAT_NAMES,
    PENALTY_KINDS,
    SIT_OUT_SCORING,
    EventConfig,
    EventSnapshot,
    PrizeTable,
    PrizeTier,
)
from euchre.web.deps import database, optional_director, signer
from euchre.web.pages_common import csrf_field, esc, layout, redirect, table_rows, timer_html
from euchre.web.security import COOKIE_NAME, SESSION_MAX_AGE, DirectorSession, check_csrf

__all__ = ["parse_prizes", "parse_seating", "router", "standings_html"]

router = APIRouter(include_in_schema=False)


def _nav(director: DirectorSession | None) -> str:
    if director is None:
        return '<nav><a href="/login">Log in</a></nav>'
    return (
        f'<nav><a href="/director">Events</a> <span class="who">{esc(director.name)}</span> '
        f'<form method="post" action="/logout" class="inline">{csrf_field(director.csrf_token)}'
        '<button id="logout" class="link">Log out</button></form></nav>'
    )


def _flash(request: Request) -> str:
    message = request.query_params.get("msg")
    return f'<p id="flash" class="flash" role="status">{esc(message)}</p>' if message else ""


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    return {key: value for key, value in form.items() if isinstance(value, str)}


async def _director_form(request: Request) -> tuple[DirectorSession, dict[str, str]]:
    director = optional_director(request)
    if director is None:
        raise AuthError("log in as the director first")
    data = await _form(request)
    check_csrf(director, data.get("csrf_token"))
    return director, data


def _int(data: dict[str, str], key: str, what: str) -> int:
    text = data.get(key, "").strip()
    try:
        return int(text)
    except ValueError:
        raise StoreError(f"{what} must be a whole number, got {text!r}") from None


def _optional_int(data: dict[str, str], key: str, what: str) -> int | None:
    return _int(data, key, what) if data.get(key, "").strip() else None


def _session_cookie(response: Response, request: Request, director_id: int, name: str) -> None:
    token, _ = signer(request).issue(director_id=director_id, name=name)
    response.set_cookie(COOKIE_NAME, token, max_age=SESSION_MAX_AGE, httponly=True, samesite="lax")


# --- setup, login ----------------------------------------------------------------------------


@router.get("/setup", response_class=HTMLResponse)
def setup_page(request: Request) -> Response:
    """First run: choose the director's name and password."""
    with database(request).read() as session:
        if not auth.needs_setup(session):
            return RedirectResponse("/login", status_code=303)
    body = f"""<p>Welcome. Set the director's password (at least {auth.MIN_PASSWORD_LENGTH}
characters); it is stored hashed.</p>
<form id="setup-form" method="post" action="/setup" class="stack">
<label>Name <input id="setup-name" name="name" value="director" required></label>
<label>Password <input id="setup-password" name="password" type="password" required
 minlength="{auth.MIN_PASSWORD_LENGTH}"></label>
<button id="setup-submit">Set password</button></form>"""
    return HTMLResponse(layout("First run", body))


@router.post("/setup")
async def setup_post(request: Request) -> Response:
    """Create the first director and log in."""
    data = await _form(request)

    def work() -> tuple[int, str]:
        with database(request).write() as session:
            director = auth.set_up_first_director(
                session, name=data.get("name", ""), password=data.get("password", "")
            )
            return director.id, director.name

    director_id, name = await run_in_threadpool(work)
    response = redirect("/director", "Password set. Create your first event.")
    _session_cookie(response, request, director_id, name)
    return response


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request) -> Response:
    """The login form."""
    with database(request).read() as session:
        if auth.needs_setup(session):
            return RedirectResponse("/setup", status_code=303)
    body = f"""{_flash(request)}<form id="login-form" method="post" action="/login" class="stack">
<label>Name <input id="login-name" name="name" value="director" required></label>
<label>Password <input id="login-password" name="password" type="password" required></label>
<button id="login-submit">Log in</button></form>"""
    return HTMLResponse(layout("Director login", body))


@router.post("/login")
async def login_post(request: Request) -> Response:
    """Check the password and set the session cookie."""
    data = await _form(request)

    def work() -> tuple[int, str]:
        with database(request).read() as session:
            director = auth.authenticate(
                session, name=data.get("name", ""), password=data.get("password", "")
            )
            return director.id, director.name

    director_id, name = await run_in_threadpool(work)
    response = redirect("/director")
    _session_cookie(response, request, director_id, name)
    return response


@router.post("/logout")
async def logout_post(request: Request) -> Response:
    """Forget the session cookie."""
    await _director_form(request)
    response = redirect("/login", "Logged out.")
    response.delete_cookie(COOKIE_NAME)
    return response


# --- events ----------------------------------------------------------------------------------


def _login_redirect(request: Request) -> Response:
    with database(request).read() as session:
        target = "/setup" if auth.needs_setup(session) else "/login"
    return RedirectResponse(target, status_code=303)


def _options(values: list[str] | tuple[str, ...], selected: str) -> str:
    return "".join(
        f'<option value="{esc(value)}"{" selected" if value == selected else ""}>'
        f"{esc(value)}</option>"
        for value in values
    )


@router.get("/director", response_class=HTMLResponse)
def director_home(request: Request) -> Response:
    """The events list, the create-event form and restore."""
    director = optional_director(request)
    if director is None:
        return _login_redirect(request)
    with database(request).read() as session:
        items = "".join(
            f'<li><a data-testid="event-link-{event.id}" href="/director/events/{event.id}">'
            f'{esc(event.name)}</a> <span class="muted">{esc(event.status)}</span></li>'
            for event in events.list_events(session)
        )
    csrf = csrf_field(director.csrf_token)
    body = f"""{_flash(request)}
<section><h2>Events</h2><ul id="event-list">{items or "<li>No events yet.</li>"}</ul></section>
<section><h2>New event</h2>
<form id="create-event-form" method="post" action="/director/events" class="grid">{csrf}
<label>Name <input id="event-name" name="name" required maxlength="200"></label>
<label>Rule profile <select id="event-profile" name="profile_id">
{_options(BUILTIN_PROFILES, "tournament")}</select></label>
<label>Format <select id="event-format" name="format">
{_options(FORMAT_NAMES, FORMAT_NAMES[0])}</select></label>
<label>Rounds <input id="event-rounds" name="rounds" type="number" min="1" max="50"
 value="7"></label>
<label>Round length (minutes) <input id="event-round-minutes" name="round_minutes" type="number"
 min="0" max="600" value="20"></label>
<label>Format options (JSON) <textarea id="event-format-options" name="format_options"
 rows="2">{{}}</textarea></label>
<label>Prizes (dollars; tiers by minimum tables) <input id="event-prizes" name="prizes"
 placeholder="3: 60, 40, 20; 4: 75, 50, 35"></label>
<label class="check"><input id="event-side-pot" name="side_pot" type="checkbox" value="1">
 Side pot (euchred cup)</label>
<label>Cents per euchre <input id="event-side-pot-cents" name="side_pot_cents" type="number"
 min="0" value="25"></label>
<label>Sitting out scores <select id="event-sit-out" name="sit_out_scoring">
{_options(SIT_OUT_SCORING, "average")}</select></label>
<label>Points for sitting out ("fixed") <input id="event-sit-out-points" name="sit_out_points"
 type="number" min="0" value="0"></label>
<label>Tie-breaks (comma list, empty: the format's) <input id="event-tie-breaks"
 name="tie_breaks"></label>
<label>Seed (empty: random) <input id="event-seed" name="seed" type="number" min="0"></label>
<button id="create-event-submit">Create event</button></form>
<details id="format-help"><summary>Formats and their options</summary><dl>{_format_help()}</dl>
</details></section>
<section><h2>Restore a backup</h2>
<form id="restore-form" method="post" action="/director/restore" enctype="multipart/form-data">
{csrf}<input id="restore-file" name="file" type="file" accept="application/json,.json" required>
<button id="restore-submit">Restore as a new event</button></form></section>"""
    return HTMLResponse(layout("Events", body, nav=_nav(director)))


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
    try:
        options = json.loads(data.get("format_options", "").strip() or "{}")
    except json.JSONDecodeError as error:
        raise StoreError(f"format options are not valid JSON: {error}") from None
    if not isinstance(options, dict):
        raise StoreError("format options must be a JSON object such as {}")
    return EventConfig(
        name=data.get("name", ""),
        profile_id=data.get("profile_id", ""),
        format=data.get("format", ""),
        rounds=_int(data, "rounds", "rounds"),
        format_options=options,
        round_minutes=_optional_int(data, "round_minutes", "round length") or 0,
        seed=_optional_int(data, "seed", "seed") or 0,
        prizes=parse_prizes(data.get("prizes", "")),
        side_pot=bool(data.get("side_pot")),
        side_pot_cents=_optional_int(data, "side_pot_cents", "cents per euchre") or 0,
        sit_out_scoring=data.get("sit_out_scoring", "average"),
        sit_out_points=_optional_int(data, "sit_out_points", "points for sitting out") or 0,
        tie_breaks=tuple(
            name.strip() for name in data.get("tie_breaks", "").split(",") if name.strip()
        ),
    )


@router.post("/director/events")
async def create_event_post(request: Request) -> Response:
    """Create an event from the form."""
    director, data = await _director_form(request)

    def work() -> int:
        with database(request).write() as session:
            event = events.create_event(session, config=_config_from_form(data), who=director.name)
            return event.id

    event_id = await run_in_threadpool(work)
    return redirect(f"/director/events/{event_id}", "Event created. Add players next.")


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


def standings_html(snapshot: EventSnapshot, *, table_id: str, tie_breaks: bool = True) -> str:
    """The standings table (shared with the public pages): ``=`` marks a rank still tied
    after every tie-break; the last column lists the tie-break values in order."""

    def breaks(values: dict[str, int]) -> str:
        shown = [
            f"{name.replace('_', ' ')} {value}"
            for name, value in values.items()
            if name != "points"  # already its own column
        ]
        return esc(", ".join(shown))

    rows = "".join(
        f'<tr data-testid="standing-{index}"><td>{row.rank}{"=" if row.tied else ""}</td>'
        f'<td>{esc(row.name)}</td><td class="num">{row.points}</td>'
        f'<td class="num">{row.games_won}/{row.games_played}</td>'
        f'<td class="num">{row.lone_hands}</td><td class="num">{row.euchres}</td>'
        + (f'<td class="muted">{breaks(dict(row.tie_break_values))}</td>' if tie_breaks else "")
        + "</tr>"
        for index, row in enumerate(snapshot.standings, start=1)
    )
    head = "<th>Tie-breaks</th>" if tie_breaks else ""
    return (
        f'<table id="{table_id}" class="standings"><thead><tr><th>#</th><th>Name</th>'
        f"<th>Points</th><th>Won</th><th>Loners</th><th>Euchred</th>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def prizes_html(snapshot: EventSnapshot) -> str:
    """Prizes and the euchred-cup pot."""
    awards = "".join(
        f"<li>{esc(award.name)}: ${award.amount_cents / 100:.2f} "
        f"(place {', '.join(str(place) for place in award.places)})</li>"
        for award in snapshot.prizes
    )
    pot = ""
    if snapshot.side_pot is not None:
        names = {row.competitor_id: row.name for row in snapshot.standings}
        winners = ", ".join(
            f"{esc(names.get(name, name))} ${share / 100:.2f}"
            for name, share in zip(
                snapshot.side_pot.winners, snapshot.side_pot.shares_cents, strict=False
            )
        )
        pot = (
            f'<p id="side-pot">Euchred cup: ${snapshot.side_pot.total_cents / 100:.2f}'
            f"{' to ' + winners if winners else ''}</p>"
        )
    playoffs = "".join(f"<li>{esc(playoff.description)}</li>" for playoff in snapshot.playoffs)
    playoff_html = f'<h3>Playoffs</h3><ul id="playoffs">{playoffs}</ul>' if playoffs else ""
    return f'<ul id="prizes">{awards or "<li>No prizes yet.</li>"}</ul>{pot}{playoff_html}'


def _players_section(session: Session, event_id: int, csrf: str) -> str:
    entrants = events.list_entrants(session, event_id=event_id)
    rows = []
    for row in entrants:
        status = (
            "withdrawn"
            if row.withdrawal_round
            else ("here" if row.checked_in else "not checked in")
        )
        actions = ""
        if not row.checked_in:
            actions += (
                f'<form method="post" class="inline" action="/director/events/{event_id}/players/'
                f'{row.number}/check-in">{csrf}<button data-testid="check-in-{row.number}">'
                "Check in</button></form>"
            )
        if row.withdrawal_round is None:
            actions += (
                f'<form method="post" class="inline" action="/director/events/{event_id}/players/'
                f'{row.number}/withdraw">{csrf}<button data-testid="withdraw-{row.number}" '
                'class="secondary">Withdraw</button></form>'
            )
        rows.append(
            f'<tr data-testid="player-{row.number}" '
            f'data-checked-in="{str(row.checked_in).lower()}">'
            f"<td>{row.number}</td><td>{esc(row.name)}</td><td>{esc(row.team or '')}</td>"
            f"<td><code>{esc(row.code)}</code></td><td>{esc(status)}"
            f"{' from round ' + str(row.arrival_round) if row.arrival_round > 1 else ''}</td>"
            f"<td>{actions}</td></tr>"
        )
    return f"""<section id="players"><h2>Players ({len(entrants)})</h2>
<table id="player-table"><thead><tr><th>#</th><th>Name</th><th>Team</th><th>Code</th>
<th>Status</th><th></th></tr></thead><tbody>{"".join(rows)}</tbody></table>
<div class="forms">
<form id="add-player-form" method="post" action="/director/events/{event_id}/players">{csrf}
<label>Name <input id="player-name" name="name" required maxlength="200"></label>
<label>Team (fixed partners) <input id="player-team" name="team" maxlength="200"></label>
<label class="check"><input id="player-checked-in" name="checked_in" type="checkbox" value="1"
 checked> here now</label><button id="add-player-submit">Add player</button></form>
<form id="import-form" method="post" action="/director/events/{event_id}/players/import">{csrf}
<label>CSV (header: name, team, checked_in) <textarea id="import-csv" name="csv" rows="3"
 placeholder="name,team&#10;Ann,&#10;Bob,"></textarea></label>
<button id="import-submit">Import</button></form>
<form id="pair-form" method="post" action="/director/events/{event_id}/pairs">{csrf}
<label>Pair player # <input id="pair-first" name="first" type="number" min="1" required></label>
<label>with # <input id="pair-second" name="second" type="number" min="1" required></label>
<label>Team name <input id="pair-team" name="team" maxlength="200"></label>
<button id="pair-submit">Pair</button></form></div></section>"""


def _score_text(points: tuple[int, int] | None) -> str:
    return "" if points is None else f"{points[0]}–{points[1]}"


def _preview(session: Session, event_id: int, snapshot: EventSnapshot, number: int) -> str:
    """The seating the format gives the next round, before it starts (players not checked
    in are left out when it starts)."""
    plan = next((plan for plan in snapshot.rounds if plan.round == number), None)
    if plan is None or not plan.tables:
        return '<p class="muted">No seating yet: add and check in players.</p>'
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}

    def side(players: tuple[str, ...]) -> str:
        return esc(" & ".join(names.get(player, player) for player in players))

    rows = "".join(
        f"<tr><td>{table.table}</td><td>{side(table.partnerships[0])}</td>"
        f"<td>{side(table.partnerships[1])}</td></tr>"
        for table in plan.tables
    )
    out = ", ".join(esc(names.get(player, player)) for player in plan.sitting_out)
    return (
        f'<h3>Round {number} seating (preview)</h3><table id="seating-preview"><tbody>{rows}'
        f"</tbody></table>" + (f'<p class="muted">Sitting out: {out}</p>' if out else "")
    )


def _round_section(session: Session, event_id: int, csrf: str, snapshot: EventSnapshot) -> str:
    started = events.started_rounds(session, event_id=event_id)
    open_round = started[-1] if started and started[-1].closed_at is None else None
    controls = ""
    if open_round is None:
        if not snapshot.is_over:
            controls = (
                f'<form method="post" action="/director/events/{event_id}/rounds/start">{csrf}'
                f'<button id="start-round">Start round {len(started) + 1}</button></form>'
                + _preview(session, event_id, snapshot, len(started) + 1)
            )
        else:
            controls = '<p class="muted">Every round has been played.</p>'
        return f'<section id="round-status"><h2>Rounds</h2>{controls}</section>'
    number = open_round.number
    base = f"/api/events/{event_id}/rounds/{number}"
    statuses = scores.table_statuses(session, event_id=event_id, round_number=number)
    rows = "".join(
        f'<tr data-testid="table-{status.table}" data-state="{esc(status.state)}">'
        f"<td>{status.table}</td><td>{esc(' & '.join(status.partnerships[0]))}</td>"
        f"<td>{esc(' & '.join(status.partnerships[1]))}</td>"
        f"<td><code>{esc(status.code)}</code></td>"
        f'<td>{esc(status.state)}</td><td class="num">'
        f"{_score_text(status.team_points)}"
        "</td></tr>"
        for status in statuses
    )
    reported = sum(1 for status in statuses if status.team_points is not None)
    sitting = ", ".join(esc(player) for player in open_round.plan.get("sitting_out", []))
    sitting_text = f" Sitting out: players {sitting}." if sitting else ""
    return f"""<section id="round-status"><h2>Round {number} in play</h2>
<p class="clock">Time left: {timer_html(open_round)}
<button id="bell-toggle" type="button" class="secondary">Enable the bell</button>
<button id="bell-test" type="button" class="secondary">Ring now</button></p>
<div id="round-live" data-live="10">
<p>{reported} of {len(statuses)} tables reported.{sitting_text}</p>
<p class="print">Print: <a id="print-table-cards" href="{base}/table-cards.pdf">table cards</a> ·
<a id="print-tally-sheets" href="{base}/tally-sheets.pdf">tally sheets</a> ·
<a id="print-scorecards" href="{base}/scorecards.pdf">player scorecards</a> ·
<a id="print-assignments" href="{base}/assignments.pdf">seating list</a></p>
<table id="tables"><thead><tr><th>Table</th><th>Team 0</th><th>Team 1</th><th>Code</th>
<th>State</th><th>Score</th></tr></thead><tbody>{rows}</tbody></table></div>
<div class="forms">
<form method="post" action="/director/events/{event_id}/rounds/{number}/close">{csrf}
<button id="close-round">Close round {number}</button></form>
<form id="undo-form" method="post" action="/director/events/{event_id}/rounds/{number}/undo">{csrf}
<label>Undo this round (started by mistake) — reason <input id="undo-reason" name="reason"></label>
<button id="undo-submit" class="secondary">Undo round {number}</button></form></div></section>"""


def _submissions_section(session: Session, event_id: int, csrf: str) -> str:
    open_rows = [
        row
        for row in scores.list_submissions(session, event_id=event_id)
        if row.status in ("disputed", "pending")
    ]
    items = "".join(
        f'<li data-testid="submission-{row.id}" data-status="{esc(row.status)}">'
        f"Round {row.round_number} table {row.table_number}: "
        f"{row.result['team_points'][0]}–{row.result['team_points'][1]} "
        f"(by player {row.submitted_by}, {esc(row.status)})"
        f'<form method="post" class="inline" action="/director/events/{event_id}/submissions/'
        f'{row.id}/accept">{csrf}<button data-testid="accept-{row.id}">Accept this score'
        "</button></form></li>"
        for row in open_rows
    )
    return (
        f'<section id="disputes" data-live="10"><h2>Scores waiting</h2><ul>'
        f"{items or '<li>None.</li>'}</ul></section>"
    )


def _penalties_section(session: Session, event_id: int, csrf: str, snapshot: EventSnapshot) -> str:
    """Recorded penalties, how the profile scored each, and a button to take one back."""
    rows = scores.list_penalties(session, event_id=event_id)
    if not rows:
        return ""
    rulings = {
        (ruling.round, ruling.table, ruling.kind, ruling.offender_id): ruling
        for ruling in snapshot.penalties
    }
    items = []
    for row in rows:
        record = row.record
        ruling = rulings.get(
            (
                row.round_number,
                row.table_number,
                str(record.get("kind")),
                str(record.get("offender_id")),
            )
        )
        outcome = (
            f": {esc(ruling.outcome)} ({ruling.team_points[0]}/{ruling.team_points[1]})"
            if ruling is not None
            else ""
        )
        items.append(
            f'<li data-testid="penalty-{row.id}">Round {row.round_number} table '
            f"{row.table_number}: {esc(record.get('kind'))} by player "
            f"{esc(record.get('offender_id'))}{outcome}"
            f'<form method="post" class="inline" action="/director/events/{event_id}/penalties/'
            f'{row.id}/remove">{csrf}<input type="hidden" name="reason" value="removed by the '
            f'director"><button data-testid="remove-penalty-{row.id}" class="secondary">'
            "Remove</button></form></li>"
        )
    return f'<section id="penalties"><h2>Penalties</h2><ul>{"".join(items)}</ul></section>'


def _tools_section(event_id: int, csrf: str) -> str:
    return f"""<section id="tools"><h2>Corrections, penalties, seating</h2><div class="forms">
<form id="correction-form" method="post" action="/director/events/{event_id}/correct">{csrf}
<h3>Enter or correct a result</h3>
<label>Round <input id="correct-round" name="round" type="number" min="1" required></label>
<label>Table <input id="correct-table" name="table" type="number" min="1" required></label>
<label>Team 0 points <input id="correct-team0" name="team0" type="number" min="0" required></label>
<label>Team 1 points <input id="correct-team1" name="team1" type="number" min="0" required></label>
<label>Reason <input id="correct-reason" name="reason"></label>
<button id="correct-submit">Save result</button></form>
<form id="penalty-form" method="post" action="/director/events/{event_id}/penalties">{csrf}
<h3>Record a penalty</h3>
<label>Round <input id="penalty-round" name="round" type="number" min="1" required></label>
<label>Table <input id="penalty-table" name="table" type="number" min="1" required></label>
<label>Kind <select id="penalty-kind" name="kind">
{_options(PENALTY_KINDS, "renege")}</select></label>
<label>Offending player # <input id="penalty-offender" name="offender" type="number" min="1"
 required></label>
<label>Hand # <input id="penalty-hand" name="hand_number" type="number" min="1"></label>
<label class="check"><input id="penalty-proven" name="proven" type="checkbox" value="1" checked>
 proven</label>
<label class="check"><input id="penalty-lone" name="lone_hand" type="checkbox" value="1"> on a
 lone hand</label>
<label>Note <input id="penalty-note" name="note"></label>
<button id="penalty-submit">Record penalty</button></form>
<form id="seating-form" method="post" action="/director/events/{event_id}/seating">{csrf}
<h3>Set a seating by hand</h3>
<label>Round <input id="seating-round" name="round" type="number" min="1" required></label>
<label>Tables, one per line <textarea id="seating-text" name="tables" rows="4"
 placeholder="1 2 vs 3 4&#10;5 6 vs 7 8"></textarea></label>
<label>Sitting out <input id="seating-sitting-out" name="sitting_out" placeholder="9 10"></label>
<label>Reason <input id="seating-reason" name="reason"></label>
<button id="seating-submit">Set seating</button></form></div></section>"""


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


@router.get("/director/events/{event_id}", response_class=HTMLResponse)
def event_dashboard(request: Request, event_id: int) -> Response:
    """Everything about one event on one page."""
    director = optional_director(request)
    if director is None:
        return _login_redirect(request)
    csrf = csrf_field(director.csrf_token)
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        snapshot = display_snapshot(session, event)
        config = event.config
        audit_rows = [
            [
                esc(entry.at.strftime("%H:%M:%S")),
                esc(entry.who),
                esc(entry.action),
                esc(entry.target),
                f"<code>{esc(json.dumps(entry.old_value)[:200]) if entry.old_value else ''}</code>",
                f"<code>{esc(json.dumps(entry.new_value)[:200]) if entry.new_value else ''}</code>",
                esc(entry.reason),
            ]
            for entry in reversed(list_audit(session, event_id=event_id)[-200:])
        ]
        changes = request.query_params.get("changes", "")
        changes_html = (
            f'<p id="movement-changes" class="flash">Seats changed by the correction: '
            f"{esc(changes)}</p>"
            if changes
            else ""
        )
        warnings = "".join(f"<li>{esc(w)}</li>" for w in snapshot.warnings)
        body = f"""{_flash(request)}
<p class="muted">{esc(config.get("profile_id"))} rules · {esc(config.get("format"))} ·
{esc(config.get("rounds"))} rounds of {esc(config.get("round_minutes"))} min ·
status {esc(event.status)}</p>
{changes_html}
{f'<ul class="warnings">{warnings}</ul>' if warnings else ""}
{_round_section(session, event_id, csrf, snapshot)}
{_submissions_section(session, event_id, csrf)}
<section id="standings"><h2>Standings</h2>{standings_html(snapshot, table_id="standings-table")}
{prizes_html(snapshot)}
<p><a id="live-link" href="/events/{event_id}/live">Projector page</a> ·
<a id="results-link" href="/events/{event_id}/results">Results page</a> ·
<a id="export-csv" href="/api/events/{event_id}/standings.csv">CSV</a> ·
<a id="export-json" href="/api/events/{event_id}/snapshot">JSON</a> ·
<a id="backup-link" href="/director/events/{event_id}/backup.json">Full backup</a></p></section>
{_players_section(session, event_id, csrf)}
{_penalties_section(session, event_id, csrf, snapshot)}
{_tools_section(event_id, csrf)}
<section><h2>Audit log</h2><table id="audit-log"><thead><tr><th>When (UTC)</th><th>Who</th>
<th>What</th><th>Target</th><th>Old</th><th>New</th><th>Why</th></tr></thead>
<tbody>{table_rows(audit_rows)}</tbody></table></section>"""
        title = event.name
    return HTMLResponse(layout(title, body, nav=_nav(director), body_class="dashboard"))


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


def _action(
    path: str,
    work: Callable[[Session, DirectorSession, dict[str, str], int], str | None],
    message: str,
) -> None:
    """Register a dashboard form post: run ``work`` in a write transaction, then redirect."""

    async def handler(request: Request, event_id: int) -> Response:
        director, data = await _director_form(request)

        def run() -> str | None:
            with database(request).write() as session:
                return work(session, director, data, event_id)

        extra = await run_in_threadpool(run)
        url = f"/director/events/{event_id}"
        if extra:
            url += f"?changes={quote(extra)}"
        return redirect(url, message)

    handler.__name__ = "post_" + path.strip("/").replace("/", "_").replace("{", "").replace("}", "")
    router.add_api_route(f"/director/events/{{event_id}}{path}", handler, methods=["POST"])


def _add_player(
    session: Session, director: DirectorSession, form: dict[str, str], event_id: int
) -> None:
    events.add_entrant(
        session,
        event_id=event_id,
        name=form.get("name", ""),
        team=form.get("team") or None,
        checked_in=bool(form.get("checked_in")),
        who=director.name,
    )


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
        numbers=(_int(form, "first", "first player"), _int(form, "second", "second player")),
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
    _, changes = scores.correct_result(
        session,
        event_id=event_id,
        round_number=_int(form, "round", "round"),
        table=_int(form, "table", "table"),
        entered=scores.ResultInput(
            team_points=(_int(form, "team0", "team 0 points"), _int(form, "team1", "team 1 points"))
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
        round_number=_int(form, "round", "round"),
        table=_int(form, "table", "table"),
        kind=form.get("kind", ""),
        offender_number=_int(form, "offender", "offending player"),
        hand_number=_optional_int(form, "hand_number", "hand number"),
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
        round_number=_int(form, "round", "round"),
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


def _register_numbered() -> None:
    """Routes with a second path number (player, round, submission)."""

    async def check_in_post(request: Request, event_id: int, number: int) -> Response:
        director, _ = await _director_form(request)

        def run() -> None:
            with database(request).write() as session:
                events.check_in(session, event_id=event_id, number=number, who=director.name)

        await run_in_threadpool(run)
        return redirect(f"/director/events/{event_id}", f"Player {number} checked in.")

    async def withdraw_post(request: Request, event_id: int, number: int) -> Response:
        director, data = await _director_form(request)

        def run() -> None:
            with database(request).write() as session:
                events.withdraw(
                    session,
                    event_id=event_id,
                    number=number,
                    who=director.name,
                    reason=data.get("reason", ""),
                )

        await run_in_threadpool(run)
        return redirect(f"/director/events/{event_id}", f"Player {number} withdrawn.")

    async def close_post(request: Request, event_id: int, number: int) -> Response:
        director, _ = await _director_form(request)

        def run() -> None:
            with database(request).write() as session:
                rounds.close_round(session, event_id=event_id, number=number, who=director.name)

        await run_in_threadpool(run)
        return redirect(f"/director/events/{event_id}", f"Round {number} closed.")

    async def undo_post(request: Request, event_id: int, number: int) -> Response:
        director, data = await _director_form(request)

        def run() -> None:
            with database(request).write() as session:
                rounds.undo_round(
                    session,
                    event_id=event_id,
                    number=number,
                    who=director.name,
                    reason=data.get("reason", ""),
                )

        await run_in_threadpool(run)
        return redirect(f"/director/events/{event_id}", f"Round {number} undone.")

    async def accept_post(request: Request, event_id: int, number: int) -> Response:
        director, data = await _director_form(request)

        def run() -> str | None:
            with database(request).write() as session:
                _, changes = scores.accept_submission(
                    session,
                    event_id=event_id,
                    submission_id=number,
                    who=director.name,
                    reason=data.get("reason", "settled by the director"),
                )
                return _changes_text(changes)

        extra = await run_in_threadpool(run)
        url = f"/director/events/{event_id}" + (f"?changes={quote(extra)}" if extra else "")
        return redirect(url, "Score accepted.")

    async def remove_penalty_post(request: Request, event_id: int, number: int) -> Response:
        director, data = await _director_form(request)

        def run() -> None:
            with database(request).write() as session:
                scores.remove_penalty(
                    session,
                    event_id=event_id,
                    penalty_id=number,
                    who=director.name,
                    reason=data.get("reason", ""),
                )

        await run_in_threadpool(run)
        return redirect(f"/director/events/{event_id}", "Penalty removed.")

    base = "/director/events/{event_id}"
    router.add_api_route(
        f"{base}/penalties/{{number}}/remove", remove_penalty_post, methods=["POST"]
    )
    router.add_api_route(f"{base}/players/{{number}}/check-in", check_in_post, methods=["POST"])
    router.add_api_route(f"{base}/players/{{number}}/withdraw", withdraw_post, methods=["POST"])
    router.add_api_route(f"{base}/rounds/{{number}}/close", close_post, methods=["POST"])
    router.add_api_route(f"{base}/rounds/{{number}}/undo", undo_post, methods=["POST"])
    router.add_api_route(f"{base}/submissions/{{number}}/accept", accept_post, methods=["POST"])


_register_numbered()
