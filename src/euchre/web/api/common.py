"""What the JSON API's routers share: the error answers they document, the director's
session for reading and for writing, a path number, and an event's rows as schemas."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypedDict, TypeVar

from fastapi import Depends, Path
from sqlalchemy.orm import Session

from euchre.store.night import events
from euchre.web.api.schemas import ErrorOut
from euchre.web.common.deps import director_for_read, director_for_write
from euchre.web.common.security import DirectorSession

__all__ = ["API_ERRORS", "Audit", "Id", "Reader", "Writer", "audited", "event_rows", "listed"]

API_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut} for status in (400, 401, 403, 404, 409, 422, 429)
}
"""The error answers every API router documents: ``{"detail": "..."}`` in words."""
Reader = Annotated[DirectorSession, Depends(director_for_read)]
"""A director's session that may read (a bearer token or the cookie)."""
Writer = Annotated[DirectorSession, Depends(director_for_write)]
"""A director's session that may write (the cookie needs the CSRF header)."""
Id = Annotated[int, Path(ge=1, le=2_147_483_647)]
"""A path number (event, round, table, player, submission): bounded so no database overflows."""
RowT = TypeVar("RowT")


class Audit(TypedDict):
    """Who did it and why, as the audit log keeps them."""

    who: str
    reason: str


def audited(director: DirectorSession, reason: str) -> Audit:
    """The director's name and his reason, for a store service's ``**`` arguments."""
    return Audit(who=director.name, reason=reason)


OutT = TypeVar("OutT")


def event_rows(
    session: Session, event_id: int, listing: Callable[..., Sequence[RowT]]
) -> Sequence[RowT]:
    """``listing(session, event_id=...)`` of an event that exists (404 otherwise, not ``[]``)."""
    events.get_event(session, event_id=event_id)
    return listing(session, event_id=event_id)


def listed(
    session: Session,
    event_id: int,
    listing: Callable[..., Sequence[RowT]],
    out: Callable[[RowT], OutT],
) -> list[OutT]:
    """An event's rows (see :func:`event_rows`) as the API's schemas."""
    return [out(row) for row in event_rows(session, event_id, listing)]
