"""``euchre sheets``: the rule sheets in use, each value with its clause, and adding a club's.

``euchre sheets`` lists them; ``euchre sheets show NAME`` prints every value the sheet
decides with the clause it comes from (a Rich table on a terminal, ``--json`` for scripts);
``euchre sheets add FILE`` checks a club's sheet file and copies it into the club sheets
folder (``EUCHRE_SHEETS_DIR``, else ``euchre-sheets/`` beside the ``DATABASE_URL``'s SQLite
file: see ``docs/sheets.md``), where the web app and these commands find it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from euchre.cli.errors import CliError
from euchre.cli.options import JsonOption

__all__ = ["register", "use_club_sheets"]

sheets_app = typer.Typer(
    help="The rule sheets in use: list them, show one with its clauses, add a club's file.",
    invoke_without_command=True,
)


def _folder() -> Path:
    from euchre.store.db import database_url_from_environment
    from euchre.store.sheet_folder import sheets_folder

    return sheets_folder(database_url_from_environment())


def use_club_sheets() -> list[str]:
    """Put the club sheets folder's sheets in use; the problems of bad files, one a line."""
    from euchre.store.sheet_folder import load_sheets_folder

    return [str(error) for error in load_sheets_folder(_folder())]


def _listing() -> list[dict[str, Any]]:
    from euchre.tournament.sheets import all_sheets

    return [
        {
            "id": sheet.id,
            "name": sheet.name,
            "builtin": sheet.builtin,
            "format": sheet.preset["format"],
            "rounds": sheet.preset["rounds"],
            "profile": sheet.profile.id,
            "file": sheet.path,
        }
        for sheet in all_sheets().values()
    ]


@sheets_app.callback()
def sheets_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List the sheets in use (built-in, then the club's), and any club file left out."""
    problems = use_club_sheets()
    if ctx.invoked_subcommand is not None:
        # A bad file copied into the folder by hand is left out, with a warning, and the
        # command goes on ("euchre sheets show valpo" still shows Valpo).
        for problem in problems:
            print(f"left out: {problem}", file=sys.stderr)
        return
    rows = _listing()
    if as_json:
        print(json.dumps({"sheets": rows, "folder": str(_folder()), "problems": problems}))
        return
    for row in rows:
        kind = "built-in" if row["builtin"] else "club"
        print(f"{row['id']:<22} {kind:<8} {row['format']:<18} {row['rounds']:>2}  {row['name']}")
    print(f"club sheets folder: {_folder()}")
    for problem in problems:
        print(f"left out: {problem}", file=sys.stderr)


@sheets_app.command("show")
def sheets_show(
    name: Annotated[str, typer.Argument(help="The sheet's id (see 'euchre sheets').")],
    as_json: JsonOption = False,
) -> None:
    """Print every value the sheet decides, each with its clause (or "house default")."""
    from euchre.tournament.movement_words import movement_words
    from euchre.tournament.sheets import find_sheet

    sheet = find_sheet(name)
    rows = [{"key": key, "value": value, "clause": clause} for key, value, clause in sheet.rows()]
    # Each move with its way in table numbers: "up 1" goes toward table 1, which a club
    # numbering its tables may call "down".
    moves = movement_words(sheet.movement) if sheet.movement is not None else []
    if as_json:
        print(
            json.dumps(
                {
                    "id": sheet.id,
                    "name": sheet.name,
                    "sheet": sheet.source,
                    "values": rows,
                    "movement_words": moves,
                }
            )
        )
        return
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"{sheet.name} ({sheet.id})", show_lines=False)
        for column in ("key", "value", "clause"):
            table.add_column(column, overflow="fold")
        for row in rows:
            table.add_row(row["key"], json.dumps(row["value"]), row["clause"])
        Console().print(table)
        for line in moves:
            Console().print(f"movement: {line}", markup=False)
        return
    print(f"{sheet.name} ({sheet.id}) {sheet.source}")
    for row in rows:
        print(f"{row['key']} = {json.dumps(row['value'])}  # {row['clause']}")
    for line in moves:
        print(f"movement: {line}")


@sheets_app.command("add")
def sheets_add(
    file: Annotated[Path, typer.Argument(help="The club's sheet file (TOML).")],
    replace: Annotated[
        bool, typer.Option("--replace", help="Replace the club sheet with the same id.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Check a club's sheet file and copy it into the club sheets folder."""
    from euchre.store.sheet_folder import add_sheet

    if not file.is_file():
        raise CliError(f"sheet file {str(file)!r} does not exist")
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CliError(f"sheet file {str(file)!r} is not UTF-8 text") from None
    sheet = add_sheet(text, file.name, _folder(), replace=replace)
    if as_json:
        print(json.dumps({"id": sheet.id, "name": sheet.name, "file": sheet.path}))
        return
    print(f"added sheet {sheet.id!r} ({sheet.name}) as {sheet.path}")


def register(app: typer.Typer) -> None:
    """Add the ``sheets`` commands to the ``euchre`` app."""
    app.add_typer(sheets_app, name="sheets")
