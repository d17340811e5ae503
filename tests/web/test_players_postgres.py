"""Seat classes, a member's defaults, guests and a season that leaves inactive members out,
on PostgreSQL (the SQLite tests' flows, run again there; skipped without a server)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.web import test_players_classes_and_guests as flows

from euchre.tournament.sheets import use_user_sheets

pytestmark = pytest.mark.postgres


@pytest.fixture
def sheets_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The club sheets folder, set before the app starts (a PostgreSQL database has no
    folder of its own, so the app would otherwise use the current one)."""
    folder = tmp_path / "sheets"
    monkeypatch.setenv("EUCHRE_SHEETS_DIR", str(folder))
    return folder


def test_seat_classes_defaults_guests_and_inactive_members_on_postgresql(
    sheets_folder: Path, postgres_client: TestClient
) -> None:
    client = postgres_client
    try:
        flows.test_a_member_plays_his_next_night_with_his_last_seat_class_and_category(client)
        flows.test_a_csv_list_carries_seat_classes_and_guests_and_names_a_bad_line(client)
        flows.test_a_guest_plays_and_wins_money_but_stands_in_no_roster_season_or_rating(client)
        flows.test_a_member_set_inactive_leaves_the_seasons_that_say_so_and_the_ratings_list(client)
    finally:
        use_user_sheets([])
