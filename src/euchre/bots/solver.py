"""The open-hand (double-dummy) solver: exact minimax over the tricks left, compiled by numba.

Every hand is visible. The value of a position is the maker team's signed points for the
hand (positive when the makers score, negative when the defenders do), read from a six-entry
``score_table`` indexed by the makers' final trick count: a row of the profile's own
:attr:`~euchre.engine.profile.RuleProfile.score_table`, so one search serves every profile's
scoring (march, lone march, euchre, a defended lone hand, the question pile's 4 for all five).
Following suit and the trick winner are the engine's own rules
(:mod:`euchre.engine.rules`, compiled in :mod:`euchre.engine.compiled_rules`).

The search is alpha-beta with

* a transposition table at trick boundaries (the cards left determine every seat's hand
  within one world, so the key is the mask of cards left, the leader and the makers' tricks),
* move ordering (high cards first when leading or able to win, low cards when not),
* equivalent-card pruning (of two cards adjacent in a suit's order, counting only cards still
  in play, one seat need try only one),
* an early stop once the remaining tricks cannot change the score.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from euchre.engine.cards import EFFECTIVE_SUIT, POWER
from euchre.engine.compiled_rules import FOLLOW_MASK, follow_suit, trick_winner
from euchre.engine.profile import Contract, load_profile

__all__ = [
    "MAX_VALUE",
    "OpenHandPosition",
    "solve_moves",
    "solve_value",
    "warm_up",
]

MAX_VALUE = 100
"""Larger than any hand's points: the search window's infinity."""

IntArray = npt.NDArray[np.int64]

# Tables indexed by trump (0-3): effective suit and power of each card, suit masks.
_SUIT_OF = np.array([EFFECTIVE_SUIT[trump + 1] for trump in range(4)], dtype=np.int64)
_POWER = np.array([POWER[trump] for trump in range(4)], dtype=np.int64)
# _NEXT_HIGHER[trump, card]: the next stronger card of the same effective suit, -1 for the top.
_NEXT_HIGHER = np.full((4, 24), -1, dtype=np.int64)
for _trump in range(4):
    for _card in range(24):
        _suit = EFFECTIVE_SUIT[_trump + 1][_card]
        _stronger = [
            other
            for other in range(24)
            if EFFECTIVE_SUIT[_trump + 1][other] == _suit
            and POWER[_trump][other] > POWER[_trump][_card]
        ]
        if _stronger:
            _NEXT_HIGHER[_trump, _card] = min(_stronger, key=lambda c: POWER[_trump][c])

_TABLE_BITS = 16
_TABLE_SIZE = 1 << _TABLE_BITS


class OpenHandPosition:
    """A position for the solver: all hands known, play in progress.

    ``hands`` are four card masks (a seat sitting out holds 0), ``active`` flags who plays,
    ``trick_cards``/``trick_seats`` the trick in progress (its leader first), ``to_act`` the
    seat to play, ``maker_tricks`` and ``tricks_done`` the tricks so far.
    """

    __slots__ = (
        "active",
        "hands",
        "maker_team",
        "maker_tricks",
        "score_table",
        "to_act",
        "trick_cards",
        "trick_seats",
        "tricks_done",
        "trump",
    )

    def __init__(
        self,
        *,
        hands: list[int],
        trump: int,
        active: tuple[bool, bool, bool, bool] | list[bool],
        to_act: int,
        trick_cards: list[int],
        trick_seats: list[int],
        maker_team: int,
        maker_tricks: int,
        tricks_done: int,
        score_table: IntArray,
    ) -> None:
        if not 0 <= trump <= 3:
            raise ValueError(f"trump must be a suit 0-3, got {trump}")
        if len(hands) != 4:
            raise ValueError(f"need four hands, got {len(hands)}")
        self.hands = hands
        self.trump = trump
        self.active = list(active)
        self.to_act = to_act
        self.trick_cards = trick_cards
        self.trick_seats = trick_seats
        self.maker_team = maker_team
        self.maker_tricks = maker_tricks
        self.tricks_done = tricks_done
        self.score_table = score_table


class _Workspace:
    """Reusable arrays for the compiled search (one per process is enough)."""

    def __init__(self) -> None:
        self.table_keys = np.full(_TABLE_SIZE, -1, dtype=np.int64)
        self.table_low = np.zeros(_TABLE_SIZE, dtype=np.int64)
        self.table_high = np.zeros(_TABLE_SIZE, dtype=np.int64)
        self.generation = 0


_WORKSPACE: _Workspace | None = None


def _workspace() -> _Workspace:
    global _WORKSPACE
    if _WORKSPACE is None:
        _WORKSPACE = _Workspace()
    _WORKSPACE.generation += 1
    return _WORKSPACE


@njit(cache=True)
def _ordered_moves(
    hand: int,
    trump: int,
    trick: IntArray,
    trick_length: int,
    present: int,
    out: IntArray,
) -> int:
    """Legal cards of ``hand`` after equivalence pruning, best-first; returns the count."""
    suit_of = _SUIT_OF[trump]
    power = _POWER[trump]
    legal = hand
    if trick_length > 0:
        legal = follow_suit(hand, trick[0], FOLLOW_MASK[trump + 1])
    count = 0
    remaining = legal
    while remaining != 0:
        low = remaining & -remaining
        card = 0
        while (low >> card) != 1:
            card += 1
        remaining ^= low
        # Skip a card when the next stronger card still in play is also ours.
        higher = _NEXT_HIGHER[trump, card]
        while higher >= 0 and not (present >> higher) & 1:
            higher = _NEXT_HIGHER[trump, higher]
        if higher >= 0 and (legal >> higher) & 1:
            continue
        out[count] = card
        count += 1
    # Order: when leading, strongest first; when following, try the weakest card that wins
    # the trick so far first, then losing cards from the weakest.
    best = -1
    if trick_length > 0:
        led = suit_of[trick[0]]
        for index in range(trick_length):
            played = trick[index]
            value = power[played]
            if value >= 100 or suit_of[played] == led:
                best = max(best, value)
    keys = np.empty(count, dtype=np.int64)
    for index in range(count):
        card = out[index]
        value = power[card]
        if trick_length == 0:
            keys[index] = -value
        else:
            led = suit_of[trick[0]]
            can_win = (value >= 100 or suit_of[card] == led) and value > best
            keys[index] = value if can_win else 1000 + value
    # Insertion sort (at most five cards).
    for index in range(1, count):
        key = keys[index]
        card = out[index]
        position = index - 1
        while position >= 0 and keys[position] > key:
            keys[position + 1] = keys[position]
            out[position + 1] = out[position]
            position -= 1
        keys[position + 1] = key
        out[position + 1] = card
    return count


@njit(cache=True)
def _trick_winner(trick: IntArray, trick_seats: IntArray, players: int, trump: int) -> int:
    """The engine's trick winner (no dead cards in an open-hand search)."""
    suit_of = _SUIT_OF[trump]
    return int(
        trick_winner(trick, trick_seats, players, suit_of[trick[0]], _POWER[trump], suit_of, 0)
    )


# Not cached: numba's on-disk cache of a self-recursive function crashes when loaded back.
@njit(cache=False)
def _search(
    hands: IntArray,
    trump: int,
    active: IntArray,
    seat: int,
    trick: IntArray,
    trick_seats: IntArray,
    trick_length: int,
    maker_team: int,
    maker_tricks: int,
    tricks_done: int,
    score_table: IntArray,
    alpha: int,
    beta: int,
    table_keys: IntArray,
    table_low: IntArray,
    table_high: IntArray,
    generation: int,
) -> int:
    """The makers' points under best play from here, within the window (alpha, beta)."""
    remaining_tricks = 5 - tricks_done
    low_score = int(score_table[maker_tricks])
    high_score = int(score_table[maker_tricks + remaining_tricks])
    if low_score == high_score or remaining_tricks == 0:
        return low_score
    present = hands[0] | hands[1] | hands[2] | hands[3]
    for index in range(trick_length):
        present |= 1 << trick[index]
    slot = 0
    key = 0
    if trick_length == 0:
        key = (generation << 34) | (present << 8) | (seat << 4) | maker_tricks
        slot = (key ^ (key >> 17) ^ (key >> 31)) & (table_keys.shape[0] - 1)
        if table_keys[slot] == key:
            stored_low = int(table_low[slot])
            stored_high = int(table_high[slot])
            if stored_low >= beta:
                return stored_low
            if stored_high <= alpha:
                return stored_high
            alpha = max(alpha, stored_low)
            beta = min(beta, stored_high)
    # Bounds are stored relative to the window actually searched.
    window_alpha = alpha
    window_beta = beta
    moves = np.empty(5, dtype=np.int64)
    count = _ordered_moves(hands[seat], trump, trick, trick_length, present, moves)
    maximizing = seat % 2 == maker_team
    best = -1000 if maximizing else 1000
    players = active[0] + active[1] + active[2] + active[3]
    for index in range(count):
        card = moves[index]
        hands[seat] ^= 1 << card
        trick[trick_length] = card
        trick_seats[trick_length] = seat
        if trick_length + 1 < players:
            following = (seat + 1) % 4
            while active[following] == 0:
                following = (following + 1) % 4
            value = _search(
                hands, trump, active, following, trick, trick_seats, trick_length + 1,
                maker_team, maker_tricks, tricks_done, score_table, alpha, beta,
                table_keys, table_low, table_high, generation,
            )  # fmt: skip
        else:
            winner = _trick_winner(trick, trick_seats, players, trump)
            saved = trick.copy()
            saved_seats = trick_seats.copy()
            value = _search(
                hands, trump, active, winner, trick, trick_seats, 0, maker_team,
                maker_tricks + (1 if winner % 2 == maker_team else 0), tricks_done + 1,
                score_table, alpha, beta, table_keys, table_low, table_high, generation,
            )  # fmt: skip
            trick[:] = saved
            trick_seats[:] = saved_seats
        hands[seat] ^= 1 << card
        if maximizing:
            if value > best:
                best = value
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if trick_length == 0:
        if table_keys[slot] != key:
            table_keys[slot] = key
            table_low[slot] = -1000
            table_high[slot] = 1000
        if best <= window_alpha:
            table_high[slot] = min(table_high[slot], best)
        elif best >= window_beta:
            table_low[slot] = max(table_low[slot], best)
        else:
            table_low[slot] = best
            table_high[slot] = best
    return best


@njit(cache=False)
def _solve_each_move(
    hands: IntArray,
    trump: int,
    active: IntArray,
    seat: int,
    trick: IntArray,
    trick_seats: IntArray,
    trick_length: int,
    maker_team: int,
    maker_tricks: int,
    tricks_done: int,
    score_table: IntArray,
    candidates: IntArray,
    values: IntArray,
    table_keys: IntArray,
    table_low: IntArray,
    table_high: IntArray,
    generation: int,
) -> None:
    """Exact value of each candidate card for ``seat`` (makers' points)."""
    players = active[0] + active[1] + active[2] + active[3]
    for index in range(candidates.shape[0]):
        card = candidates[index]
        hands[seat] ^= 1 << card
        trick[trick_length] = card
        trick_seats[trick_length] = seat
        if trick_length + 1 < players:
            following = (seat + 1) % 4
            while active[following] == 0:
                following = (following + 1) % 4
            values[index] = _search(
                hands, trump, active, following, trick, trick_seats, trick_length + 1,
                maker_team, maker_tricks, tricks_done, score_table, -1000, 1000,
                table_keys, table_low, table_high, generation,
            )  # fmt: skip
        else:
            saved = trick.copy()
            saved_seats = trick_seats.copy()
            winner = _trick_winner(trick, trick_seats, players, trump)
            values[index] = _search(
                hands, trump, active, winner, trick, trick_seats, 0, maker_team,
                maker_tricks + (1 if winner % 2 == maker_team else 0), tricks_done + 1,
                score_table, -1000, 1000, table_keys, table_low, table_high, generation,
            )  # fmt: skip
            trick[:] = saved
            trick_seats[:] = saved_seats
        hands[seat] ^= 1 << card


@njit(cache=False)
def _root_value(
    hands: IntArray,
    trump: int,
    active: IntArray,
    seat: int,
    trick: IntArray,
    trick_seats: IntArray,
    trick_length: int,
    maker_team: int,
    maker_tricks: int,
    tricks_done: int,
    score_table: IntArray,
    table_keys: IntArray,
    table_low: IntArray,
    table_high: IntArray,
    generation: int,
) -> int:
    """The exact value of the position (a compiled entry point, so the search has one type)."""
    return _search(
        hands, trump, active, seat, trick, trick_seats, trick_length, maker_team,
        maker_tricks, tricks_done, score_table, -1000, 1000, table_keys, table_low,
        table_high, generation,
    )  # fmt: skip


def _arrays(position: OpenHandPosition) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    hands = np.array(
        [hand if position.active[seat] else 0 for seat, hand in enumerate(position.hands)],
        dtype=np.int64,
    )
    active = np.array([1 if flag else 0 for flag in position.active], dtype=np.int64)
    trick = np.zeros(4, dtype=np.int64)
    trick_seats = np.zeros(4, dtype=np.int64)
    for index, (card, seat) in enumerate(
        zip(position.trick_cards, position.trick_seats, strict=True)
    ):
        trick[index] = card
        trick_seats[index] = seat
    return hands, active, trick, trick_seats


def solve_moves(position: OpenHandPosition, cards: list[int]) -> list[int]:
    """The makers' points after each of ``cards`` played by ``position.to_act``, best play on.

    Every card must be legal for the seat to act; the values are exact for this world.
    """
    hands, active, trick, trick_seats = _arrays(position)
    seat = position.to_act
    for card in cards:
        if not (hands[seat] >> card) & 1:
            raise ValueError(f"card {card} is not in seat {seat}'s hand")
    work = _workspace()
    candidates = np.array(cards, dtype=np.int64)
    values = np.zeros(len(cards), dtype=np.int64)
    _solve_each_move(
        hands,
        position.trump,
        active,
        seat,
        trick,
        trick_seats,
        len(position.trick_cards),
        position.maker_team,
        position.maker_tricks,
        position.tricks_done,
        position.score_table,
        candidates,
        values,
        work.table_keys,
        work.table_low,
        work.table_high,
        work.generation,
    )
    return [int(value) for value in values]


def solve_value(position: OpenHandPosition) -> int:
    """The makers' points from ``position`` under best play by all seats."""
    hands, active, trick, trick_seats = _arrays(position)
    work = _workspace()
    return int(
        _root_value(
            hands,
            position.trump,
            active,
            position.to_act,
            trick,
            trick_seats,
            len(position.trick_cards),
            position.maker_team,
            position.maker_tricks,
            position.tricks_done,
            position.score_table,
            work.table_keys,
            work.table_low,
            work.table_high,
            work.generation,
        )
    )


def warm_up() -> None:
    """Compile the search now (first use otherwise pays 10-20 seconds of numba compilation)."""
    table = np.array(load_profile("valpo").score_table[Contract.PARTNERS], dtype=np.int64)
    hands = [0b11111, 0b11111 << 5, 0b11111 << 10, 0b11111 << 15]
    position = OpenHandPosition(
        hands=hands,
        trump=0,
        active=(True, True, True, True),
        to_act=0,
        trick_cards=[],
        trick_seats=[],
        maker_team=0,
        maker_tricks=0,
        tricks_done=0,
        score_table=table,
    )
    solve_value(position)
    solve_moves(position, [0])
