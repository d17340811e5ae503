"""The documents point where things are (issue 23, item 7): every document a document, a
benchmark or the code names exists (the performance journals moved from ``docs/`` to
``bench/notes/``), and each place ``docs/where-to-change.md`` names for a change is there."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
DOCUMENT = re.compile(r"\b((?:docs|bench/notes)/[a-z0-9_-]+\.md|bench/README\.md)")


def _readers() -> list[Path]:
    return [
        ROOT / "README.md",
        ROOT / "bench" / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
        *sorted((ROOT / "bench" / "notes").glob("*.md")),
        *sorted((ROOT / "bench").glob("*.py")),
        *sorted((ROOT / "src" / "euchre").rglob("*.py")),
    ]


def test_every_document_named_in_the_docs_benches_and_code_exists() -> None:
    missing = {
        f"{reader.relative_to(ROOT)} names {name}"
        for reader in _readers()
        for name in DOCUMENT.findall(reader.read_text())
        if not (ROOT / name).is_file()
    }
    assert not missing, sorted(missing)


def test_the_performance_journals_live_in_bench_notes_not_docs() -> None:
    assert not (ROOT / "docs" / "engine-speed.md").exists()
    journals = {path.name for path in (ROOT / "bench" / "notes").glob("*.md")}
    assert {"engine-speed.md", "web-load.md", "play-load.md", "bots-strength.md"} <= journals
    readme = (ROOT / "bench" / "README.md").read_text()
    assert all(f"notes/{name}" in readme for name in journals)
    assert "docs/where-to-change.md" in (ROOT / "README.md").read_text()


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("euchre.tournament.sheets", "builtin_sheets"),
        ("euchre.tournament.sheets", "default_sheet_for"),
        ("euchre.tournament.formats", "FORMATS"),
        ("euchre.tournament.formats", "FormatSpec"),
        ("euchre.tournament.formats", "_FORMATS"),
        ("euchre.tournament.model", "FormatName"),
        ("euchre.web.common.templating", "render"),
        ("euchre.web.app", "create_app"),
        ("euchre.bots", "BOT_FACTORIES"),
        ("euchre.bots.base", "Bot"),
        ("euchre.bots.levels", "LEVELS"),
        ("euchre.tournament.ratings", "RatingModel"),
        ("euchre.tournament.ratings", "_openskill"),
        ("euchre.tournament.ratings", "DEFAULT_MODEL"),
        ("euchre.tournament.ratings", "rate_games"),
    ],
)
def test_where_to_change_names_places_that_exist(module: str, name: str) -> None:
    assert name in (ROOT / "docs" / "where-to-change.md").read_text()
    assert hasattr(importlib.import_module(module), name)


def test_a_new_sheet_needs_only_its_file_in_sheet_files() -> None:
    from euchre.tournament.sheets import builtin_sheets

    folder = ROOT / "src" / "euchre" / "tournament" / "sheet_files"
    assert {path.stem for path in folder.glob("*.toml")} == set(builtin_sheets())
