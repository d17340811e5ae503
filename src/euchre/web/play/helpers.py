"""What the play API (:mod:`euchre.web.play.api`), the play pages
(:mod:`euchre.web.play.pages`) and an online night's routes share: the app's play service, a
new table's body and its validated configuration, where players reach the app, a seat's invite
link and redeeming a seat's short code."""

from __future__ import annotations

import tomllib
from typing import Any

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from euchre.engine.errors import RuleProfileError
from euchre.engine.profile import BUILTIN_PROFILES, profile_from_mapping
from euchre.play.table import TableConfig, config_from_request
from euchre.store.play.service import PlayService, SeatTicket
from euchre.web.common.deps import guard_codes

__all__ = [
    "MAX_DECK",
    "TableCreate",
    "base_url",
    "redeem",
    "seat_url",
    "service_of",
    "table_config",
]


MAX_DECK = 20_000
"""The longest question deck or profile text a table takes (characters)."""


class TableCreate(BaseModel):
    """A new table: a rule profile (a built-in with overrides, or a user profile's TOML),
    who sits where, a seed, hints and an optional turn timer."""

    model_config = ConfigDict(extra="forbid")

    profile: str = Field("tournament", max_length=64)
    profile_options: dict[str, Any] = Field(default_factory=dict)
    profile_toml: str | None = Field(None, max_length=MAX_DECK)
    seats: list[str] = Field(default_factory=lambda: ["human", "rules", "rules", "rules"])
    seed: int | None = Field(None, ge=0, le=2**62)
    hints: bool = True
    timer_seconds: int = Field(0, ge=0, le=600)
    question_deck: str | None = Field(None, max_length=MAX_DECK)


def table_config(body: TableCreate) -> TableConfig:
    """The validated configuration of a new table (errors name the bad field)."""
    profile, options = body.profile, dict(body.profile_options)
    if body.profile_toml:
        try:
            data = tomllib.loads(body.profile_toml)
        except tomllib.TOMLDecodeError as error:
            raise RuleProfileError(f"profile_toml is not valid TOML: {error}") from None
        extends = data.get("extends")
        if not isinstance(extends, str) or extends not in BUILTIN_PROFILES:
            raise RuleProfileError(
                f"profile_toml: key 'extends' must name a built-in profile "
                f"({', '.join(BUILTIN_PROFILES)})"
            )
        profile_from_mapping(data, origin="profile_toml")  # validates every key
        profile = extends
        options = dict(data.get("options", {})) | options
    return config_from_request(
        profile=profile,
        profile_options=options,
        seats=body.seats,
        seed=body.seed,
        hints=body.hints,
        timer_seconds=body.timer_seconds,
        deck_text=body.question_deck,
    )


def service_of(request: Request) -> PlayService:
    """The app's play service."""
    value: PlayService = request.app.state.play_service
    return value


def base_url(request: Request) -> str:
    """Where players reach this app (the ``--public-url``, else the address used)."""
    public: str | None = request.app.state.public_url
    return (public or str(request.base_url)).rstrip("/")


def seat_url(request: Request, table_id: str, ticket: SeatTicket) -> str:
    """The invite link of a seat: the token rides in the fragment, never sent to a server."""
    if ticket.token is None:
        return f"{base_url(request)}/play/{table_id}"
    return f"{base_url(request)}/play/{table_id}#seat={ticket.seat}&token={ticket.token}"


async def redeem(request: Request, code: str) -> tuple[str, SeatTicket]:
    """Seat this device with a short code (the code spent, the seat's old token revoked)."""
    service = service_of(request)
    table_id, seat, cleaned = await run_in_threadpool(
        guard_codes, request, lambda session: service.find_code(session, code), write=False
    )
    return table_id, await run_in_threadpool(service.redeem_code, table_id, seat, cleaned)
