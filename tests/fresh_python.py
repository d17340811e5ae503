"""Python code run in a process of its own, for tests of what an import loads: the test
process has long since imported everything, so only a fresh ``sys.modules`` can tell."""

from __future__ import annotations

import subprocess
import sys


def run_fresh(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with this interpreter in a new process; its exit code and its output
    (the caller checks them)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
