"""A club night whose games are played to the bell, run from the club's sheet file alone.

The club adds ``tests/data/sheets/bell_street.toml`` (no code): "Every game is played to the
bell: when the bell rings, finish the hand you are playing and write down the score." A game
has no target and no number of hands, so the phones' totals are taken as played (7-5, or
14-11, which no game to 10 could end with), the paper and the pages say how the game ends,
and the hands, if typed, must still add up. A sheet to the bell without a bell is refused
naming both keys, and a game to the bell is never dealt online: it is played on paper.
"""

from __future__ import annotations

import html
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pypdf import PdfReader
from tests.store.factory import director_client, round_refused, sqlite_url

from euchre.tournament.sheets import use_user_sheets

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "bell_street.toml"
BELL_WORDS = "Game to the bell (ends when the round's bell rings)"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.delenv("EUCHRE_SHEETS_DIR", raising=False)
    yield director_client(sqlite_url(tmp_path))
    use_user_sheets([])  # the club's sheet leaves with its folder


def add_sheet(client: TestClient) -> None:
    added = client.post("/api/sheets", json={"text": SHEET.read_text(), "filename": SHEET.name})
    assert added.status_code == 201, added.text


def club_night(client: TestClient, *, online: bool = False) -> int:
    """The club's sheet added from its file, a night created from it, 8 players entered."""
    add_sheet(client)
    body: dict[str, Any] = {"name": "Friday", "profile_id": "bell_street"}
    if online:
        body["online"] = True
    created = client.post("/api/events", json=body)
    assert created.status_code == 201, created.text
    event_id = int(created.json()["id"])
    for number in range(1, 9):
        added = client.post(f"/api/events/{event_id}/players", json={"name": f"Player {number}"})
        assert added.status_code == 201, added.text
    return event_id


def phone_score(client: TestClient, code: str, codes: dict[int, str], body: dict[str, Any]) -> Any:
    """The first player of the table types ``body`` on his phone (not yet confirmed)."""
    info = client.get(f"/api/tables/{code}").json()
    keeper = info["partnerships"][0][0]["number"]
    return client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[keeper], "round": info["round"], **body},
    )


def confirm(client: TestClient, code: str, codes: dict[int, str], submission: int) -> None:
    info = client.get(f"/api/tables/{code}").json()
    opponent = info["partnerships"][1][0]["number"]
    confirmed = client.post(
        f"/api/tables/{code}/submissions/{submission}/confirm",
        json={"player_code": codes[opponent]},
    )
    assert confirmed.status_code == 200, confirmed.text


def test_a_game_to_the_bell_is_scored_as_played_with_no_target_bound(client: TestClient) -> None:
    event_id = club_night(client)
    codes = {
        row["number"]: row["code"] for row in client.get(f"/api/events/{event_id}/players").json()
    }
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    tables = {row["table"]: row["code"] for row in started.json()["tables"]}
    # "When the bell rings, finish the hand and write down the score": 7-5 when the bell rang.
    sent = phone_score(client, tables[1], codes, {"team_points": [7, 5]})
    assert sent.status_code == 201, sent.text
    confirm(client, tables[1], codes, sent.json()["id"])
    # 14-11 is impossible in a game to 10 (both past the target), not in a game to the bell.
    sent = phone_score(client, tables[2], codes, {"team_points": [14, 11]})
    assert sent.status_code == 201, sent.text
    confirm(client, tables[2], codes, sent.json()["id"])
    closed = client.post(f"/api/events/{event_id}/rounds/1/close")
    assert closed.status_code == 200, closed.text
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    # Each player's points are his team's total when the bell rang.
    assert sorted(row["points"] for row in snapshot["standings"]) == [5, 5, 7, 7, 11, 11, 14, 14]


def test_a_game_to_the_bell_still_refuses_what_no_table_can_score(client: TestClient) -> None:
    event_id = club_night(client)
    codes = {
        row["number"]: row["code"] for row in client.get(f"/api/events/{event_id}/players").json()
    }
    started = client.post(f"/api/events/{event_id}/rounds")
    code = started.json()["tables"][0]["code"]
    negative = phone_score(client, code, codes, {"team_points": [-1, 5]})
    assert negative.status_code == 422, negative.text
    assert "team_points.0: Input should be greater than or equal to 0" in negative.text
    # Hands typed must add up to the totals, whatever their number.
    hands = [[2, 0], [0, 1], [1, 0]]
    wrong = phone_score(client, code, codes, {"team_points": [7, 1], "hand_points": hands})
    assert wrong.status_code == 400, wrong.text
    assert "totals 7-1 do not match the hands, which add up to 3-1" in wrong.json()["detail"]
    right = phone_score(client, code, codes, {"team_points": [3, 1], "hand_points": hands})
    assert right.status_code == 201, right.text


def test_the_phone_the_paper_and_the_pages_say_the_game_ends_at_the_bell(
    client: TestClient,
) -> None:
    event_id = club_night(client)
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    code = started.json()["tables"][0]["code"]
    phone = html.unescape(client.get(f"/t/{code}").text)
    assert BELL_WORDS in phone
    pdf = client.get(f"/api/events/{event_id}/rounds/1/tally-sheets.pdf")
    assert pdf.status_code == 200, pdf.text
    paper = " ".join(
        " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages).split()
    )
    assert BELL_WORDS in paper
    dashboard = html.unescape(client.get(f"/director/events/{event_id}").text)
    assert f'<p id="round-game-end">{BELL_WORDS}.</p>' in dashboard
    projector = html.unescape(client.get(f"/events/{event_id}/live").text)
    assert f'<span id="live-round">Round 1</span> — {BELL_WORDS} · time left' in projector


def test_a_sheet_to_the_bell_without_a_bell_is_refused_naming_the_keys(
    client: TestClient,
) -> None:
    no_bell = SHEET.read_text().replace("round_minutes = 20\n", "round_minutes = 0\n")
    refused = client.post("/api/sheets", json={"text": no_bell, "filename": SHEET.name})
    assert refused.status_code == 400, refused.text
    words = refused.text
    assert "event.round_minutes" in words
    assert "profile.options.game_end = 'bell'" in words
    assert "but event.round_minutes is 0, no bell" in words
    assert "bell_street" not in {sheet["id"] for sheet in client.get("/api/sheets").json()}
    # A night of the sheet cannot take the bell away either.
    add_sheet(client)
    created = client.post(
        "/api/events", json={"name": "Friday", "profile_id": "bell_street", "round_minutes": 0}
    )
    assert created.status_code in (400, 422), created.text
    assert "plays its games to the bell" in created.text
    assert "round_minutes is 0, no bell" in created.text


def test_an_online_night_of_games_to_the_bell_is_refused_in_words_when_it_starts(
    client: TestClient,
) -> None:
    event_id = club_night(client, online=True)
    round_refused(
        client,
        event_id,
        "round 1 is not started: table 1 plays online",
        "games to the bell are played on paper",
    )


def test_a_friends_table_under_a_sheet_to_the_bell_is_refused_in_words(
    client: TestClient,
) -> None:
    add_sheet(client)
    opened = client.post("/api/play/tables", json={"profile": "bell_street"})
    assert opened.status_code == 400, opened.text
    assert "games to the bell are played on paper" in opened.json()["detail"]
    bell = client.post(
        "/api/play/tables",
        json={"profile_options": {"game_end": "bell", "game_target": 0, "game_hands": 0}},
    )
    assert bell.status_code == 400, bell.text
    assert "games to the bell are played on paper" in bell.json()["detail"]
