"""Named levels for people: ``easy``, ``medium``, ``hard``, ``expert``.

Each level is a registered bot (so the terminal game, the arena and the play page list them):

* ``easy`` — :class:`EasyBot`: the rules bot's bidding and play, but it bids timidly and
  misjudges a hand's worth (its bar is 0.7 higher, give or take 1.5), does not count cards (it
  forgets the tricks already played, so it cannot tell a boss card or read partner's signals)
  and about one time in three it ducks a trick it could have won. Always legal, never random
  nonsense.
* ``medium`` — the ``rules`` bot (counts cards, plays the table's conventions).
* ``hard`` — ``pimc-basic``: sampled worlds solved open-handed, rules bidding.
* ``expert`` — :class:`~euchre.bots.expert.ExpertBot`: reads the bidding, bids by the book,
  spends more worlds where the decision is close.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from euchre.bots.base import SeededBot
from euchre.bots.rules import RulesBot, RulesParameters, choose_card, throw_off
from euchre.engine.actions import Action
from euchre.engine.cards import EFFECTIVE_SUIT, POWER
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

__all__ = ["LEVELS", "EasyBot"]

LEVELS: dict[str, str] = {
    "easy": "sensible but weaker: misjudges some bids, does not count cards, ducks some winners",
    "medium": "the rules bot: table conventions, counts cards (same as `rules`)",
    "hard": "pimc-basic: sampled deals solved open-handed, rules bidding",
    "expert": "reads the bidding, bids by the book, spends more deals where the choice is close",
}
"""The levels, weakest first, with a one-line description each."""


@dataclass(eq=False, kw_only=True)
class EasyBot(SeededBot):
    """The rules bot without card counting, ducking a winnable trick now and then."""

    duck_rate: float = 0.35
    """How often it ducks a trick it could win."""
    bid_noise: float = 1.5
    """How far either way it misjudges a hand's worth when bidding."""
    timidity: float = 0.7
    """How much higher than the rules bot's its bidding bar stands."""
    name: str = "easy"
    _rules: RulesBot = field(init=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self._rules = RulesBot(self.seed, RulesParameters())

    def choose(self, view: PlayerView) -> Action:
        """The rules bot's choice, playing with no memory of earlier tricks."""
        if len(view.legal) == 1:
            return view.legal[0]
        if view.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and self.bid_noise > 0:
            # Misjudges the hand by up to bid_noise points either way (the bar moves).
            shift = self.timidity + self._rng.uniform(-self.bid_noise, self.bid_noise)
            base = RulesParameters()
            judged = RulesBot(
                None,
                RulesParameters(
                    order_threshold=base.order_threshold + shift,
                    call_threshold=base.call_threshold + shift,
                ),
            )
            return judged.choose(view)
        if view.phase is not Phase.PLAY:
            return self._rules.choose(view)
        forgetful = dataclasses.replace(view, completed_tricks=())
        card = choose_card(forgetful)
        if view.current_trick and self._rng.random() < self.duck_rate:
            legal = [int(action.card) for action in view.legal]
            if _wins(view, card):
                card = throw_off(legal, view.trump)
        return Action.play(card)

    def advise(self, view: PlayerView) -> tuple[Action, str]:
        """The action and the rules bot's one-line reason for it."""
        action = self.choose(view)
        if len(view.legal) == 1:
            return action, "the only legal action"
        return action, self._rules.reason(view, action)


def _wins(view: PlayerView, card: int) -> bool:
    """True when ``card`` would beat every card on the table so far."""
    trump = view.trump
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    led = suit_of[view.current_trick[0][1]]
    best = max(
        power[played]
        for _, played in view.current_trick
        if power[played] >= 100 or suit_of[played] == led
    )
    return (power[card] >= 100 or suit_of[card] == led) and power[card] > best
