"""The log's grammar is written once: what the table writes reads back as the same entry, and
a malformed table entry is refused naming the form it should have."""

from __future__ import annotations

import pytest

from euchre.engine.errors import IllegalActionError
from euchre.play.log import (
    TABLE,
    EntryKind,
    away_entry,
    back_entry,
    canonical,
    chat_entry,
    deck_entry,
    drop_entry,
    parse_entry,
    public_entry,
    reissue_entry,
    say_entry,
    seat_entry,
)
from euchre.tournament.model import ChatMode


def test_every_entry_the_table_writes_reads_back_as_itself() -> None:
    assert parse_entry(TABLE, drop_entry(1, 1700000000.4)) == parse_entry(
        TABLE, "drop 1 1700000000"
    )
    dropped = parse_entry(TABLE, drop_entry(1, 1700000000.4))
    assert (dropped.kind, dropped.target, dropped.until) == (EntryKind.DROP, 1, 1700000000.0)
    waiting = parse_entry(TABLE, drop_entry(2, None))
    assert (waiting.kind, waiting.target, waiting.until) == (EntryKind.DROP, 2, None)
    for text, kind in (
        (away_entry(3), EntryKind.AWAY),
        (back_entry(3), EntryKind.BACK),
        (reissue_entry(3), EntryKind.REISSUE),
    ):
        entry = parse_entry(TABLE, text)
        assert (entry.kind, entry.target) == (kind, 3)
    assert parse_entry(TABLE, deck_entry(2)).target == 2
    assert parse_entry(TABLE, chat_entry("off")).mode is ChatMode.OFF
    seat = parse_entry(TABLE, seat_entry(0, "rules"))
    assert (seat.kind, seat.target, seat.player_kind) == (EntryKind.SEAT, 0, "rules")
    said = parse_entry(2, say_entry("Nice hand!"))
    assert (said.kind, said.text) == (EntryKind.SAY, "Nice hand!")
    assert parse_entry(1, "play AH").kind is EntryKind.MOVE
    assert parse_entry(1, "drop 1").kind is EntryKind.MOVE  # only the table drops a seat


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("drop 5", "'drop N [UNTIL]', 'away N' or 'back N'"),
        ("away", "'drop N [UNTIL]', 'away N' or 'back N'"),
        ("reissue x", "'reissue N'"),
        ("deck one", "'deck N'"),
        ("chat loud", "'chat MODE'"),
        ("seat 9 rules", "'seat N KIND'"),
    ],
)
def test_a_malformed_table_entry_is_refused_naming_its_form(text: str, expected: str) -> None:
    with pytest.raises(IllegalActionError, match="malformed") as refused:
        parse_entry(TABLE, text)
    assert expected in str(refused.value)


def test_a_move_is_logged_canonically_and_read_by_each_seat_by_the_hidden_card_rule() -> None:
    assert canonical("  PLAY   ah ") == "play AH"
    assert canonical("ask 2 kh") == "ask 2 KH"
    assert canonical("answered The Queen") == "answered The Queen"
    assert public_entry(3, "discard JS", 3) == "discard JS"
    assert public_entry(3, "discard JS", 1) == "discard"
    assert public_entry(3, "discard JS", None) == "discard"
    assert public_entry(0, "go under 9C TD 9S", 2) == "go under"
    assert public_entry(0, "play AH", 2) == "play AH"
