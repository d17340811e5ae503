"""Test files and documents are named for what they hold, never for a tracker number: a reader
looking for the tie question finds ``test_tie_question_only_when_level_browser.py``, not
``test_issue9_decisions_browser.py``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent.parent
TRACKER_NUMBER = re.compile(r"(issue|ticket|bug)[-_]?\d+", re.IGNORECASE)


def test_no_test_file_or_document_is_named_after_a_tracker_number() -> None:
    named = [
        path.relative_to(ROOT).as_posix()
        for folder, pattern in (("tests", "*.py"), ("docs", "*.md"), ("bench", "*.md"))
        for path in (ROOT / folder).rglob(pattern)
        if TRACKER_NUMBER.search(path.name)
    ]
    assert not named, named
