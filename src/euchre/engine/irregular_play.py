"""Record actions: irregularities and rulings a director writes into a hand record.

They are never among ``HandState.legal_actions`` (bots, search, perft and the numba
kernel play legal hands only), but a checked ``HandState.play`` and a replay accept each
one where the profile covers it (sheet 004 mostly; Bolivar for table talk):

- ``forfeit bid team N``: team N lost its right to bid this hand (table talk after a warning,
  Bolivar and 004; naming the turned-down suit in round 2, 004). A recorded ``call X`` of the
  turned-down suit under ``turned_down_suit_bid = "forfeit_bid"`` has the same effect and
  counts as that player's pass.
- ``cancel alone``: the lone caller's partner played a card; the lone call is cancelled and
  the partner plays from the next trick on (004).
- ``no discard``: the dealer failed to discard; the opposition scores 2 (4 if it called
  alone) and the deal passes (004).
- ``lead early 9C``: first seat led before the dealer discarded; the card stays, is played to
  the first trick, has no value, and the first lead passes to second seat (004).
- ``expose AH``: a card fell out of a hand face up; its holder must play it at the first legal
  opportunity and it cannot take a trick (004).
- ``ask 3`` / ``ask 3 KH``: the question pile (``questions``): after a trick, the winning
  team chooses whom to ask and, after a defenders' trick, which played card's question.
"""

from __future__ import annotations

from typing import Protocol

from euchre.engine import actions as codes
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import Card
from euchre.engine.phase import HandStatus, Phase
from euchre.engine.profile import RuleProfile

__all__ = ["HandInProgress", "apply_record_action", "asked_tricks", "record_action_refusal"]


class HandInProgress(Protocol):
    """What a record action reads and changes of a hand in progress:
    :class:`euchre.engine.state.HandState` (which calls these functions, so this module does
    not import it)."""

    profile: RuleProfile
    phase: Phase
    dealer: int
    maker: int
    alone: bool
    defender_alone: int
    to_act: int
    active: list[bool]
    hands: list[int]
    history: list[Action]
    trick: list[int]
    tricks: list[int]
    forfeited: list[bool]
    dead_mask: int
    exposed_mask: int
    early_card: int
    penalty: tuple[int, int] | None

    @property
    def eldest(self) -> int: ...

    def trick_plays(self) -> list[list[tuple[int, Card]]]: ...

    def next_defender(self) -> None: ...

    def finish(self, status: HandStatus, reason: str) -> None: ...


def _not_covered(state: HandInProgress, what: str, option: str) -> str:
    value = getattr(state.profile, option)
    return (
        f" is refused: {what} is not covered by the {state.profile.id} sheet "
        f"({option} = {value!r}); the director decides"
    )


def record_action_refusal(state: HandInProgress, action: Action) -> str:
    """Why ``action`` cannot be recorded now; "" when it can."""
    profile = state.profile
    phase = state.phase
    kind = action.kind
    if kind is ActionKind.ASK:
        return _ask_refusal(state, action)
    if phase is Phase.OVER:
        return ": the hand is already over"
    if kind is ActionKind.FORFEIT_BID:
        if (
            profile.table_talk != "warning_then_lose_bid"
            and profile.turned_down_suit_bid != "forfeit_bid"
        ):
            return _not_covered(state, "losing the right to bid", "table_talk")
        if phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2, Phase.DEFEND):
            return " is refused: a right to bid can only be lost while the bidding is on"
        if state.forfeited[action.team]:
            return f" is refused: team {action.team} has already lost its right to bid"
        return ""
    if kind is ActionKind.CANCEL_ALONE:
        if profile.partner_of_loner_plays != "cancel_loner":
            return _not_covered(state, "a lone caller's partner playing", "partner_of_loner_plays")
        if not state.alone:
            return " is refused: no lone call is in force"
        if state.defender_alone >= 0:
            return " is refused: a defender is alone too; the director decides"
        if phase is not Phase.PLAY or state.trick:
            return " is refused: record it between tricks (before the partner's first play)"
        return ""
    if kind is ActionKind.NO_DISCARD:
        if profile.dealer_fails_to_discard_points == 0:
            return _not_covered(
                state, "a dealer failing to discard", "dealer_fails_to_discard_points"
            )
        if phase is not Phase.DISCARD:
            return " is refused: the dealer is not due to discard now"
        return ""
    if kind is ActionKind.LEAD_EARLY:
        if profile.lead_before_discard != "dead_card":
            return _not_covered(state, "a lead before the discard", "lead_before_discard")
        if phase is not Phase.DISCARD:
            return " is refused: the dealer is not due to discard now"
        eldest = state.eldest
        if not state.active[eldest]:
            return f" is refused: first seat (seat {eldest}) sits out this hand"
        if state.early_card >= 0:
            return " is refused: first seat has already led early"
        if not state.hands[eldest] >> action.card & 1:
            return f" is refused: first seat (seat {eldest}) does not hold the {action.card}"
        return ""
    if kind is ActionKind.EXPOSE:
        if profile.exposed_card != "penalty_card":
            return _not_covered(state, "an exposed card", "exposed_card")
        holder = _holder(state, action.card)
        if holder is None:
            return f" is refused: nobody holds the {action.card}"
        if not state.active[holder]:
            return f" is refused: seat {holder} sits out this hand"
        if state.exposed_mask >> action.card & 1:
            return f" is refused: the {action.card} is already exposed"
        return ""
    return f" is not a record action: {action}"  # pragma: no cover


def _holder(state: HandInProgress, card: int) -> int | None:
    return next((seat for seat in range(4) if state.hands[seat] >> card & 1), None)


def _ask_refusal(state: HandInProgress, action: Action) -> str:
    if not state.profile.question_pile:
        return _not_covered(state, "the question pile", "question_pile")
    if state.phase not in (Phase.PLAY, Phase.OVER) or state.trick or not state.tricks:
        return " is refused: a question is asked right after a trick is won"
    trick_index = len(state.tricks) - 1
    if trick_index in asked_tricks(state):
        return f" is refused: the question after trick {trick_index} was already asked"
    winner = state.tricks[trick_index]
    makers_won = winner % 2 == state.maker % 2
    asked = action.seat
    # The sheet names teams, not who plays: "ask one of the players in the other team",
    # "ask one person in the bidding team"; a lone caller's partner sitting out is still a
    # person in the bidding team.
    if makers_won:
        if asked % 2 == winner % 2:
            return (
                f" is refused: the makers won trick {trick_index}; they ask a player of the "
                "other team a question from the pile ('ask N')"
            )
        if int(action) >= codes.ASK_CARD_BASE:
            return (
                f" is refused: the makers won trick {trick_index}; their question comes from "
                "the pile ('ask N', no card)"
            )
        return ""
    if asked % 2 != state.maker % 2:
        return (
            f" is refused: the defenders won trick {trick_index}; they ask a player of the "
            "bidding team, the lone caller's partner included ('ask N CARD')"
        )
    if int(action) < codes.ASK_CARD_BASE:
        return (
            f" is refused: the defenders won trick {trick_index}; name the card of that trick "
            "whose question is asked ('ask N CARD')"
        )
    played = [card for _, card in state.trick_plays()[trick_index]]
    if action.card not in played:
        shown = " ".join(str(card) for card in played)
        return f" is refused: the {action.card} was not played in trick {trick_index} ({shown})"
    return ""


def asked_tricks(state: HandInProgress) -> dict[int, Action]:
    """The ``ask`` actions of the record by the trick they follow."""
    asked: dict[int, Action] = {}
    plays = 0
    tricks_done = 0
    size = state.active.count(True) - sum(
        1 for action in state.history if int(action) == codes.CANCEL_ALONE
    )
    for action in state.history:
        code = int(action)
        if code == codes.CANCEL_ALONE:
            size += 1
        elif code < codes.DISCARD_BASE:
            plays += 1
            if plays == size:
                tricks_done += 1
                plays = 0
        elif action.kind is ActionKind.ASK:
            asked[tricks_done - 1] = action
    return asked


def apply_record_action(state: HandInProgress, action: Action) -> None:
    """Apply a record action already checked (history and actor are already appended)."""
    kind = action.kind
    if kind is ActionKind.FORFEIT_BID:
        state.forfeited[action.team] = True
        if state.phase is Phase.DEFEND and state.to_act % 2 == action.team:
            state.next_defender()
    elif kind is ActionKind.CANCEL_ALONE:
        state.alone = False
        state.active[(state.maker + 2) % 4] = True
    elif kind is ActionKind.NO_DISCARD:
        dealer_team = state.dealer % 2
        opposition_alone = state.alone and state.maker % 2 != dealer_team
        profile = state.profile
        points = (
            profile.dealer_fails_to_discard_points_loner
            if opposition_alone
            else profile.dealer_fails_to_discard_points
        )
        state.penalty = (points, 0) if dealer_team == 1 else (0, points)
        state.finish(HandStatus.PENALTY, "the dealer failed to discard; the deal passes")
    elif kind is ActionKind.LEAD_EARLY:
        card = int(action.card)
        state.dead_mask |= 1 << card
        state.exposed_mask |= 1 << card
        state.early_card = card
    elif kind is ActionKind.EXPOSE:
        card = int(action.card)
        state.dead_mask |= 1 << card
        state.exposed_mask |= 1 << card
    # ASK changes nothing in play: the question pile reads it from the history.
