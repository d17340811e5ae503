"""Table cards and tally sheets (a round's, and Ballantrae's one sheet per team for the
evening).

The tally sheets follow the rule sheets: Ballantrae keeps "one tally sheet per team", the
scorekeeper "records the points on each team's tally sheet which is then initialed by an
opposing player at the end of the round"; Valpo (rule 18) has teams "write down their scores
on their scorecard and have their opponent sign it".
"""

from __future__ import annotations

from collections.abc import Sequence

from fpdf import FPDF

from euchre.printing.data import (
    RULED_HAND_NOTE,
    OpponentCheck,
    SheetWording,
    TableCardData,
    TallyTableData,
    TallyTeam,
)
from euchre.printing.document import (
    LINE_HEIGHT,
    MONO,
    SANS,
    PrintingError,
    check_round_number,
    fit_text,
    grid_row,
    joined_names,
    new_document,
    pdf_bytes,
    printable,
    printed_name,
    qr_png,
    write_text,
)

__all__ = ["event_tally_sheets_pdf", "table_cards_pdf", "tally_sheets_pdf"]


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
        write_text(document, 14, printed_name(event_name), align="C", height=8)
        document.ln(4)
        write_text(document, 72, f"Table {table.table_number}", style="B", align="C", height=32)
        document.ln(4)
        qr_size = 90.0
        left = (document.w - qr_size) / 2
        document.image(qr_png(table.url), x=left, y=document.get_y(), w=qr_size, h=qr_size)
        document.set_y(document.get_y() + qr_size + 4)
        write_text(
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
            text=fit_text(document, table.url, document.epw),
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        document.ln(4)
        write_text(document, 11, "This card stays on the table all evening.", align="C", height=6)
    return pdf_bytes(document)


def _with_players(team: TallyTeam) -> str:
    """ "Team 7 (Cy & Di)", or just "Cy & Di" when the team is named by its players (a
    rotating-partner pair), never the names twice."""
    names = " & ".join(team.player_names)
    if not names or names == team.team_name:
        return printed_name(team.team_name)
    return f"{printed_name(team.team_name)} ({joined_names(team.player_names)})"


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
    write_text(document, 11, printed_name(event_name), height=6)
    write_text(document, 20, f"{heading} - {printed_name(team.team_name)}", style="B", height=11)
    write_text(document, 12, f"{round_label}    {table_label}", height=7)
    if team.player_names and " & ".join(team.player_names) != team.team_name:
        write_text(document, 11, "Players: " + joined_names(team.player_names), height=6)
    if opponent is not None:
        write_text(document, 11, f"Opponents: {_with_players(opponent)}", height=6)
    document.ln(3)


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
    check_round_number(round_number)
    if not tables:
        raise PrintingError("tally_sheets_pdf needs at least one table")
    if not 1 <= hand_count <= 30:
        raise PrintingError(f"hand_count must be between 1 and 30, got {hand_count}")
    words = wording or SheetWording()
    document = new_document(f"{event_name} - round {round_number} - tally sheets", page_format)
    round_label = f"{words.game_word} {round_number}" + (f" - {stage_label}" if stage_label else "")
    heading = "Playoff tally sheet" if stage_label else "Tally sheet"
    idle = f"Sitting out this {words.game_word.lower()}: {joined_names(sitting_out, ', ')}"
    line_height = min(LINE_HEIGHT + 2, 150 / hand_count)

    def footer(checked_for: Sequence[TallyTeam]) -> None:
        document.ln(4)
        for note in (*words.notes, RULED_HAND_NOTE):
            write_text(document, 9, note, height=5)
        document.ln(2)
        write_text(document, 11, opponent_check.instruction_for(words.game_word), height=6)
        if words.hand_in:
            write_text(document, 11, words.hand_in, height=6)
        for team in checked_for:
            document.ln(3)
            write_text(
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
        if table.each_for_himself:
            # A table of three: one sheet, a column per player, each for himself.
            players = table.each_for_himself
            document.add_page()
            write_text(document, 11, printed_name(event_name), height=6)
            write_text(
                document, 20, f"{heading} - Table {table.table_number}", style="B", height=11
            )
            write_text(document, 12, f"{round_label}    code {table.table_code}", height=7)
            write_text(
                document,
                11,
                f"Table of three, each for himself: {joined_names(players, ', ')}",
                height=6,
            )
            if words.three_handed:
                write_text(document, 9, words.three_handed, height=5)
            document.ln(3)
            usable = document.epw
            widths = [usable * 0.16, *([usable * 0.28] * len(players))]
            grid_row(
                document,
                widths,
                ["Hand", *(fit_text(document, printed_name(name), widths[1]) for name in players)],
                bold=True,
                fill=True,
            )
            blanks = [""] * len(players)
            for hand_number in range(1, hand_count + 1):
                grid_row(document, widths, [str(hand_number), *blanks], height=line_height)
            grid_row(document, widths, ["Total", *blanks], bold=True, height=10)
            footer([TallyTeam(team_name=name) for name in players])
            continue
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
                    write_text(document, 11, idle, height=6)
                usable = document.epw
                widths = [usable * 0.14, usable * 0.26, usable * 0.30, usable * 0.30]
                grid_row(
                    document,
                    widths,
                    ["Hand", "Points", "Running total", "Opp. initials"],
                    bold=True,
                    fill=True,
                )
                for hand_number in range(1, hand_count + 1):
                    grid_row(document, widths, [str(hand_number), "", "", ""], height=line_height)
                grid_row(document, widths, ["Total", "", "", ""], bold=True, height=10)
                footer([opponent])
            continue
        document.add_page()
        write_text(document, 11, printed_name(event_name), height=6)
        write_text(document, 20, f"{heading} - Table {table.table_number}", style="B", height=11)
        write_text(document, 12, f"{round_label}    code {table.table_code}", height=7)
        for letter, team in zip("AB", table.teams, strict=True):
            write_text(document, 11, f"Team {letter}: {_with_players(team)}", height=6)
        if sitting_out:
            write_text(document, 11, idle, height=6)
        document.ln(3)
        usable = document.epw
        widths = [usable * 0.12, *([usable * 0.22] * 4)]
        document.set_fill_color(225, 225, 225)
        document.set_font(SANS, "B", 10)
        document.cell(w=widths[0], h=LINE_HEIGHT, text="", border=1, fill=True)
        for letter, team in zip("AB", table.teams, strict=True):
            width = widths[1] * 2
            document.cell(
                w=width,
                h=LINE_HEIGHT,
                text=fit_text(document, f"Team {letter}: {printed_name(team.team_name)}", width),
                border=1,
                align="C",
                fill=True,
            )
            document.set_font(SANS, "B", 10)
        document.ln(LINE_HEIGHT)
        grid_row(
            document,
            widths,
            ["Hand", "Points", "Running total", "Points", "Running total"],
            bold=True,
            fill=True,
        )
        for hand_number in range(1, hand_count + 1):
            grid_row(document, widths, [str(hand_number), "", "", "", ""], height=line_height)
        grid_row(document, widths, ["Total", "", "", "", ""], bold=True, height=10)
        footer(table.teams)
    return pdf_bytes(document)


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
        grid_row(document, widths, headings, bold=True, fill=True)
        line_height = min(12.0, 110 / round_count)
        for round_number in range(1, round_count + 1):
            grid_row(
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
            write_text(document, 9, note, height=5)
        write_text(document, 10, opponent_check.instruction, height=6)
        if words.hand_in:
            write_text(document, 10, words.hand_in, height=6)
    return pdf_bytes(document)
