"""A club secretary keeps the season in the app instead of a spreadsheet: nights typed in
from January-March paper sheets carry the day they were played (seasons, histories, their
filters, the ratings' order and the exports go by it); members are edited as people expect
(a PATCH changes only what it is sent); a season is edited in place and keeps its id."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from fastapi.testclient import TestClient
from tests.web.season_helpers import hall_night

EIGHT = ["Ann Baker", "Bob Cole", "Cathy Dunn", "Dale Evans", "Eve Ford", "Fay Gold"]
EIGHT += ["Gus Hart", "Hal Ives"]
LEAGUE = "Bolivar Lions 2027"


def _dated(client: TestClient, event_id: int, day: str) -> None:
    answer = client.put(f"/api/events/{event_id}/date", json={"date": day})
    assert answer.status_code == 200, answer.text
    assert answer.json()["date"] == day


def _csrf(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def _member(client: TestClient, name: str) -> int:
    return next(m["id"] for m in client.get("/api/members").json() if m["name"] == name)


def test_nights_typed_in_today_from_paper_sheets_stand_at_the_days_they_were_played(
    client: TestClient,
) -> None:
    # March's sheet is typed in first, then January's, then February's.
    march = hall_night(client, "March night", EIGHT, tags=[LEAGUE], seed=3)
    body = {"name": "January night", "profile_id": "bolivar", "rounds": 3, "date": "2027-01-14"}
    created = client.post("/api/events", json={**body, "tags": [LEAGUE]})
    assert created.status_code == 201, created.text
    assert created.json()["date"] == "2027-01-14"
    january = hall_night(client, "January night (played)", EIGHT, tags=[LEAGUE], seed=1)
    february = hall_night(client, "February night", EIGHT, tags=[LEAGUE], seed=2)
    _dated(client, january, "2027-01-14")
    _dated(client, february, "2027-02-11")
    _dated(client, march, "2027-03-11")  # after its rounds were played: still changeable
    assert client.get(f"/api/events/{march}").json()["date"] == "2027-03-11"

    season = client.post(
        "/api/seasons", json={"name": "Spring", "tag": LEAGUE, "scoring": "total_points"}
    ).json()
    table = client.get(f"/api/seasons/{season['id']}/standings").json()
    assert [(night["event_id"], night["date"]) for night in table["nights"]] == [
        (january, "2027-01-14"),
        (february, "2027-02-11"),
        (march, "2027-03-11"),
    ]
    page = client.get(f"/seasons/{season['id']}").text
    assert "the latest: March night (2027-03-11)" in page
    page = page[page.index('id="season-nights"') :]
    assert page.index("2027-01-14") < page.index("2027-02-11") < page.index("2027-03-11")

    # The member's history: the games in the order played, dated as played, filtered by date.
    ann = _member(client, "Ann Baker")
    games = client.get(f"/api/members/{ann}/history").json()["games"]
    assert [game["event_id"] for game in games] == [january] * 3 + [february] * 3 + [march] * 3
    assert {game["date"] for game in games} == {"2027-01-14", "2027-02-11", "2027-03-11"}
    february_only = client.get(
        f"/api/members/{ann}/history", params={"since": "2027-02-01", "until": "2027-02-28"}
    ).json()
    assert {game["event_id"] for game in february_only["games"]} == {february}
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/members/{ann}/history.csv").text)))
    assert [row["date"] for row in rows][:3] == ["2027-01-14"] * 3


def test_a_nights_date_is_typed_on_the_create_form_and_changed_on_the_settings_form(
    client: TestClient,
) -> None:
    form = client.get("/director").text
    assert 'id="event-date"' in form and 'type="date"' in form
    made = client.post(
        "/director/events",
        data={
            "name": "Paper night",
            "profile_id": "bolivar",
            "date": "2027-01-14",
            "csrf_token": _csrf(form),
        },
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    event = next(e for e in client.get("/api/events").json() if e["name"] == "Paper night")
    assert event["date"] == "2027-01-14"
    edit = client.get(f"/director/events/{event['id']}/edit").text
    assert 'value="2027-01-14"' in edit


def test_a_date_that_is_no_day_is_refused_in_words(client: TestClient) -> None:
    body = {"name": "Night", "profile_id": "bolivar", "date": "2027-02-30"}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 400
    assert answer.json()["detail"] == (
        "date: '2027-02-30' is not a day; write it as YYYY-MM-DD (2027-01-14)"
    )
    assert client.get("/api/events").json() == []
    made = client.post("/api/events", json={"name": "Night", "profile_id": "bolivar"}).json()
    refused = client.put(f"/api/events/{made['id']}/date", json={"date": "14/01/2027"})
    assert refused.status_code == 400 and "YYYY-MM-DD" in refused.json()["detail"]


def test_changing_the_settings_without_a_seed_keeps_the_seed_and_the_date(
    client: TestClient,
) -> None:
    body: dict[str, Any] = {"name": "Night", "profile_id": "bolivar", "date": "2027-01-14"}
    made = client.post("/api/events", json={**body, "seed": 77}).json()
    changed = client.put(f"/api/events/{made['id']}/config", json={**body, "name": "Night 1"})
    assert changed.status_code == 200, changed.text
    assert changed.json()["config"]["seed"] == 77
    again = client.put(
        f"/api/events/{made['id']}/config",
        json={"name": "Night 1", "profile_id": "bolivar", "date": "2027-01-21"},
    ).json()
    assert (again["config"]["seed"], again["date"]) == (77, "2027-01-21")
    kept = client.put(
        f"/api/events/{made['id']}/config", json={"name": "Night 1", "profile_id": "bolivar"}
    ).json()
    assert kept["date"] == "2027-01-21"
