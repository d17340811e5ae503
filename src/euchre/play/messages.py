"""The messages of a play table's WebSocket, both ways, as typed models.

A client first sends a :class:`Hello` (``{"token": ..., "seq": N}``; no token: a spectator),
then any of :data:`ClientMessage`: ``{"type": "action", "action": ..., "seq": N}``,
``{"type": "chat", "text": ...}``, ``{"type": "ping"}`` or ``{"type": "resync", "seq": N}``.
The server sends :class:`ViewMessage` (``{"type": "view", "view": ..., "missed": [...]}``),
:class:`ErrorMessage` (``{"type": "error", "status": ..., "detail": ...}``, with ``"chat":
true`` for a refused chat message), :class:`RevokedMessage` and :class:`PongMessage`. The
JSON on the wire is the page script's (``static/play.js``): these models only name it.

A message that does not read as one of these gets an answer in words for the player
(:func:`read_client_message`), never the validator's. One rule for extra members, on the
socket as over HTTP: a client's message with a member the table does not know is refused,
naming it (``docs/play.md``, *Robust sockets*); a binary frame gets :data:`BAD_BINARY`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    field_validator,
)

__all__ = [
    "BAD_ACTION",
    "BAD_BINARY",
    "BAD_CHAT",
    "BAD_HELLO",
    "BAD_MESSAGE",
    "CHAT_MESSAGE_LIMIT",
    "ActionRequest",
    "ChatRequest",
    "ClientMessage",
    "ErrorMessage",
    "Hello",
    "MissedEntry",
    "Ping",
    "PongMessage",
    "Resync",
    "RevokedMessage",
    "Unreadable",
    "ViewMessage",
    "read_client_message",
    "read_hello",
    "unknown_members",
    "view_message_text",
]

CHAT_MESSAGE_LIMIT = 1000
"""The longest chat message the socket reads at all (the table's own limit is shorter and is
told in its own words)."""
BAD_MESSAGE = "The table could not read what this page sent; reload the page to go on playing."
BAD_ACTION = (
    "Your move was not saved: this page sent it in a form the table cannot read; reload the "
    "page and make it again."
)
BAD_CHAT = "A chat message is a line of text."
BAD_HELLO = "This page could not join the table; reload it to try again."
BAD_BINARY = "The table reads text messages only; reload the page to go on playing."


def unknown_members(names: list[str]) -> str:
    """The sentence for a message with members the table does not read (named, quoted)."""
    quoted = ", ".join(f'"{name}"' for name in names)
    return (
        f"The table could not read what this page sent: it does not know {quoted}; reload the "
        "page to go on playing."
    )


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class _ClientMessage(BaseModel):
    # The HTTP bodies' rule too (``extra="forbid"``): nothing a client sends is dropped unread.
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---------------------------------------------------------------------- client to server
class Hello(_ClientMessage):
    """The first message of a socket: the seat's token (None: a spectator) and the last
    ``seq`` the page has (the entries after it come back as ``missed``)."""

    token: str | None = None
    seq: StrictInt = 0


class ActionRequest(_ClientMessage):
    """A move by the socket's seat, for the table at ``seq``."""

    type: Literal["action"]
    action: StrictStr
    seq: StrictInt


class ChatRequest(_ClientMessage):
    """A chat message, said by the socket's seat (the message names none)."""

    type: Literal["chat"]
    text: StrictStr = Field(max_length=CHAT_MESSAGE_LIMIT)


class Ping(_ClientMessage):
    """Are you there? (answered by :class:`PongMessage`)."""

    type: Literal["ping"]


class Resync(_ClientMessage):
    """Send the view again, with the entries after ``seq`` (anything else: from the start)."""

    type: Literal["resync"]
    seq: int = 0

    @field_validator("seq", mode="before")
    @classmethod
    def _whole_number(cls, value: Any) -> int:
        return value if isinstance(value, int) and not isinstance(value, bool) else 0


ClientMessage = Annotated[ActionRequest | ChatRequest | Ping | Resync, Field(discriminator="type")]
_CLIENT: TypeAdapter[ActionRequest | ChatRequest | Ping | Resync] = TypeAdapter(ClientMessage)


class Unreadable(_Message):
    """A message that read as none of :data:`ClientMessage`: what to tell the player."""

    detail: str
    chat: bool = False


def read_client_message(text: str) -> ActionRequest | ChatRequest | Ping | Resync | Unreadable:
    """The message ``text`` reads as, or :class:`Unreadable` with a sentence for the player."""
    try:
        data: Any = json.loads(text)
    except ValueError:
        return Unreadable(detail=BAD_MESSAGE)
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as error:
        kind = data.get("type") if isinstance(data, dict) else None
        extra = [
            str(problem["loc"][-1])
            for problem in error.errors()
            if problem["type"] == "extra_forbidden" and problem["loc"]
        ]
        if extra and len(extra) == len(error.errors()):
            return Unreadable(detail=unknown_members(extra), chat=kind == "chat")
        if kind == "action":
            return Unreadable(detail=BAD_ACTION)
        if kind == "chat":
            return Unreadable(detail=BAD_CHAT, chat=True)
        return Unreadable(detail=BAD_MESSAGE)


def read_hello(text: str) -> Hello:
    """The first message; raises :class:`ValueError` (a sentence for the player) when it is
    not one."""
    try:
        return Hello.model_validate_json(text)
    except ValidationError:
        raise ValueError(BAD_HELLO) from None


# ---------------------------------------------------------------------- server to client
class MissedEntry(_Message):
    """A log entry the page missed, as its seat may read it."""

    seq: int
    seat: int
    action: str


class ViewMessage(_Message):
    """The seat's view of the table (after every change), with the entries it missed since
    its last ``seq`` and the serving process (``worker``) on a catch-up."""

    type: Literal["view"] = "view"
    view: dict[str, Any]
    missed: list[MissedEntry] = Field(default_factory=list)
    worker: int | None = None

    def to_text(self) -> str:
        """The JSON sent (``worker`` only where known)."""
        out: dict[str, Any] = {
            "type": self.type,
            "view": self.view,
            "missed": [entry.model_dump() for entry in self.missed],
        }
        if self.worker is not None:
            out["worker"] = self.worker
        return json.dumps(out)


def view_message_text(
    view_text: str, missed: Sequence[MissedEntry] = (), worker: int | None = None
) -> str:
    """``ViewMessage(view=json.loads(view_text), missed=missed, worker=worker).to_text()``
    without decoding the view again: the fan-out sends views it encoded once for all its
    sockets, and a new socket's first view is encoded once, not built, validated and encoded
    again."""
    entries = json.dumps([entry.model_dump() for entry in missed]) if missed else "[]"
    tail = "" if worker is None else f', "worker": {int(worker)}'
    return f'{{"type": "view", "view": {view_text}, "missed": {entries}{tail}}}'


class ErrorMessage(_Message):
    """A refusal: its HTTP-like ``status`` and a ``detail`` (``chat``: a refused chat
    message)."""

    type: Literal["error"] = "error"
    status: int
    detail: str
    chat: bool = False

    def to_text(self) -> str:
        """The JSON sent (``chat`` only when true)."""
        out: dict[str, Any] = {"type": self.type, "status": self.status, "detail": self.detail}
        if self.chat:
            out["chat"] = True
        return json.dumps(out)


class RevokedMessage(_Message):
    """The socket's seat is no longer its own (opened elsewhere, given away); it is closed."""

    type: Literal["revoked"] = "revoked"
    detail: str

    def to_text(self) -> str:
        """The JSON sent."""
        return json.dumps(self.model_dump())


class PongMessage(_Message):
    """The answer to :class:`Ping`."""

    type: Literal["pong"] = "pong"

    def to_text(self) -> str:
        """The JSON sent."""
        return json.dumps(self.model_dump())
