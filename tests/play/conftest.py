"""Play test set-up: the app on a fresh SQLite file with computer players moving at once,
and Chromium (Debian's) for the browser tests."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from euchre.web.app import create_app
from tests.served import EuchreServer


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A TestClient (lifespan running, so bots move) on a fresh database."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    app = create_app(f"sqlite:///{tmp_path / 'play.db'}")
    with TestClient(app) as test_client:
        yield test_client


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
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EuchreServer]:
    """``euchre serve`` on 127.0.0.1 with a fresh SQLite file; computer players quick."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0.02")
    monkeypatch.setenv("EUCHRE_PLAY_CREATE_PER_MINUTE", "1000")
    server = EuchreServer(f"sqlite:///{tmp_path / 'euchre.db'}", tmp_path).start()
    try:
        yield server
    finally:
        server.stop()
