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

The printouts live in :mod:`~euchre.printing.tables` (table cards, tally sheets) and
:mod:`~euchre.printing.players` (scorecards, code slips, assignments); what they print is
:mod:`~euchre.printing.data`, and how a page is drawn :mod:`~euchre.printing.document`.
"""

from __future__ import annotations

from euchre.printing.data import (
    RULED_HAND_NOTE,
    AssignmentRow,
    OpponentCheck,
    PlayerScorecardData,
    ScorecardRound,
    SheetWording,
    TableCardData,
    TallyTableData,
    TallyTeam,
)
from euchre.printing.document import (
    MONO,
    PAGE_FORMATS,
    SANS,
    PrintingError,
    new_document,
    printable,
    printed_name,
)
from euchre.printing.players import (
    CodeSlip,
    player_code_slips_pdf,
    player_scorecards_pdf,
    round_assignments_pdf,
)
from euchre.printing.tables import event_tally_sheets_pdf, table_cards_pdf, tally_sheets_pdf

__all__ = [
    "MONO",
    "PAGE_FORMATS",
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
