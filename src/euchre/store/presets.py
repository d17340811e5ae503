"""Each rule sheet's event preset, as the director's forms and the API use it.

Choosing a sheet's profile sets up that sheet's event (format, rounds, prizes, the euchred-cup
pot; each sheet's file says them, ``euchre.tournament.sheets``). A field the director gives
overrides the preset; a field left out takes it. A format that contradicts the sheet is
allowed (a club may want it) but gets a warning naming both.

Each sheet's own words (what its tally sheets and phones say, :func:`sheet_words`) come from
its file too, so no template or page decides a sheet's sentence by its name.
"""

from __future__ import annotations

from typing import Any

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.store.errors import StoreError
from euchre.tournament import FORMATS, PRESETS, EventConfig, preset_config
from euchre.tournament.sheets import SheetWords, sheet_words

__all__ = [
    "SheetWords",
    "config_with_preset",
    "preset_json",
    "presets_json",
    "sheet_warnings",
    "sheet_words",
]


def preset_json(profile_id: str) -> dict[str, Any] | None:
    """The sheet's whole event configuration as JSON (``EventConfig.to_json()`` without the
    name), or None for a profile without a preset."""
    if profile_id not in PRESETS:
        return None
    values = preset_config(profile_id, profile_id).to_json()
    values.pop("name")
    return values


def presets_json() -> dict[str, dict[str, Any]]:
    """Every profile's preset by profile id (for the create-event form's script)."""
    found = {profile_id: preset_json(profile_id) for profile_id in sorted(PRESETS)}
    return {profile_id: values for profile_id, values in found.items() if values is not None}


def config_with_preset(fields: dict[str, Any]) -> EventConfig:
    """An ``EventConfig`` from the fields given (``EventConfig.to_json()`` keys), every field
    left out taken from the preset of ``fields["profile_id"]``. Without a preset, ``format``
    and ``rounds`` must be given."""
    profile_id = str(fields.get("profile_id") or "")
    try:
        load_profile(profile_id)
    except EuchreError as error:
        raise StoreError(str(error)) from None
    values = preset_json(profile_id) or {}
    values.update({key: value for key, value in fields.items() if value is not None})
    for required in ("name", "format", "rounds"):
        if required not in values:
            raise StoreError(
                f"{required} is missing, and profile {profile_id!r} has no preset to take it from"
            )
    return EventConfig.from_json(values)


def sheet_warnings(config: EventConfig) -> list[str]:
    """Where the configuration contradicts its sheet's own event: one sentence each."""
    preset = PRESETS.get(config.profile_id)
    if preset is None:
        return []
    warnings = []
    sheet_format = str(preset.get("format", ""))
    if sheet_format and config.format != sheet_format:
        sheet = load_profile(config.profile_id).name
        fixed = FORMATS[config.format].fixed_partners if config.format in FORMATS else None
        sheet_fixed = FORMATS[sheet_format].fixed_partners if sheet_format in FORMATS else None
        partners = ""
        if fixed is not None and sheet_fixed is not None and fixed != sheet_fixed:
            partners = (
                " (the sheet's partners change every game)"
                if not sheet_fixed
                else " (the sheet plays in fixed partnerships)"
            )
        warnings.append(
            f"the {sheet} sheet is played as {sheet_format}{partners}; this event uses "
            f"{config.format}"
        )
    return warnings
