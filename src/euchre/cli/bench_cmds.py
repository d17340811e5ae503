"""CLI commands for the bench area (registered by ``euchre.cli.main``)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this area's commands to the ``euchre`` app."""
