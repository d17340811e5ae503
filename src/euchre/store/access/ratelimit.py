"""Slowing down wrong codes and wrong director passwords, stored in the database so every
worker sees the same count.

A client may get ``FREE_FAILURES`` codes wrong with less than ``WINDOW`` between one and the
next; after that each further failure blocks it for twice as long as the last (1 s, 2 s,
4 s, ... up to ``MAX_BLOCK``), and only a quiet ``WINDOW`` forgets the count (a guesser that
keeps on is held at one guess per ``MAX_BLOCK``).
Table, seat and player codes are counted per device (``DEVICE_FREE_FAILURES``) or, for a
request that has no device cookie yet, per address (``ADDRESS_FREE_FAILURES``: a hall's
phones share one address); director passwords and club codes per address
(``FREE_FAILURES``). A director sees the blocks and lifts one (:func:`blocks`,
:func:`lift_block`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from euchre.store.db import Database
from euchre.store.errors import RateLimitedError
from euchre.store.models import RateLimit, utc_now

__all__ = [
    "ADDRESS_FREE_FAILURES",
    "DEVICE_FREE_FAILURES",
    "FREE_FAILURES",
    "MAX_BLOCK",
    "NEW_DEVICES_PER_ADDRESS",
    "WINDOW",
    "Block",
    "blocks",
    "check_rate_limit",
    "count_failure",
    "defer_rate_limit",
    "deferred_rate_limit_pending",
    "lift_block",
    "raise_if_blocked",
    "record_failure",
    "take_deferred_rate_limit",
]

FREE_FAILURES = 5
DEVICE_FREE_FAILURES = 20
"""Wrong codes one device may type in ``WINDOW`` before its guesses are slowed down: far more
than a mistyping player needs, far too few to guess a code (``docs/online.md``)."""
ADDRESS_FREE_FAILURES = 100
NEW_DEVICES_PER_ADDRESS = 200
"""Device cookies one address is handed (a hall's phones) before a quiet ``WINDOW``: a script
cannot mint devices to multiply its guesses (``euchre.web.common.devices.may_hand_out``)."""
"""Wrong codes from devices without a device cookie yet, per address in ``WINDOW`` (a hall's
phones each have one first request; a script that refuses the cookie shares this)."""
WINDOW = timedelta(minutes=15)
MAX_BLOCK = timedelta(minutes=5)


def check_rate_limit(
    session: Session, *, key: str, now: datetime | None = None, what: str = "wrong codes"
) -> None:
    """Raise ``RateLimitedError`` when ``key`` is blocked at ``now`` (the message says
    "too many ``what`` from this device")."""
    limit = session.get(RateLimit, key)
    raise_if_blocked(None if limit is None else limit.blocked_until, now=now, what=what)


def raise_if_blocked(
    blocked_until: datetime | None, *, now: datetime | None = None, what: str = "wrong codes"
) -> None:
    """Raise ``RateLimitedError`` when a client blocked until ``blocked_until`` (its stored
    value, read by the caller's own query) is still blocked at ``now``."""
    moment = now or utc_now()
    if blocked_until is not None and blocked_until > moment:
        wait = max(1, int((blocked_until - moment).total_seconds() + 0.999))
        raise RateLimitedError(
            f"too many {what} from this device; wait {wait} s and try again",
            retry_after=wait,
        )


def defer_rate_limit(session: Session, *, key: str) -> None:
    """Ask the session's first table lookup (``table_lookup.open_table``) to check ``key``'s
    block in its own query, before it answers anything: one query fewer per table request. The
    caller must make sure the lookup ran (``deferred_rate_limit_pending``)."""
    session.info[_DEFERRED] = key


def take_deferred_rate_limit(session: Session) -> str | None:
    """The key a caller deferred the check of (the check is now the taker's), or None."""
    key: str | None = session.info.pop(_DEFERRED, None)
    return key


def deferred_rate_limit_pending(session: Session) -> bool:
    """Whether a deferred check was never taken (a programming error: nothing was checked)."""
    return _DEFERRED in session.info


_DEFERRED = "euchre_rate_limit_key"


def record_failure(
    session: Session, *, key: str, now: datetime | None = None, free: int = FREE_FAILURES
) -> int:
    """Count one wrong code for ``key`` (``free`` of them allowed in ``WINDOW``); return the
    seconds it is now blocked (0 if none)."""
    moment = now or utc_now()
    limit = session.get(RateLimit, key, with_for_update=True)
    if limit is None:
        limit = RateLimit(key=key, failures=0, window_started_at=moment)
        session.add(limit)
    if moment - limit.window_started_at > WINDOW:
        limit.failures = 0
        limit.blocked_until = None
    # The column holds the latest failure: the count is forgotten after a quiet WINDOW only.
    limit.window_started_at = moment
    limit.failures += 1
    excess = limit.failures - free
    if excess <= 0:
        return 0
    block = min(timedelta(seconds=2 ** (excess - 1)), MAX_BLOCK)
    limit.blocked_until = moment + block
    return int(block.total_seconds())


def count_failure(database: Database, *, key: str, free: int = FREE_FAILURES) -> None:
    """:func:`record_failure` in a write transaction of its own (the failed request's own
    transaction is rolled back); another worker counting the same key's first failure at the
    same moment is no error."""
    try:
        with database.write() as session:
            record_failure(session, key=key, free=free)
    except IntegrityError:
        pass  # another worker counted this key's first failure at the same moment


@dataclass(frozen=True, slots=True)
class Block:
    """A client whose wrong codes are being counted, as the director sees it: ``key`` names it
    (``guess:device:…``, ``guess:address:…``, ``codes:…`` for passwords and club codes),
    ``wait_seconds`` is how long it is still refused (0: counted, not blocked)."""

    key: str
    failures: int
    window_started_at: datetime
    blocked_until: datetime | None
    wait_seconds: int


def blocks(session: Session, *, now: datetime | None = None) -> list[Block]:
    """Every client with wrong codes counted in the current window, the blocked first."""
    moment = now or utc_now()
    rows = session.scalars(
        select(RateLimit).where(RateLimit.window_started_at > moment - WINDOW - MAX_BLOCK)
    ).all()
    found = [
        Block(
            row.key,
            row.failures,
            row.window_started_at,
            row.blocked_until,
            max(0, int((row.blocked_until - moment).total_seconds() + 0.999))
            if row.blocked_until is not None and row.blocked_until > moment
            else 0,
        )
        for row in rows
        if not row.key.startswith("play-create:")
    ]
    return sorted(found, key=lambda block: (-block.wait_seconds, -block.failures, block.key))


def lift_block(session: Session, *, key: str) -> bool:
    """Forget ``key``'s wrong codes (a director lifting a block); False when none counted."""
    limit = session.get(RateLimit, key, with_for_update=True)
    if limit is None:
        return False
    session.delete(limit)
    return True
