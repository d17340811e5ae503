"""What a level game means under a sheet, in words, for every page that shows one.

A game that ends level (7-7 after 8 hands) still has a winner for the movement and for
"games won": the first team to reach the tying score, or under ``game_tie = "extra_hand"``
the team that won the unscored extra hand. A sheet that says so has its own sentence
(``[words] tie_rule``); a sheet with no tie rule at all (sheet 001, Bolivar) gets the house's
reading, stated, so that a player who sees "7-7" and "won" is told why (docs/tournament.md,
"Level games").
"""

from __future__ import annotations

from euchre.engine.profile import load_profile
from euchre.tournament.sheets import sheet_words

__all__ = ["NO_TIE_RULE", "level_game_rule"]

NO_TIE_RULE = (
    "This sheet has no rule for a level game. Our reading: the game goes to the first team "
    "to reach the tying score (it counts as a game won, and that team moves as the winner); "
    "both teams keep the points they made."
)
"""The house's reading of a level game under a sheet without a tie rule."""


def level_game_rule(profile_id: str) -> str:
    """How a level game is decided under the sheet behind ``profile_id``, in words: the
    sheet's own ``tie_rule`` quoted, else what its ``game_tie`` option says, else (no rule
    at all) :data:`NO_TIE_RULE`."""
    words = sheet_words(profile_id).tie_rule
    if words:
        return f"The sheet: “{words}”"
    game_tie = load_profile(profile_id).game_tie
    if game_tie == "extra_hand":
        return "A level game is decided by one more hand, not scored: its winner wins the game."
    if game_tie == "first_to_tying_score":
        return "A level game goes to the first team to make the tying score."
    return NO_TIE_RULE
