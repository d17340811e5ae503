"""The euchre rules engine: cards, rule profiles, hand states, records and games."""

from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import Card, CardSet, Rank, Suit, effective_suit
from euchre.engine.errors import (
    CardParseError,
    EuchreError,
    HandRecordError,
    IllegalActionError,
    InvalidActionError,
    RuleProfileError,
)
from euchre.engine.profile import BUILTIN_PROFILES, RuleProfile, load_profile, resolve_profile
from euchre.engine.record import HandRecord, deal_record, deal_state, draw_first_dealer, replay
from euchre.engine.state import HandResult, HandState, HandStatus, Phase, partner, team_of

__all__ = [
    "BUILTIN_PROFILES",
    "Action",
    "ActionKind",
    "Card",
    "CardParseError",
    "CardSet",
    "EuchreError",
    "HandRecord",
    "HandRecordError",
    "HandResult",
    "HandState",
    "HandStatus",
    "IllegalActionError",
    "InvalidActionError",
    "Phase",
    "Rank",
    "RuleProfile",
    "RuleProfileError",
    "Suit",
    "deal_record",
    "deal_state",
    "draw_first_dealer",
    "effective_suit",
    "load_profile",
    "partner",
    "replay",
    "resolve_profile",
    "team_of",
]
