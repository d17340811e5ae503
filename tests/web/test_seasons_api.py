"""Issue 22, seasons: the director tags the club's nights and defines a season; the season
table (public) adds up what each event's own standings say, member by member, under the
season's scoring; hall nights and online nights both count; a corrected result in a past
night moves the table; a bad definition is refused naming the field, keeping nothing."""

from __future__ import annotations

import csv
import io
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.online.helpers import claim, play_out, sit
from tests.store.factory import PASSWORD
from tests.web.season_helpers import (
    expected_ranks,
    hall_night,
    night_by_member,
    season_totals,
)

from euchre.web.app import create_app

LEAGUE = "Thursday league 2027"


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The director's client on a running app (computer players and online tables live)."""
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    app = create_app(f"sqlite:///{tmp_path / 'club.db'}")
    with TestClient(app, base_url="http://127.0.0.1") as client:
        answer = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
        yield client


def online_night(client: TestClient, name: str, players: list[str], tags: list[str]) -> int:
    """An online night of one table: the four players claim their seats with their codes,
    sit and play the game out on the play API; the table's result reaches the event."""
    body = {"name": name, "profile_id": "bolivar", "rounds": 1, "online": True, "tags": tags}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.text
    event_id = int(answer.json()["id"])
    for player in players:
        assert client.post(f"/api/events/{event_id}/players", json={"name": player}).is_success
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    seats: dict[str, dict[int, str]] = {}
    for player in client.get(f"/api/events/{event_id}/players").json():
        found = claim(client, event_id, player["code"])
        table, token = found["play_table"], found["token"]
        sit(client, table, token)
        seats.setdefault(table, {})[found["seat"]] = token
    play_out(client, seats, random.Random(5))
    stop = time.monotonic() + 60
    while 1 not in client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"].get(
        "complete_rounds", []
    ):
        assert time.monotonic() < stop, "the online table's result never reached the event"
        time.sleep(0.05)
    return event_id


def _season(client: TestClient, **body: Any) -> int:
    answer = client.post("/api/seasons", json=body)
    assert answer.status_code == 201, answer.text
    return int(answer.json()["id"])


def _rows(client: TestClient, season_id: int) -> list[dict[str, Any]]:
    answer = client.get(f"/api/seasons/{season_id}/standings")
    assert answer.status_code == 200, answer.text
    return list(answer.json()["rows"])


def test_a_season_of_three_hall_nights_and_one_online_night_with_members_coming_and_going(
    club: TestClient,
) -> None:
    everyone = [f"Member {letter}" for letter in "ABCDEFGHIJK"]
    night_1 = hall_night(club, "Night 1", everyone[0:8], tags=[LEAGUE], seed=1)
    night_2 = hall_night(club, "Night 2", everyone[0:6] + everyone[8:10], tags=[LEAGUE], seed=2)
    # A night of another series carries no league tag: it does not count.
    other = hall_night(club, "Open night", everyone[0:8], tags=["Open"], seed=9)
    night_3 = hall_night(club, "Night 3", everyone[1:8] + everyone[10:11], tags=[LEAGUE], seed=3)
    online = online_night(club, "Online night", everyone[0:4], tags=[LEAGUE])
    league = [night_1, night_2, night_3, online]
    assert club.get(f"/api/events/{online}").json()["tags"] == [LEAGUE]

    season_id = _season(club, name="Thursday league", tag=LEAGUE, scoring="total_points")
    answer = club.get(f"/api/seasons/{season_id}/standings").json()
    assert [night["event_id"] for night in answer["nights"]] == league
    assert other not in [night["event_id"] for night in answer["nights"]]
    rows = answer["rows"]
    truth = season_totals(club, league)
    roster = {member["id"]: member["name"] for member in club.get("/api/members").json()}
    assert {row["member_id"] for row in rows} == set(truth)
    assert len(rows) == len(everyone)
    for row in rows:
        mine = truth[row["member_id"]]
        assert row["name"] == roster[row["member_id"]]
        assert (row["points"], row["games"], row["nights"]) == (
            mine["points"],
            mine["games"],
            mine["nights"],
        )
        assert row["qualified"] is True
        assert len(row["nights_counted"]) == row["nights"]
    # Members coming and going: I and J came on night 2 only, K on night 3 only, A missed
    # night 3, G and H missed night 2 and the online night.
    nights = {row["name"]: row["nights"] for row in rows}
    assert nights["Member I"] == nights["Member J"] == nights["Member K"] == 1
    assert nights["Member A"] == 3 and nights["Member G"] == 2
    assert nights["Member B"] == 4
    # Ranks shared by ties, in order of points.
    ranks = expected_ranks({row["member_id"]: row["points"] for row in rows})
    assert {row["member_id"]: row["rank"] for row in rows} == ranks
    assert [row["points"] for row in rows] == sorted((row["points"] for row in rows), reverse=True)
    # Movement since the last night: the rank on the table of the first three nights minus
    # the rank now.
    before = season_totals(club, league[:-1])
    earlier = expected_ranks({member: line["points"] for member, line in before.items()})
    for row in rows:
        was = earlier.get(row["member_id"])
        assert row["movement"] == (None if was is None else was - row["rank"])

    # A minimum attendance of 3 nights: the others are listed below, without a rank.
    strict = _season(club, name="Regulars", tag=LEAGUE, scoring="total_points", min_nights=3)
    strict_rows = _rows(club, strict)
    qualified = [row for row in strict_rows if row["qualified"]]
    assert {row["name"] for row in qualified} == {
        name for name, count in nights.items() if count >= 3
    }
    assert strict_rows[: len(qualified)] == qualified
    assert all(row["rank"] is None for row in strict_rows[len(qualified) :])


def test_a_correction_in_night_1_after_night_3_moves_the_season_table(club: TestClient) -> None:
    players = [f"Player {number}" for number in range(1, 9)]
    nights = [
        hall_night(club, f"Night {number}", players, tags=[LEAGUE], seed=number)
        for number in (1, 2, 3)
    ]
    season_id = _season(club, name="League", events=nights, scoring="total_points")
    before = {row["member_id"]: row["points"] for row in _rows(club, season_id)}
    table = club.get(f"/api/events/{nights[0]}/rounds/1").json()["plan"]["tables"][0]
    members = {
        player["number"]: player["member_id"]
        for player in club.get(f"/api/events/{nights[0]}/players").json()
    }
    first_side = [members[int(player)] for player in table["partnerships"][0]]
    second_side = [members[int(player)] for player in table["partnerships"][1]]
    corrected = club.put(
        f"/api/events/{nights[0]}/rounds/1/tables/{table['table']}/result",
        json={"team_points": [24, 4], "reason": "tally sheet misread"},
    )
    assert corrected.status_code == 200, corrected.text
    after_rows = _rows(club, season_id)
    after = {row["member_id"]: row["points"] for row in after_rows}
    assert after != before
    truth = season_totals(club, nights)
    assert after == {member: line["points"] for member, line in truth.items()}
    for member in first_side:
        assert after[member] > before[member]
    for member in second_side:
        assert after[member] <= before[member]
    assert {row["member_id"]: row["rank"] for row in after_rows} == expected_ranks(after)


def test_place_points_give_each_night_s_places_their_points_and_tied_places_share(
    club: TestClient,
) -> None:
    players = [f"Player {number}" for number in range(1, 9)]
    nights = [
        hall_night(club, f"Night {number}", players, seed=number, rounds=2) for number in (4, 5)
    ]
    table = [10, 8, 6, 5, 4, 3, 2, 1]
    season_id = _season(
        club, name="Cribbage style", events=nights, scoring="place_points", place_points=table
    )
    expected: dict[int, float] = {}
    for event_id in nights:
        places = {member: line["place"] for member, line in night_by_member(club, event_id).items()}
        for member, place in places.items():
            tied = sum(1 for other in places.values() if other == place)
            share = sum(table[index] for index in range(place - 1, place - 1 + tied) if index < 8)
            expected[member] = expected.get(member, 0) + share / tied
    rows = _rows(club, season_id)
    assert {row["member_id"]: row["points"] for row in rows} == {
        member: round(points, 3) for member, points in expected.items()
    }


def test_best_nights_counts_each_member_s_best_nights_and_says_which(club: TestClient) -> None:
    players = [f"Player {number}" for number in range(1, 9)]
    nights = [
        hall_night(club, f"Night {number}", players, seed=number, rounds=2) for number in (1, 2, 3)
    ]
    season_id = _season(club, name="Best two", events=nights, scoring="best_nights", best_nights=2)
    by_night = {event_id: night_by_member(club, event_id) for event_id in nights}
    for row in _rows(club, season_id):
        mine = [(by_night[event][row["member_id"]]["points"], event) for event in nights]
        best = sorted(mine, key=lambda pair: (-pair[0], pair[1]))[:2]
        assert row["points"] == sum(points for points, _ in best)
        assert row["nights_counted"] == sorted(event for _, event in best)
        assert row["nights"] == 3


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"scoring": "total_points", "best_nights": 3}, "best_nights"),
        ({"scoring": "best_nights"}, "best_nights"),
        ({"scoring": "place_points", "place_points": [5, 8]}, "place_points"),
        ({"scoring": "place_points"}, "place_points"),
        ({"scoring": "most_fun"}, "scoring"),
        ({"scoring": "average", "min_games": -1}, "min_games"),
        ({"scoring": "total_points", "tie_breaks": ["lone_hands", "lone_hands"]}, "tie_breaks"),
        ({"scoring": "total_points", "tie_breaks": ["coin_toss"]}, "tie_breaks"),
        ({"scoring": "total_points", "events": [999]}, "events"),
        ({"scoring": "total_points", "events": []}, "events"),
        ({"scoring": "total_points", "events": [1], "tag": LEAGUE}, "events"),
        ({"scoring": "total_points", "colour": "red"}, "colour"),
        ({"scoring": "total_points", "prizes": [{"place": 0, "label": "x"}]}, "prizes"),
    ],
)
def test_a_bad_season_is_refused_naming_the_field_and_nothing_is_kept(
    club: TestClient, body: dict[str, Any], field: str
) -> None:
    hall_night(club, "Night", [f"P{number}" for number in range(1, 5)], rounds=1)
    full = {"name": "Bad season", "tag": LEAGUE, **body}
    if "events" in body and "tag" not in body:
        full.pop("tag")
    answer = club.post("/api/seasons", json=full)
    assert answer.status_code == 422, answer.text
    assert field in answer.json()["detail"]
    assert club.get("/api/seasons").json() == []


def test_seasons_are_the_director_s_to_define_and_anyone_s_to_read(
    club: TestClient, tmp_path: Path
) -> None:
    event_id = hall_night(club, "Night", [f"P{number}" for number in range(1, 5)], rounds=1)
    season_id = _season(club, name="League", events=[event_id], scoring="average", min_games=1)
    again = club.post("/api/seasons", json={"name": "league", "tag": "x", "scoring": "average"})
    assert again.status_code == 409 and "League" in again.json()["detail"]
    public = TestClient(club.app, base_url="http://127.0.0.1")
    refused = public.post("/api/seasons", json={"name": "Mine", "tag": "x", "scoring": "average"})
    assert refused.status_code == 401
    assert public.delete(f"/api/seasons/{season_id}").status_code == 401
    assert public.get(f"/api/seasons/{season_id}").json()["events"] == [event_id]
    rows = public.get(f"/api/seasons/{season_id}/standings").json()["rows"]
    assert {row["name"] for row in rows} == {f"P{number}" for number in range(1, 5)}
    assert all("email" not in row for row in rows)


def test_the_season_table_exports_as_csv_json_and_pdf(club: TestClient) -> None:
    event_id = hall_night(club, "Night", [f"P{number}" for number in range(1, 9)], rounds=2)
    season_id = _season(club, name="League", events=[event_id], scoring="total_points")
    rows = _rows(club, season_id)
    as_csv = club.get(f"/api/seasons/{season_id}/standings.csv")
    assert as_csv.status_code == 200 and as_csv.headers["content-type"].startswith("text/csv")
    lines = list(csv.DictReader(io.StringIO(as_csv.text)))
    assert as_csv.text.count("\r\n") == as_csv.text.count("\n")  # CRLF line ends throughout
    assert [(line["name"], float(line["points"]), line["rank"]) for line in lines] == [
        (row["name"], row["points"], str(row["rank"])) for row in rows
    ]
    as_json = club.get(f"/api/seasons/{season_id}/standings.json")
    assert "attachment" in as_json.headers["content-disposition"]
    assert as_json.json()["rows"] == rows
    pdf = club.get(f"/api/seasons/{season_id}/standings.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    from pypdf import PdfReader

    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "League" in text and rows[0]["name"] in text


def test_event_tags_are_kept_shown_changed_and_backed_up(club: TestClient) -> None:
    body = {"name": "Night", "profile_id": "bolivar", "tags": [f" {LEAGUE} ", "Winter"]}
    created = club.post("/api/events", json=body)
    assert created.status_code == 201, created.text
    event_id = created.json()["id"]
    assert club.get(f"/api/events/{event_id}").json()["tags"] == [LEAGUE, "Winter"]
    # Changing the configuration without tags keeps them; with tags replaces them.
    kept = club.put(
        f"/api/events/{event_id}/config", json={"name": "Night", "profile_id": "bolivar"}
    )
    assert kept.status_code == 200 and kept.json()["tags"] == [LEAGUE, "Winter"]
    changed = club.put(
        f"/api/events/{event_id}/config",
        json={"name": "Night", "profile_id": "bolivar", "tags": [LEAGUE]},
    )
    assert changed.json()["tags"] == [LEAGUE]
    too_long = club.put(f"/api/events/{event_id}/tags", json={"tags": ["x" * 61]})
    assert too_long.status_code == 400 and "tags" in too_long.json()["detail"]
    assert club.get(f"/api/events/{event_id}").json()["tags"] == [LEAGUE]
    # After the night has begun the tags can still change (they change no result).
    for number in range(1, 5):
        club.post(f"/api/events/{event_id}/players", json={"name": f"P{number}"})
    assert club.post(f"/api/events/{event_id}/rounds").status_code == 201
    retagged = club.put(f"/api/events/{event_id}/tags", json={"tags": [LEAGUE, "Late"]})
    assert retagged.status_code == 200 and retagged.json()["tags"] == [LEAGUE, "Late"]
    # The event's backup keeps its tags; the restored event carries them.
    backup = club.get(f"/api/events/{event_id}/backup").json()
    restored = club.post("/api/events/restore", json=backup)
    assert restored.status_code == 201, restored.text
    assert restored.json()["tags"] == [LEAGUE, "Late"]


def test_the_seasons_backup_restores_every_season(club: TestClient, tmp_path: Path) -> None:
    event_id = hall_night(club, "Night", [f"P{number}" for number in range(1, 5)], rounds=1)
    _season(
        club,
        name="By tag",
        tag=LEAGUE,
        scoring="place_points",
        place_points=[3, 2, 1],
        tie_breaks=["games_won"],
        min_nights=1,
        prizes=[{"place": 1, "label": "Cup", "amount_cents": 5000}],
    )
    _season(club, name="By event", events=[event_id], scoring="total_points")
    backup = club.get("/api/seasons/backup").json()
    assert [season["name"] for season in backup["seasons"]] == ["By tag", "By event"]
    other = TestClient(
        create_app(f"sqlite:///{tmp_path / 'other.db'}"), base_url="http://127.0.0.1"
    )
    answer = other.post("/api/setup", json={"name": "director", "password": PASSWORD})
    other.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
    # The event chosen by id is not in the other database: nothing is restored.
    refused = other.post("/api/seasons/restore", json=backup)
    assert refused.status_code == 422 and "season 2" in refused.json()["detail"]
    assert other.get("/api/seasons").json() == []
    backup["seasons"] = backup["seasons"][:1]
    restored = other.post("/api/seasons/restore", json=backup)
    assert restored.status_code == 201, restored.text
    shown = other.get("/api/seasons").json()[0]
    original = club.get("/api/seasons").json()[1]
    assert {**shown, "id": 0} == {**original, "id": 0}


def test_the_director_s_event_form_sets_and_changes_an_event_s_tags(club: TestClient) -> None:
    csrf = club.headers["X-CSRF-Token"]
    form = {
        "csrf_token": csrf,
        "name": "Night",
        "profile_id": "bolivar",
        "tags": f"{LEAGUE}, Winter",
    }
    created = club.post("/director/events", data=form, follow_redirects=False)
    assert created.status_code == 303, created.text
    event = club.get("/api/events").json()[0]
    assert event["tags"] == [LEAGUE, "Winter"]
    edit = club.get(f"/director/events/{event['id']}/edit")
    assert f'value="{LEAGUE}, Winter"' in edit.text
    form["tags"] = LEAGUE
    saved = club.post(f"/director/events/{event['id']}/edit", data=form, follow_redirects=False)
    assert saved.status_code == 303, saved.text
    assert club.get(f"/api/events/{event['id']}").json()["tags"] == [LEAGUE]
    # The seasons page changes them at any time; a tag too long is refused, naming it.
    page = club.post(
        f"/director/seasons/events/{event['id']}/tags",
        data={"csrf_token": csrf, "tags": "x" * 61},
    )
    assert page.status_code == 400 and "tags:" in page.text
    assert club.get(f"/api/events/{event['id']}").json()["tags"] == [LEAGUE]


def test_a_merge_of_two_members_and_its_undo_move_the_season_table(club: TestClient) -> None:
    night_1 = hall_night(club, "Night 1", ["Ann Baker", "Bob", "Cy", "Dee"], rounds=1, seed=1)
    night_2 = hall_night(club, "Night 2", ["A. Baker", "Bob", "Cy", "Dee"], rounds=1, seed=2)
    season_id = _season(club, name="League", events=[night_1, night_2], scoring="total_points")
    rows = {row["name"]: row for row in _rows(club, season_id)}
    assert rows["Ann Baker"]["nights"] == rows["A. Baker"]["nights"] == 1
    merged = club.post(
        "/api/members/merges",
        json={"keep": rows["Ann Baker"]["member_id"], "merge": rows["A. Baker"]["member_id"]},
    )
    assert merged.status_code == 201, merged.text
    after = {row["name"]: row for row in _rows(club, season_id)}
    assert "A. Baker" not in after
    assert after["Ann Baker"]["nights"] == 2
    assert after["Ann Baker"]["points"] == rows["Ann Baker"]["points"] + rows["A. Baker"]["points"]
    # A rename shows at once; the undo splits the two again.
    renamed = club.patch(
        f"/api/members/{rows['Ann Baker']['member_id']}", json={"name": "Ann Baker-Cole"}
    )
    assert renamed.status_code == 200, renamed.text
    assert "Ann Baker-Cole" in {row["name"] for row in _rows(club, season_id)}
    undone = club.post(f"/api/members/merges/{merged.json()['id']}/undo", json={})
    assert undone.status_code == 200, undone.text
    split = {row["name"]: row["nights"] for row in _rows(club, season_id)}
    assert split["Ann Baker-Cole"] == split["A. Baker"] == 1


def test_the_seasons_page_form_defines_a_season_and_a_bad_one_comes_back_as_typed(
    club: TestClient,
) -> None:
    csrf = club.headers["X-CSRF-Token"]
    hall_night(club, "Night", [f"P{number}" for number in range(1, 5)], rounds=1, tags=[LEAGUE])
    form = {"csrf_token": csrf, "name": "Winter league", "choose": "tag", "tag": LEAGUE}
    # A bad number of best nights is refused on the page, naming the field, the name kept.
    bad = {**form, "scoring": "best_nights", "best_nights": "two"}
    refused = club.post("/director/seasons", data=bad, follow_redirects=False)
    assert refused.status_code == 400
    assert (
        "best_nights (how many nights)" in refused.text and 'value="Winter league"' in refused.text
    )
    assert club.get("/api/seasons").json() == []
    # The same form, corrected, defines the season and goes to its own page.
    defined = club.post("/director/seasons", data=form, follow_redirects=False)
    assert defined.status_code == 303, defined.text
    season_id = club.get("/api/seasons").json()[0]["id"]
    assert defined.headers["location"].startswith(f"/seasons/{season_id}")
