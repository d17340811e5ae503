"""CSV files the app writes (the roster, a season's table, a member's history, an event's
standings): one way of writing them, UTF-8 text with a header row and CRLF line ends, quoted
only where a value needs it (RFC 4180, what spreadsheets read).

A text cell that a spreadsheet would run as a formula (it starts with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return) is written with an apostrophe in front (OWASP's "CSV
injection" advice): a player named ``=1+2`` shows as ``=1+2`` and is never computed. Numbers
are written as numbers (a score of -2 stays a number); :func:`csv_cell_value` reads an
escaped cell back as it was typed (the roster import)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

__all__ = ["FORMULA_STARTS", "csv_cell", "csv_cell_value", "csv_text"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula."""


def csv_cell(value: object) -> object:
    """``value`` as it is safe to write: text starting like a formula gets an apostrophe in
    front; anything else (numbers, ordinary text) as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_cell_value(text: str) -> str:
    """A cell read back from a file this app wrote: the apostrophe :func:`csv_cell` put in
    front of a formula-like text is taken off again."""
    if text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """``rows`` under a header of ``columns``, as CSV text, every cell through
    :func:`csv_cell`."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([csv_cell(column) for column in columns])
    writer.writerows([csv_cell(value) for value in row] for row in rows)
    return buffer.getvalue()
