"""The rule sheets as the create-event form offers them (read model)."""

from __future__ import annotations

from euchre.tournament.sheets import all_sheets

__all__ = [
    "sheet_choices",
]


def sheet_choices() -> list[tuple[str, str]]:
    """(id, label) of every sheet in use, for the create-event form."""
    return [(sheet.id, f"{sheet.profile.name} ({sheet.id})") for sheet in all_sheets().values()]
