"""Named levels for people: ``easy``, ``medium``, ``hard``, ``expert``.

Each level is a registered bot (so the terminal game, the arena and the play page list them).
The two weaker levels play the rules bot's game with the mistakes people make, never a random
card (:class:`EasyBot`, each mistake at its own rate):

* **a timid order**: it passes hands the book would order up or call (its bar stands
  ``timid`` strength points higher);
* **a late trump**: holding trump on its side's contract it cashes a side ace before drawing
  trump, and void in the suit led it throws off rather than trump an opponent's winner,
  saving the trump for later (``late_trump``, the chance each time it arises);
* **a missed count**: it loses track of the trumps already played (``miscount``, the chance
  each card), so it draws trump that is no longer out and does not see that its own trump has
  become the boss.

* ``easy`` — all three often (bar 1.0 higher, a late trump 6 times in 10, a missed count 7).
* ``medium`` — the same mistakes now and then (bar 0.5 higher, 2 and 3 times in 10).
* ``hard`` — ``pimc-basic``: sampled worlds solved open-handed, rules bidding.
* ``expert`` — :class:`~euchre.bots.expert.ExpertBot`: reads the bidding, bids by the book,
  spends more worlds where the decision is close.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from euchre.bots.base import SeededBot
from euchre.bots.rules import RulesBot, RulesParameters, choose_card, throw_off
from euchre.engine.actions import Action
from euchre.engine.cards import EFFECTIVE_SUIT, POWER, SUIT_MASK, card_mask
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

__all__ = ["LEVELS", "EasyBot", "medium_bot"]

LEVELS: dict[str, str] = {
    "easy": "often timid in the bidding, plays trump late and loses count of the trumps",
    "medium": "table conventions, with a timid pass, a late trump or a missed count now and then",
    "hard": "pimc-basic: sampled deals solved open-handed, rules bidding",
    "expert": "reads the bidding, bids by the book, spends more deals where the choice is close",
}
"""The levels, weakest first, with a one-line description each."""


@dataclass(eq=False, kw_only=True)
class EasyBot(SeededBot):
    """The rules bot with a person's mistakes: a timid order, a late trump, a missed count."""

    timid: float = 1.0
    """How much higher than the rules bot's its bidding bar stands (strength points)."""
    late_trump: float = 0.6
    """The chance it plays trump late when it could (cash a side ace first, or save a trump
    rather than trump an opponent's winner)."""
    miscount: float = 0.7
    """The chance, each card, that it has lost track of the trumps already played."""
    name: str = "easy"
    _rules: RulesBot = field(init=False, repr=False)
    _bidder: RulesBot = field(init=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self._rules = RulesBot(self.seed, RulesParameters())
        base = RulesParameters()
        self._bidder = RulesBot(
            None,
            RulesParameters(
                order_threshold=base.order_threshold + self.timid,
                call_threshold=base.call_threshold + self.timid,
            ),
        )

    def choose(self, view: PlayerView) -> Action:
        """The rules bot's choice, with this level's mistakes."""
        if len(view.legal) == 1:
            return view.legal[0]
        if view.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            return self._bidder.choose(view)  # a timid order: the bar stands higher
        if view.phase is not Phase.PLAY:
            return self._rules.choose(view)
        forgotten = 0
        if self.miscount > 0 and self._rng.random() < self.miscount:
            forgotten = played_trumps(view)
        card = choose_card(view, forgotten)
        late = late_trump_instead(view, card)
        if late is not None and self.late_trump > 0 and self._rng.random() < self.late_trump:
            card = late
        return Action.play(card)

    def advise(self, view: PlayerView) -> tuple[Action, str]:
        """The action and the rules bot's one-line reason for it."""
        action = self.choose(view)
        if len(view.legal) == 1:
            return action, "the only legal action"
        return action, self._rules.reason(view, action)


def medium_bot(seed: int | None) -> EasyBot:
    """The ``medium`` level: :class:`EasyBot` with milder mistakes."""
    return EasyBot(seed, timid=0.5, late_trump=0.2, miscount=0.3, name="medium")


def played_trumps(view: PlayerView) -> int:
    """The trumps played in the tricks already turned (a mask)."""
    trump_cards = SUIT_MASK[view.trump + 1][view.trump]
    played = 0
    for _, cards, _ in view.completed_tricks:
        played |= card_mask(cards)
    return played & trump_cards


def late_trump_instead(view: PlayerView, card: int) -> int | None:
    """The card a player who plays trump late would choose instead of trump ``card``, or
    None when the mistake does not arise: leading on its side's contract, a side ace cashed
    before drawing trump; void in the suit led while an opponent is winning, a plain card
    thrown off rather than trumping in."""
    trump = view.trump
    power = POWER[trump]
    if power[card] < 100:
        return None
    legal = [int(action.card) for action in view.legal]
    plain = [other for other in legal if power[other] < 100]
    if not plain:
        return None
    if not view.current_trick:
        if view.maker % 2 != view.seat % 2:
            return None
        aces = [other for other in plain if other % 6 == 5]
        return aces[0] if aces else None
    suit_of = EFFECTIVE_SUIT[trump + 1]
    led = suit_of[view.current_trick[0][1]]
    if led == trump or not _opponent_winning(view):
        return None
    return throw_off(plain, trump)


def _opponent_winning(view: PlayerView) -> bool:
    trump = view.trump
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    led = suit_of[view.current_trick[0][1]]
    best_seat, best = -1, -1
    for seat, played in view.current_trick:
        if (power[played] >= 100 or suit_of[played] == led) and power[played] > best:
            best_seat, best = seat, power[played]
    return best_seat % 2 != view.seat % 2
