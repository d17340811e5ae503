"""Translate errors at the CLI edge: one line on stderr, never a traceback.

Domain errors exit 1; usage errors (a missing argument, an unknown option or command, a value
of the wrong type) exit 2, like any well-behaved command.
"""

from __future__ import annotations

import sys

import typer

from euchre.engine.errors import EuchreError

# Typer ships its own copy of Click: its usage errors are not ``click.ClickException``
# instances, so both families are caught. ``typer.TyperException`` is the public base of
# Typer's copy.
_USAGE_ERRORS: tuple[type[Exception], ...]
try:
    import click as _click

    _USAGE_ERRORS = (typer.TyperException, _click.ClickException)
except ImportError:  # pragma: no cover - click is installed with typer today
    _USAGE_ERRORS = (typer.TyperException,)


class CliError(Exception):
    """A problem to report to the user as one line (exit code 1)."""


def usage_message(error: Exception) -> str:
    """One line for a Click/Typer usage error: the command it concerns and what is wrong."""
    format_message = getattr(error, "format_message", None)
    text = format_message() if callable(format_message) else str(error)
    context = getattr(error, "ctx", None)
    command = getattr(context, "command_path", "") if context is not None else ""
    line = " ".join(str(text).split())
    return f"usage error: {command}: {line}" if command else f"usage error: {line}"


def run_cli(app: typer.Typer, args: list[str] | None = None) -> int:
    """Run ``app`` and return the process exit code (0 ok, 1 error, 2 usage error)."""
    try:
        outcome = app(args=args, standalone_mode=False)
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
    except _USAGE_ERRORS as error:
        code = getattr(error, "exit_code", 2)
        print(usage_message(error), file=sys.stderr)
        return code if isinstance(code, int) and code != 1 else 2
    return outcome if isinstance(outcome, int) else 0
