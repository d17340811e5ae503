"""Options that several commands share, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = ["JsonOption", "ProfileOption", "RoundsOption"]

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
"""``--json``: print the result as JSON (a command's default stays its own)."""

ProfileOption = Annotated[str, typer.Option(help="Profile id or a .toml file.")]
"""``--profile``: a built-in rule profile's id or a profile file (read by ``resolve_profile``)."""

RoundsOption = Annotated[int | None, typer.Option(help="Rounds (default: the preset's).")]
"""``--rounds``: the event's rounds, or None for its preset's."""
