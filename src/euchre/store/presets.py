"""Each rule sheet's event preset, as the director's forms and the API use it.

Choosing a sheet's profile sets up that sheet's event (format, rounds, prizes, the euchred-cup
pot; the preset table itself lives next to the formats, ``euchre.tournament.PRESETS``). A
field the director gives overrides the preset; a field left out takes it. A format that
contradicts the sheet is allowed (a club may want it) but gets a warning naming both.

Each sheet's own words (what its tally sheets and phones say, :data:`SHEET_WORDS`) live here
too, as data by profile id, so no template or page decides a sheet's sentence by its name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from euchre.engine.errors import EuchreError
from euchre.engine.profile import load_profile
from euchre.store.errors import StoreError
from euchre.tournament import FORMATS, PRESETS, EventConfig, preset_config

__all__ = [
    "SHEET_WORDS",
    "SheetWords",
    "config_with_preset",
    "preset_json",
    "presets_json",
    "sheet_warnings",
    "sheet_words",
]


@dataclass(frozen=True)
class SheetWords:
    """A rule sheet's own words, as its paper and phones print them. A field left empty
    means the sheet says nothing on it, and nothing is printed (never another sheet's
    sentence)."""

    game_word: str = "Round"
    """What the sheet calls one game of the evening ("Round", Bolivar's "Game")."""
    tally_notes: tuple[str, ...] = ()
    """The sheet's sentences printed under a tally sheet's hand lines."""
    opponent_check: Literal["initials", "signature"] = "initials"
    """How an opponent vouches for a written score: initials, or a signature (Valpo)."""
    hand_in: str = ""
    """Where the tally sheet goes afterwards, in the sheet's words."""
    tie_rule: str = ""
    """The sheet's rule for a level game, shown where the phone asks who reached the tying
    score first."""
    playoff_rule: str = ""
    """The sheet's rule for a playoff that ends level, on a playoff's phone and tally sheet."""


SHEET_WORDS: dict[str, SheetWords] = {
    # Sheet 000: "The scorekeeper records the points on each team's tally sheet which is then
    # initialed by an opposing player at the end of the round. The tally sheet is handed in to
    # the official scorekeeper at the end of the evening."
    "ballantrae": SheetWords(
        hand_in="Hand this sheet in to the official scorekeeper at the end of the evening.",
    ),
    # Sheet 001: its MISC and TOURNAMENT FORMAT sentences, and the monetary euchre penalty.
    "bolivar": SheetWords(
        game_word="Game",
        tally_notes=(
            "Eight (8) hands are played each game regardless of score. Only hands where a "
            "team scores points is considered played.",
            "At the end of each game, teams change partners - the team with less points moves.",
            'Euchred: each player on the "Euchred" team puts a quarter in the cup on the table.',
        ),
    ),
    # Sheet 003, rules 18 and 20.
    "valpo": SheetWords(
        opponent_check="signature",
        playoff_rule="If a tie occurs, a four (4) hand playoff will take place between the two "
        "teams. If the game is still tied, a sudden death hand will occur.",
    ),
    # Sheet 004, "Standard progressive game".
    "tournament": SheetWords(
        tie_rule="Ties go to the first team to make the tying score (i.e., last team to "
        "score loses).",
    ),
}
"""Each sheet's own words by profile id; a profile not listed says only the house's."""


def sheet_words(profile_id: str) -> SheetWords:
    """The words of the sheet behind ``profile_id`` (the house's plain ones when the sheet
    has none of its own)."""
    return SHEET_WORDS.get(profile_id, SheetWords())


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
