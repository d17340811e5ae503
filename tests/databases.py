"""Fresh SQLite databases for tests, copied from one migrated template per test process.

``create_app`` (and ``euchre serve``) migrate the database they are given. Running every
Alembic migration on an empty file costs about 0.3 s of CPU each time; a test process builds a
migrated, empty template once and each test gets a copy, which the app then finds at the newest
revision (a check that costs a few milliseconds). A copy of the template is exactly what a new
file becomes after its first migration: no director, no event, no member.
"""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from pathlib import Path

from euchre.store.db import Database

__all__ = ["fresh_sqlite_url", "migrated_template"]

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
    if target.exists():
        return f"sqlite:///{target}"
    source = sqlite3.connect(migrated_template())
    destination = sqlite3.connect(target)
    try:
        source.backup(destination)
    finally:
        destination.close()
        source.close()
    return f"sqlite:///{target}"
