"""Turning stored rows into API schemas (shared by the API and the pages)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy.orm import Session

from euchre.store.core import event_config, player_id
from euchre.store.models import AuditEntry, Entrant, Event, Penalty, Round, Submission, utc_now
from euchre.store.night.events import get_event, started_rounds
from euchre.store.night.night_end import cut_off_words
from euchre.store.night.rounds import class_warnings
from euchre.store.presets import sheet_warnings
from euchre.store.scoring.scores import RESULT_FIELDS, ResultInput, describe_changes, table_statuses
from euchre.store.table_view import SubmissionEntry, TableView
from euchre.tournament import PenaltyKind, PenaltyRecord
from euchre.tournament.compass import compass_seats, seats_by_compass
from euchre.tournament.cut_off import cut_off_line
from euchre.tournament.movement_words import event_movement_words
from euchre.tournament.settings import break_line
from euchre.tournament.sheets import get_sheet
from euchre.web.api.schemas import (
    AuditOut,
    EntrantOut,
    EventOut,
    OfficialOut,
    PenaltyCreate,
    PenaltyOut,
    ResultIn,
    RoundOut,
    SubmissionOut,
    TableOut,
    TablePlayerOut,
    TableStatusOut,
)

__all__ = [
    "audit_changes",
    "audit_out",
    "entrant_out",
    "event_out",
    "penalty_out",
    "penalty_record",
    "result_input",
    "round_out",
    "seconds_left",
    "submission_out",
    "table_out",
]


def seconds_left(ends_at: datetime, now: datetime | None = None) -> int:
    """Whole seconds until ``ends_at`` (0 once passed)."""
    return max(0, int((ends_at - (now or utc_now())).total_seconds()))


def event_out(session: Session, event: Event, *, now: datetime | None = None) -> EventOut:
    """An event's summary (with its clock cut-off read at ``now``, the app's clock)."""
    rounds = started_rounds(session, event_id=event.id)
    open_round = rounds[-1].number if rounds and rounds[-1].closed_at is None else None
    config = event.config
    sheet = get_sheet(event.config.profile_id)
    return EventOut(
        id=event.id,
        name=event.name,
        status=event.status,
        config=event.config,
        current_round=open_round,
        rounds_started=len(rounds),
        date=event.held_on.isoformat(),
        tags=list(event.tags or []),
        cut_off=None
        if config.last_round_by is None
        else cut_off_line(config.last_round_by, config.time_zone),
        break_line=break_line(config.break_after_round, config.break_minutes) or None,
        cut_off_passed=None
        if open_round is not None
        else cut_off_words(event, list(rounds), now=now or utc_now()),
        warnings=sheet_warnings(event.config) + class_warnings(session, event),
        movement=event_movement_words(event.config),
        seat_classes=list(sheet.seat_classes) if sheet is not None else [],
        prize_categories=list(sheet.players.prize_categories) if sheet is not None else [],
    )


def entrant_out(entrant: Entrant) -> EntrantOut:
    """A player, with his code."""
    return EntrantOut.model_validate(entrant)


def round_out(session: Session, round_row: Round) -> RoundOut:
    """A started round with its tables' states (each table's compass seats under a
    movement by seat)."""
    event = get_event(session, event_id=round_row.event_id)
    by_seat = seats_by_compass(event_config(event), round_row.plan.stage)
    return RoundOut(
        number=round_row.number,
        started_at=round_row.started_at,
        ends_at=round_row.ends_at,
        closed_at=round_row.closed_at,
        seconds_left=seconds_left(round_row.ends_at) if round_row.closed_at is None else 0,
        plan=round_row.plan.to_json(),
        tables=[
            TableStatusOut(
                table=status.table,
                code=status.code,
                partnerships=(list(status.partnerships[0]), list(status.partnerships[1])),
                team_points=status.team_points,
                pending=status.pending,
                disputed=status.disputed,
                state=status.state,
                compass_seats=compass_seats(seating.partnerships)
                if by_seat and (seating := round_row.plan.table(status.table)) is not None
                else {},
            )
            for status in table_statuses(
                session, event_id=round_row.event_id, round_number=round_row.number
            )
        ],
    )


def submission_out(row: Submission | SubmissionEntry) -> SubmissionOut:
    """A submission."""
    return SubmissionOut.model_validate(row)


def penalty_out(row: Penalty) -> PenaltyOut:
    """A penalty."""
    return PenaltyOut.model_validate(row)


def audit_out(row: AuditEntry, names: Mapping[str, str] | None = None) -> AuditOut:
    """An audit entry (``names``: player number -> name, so ``changes`` names players)."""
    entry = AuditOut.model_validate(row)
    entry.changes = audit_changes(row, names)
    return entry


def audit_changes(row: AuditEntry, names: Mapping[str, str] | None = None) -> str:
    """What an audit entry changed in a table's result, field by field ("" for other
    entries)."""
    results = ("correct_result", "accept_submission", "replace_score")
    if row.action not in results:
        return ""
    return describe_changes(row.old_value, row.new_value, names=names)


def result_input(body: ResultIn, *, partial: bool = False) -> ResultInput:
    """The store's input type from the API's (``partial``: a correction, which changes only
    the fields the body sets)."""
    return ResultInput(
        given=frozenset(body.model_fields_set & set(RESULT_FIELDS)) if partial else None,
        lone_marches=dict(body.lone_marches),
        team_points=None
        if body.team_points is None
        else (body.team_points[0], body.team_points[1]),
        hand_points=tuple((ours, theirs) for ours, theirs in body.hand_points),
        lone_hands=dict(body.lone_hands),
        euchres=dict(body.euchres),
        lone_euchres=dict(body.lone_euchres),
        player_points=dict(body.player_points),
        first_to_tying_score=body.first_to_tying_score,
        rulings_in_totals=getattr(body, "rulings_in_totals", None),
    )


def penalty_record(body: PenaltyCreate) -> PenaltyRecord:
    """The core's penalty record from the API's (the same fields; the offender by number)."""
    fields = body.model_dump(exclude={"kind", "offender", "lone_caller", "lone_hand"})
    caller = None if body.lone_caller is None else player_id(body.lone_caller)
    return PenaltyRecord(
        **fields,
        kind=PenaltyKind.parse(body.kind),
        offender_id=player_id(body.offender),
        lone_hand=body.lone_hand or caller is not None,
        lone_caller_id=caller,
    )


def table_out(view: TableView) -> TableOut:
    """What a table's page shows, as the API's schema."""
    official = view.official
    first, second = (
        [TablePlayerOut(number=member.number, name=member.name) for member in side]
        for side in view.partnerships
    )
    return TableOut(
        event_id=view.event_id,
        event_name=view.event_name,
        round=view.round_number,
        table=view.table_number,
        code=view.code,
        seconds_left=seconds_left(view.round.ends_at),
        partnerships=(first, second),
        submissions=[submission_out(row) for row in view.submissions],
        official=None if official is None else OfficialOut(team_points=official.team_points),
        max_hand_points=view.profile.max_hand_points(),
        game_hands=view.profile.game_hands,
        stage=view.round.plan.stage,
    )
