"""The play package is the table's domain: it imports the engine, the computer players and
the tournament's types, never the database or the web (``store`` and ``web`` import it)."""

from __future__ import annotations

import ast
from pathlib import Path

import euchre.play

PLAY = Path(euchre.play.__file__).parent


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_play_domain_touches_no_database_and_no_web() -> None:
    files = sorted(PLAY.glob("*.py"))
    assert {path.name for path in files} >= {"table.py", "log.py", "messages.py"}
    for path in files:
        outside = {
            name
            for name in _imported(path)
            if name.startswith(("euchre.store", "euchre.web", "euchre.cli", "sqlalchemy"))
        }
        assert not outside, f"{path.name} imports {sorted(outside)}"
