"""Scores: a table submits, an opponent confirms with his own code; disputes are kept and
flagged for the director; corrections and penalties go through the audit log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.store.audit import record_audit
from euchre.store.core import compute, display_snapshot, event_config, event_inputs, player_id
from euchre.store.errors import AuthError, ConflictError, NotFoundError, StoreError
from euchre.store.events import get_event, list_entrants, touch
from euchre.store.models import (
    Entrant,
    Event,
    Penalty,
    Result,
    Round,
    Submission,
    SubmissionStatus,
    utc_now,
)
from euchre.store.rounds import TableContext, get_round, open_table
from euchre.tournament import (
    EventSnapshot,
    MovementChange,
    PenaltyKind,
    PenaltyRecord,
    PenaltyRuling,
    TableResult,
    TableSeating,
)
from euchre.tournament.penalties import deal_named_problem, rule_on_penalty
from euchre.tournament.validation import ResultError, complete_result

__all__ = [
    "RESULT_FIELDS",
    "ResultInput",
    "ScoredTable",
    "TableStatus",
    "accept_submission",
    "add_penalty",
    "confirm_submission",
    "correct_result",
    "describe_changes",
    "dispute_submission",
    "escalate_warning",
    "list_penalties",
    "list_submissions",
    "official_result",
    "remove_penalty",
    "ruled_hands",
    "scored_tables",
    "submit_score",
    "table_statuses",
    "table_submissions",
]


RESULT_FIELDS = (
    "team_points",
    "hand_points",
    "lone_hands",
    "lone_marches",
    "euchres",
    "player_points",
    "first_to_tying_score",
)
"""The parts of a result a table or the director enters (a correction names those it
changes)."""


@dataclass(frozen=True)
class ResultInput:
    """A table's score as entered: totals, or hand by hand (totals are then their sums).
    Per-player counts are keyed by player number. ``lone_marches`` counts the lone hands of
    five tricks each player called (5/4 scoring derives the players' own points from them).

    ``given`` names the fields a director's correction changes (the others keep their
    recorded values); None means every field was entered (a table's submission)."""

    team_points: tuple[int, int] | None = None
    hand_points: tuple[tuple[int, int], ...] = ()
    lone_hands: dict[int, int] = field(default_factory=dict)
    euchres: dict[int, int] = field(default_factory=dict)
    player_points: dict[int, int] = field(default_factory=dict)
    first_to_tying_score: int | None = None
    lone_marches: dict[int, int] = field(default_factory=dict)
    given: frozenset[str] | None = None


def _by_player(label: str, counts: dict[int, int], players: set[int], table: int) -> None:
    for number, count in counts.items():
        if number not in players:
            raise ResultError(
                f"{label}: player {number} does not play at table {table}",
                field=f"{label}.{player_id(number)}",
            )
        if count < 0:
            raise ResultError(
                f"{label}: player {number} has a negative count {count}",
                field=f"{label}.{player_id(number)}",
            )


def _build_result(
    context_round: Round, table_number: int, players: set[int], entered: ResultInput
) -> TableResult:
    if entered.hand_points:
        sums = (
            sum(hand[0] for hand in entered.hand_points),
            sum(hand[1] for hand in entered.hand_points),
        )
        if entered.team_points is not None and tuple(entered.team_points) != sums:
            raise ResultError(
                f"totals {entered.team_points[0]}-{entered.team_points[1]} do not match the "
                f"hands, which add up to {sums[0]}-{sums[1]}: change the hands too, or clear them",
                field="team_points.0",
            )
        totals = sums
    elif entered.team_points is not None:
        totals = (entered.team_points[0], entered.team_points[1])
    else:
        raise ResultError("enter the two team totals, or the hands", field="team_points.0")
    for label, counts in (
        ("lone_hands", entered.lone_hands),
        ("lone_marches", entered.lone_marches),
        ("euchres", entered.euchres),
        ("player_points", entered.player_points),
    ):
        _by_player(label, counts, players, table_number)
    if entered.first_to_tying_score not in (None, 0, 1):
        raise ResultError(
            f"first_to_tying_score must be 0 or 1, got {entered.first_to_tying_score}",
            field="first_to_tying_score",
        )
    return TableResult(
        round=context_round.number,
        table=table_number,
        team_points=totals,
        hand_points=tuple((int(ours), int(theirs)) for ours, theirs in entered.hand_points),
        player_points={player_id(number): count for number, count in entered.player_points.items()},
        lone_hands={
            player_id(number): count for number, count in entered.lone_hands.items() if count
        },
        euchres={player_id(number): count for number, count in entered.euchres.items() if count},
        hands_played=len(entered.hand_points) or None,
        first_to_tying_score=entered.first_to_tying_score,
        stage=context_round.plan.stage,
        lone_marches={
            player_id(number): count for number, count in entered.lone_marches.items() if count
        },
    )


def _merged(current: TableResult | None, entered: ResultInput) -> ResultInput:
    """A correction's input: the fields it names, the recorded values for the rest."""
    if entered.given is None or current is None:
        return entered

    def numbers(mapping: Any) -> dict[int, int]:
        return {int(player): int(count) for player, count in mapping.items()}

    given = entered.given

    def pick(name: str, new: Any, old: Any) -> Any:
        return new if name in given else old

    return ResultInput(
        # New hands without new totals: the totals are the hands' sums.
        team_points=pick(
            "team_points",
            entered.team_points,
            None if "hand_points" in given and entered.hand_points else current.team_points,
        ),
        hand_points=pick("hand_points", entered.hand_points, current.hand_points),
        lone_hands=pick("lone_hands", entered.lone_hands, numbers(current.lone_hands)),
        lone_marches=pick("lone_marches", entered.lone_marches, numbers(current.lone_marches)),
        euchres=pick("euchres", entered.euchres, numbers(current.euchres)),
        # Own totals are derived from the lone hands: only a typed one is checked again.
        player_points=pick("player_points", entered.player_points, {}),
        first_to_tying_score=pick(
            "first_to_tying_score", entered.first_to_tying_score, current.first_to_tying_score
        ),
    )


def describe_changes(
    old: dict[str, Any] | None,
    new: dict[str, Any] | None,
    *,
    names: Mapping[str, str] | None = None,
    teams: Sequence[str] | None = None,
) -> str:
    """What a change did to a result, field by field: ``team_points: 7-6 -> 6-7; ...``
    (the fields that stayed the same are not named). ``names`` (player number -> name) and
    ``teams`` (the two partnerships' names) make players and teams read by name."""
    if old is None and new is None:
        return ""
    if old is None:
        return "recorded " + _value_text("team_points", (new or {}).get("team_points"))
    if new is None:
        return "removed"
    parts = []
    for name in (*RESULT_FIELDS, "hands_played", "stage"):
        before, after = old.get(name), new.get(name)
        if _normal(before) == _normal(after):
            continue
        if name == "hand_points" and before and after and len(before) == len(after):
            parts += [
                f"hand {number}: {old_hand[0]}-{old_hand[1]} -> {new_hand[0]}-{new_hand[1]}"
                for number, (old_hand, new_hand) in enumerate(
                    zip(before, after, strict=True), start=1
                )
                if list(old_hand) != list(new_hand)
            ]
            continue
        parts.append(
            f"{name}: {_value_text(name, before, names, teams)} -> "
            f"{_value_text(name, after, names, teams)}"
        )
    return "; ".join(parts) or "no change"


def _normal(value: Any) -> Any:
    if value in (None, {}, []):
        return None
    return value


def _value_text(
    name: str,
    value: Any,
    names: Mapping[str, str] | None = None,
    teams: Sequence[str] | None = None,
) -> str:
    if value in (None, {}, []):
        return "none"
    if name == "team_points":
        return f"{value[0]}-{value[1]}"
    if name == "hand_points":
        return " ".join(f"{hand[0]}-{hand[1]}" for hand in value)
    if isinstance(value, dict):
        return ", ".join(
            f"{(names or {}).get(str(player), f'#{player}')} {count}"
            for player, count in sorted(value.items())
        )
    if name == "first_to_tying_score":
        return teams[int(value)] if teams else f"team {int(value) + 1}"
    return str(value)


def _validated(
    event: Event, result: TableResult, seating: TableSeating, names: dict[str, str]
) -> TableResult:
    """The result checked against the event's rules and completed, as stored. ``names`` are
    the table's own players (the messages name only them): never the whole event's list, so a
    score costs the same however many players the event has."""
    return complete_result(event_config(event), result, seating, names)


def _seat_names(session: Session, event_id: int, seating: TableSeating) -> dict[str, str]:
    """Player id -> name for the four players of one table (one query for the four)."""
    numbers = [int(player) for player in seating.players]
    return {
        player_id(number): name
        for number, name in session.execute(
            select(Entrant.number, Entrant.name).where(
                Entrant.event_id == event_id, Entrant.number.in_(numbers)
            )
        )
    }


def _seating(round_row: Round, table: int) -> TableSeating:
    seating = round_row.plan.table(table)
    if seating is not None:
        return seating
    raise NotFoundError(f"round {round_row.number} has no table {table}")


def _player_by_code(context: TableContext, player_code: str) -> Entrant:
    cleaned = player_code.strip()
    for members in context.partnerships:
        for entrant in members:
            if entrant.code == cleaned:
                return entrant
    raise AuthError(
        f"{cleaned!r} is not the code of a player at table {context.table_number}; "
        "use the code printed on your own scorecard"
    )


def table_submissions(session: Session, *, context: TableContext) -> list[Submission]:
    """Every submission of one table in its round, oldest first."""
    return _table_submissions(session, context)


_TABLE_SUBMISSIONS = (
    select(Submission)
    .where(
        Submission.event_id == bindparam("event_id"),
        Submission.round_number == bindparam("round_number"),
        Submission.table_number == bindparam("table_number"),
    )
    .order_by(Submission.id)
)
"""One table's submissions (built once: building a statement cost as much as running it)."""

_OFFICIAL = select(Result).where(
    Result.event_id == bindparam("event_id"),
    Result.round_number == bindparam("round_number"),
    Result.table_number == bindparam("table_number"),
)
"""One table's official result (built once)."""


def _table_submissions(session: Session, context: TableContext) -> list[Submission]:
    return list(
        session.scalars(
            _TABLE_SUBMISSIONS,
            {
                "event_id": context.event.id,
                "round_number": context.round.number,
                "table_number": context.table_number,
            },
        )
    )


def official_result(
    session: Session, *, event_id: int, round_number: int, table: int
) -> Result | None:
    """The official result of one table, if recorded."""
    return _official(session, event_id, round_number, table)


def _official(session: Session, event_id: int, round_number: int, table: int) -> Result | None:
    return session.scalar(
        _OFFICIAL, {"event_id": event_id, "round_number": round_number, "table_number": table}
    )


def submit_score(
    session: Session, *, code: str, player_code: str, entered: ResultInput
) -> Submission:
    """Keep a table's score, entered by one of its players. Resending the same score gives
    back the same submission. A different score from the same player before anyone confirmed
    replaces his own pending entry (the old one stays in the audit log, and the submission is
    kept as ``superseded``); a different score from another player is kept too, and both are
    flagged as disputed for the director."""
    context = open_table(session, code=code, lock=True)
    submitter = _player_by_code(context, player_code)
    _check_not_online(session, context)
    players = {entrant.number for side in context.partnerships for entrant in side}
    result = _build_result(context.round, context.table_number, players, entered)
    _check_ruled_hands(session, context, result)
    names = {
        player_id(entrant.number): entrant.name for side in context.partnerships for entrant in side
    }
    payload = _validated(
        context.event, result, _seating(context.round, context.table_number), names
    )
    existing = [row for row in _table_submissions(session, context) if row.status != "superseded"]
    for row in existing:
        if row.result == payload:
            return row
    target = f"round {context.round.number} table {context.table_number}"
    who = f"player {submitter.number} ({submitter.name})"
    for row in existing:
        if row.status == "pending" and row.submitted_by == submitter.number:
            row.status = SubmissionStatus.SUPERSEDED
            record_audit(
                session,
                event_id=context.event.id,
                who=who,
                action="replace_score",
                target=target,
                old_value=row.result,
                new_value=payload,
                reason=f"re-entered before an opponent confirmed (replaces score {row.id})",
            )
    existing = [row for row in existing if row.status != "superseded"]
    submission = Submission(
        event_id=context.event.id,
        round_number=context.round.number,
        table_number=context.table_number,
        result=payload,
        submitted_by=submitter.number,
        status=SubmissionStatus.PENDING,
    )
    session.add(submission)
    session.flush()
    record_audit(
        session,
        event_id=context.event.id,
        who=who,
        action="submit_score",
        target=target,
        new_value=payload,
    )
    official = _official(session, context.event.id, context.round.number, context.table_number)
    different = [row for row in existing if row.result != payload]
    if different or (official is not None and official.result != payload):
        submission.status = SubmissionStatus.DISPUTED
        for row in different:
            if row.status == "pending":
                row.status = SubmissionStatus.DISPUTED
    session.flush()
    return submission


ENDS_THE_HAND = ("hand_over", "deal_passes")
"""Ruling outcomes after which the hand is not scored as played: the ruling's points are the
hand's only points, so the table writes that hand 0-0."""


def ruled_hands(
    session: Session, *, event_id: int, round_number: int, table: int
) -> dict[int, str]:
    """Hands of one table the director ruled on with a ruling that ends the hand: hand number
    -> the irregularity (these hands are written 0-0; the penalty holds their points)."""
    event = get_event(session, event_id=event_id)
    round_row = get_round(session, event_id=event_id, number=round_number)
    return _ruled_hands(session, event, round_row, table)


def _ruled_hands(session: Session, event: Event, round_row: Round, table: int) -> dict[int, str]:
    seating = _seating(round_row, table)
    profile = load_profile(event_config(event).profile_id)
    hands: dict[int, str] = {}
    for penalty in session.scalars(
        select(Penalty).where(
            Penalty.event_id == event.id,
            Penalty.round_number == round_row.number,
            Penalty.table_number == table,
        )
    ):
        record = penalty.record
        if record.hand_number is None:
            continue
        try:
            ruling = rule_on_penalty(profile, record, seating)
        except EuchreError:
            continue  # the dashboard already reports a penalty the core cannot score
        if ruling.outcome in ENDS_THE_HAND:
            hands[record.hand_number] = record.kind.replace("_", " ")
    return hands


def _check_ruled_hands(session: Session, context: TableContext, result: TableResult) -> None:
    """A hand the director has already ruled on is written 0-0: the penalty holds its points,
    so they are never counted twice."""
    if not result.hand_points:
        return
    ruled = _ruled_hands(session, context.event, context.round, context.table_number)
    for number, kind in sorted(ruled.items()):
        if 1 <= number <= len(result.hand_points) and any(result.hand_points[number - 1]):
            raise ResultError(
                f"the director ruled on hand {number} ({kind}): write hand {number} as 0-0, "
                "the director's ruling adds its points",
                field=f"hand_points.{number}",
            )


def _check_not_online(session: Session, context: TableContext) -> None:
    """A table played online is scored by the engine (docs/online.md), not from a phone."""
    from euchre.store.models import OnlineTable

    online = session.scalar(
        select(OnlineTable.id).where(
            OnlineTable.event_id == context.event.id,
            OnlineTable.round_number == context.round.number,
            OnlineTable.table_number == context.table_number,
        )
    )
    if online is not None:
        raise ConflictError(
            f"table {context.table_number} plays online this round: the engine records its "
            "score when the game ends"
        )


def _table_submission(session: Session, context: TableContext, submission_id: int) -> Submission:
    submission = session.get(Submission, submission_id, with_for_update=True)
    if (
        submission is None
        or submission.event_id != context.event.id
        or submission.round_number != context.round.number
        or submission.table_number != context.table_number
    ):
        raise NotFoundError(f"table {context.table_number} has no score submission {submission_id}")
    return submission


def _opponent(context: TableContext, submission: Submission, player_code: str) -> Entrant:
    player = _player_by_code(context, player_code)
    submitter_side = next(
        side
        for side, members in enumerate(context.partnerships)
        if any(member.number == submission.submitted_by for member in members)
    )
    if context.side_of(player) == submitter_side:
        raise ConflictError(
            "the score must be confirmed by an opponent: use a code of a player on the other "
            "partnership"
        )
    return player


def confirm_submission(
    session: Session, *, code: str, submission_id: int, player_code: str
) -> Submission:
    """An opponent confirms a submitted score with his own code: it becomes the table's
    official result (committed before this returns)."""
    context = open_table(session, code=code, lock=True)
    submission = _table_submission(session, context, submission_id)
    confirmer = _opponent(context, submission, player_code)
    if submission.status in ("confirmed", "accepted"):
        return submission
    if submission.status != "pending":
        raise ConflictError(
            f"score {submission_id} is {submission.status}; the director will settle it"
        )
    official = _official(session, context.event.id, context.round.number, context.table_number)
    if official is not None and official.result != submission.result:
        submission.status = SubmissionStatus.DISPUTED
        session.flush()
        raise ConflictError(
            f"table {context.table_number} already has a different official score; "
            "both are flagged for the director"
        )
    submission.status = SubmissionStatus.CONFIRMED
    submission.confirmed_by = confirmer.number
    submission.confirmed_at = utc_now()
    if official is None:
        session.add(
            Result(
                event_id=context.event.id,
                round_number=context.round.number,
                table_number=context.table_number,
                result=submission.result,
                submission_id=submission.id,
            )
        )
    _bump_revision(session, context.event)
    record_audit(
        session,
        event_id=context.event.id,
        who=f"player {confirmer.number} ({confirmer.name})",
        action="confirm_score",
        target=f"round {context.round.number} table {context.table_number}",
        new_value=submission.result,
    )
    session.flush()
    return submission


def _bump_revision(session: Session, event: Event) -> None:
    """``touch`` the event in one statement: ``UPDATE ... SET revision = revision + 1``
    takes the same row lock a ``SELECT ... FOR NO KEY UPDATE`` then ``UPDATE`` took (one
    writer per event at a time, after the result's insert, so no deadlock), in one round trip
    instead of two. The session's copy of the event gets the new number."""
    session.flush()
    revision = session.execute(
        update(Event)
        .where(Event.id == event.id)
        .values(revision=Event.revision + 1)
        .returning(Event.revision)
        .execution_options(synchronize_session=False)
    ).scalar_one()
    set_committed_value(event, "revision", revision)


def dispute_submission(
    session: Session, *, code: str, submission_id: int, player_code: str
) -> Submission:
    """An opponent says a submitted score is wrong: it is flagged for the director."""
    context = open_table(session, code=code, lock=True)
    submission = _table_submission(session, context, submission_id)
    opponent = _opponent(context, submission, player_code)
    if submission.status in ("confirmed", "accepted"):
        raise ConflictError(
            f"score {submission_id} is already confirmed; ask the director for a correction"
        )
    if submission.status == "superseded":
        # A replaced score stays in the record; disputing it must not bring it back as a
        # live entry beside its replacement.
        raise ConflictError(
            f"score {submission_id} was replaced by its player's later entry; "
            "dispute the score that stands"
        )
    submission.status = SubmissionStatus.DISPUTED
    record_audit(
        session,
        event_id=context.event.id,
        who=f"player {opponent.number} ({opponent.name})",
        action="dispute_score",
        target=f"round {context.round.number} table {context.table_number}",
        old_value=submission.result,
    )
    session.flush()
    return submission


def list_submissions(
    session: Session, *, event_id: int, round_number: int | None = None
) -> list[Submission]:
    """Every submission of an event (or of one round), oldest first."""
    query = select(Submission).where(Submission.event_id == event_id)
    if round_number is not None:
        query = query.where(Submission.round_number == round_number)
    return list(session.scalars(query.order_by(Submission.id)))


def _check_table(session: Session, event_id: int, round_number: int, table: int) -> Round:
    round_row = get_round(session, event_id=event_id, number=round_number)
    if round_row.plan.table(table) is None:
        raise NotFoundError(f"round {round_number} has no table {table}")
    return round_row


def _set_official(
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
    event = get_event(session, event_id=event_id, for_update=True)
    before = compute(event_inputs(session, event))
    official = _official(session, event_id, round_number, table)
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
            Submission.status.in_(("pending", "disputed")),
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
        target=f"round {round_number} table {table}",
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
    _check_table(session, event_id, submission.round_number, submission.table_number)
    submission.status = SubmissionStatus.ACCEPTED
    return _set_official(
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
    round_row = _check_table(session, event_id, round_number, table)
    seating = _seating(round_row, table)
    players = {int(player) for player in seating.players}
    official = _official(session, event_id, round_number, table)
    current = None if official is None else official.result
    result = _build_result(round_row, table, players, _merged(current, entered))
    if result.hand_points:
        ruled = ruled_hands(session, event_id=event_id, round_number=round_number, table=table)
        for number, kind in sorted(ruled.items()):
            if 1 <= number <= len(result.hand_points) and any(result.hand_points[number - 1]):
                raise ResultError(
                    f"hand {number} has a penalty ({kind}) that ends the hand: enter it as 0-0, "
                    "the penalty holds its points",
                    field=f"hand_points.{number}",
                )
    payload = _validated(
        get_event(session, event_id=event_id),
        result,
        seating,
        _seat_names(session, event_id, seating),
    )
    if official is not None and not reason.strip():
        raise StoreError("say why the recorded result is being corrected (reason is empty)")
    if official is not None and official.result == payload:
        raise ConflictError(
            f"round {round_number} table {table}: nothing changed; the recorded result is "
            "already this"
        )
    return _set_official(
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


def add_penalty(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table: int,
    kind: str,
    offender_number: int,
    hand_number: int | None = None,
    proven: bool | None = None,
    lone_hand: bool = False,
    warned: bool | None = None,
    choice: str | None = None,
    note: str = "",
    who: str,
) -> Penalty:
    """Record an irregularity at a table; the core scores it by the event's rule profile."""
    round_row = _check_table(session, event_id, round_number, table)
    seating = _seating(round_row, table)
    if player_id(offender_number) not in seating.players:
        names = {
            player_id(entrant.number): entrant.name
            for entrant in list_entrants(session, event_id=event_id)
        }
        named = names.get(player_id(offender_number))
        there = ", ".join(names.get(player, player) for player in seating.players)
        raise StoreError(
            f"{f'{named} (player {offender_number})' if named else f'player {offender_number}'} "
            f"does not play at round {round_number} table {table} (there: {there})"
        )
    event = get_event(session, event_id=event_id, for_update=True)
    record = PenaltyRecord(
        round=round_number,
        table=table,
        kind=PenaltyKind.parse(kind),
        offender_id=player_id(offender_number),
        hand_number=hand_number,
        proven=proven,
        lone_hand=lone_hand,
        warned=warned,
        choice=choice,
        note=note,
    )
    _check_deal_named(session, event, record, seating)
    penalty = Penalty(
        event_id=event_id, round_number=round_number, table_number=table, record=record
    )
    session.add(penalty)
    touch(event)
    session.flush()
    compute(event_inputs(session, event))
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="add_penalty",
        target=f"round {round_number} table {table}",
        new_value=record,
        reason=note,
    )
    return penalty


def _check_deal_named(
    session: Session, event: Any, record: PenaltyRecord, seating: TableSeating
) -> None:
    """Refuse a ruling that takes a deal's points away (Ballantrae's renege) without naming a
    deal the table's result lists (see :func:`deal_named_problem`)."""
    config = event_config(event)
    try:
        ruling = rule_on_penalty(load_profile(config.profile_id), record, seating)
    except EuchreError:
        return  # scored (and reported) by the core as before
    official = _official(session, event.id, record.round, record.table)
    result = None if official is None else official.result
    problem = deal_named_problem(ruling, record, result, config.profile_id)
    if problem is not None:
        raise StoreError(problem)


def remove_penalty(
    session: Session, *, event_id: int, penalty_id: int, who: str, reason: str
) -> None:
    """Take back a penalty recorded by mistake (kept in the audit log)."""
    event = get_event(session, event_id=event_id, for_update=True)
    penalty = session.get(Penalty, penalty_id)
    if penalty is None or penalty.event_id != event_id:
        raise NotFoundError(f"event {event_id} has no penalty {penalty_id}")
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="remove_penalty",
        target=f"round {penalty.round_number} table {penalty.table_number}",
        old_value=penalty.record,
        reason=reason,
    )
    session.delete(penalty)
    touch(event)


def escalate_warning(
    session: Session, *, event_id: int, penalty_id: int, who: str, reason: str
) -> Penalty:
    """Turn a table-talk warning into the penalty (the sheet's "for subsequent offenses"
    ruling), for example when the director judges the offence serious enough."""
    event = get_event(session, event_id=event_id, for_update=True)
    penalty = session.get(Penalty, penalty_id)
    if penalty is None or penalty.event_id != event_id:
        raise NotFoundError(f"event {event_id} has no penalty {penalty_id}")
    record = penalty.record
    if record.kind != "table_talk":
        raise ConflictError(
            f"penalty {penalty_id} is {record.kind.replace('_', ' ')}; only a table-talk "
            "warning can be turned into the penalty"
        )
    if record.warned:
        raise ConflictError(f"penalty {penalty_id} is already the penalty, not a warning")
    updated = replace(record, warned=True)
    penalty.record = updated
    touch(event)
    session.flush()
    compute(event_inputs(session, event))
    record_audit(
        session,
        event_id=event_id,
        who=who,
        action="warning_to_penalty",
        target=f"round {penalty.round_number} table {penalty.table_number}",
        old_value=record,
        new_value=updated,
        reason=reason,
    )
    return penalty


def list_penalties(session: Session, *, event_id: int) -> list[Penalty]:
    """Every penalty of an event, in the order recorded."""
    query = select(Penalty).where(Penalty.event_id == event_id).order_by(Penalty.id)
    return list(session.scalars(query))


@dataclass(frozen=True)
class TableStatus:
    """Where one table of a round stands, for the director's screen (``team_points``: the
    official result with its penalties)."""

    table: int
    code: str
    partnerships: tuple[tuple[str, ...], tuple[str, ...]]
    team_points: tuple[int, int] | None
    pending: int
    disputed: int

    @property
    def state(self) -> str:
        """``disputed``, ``reported`` (official result in), ``awaiting confirmation`` or
        ``playing``."""
        if self.disputed:
            return "disputed"
        if self.team_points is not None:
            return "reported"
        if self.pending:
            return "awaiting confirmation"
        return "playing"


def table_statuses(session: Session, *, event_id: int, round_number: int) -> list[TableStatus]:
    """Every table of a started round: its players, code, result (with its penalties) and
    open submissions."""
    from euchre.store.rounds import table_codes

    round_row = get_round(session, event_id=event_id, number=round_number)
    names = {
        player_id(entrant.number): entrant.name
        for entrant in list_entrants(session, event_id=event_id)
    }
    codes = table_codes(session, event_id=event_id, round_number=round_number)
    submissions = list_submissions(session, event_id=event_id, round_number=round_number)
    # Scores shown with their penalties, everywhere (the snapshot is cached per revision).
    snapshot = display_snapshot(session, get_event(session, event_id=event_id))
    scored = scored_tables(session, event_id=event_id, snapshot=snapshot)
    officials = {
        row.table_number: row
        for row in session.scalars(
            select(Result).where(Result.event_id == event_id, Result.round_number == round_number)
        )
    }
    statuses = []
    for entry in round_row.plan.tables:
        table = entry.table
        official = officials.get(table)
        first, second = entry.partnerships
        mine = [row for row in submissions if row.table_number == table]
        statuses.append(
            TableStatus(
                table=table,
                code=codes.get(table, ""),
                partnerships=(
                    tuple(names.get(player, player) for player in first),
                    tuple(names.get(player, player) for player in second),
                ),
                team_points=None
                if official is None
                else scored[(round_number, table)].points
                if (round_number, table) in scored
                else official.result.team_points,
                pending=sum(1 for row in mine if row.status == "pending"),
                disputed=sum(1 for row in mine if row.status == "disputed"),
            )
        )
    return statuses


@dataclass(frozen=True)
class ScoredTable:
    """One table's game as every page shows it: the table's own points, the penalties'
    points, and the score with penalties (what the standings count)."""

    round: int
    table: int
    game_points: tuple[int, int]
    penalty_points: tuple[int, int]
    points: tuple[int, int]
    penalties: tuple[PenaltyRuling, ...]


def scored_tables(
    session: Session,
    *,
    event_id: int,
    snapshot: EventSnapshot,
    only: tuple[int, int] | None = None,
) -> dict[tuple[int, int], ScoredTable]:
    """Every recorded table's score with its penalties added once (and a "score nothing that
    deal" ruling's hand taken off), keyed by (round, table); ``only`` reads one table
    (so a table's page costs the same whatever the event's size)."""
    rulings: dict[tuple[int, int], list[PenaltyRuling]] = {}
    for ruling in snapshot.penalties:
        rulings.setdefault((ruling.round, ruling.table), []).append(ruling)
    records: dict[tuple[int, int], list[PenaltyRecord]] = {}
    penalty_query = select(Penalty).where(Penalty.event_id == event_id)
    round_query = select(Round).where(Round.event_id == event_id)
    result_query = select(Result).where(Result.event_id == event_id)
    if only is not None:
        penalty_query = penalty_query.where(
            Penalty.round_number == only[0], Penalty.table_number == only[1]
        )
        round_query = round_query.where(Round.number == only[0])
        result_query = result_query.where(
            Result.round_number == only[0], Result.table_number == only[1]
        )
    for penalty in session.scalars(penalty_query.order_by(Penalty.id)):
        records.setdefault((penalty.round_number, penalty.table_number), []).append(penalty.record)
    seatings = {
        (round_row.number, entry.table): entry
        for round_row in session.scalars(round_query)
        for entry in round_row.plan.tables
    }
    scored: dict[tuple[int, int], ScoredTable] = {}
    for row in session.scalars(result_query):
        key = (row.round_number, row.table_number)
        result = row.result
        table_rulings = rulings.get(key, [])
        extra = [sum(ruling.team_points[side] for ruling in table_rulings) for side in (0, 1)]
        taken = [0, 0]
        seating = seatings.get(key)
        for ruling, record in zip(table_rulings, records.get(key, []), strict=False):
            number = record.hand_number
            if (
                ruling.offenders_score_nothing
                and seating is not None
                and number is not None
                and 1 <= number <= len(result.hand_points)
            ):
                side = 0 if record.offender_id in seating.partnerships[0] else 1
                taken[side] += result.hand_points[number - 1][side]
        points = tuple(result.team_points[side] + extra[side] - taken[side] for side in (0, 1))
        scored[key] = ScoredTable(
            round=row.round_number,
            table=row.table_number,
            game_points=result.team_points,
            penalty_points=(extra[0] - taken[0], extra[1] - taken[1]),
            points=(points[0], points[1]),
            penalties=tuple(table_rulings),
        )
    return scored
