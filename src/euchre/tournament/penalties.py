"""Irregularities recorded by the director, scored by the event's rule profile.

The rulings come from the engine (:func:`euchre.engine.irregularities.adjudicate`); a renege
claim with a hand record attached and ``proven`` left open is judged by
:func:`euchre.engine.irregularities.check_renege`. Seats in a hand record follow the table's
seating: partnership 0's players are seats 0 and 2, partnership 1's seats 1 and 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre.engine.errors import EuchreError
from euchre.engine.irregularities import (
    HandOutcome,
    Irregularity,
    adjudicate,
    check_renege,
    lone_team_of,
)
from euchre.engine.profile import RuleProfile, load_profile
from euchre.engine.record import HandRecord
from euchre.tournament.errors import TournamentError
from euchre.tournament.ledger import ENDS_THE_HAND, OpenQuestion, QuestionKind, table_ledger
from euchre.tournament.model import (
    PENALTY_KINDS,
    EventInputs,
    EventSnapshot,
    PenaltyKind,
    PenaltyRecord,
    PenaltyRuling,
    TableResult,
    TableSeating,
)
from euchre.tournament.validation import ResultError

__all__ = [
    "ENDS_THE_HAND",
    "PENALTY_ROLES",
    "LevelGame",
    "PenaltyRole",
    "RuledHand",
    "check_ruled_hands",
    "deal_named_problem",
    "level_games_to_settle",
    "lone_caller_problem",
    "open_questions",
    "penalty_role",
    "rule_on_penalty",
    "ruled_hand_note",
    "ruled_hand_words",
    "ruled_hands_of",
    "ruling_words",
    "seat_of",
]


@dataclass(frozen=True, slots=True)
class PenaltyRole:
    """Whom a penalty form asks for, per kind: ``named`` says who the player named is, and
    ``scores`` which team the ruling's points go to (so an unproven renege never pays the
    wrong team)."""

    named: str
    scores: str


_OFFENDER = PenaltyRole("the player who committed it", "the other team")
PENALTY_ROLES: dict[str, PenaltyRole] = {kind: _OFFENDER for kind in PENALTY_KINDS} | {
    "renege": PenaltyRole(
        "the player accused of reneging",
        "proven: the accuser's team; not proven: the accused player's team",
    ),
    "renege_unproven": PenaltyRole(
        "the player who alleged the renege (the accuser)",
        "the falsely accused team, the accuser's opponents",
    ),
    "renege_corrected": PenaltyRole("the player who reneged and corrected it", "nobody"),
    "table_talk": PenaltyRole(
        "the player who talked",
        "the other team, after a warning (warnings count per player for the whole event)",
    ),
    "bid_out_of_turn": PenaltyRole("the player who bid out of turn", "the other team"),
    "lead_out_of_turn": PenaltyRole("the player who led out of turn", "the other team"),
    "dealer_fails_to_discard": PenaltyRole("the dealer", "the other team"),
    "misdeal": PenaltyRole("the dealer", "nobody: the hand is redealt"),
    "wrong_number_of_cards": PenaltyRole("the dealer", "nobody: the hand is redealt"),
    "wrong_dealer": PenaltyRole("the player who dealt", "nobody: the deal stands"),
    "lone_partner_played": PenaltyRole("the lone caller's partner who played", "nobody"),
    "partner_of_loner_plays": PenaltyRole("the lone caller's partner who played", "nobody"),
}
"""The role of the player a director names, for each of :data:`PENALTY_KINDS`."""


_HAND_WORDS = {
    HandOutcome.HAND_OVER: "the hand is over: the table writes it 0–0",
    HandOutcome.DEAL_PASSES: "the hand is over and the deal passes: the table writes it 0–0",
    HandOutcome.SCORE_AS_PLAYED: "the deal stands: the table writes it as played",
    HandOutcome.CONTINUE: "the hand is played out: the table writes it as played",
    HandOutcome.REVERT: "the play is taken back and the hand goes on: written as played",
    HandOutcome.REDEAL_SAME_DEALER: "the hand is redealt: the table writes the new deal",
    HandOutcome.DISQUALIFICATION: "the director's decision",
    HandOutcome.DIRECTOR: "the director decides",
}


def ruled_hand_words(profile: RuleProfile, kind: PenaltyKind) -> tuple[bool, str]:
    """Whether ``profile``'s sheet covers ``kind`` (a penalty form offers only those), and
    what the table writes for the hand it is ruled in, in the penalty form's words: 0-0 only
    where the ruling ends the hand."""
    ruling = adjudicate(profile, kind.irregularity, offending_team=0, warned=True)
    return ruling.covered, _HAND_WORDS.get(ruling.outcome, "the director decides")


def penalty_role(kind: str) -> PenaltyRole:
    """The role of the named player for ``kind`` (raises for an unknown kind)."""
    if kind not in PENALTY_ROLES:
        raise TournamentError(f"unknown irregularity {kind!r}; known: {', '.join(PENALTY_KINDS)}")
    return PENALTY_ROLES[kind]


def ruling_words(ruling: PenaltyRuling, seating: TableSeating | None) -> str:
    """The irregularity of ``ruling`` in words, saying when a renege claim was not proven
    (the falsely accused team scores): "renege claim, not proven" rather than a bare
    "renege" beside the accused's own team's points."""
    if ruling.kind == PenaltyKind.RENEGE_UNPROVEN:
        return "renege claim, not proven"
    if ruling.kind == PenaltyKind.RENEGE and seating is not None:
        side = 0 if ruling.offender_id in seating.partnerships[0] else 1
        if ruling.team_points[side] > 0:
            return "renege claim, not proven"
    return ruling.kind.replace("_", " ")


def seat_of(seating: TableSeating, player: str) -> int:
    """The seat (0-3) of ``player`` at ``seating``'s table."""
    for side, pair in enumerate(seating.partnerships):
        for position, member in enumerate(pair):
            if member == player:
                return side + 2 * position
    raise TournamentError(
        f"player {player!r} was not at table {seating.table} ({', '.join(seating.players)})"
    )


def _irregularity(kind: str) -> Irregularity:
    return PenaltyKind.parse(kind).irregularity


def rule_on_penalty(
    profile: RuleProfile,
    penalty: PenaltyRecord,
    seating: TableSeating,
    earlier: Sequence[PenaltyRecord] = (),
) -> PenaltyRuling:
    """Score one penalty at its table. ``earlier`` are the penalties recorded before it in the
    event: a table-talk offence is warned when the same player was reported before anywhere in
    the event (partners change between games, so the warning follows the player), or his
    partnership earlier in the same game."""
    seat = seat_of(seating, penalty.offender_id)
    offending_team = seat % 2
    irregularity = _irregularity(penalty.kind)
    explanation_prefix = ""
    record: HandRecord | None = None
    if penalty.hand_record is not None:
        try:
            record = HandRecord.from_json(dict(penalty.hand_record))
        except EuchreError as error:
            raise TournamentError(
                f"round {penalty.round} table {penalty.table}: the penalty's hand "
                f"record cannot be read: {error}"
            ) from None
    # A hand record shows the lone call itself: no separate lone-hand flag is needed, and
    # the dealer's own loner is told from the opposition's.
    lone_team = lone_team_of(record) if record is not None else None
    if lone_team is None and penalty.lone_caller_id is not None:
        lone_team = seat_of(seating, penalty.lone_caller_id) % 2
    if irregularity is Irregularity.RENEGE:
        proven = penalty.proven
        if proven is None and record is not None:
            check = check_renege(record, seat)
            proven = check.proven
            explanation_prefix = f"{check.explanation}; "
            if check.seat is not None:
                # Two reneges in one trick (sheet 004): the first one takes the penalty.
                offending_team = check.seat % 2
                lone_team = check.lone_team
        if proven is None:
            raise TournamentError(
                f"round {penalty.round} table {penalty.table}: a renege by "
                f"{penalty.offender_id!r} needs proven true/false or the hand record"
            )
        if not proven:
            # The falsely accused team scores; the accusers are the "offenders".
            irregularity = Irregularity.RENEGE_UNPROVEN
            offending_team = 1 - offending_team
    warned = penalty.warned
    if warned is None:
        warned = any(
            other.kind == penalty.kind
            and (
                other.offender_id == penalty.offender_id
                or (
                    other.round == penalty.round
                    and other.table == penalty.table
                    and other.offender_id in seating.players
                    and seat_of(seating, other.offender_id) % 2 == seat % 2
                )
            )
            for other in earlier
        )
    ruling = adjudicate(
        profile,
        irregularity,
        offending_team=offending_team,
        lone_hand=penalty.lone_hand,
        lone_team=lone_team,
        warned=warned,
    )
    team_points = ruling.team_points
    outcome = ruling.outcome.value
    if irregularity is Irregularity.BID_OUT_OF_TURN and penalty.choice == "void_and_call_alone":
        # The non-offending team chose to void the bid and call alone: no penalty points,
        # the hand is scored as played (its points are in the table's result).
        team_points = (0, 0)
        outcome = "void_and_call_alone"
    elif penalty.choice not in (None, "points"):
        raise TournamentError(
            f"round {penalty.round} table {penalty.table}: choice {penalty.choice!r} is not "
            "'points' or 'void_and_call_alone'"
        )
    return PenaltyRuling(
        round=penalty.round,
        table=penalty.table,
        kind=penalty.kind,
        offender_id=penalty.offender_id,
        team_points=team_points,
        outcome=outcome,
        clause=f"{explanation_prefix}{ruling.explanation} ({ruling.source})",
        offenders_score_nothing=ruling.offenders_score_nothing,
        covered=ruling.covered,
    )


def lone_caller_problem(penalty: PenaltyRecord, seating: TableSeating) -> str | None:
    """Why a new penalty cannot be scored as entered, or ``None``: a dealer failing to
    discard on a lone hand scores more only when the lone call was the opposition's (sheet
    004: "4 points if lone hand was called by opposition"), so the entry must name who called
    alone (or carry the hand record, which shows it); a named lone caller must play at the
    table. Checked when a penalty is entered (web, API and command line alike), never on
    penalties already recorded."""
    caller = penalty.lone_caller_id
    if caller is not None and caller not in seating.players:
        return (
            f"the lone caller {caller!r} does not play at round {penalty.round} table "
            f"{penalty.table}"
        )
    if (
        penalty.kind is PenaltyKind.DEALER_FAILS_TO_DISCARD
        and penalty.lone_hand
        and caller is None
        and penalty.hand_record is None
    ):
        return (
            "a dealer failing to discard on a lone hand: say who called alone (the opposition "
            "scores the lone-hand penalty only when the lone call was theirs, the plain one "
            "when it was the dealer's own side's)"
        )
    return None


def deal_named_problem(
    ruling: PenaltyRuling,
    penalty: PenaltyRecord,
    result: TableResult | None,
    sheet: str,
    held: Sequence[int | None] = (),
) -> str | None:
    """Why a "no points for that deal to the offending team" ruling (Ballantrae General Rules
    9) cannot be applied, or ``None``: the penalty must name its deal (hand number), and a
    recorded result must list that deal's points, else the offenders would silently keep
    them. Only a deal scored as played has points of its own to take away.

    A ruling that ends the hand, once the table's ``result`` lists its hands, must name the
    hand too: its points are that hand's (the one ledger,
    :func:`euchre.tournament.ledger.table_ledger`), and a ruling naming none would leave the
    hand's points beside its own."""
    if ruling.outcome in ENDS_THE_HAND:
        return _ended_hand_problem(penalty, result, held)
    if not ruling.offenders_score_nothing or ruling.outcome != "score_as_played":
        return None
    if penalty.hand_number is None:
        return (
            f"the {sheet} sheet gives the offending team no points for that deal: name the "
            "deal (hand number)"
        )
    if result is None:
        return None  # checked against the deals once the table's result lists them
    listed = len(result.hand_points)
    if not 1 <= penalty.hand_number <= listed:
        where = f"round {penalty.round} table {penalty.table}"
        return (
            f"hand {penalty.hand_number}: the result of {where} lists {listed} deal(s); "
            "correct the result with each deal's points first, so that the offending team's "
            "points of that deal can be taken away"
        )
    return None


def _ended_hand_problem(
    penalty: PenaltyRecord, result: TableResult | None, held: Sequence[int | None]
) -> str | None:
    """``held``: the hands the table's earlier hand-ending rulings name (None: one naming
    no hand, which takes a 0-0 hand)."""
    if result is None or not result.hand_points:
        return None
    where = f"round {penalty.round} table {penalty.table}"
    listed = len(result.hand_points)
    kind = penalty.kind.replace("_", " ")
    named = {number for number in held if number is not None}
    zeros = [
        number
        for number, hand in enumerate(result.hand_points, start=1)
        if not any(hand) and number not in named
    ]
    free_zero = len(zeros) > sum(1 for number in held if number is None)
    if penalty.hand_number is None and not free_zero:
        return (
            f"{where} was scored hand by hand ({listed} hands): name the hand (hand number) "
            f"the {kind} ended, so that the ruling's points replace that hand's points "
            "instead of being added to them"
        )
    if penalty.hand_number is not None and not 1 <= penalty.hand_number <= listed:
        return f"hand {penalty.hand_number}: the result of {where} lists {listed} hand(s)"
    return None


# --- a ruled hand's points are the ruling's ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuledHand:
    """One ruling of a table as score entry sees it: the hand it names (``number``; None
    when the director named none), the irregularity in words, whether the ruling ends the
    hand (its points are then the hand's only points: the hand is written 0-0), whether it
    takes the offenders' points of a hand scored as played (Ballantrae's renege) and whether
    it has points at all (then totals alone could hide it: the one ledger,
    :mod:`euchre.tournament.ledger`)."""

    number: int | None
    kind: str
    ends_the_hand: bool
    offenders_score_nothing: bool
    has_points: bool = True


def ruled_hands_of(
    profile: RuleProfile, seating: TableSeating, records: Sequence[PenaltyRecord]
) -> tuple[RuledHand, ...]:
    """The rulings of one table's penalties (``records``, in the order recorded) that name a
    hand, end one or have points. A penalty the core cannot score is left out (the
    dashboard reports it)."""
    ruled: list[RuledHand] = []
    for index, record in enumerate(records):
        try:
            ruling = rule_on_penalty(profile, record, seating, records[:index])
        except EuchreError:
            continue
        ends = ruling.outcome in ENDS_THE_HAND
        has_points = any(ruling.team_points) or ruling.offenders_score_nothing
        if record.hand_number is None and not ends and not has_points:
            continue
        ruled.append(
            RuledHand(
                number=record.hand_number,
                kind=record.kind.replace("_", " "),
                ends_the_hand=ends,
                offenders_score_nothing=not ends and ruling.offenders_score_nothing,
                has_points=has_points,
            )
        )
    return tuple(ruled)


def check_ruled_hands(
    profile: RuleProfile,
    result: TableResult,
    ruled: Sequence[RuledHand],
    *,
    totals_alone: bool = False,
) -> None:
    """The one rule of a ruled hand, wherever a score is typed (a phone, the director's
    correction, the command line): a ruled hand's points are the ruling's. Raises
    :class:`ResultError` naming the hand when ``result`` would count them twice or keep a
    hand's points beside the ruling's: totals alone once the director ruled with points at
    the table (from a phone), points on a hand a ruling ended, a hand-ending ruling naming no
    hand with no 0-0 hand left for it. Under stick the dealer every hand gives points to one
    team, so a 0-0 hand is refused unless a ruling is there for it. (A ruling recorded after
    the score replaces that hand's points: :func:`~euchre.tournament.ledger.table_ledger`.)
    ``totals_alone``: the director may record a paper sheet's totals alone, saying whether
    they hold the rulings' points; a phone may not."""
    if not result.hand_points and totals_alone:
        return
    if not result.hand_points:
        counted = [hand for hand in ruled if hand.has_points or hand.ends_the_hand]
        if counted:
            hand = counted[0]
            if hand.number is None:
                how = (
                    "the hand it ended as 0-0"
                    if hand.ends_the_hand
                    else "every hand as it was played"
                )
                where = f"the director ruled on a {hand.kind} at this table"
            else:
                how = f"hand {hand.number} " + (
                    "as 0-0" if hand.ends_the_hand else "as it was played"
                )
                where = f"the director ruled on hand {hand.number} ({hand.kind})"
            raise ResultError(
                f"{where}: enter the score hand by hand, with {how}, so that the ruling's "
                "points are counted once (totals alone could already hold them)",
                field="team_points.0",
            )
        return
    # A 0-0 hand another ruling does not already hold: one for each ruling naming no hand.
    holding = {
        hand.number
        for hand in ruled
        if hand.number is not None and (hand.ends_the_hand or hand.offenders_score_nothing)
    }
    zero = [
        number
        for number, points in enumerate(result.hand_points, start=1)
        if not any(points) and number not in holding
    ]
    unnamed = [hand for hand in ruled if hand.number is None and hand.ends_the_hand]
    if len(unnamed) > len(zero):
        hand = unnamed[len(zero)]
        raise ResultError(
            f"the director ruled on a {hand.kind} at round {result.round} table "
            f"{result.table} without naming the hand: write the hand it ended as 0-0 (the "
            "ruling's points are that hand's points)",
            field="hand_points",
        )
    ending = sorted(
        (hand.number, hand) for hand in ruled if hand.number is not None and hand.ends_the_hand
    )
    for number, hand in ending:
        if 1 <= number <= len(result.hand_points) and any(result.hand_points[number - 1]):
            raise ResultError(
                f"the director ruled on hand {number} ({hand.kind}): write hand {number} as "
                "0-0; the ruling's points are that hand's points",
                field=f"hand_points.{number}",
            )
    if profile.all_pass != "stick_the_dealer":
        return
    for number in zero[len(unnamed) :]:
        raise ResultError(
            f"hand {number} is 0-0, but with stick the dealer every hand gives points to "
            f"one team; only a hand the director rules on is written 0-0: enter hand "
            f"{number}'s points, or ask the director to record his ruling on hand {number}",
            field=f"hand_points.{number}",
        )


_NOTE_WORDS = {
    PenaltyKind.RENEGE: "a renege",
    PenaltyKind.BID_OUT_OF_TURN: "a bid out of turn",
    PenaltyKind.LEAD_OUT_OF_TURN: "a lead out of turn",
    PenaltyKind.DEALER_FAILS_TO_DISCARD: "a dealer failing to discard",
    PenaltyKind.TABLE_TALK: "table talk",
    PenaltyKind.RENEGE_UNPROVEN: "a renege claim that is not proven",
}
"""The irregularities a table is told about on its phone, in the phone's words."""


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def ruled_hand_note(profile: RuleProfile) -> str:
    """What a table writes for a hand the director rules on, from the profile's own rulings:
    0-0 where the ruling ends the hand, the hand as played where the sheet plays it out (the
    tournament sheet's table talk and unproven renege claim), as the director says where the
    sheet leaves it to him. The sentence on the phone's score form."""
    ends: list[str] = []
    played: list[str] = []
    uncovered = False
    for kind, words in _NOTE_WORDS.items():
        ruling = adjudicate(profile, kind.irregularity, offending_team=0, warned=True)
        if ruling.outcome in ENDS_THE_HAND:
            ends.append(words)
        elif ruling.outcome in (HandOutcome.CONTINUE, HandOutcome.SCORE_AS_PLAYED):
            if any(ruling.team_points):
                played.append(words)
        else:
            # Not on this sheet: the phone does not name another sheet's irregularity (a
            # Bolivar table is never told about "a dealer failing to discard").
            uncovered = True
    parts = []
    if ends:
        parts.append(f"after {_listed(ends)}, write that hand 0–0")
    if played:
        parts.append(f"after {_listed(played)}, the hand is played out: write it as played")
    if uncovered:
        parts.append("after anything else" if parts else "whatever happened")
        parts[-1] += ", write the hand as the director says"
    return (
        f"If the director is called to rule on a hand: {'; '.join(parts)}. The director "
        "records the penalty points, which are added to your totals once."
    )


# --- a game the penalties made level -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LevelGame:
    """A main-round game level with the director's penalties (``points`` each) that does not
    say who reached the tying score first: the tournament sheet's "Ties go to the first team
    to make the tying score" needs the director's answer before the next round is seated.
    ``penalty_points`` is what the rulings changed in the table's totals."""

    round: int
    table: int
    points: int
    partnerships: tuple[tuple[str, ...], tuple[str, ...]]
    penalty_points: tuple[int, int]

    @property
    def question(self) -> str:
        """The director's question, in the dashboard's words."""
        return (
            f"Table {self.table} is level {self.points}–{self.points} after a penalty: who "
            f"reached {self.points} first?"
        )


def open_questions(inputs: EventInputs, snapshot: EventSnapshot) -> tuple[OpenQuestion, ...]:
    """Every question the director must answer before a main-round game counts for good
    (:func:`~euchre.tournament.ledger.table_ledger`): a ruling beside totals only, a ruling
    whose hand is not known, and, once those are answered, a game the ledger scores level
    with nobody named first to the tying score. Each holds the close of its round and the
    start of the next."""
    profile = load_profile(inputs.config.profile_id)
    questions: list[OpenQuestion] = []
    plans = {plan.round: plan for plan in snapshot.rounds if plan.stage == "main"}
    for result in inputs.results:
        plan = plans.get(result.round)
        seating = None if plan is None else plan.table(result.table)
        if result.stage != "main" or seating is None:
            continue
        key = (result.round, result.table)
        rulings = [r for r in snapshot.penalties if (r.round, r.table) == key]
        records = [p for p in inputs.penalties if (p.round, p.table) == key]
        ledger = table_ledger(result, rulings, records, seating, profile)
        if ledger.questions:
            questions += ledger.questions
            continue
        scored = ledger.points
        if result.first_to_tying_score is None and scored[0] == scored[1] > 0:
            questions.append(
                OpenQuestion(
                    kind=QuestionKind.LEVEL_GAME,
                    round=result.round,
                    table=result.table,
                    partnerships=seating.partnerships,
                    points=scored,
                    totals=result.team_points,
                )
            )
    return tuple(sorted(questions, key=lambda question: (question.round, question.table)))


def level_games_to_settle(inputs: EventInputs, snapshot: EventSnapshot) -> tuple[LevelGame, ...]:
    """Every main-round game of ``inputs`` that ``snapshot`` (its computation) scores level
    with the penalties (counted by the one ledger) and that names nobody as first to the
    tying score: the movement cannot tell its winner."""
    return tuple(
        LevelGame(
            round=question.round,
            table=question.table,
            points=question.points[0],
            partnerships=question.partnerships,
            penalty_points=(
                question.points[0] - question.totals[0],
                question.points[1] - question.totals[1],
            ),
        )
        for question in open_questions(inputs, snapshot)
        if question.kind is QuestionKind.LEVEL_GAME
    )
