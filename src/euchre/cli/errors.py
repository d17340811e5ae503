"""Translate errors at the CLI edge: one line on stderr, exit code 1, never a traceback."""

from __future__ import annotations

import sys

import typer

from euchre.engine.errors import EuchreError


class CliError(Exception):
    """A problem to report to the user as one line (exit code 1)."""


def run_cli(app: typer.Typer) -> int:
    """Run ``app`` and return the process exit code."""
    try:
        outcome = app(standalone_mode=False)
    except (EuchreError, CliError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except typer.Exit as done:
        return int(done.exit_code or 0)
    except typer.Abort:
        print("aborted", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # Click usage errors
        import click

        if isinstance(error, click.ClickException):
            error.show()
            return error.exit_code
        raise
    return outcome if isinstance(outcome, int) else 0
