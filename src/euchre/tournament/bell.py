"""Games to the bell: a club's game with no length of its own, ended by the round's bell.

A profile says it with ``game_end = "bell"`` (and no ``game_target`` or ``game_hands``); the
event then needs a bell, a ``round_minutes`` more than 0. Scores typed for such a game have
no bound but being 0 or more (``validation``); the engine deals to four seats with no clock,
so such a game is played on paper, never at a browser table (``docs/sheets.md``, "Game
length").
"""

from __future__ import annotations

from euchre.engine.choices import GameEnd
from euchre.engine.profile import RuleProfile

__all__ = ["BELL_GAME_WORDS", "bell_problem", "on_paper_only", "plays_to_the_bell"]

BELL_GAME_WORDS = "Game to the bell (ends when the round's bell rings)"
"""How the score form, the tally sheet and the dashboard name a game to the bell."""


def plays_to_the_bell(profile: RuleProfile) -> bool:
    """True when ``profile``'s games end at the round's bell (``game_end = "bell"``)."""
    return profile.game_end == GameEnd.BELL


def bell_problem(
    profile: RuleProfile,
    round_minutes: int,
    *,
    game_end_key: str = "profile option game_end",
    round_minutes_key: str = "round_minutes",
) -> str | None:
    """Why games to the bell cannot be played with a round of ``round_minutes`` (0: no
    bell, so such a game would never end), or None. The keys are named as the reader
    writes them (a sheet file's ``event.round_minutes``, the API's ``round_minutes``)."""
    if not plays_to_the_bell(profile) or round_minutes > 0:
        return None
    return (
        f"profile {profile.id!r} plays its games to the bell ({game_end_key} = 'bell': a "
        f"game ends when the round's bell rings), but {round_minutes_key} is 0, no bell: "
        f"set {round_minutes_key} to the round's length in minutes, or give the games a "
        "length (game_end = 'target_or_hands' with game_target or game_hands)"
    )


def on_paper_only(profile: RuleProfile) -> str | None:
    """Why a game under ``profile`` cannot be played at a browser table (or by the
    simulator): its games end at the round's bell, which the rules engine does not keep
    (None: the profile's games have a length of their own). Never played to another target
    in silence."""
    if not plays_to_the_bell(profile):
        return None
    return (
        f"games to the bell are played on paper: profile {profile.id!r} ends each game when "
        "the round's bell rings (game_end = 'bell'), and a game the rules engine deals has no "
        "bell to end it. Play the night in the hall (tables on paper), or choose rules whose "
        "games have a length (game_target or game_hands)"
    )
