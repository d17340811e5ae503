"""Club nights played online: the players' seat finder, the director's live tables, the
event's hand records (see ``docs/online.md``).

API (JSON; director calls need a session as the rest of ``/api``):

- ``POST /api/events/{id}/online/seat`` ``{"code": PLAYER_CODE}`` → where that player plays
  now: ``state`` ``online`` (with ``url``: his own seat's link, a fresh token in its fragment),
  ``paper`` (with the table number), ``sitting_out`` or ``between_rounds``. Wrong codes are
  slowed down like table codes. A code opens only its own player's seat.
- ``POST /api/events/{id}/online/between`` ``{"code": PLAYER_CODE}`` → what that player sees
  between his games: the standings (his row ``me``), the round and its clock, his last
  game's result, and once the night is over its prizes (``online_between.between_view``).
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
import os
from typing import Annotated, Any, TypedDict

from fastapi import APIRouter, Depends, FastAPI, Form, Path, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from euchre.engine.errors import EuchreError
from euchre.store import online, online_seats
from euchre.store.errors import AuthError, NotFoundError
from euchre.store.night.events import get_event
from euchre.store.play.service import PlayService
from euchre.web.common.deps import (
    ReadSession,
    database,
    director_for_read,
    director_for_write,
    guard_codes,
)
from euchre.web.common.errors import status_for
from euchre.web.common.flash import flash_message, redirect
from euchre.web.common.form_fields import FormError, whole_number
from euchre.web.common.forms import (
    ChatForm,
    DirectorForm,
    MarkForm,
    SeatForm,
    require_director,
)
from euchre.web.common.page_helpers import page_director
from euchre.web.common.security import DirectorSession
from euchre.web.common.templating import render
from euchre.web.online.between import BetweenPage, between_view
from euchre.web.online.schemas import (
    BetweenOut,
    ChatOut,
    EndOut,
    FillSeatOut,
    LiveTablesOut,
    MarkOut,
    RecordsIndexOut,
    SeatClaimOut,
)
from euchre.web.play.helpers import service_of
from euchre.web.views.code_blocks import block_rows

__all__ = [
    "FillSeatIn",
    "MarkIn",
    "SeatCodeIn",
    "install_online",
    "router",
]

router = APIRouter(tags=["online"])
Reader = Annotated[DirectorSession, Depends(director_for_read)]
Writer = Annotated[DirectorSession, Depends(director_for_write)]
Id = Annotated[int, Path(ge=1, le=2_147_483_647)]
Seat = Annotated[int, Path(ge=0, le=3)]


class TableAt(TypedDict):
    """An online table, as its routes' path names it (``.../rounds/{round_number}/online/
    {table}``): the keyword arguments the store's online services take for it."""

    event_id: int
    round_number: int
    table: int


def _table_at(event_id: Id, round_number: Id, table: Id) -> TableAt:
    return TableAt(event_id=event_id, round_number=round_number, table=table)


AtTable = Annotated[TableAt, Depends(_table_at)]
"""The table the path names (the API's routes and the live page's forms)."""


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


def _claim_out(claim: online_seats.SeatClaim, event_id: int) -> SeatClaimOut:
    return SeatClaimOut(
        player=claim.player,
        name=claim.name,
        round=claim.round,
        table=claim.table,
        state=claim.state,
        play_table=claim.play_table,
        seat=claim.seat,
        token=claim.token,
        table_state=claim.table_state,
        bot=claim.bot,
        held_elsewhere=claim.held_elsewhere,
        url=f"/play/{claim.play_table}#seat={claim.seat}&token={claim.token}"
        if claim.token is not None
        else None,
        event_url=f"/events/{event_id}/online",
    )


@router.post("/api/events/{event_id}/online/seat")
async def claim_seat(request: Request, event_id: Id, body: SeatCodeIn) -> SeatClaimOut:
    """Where the player with this code plays now; for an online seat, his seat's link."""
    claim = await run_in_threadpool(
        guard_codes,
        request,
        lambda session: online_seats.claim_seat(session, event_id=event_id, player_code=body.code),
    )
    if (
        claim.token is not None
        and claim.play_table is not None
        and claim.seat is not None
        and not claim.held_elsewhere
    ):
        # The seat's earlier link is revoked: close its sockets (a page still playing with
        # it). A device that claimed the seat keeps it until the player takes it elsewhere.
        await run_in_threadpool(service_of(request).reissued, claim.play_table, claim.seat)
    return _claim_out(claim, event_id)


def _between(request: Request, event_id: int, code: str) -> BetweenPage:
    """The player's between-rounds view (wrong codes are slowed down like table codes)."""
    return guard_codes(
        request,
        lambda session: between_view(session, event_id=event_id, player_code=code),
        write=False,
    )


@router.post("/api/events/{event_id}/online/between")
def between_rounds(request: Request, event_id: Id, body: SeatCodeIn) -> BetweenOut:
    """What the player with this code sees between his games: the standings, the round's
    clock, his last result; once the night is over, its prizes and the euchred cup."""
    return _between(request, event_id, body.code).view


@router.get("/api/events/{event_id}/online/tables")
def live_tables(
    request: Request, director: Reader, event_id: Id, round: int | None = None
) -> LiveTablesOut:
    """Every online table of a round (default: the latest), live (a finished table whose
    result is missing is recorded first)."""
    online.record_missing(database(request), service_of(request), event_id=event_id)
    tables = online.live_tables(
        database(request), service_of(request), event_id=event_id, round_number=round
    )
    return LiveTablesOut.model_validate({"tables": tables})


@router.post("/api/events/{event_id}/online/marks/{table}")
def mark_table(
    request: Request, director: Writer, event_id: Id, table: Id, body: MarkIn
) -> MarkOut:
    """Mark a table number online or on paper (from the next round started)."""
    # Its own block: the live page's form calls this route as a function (mark_post).
    with database(request).write() as session:
        online.set_table_online(
            session, event_id=event_id, table=table, online=body.online, who=director.name
        )
    return MarkOut(table=table, online=body.online)


@router.post("/api/events/{event_id}/rounds/{round_number}/online/{table}/seats/{seat}")
def fill_seat(
    request: Request, director: Writer, at: AtTable, seat: Seat, body: FillSeatIn
) -> FillSeatOut:
    """A computer player takes an absent player's seat (or gives it back: ``human``)."""
    online.fill_seat(
        database(request),
        service_of(request),
        **at,
        seat=seat,
        kind=body.kind,
        counts=body.counts,
        who=director.name,
    )
    return FillSeatOut(seat=seat, kind=body.kind, counts=body.counts)


class ChatIn(BaseModel):
    """A table's chat: ``off``, ``between_hands``, ``presets`` or ``free``."""

    model_config = ConfigDict(extra="forbid")

    mode: str = Field(max_length=20)


@router.post("/api/events/{event_id}/rounds/{round_number}/online/{table}/chat")
def set_table_chat(request: Request, director: Writer, at: AtTable, body: ChatIn) -> ChatOut:
    """The director decides the chat at one online table (the event's ``online_chat`` is
    what each table opens with)."""
    online.set_table_chat(
        database(request), service_of(request), **at, mode=body.mode, who=director.name
    )
    return ChatOut.model_validate(
        {"round": at["round_number"], "table": at["table"], "chat": body.mode}
    )


@router.post("/api/events/{event_id}/rounds/{round_number}/online/{table}/end")
def end_table(request: Request, director: Writer, at: AtTable) -> EndOut:
    """End a table at the bell: the score as it stands is recorded."""
    online.end_table(database(request), service_of(request), **at, who=director.name)
    return EndOut(round=at["round_number"], table=at["table"], ended=True)


@router.get("/api/events/{event_id}/online/records.jsonl", response_class=PlainTextResponse)
def records(request: Request, director: Reader, event_id: Id) -> PlainTextResponse:
    """Every finished hand of the event's online tables (JSON Lines, ``euchre replay``)."""
    lines, _ = online.event_records(database(request), service_of(request), event_id=event_id)
    return PlainTextResponse(
        "".join(json.dumps(line) + "\n" for line in lines),
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id}-hands.jsonl"'},
    )


@router.get("/api/events/{event_id}/online/records-index")
def records_index(request: Request, director: Reader, event_id: Id) -> RecordsIndexOut:
    """Which lines of ``records.jsonl`` are which table's (``first``: 0-based line)."""
    _, index = online.event_records(database(request), service_of(request), event_id=event_id)
    return RecordsIndexOut.model_validate({"tables": index})


# ---------------------------------------------------------------------- pages

POLL_VARIABLE = "EUCHRE_ONLINE_POLL_MS"
"""How often, in milliseconds, the seat finder (``online.js``, else every 3 s) and the
director's live page (``online-live.js``, else every 5 s) ask the server again; set by the
tests (``tests/online/conftest.py``), whose nights otherwise wait out each page's next look."""


def _poll_ms() -> int | None:
    """The pages' polling interval from :data:`POLL_VARIABLE` (None: the pages' own)."""
    value = os.environ.get(POLL_VARIABLE, "")
    return int(value) if value.isdigit() and int(value) > 0 else None


@router.get("/events/{event_id}/online", response_class=HTMLResponse, include_in_schema=False)
def seat_page(request: Request, session: ReadSession, event_id: Id) -> Response:
    """The players' page of an online night: enter your own code, go to your seat."""
    name = get_event(session, event_id=event_id).name
    return render(
        request,
        "pages/online/seat.html",
        {
            "title": f"{name}: play online",
            "body_class": "online-seat",
            "event_id": event_id,
            "poll_ms": _poll_ms(),
        },
    )


@router.post(
    "/events/{event_id}/online/between", response_class=HTMLResponse, include_in_schema=False
)
def between_fragment(request: Request, event_id: Id, body: SeatCodeIn) -> Response:
    """The seat finder's between-rounds part (``online.js`` puts it under the status line):
    the same view as the API's, as HTML."""
    page = _between(request, event_id, body.code)
    return render(
        request,
        "pages/online/between.html",
        {"view": page.view, "prizes_view": page.prizes, "event_id": event_id},
    )


def _presence(seat: dict[str, Any], status: str) -> dict[str, Any] | None:
    """Where a human seat's player is, in the live page's words (None: a computer player's
    seat, or nothing to say): seated while the table waits; connected, dropped (with the
    countdown to a computer player, or waiting for the director) or away (a computer
    player moves for him) while the game is on."""
    if seat["bot"]:
        return None
    if status == "waiting":
        return {"state": "seated", "words": "seated"} if seat["seated"] else None
    if status != "playing":
        return None
    if seat["away"]:
        return {"state": "away", "words": "away: a computer plays until the player is back"}
    if seat["connected"]:
        return {"state": "connected", "words": "connected"}
    left = seat["takeover_in"]
    if left is None:
        return {"state": "dropped", "words": "dropped: waiting for you to fill the seat"}
    return {
        "state": "dropped",
        "words": "dropped: a computer plays in",
        "left": left,
        "clock": f"{left // 60}:{left % 60:02d}",
    }


def _seat_rows(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The online tables as the live page lists them (team A: the seating's first pair)."""
    rows = []
    for table in tables:
        seats = []
        for seat in table["seats"]:
            bot = seat["bot"]
            seats.append(
                {
                    "seat": seat["seat"],
                    "team": "A" if seat["seat"] % 2 == 0 else "B",
                    "name": seat["name"],
                    "bot": None
                    if not bot
                    else {
                        "kind": bot["kind"],
                        "counts": "counts" if bot.get("counts", True) else "does not count",
                    },
                    "not_here": not bot and not seat["seated"] and table["status"] == "waiting",
                    "presence": _presence(seat, table["status"]),
                }
            )
        rows.append({**table, "seat_rows": seats})
    return rows


def _live_rows(request: Request, event_id: int) -> list[dict[str, Any]]:
    """The live page's tables (a finished table whose result is missing is recorded first)."""
    online.record_missing(database(request), service_of(request), event_id=event_id)
    return _seat_rows(online.live_tables(database(request), service_of(request), event_id=event_id))


def _live_page(
    request: Request,
    director: DirectorSession,
    event_id: int,
    *,
    error: FormError | EuchreError | None = None,
    typed: dict[str, str] | None = None,
    status: int = 200,
) -> Response:
    """The director's live page; after a refused form, with the error and what was typed."""
    with database(request).read() as session:
        name = get_event(session, event_id=event_id).name
    context = {
        "title": f"{name}: online tables",
        "director": director,
        "event_id": event_id,
        "message": flash_message(request),
        "tables": _live_rows(request, event_id),
        "error": "" if error is None else str(error),
        "bad": error.field if isinstance(error, FormError) else "",
        "typed": typed or {},
        # A page answering a refused form is at the form's address: reloading it would GET a
        # POST route, so it waits for the director instead.
        "refresh": error is None,
        "blocks": block_rows(request),
        "poll_ms": _poll_ms(),
    }
    return render(request, "pages/online/director.html", context, status=status)


@router.get(
    "/director/events/{event_id}/online", response_class=HTMLResponse, include_in_schema=False
)
def director_live_page(request: Request, event_id: Id) -> Response:
    """The director's live view of the online tables (updates in place every 5 seconds)."""
    director = page_director(request)
    return _live_page(request, director, event_id)


@router.get(
    "/director/events/{event_id}/online/rows",
    response_class=HTMLResponse,
    include_in_schema=False,
)
def director_live_rows(request: Request, event_id: Id) -> Response:
    """The live page's table rows alone, for its in-place updates (``online-live.js``)."""
    director = page_director(request)
    with database(request).read() as session:
        get_event(session, event_id=event_id)  # an unknown event is a 404, not empty rows
    context = {
        "director": director,
        "event_id": event_id,
        "tables": _live_rows(request, event_id),
        "typed": {},
        "bad": "",
    }
    return render(request, "pages/online/rows.html", context)


async def _refused(
    request: Request,
    director: DirectorSession,
    event_id: int,
    error: EuchreError,
    typed: dict[str, str],
) -> Response:
    """The live page again after a refused form: the error, the field named, what was typed
    (a table or event that does not exist, or a wrong CSRF token, is the error page)."""
    if isinstance(error, NotFoundError | AuthError):
        raise error
    return await run_in_threadpool(
        lambda: _live_page(
            request, director, event_id, error=error, typed=typed, status=status_for(error)
        )
    )


@router.post(
    "/director/events/{event_id}/rounds/{round_number}/online/{table}/seat", include_in_schema=False
)
async def fill_seat_post(
    request: Request, at: AtTable, form: Annotated[SeatForm, Form()]
) -> Response:
    """The live page's seat form."""
    director = require_director(request, form)
    event_id, table = at["event_id"], at["table"]
    typed = {"form": "seat", "table": str(table), **form.model_dump(exclude={"csrf_token"})}
    try:
        await run_in_threadpool(
            online.fill_seat,
            database(request),
            service_of(request),
            **at,
            seat=whole_number(form.seat, "seat", field="seat"),
            kind=form.kind,
            counts=form.counts != "no",
            who=director.name,
        )
    except EuchreError as error:
        return await _refused(request, director, event_id, error, typed)
    return redirect(request, f"/director/events/{event_id}/online", f"Table {table}: seat changed.")


@router.post(
    "/director/events/{event_id}/rounds/{round_number}/online/{table}/chat", include_in_schema=False
)
async def chat_post(request: Request, at: AtTable, form: Annotated[ChatForm, Form()]) -> Response:
    """The live page's chat form: the director decides one table's chat."""
    director = require_director(request, form)
    event_id, table = at["event_id"], at["table"]
    typed = {"form": "chat", "table": str(table), "mode": form.mode}
    try:
        await run_in_threadpool(
            online.set_table_chat,
            database(request),
            service_of(request),
            **at,
            mode=form.mode,
            who=director.name,
        )
    except EuchreError as error:
        return await _refused(request, director, event_id, error, typed)
    return redirect(request, f"/director/events/{event_id}/online", f"Table {table}: chat changed.")


@router.post(
    "/director/events/{event_id}/rounds/{round_number}/online/{table}/end", include_in_schema=False
)
async def end_table_post(
    request: Request, at: AtTable, form: Annotated[DirectorForm, Form()]
) -> Response:
    """The live page's end-at-the-bell button."""
    director = require_director(request, form)
    # The button does what the API call does.
    await run_in_threadpool(end_table, request, director, at)
    return redirect(
        request,
        f"/director/events/{at['event_id']}/online",
        f"Table {at['table']} ended; its score is recorded.",
    )


@router.post("/director/events/{event_id}/online/mark", include_in_schema=False)
async def mark_post(request: Request, event_id: Id, form: Annotated[MarkForm, Form()]) -> Response:
    """The live page's table-mark form."""
    director = require_director(request, form)
    online_flag = form.online != "no"
    typed = {"form": "mark", "table": form.table, "online": form.online}
    try:
        number = whole_number(form.table, "table", field="table")
        await run_in_threadpool(
            mark_table, request, director, event_id, number, MarkIn(online=online_flag)
        )
    except EuchreError as error:
        return await _refused(request, director, event_id, error, typed)
    where = "online" if online_flag else "on paper"
    return redirect(
        request,
        f"/director/events/{event_id}/online",
        f"Table {number} plays {where} from the next round.",
    )


def install_online(app: FastAPI) -> None:
    """Add online club nights: the routes, and the hook that records a table's result when
    its game ends (after :func:`euchre.web.play.install.install_play`)."""
    service: PlayService = app.state.play_service
    service.on_game_over = online.on_game_over(app.state.database, service)
    app.include_router(router)
