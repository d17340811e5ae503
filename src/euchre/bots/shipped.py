"""The bots' data files shipped in the package (``euchre/bots/data/*.json``): one entry per
profile, or ``{"uses": OTHER}`` for a profile that shares another's entry (the same score
table for the bids that matter)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["profile_entry"]


def profile_entry(file_name: str, profile_id: str) -> dict[str, Any] | None:
    """The entry of ``data/<file_name>`` for a profile (the entry it ``uses``, if it names
    one), ``None`` when the file has none for it."""
    text = resources.files("euchre.bots").joinpath(f"data/{file_name}").read_text("utf-8")
    profiles: dict[str, dict[str, Any]] = json.loads(text)["profiles"]
    entry = profiles.get(profile_id)
    if entry is not None and "uses" in entry:
        entry = profiles[entry["uses"]]
    return entry
