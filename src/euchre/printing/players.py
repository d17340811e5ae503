"""A player's scorecards, the code slips handed out at the door, and the round's seating
list (assignments)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre.printing.data import (
    AssignmentRow,
    PlayerScorecardData,
)
from euchre.printing.document import (
    LINE_HEIGHT,
    MARGIN,
    MONO,
    SANS,
    PrintingError,
    check_round_number,
    fit_text,
    grid_row,
    joined_names,
    new_document,
    pdf_bytes,
    printed_name,
    write_text,
)

__all__ = ["CodeSlip", "player_code_slips_pdf", "player_scorecards_pdf", "round_assignments_pdf"]


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
    half_height = (document.h - 2 * MARGIN) / 2
    for index, player in enumerate(players):
        if index % per_page == 0:
            document.add_page()
            top = MARGIN
        else:
            top = MARGIN + half_height
            document.set_dash_pattern(dash=2, gap=2)
            document.line(MARGIN, top - 2, document.w - MARGIN, top - 2)
            document.set_dash_pattern()
        document.set_xy(MARGIN, top)
        write_text(document, 10, printed_name(event_name), height=5)
        number = f" (#{player.player_number})" if player.player_number is not None else ""
        write_text(
            document,
            16,
            f"Scorecard - {printed_name(player.player_name)}{number}",
            style="B",
            height=9,
        )
        if player.code:
            write_text(
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
        grid_row(
            document,
            widths,
            ["Round", "Table", "Partner", "Opponents", "Points", "Opp. initials"],
            bold=True,
            fill=True,
        )
        rows_room = half_height - 40
        line_height = min(LINE_HEIGHT, rows_room / max(1, len(player.rounds) + 1))
        total = 0
        complete = True
        for line in player.rounds:
            if line.points is None:
                complete = False
            else:
                total += line.points
            grid_row(
                document,
                widths,
                [
                    str(line.round_number),
                    "sat out"
                    if line.sat_out
                    else ("-" if line.absent else "")
                    or ("" if line.table_number is None else str(line.table_number)),
                    line.absent or printed_name(line.partner or ""),
                    joined_names(line.opponents),
                    "" if line.points is None else str(line.points),
                    "",
                ],
                height=line_height,
            )
        grid_row(
            document,
            widths,
            ["", "", "", "Total", str(total) if complete else "", ""],
            bold=True,
            height=line_height,
        )
        document.ln(2)
        write_text(
            document, 9, "Opponents initial each line when the points are written.", height=5
        )
    return pdf_bytes(document)


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
    height = (document.h - 2 * MARGIN) / SLIP_ROWS
    per_page = SLIP_COLUMNS * SLIP_ROWS
    for index, slip in enumerate(slips):
        place = index % per_page
        if place == 0:
            document.add_page()
            document.set_dash_pattern(dash=2, gap=2)
            for column in range(SLIP_COLUMNS + 1):
                x = MARGIN + column * width
                document.line(x, MARGIN, x, document.h - MARGIN)
            for row in range(SLIP_ROWS + 1):
                y = MARGIN + row * height
                document.line(MARGIN, y, document.w - MARGIN, y)
            document.set_dash_pattern()
        left = MARGIN + (place % SLIP_COLUMNS) * width + 2
        top = MARGIN + (place // SLIP_COLUMNS) * height + 2
        inner = width - 4
        document.set_xy(left, top)
        document.set_font(SANS, "", 7)
        document.cell(w=inner, h=4, text=fit_text(document, printed_name(event_name), inner))
        document.set_xy(left, top + 4.5)
        document.set_font(SANS, "B", 10)
        name = f"{printed_name(slip.player_name)} (#{slip.player_number})"
        document.cell(w=inner, h=6, text=fit_text(document, name, inner))
        document.set_xy(left, top + 11)
        document.set_font(MONO, "B", 18)
        document.cell(w=inner, h=9, text=f"Code {slip.code}")
        document.set_xy(left, top + 21)
        document.set_font(SANS, "", 7)
        document.cell(w=inner, h=4, text="Yours only: you confirm your opponents' scores with it.")
    return pdf_bytes(document)


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
    check_round_number(round_number)
    if not rows:
        raise PrintingError("round_assignments_pdf needs at least one table")
    document = new_document(f"{event_name} - round {round_number} - seating", page_format)
    document.add_page()
    write_text(document, 12, printed_name(event_name), height=7)
    write_text(document, 22, f"Round {round_number}: table assignments", style="B", height=12)
    if stage_label:
        write_text(document, 14, stage_label, style="B", height=8)
    document.ln(3)
    usable = document.epw
    widths = [usable * 0.12, usable * 0.16, usable * 0.72]
    grid_row(document, widths, ["Table", "Code", "Seated"], bold=True, fill=True)
    for row in rows:
        grid_row(
            document,
            widths,
            [str(row.table_number), row.table_code, joined_names(row.seated, "   vs   ")],
            height=9,
        )
    document.ln(4)
    if sitting_out:
        write_text(
            document, 13, "Sitting out this round: " + joined_names(sitting_out, ", "), height=8
        )
    else:
        write_text(document, 11, "Nobody sits out this round.", height=7)
    return pdf_bytes(document)
