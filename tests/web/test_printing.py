"""Printed PDFs: parsed back with pypdf, QR codes decoded with zxing-cpp."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from euchre.printing import (
    SANS,
    AssignmentRow,
    OpponentCheck,
    PlayerScorecardData,
    PrintingError,
    ScorecardRound,
    SheetWording,
    TableCardData,
    TallyTableData,
    TallyTeam,
    event_tally_sheets_pdf,
    new_document,
    player_scorecards_pdf,
    printed_name,
    round_assignments_pdf,
    table_cards_pdf,
    tally_sheets_pdf,
)
from euchre.store.presets import sheet_words


def opponent_check_for_profile(profile_id: str) -> OpponentCheck:
    return OpponentCheck(sheet_words(profile_id).opponent_check)


def wording_for_profile(profile_id: str) -> SheetWording:
    words = sheet_words(profile_id)
    return SheetWording(words.game_word, words.tally_notes, words.hand_in)


BASE = "http://192.168.1.20:8000"


def _pages_text(pdf: bytes) -> list[str]:
    assert pdf.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(pdf))
    return [page.extract_text() for page in reader.pages]


def _two_tables() -> list[TallyTableData]:
    return [
        TallyTableData(
            1, "K7QF", (TallyTeam("Team 1", ("Ann", "Bob")), TallyTeam("Team 7", ("Cy", "Di")))
        ),
        TallyTableData(
            2, "M3ZP", (TallyTeam("Team 2", ("Ed", "Fay")), TallyTeam("Team 5", ("Gus", "Hal")))
        ),
    ]


def _has_eight_hand_rows(page: str) -> None:
    """A tally sheet's page has a row for each of the game's eight hands, and no ninth."""
    lines = page.splitlines()
    for hand_number in range(1, 9):
        assert str(hand_number) in lines
    assert "9" not in lines


def test_table_cards_one_page_per_table_with_number_code_and_url() -> None:
    tables = [
        TableCardData(table_number, code, f"{BASE}/t/{code}")
        for table_number, code in [(1, "K7QF"), (2, "M3ZP"), (3, "W9XR")]
    ]
    pages = _pages_text(table_cards_pdf("Summer Games 2023", tables))
    assert len(pages) == 3
    for page, table in zip(pages, tables, strict=True):
        assert f"Table {table.table_number}" in page
        assert table.table_code in page
        assert table.url in page
        assert "Summer Games 2023" in page
        # The code lasts the evening: the card names no round (and so nobody seated).
        assert "Round" not in page
        assert "stays on the table all evening" in page


def test_table_card_qr_code_decodes_to_the_table_page_url() -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    url = f"{BASE}/t/K7QF"
    pdf = table_cards_pdf("Event", [TableCardData(1, "K7QF", url)])
    images = PdfReader(io.BytesIO(pdf)).pages[0].images
    assert len(images) == 1
    picture = images[0].image
    assert picture is not None
    results = zxingcpp.read_barcodes(picture)
    assert [result.text for result in results] == [url]
    assert results[0].format == zxingcpp.BarcodeFormat.QRCode


def test_tally_sheets_per_team_option_prints_one_per_team_with_a_line_per_hand() -> None:
    pages = _pages_text(
        tally_sheets_pdf("Summer Games", 3, _two_tables(), hand_count=8, per_team=True)
    )
    assert len(pages) == 4
    first = pages[0]
    assert "Tally sheet - Team 1" in first
    assert "Round 3" in first
    assert "Table 1" in first and "K7QF" in first
    assert "Opponents: Team 7 (Cy & Di)" in first
    assert "Opp. initials" in first
    assert "initials it" in first
    _has_eight_hand_rows(first)
    assert "Tally sheet - Team 7" in pages[1]
    assert "Opponents: Team 1 (Ann & Bob)" in pages[1]
    assert "Tally sheet - Team 5" in pages[3]


def test_valpo_scorecard_is_signed_by_the_opponent_with_twelve_hands() -> None:
    check = opponent_check_for_profile("valpo")
    assert check is OpponentCheck.SIGNATURE
    pdf = tally_sheets_pdf("Valpo Rec", 1, _two_tables()[:1], hand_count=12, opponent_check=check)
    (page,) = _pages_text(pdf)
    assert "have your opponent sign" in page
    assert "Opponent's signature (for Team 1)" in page
    assert "Opponent's signature (for Team 7)" in page
    assert "12" in page.splitlines()


def test_ballantrae_tally_is_initialed_by_an_opposing_player() -> None:
    assert opponent_check_for_profile("ballantrae") is OpponentCheck.INITIALS
    assert opponent_check_for_profile("tournament") is OpponentCheck.INITIALS


def test_event_tally_sheet_has_a_line_per_round_and_a_box_per_hand() -> None:
    teams = [TallyTeam("Team 1", ("Ann", "Bob")), TallyTeam("Team 2", ("Cy", "Di"))]
    pages = _pages_text(event_tally_sheets_pdf("BSG 2023", teams, round_count=7, hand_count=8))
    assert len(pages) == 2
    assert "Tally sheet - Team 2" in pages[1]
    assert "Event total" in pages[0]
    assert "1 2 3 4 5 6 7 8 Total" in pages[0]
    reader = PdfReader(
        io.BytesIO(event_tally_sheets_pdf("BSG", teams[:1], round_count=7, hand_count=8))
    )
    box = reader.pages[0].mediabox
    assert box.width > box.height  # landscape


def test_player_scorecards_two_per_page_with_known_rounds_filled_in() -> None:
    players = [
        PlayerScorecardData(
            f"Player {number}",
            (
                ScorecardRound(1, 3, "Bob", ("Cy", "Di"), 5),
                ScorecardRound(2, 1, "Ed", ("Fay", "Gus"), 3),
                *[ScorecardRound(round_number) for round_number in range(3, 9)],
            ),
            number,
        )
        for number in range(1, 4)
    ]
    pages = _pages_text(player_scorecards_pdf("Lions Club", players))
    assert len(pages) == 2
    assert "Scorecard - Player 1 (#1)" in pages[0]
    assert "Scorecard - Player 2 (#2)" in pages[0]
    assert "Scorecard - Player 3 (#3)" in pages[1]
    assert "Fay & Gus" in pages[0]
    assert "Opp. initials" in pages[0]


def test_scorecard_total_printed_only_when_every_round_has_points() -> None:
    complete = PlayerScorecardData(
        "Ann",
        (
            ScorecardRound(1, 1, "Bob", ("Cy", "Di"), 5),
            ScorecardRound(2, 2, "Ed", ("Fay", "Gus"), 7),
        ),
    )
    partial = PlayerScorecardData(
        "Bea", (ScorecardRound(1, 1, "Bob", ("Cy", "Di"), 5), ScorecardRound(2))
    )
    (complete_page,) = _pages_text(player_scorecards_pdf("E", [complete]))
    (partial_page,) = _pages_text(player_scorecards_pdf("E", [partial]))
    assert "Total 12" in complete_page
    assert "Total 5" not in partial_page


def test_round_assignments_list_every_table() -> None:
    rows = [
        AssignmentRow(number, f"C{number:03d}", ("Ann & Bob", "Cy & Di")) for number in range(1, 26)
    ]
    pages = _pages_text(round_assignments_pdf("Lions", 2, rows))
    text = "\n".join(pages)
    assert "Round 2: table assignments" in text
    for row in rows:
        assert row.table_code in text


def test_arabic_and_polish_names_print_as_typed_on_every_pdf() -> None:
    # Arabic joined right to left, Polish letters kept: the scorecard of "محمد علي" is headed
    # with his own name, not "???? ????" (the shipped DejaVu font and text shaping).
    arabic, polish = "محمد علي", "Łukasz Żółć"
    pages = _pages_text(
        player_scorecards_pdf(
            "Środa Euchre",
            [
                PlayerScorecardData(arabic, (ScorecardRound(1, 2, polish, ("Zoë",), 7),)),
                PlayerScorecardData(polish, (ScorecardRound(1, 2, arabic, ("Пётр",), 7),)),
            ],
        )
    )
    text = "\n".join(pages).replace("\u200e", "")
    assert f"Scorecard - {arabic}" in text
    assert f"Scorecard - {polish}" in text
    assert "Środa Euchre" in text and "Пётр" in text and "?" not in text
    for pdf in (
        round_assignments_pdf("E", 1, [AssignmentRow(1, "K7QF", (f"{polish} & Zoë", arabic))]),
        tally_sheets_pdf(
            "E",
            1,
            [TallyTableData(1, "K7QF", (TallyTeam(polish), TallyTeam(arabic)))],
            hand_count=8,
        ),
        table_cards_pdf("Événement 🃏 Łódź", [TableCardData(1, "K7QF", f"{BASE}/t/K7QF")]),
    ):
        text = "\n".join(_pages_text(pdf)).replace("\u200e", "")
        assert polish in text or "Łódź" in text
        assert arabic in text or "Łódź" in text


def test_an_unclosed_right_to_left_override_in_a_name_does_not_reverse_what_follows() -> None:
    # A name typed with U+202E (right-to-left override) and never closed: the player number
    # printed after it must still read 3474, not 4743.
    pdf = player_scorecards_pdf(
        "E", [PlayerScorecardData("Mallory\u202e", (ScorecardRound(1),), player_number=3474)]
    )
    (page,) = _pages_text(pdf)
    assert "Scorecard - Mallory (#3474)" in page
    assert "4743" not in page
    assert printed_name("Ann\u202eB\x00") == "AnnB"


def test_long_names_are_shortened_to_fit_their_box() -> None:
    long_name = "Bartholomew " * 12
    pdf = player_scorecards_pdf(
        "E",
        [PlayerScorecardData("Ann", (ScorecardRound(1, 1, long_name, (long_name, long_name), 2),))],
    )
    (page,) = _pages_text(pdf)
    assert "..." in page


@pytest.mark.parametrize(
    "call",
    [
        lambda: table_cards_pdf("E", []),
        lambda: table_cards_pdf("E", [TableCardData(1, "A", "http://x/t/A")], page_format="B5"),
        lambda: tally_sheets_pdf("E", 1, _two_tables(), hand_count=0),
        lambda: event_tally_sheets_pdf("E", [], round_count=7, hand_count=8),
        lambda: player_scorecards_pdf("E", []),
        lambda: round_assignments_pdf("E", 1, []),
    ],
)
def test_bad_arguments_raise_a_printing_error(call: object) -> None:
    with pytest.raises(PrintingError):
        call()  # type: ignore[operator]


def test_a4_paper_is_taller_and_narrower_than_letter() -> None:
    table = [TableCardData(1, "A", "http://x/t/A")]
    letter = PdfReader(io.BytesIO(table_cards_pdf("E", table))).pages[0].mediabox
    a4 = PdfReader(io.BytesIO(table_cards_pdf("E", table, page_format="A4"))).pages[0].mediabox
    assert round(float(letter.width)) == 612 and round(float(a4.width)) == 595
    assert float(a4.height) > float(letter.height)


def test_a_long_event_or_team_name_shrinks_or_wraps_instead_of_running_off_the_page() -> None:
    long_team = "The Extraordinarily Long-Named Lions Club Euchre Partnership of Bolivar County"
    pdf = tally_sheets_pdf(
        "Bolivar Lions Club Annual Charity Euchre Tournament and Potluck Supper " * 2,
        1,
        [TallyTableData(1, "K7QF", (TallyTeam(long_team, ("Ann",)), TallyTeam("B", ("Cy",))))],
        hand_count=8,
    )
    page = _pages_text(pdf)[0]
    assert long_team in page.replace("\n", " ")  # whole, not cut with an ellipsis
    assert "Potluck Supper Bolivar" in page.replace("\n", " ")  # wrapped onto the next line


def test_scorecards_show_the_points_of_finished_rounds_and_sat_out() -> None:
    card = PlayerScorecardData(
        "Ann",
        (
            ScorecardRound(1, 2, "Bob", ("Cy", "Di"), 9),
            ScorecardRound(2, points=7, sat_out=True),
            ScorecardRound(3),
        ),
        1,
        code="4821",
    )
    (page,) = _pages_text(player_scorecards_pdf("Lions", [card]))
    assert "2 sat out 7" in page
    assert "1 2 Bob Cy & Di 9" in page
    assert "Your own code: 4821" in page


def test_scorecards_with_codes_print_one_player_per_page() -> None:
    cards = [
        PlayerScorecardData(name, (ScorecardRound(1),), code=code)
        for name, code in (("Ann", "1111"), ("Bob", "2222"), ("Cy", "3333"))
    ]
    pages = _pages_text(player_scorecards_pdf("E", cards))
    assert len(pages) == 3
    for page, code in zip(pages, ("1111", "2222", "3333"), strict=True):
        assert code in page
        assert sum(other in page for other in ("1111", "2222", "3333")) == 1


def test_bolivar_tally_sheets_use_bolivars_wording() -> None:
    wording = wording_for_profile("bolivar")
    pages = _pages_text(tally_sheets_pdf("Lions", 3, _two_tables(), hand_count=8, wording=wording))
    text = pages[0].replace("\n", " ")
    assert "Game 3" in text and "Round 3" not in text
    assert "Eight (8) hands are played each game regardless of score" in text
    assert "the team with less points moves" in text
    assert "puts a quarter in the cup" in text
    assert (
        "written 0-0 when his ruling ends the hand, and as played when the hand is played out"
        in text
    )
    assert "Round 3" in _pages_text(tally_sheets_pdf("E", 3, _two_tables(), hand_count=8))[0]


def test_tally_sheets_print_one_page_per_table_with_both_teams() -> None:
    pages = _pages_text(tally_sheets_pdf("Summer Games", 3, _two_tables(), hand_count=8))
    assert len(pages) == 2
    first = pages[0]
    assert "Tally sheet - Table 1" in first
    assert "Round 3" in first and "K7QF" in first
    assert "Team A: Team 1 (Ann & Bob)" in first
    assert "Team B: Team 7 (Cy & Di)" in first
    assert "Hand Points Running total Points Running total" in first
    _has_eight_hand_rows(first)
    assert "Opp. initials (for Team 1)" in first and "Opp. initials (for Team 7)" in first
    assert "Tally sheet - Table 2" in pages[1]


def test_tally_sheet_names_a_team_named_by_its_players_once() -> None:
    # A rotating-partner pair has no team name: it is "Ann & Bob" (printed once, not twice).
    pairs = [
        TallyTableData(
            1, "K7QF", (TallyTeam("Ann & Bob", ("Ann", "Bob")), TallyTeam("Cy & Di", ("Cy", "Di")))
        )
    ]
    for per_team in (False, True):
        text = "\n".join(
            _pages_text(tally_sheets_pdf("E", 1, pairs, hand_count=8, per_team=per_team))
        )
        assert "(Ann & Bob)" not in text and "(Cy & Di)" not in text
        assert "Players: Ann & Bob" not in text


def test_round_assignments_list_who_sits_out() -> None:
    rows = [AssignmentRow(1, "K7QF", ("Ann & Bob", "Cy & Di"))]
    (page,) = _pages_text(round_assignments_pdf("E", 2, rows, sitting_out=("Eve", "Flo")))
    assert "Sitting out this round: Eve, Flo" in page
    (page,) = _pages_text(round_assignments_pdf("E", 2, rows))
    assert "Nobody sits out this round." in page


def test_a_printout_embeds_only_the_fonts_it_sets() -> None:
    """A font is read (and embedded, as a subset) the first time it is set, not for every
    document: a page in the regular sans carries neither the bold nor the monospaced font."""
    document = new_document("Fonts", "Letter")
    document.add_page()
    document.set_font(SANS, size=12)
    document.cell(text="Table 1: Ann & Bob ♠")
    printed = bytes(document.output())
    assert b"DejaVuSans" in printed
    assert b"DejaVuSans-Bold" not in printed and b"DejaVuSansMono" not in printed
    assert sorted(document.fonts) == [SANS.lower()]
