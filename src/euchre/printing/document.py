"""The printed page: the shipped fonts, text as typed (names isolated so a right-to-left
control character cannot reverse what follows), a new document, a line of text, a cell fitted
to its width, a grid row, a QR code, and the PDF's bytes. Every printout of
:mod:`euchre.printing` draws with these.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from pathlib import Path

import segno
from fpdf import FPDF
from fpdf.enums import TextEmphasis

from euchre.engine.errors import EuchreError

__all__ = [
    "LINE_HEIGHT",
    "MARGIN",
    "MONO",
    "PAGE_FORMATS",
    "SANS",
    "PrintingError",
    "check_round_number",
    "fit_text",
    "grid_row",
    "joined_names",
    "new_document",
    "pdf_bytes",
    "printable",
    "printed_name",
    "qr_png",
    "write_text",
]

PAGE_FORMATS = ("Letter", "A4")
"""Paper sizes the functions accept (US events print on Letter, the default)."""

MARGIN = 12.0
LINE_HEIGHT = 7.0


class PrintingError(EuchreError):
    """Nothing to print or a bad layout argument (a ``ValueError``; the web layer's 4xx)."""


FONTS = Path(__file__).parent.parent / "fonts"
SANS = "DejaVuSans"
"""The printed text's font (DejaVu Sans, shipped in ``euchre/fonts``: Latin, Greek, Cyrillic,
Arabic, Hebrew and more, so a name prints as it was typed)."""
MONO = "DejaVuSansMono"
"""The font of codes and addresses (DejaVu Sans Mono)."""

# Explicit bidirectional formatting characters (embeddings, overrides, isolates and their
# closing marks). Invisible in a name, but one left open reverses the text printed after it.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_LEFT_TO_RIGHT_MARK = "\u200e"


def printable(text: str) -> str:
    """``text`` as it prints: every letter as typed (the shipped font has them), line breaks
    and tabs as spaces, other control characters left out.

    >>> printable("Łukasz “Luke” Nowak\t— 2")
    'Łukasz “Luke” Nowak — 2'
    """
    characters: list[str] = []
    for character in text:
        if character in ("\n", "\r", "\t"):
            characters.append(" ")
        elif unicodedata.category(character) != "Cc":
            characters.append(character)
    return "".join(characters)


def printed_name(name: str) -> str:
    """A name as it prints inside a line of text: as typed, but unable to change the order of
    what follows it. Its bidirectional formatting characters are left out (an unclosed
    right-to-left override would print a code after it backwards), and a name with
    right-to-left letters ends with a left-to-right mark, so "(#12)" after an Arabic name
    stays "(#12)" after it.

    >>> printed_name("Ann\u202e")
    'Ann'
    """
    text = "".join(character for character in printable(name) if character not in _BIDI_CONTROLS)
    if any(unicodedata.bidirectional(character) in ("R", "AL") for character in text):
        text += _LEFT_TO_RIGHT_MARK
    return text


_FONT_FILES = {
    (family.lower(), style): FONTS / f"{stem}{suffix}.ttf"
    for family, stem in ((SANS, "DejaVuSans"), (MONO, "DejaVuSansMono"))
    for style, suffix in (("", ""), ("B", "-Bold"))
}
"""The shipped fonts by (family in lower case, style)."""


class _Document(FPDF):
    """A PDF that reads a shipped font the first time it is set, not when it is made.

    Reading one (fontTools parsing its tables) is about 15 ms of CPU, and every font read is
    subset and embedded when the document is written, used or not: a page set only in the
    regular sans paid for four fonts (about 130 ms a document, 29 Nov 2026)."""

    def set_font(
        self, family: str | None = None, style: str | TextEmphasis = "", size: float = 0
    ) -> None:
        wanted = (family or self.font_family or "").lower()
        letters = style.style if isinstance(style, TextEmphasis) else style
        weight = "B" if "B" in letters.upper() else ""
        file = _FONT_FILES.get((wanted, weight))
        if file is not None and f"{wanted}{weight}" not in self.fonts:
            self.add_font(wanted, weight, file)
        super().set_font(family, style, size)


def new_document(title: str, page_format: str, orientation: str = "portrait") -> FPDF:
    """Start a PDF with the house margins, metadata and the shipped Unicode fonts
    (:data:`SANS`, :data:`MONO`, regular and bold), with text shaping on: Arabic letters are
    joined and right-to-left runs are laid out right to left. The font is embedded as the
    subset the document uses, so a page stays small."""
    if page_format not in PAGE_FORMATS:
        raise PrintingError(f"page_format {page_format!r} is not one of {', '.join(PAGE_FORMATS)}")
    document = _Document(orientation=orientation, unit="mm", format=page_format)
    document.set_text_shaping(True)
    document.set_margins(MARGIN, MARGIN, MARGIN)
    document.set_auto_page_break(auto=True, margin=MARGIN)
    document.set_title(printable(title))
    document.set_creator("euchre")
    return document


def write_text(
    document: FPDF,
    size: float,
    text: str,
    *,
    style: str = "",
    align: str = "L",
    height: float | None = None,
) -> None:
    """Write one full-width line of text and move to the next line. A line too long for the
    page is set in a smaller size (down to 60 %), then wrapped, never run off the page."""
    text = printable(text)
    document.set_font(SANS, style, size)
    smallest = size * 0.6
    while document.get_string_width(text) > document.epw - 1 and size > smallest:
        size = max(smallest, size - 0.5)
        document.set_font(SANS, style, size)
    if document.get_string_width(text) > document.epw - 1:
        document.multi_cell(
            w=0,
            h=(height if height is not None else size * 0.5) * 0.8,
            text=text,
            align=align,
            new_x="LMARGIN",
            new_y="NEXT",
        )
        return
    document.cell(
        w=0,
        h=height if height is not None else size * 0.5,
        text=text,
        align=align,
        new_x="LMARGIN",
        new_y="NEXT",
    )


def fit_text(document: FPDF, text: str, width: float) -> str:
    """Make ``text`` fit ``width`` mm: first a smaller font (down to 70 % of the current
    size; the caller restores the size), then an ellipsis."""
    text = printable(text)
    if document.get_string_width(text) <= width - 2:
        return text
    size = document.font_size_pt
    while document.get_string_width(text) > width - 2 and document.font_size_pt > size * 0.7:
        document.set_font_size(document.font_size_pt - 0.5)
    if document.get_string_width(text) <= width - 2:
        return text
    while text and document.get_string_width(text + "...") > width - 2:
        text = text[:-1]
    return text + "..."


def qr_png(url: str) -> io.BytesIO:
    """Return a PNG of the QR code for ``url`` (error correction M, the usual quiet zone)."""
    code = segno.make(url, error="m", micro=False)
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=10, border=4)
    buffer.seek(0)
    return buffer


def check_round_number(round_number: int) -> None:
    if round_number < 1:
        raise PrintingError(f"round_number must be 1 or more, got {round_number}")


def pdf_bytes(document: FPDF) -> bytes:
    return bytes(document.output())


def joined_names(names: Sequence[str], joint: str = " & ") -> str:
    """Names in one line, each one isolated (:func:`printed_name`)."""
    return joint.join(printed_name(name) for name in names)


def grid_row(
    document: FPDF,
    widths: Sequence[float],
    cells: Sequence[str],
    *,
    height: float = LINE_HEIGHT,
    bold: bool = False,
    fill: bool = False,
) -> None:
    if fill:
        document.set_fill_color(225, 225, 225)
    for width, cell in zip(widths, cells, strict=True):
        document.set_font(SANS, "B" if bold else "", 10)
        document.cell(
            w=width, h=height, text=fit_text(document, cell, width), border=1, align="C", fill=fill
        )
    document.ln(height)
