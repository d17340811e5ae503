"""Web test set-up: Chromium launch options for Playwright and a served ``euchre serve``.

Playwright drives Debian's ``/usr/bin/chromium`` (``playwright install`` cannot download a
browser here); browser tests skip with a reason when it is missing. Screenshots go to
``test-artifacts/`` (gitignored).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.served import EuchreServer

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, pointed at Debian's Chromium."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium not installed (apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@pytest.fixture
def artifacts(request: pytest.FixtureRequest) -> Path:
    """A folder under ``test-artifacts/`` for this test's screenshots."""
    folder = ARTIFACTS / request.node.name.replace("[", "-").replace("]", "")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def served(tmp_path: Path) -> Iterator[EuchreServer]:
    """``euchre serve`` on 127.0.0.1 (free port) with a fresh SQLite file; stopped after."""
    server = EuchreServer(f"sqlite:///{tmp_path / 'euchre.db'}", tmp_path).start()
    try:
        yield server
    finally:
        server.stop()
