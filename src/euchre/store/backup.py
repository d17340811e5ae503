"""Exports: standings as CSV, results as JSON, and a full backup of an event that restores
into any database (a new event id; table codes are re-issued where taken)."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.engine.errors import EuchreError
from euchre.store.audit import list_audit, record_audit
from euchre.store.core import snapshot_of
from euchre.store.errors import StoreError
from euchre.store.events import get_event, list_entrants, started_rounds
from euchre.store.models import (
    AuditEntry,
    Entrant,
    Event,
    OnlineMark,
    OnlineTable,
    Penalty,
    PlayAction,
    PlaySeat,
    PlayTable,
    Result,
    Round,
    SeatingOverrideRow,
    StartedPlan,
    Submission,
    TableCode,
    utc_now,
)
from euchre.store.online import _new_table_id
from euchre.store.play.table import TableConfig, TableState
from euchre.store.rounds import TABLE_CODE_ALPHABET, _new_table_code
from euchre.store.scores import list_penalties, list_submissions
from euchre.tournament import (
    EventConfig,
    PenaltyRecord,
    SeatingOverride,
    TableResult,
    TournamentError,
)

__all__ = ["BACKUP_FORMAT", "backup_event", "restore_event", "results_json", "standings_csv"]

BACKUP_FORMAT = "euchre-event-backup/1"


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _parse_time(value: Any, where: str) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise StoreError(f"{where}: {value!r} is not an ISO date and time") from None


def standings_csv(session: Session, *, event_id: int) -> str:
    """The standings as CSV: rank, name, members, points and every tie-break column."""
    event = get_event(session, event_id=event_id)
    snapshot = snapshot_of(session, event)
    prizes = {award.competitor_id: award.amount_cents for award in snapshot.prizes}
    names = {str(row.number): row.name for row in list_entrants(session, event_id=event_id)}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
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
    )
    for row in snapshot.standings:
        prize = prizes.get(row.competitor_id)
        writer.writerow(
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
    return out.getvalue()


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
    return {
        "format": BACKUP_FORMAT,
        "event": {
            "name": event.name,
            "status": event.status,
            "config": event.config.to_json(),
            "created_at": _time(event.created_at),
        },
        "entrants": [
            {
                "number": row.number,
                "name": row.name,
                "team": row.team,
                "code": row.code,
                "checked_in": row.checked_in,
                "arrival_round": row.arrival_round,
                "withdrawal_round": row.withdrawal_round,
            }
            for row in list_entrants(session, event_id=event_id)
        ],
        "rounds": [
            {
                "number": row.number,
                "started_at": _time(row.started_at),
                "ends_at": _time(row.ends_at),
                "closed_at": _time(row.closed_at),
                "plan": row.plan.to_json(),
            }
            for row in started_rounds(session, event_id=event_id)
        ],
        "table_codes": [
            {"round": row.round_number, "table": row.table_number, "code": row.code}
            for row in codes
        ],
        "submissions": [
            {
                "id": row.id,
                "round": row.round_number,
                "table": row.table_number,
                "result": row.result.to_json(),
                "submitted_by": row.submitted_by,
                "submitted_at": _time(row.submitted_at),
                "status": row.status,
                "confirmed_by": row.confirmed_by,
                "confirmed_at": _time(row.confirmed_at),
            }
            for row in list_submissions(session, event_id=event_id)
        ],
        "results": [
            {
                "round": row.round_number,
                "table": row.table_number,
                "result": row.result.to_json(),
                "submission_id": row.submission_id,
                "recorded_at": _time(row.recorded_at),
            }
            for row in results
        ],
        "penalties": [
            {"round": row.round_number, "table": row.table_number, "record": row.record.to_json()}
            for row in list_penalties(session, event_id=event_id)
        ],
        "seating_overrides": [
            {"round": row.round_number, "record": row.record.to_json()} for row in overrides
        ],
        "online_marks": [
            {"table": row.table_number, "online": row.online}
            for row in session.scalars(select(OnlineMark).where(OnlineMark.event_id == event_id))
        ],
        "online_tables": _online_tables(session, event_id),
        "audit": [
            {
                "at": _time(row.at),
                "who": row.who,
                "action": row.action,
                "target": row.target,
                "old_value": row.old_value,
                "new_value": row.new_value,
                "reason": row.reason,
            }
            for row in list_audit(session, event_id=event_id)
        ],
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


_ONLINE_STATES = ("playing", "recorded", "ended")


def _restore_online_table(session: Session, event_id: int, row: dict[str, Any]) -> None:
    """One online table of a backup as a new play table of the restored event (a fresh id;
    no seat tokens: players claim their seats again with their codes). The log is replayed
    first, so a damaged one is refused here rather than when the table is read."""
    config = TableConfig.model_validate({**dict(row["config"]), "event_id": event_id})
    entries = [
        (_int(entry["seq"]), _int(entry["seat"]), str(entry["action"]), entry.get("at"))
        for entry in row["log"]
    ]
    if [seq for seq, *_ in entries] != list(range(1, len(entries) + 1)):
        raise StoreError("backup: an online table's log must be numbered 1, 2, 3, ...")
    try:
        TableState.replay("restore", config, [(seat, action) for _, seat, action, _ in entries])
    except (EuchreError, IndexError, OSError) as error:
        raise StoreError(f"backup: an online table's log does not replay: {error}") from None
    players = {str(_int(seat)): _int(number) for seat, number in dict(row["players"]).items()}
    bots = {
        str(_int(seat)): {"kind": str(bot["kind"]), "counts": bool(bot.get("counts", True))}
        for seat, bot in dict(row["bots"]).items()
    }
    if sorted(players) != ["0", "1", "2", "3"] or not set(bots) <= set(players):
        raise StoreError("backup: an online table needs a player for each seat 0-3")
    state = str(row.get("state", "playing"))
    if state not in _ONLINE_STATES:
        raise StoreError(f"backup: online table state {state!r} is not one of {_ONLINE_STATES}")
    table_id = _new_table_id(session)
    created = _parse_time(row.get("created_at"), "online table created_at")
    session.add(
        PlayTable(
            id=table_id, config=config.model_dump(mode="json"), created_at=created or utc_now()
        )
    )
    session.flush()
    for seat in range(4):
        session.add(PlaySeat(table_id=table_id, seat=seat))
    for seq, seat, action, at in entries:
        session.add(
            PlayAction(
                table_id=table_id,
                seq=seq,
                seat=seat,
                action=action,
                at=_parse_time(at, "online table log at") or utc_now(),
            )
        )
    ended_by = row.get("ended_by")
    session.add(
        OnlineTable(
            event_id=event_id,
            round_number=_int(row["round"]),
            table_number=_int(row["table"]),
            play_table_id=table_id,
            players=players,
            bots=bots,
            state=state,
            ended_by=None if ended_by is None else str(ended_by)[:200],
        )
    )
    session.flush()


def _list(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise StoreError(f"backup: {key!r} must be a list of objects")
    return value


_INT_LIMIT = 2**31
"""Stored integers (rounds, tables, numbers) are 32-bit columns: a backup's larger value is
malformed, not a database error."""


def _int(value: Any) -> int:
    """A backup's integer field, range-checked for the database."""
    number = int(value)
    if not -_INT_LIMIT < number < _INT_LIMIT:
        raise StoreError(f"backup is malformed: {value!r} is out of range")
    return number


def restore_event(session: Session, *, data: Any, who: str) -> Event:
    """Rebuild an event from :func:`backup_event`'s JSON as a new event (all or nothing)."""
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise StoreError(f"not an event backup: expected 'format': {BACKUP_FORMAT!r}")
    source = data.get("event")
    if not isinstance(source, dict):
        raise StoreError("backup: 'event' must be an object")
    try:
        config = EventConfig.from_json(source.get("config"))
        event = Event(
            name=str(source.get("name") or config.name),
            config=config,
            status=str(source.get("status", "setup")),
            revision=1,
        )
        session.add(event)
        session.flush()
        for row in _list(data, "entrants"):
            withdrawal = row.get("withdrawal_round")
            session.add(
                Entrant(
                    event_id=event.id,
                    number=_int(row["number"]),
                    name=str(row["name"]),
                    team=None if row.get("team") is None else str(row["team"]),
                    code=str(row["code"]),
                    checked_in=bool(row.get("checked_in", True)),
                    arrival_round=_int(row.get("arrival_round", 1)),
                    withdrawal_round=None if withdrawal is None else _int(withdrawal),
                )
            )
        for row in _list(data, "rounds"):
            started = _parse_time(row.get("started_at"), "round started_at")
            ends = _parse_time(row.get("ends_at"), "round ends_at")
            if started is None or ends is None or not isinstance(row.get("plan"), dict):
                raise StoreError("backup: every round needs started_at, ends_at and plan")
            session.add(
                Round(
                    event_id=event.id,
                    number=_int(row["number"]),
                    started_at=started,
                    ends_at=ends,
                    closed_at=_parse_time(row.get("closed_at"), "round closed_at"),
                    plan=StartedPlan.from_json(row["plan"]),
                )
            )
        session.flush()
        for row in _list(data, "table_codes"):
            code = str(row["code"]).upper()
            free = (
                all(letter in TABLE_CODE_ALPHABET for letter in code)
                and session.scalar(select(TableCode.id).where(TableCode.code == code)) is None
            )
            session.add(
                TableCode(
                    event_id=event.id,
                    round_number=_int(row["round"]),
                    table_number=_int(row["table"]),
                    code=code if free else _new_table_code(session),
                )
            )
            session.flush()
        new_ids: dict[int, int] = {}
        for row in _list(data, "submissions"):
            submission = Submission(
                event_id=event.id,
                round_number=_int(row["round"]),
                table_number=_int(row["table"]),
                result=TableResult.from_json(row["result"]),
                submitted_by=_int(row["submitted_by"]),
                submitted_at=_parse_time(row.get("submitted_at"), "submitted_at"),
                status=str(row.get("status", "pending")),
                confirmed_by=row.get("confirmed_by"),
                confirmed_at=_parse_time(row.get("confirmed_at"), "confirmed_at"),
            )
            session.add(submission)
            session.flush()
            new_ids[_int(row["id"])] = submission.id
        for row in _list(data, "results"):
            old_id = row.get("submission_id")
            session.add(
                Result(
                    event_id=event.id,
                    round_number=_int(row["round"]),
                    table_number=_int(row["table"]),
                    result=TableResult.from_json(row["result"]),
                    submission_id=None if old_id is None else new_ids.get(_int(old_id)),
                )
            )
        for row in _list(data, "penalties"):
            session.add(
                Penalty(
                    event_id=event.id,
                    round_number=_int(row["round"]),
                    table_number=_int(row["table"]),
                    record=PenaltyRecord.from_json(row["record"]),
                )
            )
        for row in _list(data, "seating_overrides"):
            session.add(
                SeatingOverrideRow(
                    event_id=event.id,
                    round_number=_int(row["round"]),
                    record=SeatingOverride.from_json(row["record"]),
                )
            )
        marks = {_int(row["table"]): bool(row["online"]) for row in _list(data, "online_marks")}
        for table, online in marks.items():
            session.add(OnlineMark(event_id=event.id, table_number=table, online=online))
        seated = {
            (round_row.number, entry.table)
            for round_row in session.scalars(select(Round).where(Round.event_id == event.id))
            for entry in round_row.plan.tables
        }
        for row in _list(data, "online_tables"):
            where = (_int(row["round"]), _int(row["table"]))
            if where not in seated:
                raise StoreError(
                    f"backup: online table {where[1]} of round {where[0]} is not a table "
                    "of that round's seating (or is listed twice)"
                )
            seated.discard(where)
            _restore_online_table(session, event.id, row)
        for row in _list(data, "audit"):
            session.add(
                AuditEntry(
                    event_id=event.id,
                    at=_parse_time(row.get("at"), "audit at"),
                    who=str(row.get("who", "")),
                    action=str(row.get("action", "")),
                    target=str(row.get("target", "")),
                    old_value=row.get("old_value"),
                    new_value=row.get("new_value"),
                    reason=str(row.get("reason", "")),
                )
            )
        session.flush()
    except ValidationError as error:  # an online table's configuration
        raise StoreError(
            f"backup: an online table's configuration is malformed: {error.errors()[0]['msg']}"
        ) from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, StoreError):
            raise
        raise StoreError(f"backup is malformed: {error!r}") from None
    from euchre.store.core import compute, event_inputs

    try:
        compute(event_inputs(session, event))
    except (TournamentError, TypeError, KeyError, AttributeError, ValueError) as error:
        raise StoreError(f"backup does not make a valid event: {error}") from None
    record_audit(session, event_id=event.id, who=who, action="restore_event")
    return event
