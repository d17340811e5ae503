"""One device per seat: a seat's link is a claim, and each device that opens it gets its own
secret (``docs/play.md``, *One device per seat*).

A seat row keeps two hashes: ``link_hash`` (the link's secret, in ``/play/T#seat=N&token=``)
and ``token_hash`` (the secret the seat acts with). While both are the same the link has not
been claimed by a device yet, and it acts itself (an API client may play with it). The first
device to open it claims it quietly; a second device is asked "Take this seat here?" and, on
yes, takes the seat exactly as a short code does: a fresh secret of its own, the first
device's revoked, ``reissue N`` in the log (its page is told "This seat was opened on another
device." and its socket closed).
"""

from __future__ import annotations

import hmac
import secrets

from sqlalchemy.orm import Session

from euchre.engine.errors import IllegalActionError
from euchre.play.log import reissue_entry
from euchre.store.errors import ConflictError
from euchre.store.models import PlaySeat
from euchre.store.play.service import ForbiddenError, PlayService, hash_secret

__all__ = [
    "BAD_LINK",
    "TAKE_QUESTION",
    "SeatHeldError",
    "claim_seat",
]

TAKE_QUESTION = (
    "This seat is open on another device. Take this seat here? The other device stops playing it."
)
BAD_LINK = (
    "This seat's key is not valid at this table: the seat was opened on another device or "
    "given to someone else, or the link is wrong."
)


class SeatHeldError(ConflictError):
    """A seat's link opened on a second device, without ``take``: the player is asked first
    (HTTP 409, :data:`TAKE_QUESTION`)."""


def _same(stored: str | None, digest: str) -> bool:
    return stored is not None and hmac.compare_digest(stored, digest)


def claim_seat(
    service: PlayService, table_id: str, *, seat: int, secret: str, take: bool = False
) -> str:
    """The secret this device plays ``seat`` with, given the seat's link secret (or the
    device's own secret, which is answered unchanged).

    An unclaimed link is claimed quietly; a link whose seat another device holds raises
    :class:`SeatHeldError` unless ``take``; a wrong secret raises :class:`ForbiddenError`
    (:data:`BAD_LINK`); a seat a computer player holds raises :class:`ForbiddenError` too."""
    if not 0 <= seat <= 3:
        raise ForbiddenError(BAD_LINK)
    digest = hash_secret(secret)
    with service.database.read() as session:
        row = session.get(PlaySeat, (table_id, seat))
        held_by, link = (None, None) if row is None else (row.token_hash, row.link_hash)
    # A seat stored before links were claims: its token is an unclaimed link.
    link = link or held_by
    if _same(held_by, digest) and not _same(link, digest):
        return secret  # this device's own secret: it plays the seat already
    if not _same(link, digest):
        raise ForbiddenError(BAD_LINK)
    held = held_by is not None and held_by != link
    if held and not take:
        raise SeatHeldError(TAKE_QUESTION)
    device = secrets.token_urlsafe(24)

    def swap(session: Session) -> None:
        current = session.get(PlaySeat, (table_id, seat))
        if current is None or (current.link_hash or current.token_hash) != link:
            raise ForbiddenError(BAD_LINK)  # a new link was made meanwhile
        if current.token_hash != held_by and not take:
            raise SeatHeldError(TAKE_QUESTION)  # another device claimed it meanwhile
        current.token_hash, current.link_hash = hash_secret(device), link

    try:
        service.table_command(table_id, reissue_entry(seat), also=swap)
    except IllegalActionError:
        raise ForbiddenError(
            "This seat was given to a computer player; ask the host for a new link."
        ) from None
    return device
