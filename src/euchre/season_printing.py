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

_MARGIN = 12.0


@dataclass(frozen=True, slots=True)
class SeasonPrintRow:
    """One member's line, as the season page shows it (``by_night``: each night's points,
    "" where absent, "14 s" with a sit-out's points in)."""

    rank: str
    name: str
    points: str
    games: int
    nights: int
    movement: str
    counted: str
    prize: str = ""
    by_night: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeasonPrintout:
    """The season's name, how it is scored, its nights so far, its rows, and when it was
    printed (``as_of``, as the sheet shows it)."""

    season: str
    scoring: str
    nights: tuple[str, ...]
    rows: tuple[SeasonPrintRow, ...]
    page_format: str = "Letter"
    as_of: str = ""


_ROW_HEIGHT = 7.0
_FONT_SIZE = 10


def _columns(document: FPDF, printout: SeasonPrintout) -> list[tuple[str, float, str]]:
    """The columns (title, width in mm, alignment): each as wide as its widest text (the
    night columns too), and Name and Prize sharing what is left, so no column is cut."""
    from euchre.printing import SANS, printed_name

    document.set_font(SANS, "B", _FONT_SIZE)

    def wide(title: str, texts: Sequence[str]) -> float:
        widest = max(
            [document.get_string_width(printed_name(text)) for text in (title, *texts)] or [0.0]
        )
        return widest + 3

    rows = printout.rows
    nights = [f"N{index}" for index in range(1, len(printout.nights) + 1)]
    fixed: list[tuple[str, float, str]] = [
        ("Rank", wide("Rank", [row.rank for row in rows]), "C"),
        ("Points", wide("Points", [row.points for row in rows]), "R"),
        ("Games", wide("Games", [str(row.games) for row in rows]), "R"),
        ("Nights", wide("Nights", [str(row.nights) for row in rows]), "R"),
        ("Move", wide("Move", [row.movement for row in rows]), "C"),
        *(
            (title, wide(title, [row.by_night[index] for row in rows if row.by_night]), "R")
            for index, title in enumerate(nights)
        ),
        ("Counted", wide("Counted", [row.counted for row in rows]), "L"),
    ]
    left = document.epw - sum(width for _, width, _ in fixed)
    name = wide("Name", [row.name for row in rows])
    prize = wide("Prize", [row.prize for row in rows]) if any(row.prize for row in rows) else 0
    if name + prize > left:  # shrink both in proportion; a name keeps at least half
        name, prize = (
            (left * name / (name + prize), left * prize / (name + prize)) if prize else (left, 0.0)
        )
    else:
        name = left - prize
    columns = [fixed[0], ("Name", name, "L"), *fixed[1:]]
    if prize:
        columns.append(("Prize", prize, "L"))
    return columns


def _fit(document: FPDF, text: str, width: float) -> str:
    """``text`` as it fits ``width`` mm: whole, or cut with an ellipsis (only a name or a
    prize too long for the whole page's width)."""
    from euchre.printing import printed_name

    text = printed_name(text)
    if document.get_string_width(text) <= width - 2:
        return text
    while text and document.get_string_width(text + "...") > width - 2:
        text = text[:-1]
    return text + "..."


def _row(
    document: FPDF,
    columns: Sequence[tuple[str, float, str]],
    cells: Sequence[str],
    *,
    bold: bool = False,
    fill: bool = False,
) -> None:
    from euchre.printing import SANS

    document.set_font(SANS, "B" if bold else "", _FONT_SIZE)
    for (_, width, align), text in zip(columns, cells, strict=True):
        document.cell(
            w=width,
            h=_ROW_HEIGHT,
            text=_fit(document, text, width),
            border=1,
            align=align,
            fill=fill,
        )
    document.ln(_ROW_HEIGHT)


def season_table_pdf(printout: SeasonPrintout) -> bytes:
    """The season table: title, scoring, the nights so far, then one line per member
    (qualifiers ranked, then those not yet qualified, without a rank). Every column fits
    the page, the columns' header is printed again at the top of each page, and each page's
    foot says when it was printed ("as of") and which page it is."""
    # fpdf2 is loaded only when a PDF is asked for
    from euchre.printing import SANS, new_document, printable, printed_name

    stamp = printable(printout.as_of)
    document = new_document(printout.season, printout.page_format, "landscape")
    document.set_margins(_MARGIN, _MARGIN, _MARGIN)
    document.set_auto_page_break(auto=False)

    def footer() -> None:
        document.set_y(-_MARGIN + 2)
        document.set_font(SANS, "", 8)
        document.cell(w=0, h=4, text=f"{stamp}   page {document.page_no()}/{{nb}}", align="R")

    document.footer = footer  # type: ignore[method-assign]  # fpdf2 calls it on each page
    document.add_page()
    document.set_font(SANS, "B", 20)
    document.cell(w=0, h=10, text=printed_name(printout.season), new_x="LMARGIN", new_y="NEXT")
    document.set_font(SANS, "", 11)
    if stamp:
        document.cell(w=0, h=6, text=stamp, new_x="LMARGIN", new_y="NEXT")
    document.multi_cell(w=0, h=6, text=printable(printout.scoring), new_x="LMARGIN", new_y="NEXT")
    nights = (
        ", ".join(f"N{index} {night}" for index, night in enumerate(printout.nights, start=1))
        if printout.nights
        else "no night played yet"
    )
    document.multi_cell(
        w=0,
        h=6,
        text=printable(f"Nights ({len(printout.nights)}): {nights}"),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    cells = [cell for row in printout.rows for cell in row.by_night]
    legends = (
        (
            any("c" in cell for cell in cells),
            "c: a computer player played a game for the member that night (his seat online "
            "was empty); its points count as the event counts them.",
        ),
        (
            any(cell.endswith(("s", "sc")) for cell in cells),
            "s: the night's points include a sit-out's (a round sat out scores what that "
            "night's sheet gives it; it is no game).",
        ),
    )
    for shown, legend in legends:
        if shown:
            document.set_font(SANS, "", 9)
            document.multi_cell(w=0, h=5, text=legend, new_x="LMARGIN", new_y="NEXT")
    document.ln(3)
    columns = _columns(document, printout)
    titles = [title for title, _, _ in columns]
    document.set_fill_color(230, 230, 230)
    bottom = document.h - _MARGIN - 4  # room for the foot's stamp
    _row(document, columns, titles, bold=True, fill=True)
    for row in printout.rows:
        if document.get_y() + _ROW_HEIGHT > bottom:
            document.add_page()
            _row(document, columns, titles, bold=True, fill=True)
        cells = [
            row.rank,
            row.name,
            row.points,
            str(row.games),
            str(row.nights),
            row.movement,
            *(row.by_night or ("",) * len(printout.nights)),
            row.counted,
        ]
        if "Prize" in titles:
            cells.append(row.prize)
        _row(document, columns, cells)
    if not printout.rows:
        document.set_font(SANS, "", 11)
        document.cell(w=0, h=8, text="No results yet.", new_x="LMARGIN", new_y="NEXT")
    return bytes(document.output())
