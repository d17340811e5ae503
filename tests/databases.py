"""Fresh SQLite databases for tests, copied from one migrated template per test process.

``create_app`` (and ``euchre serve``) migrate the database they are given. Running every
Alembic migration on an empty file costs about 0.3 s of CPU each time; a test process builds a
migrated, empty template once and each test gets a copy, which the app then finds at the newest
revision (a check that costs a few milliseconds). A copy of the template is exactly what a new
file becomes after its first migration: no director, no event, no member.
"""

from __future__ import annotations

import atexit
import fcntl
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from euchre.store.db import Database

if TYPE_CHECKING:
    import pytest

__all__ = ["built_once_per_run", "fresh_sqlite_url", "migrated_template", "run_folder"]

_template: Path | None = None


def migrated_template() -> Path:
    """This process's migrated, empty SQLite file (built on first use, removed at exit)."""
    global _template  # one template per test process, built lazily
    if _template is None:
        folder = Path(tempfile.mkdtemp(prefix="euchre-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = folder / "template.db"
        database = Database(f"sqlite:///{path}")
        try:
            database.migrate()
        finally:
            database.dispose()
        _template = path
    return _template


def fresh_sqlite_url(folder: Path, name: str = "euchre.db") -> str:
    """The SQLite file ``folder / name`` as a database URL: a copy of the migrated, empty
    template when the file does not exist yet, else the file as it is (asking twice for the same
    folder names the same database, as a plain URL would).

    Copied with SQLite's own backup (safe whatever the template's journal mode)."""
    target = folder / name
    if not target.exists():
        _copy_sqlite(migrated_template(), target)
    return f"sqlite:///{target}"


def _copy_sqlite(source: Path, target: Path) -> None:
    """Copy a SQLite file with SQLite's own backup (whatever its journal holds)."""
    reader = sqlite3.connect(source)
    writer = sqlite3.connect(target)
    try:
        reader.backup(writer)
    finally:
        writer.close()
        reader.close()


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This run's temporary folder, common to its xdist workers (each worker's own base
    folder is inside it), for what the whole run builds once under a lock."""
    folder = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") is not None:
        folder = folder.parent
    return folder


def built_once_per_run(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[str], None]
) -> str:
    """A SQLite database ``build`` filled (given its URL), built once for the whole run: the
    URL of this test process's own copy of it.

    For a module-scoped set-up that only reads afterwards and costs seconds (a club of ten
    nights entered through the API): ``--dist worksteal`` spreads a module's tests over the
    workers, and each worker that ran one built the module's fixture again. Under xdist the
    workers share one file in this run's folder; the first to come builds it and the others
    wait for it, then each copies it (a worker's copy is its own: nothing written to it is
    seen by another)."""
    shared = run_folder(tmp_path_factory)
    built = shared / f"{name}.db"
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.exists():
            folder = tmp_path_factory.mktemp(f"{name}-build")
            url = fresh_sqlite_url(folder)
            build(url)
            _copy_sqlite(folder / "euchre.db", shared / f"{name}.partial")
            (shared / f"{name}.partial").rename(built)
    own = tmp_path_factory.mktemp(name) / "euchre.db"
    _copy_sqlite(built, own)
    return f"sqlite:///{own}"
