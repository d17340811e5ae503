"""A night with no surprises: what a director and the players meet at the front of the hall
and on paper (spreadsheets, find-my-table, errors), from the user's side."""

from __future__ import annotations

import csv
import io
import re

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    codes_by_number,
    create_event,
    director_client,
    pdf_pages,
    report_round,
    sqlite_url,
)

from euchre.engine.profile import load_profile
from euchre.store.csv_text import csv_text
from euchre.store.play.service import ForbiddenError
from euchre.tournament.sheets import builtin_sheets
from euchre.web.common.errors import status_for

HOSTILE_NAMES = ("=1+2", "+SUM(A1:A9)", "-2+3", "@cmd")
"""Names a spreadsheet would run as formulas (a name's own tab or return is trimmed on entry)."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """One app and database for the module: every test makes its own event."""
    return director_client(sqlite_url(tmp_path_factory.mktemp("surprises")))


def test_a_name_like_a_formula_is_written_to_the_standings_csv_as_text(
    client: TestClient,
) -> None:
    # A spreadsheet runs a cell starting with = + - @ (or a tab, a carriage return) as a
    # formula: the standings CSV writes such a name with an apostrophe in front.
    event_id = create_event(client, format="progressive", rounds=2)
    for name in (*HOSTILE_NAMES, "Ann", "Bob"):
        added = client.post(f"/api/events/{event_id}/players", json={"name": name})
        assert added.status_code == 201, added.text
    text = client.get(f"/api/events/{event_id}/standings.csv").text
    rows = list(csv.reader(io.StringIO(text, newline="")))
    cells = [cell for row in rows[1:] for cell in row]
    for name in HOSTILE_NAMES:
        assert f"'{name}" in cells or any(cell.startswith(f"'{name}") for cell in cells), name
    assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for cell in cells)
    # Numbers stay numbers (a negative score is not text).
    assert all(row[3].lstrip("-").isdigit() for row in rows[1:])
    # A tab or a carriage return at the start of any other cell is escaped the same way.
    written = csv_text(["note"], [["\tx"], ["\ry"], [-2]])
    assert list(csv.reader(io.StringIO(written, newline=""))) == [
        ["note"],
        ["'\tx"],
        ["'\ry"],
        ["-2"],
    ]


def test_the_roster_csv_escapes_formulas_and_reads_back_as_typed(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    mine = director_client(sqlite_url(tmp_path_factory.mktemp("mine")))
    theirs = director_client(sqlite_url(tmp_path_factory.mktemp("theirs")))
    mine.post("/api/members", json={"name": "=HYPERLINK(1)", "phone": "+1 555 0100"})
    exported = mine.get("/api/members/roster.csv").content
    assert b"'=HYPERLINK(1)" in exported and b"'+1 555 0100" in exported
    imported = theirs.post(
        "/api/members/import", content=exported, headers={"Content-Type": "text/csv"}
    )
    assert imported.status_code == 201, imported.text
    (member,) = theirs.get("/api/members").json()
    assert (member["name"], member["phone"]) == ("=HYPERLINK(1)", "+1 555 0100")


def test_a_wrong_seat_token_is_forbidden_through_the_apps_one_error_mapping() -> None:
    # Browser play used to turn ForbiddenError into 403 by hand; every other route answered
    # 400 for it. The error carries its own status now.
    assert status_for(ForbiddenError("this needs a seat token")) == 403


def test_find_my_table_between_games_says_where_to_go_next(client: TestClient) -> None:
    # Players look for their next table exactly between games: the home page's "find my
    # table" says the next table (or that they sit out, or wait), never an error page.
    event_id = create_event(client, format="progressive", profile_id="tournament", rounds=3)
    add_singles(client, event_id, 8)
    codes = codes_by_number(client, event_id)
    before = client.post("/me", data={"event": event_id, "code": codes[1]})
    assert before.status_code == 200, before.text
    assert "no round is in play" in before.text and "go to" in before.text
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    report_round(client, event_id, 1)
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    nxt = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["rounds"][1]
    for number, code in codes.items():
        answer = client.post("/me", data={"event": event_id, "code": code}, follow_redirects=False)
        assert answer.status_code == 200, answer.text
        table = next(
            (
                t["table"]
                for t in nxt["tables"]
                if str(number) in [*t["partnerships"][0], *t["partnerships"][1]]
            ),
            None,
        )
        if table is None:
            assert "You sit out round 2" in answer.text
        else:
            assert f"Round 2: go to <strong>table {table}</strong>" in answer.text
    wrong = client.post("/me", data={"event": event_id, "code": "0000"})
    assert wrong.status_code == 404


@pytest.mark.parametrize("profile", sorted(builtin_sheets()))
def test_each_phone_rules_on_its_own_sheets_irregularities(
    client: TestClient, profile: str
) -> None:
    # "If the dealer fails to discard" is sheet 004's clause: the other sheets' phones must
    # not borrow it in their paragraph on ruled hands.
    names_discard = load_profile(profile).dealer_fails_to_discard_points > 0
    event_id = create_event(client, profile_id=profile, format="winners_move_up", rounds=1)
    add_singles(client, event_id, 4)
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    page = client.get(f"/t/{started.json()['tables'][0]['code']}").text
    note = re.search(r'<p id="ruled-hand-note"[^>]*>([^<]*)</p>', page)
    assert note is not None
    assert ("failing to discard" in note.group(1)) is names_discard, note.group(1)
    assert "the director says" in note.group(1) or names_discard


def test_a_late_arrivals_and_a_leavers_scorecards_print_real_lines_and_a_total(
    client: TestClient,
) -> None:
    event_id = create_event(client, format="rotating_partners", rounds=3)
    add_singles(client, event_id, 8)
    late = client.post(
        f"/api/events/{event_id}/players", json={"name": "Late Larry", "checked_in": False}
    ).json()
    first = client.post(f"/api/events/{event_id}/rounds").json()
    leaver = first["plan"]["tables"][0]["partnerships"][0][0]
    arrived = client.post(f"/api/events/{event_id}/players/{late['number']}/check-in")
    assert arrived.json()["arrival_round"] == 2
    gone = client.post(
        f"/api/events/{event_id}/players/{leaver}/withdraw", json={"reason": "went home"}
    )
    assert gone.json()["withdrawal_round"] == 2
    report_round(client, event_id, 1, (10, 6))
    pages = pdf_pages(client, f"/api/events/{event_id}/rounds/1/scorecards.pdf")
    left = next(page for page in pages if f"Scorecard - P{leaver} " in page)
    assert "\n2 - left 0" in left and "\n3 - left 0" in left
    assert "Total 10" in left  # his one game's 10 points, then nothing more to come
    larry = next(page for page in pages if "Scorecard - Late Larry" in page)
    assert "\n1 - not here yet 0" in larry


def test_player_codes_print_as_slips_many_to_a_sheet_not_a_page_each(
    client: TestClient,
) -> None:
    # 26 players' codes: two sheets of slips (24 a sheet), each code once, each by its name.
    event_id = create_event(client, format="rotating_partners", rounds=3)
    add_singles(client, event_id, 26)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    codes = codes_by_number(client, event_id)
    pages = pdf_pages(client, f"/api/events/{event_id}/rounds/1/code-slips.pdf")
    assert len(pages) == 2
    text = "\n".join(pages)
    for number, code in codes.items():
        assert f"P{number} (#{number})" in text
        assert text.count(f"Code {code}") == 1
    dashboard = client.get(f"/director/events/{event_id}").text
    assert 'id="print-code-slips"' in dashboard


def test_an_untimed_event_shows_zero_minutes_on_its_form_not_twenty(client: TestClient) -> None:
    # round_minutes = 0 is "no clock" (a sheet may say so): the form keeps the 0.
    event_id = create_event(client, round_minutes=0)
    page = client.get(f"/director/events/{event_id}/edit").text
    field = re.search(r'<input id="event-round-minutes"[^>]*>', page)
    assert field is not None and 'value="0"' in field.group(0), field


def test_a_wrong_password_is_answered_on_the_login_form_not_a_problem_page(
    client: TestClient,
) -> None:
    stranger = TestClient(client.app)
    wrong = stranger.post("/login", data={"name": "director", "password": "not it"})
    assert wrong.status_code == 401
    assert 'id="login-form"' in wrong.text and 'id="login-error"' in wrong.text
    assert "wrong password" in wrong.text and "Problem (401)" not in wrong.text


def test_the_projector_and_results_say_how_a_sit_out_is_scored(client: TestClient) -> None:
    event_id = create_event(
        client, format="rotating_partners", rounds=2, sit_out_scoring="fixed", sit_out_points=5
    )
    add_singles(client, event_id, 9)  # one player sits out each round
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    live = client.get(f"/events/{event_id}/live").text
    assert re.search(r'<p id="sit-out-rule"[^>]*>Sitting out a round scores 5 points\.', live)
    report_round(client, event_id, 1)
    results = client.get(f"/events/{event_id}/results").text
    assert "Sitting out a round scores 5 points." in results
