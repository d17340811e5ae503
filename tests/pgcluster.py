"""A throwaway PostgreSQL cluster on 127.0.0.1 for tests and benchmarks.

Uses Debian's server binaries (``/usr/lib/postgresql/<version>/bin``, or ``initdb`` on the
PATH). The cluster lives in a fresh folder under /tmp (a short path, since the Unix socket
goes there too), listens on 127.0.0.1 only, on a free port, and is removed on ``stop``.
``initdb`` refuses to run as root, so as root the commands run as the ``postgres`` user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["PostgresCluster", "find_postgres_bin"]


def find_postgres_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (newest installed version), or ``None``."""

    def version(path: str) -> tuple[int, ...]:
        name = Path(path).parent.parent.name
        return tuple(int(part) for part in name.split(".") if part.isdigit())

    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if candidates:
        return Path(candidates[-1]).parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresCluster:
    """One ``initdb``-made cluster, started with ``start`` and removed with ``stop``.

    ``durable=False`` turns off fsync (fine for tests, whose data is thrown away); benchmarks
    keep the defaults so their figures mean what a real server would do.
    """

    def __init__(self, *, durable: bool = True, max_connections: int = 200) -> None:
        bin_folder = find_postgres_bin()
        if bin_folder is None:
            raise FileNotFoundError(
                "PostgreSQL server binaries (initdb, pg_ctl) not found: install Debian's "
                "postgresql package"
            )
        self.bin_folder = bin_folder
        self.durable = durable
        self.max_connections = max_connections
        self.port = 0
        self.folder = Path(tempfile.mkdtemp(prefix="euchre-pg-", dir="/tmp"))
        self.data = self.folder / "data"
        self._as_postgres = os.geteuid() == 0

    @property
    def url(self) -> str:
        """The server's ``postgresql://`` address (user ``postgres``, database ``postgres``)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *arguments: str) -> None:
        command = [str(self.bin_folder / arguments[0]), *arguments[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        completed = subprocess.run(
            command, capture_output=True, text=True, timeout=120, check=False, cwd=self.folder
        )
        if completed.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{' '.join(arguments[:1])} failed ({completed.returncode}): "
                f"{completed.stderr.strip()} {tail}"
            )

    def start(self) -> str:
        """Create and start the cluster; return its URL."""
        if self._as_postgres:
            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = [
            "-c listen_addresses=127.0.0.1",
            f"-c unix_socket_directories={self.folder}",
            f"-c max_connections={self.max_connections}",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        for _ in range(5):
            self.port = free_port()
            try:
                self._run(
                    "pg_ctl",
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.folder / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    " ".join([f"-p {self.port}", *options]),
                    "start",
                )
                return self.url
            except RuntimeError:
                if "could not bind" not in (self.folder / "server.log").read_text(errors="replace"):
                    raise
        raise RuntimeError("PostgreSQL could not find a free port in 5 tries")

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def fresh_postgres_database(server: str, prefix: str = "euchre") -> Iterator[str]:
    """A new, empty database on the PostgreSQL server at ``server`` (a ``postgresql://``
    URL), as a SQLAlchemy ``postgresql+psycopg://`` URL; dropped afterwards."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    base = server.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(server, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
