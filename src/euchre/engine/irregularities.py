"""Irregularities: the sheets' penalties as rulings, and renege claims checked from a record.

:func:`adjudicate` turns an irregularity the director records into a :class:`Ruling` under a
profile: points to each team, what happens to the hand, and the clause it comes from (or
"not covered by this sheet", leaving the call to the director). :func:`check_renege` replays a
full hand record leniently and says whether a renege claim is proven, with the trick that
shows it.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import TypedDict

from euchre.engine.actions import ActionKind
from euchre.engine.cards import EFFECTIVE_SUIT, SUIT_MASK, Card, Suit, iter_mask
from euchre.engine.errors import EuchreError, IllegalActionError
from euchre.engine.profile import RuleProfile
from euchre.engine.record import HandRecord
from euchre.engine.state import HandState, Phase

__all__ = [
    "HandOutcome",
    "Irregularity",
    "RenegeCheck",
    "RenegeCheckJson",
    "Ruling",
    "RulingJson",
    "adjudicate",
    "check_renege",
    "lone_team_of",
]


class Irregularity(enum.StrEnum):
    """The irregularities the sheets list."""

    RENEGE = "renege"
    RENEGE_UNPROVEN = "renege_unproven"
    RENEGE_CORRECTED = "renege_corrected"
    BID_OUT_OF_TURN = "bid_out_of_turn"
    LEAD_OUT_OF_TURN = "lead_out_of_turn"
    TABLE_TALK = "table_talk"
    DEALER_FAILS_TO_DISCARD = "dealer_fails_to_discard"
    WRONG_NUMBER_OF_CARDS = "wrong_number_of_cards"
    EXPOSED_CARD = "exposed_card"
    LEAD_BEFORE_DISCARD = "lead_before_discard"
    TURNED_DOWN_SUIT_NAMED = "turned_down_suit_named"
    PARTNER_OF_LONER_PLAYS = "partner_of_loner_plays"
    WRONG_DEALER = "wrong_dealer"

    @classmethod
    def parse(cls, text: str) -> Irregularity:
        """Read an irregularity's name (``renege``, ``bid_out_of_turn``, ...)."""
        cleaned = text.strip().lower().replace(" ", "_").replace("-", "_")
        for item in cls:
            if item.value == cleaned:
                return item
        names = ", ".join(item.value for item in cls)
        raise EuchreError(f"unknown irregularity {text!r}; known: {names}")


class HandOutcome(enum.StrEnum):
    """What happens to the hand in which the irregularity happened."""

    CONTINUE = "continue"
    HAND_OVER = "hand_over"
    SCORE_AS_PLAYED = "score_as_played"
    REVERT = "revert"
    REDEAL_SAME_DEALER = "redeal_same_dealer"
    DEAL_PASSES = "deal_passes"
    DISQUALIFICATION = "disqualification"
    DIRECTOR = "director"


class RulingJson(TypedDict):
    """A ruling as JSON (the irregularity and outcome as their text)."""

    irregularity: str
    team_points: list[int]
    outcome: str
    offenders_score_nothing: bool
    counts_as_hand: bool
    explanation: str
    source: str
    alternative: str


@dataclass(frozen=True, slots=True)
class Ruling:
    """A profile's ruling on one irregularity."""

    irregularity: Irregularity
    team_points: tuple[int, int]
    outcome: HandOutcome
    offenders_score_nothing: bool
    counts_as_hand: bool
    explanation: str
    source: str
    alternative: str = ""

    @property
    def covered(self) -> bool:
        """False when the sheet does not cover this irregularity (the director decides)."""
        return self.outcome is not HandOutcome.DIRECTOR

    def to_json(self) -> RulingJson:
        """The ruling as JSON."""
        return {
            "irregularity": self.irregularity.value,
            "team_points": list(self.team_points),
            "outcome": self.outcome.value,
            "offenders_score_nothing": self.offenders_score_nothing,
            "counts_as_hand": self.counts_as_hand,
            "explanation": self.explanation,
            "source": self.source,
            "alternative": self.alternative,
        }


def _to_other(offending_team: int, points: int) -> tuple[int, int]:
    return (points, 0) if offending_team == 1 else (0, points)


_PLAIN_RULINGS: dict[Irregularity, tuple[str, dict[str, str]]] = {
    Irregularity.EXPOSED_CARD: (
        "exposed_card",
        {
            "played": "a card laid or exposed is a card played",
            "penalty_card": "the exposed card stays on the table and must be played at the "
            "first legal opportunity; it has no value and cannot take a trick",
        },
    ),
    Irregularity.LEAD_BEFORE_DISCARD: (
        "lead_before_discard",
        {
            "dead_card": "the card led before the dealer discarded stays in play with no "
            "value; the first seat cannot win that trick and the lead passes to the second seat",
        },
    ),
    Irregularity.PARTNER_OF_LONER_PLAYS: (
        "partner_of_loner_plays",
        {"cancel_loner": "the lone call is cancelled and the hand is played as a normal hand"},
    ),
    Irregularity.WRONG_DEALER: (
        "wrong_dealer",
        {
            "stands_after_first_trick": "found after the first trick: the deal stands (found "
            "before it, house default: the right dealer redeals)",
        },
    ),
}
"""The irregularities whose ruling is one option's value alone, with no points and play going
on: (the option, its value -> the explanation); any other value is not covered."""


def adjudicate(
    profile: RuleProfile,
    irregularity: Irregularity,
    *,
    offending_team: int,
    lone_hand: bool = False,
    lone_team: int | None = None,
    warned: bool = False,
    before_first_lead: bool = True,
    card_turned: bool = True,
) -> Ruling:
    """The profile's ruling on ``irregularity`` committed by ``offending_team``.

    ``lone_team``: the team whose player called alone, when a lone call was in force (read
    from the hand record by :func:`lone_team_of`). ``lone_hand`` is the older flag "a
    lone call was in force", used when ``lone_team`` is not known; for the dealer failing to
    discard it means the *opposition* called alone (sheet 004 raises the penalty only then).
    ``warned``: the team already had its one warning (table talk). ``before_first_lead``: for
    a wrong number of cards, whether it was found before the first lead; ``card_turned``,
    whether the dealer had turned the up-card (a misdeal found at a table is found once the
    deal is done, so by default he had). For an unproven
    renege claim the offending team is the accusing team.
    """
    if offending_team not in (0, 1):
        raise EuchreError(f"offending team must be 0 or 1, got {offending_team!r}")
    if lone_team is not None and lone_team not in (0, 1):
        raise EuchreError(f"lone team must be 0 or 1, got {lone_team!r}")
    opposition_alone = lone_hand if lone_team is None else lone_team != offending_team
    if lone_team is not None:
        lone_hand = True
    sources = profile.sources
    other = 1 - offending_team

    def ruling(
        points: int,
        outcome: HandOutcome,
        explanation: str,
        option: str,
        *,
        nothing: bool = False,
        counts: bool = True,
        alternative: str = "",
    ) -> Ruling:
        return Ruling(
            irregularity,
            _to_other(offending_team, points),
            outcome,
            nothing,
            counts,
            explanation,
            sources.get(option, option),
            alternative,
        )

    def not_covered(option: str) -> Ruling:
        return ruling(
            0,
            HandOutcome.DIRECTOR,
            f"not covered by this sheet: the director decides ({profile.id} profile; the "
            "director may still record points by hand)",
            option,
        )

    if irregularity in _PLAIN_RULINGS:
        option, by_value = _PLAIN_RULINGS[irregularity]
        plain = by_value.get(getattr(profile, option))
        if plain is None:
            return not_covered(option)
        return ruling(0, HandOutcome.CONTINUE, plain, option)
    match irregularity:
        case Irregularity.RENEGE | Irregularity.RENEGE_CORRECTED | Irregularity.RENEGE_UNPROVEN if (
            profile.renege == "not_covered"
        ):
            return not_covered("renege")
        case Irregularity.RENEGE_CORRECTED if profile.renege_corrected_before_turned:
            return ruling(
                0,
                HandOutcome.CONTINUE,
                "renege corrected before the trick was turned: the card is withdrawn, no penalty",
                "renege_corrected_before_turned",
            )
        case Irregularity.RENEGE | Irregularity.RENEGE_CORRECTED:
            points = profile.renege_points_loner if lone_hand else profile.renege_points
            option = "renege_points_loner" if lone_hand else "renege_points"
            if profile.renege_ends_hand:
                return ruling(
                    points,
                    HandOutcome.HAND_OVER,
                    f"proven renege: the hand is over, team {other} scores {points}",
                    option,
                    nothing=True,
                )
            return ruling(
                points,
                HandOutcome.SCORE_AS_PLAYED,
                f"proven renege: team {other} scores {points} more, the offenders score nothing "
                "for the deal",
                option,
                nothing=True,
            )
        case Irregularity.RENEGE_UNPROVEN:
            if profile.renege_unproven_points == 0:
                return not_covered("renege_unproven_points")
            points = profile.renege_unproven_points
            return ruling(
                points,
                HandOutcome.CONTINUE,
                f"renege alleged but not proven: the accused team {other} scores {points}",
                "renege_unproven_points",
            )
        case Irregularity.BID_OUT_OF_TURN:
            if profile.bid_out_of_turn == "revert":
                return ruling(
                    0,
                    HandOutcome.REVERT,
                    "the premature bid is cancelled and the bid reverts to the proper seat",
                    "bid_out_of_turn",
                )
            if profile.bid_out_of_turn == "penalty":
                points = profile.bid_out_of_turn_points
                return ruling(
                    points,
                    HandOutcome.HAND_OVER,
                    f"bid out of turn: play stops, team {other} scores {points}",
                    "bid_out_of_turn",
                    alternative=(
                        f"team {other} may instead void the bid and call alone at standard "
                        "scoring (no penalty points)"
                    ),
                )
            return not_covered("bid_out_of_turn")
        case Irregularity.LEAD_OUT_OF_TURN:
            if profile.lead_out_of_turn == "penalty_card":
                return ruling(
                    0,
                    HandOutcome.REVERT,
                    "the lead reverts to the proper seat; the card led becomes a penalty card, "
                    "played at the first legal opportunity",
                    "lead_out_of_turn",
                )
            if profile.lead_out_of_turn == "penalty":
                points = (
                    profile.lead_out_of_turn_points_loner
                    if lone_hand
                    else profile.lead_out_of_turn_points
                )
                option = "lead_out_of_turn_points_loner" if lone_hand else "lead_out_of_turn"
                return ruling(
                    points,
                    HandOutcome.HAND_OVER,
                    f"lead out of turn: play stops, team {other} scores {points}",
                    option,
                    nothing=True,
                )
            return not_covered("lead_out_of_turn")
        case Irregularity.TABLE_TALK:
            if profile.table_talk == "not_covered":
                return not_covered("table_talk")
            if profile.table_talk == "disqualification":
                return ruling(
                    0,
                    HandOutcome.DISQUALIFICATION,
                    "table talk is grounds for disqualification",
                    "table_talk",
                )
            if not warned:
                return ruling(
                    0,
                    HandOutcome.CONTINUE,
                    "first offence: a warning (recorded)",
                    "table_talk",
                )
            points = profile.table_talk_points
            if profile.table_talk == "warning_then_lose_bid":
                return ruling(
                    points,
                    HandOutcome.CONTINUE,
                    f"table talk after a warning: team {offending_team} loses its right to bid "
                    f"this hand and team {other} scores {points} (in the hand record: "
                    f"'forfeit bid team {offending_team}')",
                    "table_talk",
                )
            return ruling(
                points,
                HandOutcome.CONTINUE,
                f"table talk after a warning: team {other} scores {points}",
                "table_talk",
            )
        case Irregularity.DEALER_FAILS_TO_DISCARD:
            # Sheet 004: "the opposition scores 2 points (or 4 points if lone hand was called
            # by opposition)": a lone call by the dealer's own side does not raise it.
            points = (
                profile.dealer_fails_to_discard_points_loner
                if opposition_alone
                else profile.dealer_fails_to_discard_points
            )
            if profile.dealer_fails_to_discard_points == 0:
                return not_covered("dealer_fails_to_discard_points")
            if opposition_alone:
                why = f"team {other} (the opposition) called alone"
            elif lone_hand:
                why = f"the lone call was the dealer's own team's (team {offending_team})"
            else:
                why = "no lone call"
            return ruling(
                points,
                HandOutcome.DEAL_PASSES,
                f"the dealer failed to discard: team {other} scores {points} ({why}); the "
                "deal passes",
                "dealer_fails_to_discard_points_loner"
                if opposition_alone
                else "dealer_fails_to_discard_points",
                nothing=True,
            )
        case Irregularity.WRONG_NUMBER_OF_CARDS:
            if (
                profile.wrong_number_of_cards == "redeal_before_lead_else_pass"
                and not before_first_lead
            ):
                return ruling(
                    0,
                    HandOutcome.DEAL_PASSES,
                    "wrong number of cards found after the first lead: the hand is void and the "
                    "deal passes",
                    "wrong_number_of_cards",
                    counts=False,
                )
            if profile.wrong_number_of_cards == "pass_once_card_turned" and card_turned:
                return ruling(
                    0,
                    HandOutcome.DEAL_PASSES,
                    "misdeal after the dealer turned a card: the hand is void and the deal "
                    "passes to the left",
                    "wrong_number_of_cards",
                    counts=False,
                )
            return ruling(
                0,
                HandOutcome.REDEAL_SAME_DEALER,
                "misdeal: the same dealer redeals; the hand does not count",
                "wrong_number_of_cards",
                counts=False,
            )
        case Irregularity.TURNED_DOWN_SUIT_NAMED:
            if profile.turned_down_suit_bid == "forfeit_bid":
                return ruling(
                    0,
                    HandOutcome.CONTINUE,
                    f"the turned-down suit was named: team {offending_team} forfeits its right to "
                    "bid this hand (the hand record keeps the call itself)",
                    "turned_down_suit_bid",
                )
            return ruling(
                0,
                HandOutcome.REVERT,
                "the turned-down suit cannot be called: the bid is refused and the player bids "
                "again",
                "turned_down_suit_bid",
            )
    raise EuchreError(f"no ruling for {irregularity.value}")  # pragma: no cover


class RenegeCheckJson(TypedDict):
    """A renege finding as JSON (cards as their text, the led suit as its letter)."""

    proven: bool
    seat: int | None
    trick: int | None
    card: str | None
    led_suit: str | None
    held: list[str]
    evidence_trick: int | None
    explanation: str
    lone_team: int | None
    cancelled_seat: int | None


@dataclass(frozen=True, slots=True)
class RenegeCheck:
    """Whether a renege claim is proven by the record, and the tricks that show it.

    ``lone_team`` is the team whose player was alone when the renege happened (None: no lone
    call), so a ruling can apply the loner penalty from the record alone. ``cancelled_seat``
    is the accused seat whose renege was cancelled because another player reneged first in
    the same trick (sheet 004); the finding then names that first renege.
    """

    proven: bool
    seat: int | None
    trick_index: int | None
    card: Card | None
    led_suit: Suit | None
    held: tuple[Card, ...]
    evidence_trick: int | None
    explanation: str
    lone_team: int | None = None
    cancelled_seat: int | None = None

    def to_json(self) -> RenegeCheckJson:
        """The finding as JSON."""
        return {
            "proven": self.proven,
            "seat": self.seat,
            "trick": self.trick_index,
            "card": str(self.card) if self.card is not None else None,
            "led_suit": self.led_suit.letter if self.led_suit is not None else None,
            "held": [str(card) for card in self.held],
            "evidence_trick": self.evidence_trick,
            "explanation": self.explanation,
            "lone_team": self.lone_team,
            "cancelled_seat": self.cancelled_seat,
        }


@dataclass(frozen=True, slots=True)
class _Renege:
    seat: int
    trick_index: int
    card: Card
    led_suit: Suit
    held: tuple[Card, ...]
    lone_team: int | None
    evidence: tuple[int, Card] | None = None


def _follow_mask(state: HandState, seat: int) -> int:
    """The cards of the led suit ``seat`` holds (0 when leading or void)."""
    if not state.trick:
        return 0
    trump = state.trump
    led = EFFECTIVE_SUIT[trump + 1][state.trick[0]]
    return state.hands[seat] & SUIT_MASK[trump + 1][led]


def _find_reneges(record: HandRecord) -> list[_Renege]:
    """Replay ``record`` allowing reneges; every renege in order, each with its evidence (a
    later trick in which the offender played a card of the suit he held)."""
    state = record.start()
    found: list[_Renege] = []
    for index, action in enumerate(record.actions):
        seat = state.to_act
        if action.kind is ActionKind.PLAY and state.phase is Phase.PLAY:
            for number, renege in enumerate(found):
                if (
                    renege.evidence is None
                    and renege.seat == seat
                    and action.card in renege.held
                    and len(state.tricks) > renege.trick_index
                ):
                    found[number] = dataclasses.replace(
                        renege, evidence=(len(state.tricks), action.card)
                    )
        legal = state.legal_actions()
        if action not in legal and not state.allows_record_action(action):
            follow = _follow_mask(state, seat)
            is_renege = (
                state.phase is Phase.PLAY
                and action.kind is ActionKind.PLAY
                and state.hands[seat] >> action.card & 1
                and follow
                and not follow >> action.card & 1
            )
            if not is_renege:
                refusal = state.refusal(legal, action)
                raise IllegalActionError(f"action {index} ({str(action)!r}){refusal}")
            led_suit = Suit(EFFECTIVE_SUIT[state.trump + 1][state.trick[0]])
            held = tuple(iter_mask(follow))
            lone_team = state.maker % 2 if state.alone else None
            found.append(
                _Renege(seat, len(state.tricks), Card(action.card), led_suit, held, lone_team)
            )
        state.apply(action)
    return found


def check_renege(record: HandRecord, accused_seat: int | None = None) -> RenegeCheck:
    """Replay ``record`` allowing reneges and find the first one (by ``accused_seat`` if given).

    Two reneges in one trick: where the profile says so (sheet 004: "the penalty is against
    the first renege and the second renege is canceled"), accusing the second player finds
    the first renege instead and names the accused's as cancelled. Any other illegal action
    (a card not in the player's hand, an action out of turn) is an error naming its index.
    """
    if accused_seat is not None and accused_seat not in (0, 1, 2, 3):
        raise EuchreError(f"accused seat must be 0-3, got {accused_seat!r}")
    reneges = _find_reneges(record)
    mine = [r for r in reneges if accused_seat is None or r.seat == accused_seat]
    if not mine:
        who = f"seat {accused_seat}" if accused_seat is not None else "anyone"
        return RenegeCheck(
            False,
            None,
            None,
            None,
            None,
            (),
            None,
            f"not proven: {who} followed suit whenever able in the recorded tricks",
        )
    chosen = mine[0]
    first_in_trick = next(r for r in reneges if r.trick_index == chosen.trick_index)
    note = ""
    cancelled: int | None = None
    if first_in_trick is not chosen:
        if record.profile.two_reneges_in_trick == "first_only":
            cancelled = chosen.seat
            note = (
                f"; seat {first_in_trick.seat} reneged first in trick {chosen.trick_index}: the "
                f"penalty is against the first renege and seat {chosen.seat}'s is cancelled"
            )
            chosen = first_in_trick
        else:
            note = (
                f"; seat {first_in_trick.seat} also reneged earlier in the same trick (not "
                "covered by this sheet: the director decides which counts)"
            )
    held_text = " ".join(str(c) for c in chosen.held)
    evidence = chosen.evidence
    shown = f"; trick {evidence[0]} shows the {evidence[1]} played" if evidence else ""
    lone = f"; a lone hand (team {chosen.lone_team}) was on" if chosen.lone_team is not None else ""
    return RenegeCheck(
        True,
        chosen.seat,
        chosen.trick_index,
        chosen.card,
        chosen.led_suit,
        chosen.held,
        evidence[0] if evidence else None,
        f"proven: seat {chosen.seat} played {chosen.card} on trick {chosen.trick_index} while "
        f"holding {held_text} of the suit led ({chosen.led_suit.letter}){shown}{lone}{note}",
        chosen.lone_team,
        cancelled,
    )


def lone_team_of(record: HandRecord) -> int | None:
    """The team whose player is alone in ``record`` (as far as it replays), or None."""
    state = record.start()
    for action in record.actions:
        if action not in state.legal_actions() and not state.allows_record_action(action):
            break
        state.apply(action)
    return state.maker % 2 if state.alone else None
