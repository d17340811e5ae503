"""Browser play pages (Jinja2, autoescaped): the new-table form, the invite page, the table.

No login: anyone may open a table (rate-limited). The invite page is shown once, right after
the table is opened, because the seat tokens exist only then (the database keeps hashes).
A seat's link carries its token in the fragment, which browsers never send to a server.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

import segno
from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from euchre.engine.errors import EuchreError
from euchre.engine.profile import BUILTIN_PROFILES, OPTION_SPECS, load_profile
from euchre.engine.record import HandRecord, replay
from euchre.play import SEAT_NAMES, seat_kinds
from euchre.play.table import CHAT_LENGTH, CHAT_PRESETS, hand_review
from euchre.web.common.errors import status_for
from euchre.web.common.security import client_key
from euchre.web.common.templating import render
from euchre.web.play.helpers import (
    TableCreate,
    base_url,
    redeem,
    seat_url,
    service_of,
    table_config,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
_SHOWN_OPTIONS = (
    "game_target",
    "game_hands",
    "all_pass",
    "going_alone",
    "defend_alone",
    "natural_trump",
    "question_pile",
    "points_euchre",
    "points_lone_march",
)


def _profiles() -> list[dict[str, Any]]:
    rows = []
    for profile_id in BUILTIN_PROFILES:
        profile = load_profile(profile_id)
        rows.append(
            {
                "id": profile_id,
                "name": profile.name,
                "options": [
                    {"name": name, "value": getattr(profile, name), "doc": OPTION_SPECS[name].doc}
                    for name in OPTION_SPECS
                ],
                "summary": [(name, getattr(profile, name)) for name in _SHOWN_OPTIONS],
            }
        )
    return rows


def _new_page(request: Request, *, error: str | None = None, status: int = 200) -> Response:
    return render(
        request,
        "play/new.html",
        {
            "profiles": _profiles(),
            "kinds": seat_kinds(),
            "seat_names": SEAT_NAMES,
            "error": error,
        },
        status=status,
    )


@router.get("/play", response_class=HTMLResponse)
async def new_table_page(request: Request) -> Response:
    """The form that opens a table, and the box that joins one by code."""
    return _new_page(request)


@router.post("/play", response_class=HTMLResponse)
async def open_table(
    request: Request,
    profile: Annotated[str, Form(max_length=64)] = "tournament",
    seat0: Annotated[str, Form(max_length=32)] = "human",
    seat1: Annotated[str, Form(max_length=32)] = "rules",
    seat2: Annotated[str, Form(max_length=32)] = "rules",
    seat3: Annotated[str, Form(max_length=32)] = "rules",
    seed: Annotated[str, Form(max_length=20)] = "",
    hints: Annotated[str | None, Form(max_length=8)] = None,
    timer_seconds: Annotated[str, Form(max_length=4)] = "0",
    profile_toml: Annotated[str, Form(max_length=20_000)] = "",
    deck: Annotated[UploadFile | None, File()] = None,
) -> Response:
    """Open a table from the form and show its invite page (tokens shown only here)."""
    try:
        deck_text = None
        if deck is not None and deck.filename:
            raw = await deck.read(20_001)
            if len(raw) > 20_000:
                raise EuchreError("the question deck file is larger than 20 000 bytes")
            try:
                deck_text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise EuchreError("the question deck file is not UTF-8 text") from None
        if seed.strip() and not seed.strip().isdigit():
            raise EuchreError(f"seed {seed!r} must be a whole number")
        if not timer_seconds.strip().isdigit():
            raise EuchreError(f"turn timer {timer_seconds!r} must be a whole number of seconds")
        body = TableCreate(
            profile=profile,
            seats=[seat0, seat1, seat2, seat3],
            seed=int(seed) if seed.strip() else None,
            hints=hints is not None,
            timer_seconds=int(timer_seconds),
            profile_toml=profile_toml.strip() or None,
            question_deck=deck_text,
        )
        config = table_config(body)
        service = service_of(request)
        table_id, tickets, host_token = await run_in_threadpool(
            service.create_table, config, client=client_key(request)
        )
    except EuchreError as error:
        return _new_page(request, error=str(error), status=status_for(error))
    seats = []
    for ticket in tickets:
        url = seat_url(request, table_id, ticket)
        seats.append(
            {
                "seat": ticket.seat,
                "name": SEAT_NAMES[ticket.seat],
                "kind": ticket.kind,
                "code": ticket.code,
                "url": url if ticket.token else None,
                "qr": segno.make(url, error="m").svg_data_uri(scale=3) if ticket.token else None,
            }
        )
    return render(
        request,
        "play/invite.html",
        {
            "table": table_id,
            "seats": seats,
            "profile": config.rule_profile().name,
            "spectate": f"{base_url(request)}/play/{table_id}",
            "host_token": host_token,
            "host_url": f"{base_url(request)}/play/{table_id}#host={host_token}",
            "seeded": config.seeded,
        },
        status=201,
    )


@router.post("/play/join")
async def join_by_code(request: Request, code: Annotated[str, Form(max_length=32)]) -> Response:
    """Redeem a seat's short code and go to the table (the new token in the fragment)."""
    try:
        table_id, ticket = await redeem(request, code)
    except EuchreError as error:
        return _new_page(request, error=str(error), status=status_for(error))
    return RedirectResponse(seat_url(request, table_id, ticket), status_code=303)


def _preset_label(text: str) -> str:
    """What a screen reader says for a preset: an emote's Unicode name ("Thumbs up sign")."""
    if len(text) == 1 and not text.isalnum():
        return unicodedata.name(text, text).capitalize()
    return text


@router.get("/play/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str) -> Response:
    """The table: the page fills itself from the seat's view (token from the fragment)."""
    view = await run_in_threadpool(service_of(request).view, table_id, None)
    return render(
        request,
        "play/table.html",
        {
            "table": table_id,
            "view": view,
            "seat_names": SEAT_NAMES,
            "kinds": seat_kinds(),
            "chat_presets": [(text, _preset_label(text)) for text in CHAT_PRESETS],
            "chat_length": CHAT_LENGTH,
        },
    )


def replay_games(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table's finished hands (its ``records.jsonl`` lines), game by game, as the replay
    page steps through them: each hand's review (:func:`hand_review`), its result and the
    game's score after it."""
    games: dict[int, dict[str, Any]] = {}
    for row in rows:
        number = int(row.get("seed", {}).get("game", 0))
        game = games.setdefault(number, {"game": number, "hands": [], "scores": [0, 0]})
        record = HandRecord.from_json(row)
        result = replay(record).result().to_json()
        points = result["team_points"]
        assert isinstance(points, list)
        game["scores"] = [game["scores"][0] + points[0], game["scores"][1] + points[1]]
        game["hands"].append(
            {
                "number": len(game["hands"]) + 1,
                "dealer": record.dealer,
                **result,
                **hand_review(record),
                "scores": list(game["scores"]),
            }
        )
    return [games[number] for number in sorted(games)]


@router.get("/play/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: str) -> Response:
    """A whole game, hand by hand and trick by trick, from the table's ``records.jsonl``
    (finished hands only: they are public once over)."""
    service = service_of(request)
    view = await run_in_threadpool(service.view, table_id, None)
    rows = await run_in_threadpool(service.records, table_id)
    return render(
        request,
        "play/replay.html",
        {
            "table": table_id,
            "games": replay_games(rows),
            "seats": view["seats"],
            "profile": view["profile"]["name"],
        },
    )
