"""A sixth club's sheet, from its file alone (issue 23, item 2): the director adds the
Riverside Legion's sheet file through the API and runs its Monday night. Nothing in the code
names the club: the event, the bye, the prizes and the words all come from
``tests/data/sheets/riverside.toml``. A bad sheet file gets one problem per fault (key, line,
what is allowed) and changes nothing."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import (
    PASSWORD,
    add_teams,
    director_client,
    pdf_pages,
    report_round,
    sqlite_url,
    table_sides,
)

from euchre.web.app import create_app

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "riverside.toml"
SHEET_ID = "riverside_legion"


def _add_sheet(client: TestClient, text: str, filename: str = "riverside.toml") -> Any:
    return client.post("/api/sheets", json={"text": text, "filename": filename})


def _teams_of(round_data: dict[str, Any], team_of: dict[str, str]) -> list[frozenset[str]]:
    return [
        frozenset(team_of[str(side[0])] for side in table["partnerships"])
        for table in round_data["plan"]["tables"]
    ]


def test_riverside_night_partners_stay_play_every_other_team_once_bye_scores_5_and_prizes_split(
    client: TestClient, tmp_path: Path
) -> None:
    added = _add_sheet(client, SHEET.read_text())
    assert added.status_code == 201, added.text
    assert added.json()["id"] == SHEET_ID
    assert (tmp_path / "euchre-sheets" / f"{SHEET_ID}.toml").read_text() == SHEET.read_text()
    assert SHEET_ID in client.get("/api/choices").json()["profiles"]
    # Only the sheet is named: its file sets the format, the games, the bell and the prizes.
    created = client.post("/api/events", json={"name": "Monday night", "profile_id": SHEET_ID})
    assert created.status_code == 201, created.text
    event_id = created.json()["id"]
    config = client.get(f"/api/events/{event_id}").json()["config"]
    assert (config["format"], config["rounds"], config["round_minutes"]) == ("round_robin", 5, 25)
    assert config["sit_out_scoring"] == "fixed" and config["sit_out_points"] == 5
    players = add_teams(client, event_id, 5)
    team_of = {str(player["number"]): player["team"] for player in players}
    met: list[frozenset[str]] = []
    sat_out: list[str] = []
    for number in range(1, 6):
        started = client.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        round_data = started.json()
        # "Partners stay together for the evening": every table seats two whole teams.
        for table in round_data["plan"]["tables"]:
            for side in table["partnerships"]:
                assert team_of[str(side[0])] == team_of[str(side[1])]
        met += _teams_of(round_data, team_of)
        sat_out += sorted({team_of[str(player)] for player in round_data["plan"]["sitting_out"]})
        report_round(client, event_id, number, (10, 6))
        assert client.post(f"/api/events/{event_id}/rounds/{number}/close").status_code == 200
    # "play every other team once": five teams, ten match-ups, each once.
    teams = sorted(set(team_of.values()))
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in combinations(teams, 2)), key=sorted
    )
    assert sorted(sat_out) == teams  # each team has the bye once
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    assert snapshot["is_over"]
    # "A team with the bye is credited 5 points": 5 for the bye plus 10 or 6 a game.
    for row in snapshot["standings"]:
        assert (row["points"] - 5) % 2 == 0 and 24 + 5 <= row["points"] <= 40 + 5
    # "split 50/30/20 ... $60 with two or three" tables: $30, $18, $12 shared among the top.
    assert sum(award["amount_cents"] for award in snapshot["prizes"]) == 6000


def test_riverside_phone_and_tally_sheet_say_the_clubs_words(client: TestClient) -> None:
    assert _add_sheet(client, SHEET.read_text()).status_code == 201
    created = client.post("/api/events", json={"name": "Monday night", "profile_id": SHEET_ID})
    event_id = created.json()["id"]
    add_teams(client, event_id, 4)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    code, _ = table_sides(client, event_id)
    phone = client.get(f"/t/{code}").text
    assert "A game level after 10 deals goes to the team that made the tying score first." in phone
    assert "Ties go to the first team to make the tying score" not in phone  # sheet 004's
    pages = pdf_pages(client, f"/api/events/{event_id}/rounds/1/tally-sheets.pdf")
    text = " ".join(page.replace("\n", " ") for page in pages)
    assert "Game 1" in text
    assert "Leave this card with the bartender when your team is done." in text
    assert "A game is 10 points or 10 deals, whichever comes first." in text
    assert "official scorekeeper" not in text


def test_a_club_sheet_stays_in_use_when_the_app_starts_again(
    client: TestClient, tmp_path: Path
) -> None:
    assert _add_sheet(client, SHEET.read_text()).status_code == 201
    (tmp_path / "other").mkdir()
    elsewhere = director_client(sqlite_url(tmp_path / "other"))  # another database's folder
    assert SHEET_ID not in elsewhere.get("/api/choices").json()["profiles"]
    restarted = TestClient(create_app(sqlite_url(tmp_path)), base_url="http://127.0.0.1")
    login = restarted.post("/api/session", json={"name": "director", "password": PASSWORD})
    restarted.headers["Authorization"] = f"Bearer {login.json()['token']}"
    listed = [sheet["id"] for sheet in restarted.get("/api/sheets").json()]
    assert listed[-1] == SHEET_ID and "valpo" in listed
    values = {row["key"]: row for row in restarted.get(f"/api/sheets/{SHEET_ID}").json()}
    assert values["event.sit_out_points"]["value"] == 5
    assert (
        values["event.sit_out_points"]["clause"]
        == "Rule 6: 'A team with the bye is credited 5 points.'"
    )
    assert values["event.side_pot"]["clause"] == "house default"
    assert restarted.get("/api/sheets/nowhere").status_code == 404


BAD_SHEET = """\
id = "Bad Club"
name = "Bad club"
profile = "valpo"

[event]
format = "winners_move_sideways"
rounds = 0
prize_ties = "coin"
colour = "red"

[event.sources]
format = "rule 1"
rounds = "rule 2"
prize_ties = "rule 3"

[words]
opponent_check = "thumbprint"
"""


def test_a_bad_sheet_file_gets_one_problem_per_fault_with_key_and_line_and_changes_nothing(
    client: TestClient, tmp_path: Path
) -> None:
    before = client.get("/api/choices").json()["profiles"]
    answer = _add_sheet(client, BAD_SHEET, "bad.toml")
    assert answer.status_code == 400, answer.text
    problems = {
        (problem["key"], problem["line"]): problem["message"]
        for problem in answer.json()["problems"]
    }
    assert set(problems) == {
        ("id", 1),
        ("event.format", 6),
        ("event.rounds", 7),
        ("event.prize_ties", 8),
        ("event.colour", 9),
        ("words.opponent_check", 17),
    }
    assert "winners_move_up" in problems[("event.format", 6)]  # what is allowed
    assert "tie_breaks, split" in problems[("event.prize_ties", 8)]
    assert (
        "allowed here" in problems[("event.colour", 9)]
        and "prizes" in problems[("event.colour", 9)]
    )
    assert "'initials' or 'signature'" in problems[("words.opponent_check", 17)]
    assert "line 6, event.format" in answer.json()["detail"]
    assert not (tmp_path / "euchre-sheets").exists()
    assert client.get("/api/choices").json()["profiles"] == before
