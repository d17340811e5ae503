"""One ledger for a game's points: whatever order a night's score entries come in (the
table's hand lines or totals only, the director's rulings with or without a hand number, his
answers, corrections from the paper sheet), every hand is counted once and none is lost.

A simulated night at one sheet-004 table: the game as played (eight hands, lone hands of
five tricks among them), the director's rulings on it (hand-ending ones, table talk, an
unproven renege claim), and each person doing what the sheet and the pages tell him, in an
order Hypothesis draws. The table writes a ruled hand 0-0 once it knows of the ruling; a
table that sent totals may have written a ruled hand as played, 0-0 or with the ruling's
points in it, and the director, asked, answers truthfully (or corrects the score hand by
hand). The final standings must be the game's true points, the same for every order.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.engine.profile import load_profile
from euchre.tournament import (
    Entrant,
    EventInputs,
    PenaltyRecord,
    SeatingOverride,
    TableResult,
    TableSeating,
    compute_event,
    preset_config,
)
from euchre.tournament.errors import TournamentConflictError
from euchre.tournament.ledger import QuestionKind
from euchre.tournament.operations import PenaltyEntryError, check_penalty, table_result
from euchre.tournament.penalties import check_ruled_hands, open_questions, ruled_hands_of
from euchre.tournament.validation import ResultError, complete_result

CONFIG = preset_config("tournament", rounds=1, seed=1)
PROFILE = load_profile(CONFIG.profile_id)
SEATING = TableSeating(1, (("A", "B"), ("C", "D")))
ENTRANTS = tuple(Entrant(player, player) for player in "ABCD")
NAMES = {player: player for player in "ABCD"}
SIDE = {"A": 0, "B": 0, "C": 1, "D": 1}


@dataclass(frozen=True)
class Ruling:
    """A ruling of the night: ``kind`` at ``hand`` against ``offender``; ``ends`` the hand
    (lead out of turn) or played out beside it (table talk, an unproven renege claim)."""

    kind: str
    offender: str
    hand: int
    ends: bool

    @property
    def paid(self) -> tuple[int, int]:
        """The ruling's points per side (2 to the other side; an unproven claim pays the
        accused, here the offender named, per the penalty form's roles)."""
        side = SIDE[self.offender]
        gets = side if self.kind == "renege" else 1 - side
        return (2, 0) if gets == 0 else (0, 2)

    def record(self, named: bool) -> PenaltyRecord:
        """The director's record of it (with its hand number when ``named``)."""
        return PenaltyRecord(
            1,
            1,
            self.kind,
            self.offender,
            hand_number=self.hand if named or not self.ends else None,
            proven=False if self.kind == "renege" else None,
            warned=True if self.kind == "table_talk" else None,
        )


@dataclass
class Night:
    """The game as played, and the state of the records as the night goes on."""

    hands: list[tuple[int, int]]
    marches: dict[int, str]
    rulings: list[Ruling]
    in_paper: dict[int, str]
    """How a table's totals wrote each ruling it did not know of yet: ``played``, ``zero``
    or ``ruling`` (an ending ruling), ``left_out`` or ``ruling`` (one played out)."""
    result: TableResult | None = None
    records: dict[int, PenaltyRecord] = field(default_factory=dict)
    held_in: dict[int, str] = field(default_factory=dict)

    def penalties(self) -> list[PenaltyRecord]:
        return [self.records[index] for index in sorted(self.records)]

    def inputs(self) -> EventInputs:
        results = () if self.result is None else (self.result,)
        overrides = (SeatingOverride(1, (SEATING,)),)
        return EventInputs(CONFIG, ENTRANTS, results, tuple(self.penalties()), overrides)

    def ended(self, number: int) -> bool:
        """Whether a recorded ruling ended hand ``number``."""
        return any(
            self.rulings[index].ends and self.rulings[index].hand == number
            for index in self.records
        )

    def hand_lines(self) -> TableResult:
        """The table's hand-by-hand score: a hand whose ruling it knows of is 0-0."""
        hands = tuple((0, 0) if self.ended(n) else hand for n, hand in enumerate(self.hands, 1))
        marches: dict[str, int] = {}
        for number, caller in self.marches.items():
            if any(hands[number - 1]):
                marches[caller] = marches.get(caller, 0) + 1
        totals = (sum(h[0] for h in hands), sum(h[1] for h in hands))
        return TableResult(1, 1, totals, hand_points=hands, hands_played=8, lone_marches=marches)

    def paper_totals(self) -> TableResult:
        """A score of totals only: each ruling written as ``in_paper`` says, and the
        director's answer kept for when he is asked."""
        totals = [0, 0]
        marches: dict[str, int] = {}
        for number, hand in enumerate(self.hands, 1):
            ending = [i for i, r in enumerate(self.rulings) if r.ends and r.hand == number]
            how = self.in_paper[ending[0]] if ending else "played"
            if how == "played":
                totals = [totals[0] + hand[0], totals[1] + hand[1]]
                if number in self.marches:
                    caller = self.marches[number]
                    marches[caller] = marches.get(caller, 0) + 1
        for index, ruling in enumerate(self.rulings):
            self.held_in[index] = self.in_paper[index]
            if self.in_paper[index] == "ruling":
                totals = [totals[side] + ruling.paid[side] for side in (0, 1)]
        first = 0 if totals[0] == totals[1] else None
        return TableResult(
            1, 1, (totals[0], totals[1]), lone_marches=marches, first_to_tying_score=first
        )


def _phone(night: Night, result: TableResult) -> None:
    """A table's score through the phone's one rule (refused: raises)."""
    check_ruled_hands(PROFILE, result, ruled_hands_of(PROFILE, SEATING, night.penalties()))
    night.result = complete_result(CONFIG, result, SEATING, NAMES)


def _director(night: Night, result: TableResult, answer: bool | None = None) -> None:
    """The director enters (or corrects) the score; ``answer``: totals alone hold the
    rulings' points."""
    inputs = night.inputs()
    try:
        entered = table_result(
            CONFIG,
            result,
            SEATING,
            NAMES,
            night.penalties(),
            recorded=night.result,
            reason="from the paper sheet",
            state=lambda: (inputs, compute_event(inputs)),
            rulings_in_totals=answer,
        )
    except TournamentConflictError:
        return  # nothing changed
    except ResultError:
        if result.hand_points:
            raise
        _director(night, night.hand_lines())  # totals the rules refuse: the hands instead
        return
    night.result = entered
    if not result.hand_points and answer is not None:
        for index, record in night.records.items():
            if any(night.rulings[index].paid):
                night.records[index] = replace(record, in_totals=answer)


def _answer(how: str) -> bool | None:
    """The truthful answer to "do the totals hold the ruling?" (None: they hold the hand as
    played, so the director corrects the score hand by hand instead)."""
    return {"ruling": True, "zero": False, "left_out": False}.get(how)


def _table_sends_totals(night: Night) -> None:
    if night.records:
        # The phone refuses totals once the director ruled: the table sends its hands.
        try:
            _phone(night, night.paper_totals())
        except ResultError:
            _phone(night, night.hand_lines())
            return
        raise AssertionError("the phone took totals beside a ruling")
    try:
        _phone(night, night.paper_totals())
    except ResultError:
        # Totals no game of eight hands reaches (a ruled hand written 0-0): hand by hand.
        _phone(night, night.hand_lines())


def _record_ruling(night: Night, index: int, named: bool, answer_now: bool) -> None:
    ruling = night.rulings[index]
    record = ruling.record(named)
    scores = [] if night.result is None else [night.result]
    try:
        check_penalty(CONFIG, record, SEATING, NAMES, scores, night.penalties())
    except PenaltyEntryError:  # a refusal asking for the hand: the director names it
        record = ruling.record(True)
        check_penalty(CONFIG, record, SEATING, NAMES, scores, night.penalties())
    totals_alone = night.result is not None and not night.result.hand_points
    if totals_alone and answer_now:
        record = replace(record, in_totals=_answer(night.held_in.get(index, "zero")))
    night.records[index] = record
    if totals_alone and answer_now and record.in_totals is None:
        _director(night, night.hand_lines())


def _correct_from_paper(night: Night, totals: bool) -> None:
    if night.result is None:
        return
    if not totals:
        _director(night, night.hand_lines())
        return
    paper = night.paper_totals()
    answers = {_answer(night.held_in[i]) for i in night.records if any(night.rulings[i].paid)}
    if len(answers) == 1 and None not in answers:
        _director(night, paper, answers.pop())
    elif not answers:
        _director(night, paper)
    else:
        _director(night, night.hand_lines())  # no one answer fits: the hands, from the sheet


def _settle(night: Night) -> None:
    """The director answers every open question truthfully."""
    for _ in range(10):
        inputs = night.inputs()
        questions = open_questions(inputs, compute_event(inputs))
        if not questions:
            return
        question = questions[0]
        assert night.result is not None
        if question.kind is QuestionKind.LEVEL_GAME:
            night.result = replace(night.result, first_to_tying_score=0)
        elif question.kind is QuestionKind.TOTALS_HOLD_RULING:
            index = sorted(night.records)[question.penalty or 0]
            answer = _answer(night.held_in.get(index, "zero"))
            if answer is None:
                _director(night, night.hand_lines())
            else:
                night.records[index] = replace(night.records[index], in_totals=answer)
        else:
            index = sorted(night.records)[question.penalty or 0]
            named = night.rulings[index].hand
            night.records[index] = replace(night.records[index], hand_number=named)
    raise AssertionError("questions keep coming")


@st.composite
def nights(draw: st.DrawFn) -> tuple[Night, list[tuple[str, int, bool, bool]]]:
    """A game, its rulings, and the night's entries in a drawn order."""
    hands: list[tuple[int, int]] = []
    marches: dict[int, str] = {}
    # One lone caller per side (two partners' lone hands, one taken over by a ruling, are
    # told apart by a correction hand by hand: docs/scores.md).
    callers = [draw(st.sampled_from(pair)) for pair in SEATING.partnerships]
    for number in range(1, 9):
        side = draw(st.integers(0, 1))
        points = draw(st.sampled_from((1, 1, 2, 4)))
        hands.append((points, 0) if side == 0 else (0, points))
        if points == 4:
            marches[number] = callers[side]
    ended = draw(st.lists(st.integers(1, 8), unique=True, max_size=2))
    rulings = [
        Ruling("lead_out_of_turn", draw(st.sampled_from("ABCD")), number, True) for number in ended
    ]
    for kind in draw(st.lists(st.sampled_from(("table_talk", "renege")), max_size=2)):
        # Played out beside a hand, possibly one a hand-ending ruling also names.
        hand = draw(st.sampled_from(ended) if ended and draw(st.booleans()) else st.integers(1, 8))
        rulings.append(Ruling(kind, draw(st.sampled_from("ABCD")), hand, False))
    in_paper = {
        index: draw(
            st.sampled_from(("played", "zero", "ruling") if r.ends else ("left_out", "ruling"))
        )
        for index, r in enumerate(rulings)
    }
    entries = [("totals" if draw(st.booleans()) else "hands", 0, False, False)]
    entries += [
        ("ruling", index, draw(st.booleans()), draw(st.booleans())) for index in range(len(rulings))
    ]
    entries += [("correct", 0, draw(st.booleans()), False) for _ in range(draw(st.integers(0, 2)))]
    order = draw(st.permutations(entries))
    return Night(hands, marches, rulings, in_paper), list(order)


def _expected(night: Night) -> dict[str, int]:
    """The game's true points: every hand once, a ruled hand by its ruling only; a lone
    hand of five tricks pays its caller 5 (his partner 4) unless a ruling took it over."""
    team = [0, 0]
    bonus = dict.fromkeys("ABCD", 0)
    ended = {r.hand for r in night.rulings if r.ends}
    for number, hand in enumerate(night.hands, 1):
        if number in ended:
            continue
        team = [team[0] + hand[0], team[1] + hand[1]]
        if number in night.marches:
            bonus[night.marches[number]] += 1
    for ruling in night.rulings:
        team = [team[side] + ruling.paid[side] for side in (0, 1)]
    return {player: team[SIDE[player]] + bonus[player] for player in "ABCD"}


@settings(max_examples=200)
@given(nights())
def test_no_hand_is_counted_twice_or_lost_whatever_the_order_of_entries(
    drawn: tuple[Night, list[tuple[str, int, bool, bool]]],
) -> None:
    night, order = drawn
    for kind, index, flag, answer_now in order:
        if kind == "hands":
            _phone(night, night.hand_lines())
        elif kind == "totals":
            _table_sends_totals(night)
        elif kind == "ruling":
            _record_ruling(night, index, named=flag, answer_now=answer_now)
        else:
            _correct_from_paper(night, totals=flag)
    if night.result is None:
        return
    _settle(night)
    snapshot = compute_event(night.inputs())
    points = {row.competitor_id: row.points for row in snapshot.standings}
    assert points == _expected(night), (order, night.in_paper, night.result)
