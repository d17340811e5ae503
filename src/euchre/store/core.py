"""The bridge to the tournament core: rows in, ``compute_event`` out.

Storage keeps only the core's inputs. Every round that has been started keeps the seating
that was printed for it (``Round.plan``); it is handed to the core as a seating override, so a
later correction can change standings and the movement of rounds not yet played, but never who
sat where in a round already played.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from euchre.store.models import Entrant, Event, Penalty, Result, Round, SeatingOverrideRow
from euchre.tournament import (
    Entrant as CoreEntrant,
)
from euchre.tournament import (
    EventConfig,
    EventInputs,
    EventSnapshot,
    SeatingOverride,
)
from euchre.tournament.event import compute_event

__all__ = [
    "compute",
    "display_snapshot",
    "event_config",
    "event_inputs",
    "player_id",
    "snapshot_of",
]

_CACHE_SIZE = 64
_cache: OrderedDict[tuple[str, int, str, int, int, int], EventSnapshot] = OrderedDict()
_cache_lock = threading.Lock()


def player_id(number: int) -> str:
    """The core's id for the entrant with this number in its event."""
    return str(number)


def event_config(event: Event) -> EventConfig:
    """The event's configuration as the core's type."""
    return event.config


def event_inputs(session: Session, event: Event) -> EventInputs:
    """Everything stored about ``event``, as the core's inputs."""
    entrants = session.scalars(
        select(Entrant).where(Entrant.event_id == event.id).order_by(Entrant.number)
    )
    results = session.scalars(
        select(Result)
        .where(Result.event_id == event.id)
        .order_by(Result.round_number, Result.table_number)
    )
    penalties = session.scalars(
        select(Penalty).where(Penalty.event_id == event.id).order_by(Penalty.id)
    )
    rounds = list(
        session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number))
    )
    started = {round_row.number for round_row in rounds}
    overrides = [
        SeatingOverride(
            round_row.number,
            round_row.plan.tables,
            round_row.plan.sitting_out,
            frozen=not round_row.plan.set_by_director,
        )
        for round_row in rounds
    ]
    overrides += [
        row.record
        for row in session.scalars(
            select(SeatingOverrideRow)
            .where(SeatingOverrideRow.event_id == event.id)
            .order_by(SeatingOverrideRow.round_number)
        )
        if row.round_number not in started
    ]
    return EventInputs(
        config=event_config(event),
        entrants=tuple(
            CoreEntrant(
                id=player_id(row.number),
                name=row.name,
                team=row.team,
                arrival_round=row.arrival_round,
                withdrawal_round=row.withdrawal_round,
                seat_class=row.seat_class,
                prize_category=row.prize_category,
                guest=row.guest,
                stationary=row.stationary,
            )
            for row in entrants
        ),
        results=tuple(row.result for row in results),
        penalties=tuple(row.record for row in penalties),
        overrides=tuple(overrides),
    )


def compute(inputs: EventInputs, previous: EventSnapshot | None = None) -> EventSnapshot:
    """Run the core. Inputs it cannot use raise ``TournamentError`` naming the problem; every
    stored input was validated by the codec when it was read, so anything else the core
    raises is a defect (and ends as a server error, where the tests' fuzzing finds it)."""
    return compute_event(inputs, previous=previous)


_RESULTS_VERSION = select(func.count(Result.id), func.max(Result.id)).where(
    Result.event_id == bindparam("event_id")
)
"""How many results an event has and its newest one's id: part of the snapshot's cache key."""


def snapshot_of(session: Session, event: Event) -> EventSnapshot:
    """The event's snapshot, cached per process by the event's revision number, its results'
    count and newest id (and its creation time, so a database rebuilt at the same URL never
    hits a stale entry).

    A director's change bumps the revision (``events.touch``); a table's confirmation only
    inserts its result, which the count and newest id see. So confirmations at different
    tables take no common lock: on PostgreSQL their commits (a disk flush each) overlap and
    are flushed together instead of waiting for one another on the event's row. The key is
    read before the inputs: a change committed in between is in the snapshot and at worst
    computed again, never an older snapshot kept under a newer key."""
    count, newest = session.execute(_RESULTS_VERSION, {"event_id": event.id}).one()
    key = (
        str(session.get_bind().engine.url),
        event.id,
        event.created_at.isoformat(),
        event.revision,
        int(count),
        int(newest or 0),
    )
    with _cache_lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return cached
    snapshot = compute(event_inputs(session, event))
    with _cache_lock:
        _cache[key] = snapshot
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return snapshot


def display_snapshot(session: Session, event: Event) -> EventSnapshot:
    """The snapshot for a page: when the core cannot compute one yet (an event still being
    set up, such as a rotating-partner event with fewer than four players), an empty one
    whose ``warnings`` say why."""
    from euchre.engine.errors import EuchreError

    try:
        return snapshot_of(session, event)
    except EuchreError as error:
        return EventSnapshot(
            config=event_config(event),
            rounds=(),
            complete_rounds=(),
            current_round=None,
            standings=(),
            warnings=(f"no seating or standings yet: {error}",),
        )
