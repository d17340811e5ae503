"""Batch random play compiled by numba: the hand's flow over a flat array, for simulation.

:class:`~euchre.engine.state.HandState` is the engine the product uses (records, web, bots).
This module drives the same hand — deal, both bidding rounds, going under, defending alone,
the dealer's discard, folding, play and scoring — over a flat ``int64`` array so that numba
can play millions of hands in one call (``bench/notes/engine-speed.md`` says why it exists). It
owns no rule of its own where one can be shared: following suit and the trick winner are the
functions of :mod:`euchre.engine.rules` compiled (:mod:`euchre.engine.compiled_rules`), and
the score is the profile's own :attr:`~euchre.engine.profile.RuleProfile.score_table`,
passed in the parameter array. It uses the same action codes as
:class:`~euchre.engine.actions.Action`, lists legal actions in the same order, and is proved
equal to ``HandState`` by ``tests/engine/test_kernel.py``, which tries every value of every
option whose metadata says it affects play (``PLAY_OPTIONS``); :func:`kernel_parameters`
refuses a profile option that affects play and that it does not read.

The record actions of :mod:`euchre.engine.irregular_play` (forfeited bids, a cancelled lone
call, early leads, exposed cards, a missed discard, question-pile asks) are not modelled here:
they are never legal actions, only irregularities a director writes into a hand record, and
random legal play never produces them.

Importing this module imports numba (slow, about a second): import it only where it is used.
The rule options that matter for play are passed as an ``int64`` array built by
:func:`kernel_parameters`. Dealing style and the cut do not change the distribution of a
uniformly shuffled deal, so :func:`play_random_hands` deals by a plain shuffle.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from euchre.engine import actions as codes
from euchre.engine import compiled_rules as rules
from euchre.engine.cards import SUIT_MASK
from euchre.engine.errors import RuleProfileError
from euchre.engine.profile import PLAY_OPTIONS, SCORE_TABLE_OPTIONS, Contract, RuleProfile
from euchre.engine.state import HandState, Phase

__all__ = [
    "KERNEL_OPTIONS",
    "KernelHand",
    "Parameter",
    "Slot",
    "apply_action",
    "hand_result",
    "kernel_parameters",
    "legal_actions",
    "new_state",
    "play_random_hands",
    "start_hand",
]

Function = TypeVar("Function", bound=Callable[..., Any])
IntArray = npt.NDArray[np.int64]


def _compiled(function: Function) -> Function:
    """``numba.njit`` with an on-disk cache, typed for mypy."""
    return cast(Function, numba.njit(cache=True, nogil=True)(function))


class Parameter(enum.IntEnum):
    """Indices into the parameter array (the profile's options as ints)."""

    STICK_THE_DEALER = 0
    GOING_ALONE = 1
    DEALER_NEEDS_OTHER_TRUMP = 2
    DEALER_PARTNER_MUST_GO_ALONE = 3
    NATURAL_TRUMP = 4
    DEFEND_ALONE = 5
    FARMERS_HAND_REDEAL = 6
    FOLD_WITHOUT_ACE_FACE_TRUMP = 7
    GOING_UNDER = 8
    DEALER_MAY_DISCARD_UP_CARD = 9
    INDIVIDUAL_LONE_MARCH_MAKER = 10
    INDIVIDUAL_LONE_MARCH_PARTNER = 11
    SCORE_TABLE = 12
    """The profile's score table, row by row (3 contracts x 6 trick counts)."""
    LONE_HAND_LEAD_LEFT_OF_LONER = 30
    """1 when the player on the lone caller's left leads a lone hand's first trick."""
    SIZE = 31


class Slot(enum.IntEnum):
    """Indices into the state array."""

    PHASE = 0
    TO_ACT = 1
    DEALER = 2
    UP_CARD = 3
    TRUMP = 4
    MAKER = 5
    ALONE = 6
    DEFENDER_ALONE = 7
    HANDS = 8  # four masks
    ACTIVE = 12  # four flags
    PICKED_UP = 16
    DISCARDED = 17
    BID_PASSES = 18
    LEADER = 19
    TRICK_LENGTH = 20
    TRICK_CARDS = 21  # four cards
    TRICK_SEATS = 25  # four seats
    TRICK_COUNT = 29
    TRICK_WINNERS = 30  # five seats
    STATUS = 35  # 0 in progress, then STATUS_* below
    KITTY = 36  # three cards
    PENDING_HEAD = 39
    PENDING_LENGTH = 40
    PENDING = 41  # up to four seats (defenders, folders or going-under seats)
    PLAYED_MASK = 45
    SIZE = 46


# Phases: the int values of euchre.engine.state.Phase, in its order.
GO_UNDER, BID_ROUND_1, BID_ROUND_2, DEFEND, DISCARD, FOLD, PLAY, OVER = (int(p) for p in Phase)

STATUS_SCORED = 1
STATUS_THROWN_IN = 2
STATUS_REDEAL = 3

_STATE_SIZE = int(Slot.SIZE)

MAX_LEGAL = 16
"""Room for the longest legal list (pass plus ten ``go under`` triples)."""

_PASS = codes.PASS
_ORDER = codes.ORDER
_ORDER_ALONE = codes.ORDER_ALONE
_CALL_BASE = codes.CALL_BASE
_CALL_ALONE_BASE = codes.CALL_ALONE_BASE
_DISCARD_BASE = codes.DISCARD_BASE
_DEFEND_ALONE = codes.DEFEND_ALONE
_FOLD = codes.FOLD
_GO_UNDER_FLAG = codes.GO_UNDER_FLAG

_SUIT_MASK = np.array(SUIT_MASK, dtype=np.int64)

_PARTNER_ALONE_ORDER_OR_CALL = 1
_DEALER_PARTNER_ALONE_CODES = {"never": 0, "order_or_call": 1, "order_up": 2}
"""``dealer_partner_must_go_alone`` as the kernel's parameter: 0 never, 1 in both bidding
rounds, 2 only when ordering up in round 1 (any non-zero binds round 1)."""


_OPTION_PARAMETERS: dict[str, tuple[Parameter, Callable[[Any], int]]] = {
    "all_pass": (Parameter.STICK_THE_DEALER, lambda value: int(value == "stick_the_dealer")),
    "going_alone": (Parameter.GOING_ALONE, int),
    "dealer_needs_other_trump": (Parameter.DEALER_NEEDS_OTHER_TRUMP, int),
    "dealer_partner_must_go_alone": (
        Parameter.DEALER_PARTNER_MUST_GO_ALONE,
        lambda value: _DEALER_PARTNER_ALONE_CODES[value],
    ),
    "natural_trump": (Parameter.NATURAL_TRUMP, int),
    "defend_alone": (Parameter.DEFEND_ALONE, int),
    "farmers_hand_redeal": (Parameter.FARMERS_HAND_REDEAL, int),
    "fold_without_ace_face_trump": (Parameter.FOLD_WITHOUT_ACE_FACE_TRUMP, int),
    "going_under": (Parameter.GOING_UNDER, int),
    "dealer_may_discard_up_card": (Parameter.DEALER_MAY_DISCARD_UP_CARD, int),
    "individual_lone_march_maker": (Parameter.INDIVIDUAL_LONE_MARCH_MAKER, int),
    "individual_lone_march_partner": (Parameter.INDIVIDUAL_LONE_MARCH_PARTNER, int),
    "lone_hand_lead": (
        Parameter.LONE_HAND_LEAD_LEFT_OF_LONER,
        lambda value: int(value == "left_of_loner"),
    ),
}
"""The options the kernel reads one by one: option name -> (parameter slot, encoder)."""

KERNEL_OPTIONS = frozenset(_OPTION_PARAMETERS) | frozenset(SCORE_TABLE_OPTIONS)
"""Every option the kernel reads (directly, or through the profile's score table)."""


def kernel_parameters(profile: RuleProfile) -> IntArray:
    """The profile's play options (``PLAY_OPTIONS``) and score table as the parameter array.

    An option whose metadata says it affects play but that the kernel does not read raises
    :class:`RuleProfileError`: the kernel would play another game than ``HandState``.
    """
    missing = [name for name in PLAY_OPTIONS if name not in KERNEL_OPTIONS]
    if missing:
        raise RuleProfileError(
            f"profile option {missing[0]!r} affects play but the numba kernel does not read it; "
            "teach euchre.engine.kernel the rule (tests/engine/test_kernel.py tries its values)"
        )
    values = np.zeros(Parameter.SIZE, dtype=np.int64)
    for name, (slot, encode) in _OPTION_PARAMETERS.items():
        values[slot] = encode(getattr(profile, name))
    table = [points for row in profile.score_table for points in row]
    values[Parameter.SCORE_TABLE : Parameter.SCORE_TABLE + len(table)] = table
    return values


def new_state() -> IntArray:
    """An empty state array (fill it with :func:`start_hand`)."""
    return np.zeros(Slot.SIZE, dtype=np.int64)


# --------------------------------------------------------------------------- helpers
@_compiled
def _popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@_compiled
def _lowest_card(mask: int) -> int:
    card = 0
    while not (mask >> card) & 1:
        card += 1
    return card


@_compiled
def _finish(state: IntArray, status: int) -> None:
    state[Slot.PHASE] = OVER
    state[Slot.STATUS] = status
    state[Slot.TO_ACT] = -1


@_compiled
def _pending_clear(state: IntArray) -> None:
    state[Slot.PENDING_HEAD] = 0
    state[Slot.PENDING_LENGTH] = 0


@_compiled
def _pending_push(state: IntArray, seat: int) -> None:
    state[Slot.PENDING + state[Slot.PENDING_LENGTH]] = seat
    state[Slot.PENDING_LENGTH] += 1


@_compiled
def _to_next_pending(state: IntArray) -> bool:
    """The next seat waiting to answer (defend alone, fold, go under) is to act; False when
    none is left."""
    if state[Slot.PENDING_HEAD] < state[Slot.PENDING_LENGTH]:
        state[Slot.TO_ACT] = state[Slot.PENDING + state[Slot.PENDING_HEAD]]
        return True
    return False


@_compiled
def _ask_pending(state: IntArray, phase: int) -> bool:
    """Enter ``phase`` with the first waiting seat to act; False (nothing changed) when no
    seat waits."""
    if _to_next_pending(state):
        state[Slot.PHASE] = phase
        return True
    return False


@_compiled
def _start_play(state: IntArray, parameters: IntArray) -> None:
    state[Slot.PHASE] = PLAY
    seat = (state[Slot.DEALER] + 1) % 4
    if state[Slot.ALONE] and parameters[Parameter.LONE_HAND_LEAD_LEFT_OF_LONER]:
        seat = (state[Slot.MAKER] + 1) % 4
    while not state[Slot.ACTIVE + seat]:
        seat = (seat + 1) % 4
    state[Slot.LEADER] = seat
    state[Slot.TO_ACT] = seat


@_compiled
def _after_discard(state: IntArray, parameters: IntArray) -> None:
    if parameters[Parameter.FOLD_WITHOUT_ACE_FACE_TRUMP]:
        trump = state[Slot.TRUMP]
        trump_cards = _SUIT_MASK[trump + 1, trump]
        _pending_clear(state)
        for offset in range(1, 5):
            seat = (state[Slot.DEALER] + offset) % 4
            hand = state[Slot.HANDS + seat]
            if state[Slot.ACTIVE + seat] and rules.may_fold(hand, trump_cards):
                _pending_push(state, seat)
        if _ask_pending(state, FOLD):
            return
    _start_play(state, parameters)


@_compiled
def _after_defend(state: IntArray, parameters: IntArray) -> None:
    dealer = state[Slot.DEALER]
    if state[Slot.PICKED_UP] and not state[Slot.ACTIVE + dealer]:
        # The dealer now sits out (his partner defends alone): the up-card goes back.
        state[Slot.HANDS + dealer] &= ~(1 << state[Slot.UP_CARD])
        state[Slot.PICKED_UP] = 0
    if state[Slot.PICKED_UP]:
        state[Slot.PHASE] = DISCARD
        state[Slot.TO_ACT] = dealer
        return
    _after_discard(state, parameters)


@_compiled
def _make_trump(
    state: IntArray, parameters: IntArray, seat: int, suit: int, alone: bool, ordered: bool
) -> None:
    dealer = state[Slot.DEALER]
    state[Slot.TRUMP] = suit
    state[Slot.MAKER] = seat
    state[Slot.ALONE] = alone
    if alone:
        state[Slot.ACTIVE + (seat + 2) % 4] = 0
    if ordered and state[Slot.ACTIVE + dealer]:
        state[Slot.HANDS + dealer] |= 1 << state[Slot.UP_CARD]
        state[Slot.PICKED_UP] = 1
    if alone and ordered and parameters[Parameter.DEFEND_ALONE]:
        # Opponents after the maker in round-1 bidding order (from eldest) may defend alone;
        # in round 2 everyone has passed once, and a player who passed may not (sheet 004).
        _pending_clear(state)
        eldest = (dealer + 1) % 4
        position = (seat - eldest) % 4
        for later in range(position + 1, 4):
            other = (eldest + later) % 4
            if other % 2 != seat % 2:
                _pending_push(state, other)
        if _ask_pending(state, DEFEND):
            return
    _after_defend(state, parameters)


# --------------------------------------------------------------------------- public core
@_compiled
def start_hand(
    state: IntArray,
    parameters: IntArray,
    dealer: int,
    hands: IntArray,
    up_card: int,
    kitty: IntArray,
) -> None:
    """Fill ``state`` with a fresh deal: four hand masks, the up-card, the kitty's 3 cards."""
    state[:] = 0
    state[Slot.DEALER] = dealer
    state[Slot.UP_CARD] = up_card
    state[Slot.TRUMP] = -1
    state[Slot.MAKER] = -1
    state[Slot.DEFENDER_ALONE] = -1
    state[Slot.DISCARDED] = -1
    state[Slot.LEADER] = -1
    for seat in range(4):
        state[Slot.HANDS + seat] = hands[seat]
        state[Slot.ACTIVE + seat] = 1
    for index in range(3):
        state[Slot.KITTY + index] = kitty[index]
    state[Slot.TO_ACT] = (dealer + 1) % 4
    state[Slot.PHASE] = BID_ROUND_1
    if parameters[Parameter.FARMERS_HAND_REDEAL]:
        for offset in range(1, 5):
            if rules.is_farmers_hand(hands[(dealer + offset) % 4]):
                _finish(state, STATUS_REDEAL)
                return
    if parameters[Parameter.GOING_UNDER]:
        for offset in range(1, 5):
            seat = (dealer + offset) % 4
            if rules.is_farmers_hand(hands[seat]):
                _pending_push(state, seat)
        _ask_pending(state, GO_UNDER)


@_compiled
def legal_actions(state: IntArray, parameters: IntArray, out: IntArray) -> int:
    """Write the legal action codes into ``out`` (in ``HandState``'s order); return the count."""
    phase = state[Slot.PHASE]
    seat = state[Slot.TO_ACT]
    count = 0
    if phase == PLAY:
        hand = state[Slot.HANDS + seat]
        if state[Slot.TRICK_LENGTH]:
            hand = rules.follow_suit(
                hand, state[Slot.TRICK_CARDS], rules.FOLLOW_MASK[state[Slot.TRUMP] + 1]
            )
        while hand:
            low = hand & -hand
            out[count] = _lowest_card(low)
            count += 1
            hand ^= low
        return count
    if phase == BID_ROUND_1:
        dealer = state[Slot.DEALER]
        up_suit = state[Slot.UP_CARD] // 6
        hand = state[Slot.HANDS + seat]
        may_order = rules.may_order_up(
            hand,
            state[Slot.UP_CARD],
            rules.FOLLOW_MASK[up_suit + 1],
            seat == dealer,
            parameters[Parameter.NATURAL_TRUMP] != 0,
            parameters[Parameter.DEALER_NEEDS_OTHER_TRUMP] != 0,
        )
        out[0] = _PASS
        count = 1
        if may_order:
            if not (
                parameters[Parameter.DEALER_PARTNER_MUST_GO_ALONE] and seat == (dealer + 2) % 4
            ):
                out[count] = _ORDER
                count += 1
            if parameters[Parameter.GOING_ALONE]:
                out[count] = _ORDER_ALONE
                count += 1
        return count
    if phase == BID_ROUND_2:
        turned = state[Slot.UP_CARD] // 6
        dealer = state[Slot.DEALER]
        if not (seat == dealer and parameters[Parameter.STICK_THE_DEALER]):
            out[0] = _PASS
            count = 1
        if not (
            parameters[Parameter.DEALER_PARTNER_MUST_GO_ALONE] == _PARTNER_ALONE_ORDER_OR_CALL
            and seat == (dealer + 2) % 4
        ):
            for suit in range(4):
                if suit != turned:
                    out[count] = _CALL_BASE + suit
                    count += 1
        if parameters[Parameter.GOING_ALONE]:
            for suit in range(4):
                if suit != turned:
                    out[count] = _CALL_ALONE_BASE + suit
                    count += 1
        return count
    if phase == DISCARD:
        hand = state[Slot.HANDS + state[Slot.DEALER]]
        if not parameters[Parameter.DEALER_MAY_DISCARD_UP_CARD]:
            hand &= ~(1 << state[Slot.UP_CARD])
        while hand:
            low = hand & -hand
            out[count] = _DISCARD_BASE + _lowest_card(low)
            count += 1
            hand ^= low
        return count
    if phase == DEFEND:
        out[0] = _PASS
        out[1] = _DEFEND_ALONE
        return 2
    if phase == FOLD:
        out[0] = _PASS
        out[1] = _FOLD
        return 2
    if phase == GO_UNDER:
        out[0] = _PASS
        count = 1
        cards = np.empty(5, dtype=np.int64)
        size = 0
        hand = state[Slot.HANDS + seat]
        while hand:
            low = hand & -hand
            cards[size] = low
            size += 1
            hand ^= low
        # Three-card combinations in lexicographic order, as itertools.combinations gives.
        for first in range(size):
            for second in range(first + 1, size):
                for third in range(second + 1, size):
                    out[count] = _GO_UNDER_FLAG | cards[first] | cards[second] | cards[third]
                    count += 1
        return count
    return 0


@_compiled
def _apply_play(state: IntArray, seat: int, card: int) -> None:
    state[Slot.HANDS + seat] &= ~(1 << card)
    state[Slot.PLAYED_MASK] |= 1 << card
    length = state[Slot.TRICK_LENGTH]
    state[Slot.TRICK_CARDS + length] = card
    state[Slot.TRICK_SEATS + length] = seat
    length += 1
    state[Slot.TRICK_LENGTH] = length
    active = (
        state[Slot.ACTIVE]
        + state[Slot.ACTIVE + 1]
        + state[Slot.ACTIVE + 2]
        + state[Slot.ACTIVE + 3]
    )
    if length < active:
        following = (seat + 1) % 4
        while not state[Slot.ACTIVE + following]:
            following = (following + 1) % 4
        state[Slot.TO_ACT] = following
        return
    trump = state[Slot.TRUMP]
    suit_of = rules.EFFECTIVE_SUIT[trump + 1]
    winner = rules.trick_winner(
        state[Slot.TRICK_CARDS : Slot.TRICK_CARDS + 4],
        state[Slot.TRICK_SEATS : Slot.TRICK_SEATS + 4],
        length,
        suit_of[state[Slot.TRICK_CARDS]],
        rules.POWER[trump],
        suit_of,
        0,
    )
    state[Slot.TRICK_WINNERS + state[Slot.TRICK_COUNT]] = winner
    state[Slot.TRICK_COUNT] += 1
    state[Slot.TRICK_LENGTH] = 0
    if state[Slot.TRICK_COUNT] == 5:
        _finish(state, STATUS_SCORED)
        return
    state[Slot.LEADER] = winner
    state[Slot.TO_ACT] = winner


@_compiled
def apply_action(state: IntArray, parameters: IntArray, action: int) -> None:
    """Apply a legal action code (unchecked, like ``HandState.apply``)."""
    phase = state[Slot.PHASE]
    seat = state[Slot.TO_ACT]
    dealer = state[Slot.DEALER]
    if phase == PLAY:
        _apply_play(state, seat, action)
    elif phase == BID_ROUND_1:
        if action == _PASS:
            state[Slot.BID_PASSES] += 1
            if state[Slot.BID_PASSES] == 4:
                state[Slot.PHASE] = BID_ROUND_2
                state[Slot.BID_PASSES] = 0
                state[Slot.TO_ACT] = (dealer + 1) % 4
            else:
                state[Slot.TO_ACT] = (seat + 1) % 4
        else:
            _make_trump(
                state, parameters, seat, state[Slot.UP_CARD] // 6, action == _ORDER_ALONE, True
            )
    elif phase == BID_ROUND_2:
        if action == _PASS:
            state[Slot.BID_PASSES] += 1
            if state[Slot.BID_PASSES] == 4:
                _finish(state, STATUS_THROWN_IN)
            else:
                state[Slot.TO_ACT] = (seat + 1) % 4
        else:
            alone = action >= _CALL_ALONE_BASE
            suit = action - (_CALL_ALONE_BASE if alone else _CALL_BASE)
            _make_trump(state, parameters, seat, suit, alone, False)
    elif phase == DISCARD:
        card = action - _DISCARD_BASE
        state[Slot.HANDS + seat] &= ~(1 << card)
        state[Slot.DISCARDED] = card
        _after_discard(state, parameters)
    elif phase == DEFEND:
        if action == _DEFEND_ALONE:
            state[Slot.DEFENDER_ALONE] = seat
            state[Slot.ACTIVE + (seat + 2) % 4] = 0
            _pending_clear(state)
        else:
            state[Slot.PENDING_HEAD] += 1
        if not _to_next_pending(state):
            _after_defend(state, parameters)
    elif phase == FOLD:
        if action == _FOLD:
            _finish(state, STATUS_REDEAL)
            return
        state[Slot.PENDING_HEAD] += 1
        if not _to_next_pending(state):
            _start_play(state, parameters)
    elif phase == GO_UNDER:
        if action != _PASS:
            mask = action & ~_GO_UNDER_FLAG
            bottom = (
                (1 << state[Slot.KITTY])
                | (1 << state[Slot.KITTY + 1])
                | (1 << state[Slot.KITTY + 2])
            )
            state[Slot.HANDS + seat] = (state[Slot.HANDS + seat] & ~mask) | bottom
            for index in range(3):
                low = mask & -mask
                state[Slot.KITTY + index] = _lowest_card(low)
                mask ^= low
        state[Slot.PENDING_HEAD] += 1
        if not _to_next_pending(state):
            _pending_clear(state)
            state[Slot.PHASE] = BID_ROUND_1
            state[Slot.TO_ACT] = (dealer + 1) % 4


@_compiled
def hand_result(state: IntArray, parameters: IntArray, points: IntArray) -> None:
    """Write the finished hand's points into ``points``: two team figures, then four players'.

    Zeros for a hand that was thrown in or voided for a redeal.
    """
    points[:] = 0
    if state[Slot.STATUS] != STATUS_SCORED:
        return
    maker = state[Slot.MAKER]
    maker_team = maker % 2
    taken = 0
    for index in range(5):
        if state[Slot.TRICK_WINNERS + index] % 2 == maker_team:
            taken += 1
    alone = state[Slot.ALONE]
    contract = Contract.PARTNERS
    if alone:
        contract = Contract.DEFENDED_ALONE if state[Slot.DEFENDER_ALONE] >= 0 else Contract.ALONE
    start = Parameter.SCORE_TABLE + 6 * contract
    team, value = rules.hand_score(parameters[start : start + 6], maker_team, taken)
    lone_march = contract == Contract.ALONE and taken == 5
    points[team] = value
    points[2 + team] = value
    points[2 + team + 2] = value
    if lone_march:
        points[2 + maker] = parameters[Parameter.INDIVIDUAL_LONE_MARCH_MAKER]
        points[2 + (maker + 2) % 4] = parameters[Parameter.INDIVIDUAL_LONE_MARCH_PARTNER]


@_compiled
def play_random_hands(parameters: IntArray, hand_count: int, seed: int) -> IntArray:
    """Deal and play ``hand_count`` hands with uniformly random legal actions.

    Returns totals as a check that the work was done: hands scored, thrown in, redealt,
    actions taken, and the points scored by team 0 and team 1.
    """
    np.random.seed(seed)
    state = np.zeros(_STATE_SIZE, dtype=np.int64)
    legal = np.zeros(MAX_LEGAL, dtype=np.int64)
    pack = np.arange(24, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    kitty = np.zeros(3, dtype=np.int64)
    points = np.zeros(6, dtype=np.int64)
    totals = np.zeros(6, dtype=np.int64)
    for hand_index in range(hand_count):
        for position in range(23, 0, -1):
            other = np.random.randint(0, position + 1)
            pack[position], pack[other] = pack[other], pack[position]
        for seat in range(4):
            mask = 0
            for index in range(5):
                mask |= 1 << pack[seat * 5 + index]
            hands[seat] = mask
        for index in range(3):
            kitty[index] = pack[21 + index]
        start_hand(state, parameters, hand_index % 4, hands, pack[20], kitty)
        while state[Slot.PHASE] != OVER:
            count = legal_actions(state, parameters, legal)
            apply_action(state, parameters, legal[np.random.randint(0, count)])
            totals[3] += 1
        totals[state[Slot.STATUS] - 1] += 1
        hand_result(state, parameters, points)
        totals[4] += points[0]
        totals[5] += points[1]
    return totals


class KernelHand:
    """A thin Python handle on one kernel state (for tests and tools, not for speed)."""

    def __init__(self, dealt: HandState) -> None:
        """The kernel's hand from ``dealt``'s deal: its profile, dealer, hands as dealt,
        up-card and kitty (as ``HandRecord.start()`` gives them)."""
        self.parameters = kernel_parameters(dealt.profile)
        self.state = new_state()
        self._legal = np.zeros(MAX_LEGAL, dtype=np.int64)
        start_hand(
            self.state,
            self.parameters,
            dealt.dealer,
            np.array(dealt.initial_hands, dtype=np.int64),
            dealt.up_card,
            np.array(dealt.initial_kitty, dtype=np.int64),
        )

    @property
    def is_over(self) -> bool:
        """True once the hand is scored, thrown in or void."""
        return bool(self.state[Slot.PHASE] == OVER)

    @property
    def phase(self) -> int:
        """The phase, as the int value of ``euchre.engine.state.Phase``."""
        return int(self.state[Slot.PHASE])

    @property
    def to_act(self) -> int:
        """The seat to act (-1 once over)."""
        return int(self.state[Slot.TO_ACT])

    @property
    def status(self) -> int:
        """0 in progress, 1 scored, 2 thrown in, 3 redeal."""
        return int(self.state[Slot.STATUS])

    @property
    def tricks(self) -> list[int]:
        """The winning seat of each finished trick."""
        count = int(self.state[Slot.TRICK_COUNT])
        return [int(seat) for seat in self.state[Slot.TRICK_WINNERS : Slot.TRICK_WINNERS + count]]

    @property
    def hands(self) -> list[int]:
        """The four hand masks now."""
        return [int(mask) for mask in self.state[Slot.HANDS : Slot.HANDS + 4]]

    def legal_actions(self) -> list[int]:
        """The legal action codes, in ``HandState``'s order."""
        count = legal_actions(self.state, self.parameters, self._legal)
        return [int(code) for code in self._legal[:count]]

    def apply(self, action: int) -> None:
        """Apply a legal action code (unchecked)."""
        apply_action(self.state, self.parameters, action)

    def points(self) -> tuple[tuple[int, int], tuple[int, int, int, int]]:
        """(team points, player points) of the finished hand."""
        out = np.zeros(6, dtype=np.int64)
        hand_result(self.state, self.parameters, out)
        values = [int(value) for value in out]
        return (values[0], values[1]), (values[2], values[3], values[4], values[5])
