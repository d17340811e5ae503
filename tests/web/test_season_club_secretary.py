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
from pypdf import PdfReader
from tests.store.factory import csrf_token
from tests.web.season_helpers import hall_night

EIGHT = ["Ann Baker", "Bob Cole", "Cathy Dunn", "Dale Evans", "Eve Ford", "Fay Gold"]
EIGHT += ["Gus Hart", "Hal Ives"]
LEAGUE = "Bolivar Lions 2027"


def _dated(client: TestClient, event_id: int, day: str) -> None:
    answer = client.put(f"/api/events/{event_id}/date", json={"date": day})
    assert answer.status_code == 200, answer.text
    assert answer.json()["date"] == day


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
            "csrf_token": csrf_token(form),
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


CATHY = {"email": "cathy@example.org", "phone": "555 0101", "notes": "pays by cheque"}


def test_a_patch_changes_only_what_it_is_sent_and_answers_the_true_games_count(
    client: TestClient,
) -> None:
    hall_night(client, "Night 1", EIGHT, seed=1)
    cathy = _member(client, "Cathy Dunn")
    assert client.patch(f"/api/members/{cathy}", json=CATHY).status_code == 200
    client.patch(f"/api/members/{cathy}", json={"active": False})

    fixed = client.patch(f"/api/members/{cathy}", json={"email": "cathy.dunn@example.org"})
    assert fixed.status_code == 200, fixed.text
    shown = fixed.json()
    assert shown["email"] == "cathy.dunn@example.org"
    assert (shown["phone"], shown["notes"], shown["active"]) == (
        "555 0101",
        "pays by cheque",
        False,
    )
    assert (shown["games"], shown["players"]) == (3, 1)
    assert client.get(f"/api/members/{cathy}").json()["games"] == 3
    listed = next(m for m in client.get("/api/members").json() if m["id"] == cathy)
    assert listed["games"] == 3

    bad = client.patch(f"/api/members/{cathy}", json={"email": "not an email"})
    assert bad.status_code == 400 and "not an email address" in bad.json()["detail"]
    assert client.get(f"/api/members/{cathy}").json()["email"] == "cathy.dunn@example.org"


def test_a_put_replaces_the_whole_member_and_refuses_one_with_fields_missing_in_words(
    client: TestClient,
) -> None:
    made = client.post("/api/members", json={"name": "Cathy Dunn", **CATHY}).json()
    partial = client.put(f"/api/members/{made['id']}", json={"name": "Cathy Dunn", "notes": "paid"})
    assert partial.status_code == 422
    assert partial.json()["detail"] == (
        "PUT replaces the whole member; email, phone, active are missing. Send every field "
        f"(name, email, phone, notes, active), or PATCH /api/members/{made['id']} with only "
        "the fields to change."
    )
    kept = client.get(f"/api/members/{made['id']}").json()
    assert (kept["email"], kept["notes"]) == (CATHY["email"], CATHY["notes"])
    whole = {"name": "Cathy Dunn", "email": "", "phone": "", "notes": "", "active": True}
    assert client.put(f"/api/members/{made['id']}", json=whole).json()["email"] == ""


def test_a_season_redefined_keeps_its_id_so_its_links_keep_working(client: TestClient) -> None:
    night = hall_night(client, "Night 1", EIGHT, tags=[LEAGUE], seed=1)
    made = client.post(
        "/api/seasons", json={"name": "Spring", "tag": LEAGUE, "scoring": "total_points"}
    ).json()
    assert made["warnings"] == []
    other = client.post(
        "/api/seasons", json={"name": "Autumn", "events": [night], "scoring": "total_points"}
    ).json()
    changed = client.put(
        f"/api/seasons/{made['id']}",
        json={"name": "Spring 2027", "tag": LEAGUE, "scoring": "average", "min_games": 2},
    )
    assert changed.status_code == 200, changed.text
    assert (changed.json()["id"], changed.json()["name"]) == (made["id"], "Spring 2027")
    assert client.get(f"/api/seasons/{made['id']}").json()["scoring"] == "average"
    assert "Average points per game" in client.get(f"/seasons/{made['id']}").text
    assert [season["id"] for season in client.get("/api/seasons").json()] == [
        other["id"],
        made["id"],
    ]

    clash = client.put(
        f"/api/seasons/{made['id']}",
        json={"name": "autumn", "scoring": "total_points", "tag": LEAGUE},
    )
    assert clash.status_code == 409 and "'Autumn'" in clash.json()["detail"]
    bad = client.put(
        f"/api/seasons/{made['id']}",
        json={"name": "Spring 2027", "tag": LEAGUE, "scoring": "total_points", "best_nights": 3},
    )
    assert bad.status_code == 422
    assert bad.json()["detail"].startswith("best_nights: only for best_nights scoring")
    assert client.get(f"/api/seasons/{made['id']}").json()["scoring"] == "average"
    missing = client.put("/api/seasons/99", json={"name": "X", "tag": LEAGUE, "scoring": "average"})
    assert missing.status_code == 404 and "no season 99" in missing.json()["detail"]


def test_a_removed_seasons_id_is_not_given_to_the_next_season(client: TestClient) -> None:
    body = {"name": "Spring", "tag": LEAGUE, "scoring": "total_points"}
    first = client.post("/api/seasons", json=body).json()["id"]
    assert client.delete(f"/api/seasons/{first}").status_code == 204
    again = client.post("/api/seasons", json=body).json()["id"]
    assert again != first
    assert client.get(f"/seasons/{first}").status_code == 404


def test_a_season_on_a_tag_no_event_carries_is_kept_with_a_warning_naming_the_tags_in_use(
    client: TestClient,
) -> None:
    hall_night(client, "Night 1", EIGHT, tags=[LEAGUE], seed=1)
    typo = client.post(
        "/api/seasons", json={"name": "Spring", "tag": "Bolivar Loins 2027", "scoring": "average"}
    )
    assert typo.status_code == 201
    assert typo.json()["warnings"] == [
        "tag: no event carries the tag 'Bolivar Loins 2027' yet, so the table is empty until "
        f"one does (check the spelling; the tags in use: {LEAGUE})"
    ]
    fixed = client.put(
        f"/api/seasons/{typo.json()['id']}",
        json={"name": "Spring", "tag": LEAGUE, "scoring": "average"},
    )
    assert fixed.json()["warnings"] == []


def test_remove_on_the_seasons_page_asks_first_and_edit_keeps_the_season(
    client: TestClient,
) -> None:
    made = client.post(
        "/api/seasons", json={"name": "Spring", "tag": LEAGUE, "scoring": "total_points"}
    ).json()
    page = client.get("/director/seasons").text
    assert f'href="/director/seasons/{made["id"]}/delete"' in page
    # A click on "Remove…" asks; the season stays until the director answers.
    question = client.get(f"/director/seasons/{made['id']}/delete")
    assert "Remove the season Spring?" in question.text
    assert "stop working" in question.text
    unanswered = client.post(
        f"/director/seasons/{made['id']}/delete",
        data={"csrf_token": csrf_token(question.text)},
        follow_redirects=False,
    )
    assert unanswered.status_code == 303
    assert unanswered.headers["location"].endswith(f"/director/seasons/{made['id']}/delete")
    assert client.get(f"/api/seasons/{made['id']}").status_code == 200

    edit = client.get(f"/director/seasons/{made['id']}/edit").text
    assert 'value="Spring"' in edit and f'action="/director/seasons/{made["id"]}/edit"' in edit
    saved = client.post(
        f"/director/seasons/{made['id']}/edit",
        data={
            "csrf_token": csrf_token(edit),
            "name": "Spring",
            "choose": "tag",
            "tag": LEAGUE,
            "scoring": "average",
            "min_games": "3",
        },
        follow_redirects=False,
    )
    assert saved.status_code == 303, saved.text
    assert saved.headers["location"].startswith(f"/seasons/{made['id']}?")
    assert client.get(f"/api/seasons/{made['id']}").json()["min_games"] == 3

    removed = client.post(
        f"/director/seasons/{made['id']}/delete",
        data={"csrf_token": csrf_token(question.text), "confirm": "yes"},
    )
    assert "Season Spring removed; its events and results stay." in removed.text
    assert client.get(f"/api/seasons/{made['id']}").status_code == 404


def test_a_malformed_season_is_refused_naming_the_field_in_words_without_a_python_repr(
    client: TestClient,
) -> None:
    season: dict[str, Any] = {
        "name": "Spring",
        "tag": LEAGUE,
        "scoring": "average",
        "prizes": [{"place": "first", "label": "Cup"}],
        "colour": "green",
    }
    backup = {"format": "euchre-seasons-backup/1", "seasons": [season]}
    refused = client.post("/api/seasons/restore", json=backup)
    assert refused.status_code == 422
    assert refused.json()["detail"] == (
        "seasons backup: season 1: prizes.0.place: input should be a valid integer; "
        "colour: not a season's field (check the spelling)"
    )
    del season["scoring"]
    missing = client.post("/api/seasons/restore", json=backup).json()["detail"]
    assert "scoring: missing" in missing and "Error(" not in missing
    assert client.get("/api/seasons").json() == []


THIRTEEN = [*EIGHT, "Ivy Jones", "Jack King", "Kay Lane", "Leo Marsh", "Meg Nash"]


def _sitters(client: TestClient, event_id: int) -> dict[int, dict[str, int]]:
    """The event's own standings for the members who sat out a round: points (sit-outs'
    in), games played, sit-outs."""
    members = {
        str(player["number"]): player["member_id"]
        for player in client.get(f"/api/events/{event_id}/players").json()
    }
    standings = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["standings"]
    return {
        members[row["members"][0]]: {
            "points": row.get("points", 0),
            "games": row.get("games_played", 0),
            "sit_outs": row["sit_outs"],
        }
        for row in standings
        if row.get("sit_outs")
    }


def test_a_sit_out_counts_one_way_on_the_event_the_season_and_the_members_history(
    client: TestClient,
) -> None:
    # A 13-player Bolivar night (a sit-out scores the round's average), then an average season.
    night = hall_night(client, "Night 1", THIRTEEN, tags=[LEAGUE], seed=4)
    _dated(client, night, "2027-01-14")
    sitters = _sitters(client, night)
    assert len(sitters) == 3  # one a round
    season = client.post(
        "/api/seasons", json={"name": "Average", "tag": LEAGUE, "scoring": "average"}
    ).json()
    table = client.get(f"/api/seasons/{season['id']}/standings").json()
    rows = {row["member_id"]: row for row in table["rows"]}
    for member, own in sitters.items():
        row = rows[member]
        history = client.get(f"/api/members/{member}/history").json()
        totals = history["totals"]
        # The event, the season and the history agree on every point and every game.
        assert row["total_points"] == own["points"] == totals["night_points"]
        assert row["games"] == own["games"] == totals["games"] == 2
        assert row["sit_outs"] == totals["sit_outs"] == own["sit_outs"] == 1
        assert row["sit_out_points"] == totals["sit_out_points"] > 0
        assert totals["points"] + totals["sit_out_points"] == totals["night_points"]
        # The average is the played-games average: the sit-out is neither a game nor points.
        assert row["points"] == round(totals["points"] / totals["games"], 3)
        assert row["by_night"] == [
            {
                "event_id": night,
                "points": own["points"],
                "sit_outs": 1,
                "sit_out_points": totals["sit_out_points"],
                "computer_games": 0,
            }
        ]
        [sat] = history["sit_outs"]
        assert (sat["event_id"], sat["points"]) == (night, totals["sit_out_points"])
        page = client.get(f"/members/{member}").text
        assert f"sat out round {sat['round']}, {sat['points']} point" in page

    # The season page shows the night's points in a column, the sit-out marked and explained.
    member = next(iter(sitters))
    page = client.get(f"/seasons/{season['id']}").text
    assert "Average points per game played (a sit-out is no game" in page
    assert f'data-testid="night-{member}-1">{sitters[member]["points"]} s</td>' in page
    sat_out = rows[member]["sit_out_points"]
    assert f"night 1: sat out 1 round, {sat_out} point" in page

    exported = client.get(f"/api/seasons/{season['id']}/standings.csv").text
    lines = list(csv.DictReader(io.StringIO(exported)))
    line = next(line for line in lines if int(line["member_id"]) == member)
    assert line["2027-01-14 Night 1"] == str(sitters[member]["points"])
    assert line["sat_out"] == f"night 1: sat out 1 round, {sat_out} point" + (
        "" if sat_out == 1 else "s"
    )
    assert (line["total_points"], line["sit_outs"]) == (str(sitters[member]["points"]), "1")


def test_the_season_pdf_fits_its_columns_repeats_its_header_on_each_page_and_says_as_of_when(
    client: TestClient,
) -> None:
    names = [f"{first} Longname-{index:02d}" for index, first in enumerate(EIGHT * 4)]
    prizes = [
        {"place": 1, "label": "Season champion and the Lions' silver cup", "amount_cents": 10000}
    ]
    first = hall_night(client, "Night 1", names[:16], tags=[LEAGUE], seed=1, rounds=2)
    hall_night(client, "Night 2", names[12:32], tags=[LEAGUE], seed=2, rounds=2)
    _dated(client, first, "2027-01-14")
    season = client.post(
        "/api/seasons",
        json={"name": "Lions", "tag": LEAGUE, "scoring": "total_points", "prizes": prizes},
    ).json()
    pdf = client.get(f"/api/seasons/{season['id']}/standings.pdf")
    assert pdf.status_code == 200
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages]
    assert len(pages) >= 2
    for number, text in enumerate(pages, start=1):
        assert "Rank" in text and "Name" in text and "N1" in text and "N2" in text
        assert re.search(r"As of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, after 2 nights", text)
        assert f"page {number}/{len(pages)}" in text
    whole = "\n".join(pages)
    assert "..." not in whole  # nothing cut: every column as wide as its widest text
    assert "Season champion and the Lions' silver cup $100.00" in whole
    rows = client.get(f"/api/seasons/{season['id']}/standings").json()["rows"]
    for row in rows:
        assert row["name"] in whole


def test_a_late_correction_says_whose_money_and_sit_out_points_it_moved(
    client: TestClient,
) -> None:
    night = hall_night(client, "Night 1", THIRTEEN, seed=4)
    snapshot = client.get(f"/api/events/{night}/snapshot").json()["snapshot"]
    winner = snapshot["prizes"][0]["name"]
    games = client.get(f"/api/events/{night}/rounds/1").json()["tables"]
    # The director finds round 1's first table was written the wrong way round, by a lot.
    table = games[0]["table"]
    corrected = client.put(
        f"/api/events/{night}/rounds/1/tables/{table}/result",
        json={"team_points": [0, 28], "reason": "sheet misread"},
    )
    assert corrected.status_code == 200, corrected.text
    moved = corrected.json()["money_moved"]
    assert any(line.startswith("sit-out points: ") for line in moved)
    after = client.get(f"/api/events/{night}/snapshot").json()["snapshot"]
    if after["prizes"][0]["name"] != winner:
        assert any(line.startswith(f"prize: {winner} ") for line in moved)
    # The event's latest line stays the correction; the app-wide log names whose money moved.
    assert client.get(f"/api/events/{night}/audit").json()[-1]["action"] == "correct_result"
    from sqlalchemy import select

    from euchre.store.models import AuditEntry

    with client.app.state.database.read() as session:  # type: ignore[attr-defined]
        [line] = session.scalars(select(AuditEntry).where(AuditEntry.action == "money_moved")).all()
        assert line.event_id is None and line.target.startswith(f"event {night}: ")
        assert line.reason == "sheet misread"
        assert line.new_value is not None
        assert set(line.new_value) == {text.split(" -> ")[0].rsplit(" ", 1)[0] for text in moved}


def test_points_a_computer_earned_for_a_member_are_marked_in_words_on_the_season(
    client: TestClient,
) -> None:
    from dataclasses import replace

    from sqlalchemy import select

    from euchre.store.models import Event, Result
    from euchre.store.night.events import touch

    night = hall_night(client, "Online night", EIGHT, tags=[LEAGUE], seed=1)
    players = client.get(f"/api/events/{night}/players").json()
    ann = next(player for player in players if player["name"] == "Ann Baker")
    table = next(
        entry["table"]
        for entry in client.get(f"/api/events/{night}/rounds/1").json()["tables"]
        if "Ann Baker" in {name for side in entry["partnerships"] for name in side}
    )
    # As the online tables record it: the result names the players a computer stood in for.
    with client.app.state.database.write() as session:  # type: ignore[attr-defined]
        row = session.scalars(
            select(Result).where(
                Result.event_id == night, Result.round_number == 1, Result.table_number == table
            )
        ).one()
        row.result = replace(row.result, computer_played=(str(ann["number"]),))
        event = session.get(Event, night)
        assert event is not None
        touch(event)
    season = client.post(
        "/api/seasons", json={"name": "Spring", "tag": LEAGUE, "scoring": "total_points"}
    ).json()
    rows = client.get(f"/api/seasons/{season['id']}/standings").json()["rows"]
    row = next(row for row in rows if row["member_id"] == ann["member_id"])
    assert row["computer_games"] == 1 and row["by_night"][0]["computer_games"] == 1
    page = client.get(f"/seasons/{season['id']}").text
    assert f'data-testid="night-{ann["member_id"]}-1">{row["by_night"][0]["points"]} c<' in page
    assert "night 1: a computer played 1 game for him" in page
    assert '"c": a computer player played a game for the member' in page
    exported = list(
        csv.DictReader(io.StringIO(client.get(f"/api/seasons/{season['id']}/standings.csv").text))
    )
    line = next(line for line in exported if int(line["member_id"]) == ann["member_id"])
    assert (line["computer_games"], line["computer_played"]) == (
        "1",
        "night 1: a computer played 1 game for him",
    )
    member_page = client.get(f"/members/{ann['member_id']}").text
    assert "(c): a computer player played this game for him" in member_page
