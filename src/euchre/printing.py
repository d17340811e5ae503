"""Printable PDFs for a round: table cards, tally sheets, player scorecards, assignments.

Everything here works on plain frozen dataclasses (no database, no HTTP), so a route turns its
rows into these values and returns the bytes with ``media_type="application/pdf"``.

Every name prints as typed: the package ships the DejaVu fonts (``euchre/fonts``; nothing is
downloaded, so the app stays usable offline at a venue), and fpdf2 shapes the text (uharfbuzz),
so Arabic is joined and laid out right to left. A name goes through :func:`printed_name`, so
an unclosed right-to-left control character in it cannot reverse the code printed after it.

The tally sheets follow the rule sheets: Ballantrae keeps "one tally sheet per team", the
scorekeeper "records the points on each team's tally sheet which is then initialed by an
opposing player at the end of the round"; Valpo (rule 18) has teams "write down their scores
on their scorecard and have their opponent sign it".
"""

from __future__ import annotations

import enum
import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import segno
from fpdf import FPDF

from euchre.engine.errors import EuchreError

__all__ = [
    "MONO",
    "RULED_HAND_NOTE",
    "SANS",
    "AssignmentRow",
    "CodeSlip",
    "OpponentCheck",
    "PlayerScorecardData",
    "PrintingError",
    "ScorecardRound",
    "SheetWording",
    "TableCardData",
    "TallyTableData",
    "TallyTeam",
    "event_tally_sheets_pdf",
    "new_document",
    "player_code_slips_pdf",
    "player_scorecards_pdf",
    "printable",
    "printed_name",
    "round_assignments_pdf",
    "table_cards_pdf",
    "tally_sheets_pdf",
]

PAGE_FORMATS = ("Letter", "A4")
"""Paper sizes the functions accept (US events print on Letter, the default)."""

_MARGIN = 12.0
_LINE_HEIGHT = 7.0


class PrintingError(EuchreError):
    """Nothing to print or a bad layout argument (a ``ValueError``; the web layer's 4xx)."""


class OpponentCheck(enum.Enum):
    """How an opponent vouches for a team's written score, as the event's rule sheet says."""

    INITIALS = "initials"
    """Ballantrae: the tally sheet "is then initialed by an opposing player"."""
    SIGNATURE = "signature"
    """Valpo rule 18: teams "have their opponent sign" their scorecard."""

    @property
    def column_title(self) -> str:
        """The heading of the column or box where the opponent writes."""
        return "Opp. initials" if self is OpponentCheck.INITIALS else "Opponent's signature"

    @property
    def instruction(self) -> str:
        """The sentence printed under the lines, telling the table what to do."""
        return self.instruction_for("Round")

    def instruction_for(self, game_word: str) -> str:
        """:attr:`instruction` in the sheet's word for a game ("round", Bolivar's "game")."""
        if self is OpponentCheck.INITIALS:
            return (
                f"At the end of the {game_word.lower()} an opposing player checks the total "
                "and initials it."
            )
        return "Before rotating, write down your score and have your opponent sign this scorecard."


RULED_HAND_NOTE = (
    "A hand the director rules on is written 0-0 when his ruling ends the hand, and as played "
    "when the hand is played out: the director records the penalty points."
)
"""Printed on every tally sheet: a penalty's points are held by the director's record only."""


@dataclass(frozen=True)
class TableCardData:
    """One table, as printed on the card that stands on it all evening.

    ``url`` is the full address of the table's page (what the QR code encodes);
    ``table_code`` is the short code a player can type instead. A table's code lasts the
    evening, so the card names no round and nobody seated there.
    """

    table_number: int
    table_code: str
    url: str


@dataclass(frozen=True)
class TallyTeam:
    """A team as written at the top of its tally sheet."""

    team_name: str
    player_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class TallyTableData:
    """One table of a round for the tally sheets: its two teams get one sheet each."""

    table_number: int
    table_code: str
    teams: tuple[TallyTeam, TallyTeam]


@dataclass(frozen=True)
class ScorecardRound:
    """One line of a player's scorecard; fields left ``None`` print as blanks to fill in."""

    round_number: int
    table_number: int | None = None
    partner: str | None = None
    opponents: tuple[str, ...] = ()
    points: int | None = None
    sat_out: bool = False
    absent: str = ""
    """Why the player played no game this round ("not here yet", "left"), printed in the
    partner's box: a late arrival's and a leaver's card has a real line for every round."""


@dataclass(frozen=True)
class PlayerScorecardData:
    """A player's scorecard for a rotating-partner (progressive) event. ``code`` is the
    player's own code, printed on his card only (he confirms his opponents' scores with it):
    cards that carry a code are printed one per page, so no sheet holds two players' codes."""

    player_name: str
    rounds: tuple[ScorecardRound, ...]
    player_number: int | None = None
    code: str | None = None


@dataclass(frozen=True)
class SheetWording:
    """How a rule sheet names things on its tally sheets: ``game_word`` ("Round", or
    Bolivar's "Game"), ``notes``, the sheet's own sentences printed under the lines, and
    ``hand_in``, where the sheet says the tally sheet goes (printed only when it says)."""

    game_word: str = "Round"
    notes: tuple[str, ...] = ()
    hand_in: str = ""


@dataclass(frozen=True)
class AssignmentRow:
    """One line of the round's seating list: a table and who plays there (one line per
    partnership)."""

    table_number: int
    table_code: str
    seated: tuple[str, ...]


_FONTS = Path(__file__).with_name("fonts")
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


def new_document(title: str, page_format: str, orientation: str = "portrait") -> FPDF:
    """Start a PDF with the house margins, metadata and the shipped Unicode fonts
    (:data:`SANS`, :data:`MONO`, regular and bold), with text shaping on: Arabic letters are
    joined and right-to-left runs are laid out right to left. The font is embedded as the
    subset the document uses, so a page stays small."""
    if page_format not in PAGE_FORMATS:
        raise PrintingError(f"page_format {page_format!r} is not one of {', '.join(PAGE_FORMATS)}")
    document = FPDF(orientation=orientation, unit="mm", format=page_format)
    for family, stem in ((SANS, "DejaVuSans"), (MONO, "DejaVuSansMono")):
        document.add_font(family, "", _FONTS / f"{stem}.ttf")
        document.add_font(family, "B", _FONTS / f"{stem}-Bold.ttf")
    document.set_text_shaping(True)
    document.set_margins(_MARGIN, _MARGIN, _MARGIN)
    document.set_auto_page_break(auto=True, margin=_MARGIN)
    document.set_title(printable(title))
    document.set_creator("euchre")
    return document


def _text(
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


def _fit(document: FPDF, text: str, width: float) -> str:
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


def _qr_png(url: str) -> io.BytesIO:
    """Return a PNG of the QR code for ``url`` (error correction M, the usual quiet zone)."""
    code = segno.make(url, error="m", micro=False)
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=10, border=4)
    buffer.seek(0)
    return buffer


def _check_round_number(round_number: int) -> None:
    if round_number < 1:
        raise PrintingError(f"round_number must be 1 or more, got {round_number}")


def _output(document: FPDF) -> bytes:
    return bytes(document.output())


def table_cards_pdf(
    event_name: str,
    tables: Sequence[TableCardData],
    *,
    page_format: str = "Letter",
) -> bytes:
    """Return a PDF with one card per table: number, QR code to its page and its short code.

    A table's code lasts the evening, so one card serves every round: it names no round and
    nobody seated (the seating list does). Each card is a full page (fold it, or stand it in
    a holder). Raises ``PrintingError`` when there are no tables or the page format is
    unknown.
    """
    if not tables:
        raise PrintingError("table_cards_pdf needs at least one table")
    document = new_document(f"{event_name} - table cards", page_format)
    for table in tables:
        document.add_page()
        _text(document, 14, printed_name(event_name), align="C", height=8)
        document.ln(4)
        _text(document, 72, f"Table {table.table_number}", style="B", align="C", height=32)
        document.ln(4)
        qr_size = 90.0
        left = (document.w - qr_size) / 2
        document.image(_qr_png(table.url), x=left, y=document.get_y(), w=qr_size, h=qr_size)
        document.set_y(document.get_y() + qr_size + 4)
        _text(
            document, 12, "Scan to enter your table's score, or type the code:", align="C", height=7
        )
        document.set_font(MONO, "B", 40)
        document.cell(
            w=0, h=20, text=printable(table.table_code), align="C", new_x="LMARGIN", new_y="NEXT"
        )
        document.set_font(MONO, "", 9)
        document.cell(
            w=0,
            h=5,
            text=_fit(document, table.url, document.epw),
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        document.ln(4)
        _text(document, 11, "This card stays on the table all evening.", align="C", height=6)
    return _output(document)


def _with_players(team: TallyTeam) -> str:
    """ "Team 7 (Cy & Di)", or just "Cy & Di" when the team is named by its players (a
    rotating-partner pair), never the names twice."""
    names = " & ".join(team.player_names)
    if not names or names == team.team_name:
        return printed_name(team.team_name)
    return f"{printed_name(team.team_name)} ({_names(team.player_names)})"


def _names(names: Sequence[str], joint: str = " & ") -> str:
    """Names in one line, each one isolated (:func:`printed_name`)."""
    return joint.join(printed_name(name) for name in names)


def _tally_header(
    document: FPDF,
    event_name: str,
    round_label: str,
    table_label: str,
    team: TallyTeam,
    opponent: TallyTeam | None,
    *,
    heading: str = "Tally sheet",
) -> None:
    _text(document, 11, printed_name(event_name), height=6)
    _text(document, 20, f"{heading} - {printed_name(team.team_name)}", style="B", height=11)
    _text(document, 12, f"{round_label}    {table_label}", height=7)
    if team.player_names and " & ".join(team.player_names) != team.team_name:
        _text(document, 11, "Players: " + _names(team.player_names), height=6)
    if opponent is not None:
        _text(document, 11, f"Opponents: {_with_players(opponent)}", height=6)
    document.ln(3)


def _grid_row(
    document: FPDF,
    widths: Sequence[float],
    cells: Sequence[str],
    *,
    height: float = _LINE_HEIGHT,
    bold: bool = False,
    fill: bool = False,
) -> None:
    if fill:
        document.set_fill_color(225, 225, 225)
    for width, cell in zip(widths, cells, strict=True):
        document.set_font(SANS, "B" if bold else "", 10)
        document.cell(
            w=width, h=height, text=_fit(document, cell, width), border=1, align="C", fill=fill
        )
    document.ln(height)


def tally_sheets_pdf(
    event_name: str,
    round_number: int,
    tables: Sequence[TallyTableData],
    *,
    hand_count: int,
    opponent_check: OpponentCheck = OpponentCheck.INITIALS,
    page_format: str = "Letter",
    wording: SheetWording | None = None,
    per_team: bool = False,
    stage_label: str = "",
    sitting_out: Sequence[str] = (),
) -> bytes:
    """Return a PDF with the round's tally sheets: one page per table (both teams side by
    side), or with ``per_team`` one page per team (two per table).

    No player's code is printed: the scorekeeper keeps both teams' sheets, so a code on a
    sheet would let one side confirm a score for the other. ``wording`` is the sheet's own
    (Bolivar: "Game 3" and its sentences); every sheet says a hand the director rules on is
    written 0-0. ``stage_label`` names a playoff ("Playoff: 4-hand game"): the sheet is then
    headed "Playoff tally sheet"; ``sitting_out`` names who sits this round out (a
    round-robin playoff's idle team), printed on every page.

    Each sheet has the event, round and table header, the teams, a line per hand
    (``hand_count`` lines: 8 for Ballantrae and the tournament sheet's progressive game,
    12 for Valpo, 4 for a Valpo playoff) with the points and a running total, and a total
    with the opponent's initials or signature (``opponent_check``).
    """
    _check_round_number(round_number)
    if not tables:
        raise PrintingError("tally_sheets_pdf needs at least one table")
    if not 1 <= hand_count <= 30:
        raise PrintingError(f"hand_count must be between 1 and 30, got {hand_count}")
    words = wording or SheetWording()
    document = new_document(f"{event_name} - round {round_number} - tally sheets", page_format)
    round_label = f"{words.game_word} {round_number}" + (f" - {stage_label}" if stage_label else "")
    heading = "Playoff tally sheet" if stage_label else "Tally sheet"
    idle = f"Sitting out this {words.game_word.lower()}: {_names(sitting_out, ', ')}"
    line_height = min(_LINE_HEIGHT + 2, 150 / hand_count)

    def footer(checked_for: Sequence[TallyTeam]) -> None:
        document.ln(4)
        for note in (*words.notes, RULED_HAND_NOTE):
            _text(document, 9, note, height=5)
        document.ln(2)
        _text(document, 11, opponent_check.instruction_for(words.game_word), height=6)
        if words.hand_in:
            _text(document, 11, words.hand_in, height=6)
        for team in checked_for:
            document.ln(3)
            _text(
                document,
                11,
                f"{opponent_check.column_title} (for {printed_name(team.team_name)}):",
                height=6,
            )
            document.cell(
                w=document.epw * 0.6, h=12, text="", border="B", new_x="LMARGIN", new_y="NEXT"
            )

    for table in tables:
        table_label = f"Table {table.table_number} (code {table.table_code})"
        if per_team:
            for index, team in enumerate(table.teams):
                opponent = table.teams[1 - index]
                document.add_page()
                _tally_header(
                    document,
                    event_name,
                    round_label,
                    table_label,
                    team,
                    opponent,
                    heading=heading,
                )
                if sitting_out:
                    _text(document, 11, idle, height=6)
                usable = document.epw
                widths = [usable * 0.14, usable * 0.26, usable * 0.30, usable * 0.30]
                _grid_row(
                    document,
                    widths,
                    ["Hand", "Points", "Running total", "Opp. initials"],
                    bold=True,
                    fill=True,
                )
                for hand_number in range(1, hand_count + 1):
                    _grid_row(document, widths, [str(hand_number), "", "", ""], height=line_height)
                _grid_row(document, widths, ["Total", "", "", ""], bold=True, height=10)
                footer([opponent])
            continue
        document.add_page()
        _text(document, 11, printed_name(event_name), height=6)
        _text(document, 20, f"{heading} - Table {table.table_number}", style="B", height=11)
        _text(document, 12, f"{round_label}    code {table.table_code}", height=7)
        for letter, team in zip("AB", table.teams, strict=True):
            _text(document, 11, f"Team {letter}: {_with_players(team)}", height=6)
        if sitting_out:
            _text(document, 11, idle, height=6)
        document.ln(3)
        usable = document.epw
        widths = [usable * 0.12, *([usable * 0.22] * 4)]
        document.set_fill_color(225, 225, 225)
        document.set_font(SANS, "B", 10)
        document.cell(w=widths[0], h=_LINE_HEIGHT, text="", border=1, fill=True)
        for letter, team in zip("AB", table.teams, strict=True):
            width = widths[1] * 2
            document.cell(
                w=width,
                h=_LINE_HEIGHT,
                text=_fit(document, f"Team {letter}: {printed_name(team.team_name)}", width),
                border=1,
                align="C",
                fill=True,
            )
            document.set_font(SANS, "B", 10)
        document.ln(_LINE_HEIGHT)
        _grid_row(
            document,
            widths,
            ["Hand", "Points", "Running total", "Points", "Running total"],
            bold=True,
            fill=True,
        )
        for hand_number in range(1, hand_count + 1):
            _grid_row(document, widths, [str(hand_number), "", "", "", ""], height=line_height)
        _grid_row(document, widths, ["Total", "", "", "", ""], bold=True, height=10)
        footer(table.teams)
    return _output(document)


def event_tally_sheets_pdf(
    event_name: str,
    teams: Sequence[TallyTeam],
    *,
    round_count: int,
    hand_count: int,
    opponent_check: OpponentCheck = OpponentCheck.INITIALS,
    page_format: str = "Letter",
    wording: SheetWording | None = None,
) -> bytes:
    """Return Ballantrae-style sheets: one per team for the whole event, a line per round.
    No player's code is printed (an opposing player initials the sheet).

    Ballantrae: "There is only one tally sheet per team", handed in at the end of the evening.
    Each line has the round, the table, a box per hand, the round's total and the opposing
    player's initials; the sheet ends with the event total. Printed in landscape.
    """
    if not teams:
        raise PrintingError("event_tally_sheets_pdf needs at least one team")
    if not 1 <= round_count <= 20:
        raise PrintingError(f"round_count must be between 1 and 20, got {round_count}")
    if not 1 <= hand_count <= 16:
        raise PrintingError(f"hand_count must be between 1 and 16, got {hand_count}")
    document = new_document(f"{event_name} - tally sheets", page_format, "landscape")
    for team in teams:
        document.add_page()
        words = wording or SheetWording()
        _tally_header(
            document, event_name, f"{round_count} {words.game_word.lower()}s", "", team, None
        )
        usable = document.epw
        fixed = [usable * 0.07, usable * 0.07]
        tail = [usable * 0.10, usable * 0.14]
        hand_width = (usable - sum(fixed) - sum(tail)) / hand_count
        widths = [*fixed, *([hand_width] * hand_count), *tail]
        headings = [
            "Round",
            "Table",
            *[str(hand) for hand in range(1, hand_count + 1)],
            "Total",
            opponent_check.column_title,
        ]
        _grid_row(document, widths, headings, bold=True, fill=True)
        line_height = min(12.0, 110 / round_count)
        for round_number in range(1, round_count + 1):
            _grid_row(
                document,
                widths,
                [str(round_number), *([""] * (hand_count + 3))],
                height=line_height,
            )
        document.ln(4)
        document.set_font(SANS, "B", 12)
        document.cell(w=usable * 0.4, h=10, text="Event total:", border="B")
        document.ln(14)
        for note in (*words.notes, RULED_HAND_NOTE):
            _text(document, 9, note, height=5)
        _text(document, 10, opponent_check.instruction, height=6)
        if words.hand_in:
            _text(document, 10, words.hand_in, height=6)
    return _output(document)


def player_scorecards_pdf(
    event_name: str,
    players: Sequence[PlayerScorecardData],
    *,
    page_format: str = "Letter",
) -> bytes:
    """Return one scorecard per player for a rotating-partner event, a line per round.

    Each line shows the round, table, partner, opponents, points and a box for an opponent's
    initials; a round sat out says "sat out"; values the caller does not know yet (later
    rounds' seats, points not yet played) are left blank to write in, and the total is
    printed only when every line has points. Two cards per page, or one per page when the
    cards carry the players' own codes (so a sheet never holds another player's code).
    """
    if not players:
        raise PrintingError("player_scorecards_pdf needs at least one player")
    document = new_document(f"{event_name} - player scorecards", page_format)
    document.set_auto_page_break(auto=False)
    per_page = 1 if any(player.code for player in players) else 2
    half_height = (document.h - 2 * _MARGIN) / 2
    for index, player in enumerate(players):
        if index % per_page == 0:
            document.add_page()
            top = _MARGIN
        else:
            top = _MARGIN + half_height
            document.set_dash_pattern(dash=2, gap=2)
            document.line(_MARGIN, top - 2, document.w - _MARGIN, top - 2)
            document.set_dash_pattern()
        document.set_xy(_MARGIN, top)
        _text(document, 10, printed_name(event_name), height=5)
        number = f" (#{player.player_number})" if player.player_number is not None else ""
        _text(
            document,
            16,
            f"Scorecard - {printed_name(player.player_name)}{number}",
            style="B",
            height=9,
        )
        if player.code:
            _text(
                document,
                11,
                f"Your own code: {player.code} - keep it to yourself: you confirm your "
                "opponents' scores with it.",
                height=6,
            )
        document.ln(1)
        usable = document.epw
        widths = [
            usable * 0.08,
            usable * 0.08,
            usable * 0.22,
            usable * 0.34,
            usable * 0.12,
            usable * 0.16,
        ]
        _grid_row(
            document,
            widths,
            ["Round", "Table", "Partner", "Opponents", "Points", "Opp. initials"],
            bold=True,
            fill=True,
        )
        rows_room = half_height - 40
        line_height = min(_LINE_HEIGHT, rows_room / max(1, len(player.rounds) + 1))
        total = 0
        complete = True
        for line in player.rounds:
            if line.points is None:
                complete = False
            else:
                total += line.points
            _grid_row(
                document,
                widths,
                [
                    str(line.round_number),
                    "sat out"
                    if line.sat_out
                    else ("-" if line.absent else "")
                    or ("" if line.table_number is None else str(line.table_number)),
                    line.absent or printed_name(line.partner or ""),
                    _names(line.opponents),
                    "" if line.points is None else str(line.points),
                    "",
                ],
                height=line_height,
            )
        _grid_row(
            document,
            widths,
            ["", "", "", "Total", str(total) if complete else "", ""],
            bold=True,
            height=line_height,
        )
        document.ln(2)
        _text(document, 9, "Opponents initial each line when the points are written.", height=5)
    return _output(document)


@dataclass(frozen=True)
class CodeSlip:
    """A player's own code on a slip to cut out and hand to him."""

    player_name: str
    player_number: int
    code: str


SLIP_COLUMNS = 3
SLIP_ROWS = 8
"""Slips a page: 3 by 8, 24 players' codes on one sheet to cut apart."""


def player_code_slips_pdf(
    event_name: str, slips: Sequence[CodeSlip], *, page_format: str = "Letter"
) -> bytes:
    """Return the players' own codes on slips, 24 to a page, with dashed lines to cut along:
    one sheet for a night of 24, not a page each. The director cuts them apart and hands
    each player his own slip (a code confirms the opponents' scores, so a slip goes to its
    owner only); each says so."""
    if not slips:
        raise PrintingError("player_code_slips_pdf needs at least one player")
    document = new_document(f"{event_name} - player codes", page_format)
    document.set_auto_page_break(auto=False)
    width = document.epw / SLIP_COLUMNS
    height = (document.h - 2 * _MARGIN) / SLIP_ROWS
    per_page = SLIP_COLUMNS * SLIP_ROWS
    for index, slip in enumerate(slips):
        place = index % per_page
        if place == 0:
            document.add_page()
            document.set_dash_pattern(dash=2, gap=2)
            for column in range(SLIP_COLUMNS + 1):
                x = _MARGIN + column * width
                document.line(x, _MARGIN, x, document.h - _MARGIN)
            for row in range(SLIP_ROWS + 1):
                y = _MARGIN + row * height
                document.line(_MARGIN, y, document.w - _MARGIN, y)
            document.set_dash_pattern()
        left = _MARGIN + (place % SLIP_COLUMNS) * width + 2
        top = _MARGIN + (place // SLIP_COLUMNS) * height + 2
        inner = width - 4
        document.set_xy(left, top)
        document.set_font(SANS, "", 7)
        document.cell(w=inner, h=4, text=_fit(document, printed_name(event_name), inner))
        document.set_xy(left, top + 4.5)
        document.set_font(SANS, "B", 10)
        name = f"{printed_name(slip.player_name)} (#{slip.player_number})"
        document.cell(w=inner, h=6, text=_fit(document, name, inner))
        document.set_xy(left, top + 11)
        document.set_font(MONO, "B", 18)
        document.cell(w=inner, h=9, text=f"Code {slip.code}")
        document.set_xy(left, top + 21)
        document.set_font(SANS, "", 7)
        document.cell(w=inner, h=4, text="Yours only: you confirm your opponents' scores with it.")
    return _output(document)


def round_assignments_pdf(
    event_name: str,
    round_number: int,
    rows: Sequence[AssignmentRow],
    *,
    page_format: str = "Letter",
    sitting_out: Sequence[str] = (),
    stage_label: str = "",
) -> bytes:
    """Return the round's seating list: every table, its code and who sits there, then who
    sits the round out (``sitting_out``: players, or a team format's idle teams).
    ``stage_label`` names a playoff round ("Playoff: 4-hand round robin")."""
    _check_round_number(round_number)
    if not rows:
        raise PrintingError("round_assignments_pdf needs at least one table")
    document = new_document(f"{event_name} - round {round_number} - seating", page_format)
    document.add_page()
    _text(document, 12, printed_name(event_name), height=7)
    _text(document, 22, f"Round {round_number}: table assignments", style="B", height=12)
    if stage_label:
        _text(document, 14, stage_label, style="B", height=8)
    document.ln(3)
    usable = document.epw
    widths = [usable * 0.12, usable * 0.16, usable * 0.72]
    _grid_row(document, widths, ["Table", "Code", "Seated"], bold=True, fill=True)
    for row in rows:
        _grid_row(
            document,
            widths,
            [str(row.table_number), row.table_code, _names(row.seated, "   vs   ")],
            height=9,
        )
    document.ln(4)
    if sitting_out:
        _text(document, 13, "Sitting out this round: " + _names(sitting_out, ", "), height=8)
    else:
        _text(document, 11, "Nobody sits out this round.", height=7)
    return _output(document)
