"""The closed sets of values a rule-profile option may take, as ``StrEnum``s.

Each member equals its text (``AllPass.THROW_IN == "throw_in"``), so profile files, JSON and
comparisons with the text keep working; the type checker sees the closed set.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "AllPass",
    "BidOutOfTurn",
    "CountedHands",
    "DealStyle",
    "DealerPartnerAlone",
    "ExposedCard",
    "FirstDealerJack",
    "GameEnd",
    "GameTie",
    "LeadBeforeDiscard",
    "LeadOutOfTurn",
    "LoneHandLead",
    "PartnerOfLonerPlays",
    "Renege",
    "TableTalk",
    "TurnedDownSuitBid",
    "TwoRenegesInTrick",
    "WrongDealer",
    "WrongNumberOfCards",
]


class FirstDealerJack(StrEnum):
    """Which jack, dealt face up, makes its receiver the first dealer."""

    ANY = "any"
    BLACK = "black"


class DealStyle(StrEnum):
    """How the five cards are dealt."""

    ONE_AT_A_TIME = "one_at_a_time"
    TWOS_AND_THREES = "twos_and_threes"
    DEALERS_CHOICE = "dealers_choice"


class DealerPartnerAlone(StrEnum):
    """When the dealer's partner who makes trump must go alone.

    A profile file may still write ``true`` (:attr:`ORDER_OR_CALL`, the option's meaning
    before it had three values) or ``false`` (:attr:`NEVER`)."""

    NEVER = "never"
    """He may make trump with his partner, like anyone."""
    ORDER_OR_CALL = "order_or_call"
    """Ordering the up-card in round 1 or naming a suit in round 2, he must go alone."""
    ORDER_UP = "order_up"
    """Only ordering the dealer up (round 1) makes him go alone; in round 2 he may name a
    suit with his partner (MIET: 'a dealer's partner must go alone if they order the dealer
    up')."""


class AllPass(StrEnum):
    """What happens when all four pass in round 2."""

    STICK_THE_DEALER = "stick_the_dealer"
    THROW_IN = "throw_in"


class TurnedDownSuitBid(StrEnum):
    """Naming the turned-down suit in round 2."""

    REJECTED = "rejected"
    FORFEIT_BID = "forfeit_bid"


class CountedHands(StrEnum):
    """Which hands count toward a fixed-length game."""

    COMPLETED = "completed"
    SCORING_ONLY = "scoring_only"


class GameEnd(StrEnum):
    """What ends a game: its own length (a target or a number of hands) or the round's bell."""

    TARGET_OR_HANDS = "target_or_hands"
    """The game ends at ``game_target`` points or after ``game_hands`` counted hands."""
    BELL = "bell"
    """A club's "games to the bell": the game has no length of its own; it ends when the
    round's bell rings, with the points scored so far (the event's ``round_minutes``)."""


class GameTie(StrEnum):
    """A fixed-length game that ends level."""

    TIE = "tie"
    FIRST_TO_TYING_SCORE = "first_to_tying_score"
    EXTRA_HAND = "extra_hand"
    """A tied game is decided by one more hand that is not scored: its winners win the game."""


class Renege(StrEnum):
    """Whether the sheet has a renege rule."""

    PENALTY = "penalty"
    NOT_COVERED = "not_covered"


class TwoRenegesInTrick(StrEnum):
    """Two players renege in one trick."""

    FIRST_ONLY = "first_only"
    NOT_COVERED = "not_covered"


class BidOutOfTurn(StrEnum):
    """A bid out of turn."""

    PENALTY = "penalty"
    REVERT = "revert"
    NOT_COVERED = "not_covered"


class LeadOutOfTurn(StrEnum):
    """A lead out of turn."""

    PENALTY = "penalty"
    PENALTY_CARD = "penalty_card"
    NOT_COVERED = "not_covered"


class TableTalk(StrEnum):
    """Table talk after a warning."""

    WARNING_THEN_POINT = "warning_then_point"
    WARNING_THEN_LOSE_BID = "warning_then_lose_bid"
    DISQUALIFICATION = "disqualification"
    NOT_COVERED = "not_covered"


class WrongNumberOfCards(StrEnum):
    """A hand dealt the wrong number of cards."""

    REDEAL = "redeal"
    REDEAL_BEFORE_LEAD_ELSE_PASS = "redeal_before_lead_else_pass"
    PASS_ONCE_CARD_TURNED = "pass_once_card_turned"
    """LVEA: "A misdealer who has turned a card loses the deal to the left"."""


class ExposedCard(StrEnum):
    """A card exposed from a hand."""

    PLAYED = "played"
    PENALTY_CARD = "penalty_card"
    NOT_COVERED = "not_covered"


class LeadBeforeDiscard(StrEnum):
    """First seat leads before the dealer discards."""

    DEAD_CARD = "dead_card"
    NOT_COVERED = "not_covered"


class PartnerOfLonerPlays(StrEnum):
    """The partner of a lone caller plays a card."""

    CANCEL_LONER = "cancel_loner"
    NOT_COVERED = "not_covered"


class WrongDealer(StrEnum):
    """Cards dealt by the wrong player."""

    STANDS_AFTER_FIRST_TRICK = "stands_after_first_trick"
    NOT_COVERED = "not_covered"


class LoneHandLead(StrEnum):
    """Who leads the first trick when a lone hand is called."""

    LEFT_OF_DEALER = "left_of_dealer"
    LEFT_OF_LONER = "left_of_loner"
