"""A round's name as every page words it ("Round 3", "Round 8 — Playoff: 4-hand game") and
the playoff's hands-a-game note: shared by the dashboard, the table page, the public pages
and the online between-rounds view."""

from __future__ import annotations

from euchre.engine.profile import load_profile
from euchre.tournament import RoundPlan, Stage
from euchre.tournament.bell import BELL_GAME_WORDS, plays_to_the_bell
from euchre.tournament.model import EventConfig, SitOutScoring
from euchre.tournament.settings import break_line

__all__ = ["break_ahead", "hands_note", "lower_first", "round_label", "sit_out_rule"]


def break_ahead(config: EventConfig, round_number: int) -> str:
    """ "Break: 15 minutes after round 6" on the projector and the phones while the break
    is ahead or just taken (up to the round after it, whose clock starts after it); ""
    without a break or once it is behind."""
    if round_number > config.break_after_round + 1:
        return ""
    return break_line(config.break_after_round, config.break_minutes)


def sit_out_rule(config: EventConfig) -> str:
    """How a sit-out or a bye is scored, in words, from the event's settings (the projector,
    the results page and a player told he sits out say it)."""
    if config.sit_out_scoring == SitOutScoring.FIXED:
        points = config.sit_out_points
        return f"Sitting out a round scores {points} point{'s' if points != 1 else ''}."
    if config.sit_out_scoring == SitOutScoring.ZERO:
        return "Sitting out a round scores nothing."
    return "Sitting out a round scores that round's average score (rounded down)."


def lower_first(text: str) -> str:
    """ "Round 2 ..." as it reads inside a line."""
    return text[:1].lower() + text[1:]


def hands_note(plan: RoundPlan, profile_id: str) -> str:
    """ " (4 hands a game)" for a playoff round; " — game to the bell (ends when the round's
    bell rings)" for a main round of a sheet whose games are played to the bell; else ""."""
    hands = plan.hands
    if plan.stage != Stage.PLAYOFF:
        # A game to the bell has no target or hand count to show: the line says how it ends.
        return f" — {BELL_GAME_WORDS}" if plays_to_the_bell(load_profile(profile_id)) else ""
    if not hands or "hand" in (plan.label or ""):
        return ""  # the label already says its hands
    return f" ({hands} hand{'s' if hands != 1 else ''} a game)"


def round_label(plan: RoundPlan | None, number: int) -> str:
    """A round's name on every page: "Round 3", or for a playoff "Round 8 — Playoff:
    4-hand game" (its own hand count)."""
    if plan is None or plan.stage != Stage.PLAYOFF:
        return f"Round {number}"
    label = plan.label or ""
    if not label:
        hands = plan.hands
        label = f"Playoff: {hands}-hand game" if hands else "Playoff"
    elif not label.lower().startswith("playoff"):
        label = f"Playoff: {label}"
    return f"Round {number} — {label}"
