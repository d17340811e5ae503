"""A player's seat at an online night: where he plays now, and a fresh link to his online seat.

The player's code is his claim (the seat finder, ``/me``): the answer says his online table
and seat (with a new link, a claim on the seat: ``store.play.claims``), his paper table, or
that he sits out or waits for the next round. Split from :mod:`euchre.store.online` (the
online tables' life and results), which it shares the stored rows with.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store.core import player_id
from euchre.store.errors import NotFoundError
from euchre.store.models import Entrant, OnlineTable, OnlineTableState, PlaySeat, SeatState
from euchre.store.night.events import entrant_by_code, latest_round
from euchre.store.play.service import hash_secret

__all__ = ["SeatClaim", "claim_seat", "plays_online"]


@dataclass(frozen=True)
class SeatClaim:
    """Where a player plays now: his online seat (with a fresh token), his paper table, or
    nowhere (sitting out, or no round in play)."""

    player: int
    name: str
    round: int | None
    table: int | None
    state: SeatState
    play_table: str | None = None
    seat: int | None = None
    token: str | None = None  # the token only to him, only now
    table_state: OnlineTableState | None = None  # the online table's result
    bot: str | None = None  # the computer player the director put in his seat
    held_elsewhere: bool = False  # a device plays the seat now: the link asks before taking it


def plays_online(session: Session, *, event_id: int, player_code: str) -> bool:
    """Whether the player with ``player_code`` plays at an online table in the round now in
    play (a read: no token is issued)."""
    entrant = session.scalar(
        select(Entrant).where(
            Entrant.event_id == event_id,
            Entrant.code == "".join(player_code.split()).replace("-", ""),
        )
    )
    if entrant is None:
        return False
    latest = latest_round(session, event_id=event_id)
    if latest is None or latest.closed_at is not None:
        return False
    rows = session.scalars(
        select(OnlineTable.players).where(
            OnlineTable.event_id == event_id, OnlineTable.round_number == latest.number
        )
    )
    return any(entrant.number in {int(number) for number in players.values()} for players in rows)


def claim_seat(session: Session, *, event_id: int, player_code: str) -> SeatClaim:
    """The seat of the player with ``player_code`` in the round now in play, with a fresh
    link for that seat only (an older link stops working; the device playing the seat, if
    any, keeps it until the link is opened elsewhere and the player takes the seat there).
    Unknown codes raise ``NotFoundError`` (the web layer slows down clients that keep
    guessing)."""
    entrant = entrant_by_code(session, event_id=event_id, player_code=player_code)
    latest = latest_round(session, event_id=event_id)
    if latest is None or latest.closed_at is not None:
        number = latest.number if latest else None
        return SeatClaim(entrant.number, entrant.name, number, None, SeatState.BETWEEN_ROUNDS)
    wanted = player_id(entrant.number)
    table_number = next(
        (entry.table for entry in latest.plan.tables if wanted in entry.players),
        None,
    )
    if table_number is None:
        return SeatClaim(entrant.number, entrant.name, latest.number, None, SeatState.SITTING_OUT)
    row = session.scalar(
        select(OnlineTable).where(
            OnlineTable.event_id == event_id,
            OnlineTable.round_number == latest.number,
            OnlineTable.table_number == table_number,
        )
    )
    if row is None:
        return SeatClaim(entrant.number, entrant.name, latest.number, table_number, SeatState.PAPER)
    seat = next(int(s) for s, number in row.players.items() if int(number) == entrant.number)
    claim = SeatClaim(
        entrant.number,
        entrant.name,
        latest.number,
        table_number,
        SeatState.ONLINE,
        row.play_table_id,
        seat,
        None,
        row.state,
    )
    bot = row.bots.get(str(seat))
    if bot is not None:
        return replace(claim, bot=str(bot["kind"]))
    if row.state != OnlineTableState.PLAYING:
        return claim  # his game is over: no new token (another page keeps its own)
    token = secrets.token_urlsafe(24)
    seat_row = session.get(PlaySeat, (row.play_table_id, seat))
    if seat_row is None:  # pragma: no cover - every table has four seat rows
        raise NotFoundError(f"no seat {seat} at play table {row.play_table_id}")
    # The answer is a new link to the seat (a claim: ``store.play.claims``). A device that
    # plays the seat now keeps it until the player, opening the link elsewhere, says "take
    # this seat here"; a seat no device has claimed yet is the new link's at once.
    held = seat_row.token_hash is not None and seat_row.token_hash != (
        seat_row.link_hash or seat_row.token_hash
    )
    seat_row.link_hash = hash_secret(token)
    if not held:
        seat_row.token_hash = seat_row.link_hash
    return replace(claim, token=token, held_elsewhere=held)
