"""The question pile (``questions`` profile)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from euchre.engine.errors import EuchreError
from euchre.engine.questions import PILE_CARDS, QuestionDeck, QuestionPile, question_after_trick

from .helpers import act, deal

STANDARD = ["9H TH 9C TC QD", "JH JD AH KH QH", "AC KC QC JC 9D", "AS KS QS JS TS"]


def test_questions_pile_is_the_two_to_eight_of_each_suit() -> None:
    assert len(PILE_CARDS) == 28 and "2C" in PILE_CARDS and "8S" in PILE_CARDS
    assert "9C" not in PILE_CARDS


def test_questions_makers_who_win_a_trick_draw_from_the_pile_for_an_opponent() -> None:
    pile = QuestionPile(QuestionDeck.default(), random.Random(1))
    state = act(
        deal("questions", STANDARD, "AD").start(),
        "order",
        "discard 9C",
        "play AH",
        "play AC",
        "play AS",
        "play 9H",
    )
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
