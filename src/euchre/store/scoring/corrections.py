"""The director settles a table: accepts a submitted score or enters/corrects the result
(through the audit log, with the movements the change altered)."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from euchre.store.audit import record_audit, table_target
from euchre.store.core import compute, event_config, event_inputs
from euchre.store.errors import ConflictError, NotFoundError, StoreError
from euchre.store.models import Penalty, Result, Submission, SubmissionStatus, utc_now
from euchre.store.night.events import get_event, touch
from euchre.store.scoring.penalties import table_penalties
from euchre.store.scoring.results import (
    ResultInput,
    build_result,
    check_table,
    correction_input,
    official_result,
    seat_names,
    table_seating,
    validated_result,
)
from euchre.tournament import (
    EventInputs,
    EventSnapshot,
    MovementChange,
    TableResult,
)
from euchre.tournament.operations import answer_totals, table_result
from euchre.tournament.penalties import level_games_to_settle

__all__ = ["accept_submission", "correct_result", "set_official", "settle_level_game"]


def set_official(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table: int,
    payload: TableResult,
    submission_id: int | None,
    who: str,
    action: str,
    reason: str,
) -> tuple[Result, tuple[MovementChange, ...]]:
    """Make ``payload`` the table's official result (the table's other pending or disputed
    submissions are superseded), audited as ``action``; returns the row and how the standings'
    movement changed."""
    event = get_event(session, event_id=event_id, for_update=True)
    before = compute(event_inputs(session, event))
    official = official_result(session, event_id=event_id, round_number=round_number, table=table)
    old = None if official is None else official.result
    if official is None:
        official = Result(
            event_id=event_id, round_number=round_number, table_number=table, result=payload
        )
        session.add(official)
    official.result = payload
    official.submission_id = submission_id
    official.recorded_at = utc_now()
    for row in session.scalars(
        select(Submission).where(
            Submission.event_id == event_id,
            Submission.round_number == round_number,
            Submission.table_number == table,
            Submission.status.in_((SubmissionStatus.PENDING, SubmissionStatus.DISPUTED)),
        )
    ):
        if row.id != submission_id:
            row.status = SubmissionStatus.SUPERSEDED
    touch(event)
    session.flush()
    after = compute(event_inputs(session, event), previous=before)
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action=action,
        target=table_target(round_number, table),
        old_value=old,
        new_value=payload,
        reason=reason,
    )
    return official, after.movement_changes


def accept_submission(
    session: Session, *, event_id: int, submission_id: int, who: str, reason: str = ""
) -> tuple[Result, tuple[MovementChange, ...]]:
    """The director settles a table: this submission becomes its official result."""
    submission = session.get(Submission, submission_id)
    if submission is None or submission.event_id != event_id:
        raise NotFoundError(f"event {event_id} has no score submission {submission_id}")
    check_table(session, event_id, submission.round_number, submission.table_number)
    submission.status = SubmissionStatus.ACCEPTED
    return set_official(
        session,
        event_id=event_id,
        round_number=submission.round_number,
        table=submission.table_number,
        payload=submission.result,
        submission_id=submission.id,
        who=who,
        action="accept_submission",
        reason=reason,
    )


def correct_result(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table: int,
    entered: ResultInput,
    who: str,
    reason: str,
) -> tuple[Result, tuple[MovementChange, ...]]:
    """The director enters or corrects a table's result (a reason is required to change one
    already recorded). A correction changes only the fields ``entered.given`` names; the
    others keep their recorded values. The audit log says what changed, field by field.
    Returns the result and the later movements the change altered."""
    round_row = check_table(session, event_id, round_number, table)
    seating = table_seating(round_row, table)
    players = {int(player) for player in seating.players}
    official = official_result(session, event_id=event_id, round_number=round_number, table=table)
    current = None if official is None else official.result
    names = seat_names(session, event_id, seating)
    result = build_result(round_row, table, players, correction_input(current, entered), names)
    event = get_event(session, event_id=event_id)

    def state() -> tuple[EventInputs, EventSnapshot]:
        inputs = event_inputs(session, event)
        return inputs, compute(inputs)

    config = event_config(event)
    records = table_penalties(session, event_id=event_id, round_number=round_number, table=table)
    new_totals = entered.given is None or "team_points" in entered.given
    payload = table_result(
        config,
        result,
        seating,
        names,
        records,
        recorded=current,
        reason=reason,
        state=state,
        rulings_in_totals=entered.rulings_in_totals,
        new_totals=new_totals,
    )
    if not payload.hand_points and new_totals and entered.rulings_in_totals is not None:
        # The director's answer for these totals: recorded on each ruling that has points
        # (the one ledger adds a ruling to totals alone only when they do not hold it).
        answered = answer_totals(config, seating, records, entered.rulings_in_totals)
        rows = _table_penalty_rows(session, event_id, round_number, table)
        for row, record in zip(rows, answered, strict=True):
            if row.record != record:
                row.record = record
    return set_official(
        session,
        event_id=event_id,
        round_number=round_number,
        table=table,
        payload=payload,
        submission_id=None,
        who=who,
        action="correct_result",
        reason=reason,
    )


def settle_level_game(
    session: Session, *, event_id: int, round_number: int, table: int, first: int, who: str
) -> tuple[Result, tuple[MovementChange, ...]]:
    """The director says which partnership (``first``: 0 or 1, as seated) reached the tying
    score first in a game the penalties made level (the tournament sheet: "Ties go to the
    first team to make the tying score"); the result keeps its points and names that side.
    Refused for a table that is not such a game."""
    if first not in (0, 1):
        raise StoreError(f"first must be 0 or 1 (the partnership as seated), got {first}")
    round_row = check_table(session, event_id, round_number, table)
    event = get_event(session, event_id=event_id)
    inputs = event_inputs(session, event)
    asked = {
        (game.round, game.table): game for game in level_games_to_settle(inputs, compute(inputs))
    }
    game = asked.get((round_number, table))
    official = official_result(session, event_id=event_id, round_number=round_number, table=table)
    if game is None or official is None:
        raise ConflictError(
            f"round {round_number} table {table} is not a game left level by a penalty; "
            "nothing to settle"
        )
    seating = table_seating(round_row, table)
    names = seat_names(session, event_id, seating)
    payload = validated_result(
        event,
        replace(official.result, first_to_tying_score=first),
        seating,
        names,
        penalty_points=game.penalty_points,
    )
    pair = " & ".join(names.get(player, player) for player in seating.partnerships[first])
    return set_official(
        session,
        event_id=event_id,
        round_number=round_number,
        table=table,
        payload=payload,
        submission_id=official.submission_id,
        who=who,
        action="settle_level_game",
        reason=f"level {game.points}-{game.points} after a penalty: {pair} reached "
        f"{game.points} first",
    )


def _table_penalty_rows(
    session: Session, event_id: int, round_number: int, table: int
) -> list[Penalty]:
    """One table's penalty rows, in the order recorded (as ``table_penalties`` reads them)."""
    return list(
        session.scalars(
            select(Penalty)
            .where(
                Penalty.event_id == event_id,
                Penalty.round_number == round_number,
                Penalty.table_number == table,
            )
            .order_by(Penalty.id)
        )
    )
