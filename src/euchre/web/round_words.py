"""A round's name as every page words it ("Round 3", "Round 8 — Playoff: 4-hand game") and
the playoff's hands-a-game note: shared by the dashboard, the table page, the public pages
and the online between-rounds view."""

from __future__ import annotations

from euchre.tournament import RoundPlan, Stage

__all__ = ["hands_note", "lower_first", "round_label"]


def lower_first(text: str) -> str:
    """ "Round 2 ..." as it reads inside a line."""
    return text[:1].lower() + text[1:]


def hands_note(plan: RoundPlan) -> str:
    """ " (4 hands a game)" for a playoff round, "" for a main round."""
    hands = plan.hands
    if plan.stage != Stage.PLAYOFF or not hands or "hand" in (plan.label or ""):
        return ""  # a main round, or the label already says its hands
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
