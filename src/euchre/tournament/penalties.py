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
from euchre.engine.irregularities import Irregularity, adjudicate, check_renege, lone_team_of
from euchre.engine.profile import RuleProfile
from euchre.engine.record import HandRecord
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import (
    PENALTY_KINDS,
    PenaltyKind,
    PenaltyRecord,
    PenaltyRuling,
    TableResult,
    TableSeating,
)

__all__ = [
    "PENALTY_ROLES",
    "PenaltyRole",
    "deal_named_problem",
    "penalty_role",
    "rule_on_penalty",
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


def penalty_role(kind: str) -> PenaltyRole:
    """The role of the named player for ``kind`` (raises for an unknown kind)."""
    if kind not in PENALTY_ROLES:
        raise TournamentError(f"unknown irregularity {kind!r}; known: {', '.join(PENALTY_KINDS)}")
    return PENALTY_ROLES[kind]


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


def deal_named_problem(
    ruling: PenaltyRuling, penalty: PenaltyRecord, result: TableResult | None, sheet: str
) -> str | None:
    """Why a "no points for that deal to the offending team" ruling (Ballantrae General Rules
    9) cannot be applied, or ``None``: the penalty must name its deal (hand number), and a
    recorded result must list that deal's points, else the offenders would silently keep
    them. Only a deal scored as played has points of its own to take away."""
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
