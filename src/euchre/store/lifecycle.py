"""Hooks of a round's and an event's lifecycle that features register on.

The core services (:mod:`euchre.store.night.rounds`, :mod:`euchre.store.night.events`) call the
hooks and never import a feature: a feature (online nights, :mod:`euchre.store.online`) registers
its callbacks here, once, where the app is wired (:func:`euchre.wiring.wire`, which every entry
point calls at start). Each callback runs in the caller's session and transaction, in the order
registered; one that raises refuses the whole change.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from sqlalchemy.orm import Session

from euchre.store.models import Event, Round

__all__ = [
    "EventDeleted",
    "RoundRemoved",
    "RoundStarted",
    "event_deleted",
    "on_event_deleted",
    "on_round_removed",
    "on_round_started",
    "round_removed",
    "round_started",
    "round_started_hooks",
]


class RoundStarted(Protocol):
    """Called once a round's row and table codes exist (a round started, or reseated)."""

    def __call__(self, session: Session, *, event: Event, round_row: Round) -> object: ...


class RoundRemoved(Protocol):
    """Called when a round's tables are taken back (the round undone, or reseated)."""

    def __call__(self, session: Session, *, event_id: int, round_number: int) -> object: ...


class EventDeleted(Protocol):
    """Called before an event's row is deleted."""

    def __call__(self, session: Session, *, event_id: int) -> object: ...


_round_started: list[RoundStarted] = []
_round_removed: list[RoundRemoved] = []
_event_deleted: list[EventDeleted] = []


_Hook = TypeVar("_Hook")


def _register(hooks: list[_Hook], callback: _Hook) -> _Hook:
    if callback not in hooks:  # registering twice (a module imported again) calls it once
        hooks.append(callback)
    return callback


def on_round_started(callback: RoundStarted) -> RoundStarted:
    """Call ``callback`` whenever a round's tables are set up."""
    return _register(_round_started, callback)


def on_round_removed(callback: RoundRemoved) -> RoundRemoved:
    """Call ``callback`` whenever a round's tables are taken back."""
    return _register(_round_removed, callback)


def on_event_deleted(callback: EventDeleted) -> EventDeleted:
    """Call ``callback`` before an event is deleted."""
    return _register(_event_deleted, callback)


def round_started_hooks() -> tuple[RoundStarted, ...]:
    """The callbacks registered on a round's start, in order (what the wiring registered)."""
    return tuple(_round_started)


def round_started(session: Session, *, event: Event, round_row: Round) -> None:
    """Run the hooks of a round whose tables were just set up."""
    for callback in _round_started:
        callback(session, event=event, round_row=round_row)


def round_removed(session: Session, *, event_id: int, round_number: int) -> None:
    """Run the hooks of a round whose tables are taken back."""
    for callback in _round_removed:
        callback(session, event_id=event_id, round_number=round_number)


def event_deleted(session: Session, *, event_id: int) -> None:
    """Run the hooks of an event about to be deleted."""
    for callback in _event_deleted:
        callback(session, event_id=event_id)
