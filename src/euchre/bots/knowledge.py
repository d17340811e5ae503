"""What a seat can infer from its view: cards seen, voids shown, where known cards lie.

Everything here comes from :class:`~euchre.engine.view.PlayerView` alone, so a bot built on it
never peeks. :func:`sample_world` deals the unseen cards consistently with that knowledge.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from euchre.engine.actions import ActionKind
from euchre.engine.cards import DECK_MASK, EFFECTIVE_SUIT, SUIT_MASK, card_mask, iter_mask
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

__all__ = ["Knowledge", "knowledge_of", "sample_world"]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The public and private facts one seat holds about the hidden cards.

    ``needs[s]`` is how many unseen cards seat ``s`` holds now (0 for this seat, a seat sitting
    out, or the dead pile's share), ``allowed[s]`` the cards it may hold (voids removed),
    ``known[s]`` cards it is known to hold (the up-card the dealer picked up), ``unseen`` the
    cards whose place this seat does not know (other hands, the kitty, hands sitting out).

    One belief is assumed rather than known: a dealer who picked up keeps the up-card (no sane
    dealer discards a trump he just took) until he shows no trump or runs out of cards.
    """

    seat: int
    hand: int
    played: int
    unseen: int
    known: tuple[int, int, int, int]
    needs: tuple[int, int, int, int]
    allowed: tuple[int, int, int, int]
    voids: tuple[int, int, int, int]


def _voids(view: PlayerView) -> list[int]:
    """Masks of the effective suits each seat has shown it lacks (by not following)."""
    voids = [0, 0, 0, 0]
    trump = view.trump
    if trump < 0:
        return voids
    suit_of = EFFECTIVE_SUIT[trump + 1]
    tricks = [(leader, cards) for leader, cards, _ in view.completed_tricks]
    if view.current_trick:
        current_leader = view.current_trick[0][0]
        tricks.append((current_leader, tuple(card for _, card in view.current_trick)))
    for leader, cards in tricks:
        led = suit_of[cards[0]]
        seat = leader
        for card in cards[1:]:
            seat = (seat + 1) % 4
            while not view.active[seat]:
                seat = (seat + 1) % 4
            if suit_of[card] != led:
                voids[seat] |= SUIT_MASK[trump + 1][led]
    return voids


def knowledge_of(view: PlayerView) -> Knowledge:
    """Gather what ``view.seat`` knows about the hidden cards."""
    seat = view.seat
    hand = card_mask(view.hand)
    played_by = [0, 0, 0, 0]
    played = 0
    for actor, action in view.history:
        if action is not None and action.kind is ActionKind.PLAY:
            played_by[actor] |= 1 << action.card
            played |= 1 << action.card
    voids = _voids(view)
    known = [0, 0, 0, 0]
    dead_known = 0
    up = 1 << view.up_card
    if view.picked_up and view.dealer != seat and not played & up:
        trump_cards = SUIT_MASK[view.trump + 1][view.trump] if view.trump >= 0 else 0
        if voids[view.dealer] & trump_cards & up or played_by[view.dealer].bit_count() >= 5:
            dead_known |= up  # the dealer shows no trump (or no cards): he discarded it
        else:
            known[view.dealer] |= up
    elif not view.picked_up and view.phase not in (Phase.BID_ROUND_1, Phase.GO_UNDER):
        dead_known |= up
    if view.discarded is not None:
        dead_known |= 1 << view.discarded
    # Cards this seat sent under: in the kitty unless a later seat went under after it.
    last_under = -1
    for index, (actor, action) in enumerate(view.history):
        if actor == seat and action is not None and action.kind is ActionKind.GO_UNDER:
            last_under = index
    if last_under >= 0:
        mine = card_mask(view.history[last_under][1].cards)  # type: ignore[union-attr]
        later: list[int] = []
        for actor, action in view.history[last_under + 1 :]:
            if action is not None and action.kind in (ActionKind.ORDER, ActionKind.CALL):
                break  # bidding has begun: a hidden action from here on is the discard
            if action is None:
                later.append(actor)  # another seat went under after this one
        if later:
            known[later[-1]] |= mine & ~played
        else:
            dead_known |= mine
    if view.phase is Phase.BID_ROUND_1 or view.phase is Phase.GO_UNDER:
        dead_known |= up  # still on the table
    unseen = DECK_MASK & ~hand & ~played & ~dead_known
    for other in range(4):
        unseen &= ~known[other]
    needs = [0, 0, 0, 0]
    allowed = [0, 0, 0, 0]
    for other in range(4):
        if other == seat or not view.active[other]:
            continue
        size = 5 - played_by[other].bit_count()
        needs[other] = max(0, size - known[other].bit_count())
        allowed[other] = unseen & ~voids[other]
    return Knowledge(
        seat=seat,
        hand=hand,
        played=played,
        unseen=unseen,
        known=(known[0], known[1], known[2], known[3]),
        needs=(needs[0], needs[1], needs[2], needs[3]),
        allowed=(allowed[0], allowed[1], allowed[2], allowed[3]),
        voids=(voids[0], voids[1], voids[2], voids[3]),
    )


def sample_world(knowledge: Knowledge, rng: random.Random, tries: int = 60) -> list[int] | None:
    """Four hand masks consistent with ``knowledge`` (this seat's real hand included).

    The most constrained seat draws first; a dead end retries. If every try fails (voids that
    cannot all hold, which only a broken view can cause) the voids are dropped for the last try;
    ``None`` means even that failed.
    """
    seats = [seat for seat in range(4) if knowledge.needs[seat] > 0]
    for attempt in range(tries + 1):
        relax = attempt == tries
        pool = knowledge.unseen
        hands = [knowledge.known[seat] for seat in range(4)]
        hands[knowledge.seat] = knowledge.hand
        order = sorted(
            seats, key=lambda s: (knowledge.allowed[s] & pool).bit_count() - knowledge.needs[s]
        )
        failed = False
        for seat in order:
            choices = list(
                iter_mask((knowledge.unseen if relax else knowledge.allowed[seat]) & pool)
            )
            need = knowledge.needs[seat]
            if len(choices) < need:
                failed = True
                break
            chosen = card_mask(rng.sample(choices, need))
            hands[seat] |= chosen
            pool &= ~chosen
        if not failed:
            return hands
    return None
