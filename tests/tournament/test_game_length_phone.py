"""A club's 4-hand games with a tied round decided by an unscored extra hand, at the table:
the phone asks who won the extra hand, and a level score without the answer is refused in
words (the sheet file added through the API, nothing in the code names the club)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from euchre.tournament.sheets import use_user_sheets
from tests.store.factory import (
    add_singles,
    codes_by_number,
    director_client,
    sqlite_url,
    table_sides,
)

from .test_game_length import CLUB_SHEET


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.delenv("EUCHRE_SHEETS_DIR", raising=False)
    use_user_sheets([])
    yield director_client(sqlite_url(tmp_path))
    use_user_sheets([])


def test_the_phone_asks_who_won_the_extra_hand_of_a_level_4_hand_game(client: TestClient) -> None:
    added = client.post("/api/sheets", json={"text": CLUB_SHEET, "filename": "club.toml"})
    assert added.status_code == 201, added.text
    created = client.post("/api/events", json={"name": "Friday", "profile_id": "four_hand_club"})
    assert created.status_code == 201, created.text
    event_id = int(created.json()["id"])
    add_singles(client, event_id, 4)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    code, sides = table_sides(client, event_id)
    phone = client.get(f"/t/{code}").text
    # "Games are 4 hands": four hand lines, no fifth.
    assert 'id="hand-4-0"' in phone and 'id="hand-5-0"' not in phone
    assert "A level game: who won the extra hand (not scored)?" in phone
    assert "who reached the tying score first" not in phone
    assert "A tied round is decided by one extra hand, which is not scored." in phone
    codes = codes_by_number(client, event_id)
    level = {"player_code": codes[sides[0][0]], "team_points": [2, 2], "round": 1}
    refused = client.post(f"/api/tables/{code}/submissions", json=level)
    assert refused.status_code in (400, 422), refused.text
    assert "say which team won the extra hand" in refused.text
    decided = client.post(
        f"/api/tables/{code}/submissions", json=level | {"first_to_tying_score": 1}
    )
    assert decided.status_code in (200, 201), decided.text
