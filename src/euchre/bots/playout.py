"""Playing a hand out with the rules bot's card play, fast: no view is built per card.

Used to value a bid by the points it brings when the hand is *played* (every seat seeing only
its own cards) rather than solved open-handed, which flatters the makers. The rules bot's
:func:`~euchre.bots.rules.choose_card` reads only a handful of a view's fields; this module
keeps those up to date as the cards fall instead of rebuilding a whole view each time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from euchre.bots.rules import RulesBot, choose_card
from euchre.engine.actions import Action
from euchre.engine.cards import Card, iter_mask
from euchre.engine.state import HandState, HandStatus, Phase
from euchre.engine.view import PlayerView, view_of

__all__ = ["play_out"]


@dataclass(slots=True)
class _PlayView:
    """The fields of a view that the rules bot's card play reads."""

    trump: int
    maker: int
    seat: int
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    active: tuple[bool, bool, bool, bool]
    completed_tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    current_trick: tuple[tuple[int, Card], ...]


def play_out(state: HandState, bidders: list[RulesBot], seat: int) -> tuple[int, int]:
    """Finish ``state`` (bidding by ``bidders``, then the rules bot's card play for every
    seat) and return the points of ``seat``'s side and of the other side."""
    while not state.is_over and state.phase is not Phase.PLAY:
        state.apply(bidders[state.to_act].choose(view_of(state, state.to_act)))
    if not state.is_over:
        active = (state.active[0], state.active[1], state.active[2], state.active[3])
        completed: list[tuple[int, tuple[Card, ...], int]] = []
        current: list[tuple[int, Card]] = []
        while not state.is_over:
            to_act = state.to_act
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                fields = _PlayView(
                    trump=state.trump,
                    maker=state.maker,
                    seat=to_act,
                    hand=tuple(iter_mask(state.hands[to_act])),
                    legal=tuple(legal),
                    active=active,
                    completed_tricks=tuple(completed),
                    current_trick=tuple(current),
                )
                action = Action.play(choose_card(cast(PlayerView, fields)))
            tricks_before = len(state.tricks)
            state.apply(action)
            current.append((to_act, Card(int(action))))
            if len(state.tricks) > tricks_before:
                completed.append(
                    (current[0][0], tuple(card for _, card in current), state.tricks[-1])
                )
                current = []
    if state.status is not HandStatus.SCORED:
        return (0, 0)
    points = state.result().team_points
    return (points[seat % 2], points[1 - seat % 2])
