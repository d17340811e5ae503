"""Players carry what a club's sheet reads, and guests play a night without joining the club.

A club sheet's ``[players]`` table names its seat classes (LVEA's "At registration every
player gets a 'high' or a 'low' scoresheet") and its prize categories ("high lady, high
man"); the director enters each player with them (API, the dashboard's form, a CSV list), a
value the sheet does not name is refused naming the ones it does, and a member plays his next
night with his last night's. A guest ("Gary Guest") plays and wins money on the night as
usual but is no member: no roster line, no season table, no rating.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import csrf_token, director_client, event_config, sqlite_url

RIVERSIDE = Path(__file__).parent.parent / "data" / "sheets" / "riverside.toml"
SHEET_ID = "high_low_club"
PLAYERS_TABLE = """
[players]
seat_classes = ["high", "low"]
prize_categories = ["lady", "man"]

[players.sources]
seat_classes = "At registration every player gets a 'high' or a 'low' scoresheet."
prize_categories = "Awards: high lady, high man."
"""


def high_low_sheet() -> str:
    """A club sheet (the Riverside file under another id) whose players carry a high or a
    low scoresheet and a lady or man prize category."""
    text = RIVERSIDE.read_text().replace('id = "riverside_legion"', f'id = "{SHEET_ID}"')
    return text.replace('name = "Riverside Legion Post 77 Monday Euchre"', 'name = "High-Low"') + (
        PLAYERS_TABLE
    )


def _high_low_event(client: TestClient, name: str = "Thursday") -> int:
    if not any(sheet["id"] == SHEET_ID for sheet in client.get("/api/sheets").json()):
        added = client.post("/api/sheets", json={"text": high_low_sheet(), "filename": "hl.toml"})
        assert added.status_code == 201, added.text
    created = client.post("/api/events", json={"name": name, "profile_id": SHEET_ID})
    assert created.status_code == 201, created.text
    return int(created.json()["id"])


def _add(client: TestClient, event_id: int, **body: Any) -> Any:
    return client.post(f"/api/events/{event_id}/players", json=body)


def test_a_sheets_seat_classes_are_asked_of_every_player_and_other_values_refused_in_words(
    client: TestClient,
) -> None:
    event_id = _high_low_event(client)
    ann = _add(client, event_id, name="Ann", seat_class="high", prize_category="lady")
    assert ann.status_code == 201, ann.text
    assert (ann.json()["seat_class"], ann.json()["prize_category"]) == ("high", "lady")
    bob = _add(client, event_id, name="Bob", seat_class=" Low ")
    assert bob.status_code == 201, bob.text
    assert (bob.json()["seat_class"], bob.json()["prize_category"]) == ("low", None)

    middle = _add(client, event_id, name="Cy", seat_class="middle")
    assert middle.status_code == 400
    assert middle.json()["detail"] == (
        "Cy: seat class 'middle' is not one of the sheet's: choose high or low"
    )
    unclassed = _add(client, event_id, name="Cy")
    assert unclassed.status_code == 400
    assert (
        "the sheet gives every player a seat class: choose high or low"
        in (unclassed.json()["detail"])
    )
    child = _add(client, event_id, name="Cy", seat_class="low", prize_category="junior")
    assert child.status_code == 400
    assert (
        "prize category 'junior' is not one of the sheet's: choose lady or man"
        in (child.json()["detail"])
    )

    listed = client.get(f"/api/events/{event_id}/players").json()
    assert [(row["name"], row["seat_class"], row["prize_category"]) for row in listed] == [
        ("Ann", "high", "lady"),
        ("Bob", "low", None),
    ]
    # The core reads them: the event's inputs carry each player's class.
    inputs = client.get(f"/api/events/{event_id}/backup").json()
    assert [row["seat_class"] for row in inputs["entrants"]] == ["high", "low"]


def test_a_sheet_that_names_no_class_refuses_one_and_asks_for_none(client: TestClient) -> None:
    event_id = int(client.post("/api/events", json=event_config()).json()["id"])
    refused = _add(client, event_id, name="Ann", seat_class="high")
    assert refused.status_code == 400
    assert refused.json()["detail"] == (
        "Ann: the event's sheet names no seat class; leave it out, not 'high'"
    )
    plain = _add(client, event_id, name="Ann")
    assert plain.status_code == 201, plain.text
    assert plain.json()["seat_class"] is None


def test_a_member_plays_his_next_night_with_his_last_seat_class_and_category(
    client: TestClient,
) -> None:
    first = _high_low_event(client, "Week 1")
    assert (
        _add(client, first, name="Ann", seat_class="low", prize_category="lady").status_code == 201
    )
    second = _high_low_event(client, "Week 2")
    again = _add(client, second, name="ann")  # the member of that name, as last week
    assert again.status_code == 201, again.text
    assert (again.json()["seat_class"], again.json()["prize_category"]) == ("low", "lady")
    # Told otherwise, she plays high tonight and high is her default from then on.
    third = _high_low_event(client, "Week 3")
    member = again.json()["member_id"]
    moved = _add(client, third, member_id=member, seat_class="high")
    assert (moved.json()["seat_class"], moved.json()["prize_category"]) == ("high", "lady")
    fourth = _high_low_event(client, "Week 4")
    assert _add(client, fourth, member_id=member).json()["seat_class"] == "high"


def test_a_csv_list_carries_seat_classes_and_guests_and_names_a_bad_line(
    client: TestClient,
) -> None:
    event_id = _high_low_event(client)
    rows = "name,seat_class,prize_category,guest\nAnn,high,lady,\nBob,low,man,no\nGary,low,,yes\n"
    imported = client.post(f"/api/events/{event_id}/players/import", json={"csv": rows})
    assert imported.status_code == 201, imported.text
    assert [
        (row["name"], row["seat_class"], row["prize_category"], row["guest"])
        for row in imported.json()
    ] == [("Ann", "high", "lady", False), ("Bob", "low", "man", False), ("Gary", "low", None, True)]
    roster = [member["name"] for member in client.get("/api/members").json()]
    assert "Gary" not in roster and {"Ann", "Bob"} <= set(roster)

    other = _high_low_event(client, "Friday")
    bad = client.post(
        f"/api/events/{other}/players/import",
        json={"csv": "name,seat_class\nDot,high\nEd,medium\n"},
    )
    assert bad.status_code == 400
    assert bad.json()["detail"] == (
        "CSV line 3: Ed: seat class 'medium' is not one of the sheet's: choose high or low"
    )
    assert client.get(f"/api/events/{other}/players").json() == []  # all or nothing
    typo = client.post(
        f"/api/events/{other}/players/import", json={"csv": "name,seat_class,guests\nDot,high,y\n"}
    )
    assert typo.status_code == 400
    assert "unknown column 'guests'" in typo.json()["detail"]


def _winners_night(client: TestClient) -> int:
    """Four fixed teams, two tables, three games; the guest's team wins every game 10-4,
    the other table's first partnership 10-6."""
    event_id = int(client.post("/api/events", json=event_config(name="Guest night")).json()["id"])
    teams = {
        "Guests": [("Gary Guest", True), ("Ann Able", False)],
        "Bees": [("Bob Bell", False), ("Cy Cole", False)],
        "Cees": [("Dot Dunn", False), ("Ed Eames", False)],
        "Dees": [("Flo Fay", False), ("Gus Gray", False)],
    }
    numbers: dict[str, int] = {}
    for team, players in teams.items():
        for name, guest in players:
            added = _add(client, event_id, name=name, team=team, guest=guest)
            assert added.status_code == 201, added.text
            numbers[name] = added.json()["number"]
    for number in range(1, 4):
        started = client.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        for table in started.json()["tables"]:
            info = client.get(f"/api/tables/{table['code']}").json()
            sides = [[player["number"] for player in side] for side in info["partnerships"]]
            points = [10, 6]
            if numbers["Gary Guest"] in sides[1]:
                points = [4, 10]
            elif numbers["Gary Guest"] in sides[0]:
                points = [10, 4]
            entered = client.put(
                f"/api/events/{event_id}/rounds/{number}/tables/{table['table']}/result",
                json={"team_points": points},
            )
            assert entered.status_code == 200, entered.text
        assert client.post(f"/api/events/{event_id}/rounds/{number}/close").status_code == 200
    return event_id


def test_a_guest_plays_and_wins_money_but_stands_in_no_roster_season_or_rating(
    client: TestClient,
) -> None:
    event_id = _winners_night(client)
    players = {row["name"]: row for row in client.get(f"/api/events/{event_id}/players").json()}
    assert players["Gary Guest"]["guest"] is True
    assert players["Gary Guest"]["member_id"] is None
    assert players["Ann Able"]["guest"] is False and players["Ann Able"]["member_id"] is not None

    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    # He wins on the night, as usual.
    assert snapshot["standings"][0]["name"] == "Gary Guest & Ann Able"
    first_prize = snapshot["prizes"][0]
    assert first_prize["name"] == "Gary Guest & Ann Able" and first_prize["amount_cents"] == 6000

    roster = {member["name"] for member in client.get("/api/members").json()}
    assert "Gary Guest" not in roster and "Ann Able" in roster
    season = client.post(
        "/api/seasons", json={"name": "Winter", "scoring": "total_points", "events": [event_id]}
    )
    assert season.status_code == 201, season.text
    rows = client.get(f"/api/seasons/{season.json()['id']}/standings").json()["rows"]
    names = [row["name"] for row in rows]
    assert "Gary Guest" not in names
    assert names[0] == "Ann Able"  # his partner, a member, stands in the season with her points
    assert len(names) == 7
    rated = {line["name"] for line in client.get("/api/ratings").json()}
    assert "Gary Guest" not in rated
    assert {"Bob Bell", "Dot Dunn"} <= rated  # the games without a guest are rated

    # Restored from its backup, the guest is still no member.
    backup = client.get(f"/api/events/{event_id}/backup").json()
    restored = client.post("/api/events/restore", json=backup)
    assert restored.status_code == 201, restored.text
    again = client.get(f"/api/events/{restored.json()['id']}/players").json()
    assert [row["member_id"] for row in again if row["name"] == "Gary Guest"] == [None]
    assert "Gary Guest" not in {member["name"] for member in client.get("/api/members").json()}


def test_a_guest_is_named_not_a_member_id(client: TestClient) -> None:
    event_id = int(client.post("/api/events", json=event_config()).json()["id"])
    member = client.post("/api/members", json={"name": "Ann Able"}).json()["id"]
    refused = _add(client, event_id, member_id=member, guest=True)
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith(
        f"a guest is no member: send his name, not member {member}"
    )
    empty = _add(client, event_id, name="  ", guest=True)
    assert empty.status_code == 400
    assert empty.json()["detail"] == "guest name must not be empty"


def test_the_add_player_form_offers_the_sheets_classes_and_a_guest_tick_box(
    client: TestClient,
) -> None:
    event_id = _high_low_event(client)
    dashboard = f"/director/events/{event_id}"
    page = client.get(dashboard).text
    assert 'id="player-seat-class"' in page and 'id="player-prize-category"' in page
    assert '<option value="high">high</option>' in page
    assert 'id="player-guest"' in page and "guest (no club member)" in page

    added = client.post(
        f"{dashboard}/players",
        data={
            "csrf_token": csrf_token(page),
            "name": "Gary Guest",
            "seat_class": "low",
            "prize_category": "man",
            "checked_in": "1",
            "guest": "1",
        },
        follow_redirects=True,
    )
    assert added.status_code == 200
    assert "Gary Guest added (guest 1, code" in added.text
    assert 'data-testid="guest-1">guest<' in added.text
    assert 'data-testid="class-1">low man<' in added.text

    refused = client.post(
        f"{dashboard}/players",
        data={"csrf_token": csrf_token(added.text), "name": "Ann Able", "checked_in": "1"},
    )
    assert refused.status_code == 400
    assert "the sheet gives every player a seat class: choose high or low" in refused.text
    assert 'value="Ann Able"' in refused.text  # what the director typed is kept
    roster = {member["name"] for member in client.get("/api/members").json()}
    assert "Gary Guest" not in roster


def test_a_member_set_inactive_leaves_the_seasons_that_say_so_and_the_ratings_list(
    client: TestClient,
) -> None:
    event_id = _winners_night(client)
    bob = next(
        member for member in client.get("/api/members").json() if member["name"] == "Bob Bell"
    )
    assert "Bob Bell" in {line["name"] for line in client.get("/api/ratings").json()}
    retired = client.patch(f"/api/members/{bob['id']}", json={"name": "Bob Bell", "active": False})
    assert retired.status_code == 200, retired.text

    kept = client.post(
        "/api/seasons", json={"name": "Kept", "scoring": "total_points", "events": [event_id]}
    )
    assert kept.status_code == 201, kept.text
    assert "inactive_members" not in kept.json()  # "stay", the default, as before
    left = client.post(
        "/api/seasons",
        json={
            "name": "Members now",
            "scoring": "total_points",
            "events": [event_id],
            "inactive_members": "leave",
        },
    )
    assert left.status_code == 201, left.text
    assert left.json()["inactive_members"] == "leave"

    def names(season_id: int) -> list[str]:
        rows = client.get(f"/api/seasons/{season_id}/standings").json()["rows"]
        return [row["name"] for row in rows]

    assert "Bob Bell" in names(kept.json()["id"])
    assert "Bob Bell" not in names(left.json()["id"])
    assert len(names(left.json()["id"])) == 6
    assert "Bob Bell" not in {line["name"] for line in client.get("/api/ratings").json()}

    # Back on the roster, he is back in the season that left him out, and in the ratings.
    client.patch(f"/api/members/{bob['id']}", json={"name": "Bob Bell", "active": True})
    assert "Bob Bell" in names(left.json()["id"])
    assert "Bob Bell" in {line["name"] for line in client.get("/api/ratings").json()}

    wrong = client.post(
        "/api/seasons",
        json={
            "name": "Typo",
            "scoring": "total_points",
            "events": [event_id],
            "inactive_members": "go",
        },
    )
    assert wrong.status_code == 422
    assert "inactive_members: input should be 'stay' or 'leave'" in wrong.text


def test_the_club_backup_keeps_a_members_seat_class_and_a_guest_stays_a_guest(
    client: TestClient, tmp_path: Path
) -> None:
    event_id = _high_low_event(client)
    _add(client, event_id, name="Ann Able", seat_class="high", prize_category="lady")
    _add(client, event_id, name="Gary Guest", seat_class="low", guest=True)
    backup = client.get("/api/club/backup").json()
    ann = next(member for member in backup["members"] if member["name"] == "Ann Able")
    assert (ann["seat_class"], ann["prize_category"]) == ("high", "lady")

    (tmp_path / "fresh").mkdir()
    fresh = director_client(sqlite_url(tmp_path / "fresh"))
    added = fresh.post("/api/sheets", json={"text": high_low_sheet(), "filename": "hl.toml"})
    assert added.status_code == 201, added.text  # the club's sheet goes with its folder
    restored = fresh.post("/api/club/restore", json=backup)
    assert restored.status_code == 201, restored.text
    assert [member["name"] for member in fresh.get("/api/members").json()] == ["Ann Able"]
    players = fresh.get(f"/api/events/{restored.json()['events'][str(event_id)]}/players").json()
    assert [(row["name"], row["guest"], row["seat_class"]) for row in players] == [
        ("Ann Able", False, "high"),
        ("Gary Guest", True, "low"),
    ]
    next_night = _high_low_event(fresh, "Next week")
    again = _add(fresh, next_night, name="Ann Able")
    assert (again.json()["seat_class"], again.json()["prize_category"]) == ("high", "lady")


def test_the_seasons_form_lets_the_club_choose_that_inactive_members_leave_the_table(
    client: TestClient,
) -> None:
    event_id = _winners_night(client)
    page = client.get("/director/seasons").text
    assert "members set inactive on the roster leave this table" in page
    form = {
        "csrf_token": csrf_token(page),
        "name": "Members now",
        "choose": "events",
        "events": [str(event_id)],
        "scoring": "total_points",
        "inactive_leave": "1",
    }
    defined = client.post("/director/seasons", data=form, follow_redirects=False)
    assert defined.status_code == 303, defined.text
    assert client.get("/api/seasons").json()[0]["inactive_members"] == "leave"


def test_a_player_entered_with_the_wrong_class_is_corrected_with_an_audit_line(
    client: TestClient,
) -> None:
    event_id = _high_low_event(client)
    ann = _add(client, event_id, name="Ann Able", seat_class="high").json()
    fixed = client.put(
        f"/api/events/{event_id}/players/{ann['number']}/classes",
        json={"seat_class": "low", "prize_category": "lady", "reason": "took a low sheet"},
    )
    assert fixed.status_code == 200, fixed.text
    assert (fixed.json()["seat_class"], fixed.json()["prize_category"]) == ("low", "lady")
    wrong = client.put(
        f"/api/events/{event_id}/players/{ann['number']}/classes", json={"seat_class": "top"}
    )
    assert wrong.status_code == 400
    assert wrong.json()["detail"] == (
        "Ann Able: seat class 'top' is not one of the sheet's: choose high or low"
    )
    audit = client.get(f"/api/events/{event_id}/audit").json()
    line = next(entry for entry in audit if entry["action"] == "set_classes")
    assert line["old_value"]["seat_class"] == "high" and line["new_value"]["seat_class"] == "low"
    assert line["reason"] == "took a low sheet"
    # The log keeps her whole entry before and after, the classes and flags she does not
    # have left out, in the order the log has always written them.
    entry = {
        "number": ann["number"],
        "name": "Ann Able",
        "team": None,
        "checked_in": True,
        "arrival_round": 1,
        "withdrawal_round": None,
    }
    assert line["old_value"] == entry | {"seat_class": "high"}
    assert list(line["new_value"].items()) == [
        *entry.items(),
        ("seat_class", "low"),
        ("prize_category", "lady"),
    ]
    # Her next night starts from the corrected class.
    next_night = _high_low_event(client, "Next week")
    assert _add(client, next_night, name="Ann Able").json()["seat_class"] == "low"
