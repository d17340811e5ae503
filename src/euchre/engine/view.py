"""What one seat may know: the information a computer player (or a screen) receives.

A :class:`PlayerView` never holds another seat's hidden cards: the dealer's discard is shown
only to the dealer, cards swapped by going under only to the player who swapped.
:func:`visible_to` is that rule, written once: the computer players' views here, the browser
tables' seat views, their log as a reconnecting client reads it and the review of a finished
hand (:mod:`euchre.play`) all ask it.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import Card, iter_mask
from euchre.engine.profile import RuleProfile
from euchre.engine.state import HandState, Phase

__all__ = ["PRIVATE_KINDS", "PlayerView", "public_text", "view_of", "visible_to"]

PRIVATE_KINDS = frozenset({ActionKind.DISCARD, ActionKind.GO_UNDER})
"""The moves whose cards only their maker sees while the hand is in play."""


def visible_to(
    viewer: int | None, actor: int, kind: ActionKind, *, hand_over: bool = False
) -> bool:
    """The hidden-card rule: whether ``viewer`` (a seat, or None for a spectator) may see
    the cards of ``actor``'s move of ``kind``. A discard or a go-under is seen by its maker
    alone (the dealer's discard by the dealer); every other move is public, and once the
    hand is over (``hand_over``) nothing in it is secret any more."""
    return hand_over or kind not in PRIVATE_KINDS or actor == viewer


def public_text(action: Action, actor: int, viewer: int | None, *, hand_over: bool = False) -> str:
    """``action`` as ``viewer`` may read it: its canonical text, or for a move hidden from
    ``viewer`` (:func:`visible_to`) its kind alone (``discard``, ``go under``)."""
    if visible_to(viewer, actor, action.kind, hand_over=hand_over):
        return str(action)
    return action.kind.value


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's view of a hand in progress."""

    profile: RuleProfile
    seat: int
    dealer: int
    hand: tuple[Card, ...]
    up_card: Card
    phase: Phase
    to_act: int
    legal: tuple[Action, ...]
    # Public history: (seat, action) with hidden actions masked (discard -> None).
    history: tuple[tuple[int, Action | None], ...]
    trump: int
    maker: int
    alone: bool
    defender_alone: int
    active: tuple[bool, bool, bool, bool]
    picked_up: bool
    discarded: Card | None
    # Tricks so far: ((leader, (cards...)), ...) and the trick in progress.
    completed_tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    current_trick: tuple[tuple[int, Card], ...]
    scores: tuple[int, int] = (0, 0)
    hands_left: int = 0


def view_of(
    state: HandState, seat: int, scores: tuple[int, int] = (0, 0), hands_left: int = 0
) -> PlayerView:
    """The view ``seat`` has of ``state`` (never another seat's hidden cards)."""
    history: list[tuple[int, Action | None]] = []
    for actor, action in zip(state.actors, state.history, strict=True):
        history.append((actor, action if visible_to(seat, actor, action.kind) else None))
    by_trick = state.trick_plays()
    completed = [
        (plays[0][0], tuple(card for _, card in plays), winner)
        for plays, winner in zip(by_trick, state.tricks, strict=False)
    ]
    current = tuple(by_trick[len(state.tricks)]) if len(by_trick) > len(state.tricks) else ()
    return PlayerView(
        profile=state.profile,
        seat=seat,
        dealer=state.dealer,
        hand=tuple(iter_mask(state.hands[seat])),
        up_card=Card(state.up_card),
        phase=state.phase,
        to_act=state.to_act,
        legal=tuple(state.legal_actions()) if state.to_act == seat else (),
        history=tuple(history),
        trump=state.trump,
        maker=state.maker,
        alone=state.alone,
        defender_alone=state.defender_alone,
        active=(state.active[0], state.active[1], state.active[2], state.active[3]),
        picked_up=state.picked_up,
        discarded=(
            Card(state.discarded)
            if state.discarded >= 0 and visible_to(seat, state.dealer, ActionKind.DISCARD)
            else None
        ),
        completed_tricks=tuple(completed),
        current_trick=current,
        scores=scores,
        hands_left=hands_left,
    )
