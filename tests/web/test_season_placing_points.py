"""A season that follows a club's own sheet, as its secretary sets it up through the API:
LVEA's "the top five ranked members each night earn 5-4-3-2-1 points; tied players each take
that place's points; non-members win only cash", the other clubs' choices (a non-member's
place stays empty, tied players share), and sessions with their own tables inside one
season."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import csrf_token
from tests.web.season_helpers import hall_night

LEAGUE = "LVEA Thursdays 2027"
# Players 1 and 2 are guests (non-members); 3 to 8 are the club's members.
PLAYERS = [
    ("Gary Guest", True),
    ("Vera Visitor", True),
    ("Ann Baker", False),
    ("Bob Cole", False),
    ("Cathy Dunn", False),
    ("Dale Evans", False),
    ("Eve Ford", False),
    ("Fay Gold", False),
]
LVEA = {
    "scoring": "place_points",
    "place_points": [5, 4, 3, 2, 1],
    "tied_places": "full",
    "non_member_places": "next_member",
}


def _night_with_guests_on_top(client: TestClient, day: str = "2027-02-04") -> int:
    """One round at two tables, seated by hand: the two guests beat Ann and Bob 12-4,
    Cathy and Dale beat Eve and Fay 10-6. The event's own places: the guests 1st (tied),
    Cathy and Dale 3rd, Eve and Fay 5th, Ann and Bob 7th."""
    created = client.post(
        "/api/events",
        json={"name": f"Thursday {day}", "profile_id": "bolivar", "rounds": 1, "date": day},
    )
    assert created.status_code == 201, created.text
    event = int(created.json()["id"])
    assert client.put(f"/api/events/{event}/tags", json={"tags": [LEAGUE]}).status_code == 200
    for name, guest in PLAYERS:
        added = client.post(f"/api/events/{event}/players", json={"name": name, "guest": guest})
        assert added.status_code == 201, added.text
    assert client.post(f"/api/events/{event}/rounds").status_code == 201
    seated = client.put(
        f"/api/events/{event}/rounds/1/seating",
        json={"tables": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], "reason": "tally sheets"},
    )
    assert seated.status_code == 200, seated.text
    for table, points in ((1, [12, 4]), (2, [10, 6])):
        entered = client.put(
            f"/api/events/{event}/rounds/1/tables/{table}/result", json={"team_points": points}
        )
        assert entered.status_code == 200, entered.text
    assert client.post(f"/api/events/{event}/rounds/1/close").status_code == 200
    return event


def _season_points(client: TestClient, body: dict[str, Any], **query: str) -> dict[str, float]:
    made = client.post("/api/seasons", json={"name": "Season", "tag": LEAGUE, **body})
    assert made.status_code == 201, made.text
    table = client.get(f"/api/seasons/{made.json()['id']}/standings", params=query)
    assert table.status_code == 200, table.text
    return {row["name"]: row["points"] for row in table.json()["rows"]}


def test_lvea_top_five_members_earn_5_4_3_2_1_tied_players_each_take_that_places_points(
    client: TestClient,
) -> None:
    event = _night_with_guests_on_top(client)
    standings = client.get(f"/api/events/{event}/snapshot").json()["snapshot"]["standings"]
    assert [row["name"] for row in standings if row["rank"] == 1] == [
        "Gary Guest",
        "Vera Visitor",
    ]

    points = _season_points(client, LVEA)

    # "non-members win only cash": the guests who won the night are in no season line, and
    # the best members are the night's first ranked members.
    assert "Gary Guest" not in points and "Vera Visitor" not in points
    # "tied players each take that place's points": two members tied 1st take 5 each; the
    # next two, tied 3rd among members, 3 each; the last two, tied 5th, 1 each.
    assert points == {
        "Cathy Dunn": 5,
        "Dale Evans": 5,
        "Eve Ford": 3,
        "Fay Gold": 3,
        "Ann Baker": 1,
        "Bob Cole": 1,
    }
    season = client.get("/api/seasons").json()[0]
    assert (season["tied_places"], season["non_member_places"]) == ("full", "next_member")
    page = client.get(f"/seasons/{season['id']}").text
    assert "tied players each take that place&#39;s points" in page
    assert "places among members only (the next member moves up)" in page


@pytest.mark.parametrize(
    ("choices", "expected"),
    [
        # The default: a non-member's place stays empty and tied players share the places.
        ({}, {"Cathy Dunn": 2.5, "Eve Ford": 0.5, "Ann Baker": 0}),
        ({"tied_places": "full"}, {"Cathy Dunn": 3, "Eve Ford": 1, "Ann Baker": 0}),
        (
            {"non_member_places": "next_member"},
            {"Cathy Dunn": 4.5, "Eve Ford": 2.5, "Ann Baker": 0.5},
        ),
    ],
)
def test_a_clubs_own_choice_of_empty_places_and_shared_ties_is_followed(
    client: TestClient, choices: dict[str, str], expected: dict[str, float]
) -> None:
    _night_with_guests_on_top(client)
    body = {"scoring": "place_points", "place_points": [5, 4, 3, 2, 1], **choices}
    points = _season_points(client, body)
    assert {name: points[name] for name in expected} == expected
    assert (
        points["Cathy Dunn"] == points["Dale Evans"] and points["Ann Baker"] == points["Bob Cole"]
    )


def test_spring_and_fall_sessions_have_their_own_tables_inside_one_season(
    client: TestClient,
) -> None:
    spring = _night_with_guests_on_top(client, "2027-03-04")
    fall = hall_night(
        client, "Fall opener", ["Ann Baker", "Bob Cole", "Cathy Dunn", "Hal Ives"], rounds=1
    )
    assert client.put(f"/api/events/{fall}/date", json={"date": "2027-09-09"}).status_code == 200
    assert client.put(f"/api/events/{fall}/tags", json={"tags": [LEAGUE]}).status_code == 200
    sessions = [
        {"name": "Spring", "start": "2027-01-01", "end": "2027-06-30"},
        {
            "name": "Fall",
            "start": "2027-07-01",
            "end": "2027-12-31",
            "prizes": [{"place": 1, "label": "Fall champion"}],
        },
    ]
    made = client.post(
        "/api/seasons", json={"name": "2027", "tag": LEAGUE, **LVEA, "sessions": sessions}
    )
    assert made.status_code == 201, made.text
    season = made.json()["id"]

    whole = client.get(f"/api/seasons/{season}/standings").json()
    assert [night["event_id"] for night in whole["nights"]] == [spring, fall]
    part = client.get(f"/api/seasons/{season}/standings", params={"session": "spring"}).json()
    assert part["session"] == {"name": "Spring", "start": "2027-01-01", "end": "2027-06-30"}
    assert [night["event_id"] for night in part["nights"]] == [spring]
    assert "Hal Ives" not in {row["name"] for row in part["rows"]}
    autumn = client.get(f"/api/seasons/{season}/standings", params={"session": "Fall"}).json()
    assert [night["event_id"] for night in autumn["nights"]] == [fall]
    assert next(row["prizes"] for row in autumn["rows"] if row["rank"] == 1) == ["Fall champion"]
    assert all(row["prizes"] == [] for row in part["rows"])

    missing = client.get(f"/api/seasons/{season}/standings", params={"session": "Winter"})
    assert missing.status_code == 404
    assert missing.json()["detail"] == (
        "season '2027' has no session 'Winter' (its sessions: 'Spring', 'Fall')"
    )
    page = client.get(f"/seasons/{season}", params={"session": "Fall"}).text
    assert "Fall: 2027-07-01 to 2027-12-31" in page and "Hal Ives" in page
    csv_text = client.get(f"/api/seasons/{season}/standings.csv?session=Spring").text
    assert "Hal Ives" not in csv_text and "Cathy Dunn" in csv_text


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (
            {**LVEA, "tied_places": "most"},
            "tied_places: input should be 'share' or 'full'",
        ),
        (
            {"scoring": "total_points", "non_member_places": "next_member"},
            "non_member_places: only for place_points scoring, not total_points",
        ),
        (
            {**LVEA, "sessions": [{"name": "Spring", "start": "2027-06-30", "end": "2027-01-01"}]},
            "sessions.0: session 'Spring' ends (2027-01-01) before it starts (2027-06-30)",
        ),
        (
            {
                **LVEA,
                "sessions": [
                    {"name": "Spring", "start": "2027-01-01", "end": "2027-06-30"},
                    {"name": "Summer", "start": "2027-06-01", "end": "2027-08-31"},
                ],
            },
            "sessions: 'Spring' (2027-01-01 to 2027-06-30) and 'Summer' (2027-06-01 to "
            "2027-08-31) overlap; a night belongs to one session at most",
        ),
        (
            {**LVEA, "sessions": [{"name": "Spring", "start": "March", "end": "2027-06-30"}]},
            "sessions.0.start: input should be a valid date",
        ),
    ],
)
def test_a_season_the_club_mistyped_is_refused_naming_the_field_in_words(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    refused = client.post("/api/seasons", json={"name": "Bad", "tag": LEAGUE, **body})
    assert refused.status_code == 422, refused.text
    detail = refused.json()["detail"]
    assert words in detail and "Error(" not in detail
    assert client.get("/api/seasons").json() == []


def test_the_secretary_sets_lvea_placing_points_and_sessions_on_the_seasons_page(
    client: TestClient,
) -> None:
    _night_with_guests_on_top(client)
    page = client.get("/director/seasons").text
    assert "Tied players each take that place&#39;s full points" in page
    assert "The next member moves up past a non-member" in page
    form = {
        "csrf_token": csrf_token(page),
        "name": "LVEA 2027",
        "choose": "tag",
        "tag": LEAGUE,
        "scoring": "place_points",
        "place_points": "5, 4, 3, 2, 1",
        "tied_places": "full",
        "non_member_places": "next_member",
        "sessions": "Spring, 2027-01-01, 2027-06-30\nFall, 2027-07-01, 2027-12-31",
    }
    saved = client.post("/director/seasons", data=form, follow_redirects=False)
    assert saved.status_code == 303, saved.text
    season = client.get("/api/seasons").json()[0]
    assert [part["name"] for part in season["sessions"]] == ["Spring", "Fall"]
    rows = client.get(f"/api/seasons/{season['id']}/standings").json()["rows"]
    assert {row["name"]: row["points"] for row in rows}["Cathy Dunn"] == 5
    spring = client.get(f"/seasons/{season['id']}", params={"session": "Spring"}).text
    assert 'aria-current="page">Spring: 2027-01-01 to 2027-06-30</a>' in spring

    # A session's prize set through the API survives an edit of the form.
    body = {
        **season,
        "sessions": [{**season["sessions"][0], "prizes": [{"place": 1, "label": "Spring cup"}]}],
    }
    body = {key: value for key, value in body.items() if key not in {"id", "warnings", "events"}}
    assert client.put(f"/api/seasons/{season['id']}", json=body).status_code == 200
    edit = client.get(f"/director/seasons/{season['id']}/edit").text
    assert "Spring, 2027-01-01, 2027-06-30" in edit
    assert 'value="full" selected' in edit and 'value="next_member" selected' in edit
    again = {**form, "csrf_token": csrf_token(edit), "sessions": "Spring, 2027-01-01, 2027-05-31"}
    saved = client.post(
        f"/director/seasons/{season['id']}/edit", data=again, follow_redirects=False
    )
    assert saved.status_code == 303, saved.text
    [spring_part] = client.get(f"/api/seasons/{season['id']}").json()["sessions"]
    assert spring_part["end"] == "2027-05-31"
    assert spring_part["prizes"] == [{"place": 1, "label": "Spring cup", "amount_cents": 0}]

    refused = client.post(
        "/director/seasons",
        data={**form, "csrf_token": csrf_token(page), "name": "Typo", "sessions": "Spring 2027"},
    )
    assert refused.status_code == 400
    assert (
        "sessions: line 1 (&#39;Spring 2027&#39;) should be &#39;name, first day, last day&#39;"
        in refused.text
    )
