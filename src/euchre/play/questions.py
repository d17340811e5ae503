"""The question pile (the ``questions`` profile) at a play table: after a trick its winners
ask a player of either team a question (or skip), then the table answers.

What is asked and who may answer is worked out here; when it happens in the game is the game
flow's (:mod:`euchre.play.flow`). The deck's questions are keyed by card: the trick's own
cards where the makers were set, else a card drawn from the shuffled pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from euchre.engine.questions import QuestionDeck, QuestionPile
from euchre.engine.state import HandState
from euchre.play.config import HUMAN

__all__ = ["PendingQuestion", "ask", "log_entry", "question_actions", "question_actor"]


@dataclass(slots=True)
class PendingQuestion:
    """The question after one trick: first the winners choose (or skip), then the table
    answers."""

    hand: int
    trick: int
    asker: int
    maker_team_won: bool
    stage: str = "ask"  # "ask", then "answer"
    asked: int = -1
    card: str | None = None
    source: str = ""
    question: str = ""

    def to_json(self) -> dict[str, Any]:
        """As the views show it (public: everyone sees the question)."""
        return {
            "hand": self.hand,
            "trick": self.trick,
            "asker": self.asker,
            "stage": self.stage,
            "asked": self.asked if self.asked >= 0 else None,
            "card": self.card,
            "source": self.source or None,
            "question": self.question or None,
        }


def question_actor(question: PendingQuestion, kinds: Sequence[str]) -> int:
    """The seat the table waits for while ``question`` is open (``kinds``: who sits where)."""
    if question.stage == "ask":
        return question.asker
    # The player asked answers (and may type the answer); a computer player asked is
    # answered for by a human asker, else at once.
    if kinds[question.asked] == HUMAN or kinds[question.asker] != HUMAN:
        return question.asked
    return question.asker


def question_actions(question: PendingQuestion, hand: HandState, deck: QuestionDeck) -> list[str]:
    """What the seat the question waits for may send: ``answered``, or whom to ask (and
    with which of the trick's cards) and ``skip``."""
    if question.stage == "answer":
        return ["answered"]
    # The winning team "may" ask: skipping is always one of its choices.
    return [*_ask_choices(question, hand, deck), "skip"]


def _ask_choices(question: PendingQuestion, hand: HandState, deck: QuestionDeck) -> list[str]:
    # Either team's players may be asked, a seat sitting out this hand included.
    if question.maker_team_won:
        other = ((question.asker + 1) % 4, (question.asker + 3) % 4)
        return [f"ask {seat}" for seat in other]
    makers = [hand.maker, (hand.maker + 2) % 4]
    cards = [
        str(card) for _, card in hand.trick_plays()[question.trick] if str(card) in deck.questions
    ]
    if not cards:
        return [f"ask {seat}" for seat in makers]
    return [f"ask {seat} {card}" for seat in makers for card in cards]


def log_entry(question: PendingQuestion) -> dict[str, Any]:
    """``question`` as the game's question log keeps it (before its answer or skip)."""
    entry = question.to_json()
    del entry["stage"]
    return {**entry, "answer": None, "skipped": False}


def ask(
    question: PendingQuestion, words: Sequence[str], deck: QuestionDeck, pile: QuestionPile
) -> None:
    """Apply ``ask N`` (a card drawn from the pile) or ``ask N CARD`` (the trick's card)."""
    question.asked = int(words[1])
    question.stage = "answer"
    if len(words) == 3:
        question.card = words[2]
        question.source = "trick"
        question.question = deck.questions[words[2]]
    else:
        question.card = pile.draw()
        question.source = "pile"
        question.question = deck.questions[question.card]
