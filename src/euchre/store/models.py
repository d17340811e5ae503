"""SQLAlchemy 2.0 models: exactly the tournament core's inputs, plus the app's own records.

The core's input types (``EventConfig``, ``TableResult``, ``PenaltyRecord``,
``SeatingOverride``, and a started round's :class:`StartedPlan`) are kept in JSON columns
through one typed codec (:class:`Stored`): a row's ``result`` *is* a ``TableResult``, written
and read as ``euchre.tournament.codec`` does, next to the plain columns the app looks rows up
by. Seating, standings and prizes are never stored: they are
recomputed from these inputs by ``euchre.tournament.compute_event``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from euchre.tournament import EventConfig, PenaltyRecord, RoundPlan, SeatingOverride, TableResult
from euchre.tournament.codec import Choice, dump, load

__all__ = [
    "AuditEntry",
    "Base",
    "Director",
    "Entrant",
    "Event",
    "EventStatus",
    "Member",
    "MemberMerge",
    "OnlineMark",
    "OnlineTable",
    "OnlineTableState",
    "Penalty",
    "PlayAction",
    "PlaySeat",
    "PlayTable",
    "RateLimit",
    "Result",
    "Round",
    "Season",
    "SeatState",
    "SeatingOverrideRow",
    "Setting",
    "StartedPlan",
    "Stored",
    "Submission",
    "SubmissionStatus",
    "TableCode",
    "TextEnum",
    "UtcDateTime",
    "utc_now",
    "utc_today",
]


def utc_now() -> datetime:
    """The current time in UTC (timezone-aware)."""
    return datetime.now(UTC)


def utc_today() -> date:
    """Today's date in UTC (a new event's date unless the director gives one)."""
    return utc_now().date()


class UtcDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back timezone-aware (SQLite drops the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Store the value in UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value
        return value.astimezone(UTC).replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Read the value back as an aware UTC time."""
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


T = TypeVar("T")


class Stored(TypeDecorator[T]):
    """A tournament value kept as JSON: written by the codec, read back validated as its
    type (so a stored result *is* a ``TableResult`` to the type checker)."""

    impl = JSON
    cache_ok = True

    def __init__(self, kind: type[T]) -> None:
        super().__init__()
        self.kind = kind

    def process_bind_param(self, value: T | None, dialect: Dialect) -> Any:
        """Write the value as the codec's JSON."""
        return None if value is None else dump(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> T | None:
        """Read the JSON back as the column's type."""
        return None if value is None else load(self.kind, value)


E = TypeVar("E", bound=StrEnum)


class TextEnum(TypeDecorator[E]):
    """A closed set kept as its text in a ``VARCHAR`` column, read back as its member."""

    impl = String(20)
    cache_ok = True

    def __init__(self, kind: type[E]) -> None:
        super().__init__()
        self.kind = kind

    def process_bind_param(self, value: E | str | None, dialect: Dialect) -> str | None:
        """Write the member's text (a plain string must be one of the members)."""
        return None if value is None else str(self.kind(value))

    def process_result_value(self, value: str | None, dialect: Dialect) -> E | None:
        """Read the text back as the member."""
        return None if value is None else self.kind(value)


class EventStatus(Choice):
    """Where an event stands: being set up, running, finished, or archived."""

    SETUP = "setup"
    RUNNING = "running"
    FINISHED = "finished"
    ARCHIVED = "archived"


class SubmissionStatus(Choice):
    """What became of a score a table entered: waiting for an opponent (``pending``),
    confirmed by one, accepted by the director, flagged (``disputed``), or replaced by a later
    entry or by the official result (``superseded``)."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    ACCEPTED = "accepted"
    DISPUTED = "disputed"
    SUPERSEDED = "superseded"


class OnlineTableState(Choice):
    """An online table's result: still ``playing``, ``recorded`` by the engine, or ``ended``
    at the bell."""

    PLAYING = "playing"
    RECORDED = "recorded"
    ENDED = "ended"


class SeatState(Choice):
    """Where a player of an online night plays now: at an ``online`` table (his seat's
    link), at a ``paper`` table, ``sitting_out`` this round, or nowhere (``between_rounds``:
    no round in play)."""

    ONLINE = "online"
    PAPER = "paper"
    SITTING_OUT = "sitting_out"
    BETWEEN_ROUNDS = "between_rounds"


@dataclass(frozen=True, slots=True)
class StartedPlan(RoundPlan):
    """The seating printed for a started round (the core's plan when it started), with
    whether the director set it by hand."""

    set_by_director: bool = False

    @classmethod
    def of(cls, plan: RoundPlan, *, set_by_director: bool) -> StartedPlan:
        """``plan`` as started (``set_by_director``: the director had set its seating)."""
        values = {item.name: getattr(plan, item.name) for item in fields(RoundPlan)}
        return cls(**values, set_by_director=set_by_director)


class Base(DeclarativeBase):
    """Base of every model."""

    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        datetime: UtcDateTime(),
        EventConfig: Stored(EventConfig),
        TableResult: Stored(TableResult),
        PenaltyRecord: Stored(PenaltyRecord),
        SeatingOverride: Stored(SeatingOverride),
        StartedPlan: Stored(StartedPlan),
    }


class _EventRow(Base):
    """A row that belongs to one event and goes with it (an ``id``, then the ``event_id``)."""

    __abstract__ = True
    # The columns come first in the table, as in the migrations (``sort_order``).

    id: Mapped[int] = mapped_column(primary_key=True, sort_order=-4)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), index=True, sort_order=-3
    )


class _TableRow(_EventRow):
    """A row about one table of one round of an event."""

    __abstract__ = True

    round_number: Mapped[int] = mapped_column(Integer, sort_order=-2)
    table_number: Mapped[int] = mapped_column(Integer, sort_order=-1)


class Setting(Base):
    """An app-wide value, such as the secret that signs session cookies."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Director(Base):
    """A person who may run events (the first one is created on first run)."""

    __tablename__ = "directors"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    password_hash: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class Event(Base):
    """One event: its configuration and progress."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    config: Mapped[EventConfig]
    status: Mapped[EventStatus] = mapped_column(TextEnum(EventStatus), default=EventStatus.SETUP)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    tags: Mapped[list[str]] = mapped_column(JSON, default=list, server_default=text("'[]'"))
    """The director's labels ("Thursday league 2027"); a season may take every event with
    one of them (``euchre.store.seasons``)."""
    held_on: Mapped[date] = mapped_column(default=utc_today)
    """The night's date (``"date"`` in the API): the day it was played, which the director
    may set when typing in an old paper sheet; seasons, histories and ratings go by it."""


class Entrant(_EventRow):
    """A player (or a fixed team's member) entered in an event."""

    __tablename__ = "entrants"
    __table_args__ = (
        UniqueConstraint("event_id", "number"),
        UniqueConstraint("event_id", "code"),
    )

    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    team: Mapped[str | None] = mapped_column(String(200), default=None)
    code: Mapped[str] = mapped_column(String(16))
    checked_in: Mapped[bool] = mapped_column(default=False)
    arrival_round: Mapped[int] = mapped_column(Integer, default=1)
    withdrawal_round: Mapped[int | None] = mapped_column(Integer, default=None)
    member_id: Mapped[int | None] = mapped_column(
        ForeignKey("members.id"), index=True, default=None
    )
    """The club's member this player is; None for a guest (``guest``) only."""
    seat_class: Mapped[str | None] = mapped_column(String(20), default=None)
    """The seat class the event's sheet names (its ``[players]`` table), or None."""
    prize_category: Mapped[str | None] = mapped_column(String(20), default=None)
    """The prize category the event's sheet names, or None."""
    guest: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    stationary: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    """He asked for the movement's stationary seat (where the sheet allows it)."""
    """A guest plays the night but is no member: no season table or rating counts him."""


class Member(Base):
    """One person of the club across events (``store/members.py``): the name is unique
    within the club whatever its letters' case (``name_key``); contact details and notes are
    the director's only. A member merged into another keeps its row (``merged_into_id``) so
    the merge can be undone."""

    __tablename__ = "members"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200), unique=True)
    email: Mapped[str] = mapped_column(String(200), default="")
    phone: Mapped[str] = mapped_column(String(40), default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    active: Mapped[bool] = mapped_column(default=True)
    merged_into_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    seat_class: Mapped[str | None] = mapped_column(String(20), default=None)
    """The seat class he last played with: the default when he is added to the next night
    of a sheet that names it."""
    prize_category: Mapped[str | None] = mapped_column(String(20), default=None)
    """The prize category he last played with (the next night's default, as ``seat_class``)."""


class MemberMerge(Base):
    """Two members found to be one person: the event players moved from ``merged_id`` to
    ``kept_id`` (``entrant_ids``), so that an undo moves exactly those back."""

    __tablename__ = "member_merges"

    id: Mapped[int] = mapped_column(primary_key=True)
    kept_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    merged_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    entrant_ids: Mapped[dict[str, Any]]
    merged_was_active: Mapped[bool] = mapped_column(default=True)
    who: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(default=utc_now)
    undone_at: Mapped[datetime | None] = mapped_column(default=None)


class Round(_EventRow):
    """A round the director started: when, and the seating printed for it."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    number: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(default=utc_now)
    ends_at: Mapped[datetime]
    closed_at: Mapped[datetime | None] = mapped_column(default=None)
    plan: Mapped[StartedPlan]


class TableCode(_TableRow):
    """The short code that opens one table's page for one round."""

    __tablename__ = "table_codes"
    __table_args__ = (UniqueConstraint("event_id", "round_number", "table_number"),)

    code: Mapped[str] = mapped_column(String(16), unique=True)


class Submission(_TableRow):
    """A score a table entered; kept forever, whatever happens to it later."""

    __tablename__ = "submissions"
    __table_args__ = (Index("ix_submissions_table", "event_id", "round_number", "table_number"),)

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), sort_order=-3
    )
    result: Mapped[TableResult]
    submitted_by: Mapped[int] = mapped_column(Integer)
    submitted_at: Mapped[datetime] = mapped_column(default=utc_now)
    status: Mapped[SubmissionStatus] = mapped_column(
        TextEnum(SubmissionStatus), default=SubmissionStatus.PENDING
    )
    confirmed_by: Mapped[int | None] = mapped_column(Integer, default=None)
    confirmed_at: Mapped[datetime | None] = mapped_column(default=None)


class Result(_TableRow):
    """The official result of one table in one round."""

    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("event_id", "round_number", "table_number"),)

    result: Mapped[TableResult]
    submission_id: Mapped[int | None] = mapped_column(
        ForeignKey("submissions.id", ondelete="SET NULL"), default=None
    )
    recorded_at: Mapped[datetime] = mapped_column(default=utc_now)


class Penalty(_TableRow):
    """A penalty the director recorded."""

    __tablename__ = "penalties"

    record: Mapped[PenaltyRecord]
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class SeatingOverrideRow(_EventRow):
    """A seating the director set by hand (for a round not started yet)."""

    __tablename__ = "seating_overrides"

    round_number: Mapped[int] = mapped_column(Integer)
    record: Mapped[SeatingOverride]
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class AuditEntry(Base):
    """One change to an event: who, when, what, the old and new values, and why."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int | None] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), index=True, default=None
    )
    at: Mapped[datetime] = mapped_column(default=utc_now)
    who: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(64))
    target: Mapped[str] = mapped_column(String(200), default="")
    old_value: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    new_value: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    reason: Mapped[str] = mapped_column(Text, default="")


class RateLimit(Base):
    """Wrong-code attempts from one client, shared by every worker through the database."""

    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    window_started_at: Mapped[datetime] = mapped_column(default=utc_now)
    blocked_until: Mapped[datetime | None] = mapped_column(default=None)


class PlayTable(Base):
    """A casual table in the browser: its configuration (``TableConfig`` as JSON)."""

    __tablename__ = "play_tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    config: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class PlaySeat(Base):
    """One seat of a play table: the hashes of its secret token (the device that plays it),
    of its link's secret (a claim: ``store.play.claims``) and of its short code."""

    __tablename__ = "play_seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("play_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    code_hash: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)
    link_hash: Mapped[str | None] = mapped_column(String(64), default=None)


class PlayAction(Base):
    """One entry of a play table's append-only log, numbered from 1 (``seq``)."""

    __tablename__ = "play_actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("play_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=utc_now)


class OnlineTable(_TableRow):
    """One table of one round of an event played online: its play table, who sits in each
    seat (``players``: seat -> player number), the seats the director gave to computer
    players (``bots``: seat -> ``{"kind", "counts"}``) and whether its result is in
    (``state``: ``playing``, ``recorded`` by the engine, or ``ended`` at the bell)."""

    __tablename__ = "online_tables"
    __table_args__ = (UniqueConstraint("event_id", "round_number", "table_number"),)

    play_table_id: Mapped[str] = mapped_column(
        ForeignKey("play_tables.id", ondelete="CASCADE"), unique=True
    )
    players: Mapped[dict[str, Any]]
    bots: Mapped[dict[str, Any]]
    state: Mapped[OnlineTableState] = mapped_column(
        TextEnum(OnlineTableState), default=OnlineTableState.PLAYING
    )
    ended_by: Mapped[str | None] = mapped_column(String(200), default=None)


class OnlineMark(Base):
    """The director's choice for one table number of an event: played online or on paper
    (overrides the event's own ``online`` setting)."""

    __tablename__ = "online_marks"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    table_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    online: Mapped[bool] = mapped_column(default=True)


class Season(Base):
    """A club's season: its definition (``euchre.tournament.SeasonDefinition`` as JSON) and
    which events count: ``event_ids`` chosen one by one, or every event carrying ``tag``.
    The table itself is never stored (computed from the events' standings when read).
    Ids are never reused (SQLite ``AUTOINCREMENT``; PostgreSQL's sequence never goes back),
    so a link to a removed season never opens a later one."""

    __tablename__ = "seasons"
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200), unique=True)
    definition: Mapped[dict[str, Any]] = mapped_column(JSON)
    event_ids: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    tag: Mapped[str | None] = mapped_column(String(200), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
