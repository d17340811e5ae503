"""No module of ``src/`` grows past 800 lines (issue "a codebase the next person can carry"):
a module that does is split by concern, as ``store/online_seats.py`` was from ``online.py``."""

from __future__ import annotations

from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
LIMIT = 800


def test_no_module_of_src_is_over_800_lines() -> None:
    sizes = {
        str(path.relative_to(SRC)): len(path.read_text(encoding="utf-8").splitlines())
        for path in SRC.rglob("*.py")
    }
    assert len(sizes) > 100, "the source tree was not found"
    too_long = {name: lines for name, lines in sizes.items() if lines > LIMIT}
    assert too_long == {}, f"split these by concern: {too_long}"
