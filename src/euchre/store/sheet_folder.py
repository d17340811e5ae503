"""The club sheets folder: where a director's own sheet files live beside the database.

A club's sheet file (see ``docs/sheets.md``) is added with ``euchre sheets add FILE`` or the
director's upload; it is checked whole before anything is written, then copied into this
folder as ``<id>.toml`` and put in use. The folder is ``EUCHRE_SHEETS_DIR`` when set, else
``euchre-sheets/`` beside a SQLite database file, else ``euchre-sheets/`` in the current
folder (a server database has no folder of its own).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from sqlalchemy.engine import make_url

from euchre.store.errors import StoreError
from euchre.tournament.sheets import (
    Sheet,
    SheetError,
    SheetProblem,
    builtin_sheets,
    parse_sheet,
    use_user_sheets,
    user_sheets,
)

__all__ = [
    "SHEETS_DIR_VARIABLE",
    "add_sheet",
    "load_sheets_folder",
    "refresh_sheets",
    "sheets_folder",
    "use_sheets_beside",
]

SHEETS_DIR_VARIABLE = "EUCHRE_SHEETS_DIR"
"""The environment variable naming the club sheets folder."""

FOLDER_NAME = "euchre-sheets"


def sheets_folder(database_url: str) -> Path:
    """The club sheets folder for the database at ``database_url``."""
    configured = os.environ.get(SHEETS_DIR_VARIABLE, "").strip()
    if configured:
        return Path(configured)
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        return Path(url.database).resolve().parent / FOLDER_NAME
    return Path.cwd() / FOLDER_NAME


def load_sheets_folder(folder: Path) -> list[SheetError]:
    """Put every good sheet file of ``folder`` in use (replacing the club sheets used
    before) and return the errors of the bad ones (those are left out, never half used)."""
    found: list[Sheet] = []
    errors: list[SheetError] = []
    _LOADED[:] = [(folder, _stamp(folder))]
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            try:
                sheet = parse_sheet(
                    path.read_text(encoding="utf-8"), origin=repr(path.name), path=str(path)
                )
            except SheetError as error:
                errors.append(error)
                continue
            except (OSError, UnicodeDecodeError) as error:
                errors.append(SheetError(repr(path.name), [SheetProblem("", 0, str(error))]))
                continue
            if sheet.id in builtin_sheets() or any(sheet.id == other.id for other in found):
                errors.append(
                    SheetError(
                        repr(path.name),
                        [SheetProblem("id", 0, f"sheet id {sheet.id!r} is already in use")],
                    )
                )
                continue
            found.append(sheet)
    use_user_sheets(found)
    return errors


_RELOADING = threading.Lock()
_LOADED: list[tuple[Path, int | None]] = []
"""The folder this process last loaded and its modification stamp."""


def _stamp(folder: Path) -> int | None:
    try:
        return folder.stat().st_mtime_ns
    except OSError:
        return None


def refresh_sheets(folder: Path) -> None:
    """Reload ``folder`` when it is not the one loaded last or a file was added, replaced or
    removed since (one ``stat``: another worker process may have added a sheet)."""
    stamp = _stamp(folder)
    if _LOADED and _LOADED[-1] == (folder, stamp):
        return
    with _RELOADING:
        if not (_LOADED and _LOADED[-1] == (folder, _stamp(folder))):
            load_sheets_folder(folder)


def use_sheets_beside(database_url: str) -> list[SheetError]:
    """Load the club sheets folder of ``database_url`` (see :func:`load_sheets_folder`)."""
    return load_sheets_folder(sheets_folder(database_url))


def add_sheet(text: str, filename: str, folder: Path, *, replace: bool = False) -> Sheet:
    """Check the sheet file ``text`` and, when it is good, copy it into ``folder`` and put it
    in use. A bad file raises :class:`~euchre.tournament.sheets.SheetError` (one problem per
    fault) and changes nothing; an id already taken raises :class:`StoreError` (a club sheet
    is replaced only with ``replace``)."""
    sheet = parse_sheet(text, origin=repr(filename))
    if sheet.id in builtin_sheets():
        raise StoreError(
            f"sheet id {sheet.id!r} is a built-in sheet's; give the club's sheet its own id"
        )
    if sheet.id in user_sheets() and not replace:
        raise StoreError(
            f"a club sheet with id {sheet.id!r} is already in use; replace it on purpose "
            "(--replace) or give this one another id"
        )
    target = folder / f"{sheet.id}.toml"
    folder.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".toml.part")
    partial.write_text(text, encoding="utf-8")
    partial.replace(target)
    load_sheets_folder(folder)
    return user_sheets()[sheet.id]
