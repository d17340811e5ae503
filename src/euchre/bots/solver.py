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

import hashlib
import inspect
import itertools
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

import numpy as np
import numpy.typing as npt
from numba import njit
from numba.core.caching import FunctionCache, NullCache

from euchre.engine import cards, compiled_rules, rules
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

_LOG = logging.getLogger(__name__)

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

# Constant arguments of the calls to _search, as numpy scalars: numba types them int64, where a
# plain ``-1`` or ``0`` would be typed as a literal and compile _search once more for it. One
# signature is what lets the on-disk cache load the recursive search back (see _search). Typed
# as ``int`` for mypy, which is what they stand for.
_ALL = cast(int, np.int64(-1))
_NONE = cast(int, np.int64(0))
_LOWEST = cast(int, np.int64(-1000))
_HIGHEST = cast(int, np.int64(1000))

_TABLE_BITS = 16
_TABLE_SIZE = 1 << _TABLE_BITS


@dataclass(slots=True, kw_only=True, eq=False)
class OpenHandPosition:
    """A position for the solver: all hands known, play in progress.

    ``hands`` are four card masks (a seat sitting out holds 0), ``active`` flags who plays,
    ``trick_cards``/``trick_seats`` the trick in progress (its leader first), ``to_act`` the
    seat to play, ``maker_tricks`` and ``tricks_done`` the tricks so far.
    """

    hands: list[int]
    trump: int
    active: Sequence[bool]
    to_act: int
    trick_cards: list[int]
    trick_seats: list[int]
    maker_team: int
    maker_tricks: int
    tricks_done: int
    score_table: IntArray

    def __post_init__(self) -> None:
        if not 0 <= self.trump <= 3:
            raise ValueError(f"trump must be a suit 0-3, got {self.trump}")
        if len(self.hands) != 4:
            raise ValueError(f"need four hands, got {len(self.hands)}")
        self.active = list(self.active)


class _Workspace:
    """Reusable arrays for the compiled search (one per process is enough)."""

    def __init__(self) -> None:
        # The transposition table: rows of keys, lower bounds and upper bounds.
        self.table = np.zeros((3, _TABLE_SIZE), dtype=np.int64)
        self.table[_KEY] = -1
        self.generations = itertools.count(1)
        """Each search's own generation: ``next`` on a count is atomic under the GIL, so two
        threads solving at once (bots of two tables in one server) never share one."""


_KEY, _LOW, _HIGH = 0, 1, 2
"""Rows of the transposition table."""

_WORKSPACE: _Workspace | None = None


def _workspace() -> _Workspace:
    global _WORKSPACE
    if _WORKSPACE is None:
        _WORKSPACE = _Workspace()
    return _WORKSPACE


class _World(NamedTuple):
    """What one search shares down its recursion: the world's cards and contract, the trick
    being built (filled in place), and the transposition table (compiled as a numba tuple)."""

    hands: IntArray
    trump: int
    active: IntArray
    players: int
    trick: IntArray
    """The cards of each trick (a row by trick index, the leader's first)."""
    trick_seats: IntArray
    """Who played them."""
    maker_team: int
    score_table: IntArray
    table: IntArray
    generation: int


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


# Cached on disk. numba's cache of a self-recursive function compiled for several signatures
# crashes (segfault) when loaded back, one specialisation calling another (numba issue 6061).
# Every call of _search passes int64 arguments only (see _ALL), so it has one signature; a test
# checks that it stays so.
@njit(cache=True)
def _search(
    world: _World,
    seat: int,
    trick_length: int,
    maker_tricks: int,
    tricks_done: int,
    alpha: int,
    beta: int,
    only: int,
) -> int:
    """The makers' points under best play from here, within the window (alpha, beta).

    ``only`` masks the cards ``seat`` may try here: -1 for all; one legal card to value that
    card (the root of :func:`solve_moves`; such a node stays out of the transposition table).
    """
    score_table = world.score_table
    remaining_tricks = 5 - tricks_done
    low_score = int(score_table[maker_tricks])
    high_score = int(score_table[maker_tricks + remaining_tricks])
    if low_score == high_score or remaining_tricks == 0:
        return low_score
    hands = world.hands
    trick = world.trick[tricks_done]
    trick_seats = world.trick_seats[tricks_done]
    table = world.table
    present = hands[0] | hands[1] | hands[2] | hands[3]
    for index in range(trick_length):
        present |= 1 << trick[index]
    slot = 0
    key = 0
    use_table = trick_length == 0 and only == -1
    if use_table:
        key = (world.generation << 34) | (present << 8) | (seat << 4) | maker_tricks
        slot = (key ^ (key >> 17) ^ (key >> 31)) & (table.shape[1] - 1)
        if table[_KEY, slot] == key:
            stored_low = int(table[_LOW, slot])
            stored_high = int(table[_HIGH, slot])
            if stored_low >= beta:
                return stored_low
            if stored_high <= alpha:
                return stored_high
            alpha = max(alpha, stored_low)
            beta = min(beta, stored_high)
            if alpha >= beta:
                # The stored bounds meet: the value is known. Searching the empty window
                # instead would return the first child's bound, not the value.
                return stored_low
    # Bounds are stored relative to the window actually searched.
    window_alpha = alpha
    window_beta = beta
    moves = np.empty(5, dtype=np.int64)
    count = _ordered_moves(hands[seat] & only, world.trump, trick, trick_length, present, moves)
    maximizing = seat % 2 == world.maker_team
    best = -1000 if maximizing else 1000
    for index in range(count):
        card = moves[index]
        hands[seat] ^= 1 << card
        # This trick's row: a later trick has its own, so nothing needs restoring.
        trick[trick_length] = card
        trick_seats[trick_length] = seat
        if trick_length + 1 < world.players:
            following = (seat + 1) % 4
            while world.active[following] == 0:
                following = (following + 1) % 4
            value = _search(
                world, following, trick_length + 1, maker_tricks, tricks_done, alpha, beta, _ALL
            )
        else:
            winner = _trick_winner(trick, trick_seats, world.players, world.trump)
            won = 1 if winner % 2 == world.maker_team else 0
            value = _search(
                world, winner, _NONE, maker_tricks + won, tricks_done + 1, alpha, beta, _ALL
            )
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
    if use_table:
        if table[_KEY, slot] != key:
            table[_KEY, slot] = key
            table[_LOW, slot] = -1000
            table[_HIGH, slot] = 1000
        if best <= window_alpha:
            table[_HIGH, slot] = min(table[_HIGH, slot], best)
        elif best >= window_beta:
            table[_LOW, slot] = max(table[_LOW, slot], best)
        else:
            table[_LOW, slot] = best
            table[_HIGH, slot] = best
    return best


@njit(cache=True)
def _solve_each_move(
    world: _World,
    seat: int,
    trick_length: int,
    maker_tricks: int,
    tricks_done: int,
    candidates: IntArray,
    values: IntArray,
) -> None:
    """Exact value of each candidate card for ``seat`` (makers' points)."""
    for index in range(candidates.shape[0]):
        only = 1 << candidates[index]
        values[index] = _search(
            world, seat, trick_length, maker_tricks, tricks_done, _LOWEST, _HIGHEST, only
        )


@njit(cache=True)
def _root_value(
    world: _World, seat: int, trick_length: int, maker_tricks: int, tricks_done: int
) -> int:
    """The exact value of the position (a compiled entry point, so the search has one type)."""
    return _search(world, seat, trick_length, maker_tricks, tricks_done, _LOWEST, _HIGHEST, _ALL)


def _world(position: OpenHandPosition) -> _World:
    """The position's arrays for the compiled search, with this search's table generation."""
    hands = np.array(
        [hand if position.active[seat] else 0 for seat, hand in enumerate(position.hands)],
        dtype=np.int64,
    )
    active = np.array([1 if flag else 0 for flag in position.active], dtype=np.int64)
    trick = np.zeros((5, 4), dtype=np.int64)
    trick_seats = np.zeros((5, 4), dtype=np.int64)
    for index, (card, seat) in enumerate(
        zip(position.trick_cards, position.trick_seats, strict=True)
    ):
        trick[position.tricks_done, index] = card
        trick_seats[position.tricks_done, index] = seat
    work = _workspace()
    return _World(
        hands,
        position.trump,
        active,
        int(active.sum()),
        trick,
        trick_seats,
        position.maker_team,
        position.score_table,
        work.table,
        next(work.generations),
    )


def solve_moves(position: OpenHandPosition, cards: list[int]) -> list[int]:
    """The makers' points after each of ``cards`` played by ``position.to_act``, best play on.

    Every card must be legal for the seat to act; the values are exact for this world.
    """
    if not _READY:
        warm_up()
    world = _world(position)
    seat = position.to_act
    for card in cards:
        if not (world.hands[seat] >> card) & 1:
            raise ValueError(f"card {card} is not in seat {seat}'s hand")
    values = np.zeros(len(cards), dtype=np.int64)
    _solve_each_move(
        world,
        seat,
        len(position.trick_cards),
        position.maker_tricks,
        position.tricks_done,
        np.array(cards, dtype=np.int64),
        values,
    )
    return [int(value) for value in values]


def solve_value(position: OpenHandPosition) -> int:
    """The makers' points from ``position`` under best play by all seats."""
    if not _READY:
        warm_up()
    world = _world(position)
    return int(
        _root_value(
            world,
            position.to_act,
            len(position.trick_cards),
            position.maker_tricks,
            position.tricks_done,
        )
    )


_COMPILED = (_ordered_moves, _trick_winner, _search, _solve_each_move, _root_value)
"""The solver's compiled functions; with the shared rules they call, those it caches on disk."""


def _rules_digest() -> str | None:
    """A digest of the sources the compiled search depends on besides this file: the rules it
    calls and the card tables it reads (numba's cache only notices this file changing). None
    when a source cannot be read (an install without ``.py`` files)."""
    digest = hashlib.sha256()
    for module in (cards, rules, compiled_rules):
        try:
            digest.update(inspect.getsource(module).encode())
        except (OSError, TypeError):
            return None
    return digest.hexdigest()


_RULES_DIGEST = _rules_digest()


class _RulesAwareCache(FunctionCache):
    """numba's on-disk function cache, its entries keyed by :data:`_RULES_DIGEST` as well, so
    a change to the rules or card tables compiles the search afresh instead of loading it."""

    def __init__(self, py_func: Any) -> None:
        super().__init__(py_func)  # type: ignore[no-untyped-call]  # numba is untyped here

    def _index_key(self, sig: Any, codegen: Any) -> tuple[Any, ...]:
        key = super()._index_key(sig, codegen)  # type: ignore[no-untyped-call]
        return (*key, _RULES_DIGEST)


for _dispatcher in cast(tuple[Any, ...], _COMPILED):
    # Without the digest an entry could be stale: compile in each process instead.
    _dispatcher._cache = (
        NullCache() if _RULES_DIGEST is None else _RulesAwareCache(_dispatcher.py_func)
    )

_READY = False
_READY_LOCK = threading.Lock()


def warm_up() -> None:
    """Compile the search now, or load it from numba's on-disk cache; idempotent.

    The first solve in a process calls this itself, so a caller only chooses when to pay:
    compiling takes 3 seconds of CPU (10-20 seconds of waiting on a busy two-core machine),
    loading the cache under one second. A cache that cannot be read back (a truncated or
    garbled file) is emptied and the search compiled afresh, so it never fails a solve.
    Thread-safe: a second caller waits for the first.
    """
    global _READY
    if _READY:
        return
    with _READY_LOCK:
        if _READY:
            return
        try:
            _sample_solves()
        except Exception as error:  # an unreadable cache file: unpickling or loading failed
            _LOG.warning("numba cache of the solver unreadable (%s); compiling afresh", error)
            _drop_caches()
            _sample_solves()
        _READY = True


def _drop_caches() -> None:
    """Empty the on-disk caches of the solver and the rules it calls (or stop using them)."""
    dispatchers: tuple[Any, ...] = (*_COMPILED, follow_suit, trick_winner)
    for dispatcher in dispatchers:  # numba's Dispatcher: its cache is a private attribute
        try:
            dispatcher._cache.flush()
        except OSError:  # not writable after all: compile in memory only
            dispatcher._cache = NullCache()


def _sample_solves() -> None:
    """Solve one position both ways, which compiles (or loads) every entry point."""
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
    world = _world(position)
    _root_value(world, 0, 0, 0, 0)
    _solve_each_move(world, 0, 0, 0, 0, np.array([0], dtype=np.int64), np.zeros(1, np.int64))
