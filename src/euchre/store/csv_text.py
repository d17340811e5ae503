"""CSV files the app writes (the roster, a season's table, a member's history): one way of
writing them, UTF-8 text with a header row and CRLF line ends, quoted only where a value
needs it (RFC 4180, what spreadsheets read)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

__all__ = ["csv_text"]


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """``rows`` under a header of ``columns``, as CSV text."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return buffer.getvalue()
