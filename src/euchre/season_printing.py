"""The season table as a PDF to pin on the club's wall (the shipped Unicode fonts, as
``euchre.printing`` prints an event's sheets: nothing downloaded, names as typed).

Works on plain frozen dataclasses: the store turns a season's table into a
:class:`SeasonPrintout` and this returns the bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["SeasonPrintRow", "SeasonPrintout", "season_table_pdf"]


@dataclass(frozen=True, slots=True)
class SeasonPrintRow:
    """One member's line, as the season page shows it."""

    rank: str
    name: str
    points: str
    games: int
    nights: int
    movement: str
    counted: str
    prize: str = ""


@dataclass(frozen=True, slots=True)
class SeasonPrintout:
    """The season's name, how it is scored, its nights so far and its rows."""

    season: str
    scoring: str
    nights: tuple[str, ...]
    rows: tuple[SeasonPrintRow, ...]
    page_format: str = "Letter"


_COLUMNS = (
    ("Rank", 0.08, "C"),
    ("Name", 0.26, "L"),
    ("Points", 0.10, "R"),
    ("Games", 0.08, "R"),
    ("Nights", 0.08, "R"),
    ("Move", 0.08, "C"),
    ("Nights counted", 0.18, "L"),
    ("Prize", 0.14, "L"),
)


def _fit(document: FPDF, text: str, width: float) -> str:
    """``text`` as it fits ``width`` mm: whole, or cut with an ellipsis."""
    from euchre.printing import printed_name

    text = printed_name(text)
    if document.get_string_width(text) <= width - 2:
        return text
    while text and document.get_string_width(text + "...") > width - 2:
        text = text[:-1]
    return text + "..."


def _row(document: FPDF, cells: Sequence[str], *, bold: bool = False, fill: bool = False) -> None:
    from euchre.printing import SANS

    document.set_font(SANS, "B" if bold else "", 10)
    for (_, share, align), text in zip(_COLUMNS, cells, strict=True):
        width = document.epw * share
        document.cell(
            w=width, h=7, text=_fit(document, text, width), border=1, align=align, fill=fill
        )
    document.ln(7)


def season_table_pdf(printout: SeasonPrintout) -> bytes:
    """The season table: title, scoring, the nights so far, then one line per member
    (qualifiers ranked, then those not yet qualified, without a rank)."""
    # fpdf2 is loaded only when a PDF is asked for
    from euchre.printing import SANS, new_document, printable, printed_name

    document = new_document(printout.season, printout.page_format, "landscape")
    document.add_page()
    document.set_font(SANS, "B", 20)
    document.cell(w=0, h=10, text=printed_name(printout.season), new_x="LMARGIN", new_y="NEXT")
    document.set_font(SANS, "", 11)
    document.multi_cell(w=0, h=6, text=printable(printout.scoring), new_x="LMARGIN", new_y="NEXT")
    nights = ", ".join(printout.nights) if printout.nights else "no night played yet"
    document.multi_cell(
        w=0,
        h=6,
        text=printable(f"Nights ({len(printout.nights)}): {nights}"),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    document.ln(3)
    document.set_fill_color(230, 230, 230)
    _row(document, [title for title, _, _ in _COLUMNS], bold=True, fill=True)
    for row in printout.rows:
        _row(
            document,
            [
                row.rank,
                row.name,
                row.points,
                str(row.games),
                str(row.nights),
                row.movement,
                row.counted,
                row.prize,
            ],
        )
    if not printout.rows:
        document.set_font(SANS, "", 11)
        document.cell(w=0, h=8, text="No results yet.", new_x="LMARGIN", new_y="NEXT")
    return bytes(document.output())
