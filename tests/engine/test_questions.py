"""The question pile (``questions`` profile)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from euchre.cli.main import app
from euchre.engine.errors import EuchreError
from euchre.engine.questions import PILE_CARDS, QuestionDeck, QuestionPile, question_after_trick

from .helpers import act, deal

STANDARD = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]
MAKERS_TAKE_THE_FIRST_TRICK = ("order", "discard 9C", "play AH", "play AC", "play AS", "play 9H")
"""The first bidder orders diamonds up; the makers take the first trick."""


def test_questions_pile_is_the_two_to_eight_of_each_suit() -> None:
    assert len(PILE_CARDS) == 28 and "2C" in PILE_CARDS and "8S" in PILE_CARDS
    assert "9C" not in PILE_CARDS


def test_questions_makers_who_win_a_trick_draw_from_the_pile_for_an_opponent() -> None:
    pile = QuestionPile(QuestionDeck.default(), random.Random(1))
    state = act(deal("questions", STANDARD, "AD").start(), *MAKERS_TAKE_THE_FIRST_TRICK)
    question = question_after_trick(state, 0, pile)
    assert question.asker == 1 and question.asked in (0, 2)
    assert question.source == "pile" and question.card in PILE_CARDS
    assert question.question == pile.deck.questions[question.card]


def test_questions_defenders_who_win_ask_the_maker_about_a_card_of_the_trick() -> None:
    pile = QuestionPile(QuestionDeck.default(), random.Random(1))
    # Seat 3 orders diamonds; seat 2, a defender void in hearts, ruffs the KH with the 9D.
    actions = ["pass", "pass", "order", "discard 9C", "play KH", "play 9D", "play AS", "play 9H"]
    state = act(deal("questions", STANDARD, "AD").start(), *actions)
    assert state.tricks == [2]
    question = question_after_trick(state, 0, pile)
    assert (question.asker, question.asked, question.source, question.card) == (2, 3, "trick", "9D")
    assert question.question == pile.deck.questions["9D"]


def test_questions_pile_reshuffles_when_empty() -> None:
    pile = QuestionPile(QuestionDeck.default(), random.Random(3))
    drawn = [pile.draw() for _ in range(28)]
    assert sorted(drawn) == sorted(PILE_CARDS)
    assert pile.draw() in PILE_CARDS


def test_question_deck_must_cover_the_pile(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("2C: Who are you?\n")
    with pytest.raises(EuchreError, match="no question for pile card"):
        QuestionDeck.load(path)


def test_question_deck_bad_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("2C Who are you?\n")
    with pytest.raises(EuchreError, match="line 1: expected 'CARD: question'"):
        QuestionDeck.load(path)


def test_questions_defenders_ask_one_person_in_the_bidding_team_the_lone_callers_partner_included(
    tmp_path: Path,
) -> None:
    # "When the defending team wins a trick, the team can ask one person in the bidding team
    # the question on one of the cards played during that trick." Seat 1 orders diamonds
    # alone (seat 3 sits out); seat 2 ruffs seat 1's KH with the 9D and asks seat 3.
    record = deal("questions", STANDARD, "AD").to_json()
    record["actions"] = ["order alone", "discard 9C", "play KH", "play 9D", "play 9H", "ask 3 9D"]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    [question] = json.loads(result.output)["questions"]
    assert (question["asker"], question["asked"], question["card"]) == (2, 3, "9D")
    assert question["question"] == QuestionDeck.default().questions["9D"]
    # The other team is still refused: the defenders do not ask their own partner.
    record["actions"][-1] = "ask 0 9D"
    path.write_text(json.dumps(record))
    refused = CliRunner().invoke(app, ["replay", str(path)])
    assert refused.exit_code == 1 and "a player of the bidding team" in refused.output


def test_questions_the_team_may_ask_so_play_goes_on_without_a_question() -> None:
    # Sheet 002: "the team may pick the card from the top of the question pile and ask";
    # "the team can ask". The engine never waits for a question: after a trick the winner's
    # next lead is legal at once and no 'ask' is among the moves it offers (an 'ask' in a
    # record is the team's choice, checked when it is there).
    from euchre.engine.actions import ActionKind

    state = act(deal("questions", STANDARD, "AD").start(), *MAKERS_TAKE_THE_FIRST_TRICK)
    assert state.tricks == [1] and state.to_act == 1
    moves = state.legal_actions()
    assert moves and all(move.kind is ActionKind.PLAY for move in moves)
    state = act(state, str(moves[0]))  # no question asked: the next trick begins
    assert len(state.trick_plays()[1]) == 1
