"""Running the ``euchre`` command in the test's own process, as a user would type it."""

from __future__ import annotations

import contextlib
import io
import sys

from euchre.cli.errors import run_cli
from euchre.cli.main import app


def run_apart(*args: str) -> tuple[int, str, str]:
    """Run ``euchre ARGS``; its exit code, standard output and standard error (errors become
    one line, exit code 1)."""
    stdout, stderr = io.StringIO(), io.StringIO()
    saved = sys.argv
    sys.argv = ["euchre", *args]
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = run_cli(app)
    finally:
        sys.argv = saved
    return code, stdout.getvalue(), stderr.getvalue()


def run(*args: str) -> tuple[int, str]:
    """Run ``euchre ARGS``; its exit code and all it printed (output, then errors)."""
    code, output, errors = run_apart(*args)
    return code, output + errors
