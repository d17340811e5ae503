"""Card play beyond PIMC: the open-hand search postponed past this seat's next card (EPIMC).

PIMC (:mod:`euchre.bots.pimc`) solves every sampled world open-handed, so in each world it
assumes that this seat will later play as if it saw every card: a guess to come (which card to
keep, which suit to lead, whether trump is still out) is always guessed right. That is
*strategy fusion*, and it flatters the cards that lead into a guess. EPIMC, Extended PIMC
(Arjonilla, Saffidine and Cazenave, "Perfect Information Monte Carlo with Postponing
Reasoning", 2024, arXiv 2408.02380) postpones the open-hand solve by a few plies and chooses
the moves of those plies under imperfect information: one move for all the worlds the player
cannot tell apart.

Here the postponed plies are this seat's card now and its **next** card. After each candidate
card every world is played on, each other seat playing the card the open-hand solver finds
best for its side in that world (what PIMC assumes of them; the cheapest of equal cards),
until this seat is to play again. What this seat will then have seen is the cards played
since (the *path*); it cannot tell apart the worlds in which those same cards could have been
played (each card held by the seat that played it, following suit where it could). So its next
card is chosen once for the path, as PIMC would choose it then: the best total over those
worlds, each solved open-handed after the path: the sample's worlds that played the same
cards (each counted by its multiplicity) and fresh worlds dealt to agree with the path (few
sampled worlds share a path, three cards in given seats), ``group`` in all. A candidate's
value is the average, over the sample's worlds, of what that card then makes in each world.
Choosing the next card per world instead gives PIMC's own value; the difference is what PIMC's
per-world guessing added (:meth:`Postponed.penalties`, never below 0).

The cost is one open-hand solve for each other seat's card with a choice and about ``group``
for this seat's next card, per world and candidate: several times PIMC's, so
:class:`~euchre.bots.expert.ExpertBot` (``postpone``, off by default; see ``docs/bots.md``)
plays on only some of its worlds, in the first three tricks, and subtracts the penalties from
its full averages.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from euchre.bots.knowledge import Knowledge, knowledge_of, sample_world
from euchre.bots.solver import IntArray, OpenHandPosition, solve_moves
from euchre.engine.cards import POWER, iter_mask
from euchre.engine.rules import EFFECTIVE_SUIT, FOLLOW_MASK, follow_suit, trick_winner
from euchre.engine.view import PlayerView

__all__ = ["Postponed", "postponed_values"]

World = tuple[list[int], int]
"""A sampled world: the four hands and how many times it was drawn."""


class Postponed(NamedTuple):
    """Each candidate card's value for this seat's side over the same worlds, two ways."""

    values: list[float]
    """With this seat's next card chosen once for what it will have seen."""
    open_values: list[float]
    """With it chosen per world, as PIMC does (each world solved open-handed)."""

    def penalties(self) -> list[float]:
        """What choosing the next card per world added to each card (0 or more): PIMC's
        strategy fusion, as measured on these worlds."""
        return [open_ - value for value, open_ in zip(self.values, self.open_values, strict=True)]


def postponed_values(
    view: PlayerView,
    worlds: list[World],
    score_table: IntArray,
    cards: list[int],
    rng: random.Random,
    *,
    group: int = 8,
) -> Postponed:
    """Each of ``cards`` (legal for ``view``'s seat, to play now) valued for this seat's side
    over ``worlds`` (hands with multiplicities), its next card chosen once for what it will
    have seen: over the worlds that share that path and fresh worlds dealt from ``rng`` to
    agree with it, ``group`` in all (see the module docstring). ``score_table`` is the makers'
    points by trick count, as the solver takes it."""
    play = _Play(view, score_table)
    knowledge = knowledge_of(view)
    total = sum(times for _, times in worlds)
    values: list[float] = []
    open_values: list[float] = []
    for card in cards:
        settled = 0.0
        by_path: dict[tuple[tuple[int, int], ...], list[tuple[int, list[float]]]] = {}
        for hands, times in worlds:
            line = play.start(hands)
            path, outcome = play.on(line, card)
            if outcome is not None:
                settled += play.sign * outcome * times
                continue
            by_path.setdefault(path, []).append((times, play.solve(line)))
        chosen = guessed = 0.0
        for path, own in by_path.items():
            sums = [0.0] * len(own[0][1])
            weight = 0
            for times, solved in own:
                weight += times
                for index, value in enumerate(solved):
                    sums[index] += value * times
            # Fresh worlds that agree with the path count as much as the sample's own.
            share = weight / len(own)
            for hands in _dealt(knowledge, path, group - len(own), rng):
                fresh = play.replay(hands, card, path)
                if fresh is None:
                    continue
                for index, value in enumerate(play.solve(fresh)):
                    sums[index] += value * share
            pick = max(range(len(sums)), key=lambda index: sums[index])
            chosen += sum(solved[pick] * times for times, solved in own)
            guessed += sum(max(solved) * times for times, solved in own)
        values.append((settled + chosen) / max(1, total))
        open_values.append((settled + guessed) / max(1, total))
    return Postponed(values, open_values)


def _dealt(
    knowledge: Knowledge,
    path: tuple[tuple[int, int], ...],
    count: int,
    rng: random.Random,
) -> list[list[int]]:
    """Up to ``count`` worlds dealt from ``knowledge`` in which each card of ``path`` is held
    by the seat that played it (the caller drops those where a seat that did not follow suit
    held the suit: :meth:`_Play.replay`)."""
    if count <= 0:
        return []
    known = list(knowledge.known)
    needs = list(knowledge.needs)
    allowed = list(knowledge.allowed)
    unseen = knowledge.unseen
    for seat, played in path:
        bit = 1 << played
        if not unseen & bit and not known[seat] & bit:
            return []  # a card this seat knows is elsewhere: no such world
        if unseen & bit:
            known[seat] |= bit
            needs[seat] -= 1
            unseen &= ~bit
    if any(need < 0 for need in needs):
        return []
    allowed = [mask & unseen for mask in allowed]
    shown = replace(
        knowledge,
        unseen=unseen,
        known=(known[0], known[1], known[2], known[3]),
        needs=(needs[0], needs[1], needs[2], needs[3]),
        allowed=(allowed[0], allowed[1], allowed[2], allowed[3]),
    )
    worlds = []
    for _ in range(count):
        hands = sample_world(shown, rng, tries=8)
        if hands is None:
            break
        worlds.append(hands)
    return worlds


class _Line:
    """One world played on from the view: hands, the trick being built, tricks so far."""

    __slots__ = ("hands", "maker_tricks", "to_act", "trick_cards", "trick_seats", "tricks_done")

    def __init__(
        self,
        hands: list[int],
        trick_cards: list[int],
        trick_seats: list[int],
        to_act: int,
        maker_tricks: int,
        tricks_done: int,
    ) -> None:
        self.hands = hands
        self.trick_cards = trick_cards
        self.trick_seats = trick_seats
        self.to_act = to_act
        self.maker_tricks = maker_tricks
        self.tricks_done = tricks_done


class _Play:
    """The rules of one decision's play for lines of sampled worlds."""

    def __init__(self, view: PlayerView, score_table: IntArray) -> None:
        self.view = view
        self.seat = view.seat
        self.score_table = score_table
        self.trump = view.trump
        self.power = POWER[view.trump]
        self.suit_of = EFFECTIVE_SUIT[view.trump + 1]
        self.follow: Sequence[int] = FOLLOW_MASK[view.trump + 1]
        self.active = view.active
        self.players = sum(1 for flag in view.active if flag)
        self.maker_team = view.maker % 2
        self.sign = 1 if view.seat % 2 == self.maker_team else -1
        self.maker_tricks = sum(
            1 for _, _, winner in view.completed_tricks if winner % 2 == self.maker_team
        )
        self.trick_cards = [int(card) for _, card in view.current_trick]
        self.trick_seats = [seat for seat, _ in view.current_trick]
        self.tricks_done = len(view.completed_tricks)

    def start(self, hands: list[int]) -> _Line:
        """A line of the world ``hands`` (copied) at the view's turn."""
        return _Line(
            list(hands),
            list(self.trick_cards),
            list(self.trick_seats),
            self.seat,
            self.maker_tricks,
            self.tricks_done,
        )

    def legal(self, line: _Line) -> list[int]:
        """The cards the seat to act may play, weakest first."""
        hand = line.hands[line.to_act]
        if line.trick_cards:
            hand = follow_suit(hand, line.trick_cards[0], self.follow)
        return sorted((int(card) for card in iter_mask(hand)), key=lambda card: self.power[card])

    def step(self, line: _Line, card: int) -> int | None:
        """Play ``card`` for the seat to act and pass the turn on; the makers' points once the
        hand's score can no longer change, else ``None``."""
        seat = line.to_act
        line.hands[seat] &= ~(1 << card)
        line.trick_cards.append(card)
        line.trick_seats.append(seat)
        if len(line.trick_cards) < self.players:
            following = (seat + 1) % 4
            while not self.active[following]:
                following = (following + 1) % 4
            line.to_act = following
            return None
        cards = line.trick_cards
        suit_of = self.suit_of
        winner = trick_winner(
            cards, line.trick_seats, self.players, suit_of[cards[0]], self.power, suit_of, 0
        )
        line.maker_tricks += winner % 2 == self.maker_team
        line.tricks_done += 1
        line.trick_cards, line.trick_seats = [], []
        line.to_act = winner
        left = 5 - line.tricks_done
        low = int(self.score_table[line.maker_tricks])
        if left == 0 or low == int(self.score_table[line.maker_tricks + left]):
            return low
        return None

    def on(self, line: _Line, card: int) -> tuple[tuple[tuple[int, int], ...], int | None]:
        """Play ``card`` for the view's seat, then each other seat's open-hand best card, until
        the view's seat is to play again: (the path, ``None``), or (the path, the makers'
        points) when the score is settled first. The path is the (seat, card) played since."""
        path: list[tuple[int, int]] = []
        outcome = self.step(line, card)
        while outcome is None and line.to_act != self.seat:
            seat = line.to_act
            reply = self.best_reply(line)
            path.append((seat, reply))
            outcome = self.step(line, reply)
        return tuple(path), outcome

    def replay(
        self, hands: list[int], card: int, path: tuple[tuple[int, int], ...]
    ) -> _Line | None:
        """The world ``hands`` after ``card`` and ``path``, or ``None`` if they could not be
        played there (a card not held, or not following suit while able to)."""
        line = self.start(hands)
        self.step(line, card)
        for seat, played in path:
            if line.to_act != seat or played not in self.legal(line):
                return None
            self.step(line, played)
        return line

    def best_reply(self, line: _Line) -> int:
        """The card the seat to act plays in this world: the open-hand best for its side, the
        cheapest of equals (a player does not waste a card he does not need)."""
        options = self.legal(line)
        if len(options) == 1:
            return options[0]
        values = solve_moves(self.position(line), options)
        best = max(values) if line.to_act % 2 == self.maker_team else min(values)
        return options[values.index(best)]

    def solve(self, line: _Line) -> list[float]:
        """Each legal card of the seat to act (weakest first), for the view's side."""
        options = self.legal(line)
        return [self.sign * value for value in solve_moves(self.position(line), options)]

    def position(self, line: _Line) -> OpenHandPosition:
        """The open-hand position of ``line``."""
        return OpenHandPosition(
            hands=line.hands,
            trump=self.trump,
            active=self.active,
            to_act=line.to_act,
            trick_cards=list(line.trick_cards),
            trick_seats=list(line.trick_seats),
            maker_team=self.maker_team,
            maker_tricks=line.maker_tricks,
            tricks_done=line.tricks_done,
            score_table=self.score_table,
        )
