"""Issue 22, "Done means": "backups include members and seasons". The director takes the
club's backup (members with their merges, the events, the seasons) and restores it into a new
app: the roster, each member's history, the season tables and the ratings are what they were.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import PASSWORD, create_event, director_client, sqlite_url
from tests.web.season_helpers import hall_night

from euchre.web.app import create_app

LEAGUE = "Thursday league 2027"
FIRST = [
    "Ann Baker",
    "Bob Carr",
    "Cy Dunn",
    "Dee Ellis",
    "Ed Fox",
    "Flo Gray",
    "Gus Hale",
    "Hal Ives",
]
SECOND = ["A. Baker", *FIRST[1:7], "Ivy Jones"]
"""Ann Baker typed as "A. Baker", Hal Ives away and Ivy Jones new; the six others again."""
ANN = {"email": "ann.baker@example.org", "phone": "+1 (555) 010-4477", "notes": "owes $5"}


def _ok(answer: Any, status: int = 200) -> Any:
    assert answer.status_code == status, answer.text
    return answer.json()


def _member(client: TestClient, name: str) -> dict[str, Any]:
    roster = _ok(client.get("/api/members"))
    return next(row for row in roster if row["name"] == name)


@pytest.fixture
def club(client: TestClient) -> TestClient:
    """A club with two nights of a league (an event deleted before them, so the restored
    ids differ from the old ones), Ann Baker's second spelling merged into her, a merge
    undone, an inactive member, a season by ids and one by tag, and a club code."""
    gone = create_event(client, name="Cancelled night")
    night_1 = hall_night(client, "Night 1", FIRST, tags=[LEAGUE], rounds=2, seed=1)
    _ok(client.delete(f"/api/events/{gone}", params={"confirm": "yes"}))
    night_2 = hall_night(client, "Night 2", SECOND, tags=[LEAGUE], rounds=2, seed=2)
    ann, other = _member(client, "Ann Baker")["id"], _member(client, "A. Baker")["id"]
    _ok(client.patch(f"/api/members/{ann}", json={"name": "Ann Baker", **ANN}))
    _ok(client.post("/api/members/merges", json={"keep": ann, "merge": other}), 201)
    hal, ivy = _member(client, "Hal Ives")["id"], _member(client, "Ivy Jones")["id"]
    undone = _ok(client.post("/api/members/merges", json={"keep": hal, "merge": ivy}), 201)
    _ok(client.post(f"/api/members/merges/{undone['id']}/undo", json={"reason": "two people"}))
    _ok(client.patch(f"/api/members/{hal}", json={"name": "Hal Ives", "active": False}))
    by_ids = {"name": "Autumn", "events": [night_1, night_2], "scoring": "total_points"}
    _ok(client.post("/api/seasons", json=by_ids), 201)
    by_tag = {
        "name": "League",
        "tag": LEAGUE,
        "scoring": "place_points",
        "place_points": [10, 8, 6, 5, 4, 3, 2, 1],
        "tie_breaks": ["games_won"],
    }
    _ok(client.post("/api/seasons", json=by_tag), 201)
    _ok(client.put("/api/club/code", json={"code": "deal me in"}))
    return client


def _fresh(tmp_path: Path, name: str) -> TestClient:
    folder = tmp_path / name
    folder.mkdir()
    return director_client(sqlite_url(folder))


def _mapped(value: Any, members: dict[int, int], events: dict[int, int]) -> Any:
    """``value`` with every member id and event id it holds replaced by the restored ones."""
    if isinstance(value, list):
        return [_mapped(item, members, events) for item in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key in {"member_id", "partner_id", "kept_id", "merged_id"} and isinstance(item, int):
            item = members[item]
        elif key == "opponent_ids":
            item = [members[number] for number in item]
        elif key == "event_id" and isinstance(item, int):
            item = events[item]
        elif key in {"nights_counted", "events"} and isinstance(item, list):
            item = [events[number] for number in item]
        else:
            item = _mapped(item, members, events)
        out[key] = item
    return out


def _club_view(client: TestClient) -> dict[str, Any]:
    """What the director and the members see of the club: the roster (with contact details
    and ratings), every member's history, the merges, every season's table, the ratings."""
    roster = _ok(client.get("/api/members"))
    seasons = _ok(client.get("/api/seasons"))
    merges = _ok(client.get("/api/members/merges"))
    return {
        "roster": {row["name"]: row for row in roster},
        "histories": {
            row["name"]: _ok(client.get(f"/api/members/{row['id']}/history")) for row in roster
        },
        "merges": [
            {
                "kept": merge["kept"],
                "merged": merge["merged"],
                "players_moved": len(merge["players_moved"]),
                "undone": merge["undone_at"] is not None,
            }
            for merge in merges
        ],
        "seasons": {
            season["name"]: _ok(client.get(f"/api/seasons/{season['id']}/standings"))
            for season in seasons
        },
        "ratings": _ok(client.get("/api/ratings")),
    }


def test_the_club_backup_restores_into_a_new_app_with_the_same_roster_histories_seasons_and_ratings(
    club: TestClient, tmp_path: Path
) -> None:
    before = _club_view(club)
    assert len(before["histories"]["Ann Baker"]["games"]) == 4, "both spellings' games"
    assert all(len(table["rows"]) >= 8 for table in before["seasons"].values())
    backup = _ok(club.get("/api/club/backup"))
    assert backup["format"] == "euchre-club-backup/1"
    assert backup["settings"]["club_only"] is True
    assert "argon2" not in str(backup), "the club code's hash stays out of the backup"
    assert "not in the backup" in backup["settings"]["club_code"]
    ann = next(row for row in backup["members"] if row["name"] == "Ann Baker")
    assert {key: ann[key] for key in ANN} == ANN

    fresh = _fresh(tmp_path, "fresh")
    restored = _ok(fresh.post("/api/club/restore", json=backup), 201)
    assert restored["club_code_to_set"] is True
    members = {int(old): new for old, new in restored["members"].items()}
    events = {int(old): new for old, new in restored["events"].items()}
    assert sorted(events) != sorted(events.values()), "the deleted event shifts the ids"
    after = _club_view(fresh)

    assert after["roster"] == _mapped(before["roster"], members, events)
    assert after["roster"]["Ann Baker"] | ANN == after["roster"]["Ann Baker"]
    assert after["roster"]["Hal Ives"]["active"] is False
    assert "A. Baker" not in after["roster"], "a merged member stays merged"
    assert after["histories"] == _mapped(before["histories"], members, events)
    assert after["merges"] == [
        {**merge, "kept": members[merge["kept"]], "merged": members[merge["merged"]]}
        for merge in before["merges"]
    ]
    assert after["seasons"] == _mapped(before["seasons"], members, events)
    assert after["ratings"] == _mapped(before["ratings"], members, events)
    assert set(after["seasons"]) == {"Autumn", "League"}
    assert len(after["seasons"]["Autumn"]["nights"]) == 2


def test_a_restored_merge_can_still_be_undone(club: TestClient, tmp_path: Path) -> None:
    fresh = _fresh(tmp_path, "fresh")
    _ok(fresh.post("/api/club/restore", json=_ok(club.get("/api/club/backup"))), 201)
    merge = next(row for row in _ok(fresh.get("/api/members/merges")) if row["undone_at"] is None)
    assert len(merge["players_moved"]) == 1
    _ok(fresh.post(f"/api/members/merges/{merge['id']}/undo", json={}))
    other = _member(fresh, "A. Baker")
    assert other["players"] == 1, "the player A. Baker was on night 2 goes back to her"
    audit = _ok(fresh.get("/api/members/merges"))
    assert all(row["undone_at"] is not None for row in audit)


def _nothing_written(client: TestClient) -> None:
    assert _ok(client.get("/api/members")) == []
    assert _ok(client.get("/api/events")) == []
    assert _ok(client.get("/api/seasons")) == []


@pytest.mark.parametrize(
    ("damage", "named"),
    [
        (
            lambda data: data["events"][1]["entrants"][0].update(number="x"),
            "events.1.entrants.0.number",
        ),
        (lambda data: data["members"][0].pop("name"), "members.0.name"),
        (
            lambda data: data["events"][0]["entrants"][2].update(member_id=999),
            "events.0.entrants.2.member_id",
        ),
        (lambda data: data["seasons"]["seasons"][0].update(events=None), "seasons.seasons.0"),
        (lambda data: data["members"][0].update(merged_into=9), "members.0.merged_into"),
        (lambda data: data["members"][3].update(email="not an address"), "members.3"),
        (
            lambda data: data["seasons"]["seasons"][1].update(scoring="most_wins"),
            "seasons.seasons.1",
        ),
    ],
)
def test_a_damaged_club_backup_is_refused_naming_the_field_and_writes_nothing(
    club: TestClient, tmp_path: Path, damage: Any, named: str
) -> None:
    backup = copy.deepcopy(_ok(club.get("/api/club/backup")))
    damage(backup)
    fresh = _fresh(tmp_path, "fresh")
    answer = fresh.post("/api/club/restore", json=backup)
    assert answer.status_code in (400, 422), answer.text
    assert named in answer.json()["detail"]
    _nothing_written(fresh)


def test_a_club_backup_restores_only_into_an_empty_club(club: TestClient) -> None:
    backup = _ok(club.get("/api/club/backup"))
    answer = club.post("/api/club/restore", json=backup)
    assert answer.status_code == 409, answer.text
    assert "empty club" in answer.json()["detail"]
    assert "2 events" in answer.json()["detail"]


def test_only_the_director_takes_or_restores_the_club_backup(
    club: TestClient, tmp_path: Path
) -> None:
    backup = _ok(club.get("/api/club/backup"))
    visitor = TestClient(club.app, base_url="http://127.0.0.1")
    assert visitor.get("/api/club/backup").status_code == 401
    assert visitor.post("/api/club/restore", json=backup).status_code == 401
    fresh = TestClient(
        create_app(sqlite_url(_mkdir(tmp_path / "fresh"))), base_url="http://127.0.0.1"
    )
    _ok(fresh.post("/api/setup", json={"name": "director", "password": PASSWORD}))
    # Logged in, but a write without the session's CSRF token is refused.
    assert fresh.post("/api/club/restore", json=backup).status_code == 403
    _nothing_written(fresh)


def _mkdir(folder: Path) -> Path:
    folder.mkdir()
    return folder
