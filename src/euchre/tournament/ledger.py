"""One ledger for a game's points: a game's points are its hands, and each hand's points come
from exactly one source, the table's line or the director's ruling.

:func:`table_ledger` is the one rule every page, the standings, the movement, the command line
and the API count a table's game by (docs/scores.md, "One ledger for a game's points"):

- **Hand by hand**: a ruling that ends a hand (``hand_over``, ``deal_passes``) replaces that
  hand's points, whether the score or the ruling came first; a ruling that takes the offenders'
  points of a deal scored as played (Ballantrae's renege) replaces that side's points; a
  ruling played out beside the hand (table talk, an unproven renege claim) adds its points.
  A hand-ending ruling that names no hand takes a hand the table wrote 0-0 that no other
  ruling names (under stick the dealer only a ruled hand is 0-0); with none free, which hand it
  ended is an open question and the ruling waits. A lone hand of five tricks a ruling took
  over is no lone hand any more: its caller loses the lone hand and his 5/4 point.
- **Totals only**: the totals are one block. A ruling with points cannot be added to them
  silently: the director says whether the totals already hold it (``PenaltyRecord.in_totals``
  True: nothing added; False: the table wrote that hand 0-0, the ruling's points are added).
  Until he says, the question is open and the ruling waits.

Any open question (a ruling waiting, or a game the ledger scores level with nobody named
first to the tying score) holds the close of its round and the start of the next one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from euchre.engine.irregularities import HandOutcome
from euchre.engine.profile import RuleProfile
from euchre.tournament.model import PenaltyRecord, PenaltyRuling, TableResult, TableSeating

__all__ = [
    "ENDS_THE_HAND",
    "HandSource",
    "OpenQuestion",
    "QuestionKind",
    "TableLedger",
    "table_ledger",
]

ENDS_THE_HAND = (HandOutcome.HAND_OVER.value, HandOutcome.DEAL_PASSES.value)
"""Ruling outcomes after which the hand is not scored as played: the ruling's points are the
hand's only points, so the table writes that hand 0-0."""


class QuestionKind(StrEnum):
    """What the director is asked before a table's game can be counted for good."""

    TOTALS_HOLD_RULING = "totals_hold_ruling"
    """A score of totals only and a ruling with points: do the totals already hold it?"""
    RULING_HAND = "ruling_hand"
    """A hand-ending ruling that names no hand, at a table whose hands have no 0-0 hand."""
    LEVEL_GAME = "level_game"
    """A game level with the penalties: who reached the tying score first?"""


class HandSource(StrEnum):
    """Where one hand's points come from."""

    TABLE = "table"
    RULING = "ruling"


@dataclass(frozen=True, slots=True)
class OpenQuestion:
    """One question the director must answer before a table's game counts for good.
    ``penalty`` is the position of the ruling concerned among the table's penalties in the
    order recorded (None for a level game); ``points`` the ruling's points per side (for a
    level game: the level score on both sides)."""

    kind: QuestionKind
    round: int
    table: int
    partnerships: tuple[tuple[str, ...], tuple[str, ...]]
    points: tuple[int, int]
    totals: tuple[int, int]
    penalty: int | None = None
    irregularity: str = ""

    def text(self, names: Mapping[str, str] | None = None) -> str:
        """The question in the director's words (``names``: player id -> name)."""
        teams = [
            " & ".join((names or {}).get(player, player) for player in pair)
            for pair in self.partnerships
        ]
        if self.kind is QuestionKind.LEVEL_GAME:
            level = self.points[0]
            return (
                f"Table {self.table} is level {level}–{level} after a penalty: who reached "
                f"{level} first?"
            )
        paid = " and ".join(
            f"{points} to {teams[side]}" for side, points in enumerate(self.points) if points
        )
        if self.kind is QuestionKind.RULING_HAND:
            return (
                f"Table {self.table}: the ruling on a {self.irregularity} ({paid or 'no points'}) "
                "names no hand, and the table's hands have no 0–0 hand for it: which hand did "
                "it end?"
            )
        return (
            f"Table {self.table} sent its totals only ({self.totals[0]}–{self.totals[1]}), "
            f"and the director ruled on a {self.irregularity} ({paid or 'no points'}): do "
            f"{self.totals[0]}–{self.totals[1]} already hold the ruling's points?"
        )


@dataclass(frozen=True, slots=True)
class TableLedger:
    """One table's game as counted: ``points`` per side with the rulings (what the standings,
    the movement and every page count), ``penalty_points`` what the rulings changed in the
    table's totals, ``sources`` where each listed hand's points come from, ``questions`` what
    the director must still answer (their rulings are not counted meanwhile), and what the
    rulings took from the players: ``own_removed`` (a 5/4 lone march's extra points) and
    ``lone_hands_removed`` (a lone hand a ruling took over)."""

    points: tuple[int, int]
    penalty_points: tuple[int, int]
    sources: tuple[HandSource, ...] = ()
    questions: tuple[OpenQuestion, ...] = ()
    own_removed: Mapping[str, int] = field(default_factory=dict)
    lone_hands_removed: Mapping[str, int] = field(default_factory=dict)
    counted: tuple[bool, ...] = ()
    """Per ruling (in the order recorded): whether its points are in ``points``."""

    def player_points(self, result: TableResult, player: str, side: int) -> int:
        """``player``'s own points of the game (the team's, or his 5/4 own total), with the
        rulings."""
        own = result.player_points.get(player, result.team_points[side])
        return own + self.penalty_points[side] - self.own_removed.get(player, 0)

    def lone_hands(self, result: TableResult, player: str) -> int:
        """``player``'s lone hands made in the game, less those a ruling took over."""
        return result.lone_hands.get(player, 0) - self.lone_hands_removed.get(player, 0)

    @property
    def settled(self) -> bool:
        """No question is open."""
        return not self.questions


def _has_points(ruling: PenaltyRuling) -> bool:
    return any(ruling.team_points) or ruling.offenders_score_nothing


def table_ledger(
    result: TableResult,
    rulings: Sequence[PenaltyRuling],
    records: Sequence[PenaltyRecord],
    seating: TableSeating,
    profile: RuleProfile | None = None,
) -> TableLedger:
    """The table's game counted by the one rule (see the module): ``rulings`` paired with
    their ``records`` in the order recorded; ``profile`` gives a lone march's value and its
    5/4 own points (None: nothing is taken from the players)."""
    added = [0, 0]
    removed = [0, 0]
    counted: list[bool] = []
    questions: list[OpenQuestion] = []
    hands = result.hand_points
    sources = [HandSource.TABLE] * len(hands)
    taken: set[tuple[int, int]] = set()
    named = {
        record.hand_number
        for ruling, record in zip(rulings, records, strict=False)
        if record.hand_number is not None
        and 1 <= record.hand_number <= len(hands)
        and (ruling.outcome in ENDS_THE_HAND or ruling.offenders_score_nothing)
    }
    free_zero = [
        number
        for number, hand in enumerate(hands, start=1)
        if not any(hand) and number not in named
    ]
    for position, (ruling, record) in enumerate(zip(rulings, records, strict=False)):

        def ask(kind: QuestionKind, ruling: PenaltyRuling = ruling, at: int = position) -> None:
            questions.append(
                OpenQuestion(
                    kind=kind,
                    round=result.round,
                    table=result.table,
                    partnerships=seating.partnerships,
                    points=ruling.team_points,
                    totals=result.team_points,
                    penalty=at,
                    irregularity=ruling.kind.replace("_", " "),
                )
            )
            counted.append(False)

        if not hands:
            if not _has_points(ruling):
                counted.append(True)
                continue
            if record.in_totals is True:
                counted.append(False)  # the table's totals already hold it
                continue
            if record.in_totals is None:
                ask(QuestionKind.TOTALS_HOLD_RULING)
                continue
            added = [added[side] + ruling.team_points[side] for side in (0, 1)]
            counted.append(True)
            continue
        number = record.hand_number
        ends = ruling.outcome in ENDS_THE_HAND
        if number is None and ends:
            if not free_zero:
                ask(QuestionKind.RULING_HAND)
                continue
            number = free_zero.pop(0)
        added = [added[side] + ruling.team_points[side] for side in (0, 1)]
        counted.append(True)
        if number is None or not 1 <= number <= len(hands):
            continue
        if ends:
            sides: tuple[int, ...] = (0, 1)
        elif ruling.offenders_score_nothing:
            sides = (0 if record.offender_id in seating.partnerships[0] else 1,)
        else:
            continue
        for side in sides:
            if (number, side) in taken:
                continue
            taken.add((number, side))
            removed[side] += hands[number - 1][side]
            if hands[number - 1][side]:
                sources[number - 1] = HandSource.RULING
    own_removed, lone_removed = _lone_marches_taken(result, seating, profile, taken, records)
    penalty = (added[0] - removed[0], added[1] - removed[1])
    return TableLedger(
        points=(result.team_points[0] + penalty[0], result.team_points[1] + penalty[1]),
        penalty_points=penalty,
        sources=tuple(sources),
        questions=tuple(questions),
        own_removed=own_removed,
        lone_hands_removed=lone_removed,
        counted=tuple(counted),
    )


def _lone_marches_taken(
    result: TableResult,
    seating: TableSeating,
    profile: RuleProfile | None,
    taken: set[tuple[int, int]],
    records: Sequence[PenaltyRecord],
) -> tuple[dict[str, int], dict[str, int]]:
    """The lone marches a ruling took over (a hand replaced on the side that made it, worth
    a lone march), per caller: his 5/4 extra point and the lone hand. Only where the side's
    lone marches account for every hand of that value (otherwise the hand may have been
    another 4-point outcome); the caller is the side's only one with a lone march left, else
    the penalty's named lone caller, else the first listed."""
    own: dict[str, int] = {}
    lone: dict[str, int] = {}
    if profile is None or not result.lone_marches:
        return own, lone
    march = profile.points_lone_march
    named_callers = [record.lone_caller_id for record in records if record.lone_caller_id]
    for side, pair in enumerate(seating.partnerships):
        valued = [n for n, hand in enumerate(result.hand_points, start=1) if hand[side] == march]
        left = {player: result.lone_marches.get(player, 0) for player in pair}
        if not valued or sum(left.values()) != len(valued):
            continue
        for number in valued:
            if (number, side) not in taken:
                continue
            callers = [player for player in pair if left[player] > 0]
            named = [player for player in callers if player in named_callers]
            caller = callers[0] if len(callers) == 1 or not named else named[0]
            left[caller] -= 1
            lone[caller] = lone.get(caller, 0) + 1
            if profile.individual_scoring:
                own[caller] = own.get(caller, 0) + profile.individual_lone_march_maker - march
                for partner in pair:
                    if partner != caller:
                        own[partner] = (
                            own.get(partner, 0) + profile.individual_lone_march_partner - march
                        )
    return own, lone
