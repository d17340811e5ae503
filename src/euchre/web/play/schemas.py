"""The answers of the play API's JSON routes (``docs/play.md``): frozen models whose fields are
what the routes answer, so ``/openapi.json`` names each one. The table's own view is
:class:`euchre.play.view_model.TableView`, its question deck
:class:`euchre.play.view_model.DeckView` and a log entry
:class:`euchre.play.messages.MissedEntry` (the same shapes the WebSocket sends)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from euchre.play.messages import MissedEntry
from euchre.tournament.model import ChatMode

__all__ = [
    "ChatSaidOut",
    "ChatSettingOut",
    "ClaimOut",
    "EventsOut",
    "HintOut",
    "JoinOut",
    "KindsOut",
    "LeaveOut",
    "SeatTicketOut",
    "TableOpenedOut",
]

_Frozen = ConfigDict(frozen=True, extra="forbid")
"""Read-only answers; a key a route adds that a model does not name is a defect (a 500 the
tests catch), never a field silently dropped from the page."""


class KindsOut(BaseModel):
    """Who can sit (``human`` and every computer player) and the built-in rule profiles."""

    model_config = _Frozen
    kinds: list[str]
    profiles: list[str]


class SeatTicketOut(BaseModel):
    """A seat as whoever opened or changed it receives it: its secrets are shown only now."""

    model_config = _Frozen
    seat: int
    kind: str = Field(description="``human`` or a computer player's name")
    token: str | None = Field(description="The seat's secret (a human's seat only)")
    code: str | None = Field(description="The short code a player types to take the seat")
    url: str = Field(description="The invite link (the token rides in its fragment)")
    qr: str | None = Field(description="The link as a QR code (an SVG data URI), when asked")


class TableOpenedOut(BaseModel):
    """A table just opened: its id and link, the host's secret and each seat."""

    model_config = _Frozen
    table: str
    url: str
    host_token: str = Field(description="The host's secret: change seats, chat and deck")
    seeded: bool
    seats: list[SeatTicketOut]


class JoinOut(BaseModel):
    """The seat a short code gave this device: the table and the seat's fresh secret."""

    model_config = _Frozen
    table: str
    seat: int
    kind: str
    token: str | None
    code: str | None
    url: str
    qr: str | None


class HintOut(BaseModel):
    """What the strongest computer player would do now, and why in one sentence."""

    model_config = _Frozen
    hint: str = Field(description="Why, as a sentence for the player")
    action: str = Field(description="The move, as the table's log writes it")


class EventsOut(BaseModel):
    """The log entries after ``since``, as the asking seat (or a spectator) may read them."""

    model_config = _Frozen
    events: list[MissedEntry]


class ChatSaidOut(BaseModel):
    """A chat message said: the table's ``seq`` after it and the chat's mode."""

    model_config = _Frozen
    seq: int
    chat_mode: ChatMode


class ChatSettingOut(BaseModel):
    """The table's chat mode after the host changed it."""

    model_config = _Frozen
    chat_mode: ChatMode


class LeaveOut(BaseModel):
    """The seat a player left, who plays it now, and the sentence the page shows him."""

    model_config = _Frozen
    seat: int
    kind: str
    detail: str


class ClaimOut(BaseModel):
    """The secret this device plays the seat with (kept by the page, never in a link)."""

    model_config = _Frozen
    seat: int
    token: str
