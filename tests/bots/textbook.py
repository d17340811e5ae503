"""Textbook positions (hand records) where strong players agree on the answer.

Each entry: a test name (the strategy rule), an unfinished hand record, the scores before the
hand, and the answers a sound player gives (any one of them is right).
"""

from __future__ import annotations

from typing import Any

from euchre.engine.record import HandRecord, replay
from euchre.engine.view import PlayerView, view_of

TEN = {"game_target": 10, "game_hands": 0}

POSITIONS: dict[str, tuple[dict[str, Any], tuple[int, int], tuple[str, ...]]] = {
    # Lapp / club play: at 9 in a game to 10 a plain march wins; a lone hand adds nothing but risk.
    "no_lone_hand_when_a_march_wins_the_game": (
        {
            "profile": "tournament",
            "profile_options": TEN,
            "dealer": 3,
            "hands": [
                ["JH", "JD", "AH", "KH", "AS"],
                ["9C", "TC", "AC", "KD", "QS"],
                ["QC", "TD", "JC", "TS", "KS"],
                ["TH", "9D", "QD", "9S", "KC"],
            ],
            "up_card": "QH",
            "kitty": ["AD", "JS", "9H"],
            "actions": [],
        },
        (9, 6),
        ("order",),
    ),
    # The dealer picking up counts the up-card among his trumps: right, left, ace, king of
    # trump and an off ace is a lone hand.
    "dealer_counts_the_up_card_he_picks_up_for_a_lone_hand": (
        {
            "profile": "tournament",
            "dealer": 3,
            "hands": [
                ["9C", "TC", "QC", "KD", "QS"],
                ["TD", "JC", "TS", "KS", "9D"],
                ["TH", "QD", "AS", "KC", "AD"],
                ["JH", "JD", "AH", "AC", "9S"],
            ],
            "up_card": "KH",
            "kitty": ["QH", "JS", "9H"],
            "actions": ["pass", "pass", "pass"],
        },
        (0, 0),
        ("order alone",),
    ),
    # The dealer picks up the right bower holding another trump and an off ace.
    "dealer_picks_up_the_right_bower_with_another_trump_and_an_off_ace": (
        {
            "profile": "tournament",
            "dealer": 3,
            "hands": [
                ["9C", "TC", "QC", "KD", "QS"],
                ["JD", "JC", "TS", "KS", "9D"],
                ["TH", "AD", "AS", "KC", "KH"],
                ["9H", "AC", "9S", "TD", "QD"],
            ],
            "up_card": "JH",
            "kitty": ["QH", "JS", "AH"],
            "actions": ["pass", "pass", "pass"],
        },
        (0, 0),
        ("order",),
    ),
    # First seat calls "next" (the turned-down suit's partner) with the right bower, a queen,
    # an off ace and a void.
    "first_seat_calls_next_with_right_queen_off_ace_and_a_void": (
        {
            "profile": "tournament",
            "dealer": 3,
            "hands": [
                ["JD", "QD", "AC", "9S", "TS"],
                ["9C", "TC", "KD", "QS", "KH"],
                ["QC", "TD", "JC", "KS", "AH"],
                ["TH", "9D", "AS", "KC", "JS"],
            ],
            "up_card": "9H",
            "kitty": ["AD", "JH", "QH"],
            "actions": ["pass", "pass", "pass", "pass"],
        },
        (0, 0),
        ("call D",),
    ),
    # The dealer's discard: throw the cheap card, keep the side ace (both make a void).
    "dealer_discards_the_cheaper_card_and_keeps_the_side_ace": (
        {
            "profile": "tournament",
            "dealer": 3,
            "hands": [
                ["9C", "TC", "QC", "KD", "QH"],
                ["JD", "JC", "TH", "KH", "TD"],
                ["AD", "AS", "KC", "9H", "AH"],
                ["JS", "KS", "9S", "AC", "9D"],
            ],
            "up_card": "QS",
            "kitty": ["JH", "QD", "TS"],
            "actions": ["order"],
        },
        (0, 0),
        ("discard 9D",),
    ),
    # The maker holding the right bower leads trump (draw the defenders' trumps before cashing
    # side aces).
    "maker_holding_the_right_bower_leads_trump": (
        {
            "profile": "tournament",
            "dealer": 3,
            "hands": [
                ["JS", "AS", "9S", "AH", "KD"],
                ["9C", "TC", "QC", "QS", "KH"],
                ["TD", "JC", "KS", "9D", "AD"],
                ["TH", "QD", "AC", "KC", "JD"],
            ],
            "up_card": "TS",
            "kitty": ["QH", "JH", "9H"],
            "actions": ["order", "discard JD"],
        },
        (0, 0),
        ("play JS", "play AS", "play 9S"),
    ),
    # When partner made trump, lead trump to him.
    "lead_trump_when_partner_made_it": (
        {
            "profile": "tournament",
            "dealer": 3,
            "hands": [
                ["TD", "9D", "AH", "AC", "9S"],
                ["9C", "JC", "KC", "TH", "JS"],
                ["JD", "AD", "KD", "QC", "9H"],
                ["JH", "KS", "QS", "KH", "TC"],
            ],
            "up_card": "QD",
            "kitty": ["QH", "TS", "AS"],
            "actions": ["pass", "pass", "order", "discard TC"],
        },
        (0, 0),
        ("play TD", "play 9D"),
    ),
}


def textbook_view(name: str) -> PlayerView:
    """What the player to act sees in the textbook position ``name``."""
    record, scores, _ = POSITIONS[name]
    state = replay(HandRecord.from_json(record))
    return view_of(state, state.to_act, scores)
