"""Request-scoped helpers the routes share: the database, the director, the code guard."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Annotated, Any, TypedDict, TypeVar

from fastapi import Depends, Request, Response
from sqlalchemy.orm import Session

from euchre.store.access.ratelimit import (
    check_rate_limit,
    count_failure,
    defer_rate_limit,
    deferred_rate_limit_pending,
)
from euchre.store.db import Database
from euchre.store.errors import AuthError, NotFoundError, RateLimitedError, StoreError
from euchre.store.sheet_folder import refresh_sheets
from euchre.web.common.devices import Guesser, guesser, hand_out_device, may_hand_out
from euchre.web.common.security import DirectorSession, SessionSigner, check_csrf, read_session

__all__ = [
    "FileRoute",
    "ReadSession",
    "WriteSession",
    "clock_now",
    "database",
    "director_for_read",
    "director_for_write",
    "download",
    "file_route",
    "guard_codes",
    "optional_director",
    "read_transaction",
    "signer",
    "write_transaction",
]

T = TypeVar("T")


def clock_now(request: Request) -> datetime:
    """The time now, from the app's clock (``app.state.clock``: tests hand in their own)."""
    read: Callable[[], datetime] = request.app.state.clock
    return read()


def database(request: Request) -> Database:
    """The app's database (and its club sheets, reloaded when the folder changed)."""
    refresh_sheets(request.app.state.sheets_folder)
    value: Database = request.app.state.database
    return value


def read_transaction(request: Request) -> Iterator[Session]:
    """The request's read session (:meth:`Database.read`), closed when the route returns."""
    with database(request).read() as session:
        yield session


def write_transaction(request: Request) -> Iterator[Session]:
    """The request's write transaction (:meth:`Database.write`): committed when the route
    returns, rolled back when it raises."""
    with database(request).write() as session:
        yield session


# scope="function": FastAPI leaves a dependency's code after ``yield`` until the response has
# been sent unless told otherwise; here the commit runs when the route returns, BEFORE the
# answer goes out, so a commit that fails answers an error (409 for a clash) instead of a
# success page over a lost score (tests/web/test_session_dependencies.py).
ReadSession = Annotated[Session, Depends(read_transaction, scope="function")]
"""A route's one read session: the route takes it instead of wrapping its whole body in a
``with`` block of :meth:`Database.read`."""
WriteSession = Annotated[Session, Depends(write_transaction, scope="function")]
"""A route's one write transaction, committed before the response is sent: the route takes it
instead of wrapping its whole body in a ``with`` block of :meth:`Database.write`."""


def signer(request: Request) -> SessionSigner:
    """The app's session signer."""
    value: SessionSigner = request.app.state.signer
    return value


def optional_director(request: Request) -> DirectorSession | None:
    """The logged-in director, or None."""
    return read_session(request, signer(request))


def director_for_read(request: Request) -> DirectorSession:
    """The logged-in director (401 otherwise)."""
    session = optional_director(request)
    if session is None:
        raise AuthError("log in as the director first (POST /api/session)")
    return session


def director_for_write(request: Request) -> DirectorSession:
    """The logged-in director, with the CSRF header checked for cookie sessions."""
    session = director_for_read(request)
    check_csrf(session, request.headers.get("x-csrf-token"))
    return session


class FileRoute(TypedDict):
    """A download's route options (FastAPI's ``response_class`` and ``responses``)."""

    response_class: type[Response]
    responses: dict[int | str, dict[str, Any]]


def file_route(media_type: str, what: str) -> FileRoute:
    """The route options of a download: the file's media type in the OpenAPI document (not
    the JSON every other answer is), e.g. ``@router.get(path, **file_route("text/csv", ...))``."""
    return {
        "response_class": Response,
        "responses": {200: {"content": {media_type: {}}, "description": what}},
    }


def download(
    content: str | bytes, media_type: str, filename: str, *, inline: bool = False
) -> Response:
    """A file to save as ``filename`` (``inline``: one the browser shows, a PDF)."""
    disposition = "inline" if inline else "attachment"
    return Response(
        content,
        media_type=media_type,
        headers={"Content-Disposition": f'{disposition}; filename="{filename}"'},
    )


def guard_codes(
    request: Request,
    action: Callable[[Session], T],
    *,
    write: bool = True,
    table_lookup: bool = False,
) -> T:
    """Run ``action`` (a write, or a read with ``write=False``) that takes a table, seat or
    player code, slowing down the device that keeps getting codes wrong (the count lives in
    the database, shared by every worker). A device is its own cookie
    (``euchre.web.common.devices``), so one phone's wrong codes never refuse another phone on the
    same address; a request without one counts as its address, and gets its cookie here
    unless that address is blocked.

    ``table_lookup``: the action starts with ``table_lookup.open_table``, whose query checks the
    client's block too (one query fewer); the action fails if it did not."""
    store = database(request)
    who = guesser(request, signer(request))
    try:
        # One transaction for the check and the action: a table's request costs one
        # database round of BEGIN/COMMIT, not two.
        with store.write() if write else store.read() as session:
            if table_lookup:
                defer_rate_limit(session, key=who.key)
                answer = action(session)
                if deferred_rate_limit_pending(session):
                    raise RuntimeError("a table request ran without its wrong-code check")
            else:
                check_rate_limit(session, key=who.key)
                answer = action(session)
    except RateLimitedError:
        raise
    except (NotFoundError, AuthError):
        count_failure(store, key=who.key, free=who.free)
        _hand_out(request, who)
        raise
    except StoreError:
        _hand_out(request, who)  # past the check: the code was read, just not usable now
        raise
    _hand_out(request, who)
    return answer


def _hand_out(request: Request, who: Guesser) -> None:
    if who.device_id is None and may_hand_out(request):
        hand_out_device(request, signer(request))
