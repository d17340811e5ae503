"""Club nights played online: the players' seat finder, the director's live tables, the
event's hand records (see ``docs/online.md``).

API (JSON; director calls need a session as the rest of ``/api``):

- ``POST /api/events/{id}/online/seat`` ``{"code": PLAYER_CODE}`` → where that player plays
  now: ``state`` ``online`` (with ``url``: his own seat's link, a fresh token in its fragment),
  ``paper`` (with the table number), ``sitting_out`` or ``between_rounds``. Wrong codes are
  slowed down like table codes. A code opens only its own player's seat.
- ``GET /api/events/{id}/online/tables`` (director) → every online table of the latest
  round, live (``?round=N`` for another).
- ``POST /api/events/{id}/online/marks/{table}`` ``{"online": bool}`` (director) → that table
  number plays online (or on paper) from the next round started.
- ``POST /api/events/{id}/rounds/{r}/online/{table}/seats/{seat}`` ``{"kind": "rules",
  "counts": true}`` (director) → a computer player takes an absent player's seat (``human``
  gives it back from the next hand).
- ``POST /api/events/{id}/rounds/{r}/online/{table}/end`` (director) → the table ends at the
  bell; the score as it stands is recorded.
- ``GET /api/events/{id}/online/records.jsonl`` (director) → every finished hand of the
  event's online tables, one hand record a line (``euchre replay`` replays them);
  ``.../records-index`` says which lines are which table's.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Path, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from euchre.store import online
from euchre.store.errors import StoreError
from euchre.store.events import get_event
from euchre.store.play import PlayService
from euchre.web.deps import (
    database,
    director_for_read,
    director_for_write,
    guard_codes,
    optional_director,
)
from euchre.web.page_helpers import director_form, flash_html, form_int, login_redirect, nav_html
from euchre.web.pages_common import csrf_field, esc, layout, redirect
from euchre.web.security import DirectorSession

__all__ = ["FillSeatIn", "MarkIn", "SeatCodeIn", "install_online", "router"]

router = APIRouter(tags=["online"])
Reader = Annotated[DirectorSession, Depends(director_for_read)]
Writer = Annotated[DirectorSession, Depends(director_for_write)]
Id = Annotated[int, Path(ge=1, le=2_147_483_647)]
Seat = Annotated[int, Path(ge=0, le=3)]


class SeatCodeIn(BaseModel):
    """A player's own code (printed on his card)."""

    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=1, max_length=32)


class MarkIn(BaseModel):
    """Whether a table number plays online."""

    model_config = ConfigDict(extra="forbid")

    online: bool


class FillSeatIn(BaseModel):
    """Who plays an absent player's seat, and whether its points count for him."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(max_length=32)
    counts: bool = True


def _service(request: Request) -> PlayService:
    value: PlayService = request.app.state.play_service
    return value


def _claim_json(claim: online.SeatClaim, event_id: int) -> dict[str, Any]:
    out = claim.to_json()
    out["url"] = (
        f"/play/{claim.play_table}#seat={claim.seat}&token={claim.token}"
        if claim.token is not None
        else None
    )
    out["event_url"] = f"/events/{event_id}/online"
    return out


@router.post("/api/events/{event_id}/online/seat")
async def claim_seat(request: Request, event_id: Id, body: SeatCodeIn) -> dict[str, Any]:
    """Where the player with this code plays now; for an online seat, his seat's link."""
    claim = await run_in_threadpool(
        guard_codes,
        request,
        lambda session: online.claim_seat(session, event_id=event_id, player_code=body.code),
    )
    return _claim_json(claim, event_id)


@router.get("/api/events/{event_id}/online/tables")
def live_tables(
    request: Request, director: Reader, event_id: Id, round: int | None = None
) -> dict[str, Any]:
    """Every online table of a round (default: the latest), live (a finished table whose
    result is missing is recorded first)."""
    online.record_missing(database(request), _service(request), event_id=event_id)
    tables = online.live_tables(
        database(request), _service(request), event_id=event_id, round_number=round
    )
    return {"tables": tables}


@router.post("/api/events/{event_id}/online/marks/{table}")
def mark_table(
    request: Request, director: Writer, event_id: Id, table: Id, body: MarkIn
) -> dict[str, Any]:
    """Mark a table number online or on paper (from the next round started)."""
    with database(request).write() as session:
        online.set_table_online(
            session, event_id=event_id, table=table, online=body.online, who=director.name
        )
    return {"table": table, "online": body.online}


@router.post("/api/events/{event_id}/rounds/{round_number}/online/{table}/seats/{seat}")
def fill_seat(
    request: Request,
    director: Writer,
    event_id: Id,
    round_number: Id,
    table: Id,
    seat: Seat,
    body: FillSeatIn,
) -> dict[str, Any]:
    """A computer player takes an absent player's seat (or gives it back: ``human``)."""
    online.fill_seat(
        database(request),
        _service(request),
        event_id=event_id,
        round_number=round_number,
        table=table,
        seat=seat,
        kind=body.kind,
        counts=body.counts,
        who=director.name,
    )
    return {"seat": seat, "kind": body.kind, "counts": body.counts}


@router.post("/api/events/{event_id}/rounds/{round_number}/online/{table}/end")
def end_table(
    request: Request, director: Writer, event_id: Id, round_number: Id, table: Id
) -> dict[str, Any]:
    """End a table at the bell: the score as it stands is recorded."""
    online.end_table(
        database(request),
        _service(request),
        event_id=event_id,
        round_number=round_number,
        table=table,
        who=director.name,
    )
    return {"round": round_number, "table": table, "ended": True}


@router.get("/api/events/{event_id}/online/records.jsonl", response_class=PlainTextResponse)
def records(request: Request, director: Reader, event_id: Id) -> PlainTextResponse:
    """Every finished hand of the event's online tables (JSON Lines, ``euchre replay``)."""
    lines, _ = online.event_records(database(request), _service(request), event_id=event_id)
    return PlainTextResponse(
        "".join(json.dumps(line) + "\n" for line in lines),
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id}-hands.jsonl"'},
    )


@router.get("/api/events/{event_id}/online/records-index")
def records_index(request: Request, director: Reader, event_id: Id) -> dict[str, Any]:
    """Which lines of ``records.jsonl`` are which table's (``first``: 0-based line)."""
    _, index = online.event_records(database(request), _service(request), event_id=event_id)
    return {"tables": index}


# ---------------------------------------------------------------------- pages


@router.get("/events/{event_id}/online", response_class=HTMLResponse, include_in_schema=False)
def seat_page(request: Request, event_id: Id) -> Response:
    """The players' page of an online night: enter your own code, go to your seat."""
    with database(request).read() as session:
        event = get_event(session, event_id=event_id)
        name = event.name
    body = f"""<div id="online" data-event="{event_id}">
<p>Enter the code on your own player card. This page takes you to your seat, and to your
next seat each time a round starts (keep it open between rounds).</p>
<form id="seat-form" class="grid"><label>Your player code
<input id="player-code" name="code" autocomplete="off" autocapitalize="characters"
 inputmode="text" required maxlength="32"></label>
<button id="find-seat">Find my seat</button></form>
<p id="seat-status" role="status" aria-live="polite"></p>
</div>"""
    head = '<script src="/static/online.js" defer></script>'
    return HTMLResponse(layout(f"{name}: play online", body, body_class="online-seat", head=head))


def _live_rows(event_id: int, tables: list[dict[str, Any]], csrf: str) -> str:
    rows = []
    for table in tables:
        seats = []
        for seat in table["seats"]:
            label = esc(seat["name"])
            if seat["bot"]:
                counts = "counts" if seat["bot"].get("counts", True) else "does not count"
                label += f' <em class="bot">(computer: {esc(seat["bot"]["kind"])}, {counts})</em>'
            elif not seat["seated"] and table["status"] == "waiting":
                label += ' <em class="muted">(not here yet)</em>'
            team = "A" if seat["seat"] % 2 == 0 else "B"
            seats.append(f"{team}: {label}")
        turn = "" if table["to_act_name"] is None else esc(table["to_act_name"])
        since = "" if table["seconds_since_move"] is None else f"{table['seconds_since_move']} s"
        base = f"/director/events/{event_id}/rounds/{table['round']}/online/{table['table']}"
        actions = ""
        if table["result"] == "playing":
            options = "".join(
                f'<option value="{seat["seat"]}">{esc(seat["name"])}</option>'
                for seat in table["seats"]
            )
            actions = (
                f'<form method="post" action="{base}/seat" class="inline">{csrf}'
                f'<select name="seat" aria-label="Seat">{options}</select>'
                '<select name="kind" aria-label="Who plays it">'
                '<option value="rules">computer (rules)</option>'
                '<option value="expert">computer (expert)</option>'
                '<option value="human">the player again</option></select>'
                '<select name="counts" aria-label="Its points"><option value="yes">points count'
                '</option><option value="no">points do not count</option></select>'
                f'<button class="secondary" id="fill-{table["table"]}">Fill seat</button></form> '
                f'<form method="post" action="{base}/end" class="inline">{csrf}'
                f'<button id="end-{table["table"]}">End at the bell</button></form>'
            )
        result = "" if table["result"] == "playing" else " / " + esc(table["result"])
        rows.append(
            f'<tr data-table="{table["table"]}" data-status="{esc(table["status"])}" '
            f'data-result="{esc(table["result"])}"><td>{table["table"]}</td>'
            f"<td>{'<br>'.join(seats)}</td><td>{esc(table['status'])}"
            f"{result}</td><td>{table['hand']}</td>"
            f"<td>{table['scores'][0]}–{table['scores'][1]}</td>"
            f"<td>{turn}</td><td>{since}</td><td>{actions}</td></tr>"
        )
    return "".join(rows)


@router.get(
    "/director/events/{event_id}/online", response_class=HTMLResponse, include_in_schema=False
)
def director_live_page(request: Request, event_id: Id) -> Response:
    """The director's live view of the online tables (refreshes every 5 seconds)."""
    director = optional_director(request)
    if director is None:
        return login_redirect(request)
    with database(request).read() as session:
        event = get_event(session, event_id=event_id)
        name = event.name
    online.record_missing(database(request), _service(request), event_id=event_id)
    tables = online.live_tables(database(request), _service(request), event_id=event_id)
    csrf = csrf_field(director.csrf_token)
    body = f"""{flash_html(request)}
<p>Seat finder for the players: <a id="seat-finder"
 href="/events/{event_id}/online">/events/{event_id}/online</a>.
Results are recorded by the engine when a game ends. <a id="records"
 href="/api/events/{event_id}/online/records.jsonl">Hand records (JSON Lines)</a>.</p>
<table id="online-tables"><thead><tr><th>Table</th><th>Seats (A: the seating's first
 pair)</th><th>Game / result</th>
<th>Hand</th><th>Score</th><th>Turn</th><th>Since last move</th><th></th></tr></thead>
<tbody>{_live_rows(event_id, tables, csrf)}</tbody></table>
<form method="post" action="/director/events/{event_id}/online/mark" class="inline">{csrf}
<label>Table <input name="table" type="number" min="1" required></label>
<select name="online" aria-label="Played"><option value="yes">online</option>
<option value="no">on paper</option></select>
<button class="secondary" id="mark-table">Mark from the next round</button></form>
<p><a href="/director/events/{event_id}">Back to the event</a></p>"""
    head = '<meta http-equiv="refresh" content="5">'
    return HTMLResponse(layout(f"{name}: online tables", body, head=head, nav=nav_html(director)))


@router.post("/director/events/{event_id}/rounds/{round_number}/online/{table}/seat")
async def fill_seat_post(request: Request, event_id: Id, round_number: Id, table: Id) -> Response:
    """The live page's seat form."""
    director, data = await director_form(request)
    seat = form_int(data, "seat", "seat")
    await run_in_threadpool(
        online.fill_seat,
        database(request),
        _service(request),
        event_id=event_id,
        round_number=round_number,
        table=table,
        seat=seat,
        kind=data.get("kind", ""),
        counts=data.get("counts", "yes") != "no",
        who=director.name,
    )
    return redirect(f"/director/events/{event_id}/online", f"Table {table}: seat changed.")


@router.post("/director/events/{event_id}/rounds/{round_number}/online/{table}/end")
async def end_table_post(request: Request, event_id: Id, round_number: Id, table: Id) -> Response:
    """The live page's end-at-the-bell button."""
    director, _ = await director_form(request)
    await run_in_threadpool(
        online.end_table,
        database(request),
        _service(request),
        event_id=event_id,
        round_number=round_number,
        table=table,
        who=director.name,
    )
    return redirect(
        f"/director/events/{event_id}/online", f"Table {table} ended; its score is recorded."
    )


@router.post("/director/events/{event_id}/online/mark")
async def mark_post(request: Request, event_id: Id) -> Response:
    """The live page's table-mark form."""
    director, data = await director_form(request)
    text = data.get("table", "").strip()
    if not text.isdigit():
        raise StoreError(f"table must be a whole number, got {text!r}")
    online_flag = data.get("online", "yes") != "no"

    def work() -> None:
        with database(request).write() as session:
            online.set_table_online(
                session, event_id=event_id, table=int(text), online=online_flag, who=director.name
            )

    await run_in_threadpool(work)
    where = "online" if online_flag else "on paper"
    return redirect(
        f"/director/events/{event_id}/online", f"Table {text} plays {where} from the next round."
    )


def install_online(app: FastAPI) -> None:
    """Add online club nights: the routes, and the hook that records a table's result when
    its game ends (after :func:`euchre.web.play_api.install_play`)."""
    service: PlayService = app.state.play_service
    service.on_game_over = online.on_game_over(app.state.database, service)
    app.include_router(router)
