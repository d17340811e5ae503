"""The question pile (``questions`` profile): who asks whom, and which card's question.

After each trick: if the makers won it, the trick's winner draws the top card of the question
pile (the 2–8 of each suit) and asks a defender; if the defenders won it, the winner asks a
player of the bidding team the question on a card played in that trick. The sheet leaves the
choice of whom to ask, and of which card, to the asking team: a hand record writes it down as
``ask N`` (makers' trick: a pile card for seat N) or ``ask N CARD`` (defenders' trick). When the
record has no choice for a trick, the defaults are: the defenders in turn, trick by trick; the
maker, on the trick's winning card (a deck with no question for that card falls back to the
pile). A deck is a text file, one ``CARD: question``
per line, with a question for every 2–8 card and optionally for the 9–A cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TypedDict

from euchre.engine.errors import EuchreError
from euchre.engine.irregular_play import asked_tricks
from euchre.engine.state import HandState

__all__ = [
    "PILE_CARDS",
    "QuestionDeck",
    "QuestionPile",
    "TrickQuestion",
    "TrickQuestionJson",
    "default_deck_text",
    "question_after_trick",
    "questions_for_hand",
    "replay_pile",
]

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
_SUITS = ("C", "D", "H", "S")
PILE_CARDS: tuple[str, ...] = tuple(rank + suit for suit in _SUITS for rank in _RANKS[:7])
"""The 28 cards of the question pile (2–8 of each suit)."""
_ALL_CARDS = frozenset(rank + suit for suit in _SUITS for rank in _RANKS)


def _normalise(card: str) -> str:
    text = card.strip().upper().replace("10", "T")
    for symbol, letter in zip("♣♦♥♠", _SUITS, strict=True):
        text = text.replace(symbol, letter)
    return text


@dataclass(frozen=True, slots=True)
class QuestionDeck:
    """Questions by card text (``2C`` ... ``AS``); every pile card (2–8) has one."""

    questions: Mapping[str, str]

    @classmethod
    def parse(cls, text: str, *, origin: str = "question deck") -> QuestionDeck:
        """Read ``CARD: question`` lines (blank lines and ``#`` comments are skipped)."""
        questions: dict[str, str] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            typed, colon, question = line.partition(":")
            card = _normalise(typed)
            if not colon or not question.strip():
                raise EuchreError(f"{origin} line {number}: expected 'CARD: question', got {raw!r}")
            if card not in _ALL_CARDS:
                raise EuchreError(
                    f"{origin} line {number}: {typed.strip()!r} before the colon is not a card "
                    "2-A of C D H S (expected 'CARD: question', e.g. '2C: ...')"
                )
            if card in questions:
                raise EuchreError(f"{origin} line {number}: card {card} has two questions")
            questions[card] = question.strip()
        missing = [card for card in PILE_CARDS if card not in questions]
        if missing:
            raise EuchreError(
                f"{origin}: no question for pile card(s) {', '.join(missing)}; every card 2-8 of "
                "each suit needs one"
            )
        return cls(questions)

    @classmethod
    def load(cls, path: str | Path) -> QuestionDeck:
        """A deck from a text file."""
        file_path = Path(path)
        if not file_path.exists():
            raise EuchreError(f"question deck {str(file_path)!r} does not exist")
        return cls.parse(file_path.read_text(), origin=f"question deck {file_path.name!r}")

    @classmethod
    def default(cls) -> QuestionDeck:
        """The deck shipped with the engine."""
        return cls.parse(default_deck_text(), origin="default question deck")


def default_deck_text() -> str:
    """The text of the deck shipped with the engine (``questions_default.txt``)."""
    return resources.files("euchre.engine").joinpath("questions_default.txt").read_text()


@dataclass(slots=True)
class QuestionPile:
    """The face-down pile of 2–8 cards, shuffled; reshuffled when it runs out."""

    deck: QuestionDeck
    rng: random.Random = field(default_factory=random.Random)
    order: list[str] = field(default_factory=list)

    def draw(self) -> str:
        """The top card of the pile."""
        if not self.order:
            self.order = list(PILE_CARDS)
            self.rng.shuffle(self.order)
        return self.order.pop()


def replay_pile(state: HandState, deck: QuestionDeck | None = None) -> QuestionPile:
    """A pile shuffled reproducibly from the hand's deal, so that replaying a record always
    shows the same question cards."""
    seed = " ".join(str(hand) for hand in state.initial_hands) + f" {state.up_card}"
    return QuestionPile(deck or QuestionDeck.default(), random.Random(seed))


class TrickQuestionJson(TypedDict):
    """A trick's question as JSON (``trick`` is the trick's index)."""

    trick: int
    asker: int
    asked: int
    source: str
    card: str | None
    question: str | None


@dataclass(frozen=True, slots=True)
class TrickQuestion:
    """One question after one trick."""

    trick_index: int
    asker: int
    asked: int
    source: str
    card: str | None
    question: str | None

    def to_json(self) -> TrickQuestionJson:
        """As JSON."""
        return {
            "trick": self.trick_index,
            "asker": self.asker,
            "asked": self.asked,
            "source": self.source,
            "card": self.card,
            "question": self.question,
        }


def question_after_trick(
    state: HandState, trick_index: int, pile: QuestionPile | None = None
) -> TrickQuestion:
    """Who asks whom after trick ``trick_index``, and which card's question.

    Without a ``pile`` a pile draw is reported with ``card`` None (the table draws it).
    """
    if trick_index >= len(state.tricks):
        raise EuchreError(f"trick {trick_index} has not been played yet")
    winner = state.tricks[trick_index]
    maker = state.maker
    chosen = asked_tricks(state).get(trick_index)
    if winner % 2 == maker % 2:
        if chosen is not None:
            return _from_pile(trick_index, winner, chosen.seat, pile)
        opponents = [seat for seat in ((winner + 1) % 4, (winner + 3) % 4) if state.active[seat]]
        asked = opponents[trick_index % len(opponents)]
        return _from_pile(trick_index, winner, asked, pile)
    if chosen is not None:
        asked, card_text = chosen.seat, str(chosen.card)
    else:
        asked = maker
        card_text = next(
            str(card) for seat, card in state.trick_plays()[trick_index] if seat == winner
        )
    deck = pile.deck if pile is not None else QuestionDeck.default()
    question = deck.questions.get(card_text)
    if question is None:
        return _from_pile(trick_index, winner, asked, pile)
    return TrickQuestion(trick_index, winner, asked, "trick", card_text, question)


def _from_pile(
    trick_index: int, asker: int, asked: int, pile: QuestionPile | None
) -> TrickQuestion:
    if pile is None:
        return TrickQuestion(trick_index, asker, asked, "pile", None, None)
    card = pile.draw()
    return TrickQuestion(trick_index, asker, asked, "pile", card, pile.deck.questions[card])


def questions_for_hand(state: HandState, pile: QuestionPile | None = None) -> list[TrickQuestion]:
    """The question after every trick played so far."""
    return [question_after_trick(state, index, pile) for index in range(len(state.tricks))]
