"""Seats and their secrets at play tables: opening a table, seat tokens and short codes, the
host's token, and handing a seat to someone else.

A seat's token (its link) and short code are random, shown once and stored only hashed
(:func:`hash_secret`); the table's host token (its creator's) sits in the ``play_seats`` row
:data:`HOST_SEAT`. A seat that changes hands is logged (``seat N KIND``, ``reissue N``) in the
same transaction as its new secrets, so the old holder's sockets are closed.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import Table, bindparam, select
from sqlalchemy.orm import Session

from euchre.engine.errors import IllegalActionError
from euchre.play.log import TABLE, leave_entry, reissue_entry, seat_entry
from euchre.play.table import HUMAN, TableConfig, TableState
from euchre.store.db import Database
from euchre.store.errors import ConflictError, NotFoundError, RateLimitedError, StoreError
from euchre.store.models import PlaySeat, PlayTable, RateLimit, utc_now
from euchre.store.play.errors import ForbiddenError
from euchre.store.play.tables import TableCache
from euchre.store.play.writer import LogWriter

__all__ = [
    "HOST_SEAT",
    "NOT_HOST",
    "SPENT_CODE",
    "SeatDesk",
    "SeatTicket",
    "hash_secret",
    "move_seat_rows",
    "short_code",
]

_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
HOST_SEAT = TABLE
"""The ``play_seats`` row that keeps the hash of a casual table's host token (the creator's):
seat -1 is the table itself, as in the log."""
NOT_HOST = "Only the table's host (who opened it) can change who sits in a seat; ask the host."
SPENT_CODE = "This code was already used; ask the host for a new one."
_SEATS: Table = PlaySeat.__table__  # type: ignore[assignment]
_TOKENS = select(_SEATS.c.seat, _SEATS.c.token_hash).where(
    _SEATS.c.table_id == bindparam("table_id"), _SEATS.c.seat != HOST_SEAT
)
"""The token digests of a table's seats, built once (every socket's opening reads them)."""


def hash_secret(secret: str) -> str:
    """The stored form of a seat token or short code (SHA-256: they are random, ≥ 40 bits,
    rate-limited where short, so a slow hash would add nothing)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def short_code(length: int = 8) -> str:
    """A random code of ``length`` characters from an alphabet without look-alikes."""
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(length))


def _spent_hash(code: str) -> str:
    """What a redeemed short code leaves in its seat's row: it no longer opens the seat, and
    a second try is told it was used (not that it is wrong)."""
    return hash_secret(f"spent:{code}")


def move_seat_rows(session: Session, table_id: str, moves: dict[int, int]) -> None:
    """Move the stored secrets of the seats whose players moved (old seat → new seat): each
    player's link, token and code open his new seat."""
    rows = {
        row.seat: row
        for row in session.scalars(
            select(PlaySeat).where(PlaySeat.table_id == table_id, PlaySeat.seat.in_(moves))
        )
    }
    held = {seat: (row.token_hash, row.code_hash, row.link_hash) for seat, row in rows.items()}
    for row in rows.values():  # codes are unique: clear them all before writing them back
        row.code_hash = None
    session.flush()
    for old, new in moves.items():
        row = rows[new]
        row.token_hash, row.code_hash, row.link_hash = held[old]


@dataclass(frozen=True, slots=True)
class SeatTicket:
    """A seat as its creator receives it: the secrets are shown once, never stored."""

    seat: int
    kind: str
    token: str | None = None
    code: str | None = None


class SeatDesk:
    """Seats, tokens and codes of the play tables of one database."""

    def __init__(
        self,
        database: Database,
        tables: TableCache,
        writer: LogWriter,
        *,
        create_per_minute: int = 30,
    ) -> None:
        self.database = database
        self.tables = tables
        self.writer = writer
        self.create_per_minute = create_per_minute
        """Tables one device may open a minute."""
        writer.on_seats_moved = move_seat_rows

    def create_table(
        self, config: TableConfig, *, client: str
    ) -> tuple[str, list[SeatTicket], str]:
        """Open a table; each human seat gets a token and a short code, and the creator a
        host token (the only one that may change who sits where); all shown only now."""
        tickets: list[SeatTicket] = []
        host_token = secrets.token_urlsafe(24)
        with self.database.write() as session:
            self._count_creation(session, f"play-create:{client}")
            table_id = short_code(10)
            session.add(PlayTable(id=table_id, config=config.model_dump(mode="json")))
            session.flush()
            session.add(
                PlaySeat(table_id=table_id, seat=HOST_SEAT, token_hash=hash_secret(host_token))
            )
            for seat, kind in enumerate(config.seats):
                if kind == HUMAN:
                    token, code = secrets.token_urlsafe(24), short_code()
                    session.add(
                        PlaySeat(
                            table_id=table_id,
                            seat=seat,
                            token_hash=hash_secret(token),
                            code_hash=hash_secret(code),
                            link_hash=hash_secret(token),  # a claim too: store.play.claims
                        )
                    )
                    tickets.append(SeatTicket(seat, kind, token, code))
                else:
                    session.add(PlaySeat(table_id=table_id, seat=seat))
                    tickets.append(SeatTicket(seat, kind))
            stored = config.model_dump(mode="json")
        # The copy its first socket would build from the row (as stored, read back), kept now:
        # a night's 200 new tables spared a read each when their phones connect.
        self.tables.remember(TableState.new(table_id, TableConfig.model_validate(stored)))
        return table_id, tickets, host_token

    def _count_creation(self, session: Session, key: str) -> None:
        moment = utc_now()
        limit = session.get(RateLimit, key, with_for_update=True)
        if limit is None:
            limit = RateLimit(key=key, failures=0, window_started_at=moment)
            session.add(limit)
        if moment - limit.window_started_at > timedelta(minutes=1):
            limit.failures = 0
            limit.window_started_at = moment
        limit.failures += 1
        if limit.failures > self.create_per_minute:
            wait = 60 - int((moment - limit.window_started_at).total_seconds())
            raise RateLimitedError(
                f"too many tables opened from this device ({self.create_per_minute} a minute); "
                f"wait {max(1, wait)} s",
                retry_after=max(1, wait),
            )

    def seat_for_token(self, table_id: str, token: str | None) -> int:
        """The seat ``token`` opens at this table; a missing or wrong one raises 403."""
        if not token:
            raise ForbiddenError("this needs a seat token: Authorization: Bearer <token>")
        with self.database.read() as session:
            return self.seat_in(session, table_id, token)

    def seat_in(self, session: Session, table_id: str, token: str) -> int:
        """The seat ``token`` opens at this table, read in ``session`` (one query: the
        table's seat rows; a table without any is looked up to tell 404 from 403).

        The digests are read from the database every time, never from this process's copy:
        another worker, or the director's command line on the same file, may have revoked
        the token a moment ago (a new link and code, a seat claimed on another device), and
        a revoked token must be refused at its next connect (``docs/play.md``, *One device
        per seat*)."""
        digest = hash_secret(token)
        rows = session.connection().execute(_TOKENS, {"table_id": table_id}).all()
        for seat, stored in rows:
            if stored is not None and hmac.compare_digest(stored, digest):
                return int(seat)
        if not rows and session.get(PlayTable, table_id) is None:
            raise NotFoundError(f"no play table {table_id!r}")
        raise ForbiddenError(
            "This seat's key is not valid at this table: the seat was opened on another "
            "device or given to someone else, or the link is wrong."
        )

    def holder(self, table_id: str, token: str, seat: int) -> int | None:
        """The count of changes of hands of ``seat`` (:attr:`TableState.token_epochs`) at
        which ``token`` still holds it, or None when it no longer does. The count is read
        before the token, so a change committed in between is seen again later."""
        with self.tables.reading(table_id) as state:
            epoch = state.token_epochs[seat]
        try:
            return epoch if self.seat_for_token(table_id, token) == seat else None
        except ForbiddenError:
            return None

    def token_epoch(self, table_id: str, seat: int) -> int | None:
        """This process's copy's count of changes of hands of ``seat`` (no query; None when
        the table is not cached here)."""
        state = self.tables.get(table_id)
        return None if state is None else state.token_epochs[seat]

    def seat_kinds_cached(self, table_id: str) -> list[str] | None:
        """Who sits in each seat in this process's copy (no query; None: not cached)."""
        state = self.tables.get(table_id)
        return None if state is None else list(state.kinds)

    def is_host(self, table_id: str, token: str | None) -> bool:
        """Whether ``token`` is the table's host token (its creator's)."""
        if not token:
            return False
        with self.database.read() as session:
            row = session.get(PlaySeat, (table_id, HOST_SEAT))
        return (
            row is not None
            and row.token_hash is not None
            and hmac.compare_digest(row.token_hash, hash_secret(token))
        )

    def find_code(self, session: Session, code: str) -> tuple[str, int, str]:
        """The table and seat of a short code, and the code cleaned; a spent code raises
        :class:`ConflictError` (:data:`SPENT_CODE`), an unknown one :class:`NotFoundError`
        (which the web layer counts as a wrong guess)."""
        cleaned = code.strip().upper().replace("-", "").replace(" ", "")
        row = session.scalars(
            select(PlaySeat).where(PlaySeat.code_hash == hash_secret(cleaned))
        ).first()
        if row is not None:
            return row.table_id, row.seat, cleaned
        spent = session.scalars(
            select(PlaySeat).where(PlaySeat.code_hash == _spent_hash(cleaned))
        ).first()
        if spent is not None:
            raise ConflictError(SPENT_CODE)
        raise NotFoundError(f"No seat has the code {code}; check it with the host.")

    def redeem_code(self, table_id: str, seat: int, code: str) -> SeatTicket:
        """Seat one device with a short code (from :meth:`find_code`): a fresh token for
        the seat, the code spent and the seat's old token revoked, with ``reissue N`` in
        the log in the same transaction (so the old holder's sockets are closed)."""
        token = secrets.token_urlsafe(24)

        def swap(session: Session) -> None:
            row = session.get(PlaySeat, (table_id, seat))
            if row is None or row.code_hash != hash_secret(code):
                raise ConflictError(SPENT_CODE)  # another device redeemed it first
            row.token_hash, row.code_hash = hash_secret(token), _spent_hash(code)

        try:
            self.writer.table_command(table_id, reissue_entry(seat), also=swap)
        except IllegalActionError:
            raise ConflictError(SPENT_CODE) from None  # the seat went to a computer player
        return SeatTicket(seat, HUMAN, token, None)

    def change_seat(
        self, table_id: str, *, host_token: str | None, target: int, kind: str
    ) -> SeatTicket:
        """Hand seat ``target`` to a human or a computer player, asked by the table's host
        (anyone else: :class:`ForbiddenError`, :data:`NOT_HOST`).

        A computer player takes over at once; a human takes a computer player's seat when
        the next hand is dealt and receives a new token and code (shown only now). ``human``
        on a human's seat re-opens it: a new token and code at once, the old holder's token
        revoked (``reissue N``).
        """
        if not 0 <= target <= 3:
            raise StoreError(f"seat {target} is not a seat 0-3")
        command = seat_entry(target, kind)
        with self.tables.reading(table_id) as state:
            if state.config.event_id is not None:
                raise ForbiddenError(
                    "This table belongs to an event: only the director changes its seats."
                )
            if kind == HUMAN and state.pending_kinds.get(target, state.kinds[target]) == HUMAN:
                command = reissue_entry(target)
        if not self.is_host(table_id, host_token):
            raise ForbiddenError(NOT_HOST)
        token = code = None
        if kind == HUMAN:
            token, code = secrets.token_urlsafe(24), short_code()

        def store_secrets(session: Session) -> None:
            row = session.get(PlaySeat, (table_id, target))
            if row is None:  # pragma: no cover - every table has four seat rows
                raise NotFoundError(f"no seat {target} at table {table_id!r}")
            if token is not None and code is not None:
                row.token_hash, row.code_hash = hash_secret(token), hash_secret(code)
                row.link_hash = row.token_hash  # a new link, not yet claimed by a device
            else:
                row.token_hash = row.code_hash = row.link_hash = None

        self.writer.append(
            table_id, seat=HOST_SEAT, action=command, seq=None, check=False, also=store_secrets
        )
        return SeatTicket(target, kind, token, code)

    def reissued(self, table_id: str, seat: int) -> None:
        """Log ``reissue N`` after seat N's token was replaced elsewhere (an online night's
        player code): the old holder's sockets are closed. A table that refuses it (the
        seat is a computer player's now) has nothing to close."""
        with contextlib.suppress(IllegalActionError):
            self.writer.table_command(table_id, reissue_entry(seat))

    def leave(self, table_id: str, token: str | None) -> tuple[int, str]:
        """The human holding ``token`` has to go: a computer player takes the seat at once
        (the table's own computer player where it has one, else ``rules``), the seat's link,
        token and code stop working, and the table is told (``leave N KIND``). Returns the
        seat and the computer player's kind. Refused at an event's table (the director
        decides its seats) and for a seat a computer player already holds."""
        seat = self.seat_for_token(table_id, token)
        with self.tables.reading(table_id) as state:
            if state.config.event_id is not None:
                raise ForbiddenError(
                    "At an event's table the director decides who plays a seat: tell the "
                    "director you have to go."
                )
            kind = next((other for other in state.config.seats if other != HUMAN), "rules")

        def revoke(session: Session) -> None:
            row = session.get(PlaySeat, (table_id, seat))
            if row is not None:
                row.token_hash = row.code_hash = row.link_hash = None

        self.writer.table_command(table_id, leave_entry(seat, kind), also=revoke)
        return seat, kind
