"""Entry point of the ``euchre`` command: each area registers its own commands.

Each ``*_cmds`` module owns one area (engine, tournament, bots, web) and exposes
``register(app)``. Errors from the layers below are translated here: a one-line message on
stderr and exit code 1 (2 for usage errors, which Typer/Click already handle).
"""

from __future__ import annotations

import sys

import typer

from euchre.cli import (
    bench_cmds,
    bots_cmds,
    engine_cmds,
    sheet_cmds,
    tournament_cmds,
    web_cmds,
)

app = typer.Typer(
    name="euchre",
    help="Euchre: rules engine, tournament director's tool, computer players, web table.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for _module in (engine_cmds, tournament_cmds, sheet_cmds, bots_cmds, web_cmds, bench_cmds):
    _module.register(app)


def main() -> None:
    """Run the CLI, turning domain errors into one-line messages with exit code 1."""
    from euchre.cli.errors import run_cli

    sys.exit(run_cli(app))
