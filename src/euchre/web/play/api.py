"""The play API (stable; the page uses the same): open a table, see a seat's view, act.

- ``POST /api/play/tables`` → 201 ``{"table", "seats": [{"seat", "kind", "token", "code",
  "url"}]}`` (rate-limited per client);
- ``GET /api/play/tables/{table}`` with ``Authorization: Bearer TOKEN`` → that seat's view;
  without a token, the spectators' view;
- ``POST /api/play/tables/{table}/actions`` ``{"action", "seq"}`` → the new view; an illegal
  action or a stale ``seq`` → 409; a missing or wrong token → 403;
- ``POST /api/play/tables/{table}/claim`` ``{"seat", "token", "take"}`` → this device's own
  secret for the seat (a link is a claim; a seat another device holds → 409 asking "Take
  this seat here?" unless ``take``);
- ``POST /api/play/tables/{table}/leave`` with the seat's token → a computer player takes
  the seat at once ("I have to go"), the seat's link, token and code stop working, and the
  table is told;
- ``GET /api/play/tables/{table}/records.jsonl`` → the finished hands as hand records;
- ``GET`` / ``PUT /api/play/tables/{table}/deck`` → the table's question deck; the host
  changes it before or between games (anyone else: 403).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import segno
from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from euchre.engine.profile import BUILTIN_PROFILES
from euchre.play import seat_kinds
from euchre.play.view_model import DeckView, TableView
from euchre.store.play.claims import claim_seat
from euchre.store.play.service import SeatTicket
from euchre.web.common.security import client_key
from euchre.web.play.helpers import (
    MAX_DECK,
    TableCreate,
    base_url,
    redeem,
    seat_url,
    service_of,
    table_config,
)
from euchre.web.play.schemas import (
    ChatSaidOut,
    ChatSettingOut,
    ClaimOut,
    EventsOut,
    HintOut,
    JoinOut,
    KindsOut,
    LeaveOut,
    SeatTicketOut,
    TableOpenedOut,
)

__all__ = [
    "ActionIn",
    "ChatIn",
    "ChatSettingIn",
    "ClaimIn",
    "DeckIn",
    "JoinIn",
    "SeatChangeIn",
    "claim",
    "router",
    "ticket_out",
]

router = APIRouter(prefix="/api/play", tags=["play"])
T = TypeVar("T")


class ActionIn(BaseModel):
    """One action, with the ``seq`` of the view it was chosen from."""

    model_config = ConfigDict(extra="forbid")

    action: str = Field(max_length=64)
    seq: int = Field(ge=0, le=2_147_483_647)


class SeatChangeIn(BaseModel):
    """Who takes a seat: ``human`` or a computer player's name."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(max_length=32)


class DeckIn(BaseModel):
    """A question deck's text (``CARD: question`` lines)."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(max_length=MAX_DECK)


class JoinIn(BaseModel):
    """A seat's short code."""

    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=4, max_length=32)


def ticket_out(
    request: Request, table_id: str, ticket: SeatTicket, *, qr: bool = False
) -> SeatTicketOut:
    """A seat as the API returns it to whoever opened or changed it (with ``qr``: its link
    as a QR code, an SVG data URI)."""
    url = seat_url(request, table_id, ticket)
    return SeatTicketOut(
        seat=ticket.seat,
        kind=ticket.kind,
        token=ticket.token,
        code=ticket.code,
        url=url,
        qr=segno.make(url, error="m").svg_data_uri(scale=3) if qr and ticket.token else None,
    )


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HTTPException(403, "Authorization must be 'Bearer <seat token>'")
    return token.strip()


async def _call(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a service call off the event loop (a wrong token's ``ForbiddenError`` is a 403
    through the app's one error mapping, ``web.errors.status_for``)."""
    return await run_in_threadpool(function, *args, **kwargs)


Auth = Annotated[str | None, Header()]


@router.get("/kinds", response_model=KindsOut)
async def kinds() -> KindsOut:
    """Who can sit (``human`` and every computer player) and the built-in profiles."""
    return KindsOut(kinds=list(seat_kinds()), profiles=list(BUILTIN_PROFILES))


@router.post("/tables", status_code=201, response_model=TableOpenedOut)
async def create_table(request: Request, body: TableCreate) -> TableOpenedOut:
    """Open a table; the response holds each human seat's token (shown only now)."""
    service = service_of(request)
    config = table_config(body)
    table_id, tickets, host_token = await _call(
        service.create_table, config, client=client_key(request)
    )
    return TableOpenedOut(
        table=table_id,
        url=f"{base_url(request)}/play/{table_id}",
        host_token=host_token,
        seeded=config.seeded,
        seats=[ticket_out(request, table_id, ticket) for ticket in tickets],
    )


@router.get("/tables/{table_id}", response_model=TableView, response_model_exclude_unset=True)
async def get_view(request: Request, table_id: str, authorization: Auth = None) -> dict[str, Any]:
    """A seat's view with its token; the spectators' view without one."""
    service = service_of(request)
    token = _bearer(authorization)
    seat = await _call(service.seat_for_token, table_id, token) if token else None
    return await _call(service.view, table_id, seat)


@router.post(
    "/tables/{table_id}/actions", response_model=TableView, response_model_exclude_unset=True
)
async def post_action(
    request: Request, table_id: str, body: ActionIn, authorization: Auth = None
) -> dict[str, Any]:
    """Make a move; 409 when illegal (naming the legal ones) or stale, 403 without a token."""
    service = service_of(request)
    seat = await _call(service.seat_for_token, table_id, _bearer(authorization))
    view = await _call(service.act, table_id, seat=seat, action=body.action, seq=body.seq)
    assert view is not None
    return view


@router.get("/tables/{table_id}/hint", response_model=HintOut)
async def get_hint(request: Request, table_id: str, authorization: Auth = None) -> HintOut:
    """What the strongest computer player would do in this seat now (``action``, the move's
    text) and why, as one sentence for the player (``hint``: "Lead trump: partner called it,
    and you hold the right bower.")."""
    service = service_of(request)
    seat = await _call(service.seat_for_token, table_id, _bearer(authorization))
    action, why = await _call(service.hint, table_id, seat)
    sentence = why[:1].upper() + why[1:]
    return HintOut(hint=sentence if sentence.endswith(".") else sentence + ".", action=action)


@router.get("/tables/{table_id}/events", response_model=EventsOut)
async def get_events(
    request: Request, table_id: str, since: int = 0, authorization: Auth = None
) -> EventsOut:
    """The log entries after ``since`` as this seat (or a spectator) may see them."""
    service = service_of(request)
    token = _bearer(authorization)
    seat = await _call(service.seat_for_token, table_id, token) if token else None
    return EventsOut(events=await _call(service.entries_since, table_id, since, seat))


@router.post("/tables/{table_id}/seats/{seat}", response_model=SeatTicketOut)
async def change_seat(
    request: Request, table_id: str, seat: int, body: SeatChangeIn, authorization: Auth = None
) -> SeatTicketOut:
    """The table's host (its host token) hands a seat to a computer player (at once) or to
    a human (a computer player's seat from the next hand; a human's seat re-opened at once,
    its old holder's token revoked): the new token and code are in the answer. Anyone else:
    403."""
    service = service_of(request)
    ticket = await _call(
        service.change_seat,
        table_id,
        host_token=_bearer(authorization),
        target=seat,
        kind=body.kind,
    )
    return ticket_out(request, table_id, ticket, qr=True)


class ChatIn(BaseModel):
    """A chat message (the sender is the seat of the token, never a field here)."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(max_length=1000)


class ChatSettingIn(BaseModel):
    """A table's chat: ``free`` (presets and free text), ``presets``, ``between_hands`` or
    ``off``."""

    model_config = ConfigDict(extra="forbid")

    mode: str = Field(max_length=20)


@router.post("/tables/{table_id}/chat", response_model=ChatSaidOut)
async def post_chat(
    request: Request, table_id: str, body: ChatIn, authorization: Auth = None
) -> ChatSaidOut:
    """Say something at the table, as the token's seat: everyone at the table (seats and
    spectators) sees it. A refusal is a sentence: 409 (chat off, presets only, during a
    hand), 400 (empty, too long), 429 (too fast)."""
    service = service_of(request)
    seat = await _call(service.seat_for_token, table_id, _bearer(authorization))
    state = await _call(service.say, table_id, seat=seat, text=body.text)
    return ChatSaidOut(seq=state.seq, chat_mode=state.chat_mode)


@router.post("/tables/{table_id}/chat-settings", response_model=ChatSettingOut)
async def post_chat_settings(
    request: Request, table_id: str, body: ChatSettingIn, authorization: Auth = None
) -> ChatSettingOut:
    """The table's host (its host token) changes the chat; anyone else 403 (at an event's
    table only the director does, on the event's online API)."""
    service = service_of(request)
    state = await _call(
        service.set_chat, table_id, mode=body.mode, host_token=_bearer(authorization)
    )
    return ChatSettingOut(chat_mode=state.chat_mode)


@router.get("/tables/{table_id}/deck", response_model=DeckView)
async def get_deck(request: Request, table_id: str) -> DeckView:
    """The table's question deck (public: its questions are read out at the table) and
    whether it may be changed now."""
    return await _call(service_of(request).deck, table_id)


@router.put("/tables/{table_id}/deck", response_model=DeckView)
async def put_deck(
    request: Request, table_id: str, body: DeckIn, authorization: Auth = None
) -> DeckView:
    """The host saves the table's question deck, used from the next game on (before the
    first game: from it). Anyone else: 403; while a game is in play: 409; a deck that does
    not parse: 422 naming the line."""
    return await _call(
        service_of(request).set_deck, table_id, host_token=_bearer(authorization), text=body.text
    )


@router.post("/tables/{table_id}/leave", response_model=LeaveOut)
async def leave(request: Request, table_id: str, authorization: Auth = None) -> LeaveOut:
    """The token's player has to go: a computer player takes the seat at once, the others
    are told (the view's ``notices``) and this seat's link, token and code stop working. At
    an event's table: 403 (the director decides its seats)."""
    seat, kind = await _call(service_of(request).leave, table_id, _bearer(authorization))
    detail = f"You left the table: a computer player ({kind}) plays your seat from now on."
    return LeaveOut(seat=seat, kind=kind, detail=detail)


class ClaimIn(BaseModel):
    """A seat's link secret (or this device's own secret) and whether to take the seat from
    the device that holds it."""

    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0, le=3)
    token: str = Field(min_length=1, max_length=200)
    take: bool = False


@router.post("/tables/{table_id}/claim", response_model=ClaimOut)
async def claim(request: Request, table_id: str, body: ClaimIn) -> ClaimOut:
    """Open a seat's link on this device: an unclaimed link is claimed at once; a seat
    another device holds answers 409 "This seat is open on another device. Take this seat
    here? ..." unless ``take``, which closes that device's page ("This seat was opened on
    another device."). This device's own secret is answered unchanged; a wrong one is 403."""
    token = await _call(
        claim_seat,
        service_of(request),
        table_id,
        seat=body.seat,
        secret=body.token,
        take=body.take,
    )
    return ClaimOut(seat=body.seat, token=token)


@router.post("/join", response_model=JoinOut)
async def join(request: Request, body: JoinIn) -> JoinOut:
    """Redeem a seat's short code for a fresh token: the code is then spent (a second use
    gets 409) and the seat's earlier token is revoked (wrong codes are slowed down)."""
    table_id, ticket = await redeem(request, body.code)
    return JoinOut(table=table_id, **ticket_out(request, table_id, ticket).model_dump())


@router.get("/tables/{table_id}/records.jsonl", response_class=PlainTextResponse)
async def records(request: Request, table_id: str) -> PlainTextResponse:
    """Every finished hand as JSON Lines (``euchre replay`` replays them)."""
    import json

    rows = await _call(service_of(request).records, table_id)
    text = "".join(json.dumps(row) + "\n" for row in rows)
    return PlainTextResponse(text, media_type="application/x-ndjson")
