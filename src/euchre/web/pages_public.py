"""Pages anyone at the venue can open: home, a table's page (by QR code or table code), the
live standings for the projector, and the read-only results."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.store import events, rounds, scores
from euchre.store.core import display_snapshot, event_config
from euchre.store.errors import (
    AuthError,
    ConflictError,
    NotFoundError,
    RateLimitedError,
    StoreError,
)
from euchre.store.models import Round, Submission
from euchre.store.online import computer_mark, computer_players
from euchre.tournament import EventSnapshot, RoundPlan
from euchre.tournament.validation import ResultError
from euchre.web import table_page
from euchre.web.deps import database, guard_codes, optional_director
from euchre.web.page_helpers import flash_html, read_form
from euchre.web.pages_common import esc, layout, redirect, timer_html
from euchre.web.pages_dashboard import prizes_html, round_label, standings_html

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    """Enter a table code, or go to the director's pages."""
    with database(request).read() as session:
        if events.list_events(session) == [] and optional_director(request) is None:
            from euchre.store.auth import needs_setup

            if needs_setup(session):
                return RedirectResponse("/setup", status_code=303)
        shown = [event for event in events.list_events(session) if event.status != "archived"]
        listed = "".join(
            f'<li>{esc(event.name)}: <a href="/events/{event.id}/live">live standings</a> · '
            f'<a href="/events/{event.id}/results">results</a></li>'
            for event in shown[:10]
        )
        running = [event for event in shown if event.status == "running"]
    event_options = "".join(
        f'<option value="{event.id}">{esc(event.name)}</option>' for event in running
    )
    player_form = (
        f"""<p class="muted">No card at hand? Your own player code finds your table.</p>
<form id="player-form" method="get" action="/me" class="row">
<label>Event <select id="player-event" name="event">{event_options}</select></label>
<label>Your player code <input id="player-own-code" name="code" inputmode="numeric"
 autocomplete="off" maxlength="16" required></label>
<button id="player-submit">Find my table</button></form>"""
        if running
        else ""
    )
    body = f"""<section><h2>At a table?</h2>
<form id="code-form" method="get" action="/t" class="row">
<label>Table code <input id="table-code" name="code" autocomplete="off" autocapitalize="characters"
 maxlength="16" required></label><button id="code-submit">Open my table</button></form>
{player_form}</section>
<section><h2>Events</h2><ul>{listed or "<li>None yet.</li>"}</ul>
<p><a href="/director">Director</a></p></section>"""
    return HTMLResponse(layout("Euchre", body))


@router.get("/t")
def table_by_code(code: str = "") -> Response:
    """The code box on the home page leads here."""
    cleaned = "".join(code.split()).upper()
    if not cleaned or not cleaned.isalnum():
        raise StoreError(f"table code {code!r} should be letters and digits, as on the card")
    return RedirectResponse(f"/t/{cleaned}", status_code=303)


def _view(context: rounds.TableContext) -> table_page.TableView:
    profile = load_profile(event_config(context.event).profile_id)
    hands = context.round.plan.hands
    if context.round.plan.stage == "playoff" and hands:
        # A playoff game lasts its own hands: the form has that many rows.
        profile = replace(profile, game_hands=int(hands), game_target=0)
    return table_page.TableView(context.code, context.partnerships, profile)


def _submission_item(
    view: table_page.TableView, row: Submission, confirm_error: tuple[int, str] | None = None
) -> str:
    """One entered score: what it says in full (what an opponent vouches for) and, while it
    waits, the confirm and dispute buttons (with the error of a refused code, if any)."""
    entered_by = view.name_of(row.submitted_by)
    actions = ""
    refused = confirm_error is not None and confirm_error[0] == row.id
    if row.status == "pending":
        problem = (
            f'<p id="form-error" class="error field-error" role="alert">{esc(confirm_error[1])}</p>'
            if refused and confirm_error is not None
            else ""
        )
        marked = ' class="invalid" aria-invalid="true"' if refused else ""
        actions = (
            f'<form method="post" action="/t/{esc(view.code)}/submissions/{row.id}/confirm" '
            f'class="row"><p class="muted">An opponent of {esc(entered_by)} checks every line '
            f"above, then confirms with his own code.</p>{problem}"
            f'<label>Opponent\'s code <input id="confirm-code-{row.id}" '
            f'name="player_code" inputmode="numeric" autocomplete="off" required{marked}>'
            f'</label><button id="confirm-{row.id}">Confirm</button>'
            f'<button id="dispute-{row.id}" class="secondary" '
            f'formaction="/t/{esc(view.code)}/submissions/{row.id}/dispute">Wrong score'
            "</button></form>"
        )
    return (
        f'<li data-testid="submission-{row.id}" data-status="{esc(row.status)}">'
        f"<strong>{row.result.team_points[0]} – {row.result.team_points[1]}</strong> "
        f"entered by {esc(entered_by)}: <em>{esc(row.status)}</em>"
        + (
            table_page.result_html(view, row.result.to_json(), element_id=f"vouch-{row.id}")
            if row.status in ("pending", "disputed")
            else ""  # the saved result above shows it in full
        )
        + actions
        + "</li>"
    )


@router.get("/me", response_class=HTMLResponse)
def table_by_player_code(request: Request, event: int = 0, code: str = "") -> Response:
    """A player reaches his table of the round in play from his own code (wrong codes are
    counted and slowed down like table codes); a player who sits out is told so."""
    if not code.strip():
        raise StoreError("enter your player code, as printed on your own card")
    table_code = guard_codes(
        request,
        lambda session: rounds.table_of_player(session, event_id=event, player_code=code),
        write=False,
    )
    if table_code is not None and _plays_online(request, event, code):
        return RedirectResponse(  # his table plays in the browser (docs/online.md)
            f"/events/{event}/online#code={quote(code.strip())}", status_code=303
        )
    if table_code is not None:
        return RedirectResponse(f"/t/{table_code}", status_code=303)
    body = (
        '<p id="sitting-out" class="flash" role="status">You sit out this round. '
        "Watch the projector for the next seating.</p>"
        '<p><a href="/">Back</a></p>'
    )
    return HTMLResponse(layout("Sitting out", body))


def _plays_online(request: Request, event: int, code: str) -> bool:
    from euchre.store.online import plays_online

    with database(request).read() as session:
        return plays_online(session, event_id=event, player_code=code)


def _table_body(
    request: Request,
    code: str,
    *,
    values: dict[str, str] | None = None,
    error: str = "",
    bad: tuple[str, ...] = (),
    confirm_error: tuple[int, str] | None = None,
) -> tuple[str, str]:
    with database(request).read() as session:
        context = rounds.open_table(session, code=code)
        view = _view(context)
        submissions = scores.table_submissions(session, context=context)
        official_row = scores.official_result(
            session,
            event_id=context.event.id,
            round_number=context.round.number,
            table=context.table_number,
        )
        bots = computer_players(
            session, event_id=context.event.id, round_number=context.round.number
        ).get((context.round.number, context.table_number), {})
        next_seats = ""
        with_penalties: tuple[int, int] | None = None
        if official_row is not None:
            names = {
                str(row.number): row.name
                for row in events.list_entrants(session, event_id=context.event.id)
            }
            snapshot = display_snapshot(session, context.event)
            next_seats = table_page.next_seats_html(view, snapshot, context.round.number, names)
            key = (context.round.number, context.table_number)
            scored = scores.scored_tables(
                session, event_id=context.event.id, snapshot=snapshot, only=key
            )
            with_penalties = scored[key].points if key in scored else None
    sides = "".join(
        f'<div id="partnership-{index}" class="side"><h3>{esc(view.team_name(index))}</h3>'
        + "".join(
            f'<p>{esc(member.name)} <span class="muted">#{member.number}</span>'
            + (
                f'<span class="computer-player">{esc(computer_mark(bots[str(member.number)]))}'
                "</span>"
                if str(member.number) in bots
                else ""
            )
            + "</p>"
            for member in side
        )
        + "</div>"
        for index, side in enumerate(context.partnerships)
    )
    shown = [row for row in submissions if row.status != "superseded"]
    items = "".join(_submission_item(view, row, confirm_error) for row in shown)
    if official_row is not None:
        # A saved result: show it (and where everyone goes), not a fresh form.
        official = official_row.result.to_json()
        saved = f"""<section id="official" class="flash"><h2>Saved</h2>
<p id="winner">{esc(table_page.winner_text(view, official, with_penalties))}</p>
{table_page.result_html(view, official, element_id="saved-result")}
<p class="muted">A mistake? Ask the director: only the director corrects a saved score.</p>
</section><section id="next" data-live="15"><h2>Where you go next</h2>{next_seats}</section>"""
        form = (
            f'<p id="form-error" class="error field-error" role="alert">{esc(error)}</p>'
            if error
            else ""
        )
    else:
        saved = ""
        form = table_page.score_form_html(view, values=values, error=error, bad=bad)
        if any(row.status == "pending" for row in shown):
            # A score waits for its confirmation: that comes first; a fresh form under it
            # reads as "enter the score again". Open only when a typed entry came back.
            opened = " open" if (error or values) else ""
            form = (
                f'<details id="different-score"{opened}><summary id="different-score-open">'
                f"The score above is wrong? Enter a different score</summary>{form}</details>"
            )
    round_name = esc(_lower_first(round_label(context.round.plan, context.round.number)))
    body = f"""{flash_html(request)}{saved}
<section id="table-info"><p>{esc(context.event.name)} ·
<span id="round-name">{round_name}</span>{_hands_note(context.round.plan)} ·
<strong>table {context.table_number}</strong> · time left
{timer_html(context.round)}</p>
<div class="sides">{sides}</div></section>
<section><h2>Scores entered</h2><ul id="submissions">{items or "<li>None yet.</li>"}</ul></section>
{form}"""
    return f"Table {context.table_number}", body


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        layout(title, body, body_class="table-page", head=table_page.FORM_STYLE),
        status_code=status,
    )


@router.get("/t/{code}", response_class=HTMLResponse)
def table_page_view(request: Request, code: str) -> Response:
    """A table's page for this round (wrong codes are counted and slowed down)."""
    guard_codes(request, lambda session: rounds.open_table(session, code=code), write=False)
    title, body = _table_body(request, code)
    return _page(title, body)


_KEPT = "Score kept. Now an opponent confirms it."
# The storage keeps a second, different score next to the first and marks both disputed; the
# player must not be told an opponent will confirm it, since only the director can settle it.
_SUBMITTED_MESSAGES = {
    "pending": _KEPT,
    "disputed": (
        "This score differs from the one already entered for this table. Both scores are kept "
        "and the director has been told; the director will settle it."
    ),
    "confirmed": "This score was already entered and confirmed.",
    "accepted": "This score was already entered and accepted by the director.",
}


def _error_field(error: EuchreError) -> str:
    if isinstance(error, ResultError):
        return error.field
    if isinstance(error, AuthError):
        return "player_code"
    return ""


@router.post("/t/{code}/submissions")
async def submit_post(request: Request, code: str) -> Response:
    """Keep the score the table entered. When something is wrong, the same form comes back
    with everything typed still there and the bad field marked."""
    data = await read_form(request)

    def run() -> str:
        def work(session: Session) -> str:
            context = rounds.open_table(session, code=code)
            submission = scores.submit_score(
                session,
                code=code,
                player_code=data.get("player_code", ""),
                entered=table_page.entered_from_form(data, _view(context)),
            )
            return submission.status

        return guard_codes(request, work)

    try:
        status = await run_in_threadpool(run)
    except EuchreError as error:
        if isinstance(error, NotFoundError | RateLimitedError | ConflictError):
            raise  # a wrong table code, a blocked device, a round that is over: the error page
        field = _error_field(error)
        message = str(error)

        def render() -> tuple[str, str]:
            with database(request).read() as session:
                view = _view(rounds.open_table(session, code=code))
            return _table_body(
                request,
                code,
                values=data,
                error=message,
                bad=tuple(table_page.field_ids(field, view)),
            )

        title, body = await run_in_threadpool(render)
        return _page(title, body, 401 if isinstance(error, AuthError) else 400)
    return redirect(f"/t/{code.strip().upper()}", _SUBMITTED_MESSAGES.get(status, _KEPT))


async def _answer_on_the_page(
    request: Request, code: str, submission_id: int, action: str, message: str
) -> Response:
    """Confirm or dispute; a refused code comes back on the same page, next to that score."""
    data = await read_form(request)
    service = scores.confirm_submission if action == "confirm" else scores.dispute_submission

    def run() -> None:
        guard_codes(
            request,
            lambda session: service(
                session,
                code=code,
                submission_id=submission_id,
                player_code=data.get("player_code", ""),
            ),
        )

    try:
        await run_in_threadpool(run)
    except EuchreError as error:
        if isinstance(error, NotFoundError | RateLimitedError):
            raise
        text = str(error)

        def render() -> tuple[str, str]:
            return _table_body(request, code, confirm_error=(submission_id, text))

        title, body = await run_in_threadpool(render)
        return _page(title, body, 401 if isinstance(error, AuthError) else 409)
    return redirect(f"/t/{code.strip().upper()}", message)


@router.post("/t/{code}/submissions/{submission_id}/confirm")
async def confirm_post(request: Request, code: str, submission_id: int) -> Response:
    """An opponent confirms with his code."""
    return await _answer_on_the_page(
        request, code, submission_id, "confirm", "Score confirmed and saved."
    )


@router.post("/t/{code}/submissions/{submission_id}/dispute")
async def dispute_post(request: Request, code: str, submission_id: int) -> Response:
    """An opponent says the score is wrong."""
    return await _answer_on_the_page(
        request, code, submission_id, "dispute", "Marked as disputed; the director will settle it."
    )


def _score_cell(table: scores.ScoredTable | None) -> str:
    """A table's score with its penalties (and the game's own score when they differ)."""
    if table is None:
        return ""
    text = f"{table.points[0]} – {table.points[1]}"
    if table.points != table.game_points:
        text += (
            f' <span class="muted">(game {table.game_points[0]} – {table.game_points[1]}, '
            f"penalties {table.penalty_points[0]:+d} / {table.penalty_points[1]:+d})</span>"
        )
    return text


def penalties_html(
    session: Session, event_id: int, snapshot: EventSnapshot, *, element_id: str
) -> str:
    """Every penalty the director recorded: where, what, and the points each team got."""
    if not snapshot.penalties:
        return f'<section id="{element_id}"><h2>Penalties</h2><p>None.</p></section>'
    names = {str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)}
    plans = {
        (round_row.number, entry.table): entry.partnerships
        for round_row in events.started_rounds(session, event_id=event_id)
        for entry in round_row.plan.tables
    }
    items = []
    for ruling in snapshot.penalties:
        sides = plans.get((ruling.round, ruling.table), ((), ()))
        teams = [" & ".join(names.get(p, p) for p in side) for side in sides]
        paid = ", ".join(
            f"{esc(teams[side])} +{points}"
            for side, points in enumerate(ruling.team_points)
            if points
        )
        named = esc(names.get(ruling.offender_id, ruling.offender_id))
        items.append(
            f"<li>Round {ruling.round} table {ruling.table}: "
            f"{esc(ruling.kind.replace('_', ' '))} ({named})"
            f" — {paid or 'a warning, no points'}</li>"
        )
    return f'<section id="{element_id}"><h2>Penalties</h2><ul>{"".join(items)}</ul></section>'


_LIVE_ROWS_PER_COLUMN = 20
"""Standings rows in one projector column: 40 players fit a 1920x1080 screen in two."""


def _live_standings(snapshot: EventSnapshot) -> str:
    """The standings in as many side-by-side columns as 20 rows a column need (at most 3)."""
    rows = snapshot.standings
    columns = min(3, max(1, -(-len(rows) // _LIVE_ROWS_PER_COLUMN)))
    size = -(-len(rows) // columns) if rows else 0
    parts = []
    for index in range(columns):
        chunk = rows[index * size : (index + 1) * size] if size else rows
        table_id = "live-standings" if index == 0 else f"live-standings-{index + 1}"
        parts.append(
            standings_html(replace(snapshot, standings=chunk), table_id=table_id, tie_breaks=False)
        )
    return f'<div class="live-columns" data-columns="{columns}">{"".join(parts)}</div>'


def _seating_html(
    heading: str,
    table_id: str,
    tables: list[tuple[int, tuple[str, ...], tuple[str, ...], str]],
    sitting_out: list[str],
) -> str:
    """One round's seating, table by table, then who sits out."""
    rows = "".join(
        f'<tr data-table="{number}"><td class="num">{number}</td><td>{esc(" & ".join(first))}</td>'
        f'<td class="vs">vs</td><td>{esc(" & ".join(second))}</td><td>{mark}</td></tr>'
        for number, first, second, mark in tables
    )
    out = (
        f'<p id="{table_id}-sitting-out" class="sitting-out">Sitting out: '
        f"{esc(', '.join(sitting_out))}</p>"
        if sitting_out
        else ""
    )
    return (
        f'<h2>{esc(heading)}</h2><table id="{table_id}" class="seating"><thead><tr>'
        "<th>Table</th><th>Partners</th><th></th><th>against</th><th></th></tr></thead>"
        f"<tbody>{rows}</tbody></table>{out}"
    )


def _with_computer_marks(
    session: Session,
    event_id: int,
    round_row: Round,
    statuses: list[scores.TableStatus],
    mark: Callable[[bool], str] = computer_mark,
) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each table's partnerships by name, a player whose seat the director gave to a computer
    player marked "(computer player, points counted)" or "... not counted" (docs/online.md)."""
    marks = computer_players(session, event_id=event_id, round_number=round_row.number)
    ids = {entry.table: entry.partnerships for entry in round_row.plan.tables}
    out = {}
    for status in statuses:
        bots = marks.get((round_row.number, status.table), {})
        sides = ids.get(status.table, ((), ()))
        out[status.table] = (
            tuple(
                name + (mark(bots[player]) if player in bots else "")
                for name, player in zip(status.partnerships[0], sides[0], strict=False)
            ),
            tuple(
                name + (mark(bots[player]) if player in bots else "")
                for name, player in zip(status.partnerships[1], sides[1], strict=False)
            ),
        )
    return out


def _lower_first(text: str) -> str:
    """ "Round 2 ..." as it reads inside a line ("Next: round 2 seating")."""
    return text[:1].lower() + text[1:]


def _hands_note(plan: RoundPlan) -> str:
    """ " (4 hands a game)" for a playoff round, "" for a main round."""
    hands = plan.hands
    if plan.stage != "playoff" or not hands or "hand" in plan.label:
        return ""  # a main round, or the label already says its hands
    return f" ({hands} hand{'s' if hands != 1 else ''} a game)"


def _live_parts(request: Request, event_id: int) -> tuple[str, str, str]:
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        snapshot = display_snapshot(session, event)
        started = events.started_rounds(session, event_id=event_id)
        names = {
            str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)
        }
        open_round = started[-1] if started and started[-1].closed_at is None else None
        timer = (
            '<p class="clock"><span id="timer" data-seconds-left="">'
            f"{'Final standings' if snapshot.is_over else 'Between rounds'}</span></p>"
            if open_round is None
            else '<p class="clock"><span id="live-round">'
            f"{esc(round_label(open_round.plan, open_round.number))}</span>"
            f"{_hands_note(open_round.plan)} · time left: "
            f"{timer_html(open_round, bell=True)}</p>"
        )
        seating = ""
        if open_round is not None:
            statuses = scores.table_statuses(
                session, event_id=event_id, round_number=open_round.number
            )
            # The projector's cells are one line: a short mark there, the whole line below.
            marked = _with_computer_marks(
                session, event_id, open_round, statuses, lambda counts: " (computer)"
            )
            computers = computer_players(session, event_id=event_id, round_number=open_round.number)
            computer_note = "; ".join(
                f"table {table}: {esc(names.get(player, player) + computer_mark(counts))}"
                for (_, table), seats in sorted(computers.items())
                for player, counts in sorted(seats.items())
            )
            seating = _seating_html(
                f"{round_label(open_round.plan, open_round.number)} seating",
                "live-seating",
                [
                    (
                        status.table,
                        marked[status.table][0],
                        marked[status.table][1],
                        "✓" if status.team_points is not None else "",
                    )
                    for status in statuses
                ],
                [names.get(player, player) for player in open_round.plan.sitting_out],
            ) + (
                f'<p id="live-computer-players" class="sitting-out">Computer players: '
                f"{computer_note}</p>"
                if computer_note
                else ""
            )
        elif not snapshot.is_over:
            number = len(started) + 1
            plan = next((plan for plan in snapshot.rounds if plan.round == number), None)
            if plan is not None and plan.tables:

                def named(players: tuple[str, ...]) -> tuple[str, ...]:
                    return tuple(names.get(player, player) for player in players)

                seating = _seating_html(
                    f"Next: {_lower_first(round_label(plan, number))} seating",
                    "next-seating",
                    [
                        (
                            table.table,
                            named(table.partnerships[0]),
                            named(table.partnerships[1]),
                            "",
                        )
                        for table in plan.tables
                    ],
                    list(named(plan.sitting_out)),
                )
        standings = _live_standings(snapshot)
        prizes = f'<section id="live-prizes"><h2>Prizes</h2>{prizes_html(snapshot)}</section>'
        penalties = (
            penalties_html(session, event_id, snapshot, element_id="live-penalties")
            if snapshot.penalties
            else ""
        )
        return (
            event.name,
            f'<div class="live-grid"><div class="live-standings">{standings}</div>'
            f'<div class="live-side">{seating}{prizes}{penalties}</div></div>',
            timer,
        )


@router.get("/events/{event_id}/live", response_class=HTMLResponse)
def live_page(request: Request, event_id: int) -> Response:
    """Standings in large type for a projector; refreshes itself every 10 seconds."""
    name, standings, timer = _live_parts(request, event_id)
    body = f'<div id="live" data-live="10">{timer}{standings}</div>'
    return HTMLResponse(layout(name, body, body_class="live"))


@router.get("/events/{event_id}/results", response_class=HTMLResponse)
def results_page(request: Request, event_id: int) -> Response:
    """The read-only results: standings, prizes, the pot, every round's seating and scores."""
    with database(request).read() as session:
        event = events.get_event(session, event_id=event_id)
        snapshot = display_snapshot(session, event)
        names = {
            str(row.number): row.name for row in events.list_entrants(session, event_id=event_id)
        }
        scored = scores.scored_tables(session, event_id=event_id, snapshot=snapshot)
        team_names = {row.competitor_id: row.name for row in snapshot.standings}
        state = "Final results" if snapshot.is_over else "Results so far"
        if snapshot.conflicts:
            state = "Results so far: a correction changed a playoff, and the director decides"
        round_blocks = []
        for round_row in events.started_rounds(session, event_id=event_id):
            statuses = scores.table_statuses(
                session, event_id=event_id, round_number=round_row.number
            )
            marked = _with_computer_marks(session, event_id, round_row, statuses)
            lines = "".join(
                f'<tr data-testid="result-{round_row.number}-{status.table}"><td>{status.table}'
                f"</td><td>{esc(' & '.join(marked[status.table][0]))}</td>"
                f'<td>{esc(" & ".join(marked[status.table][1]))}</td><td class="num">'
                + _score_cell(scored.get((round_row.number, status.table)))
                + "</td></tr>"
                for status in statuses
            )
            byes = round_row.plan.byes
            sitting = ", ".join(
                # A team format's bye reads as the team ("Max & Nan"), not two loose names.
                esc(team_names.get(team, team))
                for team in byes
            ) or ", ".join(esc(names.get(player, player)) for player in round_row.plan.sitting_out)
            round_blocks.append(
                f"<h3>{esc(round_label(round_row.plan, round_row.number))}</h3>"
                f"<table><tbody>{lines}</tbody></table>"
                + (f'<p class="muted">Sitting out: {sitting}</p>' if sitting else "")
            )
        body = (
            f'<p class="muted">{state}</p>'
            f"{standings_html(snapshot, table_id='results-standings')}{prizes_html(snapshot)}"
            f'<section id="rounds"><h2>Rounds</h2><p class="muted">Scores include penalty '
            "points (the game's own points in brackets where a penalty changed them).</p>"
            f"{''.join(round_blocks)}</section>"
            + penalties_html(session, event_id, snapshot, element_id="results-penalties")
        )
        title = f"{event.name}: results"
    return HTMLResponse(layout(title, body))
