"""The state of one hand: deal, bidding, discard, play and score, under a rule profile.

Two doors into a state: :meth:`HandState.apply` is fast and unchecked (for bots and search),
:meth:`HandState.play` checks legality first and raises :class:`IllegalActionError`, leaving
the state untouched. :meth:`HandState.play_recorded` is the door for hand records: it also
accepts the irregularities a director writes down where the profile covers them. Seats are
0–3 clockwise; partners are 0 & 2 and 1 & 3; the player on the dealer's left (``dealer + 1``)
is eldest.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from itertools import combinations

from euchre.engine import actions as codes
from euchre.engine.actions import (
    CALL_ALONE_BASE,
    CALL_BASE,
    CANCEL_ALONE,
    DEFEND_ALONE,
    DISCARD_BASE,
    FOLD,
    GO_UNDER_FLAG,
    ORDER,
    ORDER_ALONE,
    PASS,
    Action,
)
from euchre.engine.cards import (
    EFFECTIVE_SUIT,
    POWER,
    SUIT_MASK,
    Card,
    Suit,
    card_mask,
    iter_mask,
)
from euchre.engine.choices import DealerPartnerAlone, LoneHandLead
from euchre.engine.errors import IllegalActionError, InvalidActionError
from euchre.engine.irregular_play import apply_record_action, record_action_refusal
from euchre.engine.phase import HandStatus, Phase
from euchre.engine.profile import Contract, RuleProfile
from euchre.engine.rules import (
    FOLLOW_MASK,
    follow_suit,
    hand_score,
    is_farmers_hand,
    may_fold,
    may_order_up,
    trick_winner,
)

__all__ = ["HandResult", "HandState", "HandStatus", "Phase", "partner", "team_of"]

_ACTIONS = codes.INTERNED_ACTIONS


def partner(seat: int) -> int:
    """The seat across the table."""
    return (seat + 2) % 4


def team_of(seat: int) -> int:
    """Team 0 holds seats 0 and 2, team 1 holds seats 1 and 3."""
    return seat % 2


# The play actions of the cards in each half of a hand mask (cards 0-11 and 12-23): a legal
# list is two lookups and one concatenation instead of a loop over the bits. Built from
# 64-entry tables of six cards each, so that building them costs little at import.
_SIXES = tuple(
    tuple(
        [_ACTIONS[6 * part + bit] for bit in range(6) if pattern >> bit & 1]
        for pattern in range(64)
    )
    for part in range(4)
)
_LOW_HALF, _HIGH_HALF = (
    tuple(
        _SIXES[2 * half][pattern & 63] + _SIXES[2 * half + 1][pattern >> 6]
        for pattern in range(1 << 12)
    )
    for half in range(2)
)

# Round-one bids: (may order with a partner, may go alone) -> pass, order, order alone.
_ROUND_ONE_LISTS = {
    (with_partner, alone): (
        [_ACTIONS[PASS]]
        + ([_ACTIONS[ORDER]] if with_partner else [])
        + ([_ACTIONS[ORDER_ALONE]] if alone else [])
    )
    for with_partner in (False, True)
    for alone in (False, True)
}
# Round-two bids: (turned-down suit, may pass, may call with a partner, may go alone) -> pass,
# then the three other suits, then the same alone.
_ROUND_TWO_LISTS = {
    (turned, may_pass, with_partner, alone): (
        ([_ACTIONS[PASS]] if may_pass else [])
        + (
            [_ACTIONS[CALL_BASE + suit] for suit in range(4) if suit != turned]
            if with_partner
            else []
        )
        + (
            [_ACTIONS[CALL_ALONE_BASE + suit] for suit in range(4) if suit != turned]
            if alone
            else []
        )
    )
    for turned in range(4)
    for may_pass in (False, True)
    for with_partner in (False, True)
    for alone in (False, True)
}

# The phases as module constants: reading a member from its enum class is several times
# slower than a global, and the hot paths test the phase on every action.
_GO_UNDER, _BID_ROUND_1, _BID_ROUND_2, _DEFEND, _DISCARD, _FOLD, _PLAY, _OVER = Phase
_NEXT_SEAT = (1, 2, 3, 0)
_SCORED = HandStatus.SCORED
_SUITS = tuple(Suit)
_PARTNERS, _ALONE, _DEFENDED_ALONE = (int(contract) for contract in Contract)


def _play_actions(mask: int) -> list[Action]:
    """The play actions of the cards in ``mask``, in card order (a new list)."""
    return _LOW_HALF[mask & 0xFFF] + _HIGH_HALF[mask >> 12]


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a finished hand."""

    status: HandStatus
    trump: Suit | None
    maker: int | None
    alone: bool
    defender_alone: int | None
    tricks: tuple[int, ...]
    team_points: tuple[int, int]
    player_points: tuple[int, int, int, int]
    reason: str

    @property
    def maker_tricks(self) -> int:
        """Tricks taken by the makers' side."""
        if self.maker is None:
            return 0
        return sum(1 for winner in self.tricks if team_of(winner) == team_of(self.maker))

    @property
    def euchred(self) -> bool:
        """True when the makers took fewer than three tricks."""
        return self.status is HandStatus.SCORED and self.maker_tricks < 3

    def to_json(self) -> dict[str, object]:
        """The result as the replay command prints it."""
        return {
            "status": self.status.value,
            "trump": self.trump.letter if self.trump is not None else None,
            "maker": self.maker,
            "alone": self.alone,
            "defender_alone": self.defender_alone,
            "tricks": list(self.tricks),
            "team_points": list(self.team_points),
            "player_points": list(self.player_points),
        }


class HandState:
    """One hand of euchre from the deal to the score.

    Build it from a deal (four hands of five cards, the up-card and the three other kitty
    cards, bottom last); then feed it actions. ``is_over`` is true once the hand is scored,
    thrown in or void for a redeal (a plain attribute: it is read after every action).
    """

    __slots__ = (
        "_go_under_queue",
        "_pending",
        "active",
        "actors",
        "alone",
        "bid_passes",
        "dead_mask",
        "dealer",
        "defender_alone",
        "discarded",
        "early_card",
        "exposed_mask",
        "forfeited",
        "hands",
        "history",
        "initial_hands",
        "initial_kitty",
        "is_over",
        "kitty",
        "leader",
        "maker",
        "penalty",
        "phase",
        "picked_up",
        "profile",
        "reason",
        "status",
        "to_act",
        "trick",
        "trick_seats",
        "tricks",
        "trump",
        "up_card",
    )

    def __init__(
        self,
        profile: RuleProfile,
        dealer: int,
        hands: list[int],
        up_card: int,
        kitty: list[int],
    ) -> None:
        self.profile = profile
        self.dealer = dealer
        masks = list(hands)
        self.hands: list[int] = masks
        self.initial_hands: tuple[int, ...] = tuple(masks)
        self.up_card = up_card
        self.kitty: list[int] = list(kitty)
        self.initial_kitty: tuple[int, ...] = tuple(kitty)
        self.history: list[Action] = []
        self.actors: list[int] = []
        self.trump = -1
        self.maker = -1
        self.alone = False
        self.defender_alone = -1
        self.active = [True, True, True, True]
        self.discarded = -1
        self.picked_up = False
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks: list[int] = []
        self.leader = -1
        self.bid_passes = 0
        self.status: HandStatus | None = None
        self.reason = ""
        self._pending: list[int] = []
        self._go_under_queue: list[int] = []
        # Irregularities from a hand record (``play_recorded``): never set by legal play.
        self.forfeited = [False, False]
        self.dead_mask = 0
        self.exposed_mask = 0
        self.early_card = -1
        self.penalty: tuple[int, int] | None = None
        self.to_act = (dealer + 1) % 4
        self.phase = _BID_ROUND_1
        self.is_over = False
        if profile.farmers_hand_redeal:
            for offset in range(1, 5):
                seat = (dealer + offset) % 4
                if is_farmers_hand(masks[seat]):
                    self.finish(HandStatus.REDEAL, f"seat {seat} holds a farmer's hand")
                    return
        if profile.going_under:
            self._go_under_queue = [
                (dealer + offset) % 4
                for offset in range(1, 5)
                if is_farmers_hand(masks[(dealer + offset) % 4])
            ]
            if self._go_under_queue:
                self.phase = _GO_UNDER
                self.to_act = self._go_under_queue[0]

    # ----------------------------------------------------------------- copying
    def clone(self) -> HandState:
        """An independent copy (for search)."""
        other = HandState.__new__(HandState)
        for name, value in zip(_SHARED_SLOTS, _shared_values(self), strict=True):
            setattr(other, name, value)
        for name, value in zip(_LIST_SLOTS, _list_values(self), strict=True):
            setattr(other, name, value.copy())
        return other

    # ----------------------------------------------------------------- queries
    @property
    def played_mask(self) -> int:
        """The cards played to tricks so far (the current trick's included)."""
        mask = 0
        for action in self.history:
            if action < 24:  # a card played: codes.PLAY_BASE + card
                mask |= 1 << action
        return mask

    @property
    def eldest(self) -> int:
        """The player on the dealer's left."""
        return (self.dealer + 1) % 4

    @property
    def turned_down_suit(self) -> int:
        """The up-card's suit (the suit that cannot be called in round 2)."""
        return self.up_card // 6

    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now."""
        return list(iter_mask(self.hands[seat]))

    def trick_plays(self) -> list[list[tuple[int, Card]]]:
        """The cards played, trick by trick, as (seat, card) in play order; the last list is
        the trick in progress when one has started."""
        tricks: list[list[tuple[int, Card]]] = []
        current: list[tuple[int, Card]] = []
        # A cancelled lone call brings the partner back between tricks: one more card a trick.
        size = self.active.count(True) - sum(
            1 for action in self.history if int(action) == CANCEL_ALONE
        )
        for actor, action in zip(self.actors, self.history, strict=True):
            code = int(action)
            if code == CANCEL_ALONE:
                size += 1
            elif code < DISCARD_BASE:
                current.append((actor, Card(code)))
                if len(current) == size:
                    tricks.append(current)
                    current = []
        if current:
            tricks.append(current)
        return tricks

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to act (empty once the hand is over)."""
        phase = self.phase
        if phase is _PLAY:
            hand = self.hands[self.to_act]
            trick = self.trick
            if trick:
                hand = follow_suit(hand, trick[0], FOLLOW_MASK[self.trump + 1])
            if self.exposed_mask:
                hand = self._exposed_first(hand)
            return _LOW_HALF[hand & 0xFFF] + _HIGH_HALF[hand >> 12]
        if phase is _BID_ROUND_1:
            return self._round_one_actions()
        if phase is _BID_ROUND_2:
            return self._round_two_actions()
        if phase is _DISCARD:
            discardable = self.hands[self.dealer] & ~self.exposed_mask
            if not self.profile.dealer_may_discard_up_card:
                discardable &= ~(1 << self.up_card)
            return [_ACTIONS[DISCARD_BASE + action] for action in _play_actions(discardable)]
        if phase is _DEFEND:
            if self.forfeited[self.to_act % 2]:
                return [_ACTIONS[PASS]]
            return [_ACTIONS[PASS], _ACTIONS[DEFEND_ALONE]]
        if phase is _FOLD:
            return [_ACTIONS[PASS], _ACTIONS[FOLD]]
        if phase is _GO_UNDER:
            cards = list(iter_mask(self.hands[self.to_act]))
            return [_ACTIONS[PASS]] + [
                Action.go_under(list(triple)) for triple in combinations(cards, 3)
            ]
        return []

    def _exposed_first(self, hand: int) -> int:
        """Sheet 004: an exposed card "must be played at the first legal opportunity"; a card
        first seat led before the discard is his card in the first trick, whatever was led."""
        early = self.early_card
        if (
            early >= 0
            and not self.tricks
            and self.to_act == self.eldest
            and self.hands[self.to_act] >> early & 1
        ):
            return 1 << early
        if hand & self.exposed_mask:
            return hand & self.exposed_mask
        return hand

    def _round_one_actions(self) -> list[Action]:
        profile = self.profile
        seat = self.to_act
        up_suit = self.up_card // 6
        hand = self.hands[seat]
        if self.forfeited[seat % 2]:
            return [_ACTIONS[PASS]]
        restricted = profile.natural_trump or profile.dealer_needs_other_trump
        if restricted and not may_order_up(
            hand,
            self.up_card,
            FOLLOW_MASK[up_suit + 1],
            seat == self.dealer,
            profile.natural_trump,
            profile.dealer_needs_other_trump,
        ):
            return [_ACTIONS[PASS]]
        may_order_with_partner = not (
            profile.dealer_partner_must_go_alone != DealerPartnerAlone.NEVER
            and seat == (self.dealer + 2) % 4
        )
        return list(_ROUND_ONE_LISTS[may_order_with_partner, profile.going_alone])

    def _round_two_actions(self) -> list[Action]:
        profile = self.profile
        turned = self.up_card // 6
        if self.forfeited[self.to_act % 2]:
            # A team that lost its right to bid only passes; a dealer so barred is not stuck
            # (the hand is thrown in when all four have passed).
            return [_ACTIONS[PASS]]
        stuck = self.to_act == self.dealer and profile.all_pass == "stick_the_dealer"
        # 'order_up' binds only the order in round 1: in round 2 he may name a suit with
        # his partner.
        must_go_alone = profile.dealer_partner_must_go_alone == (
            DealerPartnerAlone.ORDER_OR_CALL
        ) and self.to_act == ((self.dealer + 2) % 4)
        return list(_ROUND_TWO_LISTS[turned, not stuck, not must_go_alone, profile.going_alone])

    def is_legal(self, action: int) -> bool:
        """True when ``action`` is legal now."""
        return action in self.legal_actions()

    # ----------------------------------------------------------------- moves
    def play(self, action: Action | int | str) -> None:
        """Apply ``action`` after checking it; an illegal one raises and changes nothing.

        Only legal actions: a player at the table can never play a record action (see
        :meth:`play_recorded`)."""
        if isinstance(action, str):
            action = Action.parse(action)
        legal = self.legal_actions()
        if action not in legal:
            if self.allows_record_action(action):
                raise IllegalActionError(
                    f"action {_describe(action)!r} is an irregularity only a hand record may "
                    f"carry (the director's account), not a play; legal: "
                    f"{', '.join(str(a) for a in legal)}"
                )
            raise IllegalActionError(f"action {_describe(action)!r}{self.refusal(legal, action)}")
        self.apply(action)

    def play_recorded(self, action: Action | int | str) -> None:
        """Apply an action read from a hand record: a legal action, or a record action (an
        irregularity or ruling the director wrote down, :mod:`euchre.engine.irregular_play`)
        that the profile covers now. Anything else raises and changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        legal = self.legal_actions()
        if action not in legal and not self.allows_record_action(action):
            raise IllegalActionError(f"action {_describe(action)!r}{self.refusal(legal, action)}")
        self.apply(action)

    def refusal(self, legal: list[Action], action: int | None = None) -> str:
        """Why ``action`` (not in ``legal``) is refused now (the end of an error message)."""
        if action is not None and action > FOLD and not action & GO_UNDER_FLAG:
            return self._record_refusal(Action(action))
        if self.phase is _OVER:
            return ": the hand is already over"
        if self.phase is _PLAY and action is not None and action < DISCARD_BASE:
            holder = next((seat for seat in range(4) if self.hands[seat] >> action & 1), None)
            if holder is not None and holder != self.to_act:
                out = "" if self.active[holder] else ", who sits out this hand"
                return (
                    f" is refused: the {Card(action)} is held by seat {holder}{out}, and it is "
                    f"not seat {holder}'s turn (seat {self.to_act} is to play)"
                )
        return (
            f" is illegal for seat {self.to_act} in {self.phase.name.lower()}; "
            f"legal: {', '.join(str(a) for a in legal)}"
        )

    # ----------------------------------------------------------------- record actions
    def allows_record_action(self, action: int) -> bool:
        """True when the record action ``action`` (an irregularity or a ruling the director
        writes into a hand record) may be recorded now under this profile."""
        if action & GO_UNDER_FLAG:
            return False
        if action <= FOLD:
            return self._is_turned_down_call(action)
        return not self._record_refusal(Action(action))

    def _is_turned_down_call(self, action: int) -> bool:
        """A round-2 call of the turned-down suit where sheet 004 makes it an irregularity
        ("their team forfeits the right to bid on that hand"), by a team still bidding."""
        return (
            self.phase is _BID_ROUND_2
            and self.profile.turned_down_suit_bid == "forfeit_bid"
            and CALL_BASE <= action < DEFEND_ALONE
            and (action - CALL_BASE) % 4 == self.up_card // 6
            and not self.forfeited[self.to_act % 2]
        )

    def _record_refusal(self, action: Action) -> str:
        """Why a record action cannot be recorded now ("" when it can)."""
        return record_action_refusal(self, action)

    def apply(self, action: int) -> None:
        """Apply a legal ``action`` (or an allowed record action) without checking it (fast
        path for search)."""
        phase = self.phase
        seat = self.to_act
        if phase is _PLAY and action < 24:  # a card: codes.PLAY_BASE + card
            # A card played (the most frequent action, written out here for speed).
            self.history.append(_ACTIONS[action])
            self.actors.append(seat)
            self.hands[seat] &= ~(1 << action)
            self.trick.append(action)
            seats = self.trick_seats
            seats.append(seat)
            active = self.active
            seat = _NEXT_SEAT[seat]
            while not active[seat]:
                seat = _NEXT_SEAT[seat]
            if seat == seats[0]:
                # Round to the leader again: every seat in play has played (a seat's coming
                # back, after a cancelled lone call, happens only between tricks).
                self._end_trick()
            else:
                self.to_act = seat
            return
        self.history.append(_ACTIONS[action] if action <= FOLD else Action(action))
        self.actors.append(seat)
        if action > FOLD and not action & GO_UNDER_FLAG:
            apply_record_action(self, Action(action))
            return
        if phase is _BID_ROUND_1:
            if action == PASS:
                self.bid_passes += 1
                if self.bid_passes == 4:
                    self.phase = _BID_ROUND_2
                    self.bid_passes = 0
                    self.to_act = self.eldest
                else:
                    self.to_act = (seat + 1) % 4
            else:
                self._make_trump(seat, self.up_card // 6, action == ORDER_ALONE, True)
        elif phase is _BID_ROUND_2:
            if action != PASS:
                alone = action >= CALL_ALONE_BASE
                suit = action - (CALL_ALONE_BASE if alone else CALL_BASE)
                if suit != self.up_card // 6:
                    self._make_trump(seat, suit, alone, False)
                    return
                # Recorded irregularity (sheet 004): naming the turned-down suit forfeits
                # the team's right to bid; the bidding goes on as after a pass.
                self.forfeited[seat % 2] = True
            self.bid_passes += 1
            if self.bid_passes == 4:
                self.finish(HandStatus.THROWN_IN, "all four passed twice")
            else:
                self.to_act = (seat + 1) % 4
        elif phase is _DISCARD:
            card = action - DISCARD_BASE
            self.hands[seat] &= ~(1 << card)
            self.discarded = card
            self._after_discard()
        elif phase is _DEFEND:
            if action == DEFEND_ALONE:
                self.defender_alone = seat
                self.active[(seat + 2) % 4] = False
                self._pending = []
            self.next_defender()
        elif phase is _FOLD:
            if action == FOLD:
                self.finish(HandStatus.REDEAL, f"seat {seat} folded")
                return
            self._next_folder()
        elif phase is _GO_UNDER:
            if action != PASS:
                mask = action & ~GO_UNDER_FLAG
                bottom = card_mask(self.kitty)
                self.hands[seat] = (self.hands[seat] & ~mask) | bottom
                self.kitty = list(iter_mask(mask))
            self._go_under_queue.pop(0)
            if self._go_under_queue:
                self.to_act = self._go_under_queue[0]
            else:
                self.phase = _BID_ROUND_1
                self.to_act = self.eldest

    def _make_trump(self, seat: int, suit: int, alone: bool, ordered: bool) -> None:
        profile = self.profile
        self.trump = suit
        self.maker = seat
        self.alone = alone
        if alone:
            self.active[(seat + 2) % 4] = False
        if ordered and self.active[self.dealer]:
            self.hands[self.dealer] |= 1 << self.up_card
            self.picked_up = True
        if alone and profile.defend_alone and ordered:
            # Sheet 004: "Only players that bid after the lone caller are eligible to defend
            # alone; any player that has already passed is not." In round 2 everyone has
            # passed once, so only a round-1 order can be defended alone.
            first = self.eldest
            order = [(first + offset) % 4 for offset in range(4)]
            later = order[order.index(seat) + 1 :]
            self._pending = [s for s in later if s % 2 != seat % 2]
            if self._turn_to_pending(_DEFEND):
                return
        self._after_defend()

    def _turn_to_pending(self, phase: Phase) -> bool:
        """Give the turn, in ``phase``, to the first seat still to answer (an opponent who
        may defend alone, a player who may fold); False when no seat is left."""
        if not self._pending:
            return False
        self.phase = phase
        self.to_act = self._pending[0]
        return True

    def next_defender(self) -> None:
        """The defender who answered passes the turn on (to the next who may defend alone, or
        on to the discard or play); a record action uses it too."""
        if self._pending:
            self._pending.pop(0)
        if not self._turn_to_pending(_DEFEND):
            self._after_defend()

    def _after_defend(self) -> None:
        if self.picked_up and not self.active[self.dealer]:
            # The dealer now sits out (his partner defends alone): the up-card goes back.
            self.hands[self.dealer] &= ~(1 << self.up_card)
            self.picked_up = False
        if self.picked_up:
            self.phase = _DISCARD
            self.to_act = self.dealer
            return
        self._after_discard()

    def _after_discard(self) -> None:
        if self.profile.fold_without_ace_face_trump:
            trump_cards = SUIT_MASK[self.trump + 1][self.trump]
            self._pending = [
                seat
                for seat in ((self.dealer + offset) % 4 for offset in range(1, 5))
                if self.active[seat] and may_fold(self.hands[seat], trump_cards)
            ]
            if self._turn_to_pending(_FOLD):
                return
        self._start_play()

    def _next_folder(self) -> None:
        self._pending.pop(0)
        if not self._turn_to_pending(_FOLD):
            self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAY
        seat = self.eldest
        if self.alone and self.profile.lone_hand_lead == LoneHandLead.LEFT_OF_LONER:
            seat = (self.maker + 1) % 4
        if self.early_card >= 0:
            # First seat led before the dealer discarded: the first lead passes to second seat.
            seat = (seat + 1) % 4
        while not self.active[seat]:
            seat = (seat + 1) % 4
        self.leader = seat
        self.to_act = seat

    def _end_trick(self) -> None:
        """The trick is complete: its winner takes it and leads the next (or the hand ends)."""
        trick = self.trick
        trump = self.trump
        suit_of = EFFECTIVE_SUIT[trump + 1]
        dead = self.dead_mask
        # Sheet 004: a card of no value "cannot take a trick" (the dead mask).
        winner = trick_winner(
            trick,
            self.trick_seats,
            len(trick),
            suit_of[trick[0]] if not dead else self._scoring_suit(),
            POWER[trump],
            suit_of,
            dead,
        )
        self.tricks.append(winner)
        self.trick = []
        self.trick_seats = []
        if len(self.tricks) == 5:
            self.finish(_SCORED, "five tricks played")
            return
        self.leader = winner
        self.to_act = winner

    def _scoring_suit(self) -> int:
        """The suit that wins a trick holding cards of no value (exposed, or led before the
        discard): the led card still fixes the suit to follow and to win; if no live card is
        trump or of that suit, the first live card's suit takes its place."""
        suit_of = EFFECTIVE_SUIT[self.trump + 1]
        power = POWER[self.trump]
        led = suit_of[self.trick[0]]
        live = [card for card in self.trick if not self.dead_mask >> card & 1]
        if live and not any(power[card] >= 100 or suit_of[card] == led for card in live):
            return suit_of[live[0]]
        return led

    def finish(self, status: HandStatus, reason: str) -> None:
        """End the hand now with ``status`` and ``reason`` (a record action uses it too)."""
        self.phase = _OVER
        self.is_over = True
        self.status = status
        self.reason = reason
        self.to_act = -1

    # ----------------------------------------------------------------- scoring
    def result(self) -> HandResult:
        """The outcome of the finished hand (raises while it is still in progress)."""
        if self.status is None:
            raise IllegalActionError(
                f"the hand is not over: seat {self.to_act} to act in {self.phase.name.lower()}"
            )
        status = self.status
        maker = self.maker
        team_points: tuple[int, int] = (0, 0)
        player_points: tuple[int, int, int, int] = (0, 0, 0, 0)
        if self.penalty is not None:
            team_points = self.penalty
            player_points = team_points + team_points  # seats 0-3 belong to teams 0, 1, 0, 1
        elif status is _SCORED:
            scoring_team, points, lone_march = self._score()
            team_points = (points, 0) if scoring_team == 0 else (0, points)
            player_points = team_points + team_points
            if lone_march:
                by_seat = list(player_points)
                by_seat[maker] = self.profile.individual_lone_march_maker
                by_seat[(maker + 2) % 4] = self.profile.individual_lone_march_partner
                player_points = (by_seat[0], by_seat[1], by_seat[2], by_seat[3])
        return HandResult(
            status,
            _SUITS[self.trump] if self.trump >= 0 else None,
            maker if maker >= 0 else None,
            self.alone,
            self.defender_alone if self.defender_alone >= 0 else None,
            tuple(self.tricks),
            team_points,
            player_points,
            self.reason,
        )

    def _score(self) -> tuple[int, int, bool]:
        """(scoring team, points, is a lone march) for a hand played out, from the profile's
        score table."""
        maker_team = self.maker % 2
        taken = [winner % 2 for winner in self.tricks].count(maker_team)
        if not self.alone:
            contract = _PARTNERS
        elif self.defender_alone >= 0:
            contract = _DEFENDED_ALONE
        else:
            contract = _ALONE
        team, points = hand_score(self.profile.score_table[contract], maker_team, taken)
        return team, points, contract == _ALONE and taken == 5

    def __repr__(self) -> str:
        return (
            f"<HandState {self.profile.id} dealer={self.dealer} phase={self.phase.name} "
            f"to_act={self.to_act} actions={len(self.history)}>"
        )


def _describe(action: int) -> str:
    try:
        return str(Action(action))
    except (InvalidActionError, ValueError):
        return repr(action)


_LIST_SLOTS = (
    "hands",
    "kitty",
    "history",
    "actors",
    "active",
    "trick",
    "trick_seats",
    "tricks",
    "_pending",
    "_go_under_queue",
    "forfeited",
)
"""The lists a :meth:`HandState.clone` copies; every other slot holds a value it shares."""
_SHARED_SLOTS = tuple(name for name in HandState.__slots__ if name not in _LIST_SLOTS)
_list_values = operator.attrgetter(*_LIST_SLOTS)
_shared_values = operator.attrgetter(*_SHARED_SLOTS)
