"""The director's view of wrong-code blocks: who is being slowed down, and lifting a block
(a player who mistyped his code too often, on his own phone, is let in again at once).

API (director):

- ``GET /api/code-blocks`` → every device or address with wrong codes counted in the
  current window: ``key``, ``who`` (in words), ``failures``, ``wait_seconds`` (0: counted,
  not refused).
- ``POST /api/code-blocks/lift`` ``{"key": KEY}`` → its count forgotten (``lifted``: false
  when there was none).

The online live page shows the same list with a "Lift" button for each
(``/director/code-blocks/lift``, a form).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from euchre.store.access.ratelimit import lift_block
from euchre.web.common.deps import database, director_for_read, director_for_write
from euchre.web.common.flash import redirect
from euchre.web.common.forms import DirectorForm, require_director
from euchre.web.common.security import DirectorSession
from euchre.web.views.code_blocks import BlockOut, block_rows

__all__ = [
    "BlocksOut",
    "LiftIn",
    "LiftOut",
    "router",
]

router = APIRouter(tags=["code blocks"])


class BlocksOut(BaseModel):
    """Every counted client, the blocked first."""

    blocks: list[BlockOut]


class LiftIn(BaseModel):
    """The client whose block to lift (its ``key`` from the list)."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(min_length=1, max_length=200)


class LiftOut(BaseModel):
    """Whether a count was forgotten."""

    key: str
    lifted: bool


@router.get("/api/code-blocks", response_model=BlocksOut)
def list_blocks(
    request: Request, director: Annotated[DirectorSession, Depends(director_for_read)]
) -> BlocksOut:
    """Every device or address with wrong codes counted now, the blocked first."""
    return BlocksOut(blocks=block_rows(request))


def _lift(request: Request, key: str) -> bool:
    with database(request).write() as session:
        return lift_block(session, key=key)


@router.post("/api/code-blocks/lift", response_model=LiftOut)
def lift(
    request: Request,
    director: Annotated[DirectorSession, Depends(director_for_write)],
    body: LiftIn,
) -> LiftOut:
    """Forget one client's wrong codes: it is let in again at once."""
    return LiftOut(key=body.key, lifted=_lift(request, body.key))


class LiftForm(DirectorForm):
    """The live page's "Lift" button: the client's key and the page to go back to."""

    key: str = Field(default="", max_length=200)
    back: str = Field(default="", max_length=200)


@router.post("/director/code-blocks/lift", include_in_schema=False)
def lift_form(request: Request, form: Annotated[LiftForm, Form()]) -> Response:
    """The live page's "Lift" button."""
    require_director(request, form)
    lifted = _lift(request, form.key)
    back = form.back if form.back.startswith("/director/") else "/director"
    message = "Block lifted: that device may try codes again." if lifted else "Nothing to lift."
    return redirect(request, back, message)
