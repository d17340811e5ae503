"""Run ``euchre serve`` in a subprocess on 127.0.0.1 for tests and benchmarks.

The server runs in its own process group, so ``kill`` (SIGKILL) and ``stop`` reach uvicorn's
worker processes too; its output goes to a log file (a pipe nobody reads could block it).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.pgcluster import free_port

__all__ = ["EuchreServer"]


class EuchreServer:
    """``euchre serve --host 127.0.0.1`` on a free port with ``database_url``, in ``folder``."""

    def __init__(
        self,
        database_url: str,
        folder: Path,
        *,
        workers: int = 1,
        environment: dict[str, str] | None = None,
    ) -> None:
        self.database_url = database_url
        self.environment = dict(environment or {})
        """Variables added to the server's environment."""
        self.folder = folder
        self.workers = workers
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = folder / f"serve-{self.port}.log"

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>`` (no trailing slash)."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, *, timeout: float = 90.0) -> EuchreServer:
        """Start the server and wait until ``GET /api/setup`` answers and every worker has
        started (a worker still starting takes no connection, so a load that began then
        would all go to the workers already up)."""
        environment = dict(os.environ)
        environment["DATABASE_URL"] = self.database_url
        environment.update(self.environment)
        # No solver warm-up at start-up unless a test asks for it (it costs CPU time).
        environment.setdefault("EUCHRE_SOLVER_WARM_UP", "0")
        command = [
            sys.executable,
            "-m",
            "euchre",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--workers",
            str(self.workers),
            "--no-qr",
            "--public-url",
            f"{self.base_url}/",
        ]
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            command,
            cwd=self.folder,
            env=environment,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                answered = httpx.get(f"{self.base_url}/api/setup", timeout=2).status_code == 200
                if answered and self._workers_started() >= self.workers:
                    return self
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None:
                raise RuntimeError(f"euchre serve exited early:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(
                    f"euchre serve did not answer in {timeout} s:\n{self.log_tail()}"
                )
            time.sleep(0.2)

    def _workers_started(self) -> int:
        """How many workers have logged the end of their start-up so far."""
        if not self.log_path.exists():
            return 0
        return self.log_path.read_text(errors="replace").count("Application startup complete")

    def log_tail(self, characters: int = 3000) -> str:
        """The end of the server's output."""
        if not self.log_path.exists():
            return ""
        return self.log_path.read_text(errors="replace")[-characters:]

    def _signal_group(self, number: int) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, number)

    def kill(self) -> None:
        """SIGKILL the server and its workers at once (no shutdown code runs)."""
        self._signal_group(signal.SIGKILL)
        if self.process is not None:
            self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        """Stop the server politely (SIGTERM), SIGKILL if it takes more than 20 s."""
        if self.process is None:
            return
        self._signal_group(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._signal_group(signal.SIGKILL)
            self.process.wait(timeout=30)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)  # any worker left behind
        self.process = None
