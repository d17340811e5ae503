"""The director's operations on a table: entering or correcting its result and recording a
penalty. One set of checks, on plain values, that the web app (through
:mod:`euchre.store.scoring.corrections` and :mod:`euchre.store.scoring.penalties`) and the command
line (``euchre event result`` and ``euchre event penalty``) both call, so that each refuses
exactly what the other refuses, with the same sentence.

Each function takes what both callers have (the event's config, the table's seating and
players' names, the table's penalty records and scores) and either returns what to record or
raises a :class:`~euchre.tournament.errors.TournamentError` naming the problem; nothing is
recorded by these functions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.tournament.errors import TournamentConflictError, TournamentError
from euchre.tournament.ledger import table_ledger
from euchre.tournament.model import (
    EventConfig,
    EventInputs,
    EventSnapshot,
    PenaltyRecord,
    RoundPlan,
    TableResult,
    TableSeating,
)
from euchre.tournament.naming import PlayerNames
from euchre.tournament.penalties import (
    check_ruled_hands,
    deal_named_problem,
    lone_caller_problem,
    rule_on_penalty,
    ruled_hands_of,
)
from euchre.tournament.validation import ResultError, complete_result

__all__ = [
    "EventState",
    "PenaltyEntryError",
    "answer_totals",
    "check_penalty",
    "check_reseat",
    "not_started_message",
    "penalty_change",
    "rulings_with_points",
    "seating_to_start",
    "table_result",
]


class PenaltyEntryError(TournamentError):
    """A new penalty that cannot be recorded as entered; ``field`` names the entry at fault
    (``offender``, ``lone_caller`` or ``hand_number``: the API's names) so that each edge can
    point at its own input."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


EventState = Callable[[], tuple[EventInputs, EventSnapshot]]
"""The event's inputs and their snapshot, read only when a check needs them (a result naming
who reached a tying score its totals do not show)."""


def not_started_message(event: str, round_number: int) -> str:
    """The one sentence for a result or penalty at a round not started yet (``event`` names
    the event: ``event 3`` on the web, ``event FILE`` on the command line)."""
    return f"{event} has not started round {round_number}"


def seating_to_start(snapshot: EventSnapshot, number: int, *, event: str) -> RoundPlan:
    """The seating round ``number`` starts with: the core's plan for it. Refused
    (``TournamentConflictError``) when the event (named ``event`` in the message) is over, the
    format has no seating for that round, or the round has no tables. The web app's
    ``start_round`` and ``euchre event start-round`` both ask it."""
    if snapshot.is_over:
        raise TournamentConflictError(f"{event} is over; every round has been played")
    try:
        plan = snapshot.round_plan(number)
    except TournamentError:
        raise TournamentConflictError(f"the format has no seating for round {number}") from None
    if not plan.tables:
        raise TournamentConflictError(
            f"round {number} has no tables: check in at least 4 players (or 2 teams)"
        )
    return plan


def check_reseat(round_number: int, *, scored: bool) -> None:
    """Refuse to seat a round by hand once a table of it has entered a score (the web app's
    reseat and ``euchre event seat`` alike)."""
    if scored:
        raise TournamentConflictError(
            f"round {round_number} already has scores entered; its seating is fixed"
        )


def penalty_change(
    result: TableResult,
    seating: TableSeating,
    state: EventState,
    records: Sequence[PenaltyRecord] | None = None,
) -> tuple[int, int]:
    """What the table's rulings change in ``result``'s totals (the one ledger,
    :func:`~euchre.tournament.ledger.table_ledger`), worked out only where it matters: a
    result naming who reached a tying score its own totals do not show (a game the
    penalties made level). ``records``: the table's penalty records as they will be (a
    director's answer on totals alone), else as recorded."""
    first, second = result.team_points
    if result.first_to_tying_score is None or first == second:
        return (0, 0)
    key = (result.round, result.table)
    inputs, snapshot = state()
    rulings = [ruling for ruling in snapshot.penalties if (ruling.round, ruling.table) == key]
    if records is None:
        records = [record for record in inputs.penalties if (record.round, record.table) == key]
    ledger = table_ledger(result, rulings, records, seating, load_profile(inputs.config.profile_id))
    return ledger.penalty_points


def rulings_with_points(
    config: EventConfig, seating: TableSeating, penalties: Sequence[PenaltyRecord]
) -> list[int]:
    """The positions (in the order recorded) of the table's rulings that have points: the
    ones a score of totals only may or may not already hold."""
    profile = load_profile(config.profile_id)
    found = []
    for index, record in enumerate(penalties):
        try:
            ruling = rule_on_penalty(profile, record, seating, penalties[:index])
        except EuchreError:
            continue
        if any(ruling.team_points) or ruling.offenders_score_nothing:
            found.append(index)
    return found


def answer_totals(
    config: EventConfig,
    seating: TableSeating,
    penalties: Sequence[PenaltyRecord],
    in_totals: bool,
) -> list[PenaltyRecord]:
    """The table's penalty records with the director's answer for totals alone: whether the
    totals hold each ruling that has points (:attr:`PenaltyRecord.in_totals`)."""
    marked = set(rulings_with_points(config, seating, penalties))
    return [
        replace(record, in_totals=in_totals) if index in marked else record
        for index, record in enumerate(penalties)
    ]


def table_result(
    config: EventConfig,
    entered: TableResult,
    seating: TableSeating,
    names: Mapping[str, str],
    penalties: Sequence[PenaltyRecord],
    *,
    recorded: TableResult | None,
    reason: str | None,
    state: EventState,
    rulings_in_totals: bool | None = None,
    new_totals: bool = True,
) -> TableResult:
    """The director's entry (or correction) of a table's result, checked and completed as it
    is recorded. ``penalties``: the table's penalty records in the order recorded;
    ``recorded``: the table's result on record (None when there is none); ``names``: the
    table's players (player id -> name); ``reason``: why a recorded result is corrected, kept
    in the audit log (None where no audit log keeps one: the command line's event file).
    ``rulings_in_totals``: for totals alone (``new_totals``: the totals are typed now) at a
    table with rulings that have points, whether the totals already hold them; the caller
    records the answer on the penalties (:func:`answer_totals`).

    Refused, in this order: a ruled hand's points counted beside the ruling's (the director
    may record a paper sheet's totals alone, saying whether they hold the rulings), a score
    the event's rules do not allow (:func:`~euchre.tournament.validation.complete_result`), a
    correction without its reason, and a correction that changes nothing. A result that
    does not list a deal a recorded penalty names is recorded (a paper sheet's totals) and
    the ruling is reported as not applied, where the event's penalties are shown."""
    profile = load_profile(config.profile_id)
    check_ruled_hands(
        profile, entered, ruled_hands_of(profile, seating, penalties), totals_alone=True
    )
    records: Sequence[PenaltyRecord] | None = None
    if not entered.hand_points and new_totals and rulings_with_points(config, seating, penalties):
        if rulings_in_totals is None:
            label = PlayerNames(names, seating.partnerships)
            kinds = sorted({penalties[i].kind.replace("_", " ") for i in
                            rulings_with_points(config, seating, penalties)})  # fmt: skip
            raise ResultError(
                f"round {entered.round} table {entered.table} has the director's ruling on "
                f"{' and '.join(f'a {kind}' for kind in kinds)}: say whether the totals "
                f"{entered.team_points[0]}-"
                f"{entered.team_points[1]} ({label.team(0)} first) already hold the ruling's "
                "points (yes: nothing is added) or not (the ruled hand was written 0-0: the "
                "ruling's points are added), or enter the score hand by hand",
                field="rulings_in_totals",
            )
        records = answer_totals(config, seating, penalties, rulings_in_totals)
    result = complete_result(
        config,
        entered,
        seating,
        names,
        penalty_points=penalty_change(entered, seating, state, records),
    )
    if recorded is not None and reason is not None and not reason.strip():
        raise TournamentError("say why the recorded result is being corrected (reason is empty)")
    if recorded is not None and recorded == result:
        raise TournamentConflictError(
            f"round {result.round} table {result.table}: nothing changed; the recorded result "
            "is already this"
        )
    return result


def check_penalty(
    config: EventConfig,
    record: PenaltyRecord,
    seating: TableSeating,
    names: Mapping[str, str],
    scores: Sequence[TableResult],
    earlier: Sequence[PenaltyRecord] = (),
) -> None:
    """The director's new penalty, checked before it is recorded: the offender and a named
    lone caller play at the table, and a ruling on a deal names a deal the table's ``scores``
    list (its result on record and the scores awaiting the director; see
    :func:`~euchre.tournament.penalties.deal_named_problem`). ``names``: player id -> name
    (the message names the players); ``earlier``: the table's penalties already recorded."""
    if record.offender_id not in seating.players:
        label = PlayerNames(names)
        raise PenaltyEntryError(
            f"{label.player(record.offender_id)} does not play at round {record.round} table "
            f"{record.table} (there: {label.players(seating.players)})",
            field="offender",
        )
    problem = lone_caller_problem(record, seating)
    if problem is not None:
        raise PenaltyEntryError(problem, field="lone_caller")
    _check_deal_named(config, record, seating, scores, earlier)


def _check_deal_named(
    config: EventConfig,
    record: PenaltyRecord,
    seating: TableSeating,
    scores: Sequence[TableResult],
    earlier: Sequence[PenaltyRecord],
) -> None:
    profile = load_profile(config.profile_id)
    try:
        ruling = rule_on_penalty(profile, record, seating, earlier)
    except EuchreError:
        return  # scored (and reported) by the core as before
    # The hands the table's earlier hand-ending rulings hold (None: a 0-0 hand each).
    held = [hand.number for hand in ruled_hands_of(profile, seating, earlier) if hand.ends_the_hand]
    listed: Sequence[TableResult | None] = scores or [None]
    for result in listed:  # None: no score yet, only the deal named is checked
        problem = deal_named_problem(ruling, record, result, config.profile_id, held)
        if problem is not None:
            raise PenaltyEntryError(problem, field="hand_number")
