"""Exports: standings as CSV, results as JSON, and a full backup of an event that restores
into any database (a new event id; table codes are re-issued where taken)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.play.table import TableConfig, TableState
from euchre.store.audit import list_audit, record_audit
from euchre.store.club.members import link_players
from euchre.store.core import snapshot_of
from euchre.store.csv_text import csv_text
from euchre.store.errors import StoreError
from euchre.store.models import (
    AuditEntry,
    Entrant,
    Event,
    EventStatus,
    OnlineMark,
    OnlineTable,
    OnlineTableState,
    Penalty,
    PlayAction,
    PlaySeat,
    PlayTable,
    Result,
    Round,
    SeatingOverrideRow,
    StartedPlan,
    Submission,
    SubmissionStatus,
    TableCode,
    utc_now,
)
from euchre.store.night.events import get_event, list_entrants, started_rounds
from euchre.store.night.rounds import TABLE_CODE_ALPHABET, new_table_code
from euchre.store.online import new_table_id
from euchre.store.scoring.penalties import list_penalties
from euchre.store.scoring.submissions import list_submissions
from euchre.store.seasons.tags import tidy_tags
from euchre.tournament import (
    EventConfig,
    PenaltyRecord,
    SeatingOverride,
    TableResult,
)
from euchre.tournament.codec import JsonCodec, validation_message

__all__ = [
    "BACKUP_FORMAT",
    "BackupFile",
    "backup_event",
    "restore_backup",
    "restore_event",
    "results_json",
    "standings_csv",
]

BACKUP_FORMAT = "euchre-event-backup/1"


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def standings_csv(session: Session, *, event_id: int) -> str:
    """The standings as CSV: rank, name, members, points and every tie-break column."""
    event = get_event(session, event_id=event_id)
    snapshot = snapshot_of(session, event)
    prizes = {award.competitor_id: award.amount_cents for award in snapshot.prizes}
    names = {str(row.number): row.name for row in list_entrants(session, event_id=event_id)}
    columns = [
        "rank",
        "name",
        "members",
        "points",
        "games_played",
        "games_won",
        "lone_hands",
        "euchres",
        "points_against",
        "penalty_points",
        "tied",
        "prize",
    ]
    rows: list[list[object]] = []
    for row in snapshot.standings:
        prize = prizes.get(row.competitor_id)
        rows.append(
            [
                row.rank,
                row.name,
                " & ".join(names.get(member, member) for member in row.members),
                row.points,
                row.games_played,
                row.games_won,
                row.lone_hands,
                row.euchres,
                row.points_against,
                row.penalty_points,
                "yes" if row.tied else "",
                "" if prize is None else f"{prize / 100:.2f}",
            ]
        )
    # Through the one CSV writer: a name like "=1+2" is escaped, never run as a formula.
    return csv_text(columns, rows)


def results_json(session: Session, *, event_id: int) -> dict[str, Any]:
    """The event's snapshot (seating, standings, prizes, pot) with its players' names."""
    event = get_event(session, event_id=event_id)
    return {
        "event": {"id": event.id, "name": event.name, "status": event.status},
        "players": [
            {"number": row.number, "name": row.name, "team": row.team}
            for row in list_entrants(session, event_id=event_id)
        ],
        "snapshot": snapshot_of(session, event).to_json(),
    }


def backup_event(session: Session, *, event_id: int) -> dict[str, Any]:
    """Everything stored about one event, as JSON that :func:`restore_event` reads back."""
    event = get_event(session, event_id=event_id)
    codes = session.scalars(select(TableCode).where(TableCode.event_id == event_id))
    overrides = session.scalars(
        select(SeatingOverrideRow).where(SeatingOverrideRow.event_id == event_id)
    )
    results = session.scalars(select(Result).where(Result.event_id == event_id))
    marks = session.scalars(select(OnlineMark).where(OnlineMark.event_id == event_id))
    return {
        "format": BACKUP_FORMAT,
        "event": _dumped(event, _EventPart),
        "entrants": [
            _dumped(row, _EntrantPart) for row in list_entrants(session, event_id=event_id)
        ],
        "rounds": [_dumped(row, _RoundPart) for row in started_rounds(session, event_id=event_id)],
        "table_codes": [_dumped(row, _TableCodePart) for row in codes],
        "submissions": [
            _dumped(row, _SubmissionPart) for row in list_submissions(session, event_id=event_id)
        ],
        "results": [
            {**_dumped(row, _ResultPart), "recorded_at": _time(row.recorded_at)} for row in results
        ],
        "penalties": [
            _dumped(row, _PenaltyPart) for row in list_penalties(session, event_id=event_id)
        ],
        "seating_overrides": [_dumped(row, _OverridePart) for row in overrides],
        "online_marks": [_dumped(row, _OnlineMarkPart) for row in marks],
        "online_tables": _online_tables(session, event_id),
        "audit": [_dumped(row, _AuditPart) for row in list_audit(session, event_id=event_id)],
    }


_COLUMNS = {"round": "round_number", "table": "table_number"}
"""A backup part's keys that name their column differently (the rest are the column names)."""


def _dumped(row: Any, part: type[_Part]) -> dict[str, Any]:
    """The columns of ``row`` that ``part`` reads back, as JSON, under the part's keys."""
    out: dict[str, Any] = {}
    for key in part.model_fields:
        value = getattr(row, _COLUMNS.get(key, key))
        if isinstance(value, datetime | date):
            value = value.isoformat()
        elif isinstance(value, JsonCodec):
            value = value.to_json()
        out[key] = value
    return out


def _columns(part: _Part, *, leave_out: tuple[str, ...] = ()) -> dict[str, Any]:
    """A backup part as the keyword arguments of the row it restores (its stored values)."""
    return {
        _COLUMNS.get(key, key): getattr(part, key)
        for key in type(part).model_fields
        if key not in leave_out
    }


def _online_tables(session: Session, event_id: int) -> list[dict[str, Any]]:
    """Each online table with its play table's configuration and whole log (the hand
    records are read from the log), so a restored event keeps them."""
    out = []
    rows = session.scalars(
        select(OnlineTable)
        .where(OnlineTable.event_id == event_id)
        .order_by(OnlineTable.round_number, OnlineTable.table_number)
    )
    for row in rows:
        play_table = session.get(PlayTable, row.play_table_id)
        if play_table is None:  # pragma: no cover - the foreign key keeps it
            continue
        actions = session.scalars(
            select(PlayAction)
            .where(PlayAction.table_id == row.play_table_id)
            .order_by(PlayAction.seq)
        )
        out.append(
            {
                "round": row.round_number,
                "table": row.table_number,
                "players": row.players,
                "bots": row.bots,
                "state": row.state,
                "ended_by": row.ended_by,
                "config": play_table.config,
                "created_at": _time(play_table.created_at),
                "log": [
                    {
                        "seq": action.seq,
                        "seat": action.seat,
                        "action": action.action,
                        "at": _time(action.at),
                    }
                    for action in actions
                ],
            }
        )
    return out


_INT_LIMIT = 2**31
"""Stored integers (rounds, tables, numbers) are 32-bit columns: a backup's larger value is
malformed, not a database error."""

Int32 = Annotated[int, Field(gt=-_INT_LIMIT, lt=_INT_LIMIT)]


class _Part(BaseModel):
    """A part of a backup file (keys not listed here are ignored)."""

    model_config = ConfigDict(extra="ignore", frozen=True)


class _EventPart(_Part):
    name: str | None = None
    status: EventStatus = EventStatus.SETUP
    config: EventConfig
    created_at: datetime | None = None
    held_on: date | None = None
    """The night's date (a backup written before nights had one: the creation day)."""
    tags: list[str] = []


class _EntrantPart(_Part):
    number: Int32
    name: str
    team: str | None = None
    code: str
    checked_in: bool = True
    arrival_round: Int32 = 1
    withdrawal_round: Int32 | None = None
    member_id: Int32 | None = None
    """The club's member the player was (this database's id): a club backup restores the
    link through its members' new ids; an event restored alone links by name."""
    seat_class: str | None = None
    prize_category: str | None = None
    guest: bool = False
    """A guest stays no member when restored (never linked by name)."""
    stationary: bool = False


class _RoundPart(_Part):
    number: Int32
    started_at: datetime
    ends_at: datetime
    closed_at: datetime | None = None
    plan: StartedPlan


class _AtTablePart(_Part):
    """A part about one table of one round (``round_number``, ``table_number`` columns)."""

    round: Int32
    table: Int32


class _TableCodePart(_AtTablePart):
    code: str


class _SubmissionPart(_Part):
    id: Int32
    round: Int32
    table: Int32
    result: TableResult
    submitted_by: Int32
    submitted_at: datetime | None = None
    status: SubmissionStatus = SubmissionStatus.PENDING
    confirmed_by: Int32 | None = None
    confirmed_at: datetime | None = None


class _ResultPart(_AtTablePart):
    result: TableResult
    submission_id: Int32 | None = None


class _PenaltyPart(_AtTablePart):
    record: PenaltyRecord


class _OverridePart(_Part):
    round: Int32
    record: SeatingOverride


class _OnlineMarkPart(_Part):
    table: Int32
    online: bool


class _BotPart(_Part):
    kind: str
    counts: bool = True


class _LogEntryPart(_Part):
    seq: Int32
    seat: Int32
    action: str
    at: datetime | None = None


class _OnlineTablePart(_AtTablePart):
    players: dict[Int32, Int32]
    bots: dict[Int32, _BotPart]
    state: OnlineTableState = OnlineTableState.PLAYING
    ended_by: str | None = None
    config: dict[str, Any]
    created_at: datetime | None = None
    log: list[_LogEntryPart]


class _AuditPart(_Part):
    at: datetime | None = None
    who: str = ""
    action: str = ""
    target: str = ""
    old_value: dict[str, Any] | None = None
    new_value: dict[str, Any] | None = None
    reason: str = ""


class BackupFile(_Part):
    """A backup as :func:`backup_event` writes it, validated before anything is restored."""

    format: Literal["euchre-event-backup/1"]
    event: _EventPart
    entrants: list[_EntrantPart] = []
    rounds: list[_RoundPart] = []
    table_codes: list[_TableCodePart] = []
    submissions: list[_SubmissionPart] = []
    results: list[_ResultPart] = []
    penalties: list[_PenaltyPart] = []
    seating_overrides: list[_OverridePart] = []
    online_marks: list[_OnlineMarkPart] = []
    online_tables: list[_OnlineTablePart] = []
    audit: list[_AuditPart] = []


def _read_backup(data: Any) -> BackupFile:
    """The backup file checked as a whole: a malformed one raises ``StoreError`` naming the
    first bad field (``backup: entrants.0.number: Field required``)."""
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise StoreError(f"not an event backup: expected 'format': {BACKUP_FORMAT!r}")
    try:
        return BackupFile.model_validate(data)
    except ValidationError as error:
        raise StoreError(f"backup is malformed: {validation_message(error)}") from None


def _restore_online_table(session: Session, event_id: int, row: _OnlineTablePart) -> None:
    """One online table of a backup as a new play table of the restored event (a fresh id;
    no seat tokens: players claim their seats again with their codes). The log is replayed
    first, so a damaged one is refused here rather than when the table is read."""
    try:
        config = TableConfig.model_validate({**row.config, "event_id": event_id})
    except ValidationError as error:
        raise StoreError(
            f"backup: an online table's configuration is malformed: {error.errors()[0]['msg']}"
        ) from None
    if [entry.seq for entry in row.log] != list(range(1, len(row.log) + 1)):
        raise StoreError("backup: an online table's log must be numbered 1, 2, 3, ...")
    try:
        TableState.replay("restore", config, [(entry.seat, entry.action) for entry in row.log])
    except EuchreError as error:
        raise StoreError(f"backup: an online table's log does not replay: {error}") from None
    players = {str(seat): number for seat, number in row.players.items()}
    bots = {str(seat): {"kind": bot.kind, "counts": bot.counts} for seat, bot in row.bots.items()}
    if sorted(players) != ["0", "1", "2", "3"] or not set(bots) <= set(players):
        raise StoreError("backup: an online table needs a player for each seat 0-3")
    table_id = new_table_id(session)
    session.add(
        PlayTable(
            id=table_id,
            config=config.model_dump(mode="json"),
            created_at=row.created_at or utc_now(),
        )
    )
    session.flush()
    for seat in range(4):
        session.add(PlaySeat(table_id=table_id, seat=seat))
    for entry in row.log:
        session.add(
            PlayAction(
                table_id=table_id,
                seq=entry.seq,
                seat=entry.seat,
                action=entry.action,
                at=entry.at or utc_now(),
            )
        )
    session.add(
        OnlineTable(
            event_id=event_id,
            round_number=row.round,
            table_number=row.table,
            play_table_id=table_id,
            players=players,
            bots=bots,
            state=row.state,
            ended_by=None if row.ended_by is None else row.ended_by[:200],
        )
    )
    session.flush()


def restore_event(session: Session, *, data: Any, who: str) -> Event:
    """Rebuild an event from :func:`backup_event`'s JSON as a new event (all or nothing)."""
    return restore_backup(session, backup=_read_backup(data), who=who)


def restore_backup(
    session: Session,
    *,
    backup: BackupFile,
    who: str,
    member_ids: Mapping[int, int] | None = None,
) -> Event:
    """Rebuild a validated backup as a new event. Alone (``member_ids`` None) its players
    are linked to the club's members by name; as part of a club's backup, ``member_ids``
    maps the backup's member ids to the restored members' and the event keeps its creation
    time. Either way the night keeps its date (``held_on``; a backup written before nights
    had one: its creation day in a club's restore, today alone, as before)."""
    config = backup.event.config
    event = Event(
        name=backup.event.name or config.name,
        config=config,
        status=backup.event.status,
        revision=1,
        tags=tidy_tags(backup.event.tags),
    )
    if member_ids is not None and backup.event.created_at is not None:
        event.created_at = backup.event.created_at
        created = backup.event.created_at
        event.held_on = (created if created.tzinfo is None else created.astimezone(UTC)).date()
    if backup.event.held_on is not None:
        event.held_on = backup.event.held_on
    session.add(event)
    session.flush()
    for entrant in backup.entrants:
        old_member = entrant.member_id
        session.add(
            Entrant(
                event_id=event.id,
                **_columns(entrant, leave_out=("member_id",)),
                member_id=(
                    None if member_ids is None or old_member is None else member_ids.get(old_member)
                ),
            )
        )
    for started in backup.rounds:
        session.add(Round(event_id=event.id, **_columns(started)))
    session.flush()
    link_players(session, event_id=event.id, who=who)
    for table_code in backup.table_codes:
        code = table_code.code.upper()
        free = (
            all(letter in TABLE_CODE_ALPHABET for letter in code)
            and session.scalar(select(TableCode.id).where(TableCode.code == code)) is None
        )
        session.add(
            TableCode(
                event_id=event.id,
                round_number=table_code.round,
                table_number=table_code.table,
                code=code if free else new_table_code(session),
            )
        )
        session.flush()
    new_ids: dict[int, int] = {}
    for submitted in backup.submissions:
        submission = Submission(event_id=event.id, **_columns(submitted, leave_out=("id",)))
        session.add(submission)
        session.flush()
        new_ids[submitted.id] = submission.id
    for official in backup.results:
        old_id = official.submission_id
        session.add(
            Result(
                event_id=event.id,
                **_columns(official, leave_out=("submission_id",)),
                submission_id=None if old_id is None else new_ids.get(old_id),
            )
        )
    for penalty in backup.penalties:
        session.add(Penalty(event_id=event.id, **_columns(penalty)))
    for override in backup.seating_overrides:
        session.add(SeatingOverrideRow(event_id=event.id, **_columns(override)))
    marks = {mark.table: mark.online for mark in backup.online_marks}
    for table, online in marks.items():
        session.add(OnlineMark(event_id=event.id, table_number=table, online=online))
    seated = {
        (started.number, entry.table) for started in backup.rounds for entry in started.plan.tables
    }
    for online_table in backup.online_tables:
        where = (online_table.round, online_table.table)
        if where not in seated:
            raise StoreError(
                f"backup: online table {where[1]} of round {where[0]} is not a table "
                "of that round's seating (or is listed twice)"
            )
        seated.discard(where)
        _restore_online_table(session, event.id, online_table)
    for entry in backup.audit:
        session.add(AuditEntry(event_id=event.id, **_columns(entry)))
    session.flush()
    from euchre.store.core import compute, event_inputs

    try:
        compute(event_inputs(session, event))
    except EuchreError as error:
        raise StoreError(f"backup does not make a valid event: {error}") from None
    record_audit(session, event_id=event.id, who=who, action="restore_event")
    return event
