"""Issue 22, item 1: the club's members through the API, as the director and the phones use it.

"A member is one person across events: name (unique within the club, with a clear error on a
clash), optional contact details and notes, active or not. Adding players to an event picks
members or creates them; CSV import and export of the roster (a file with bad rows names each
bad row by its line and imports nothing until they are fixed); merging two members who are one
person (every game moves over, with an audit line, and an undo). Contact details are only ever
shown to the director."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from tests.store.factory import add_singles, create_event, director_client, report_round, sqlite_url

from euchre.store.models import AuditEntry

ANN = {"name": "Ann Baker", "email": "ann.baker@example.org", "phone": "+1 (555) 010-4477"}


@pytest.fixture
def own_client(tmp_path: Path) -> TestClient:
    """A second club: its own app and database."""
    folder = tmp_path / "other"
    folder.mkdir()
    return director_client(sqlite_url(folder))


def _roster(client: TestClient) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in client.get("/api/members").json()}


def _players(client: TestClient, event_id: int) -> list[dict[str, Any]]:
    answer = client.get(f"/api/events/{event_id}/players")
    assert answer.status_code == 200, answer.text
    return list(answer.json())


def test_a_member_is_created_with_201_and_a_name_already_used_is_a_409_naming_it(
    client: TestClient,
) -> None:
    created = client.post("/api/members", json={"name": "Ann Baker"})
    assert created.status_code == 201, created.text
    assert created.json()["name"] == "Ann Baker"
    assert isinstance(created.json()["id"], int)
    for clash in ("Ann Baker", "ann  BAKER"):
        again = client.post("/api/members", json={"name": clash})
        assert again.status_code == 409, again.text
        assert "'Ann Baker'" in again.json()["detail"]
        assert f"member {created.json()['id']}" in again.json()["detail"]
    renamed = client.post("/api/members", json={"name": "Bob Cole"}).json()
    clash = client.patch(f"/api/members/{renamed['id']}", json={"name": "ANN BAKER"})
    assert clash.status_code == 409 and "'Ann Baker'" in clash.json()["detail"]
    assert sorted(_roster(client)) == ["Ann Baker", "Bob Cole"]


def test_a_members_name_is_refused_beyond_40_characters_and_a_bad_email_is_named(
    client: TestClient,
) -> None:
    long = client.post("/api/members", json={"name": "X" * 41})
    assert long.status_code == 400 and "at most 40 characters" in long.json()["detail"]
    bad = client.post("/api/members", json={"name": "Cy Dunn", "email": "cy at home"})
    assert bad.status_code == 400 and "'cy at home'" in bad.json()["detail"]
    assert client.get("/api/members").json() == []


def test_adding_players_picks_members_by_id_or_name_and_a_new_name_creates_one(
    client: TestClient,
) -> None:
    ann = client.post("/api/members", json=ANN).json()
    event_id = create_event(client)
    by_id = client.post(f"/api/events/{event_id}/players", json={"member_id": ann["id"]})
    assert by_id.status_code == 201, by_id.text
    assert by_id.json()["name"] == "Ann Baker" and by_id.json()["member_id"] == ann["id"]
    new = client.post(f"/api/events/{event_id}/players", json={"name": "Dee Ford"})
    assert new.status_code == 201, new.text
    roster = _roster(client)
    assert new.json()["member_id"] == roster["Dee Ford"]["id"]
    # The same person on another night, typed in another case: the same member.
    second = create_event(client, name="Next Friday")
    typed = client.post(f"/api/events/{second}/players", json={"name": "dee ford"})
    assert typed.json()["member_id"] == roster["Dee Ford"]["id"]
    assert typed.json()["name"] == "dee ford"  # the event keeps what was typed
    assert _roster(client)["Dee Ford"]["players"] == 2
    unknown = client.post(f"/api/events/{event_id}/players", json={"member_id": 999})
    assert unknown.status_code == 404 and "999" in unknown.json()["detail"]
    both = client.post(
        f"/api/events/{event_id}/players", json={"member_id": ann["id"], "name": "Bob"}
    )
    assert both.status_code == 400 and "'Ann Baker'" in both.json()["detail"]
    empty = client.post(f"/api/events/{event_id}/players", json={})
    assert empty.status_code == 400 and "must not be empty" in empty.json()["detail"]


def test_an_inactive_member_added_to_an_event_is_active_again(client: TestClient) -> None:
    gus = client.post("/api/members", json={"name": "Gus Hall", "active": False}).json()
    assert gus["active"] is False
    event_id = create_event(client)
    client.post(f"/api/events/{event_id}/players", json={"name": "Gus Hall"})
    assert _roster(client)["Gus Hall"]["active"] is True


def _post_csv(client: TestClient, data: bytes) -> Any:
    return client.post("/api/members/import", content=data, headers={"Content-Type": "text/csv"})


def test_a_roster_file_with_bad_rows_names_each_by_its_line_and_imports_nothing(
    client: TestClient,
) -> None:
    client.post("/api/members", json={"name": "Ann Baker"})
    data = (
        b"name,email,phone,notes\r\n"
        b"Hal Ives,hal@example.org,,\r\n"  # 2: good
        b",nobody@example.org,,\r\n"  # 3: a missing name
        b"Ida Jones,,,\r\n"  # 4: good
        b"ida jones,,,twice\r\n"  # 5: a duplicate of line 4
        b"Jos\xe9 Kerr,,,\r\n"  # 6: Latin-1, not UTF-8
        b"ANN BAKER,,,\r\n"  # 7: already on the roster
        b'Kim Lowe,"kim@example.org"x,,\r\n'  # 8: a malformed line
        b"Lou Moss,lou@example.org,555,a,b\r\n"  # 9: more fields than the header
    )
    answer = _post_csv(client, data)
    assert answer.status_code == 400, answer.text
    detail = answer.json()["detail"]
    assert "nothing imported" in detail
    assert "line 3: the name is missing" in detail
    assert "line 5: 'ida jones' is a duplicate of line 4" in detail
    assert "line 6: not UTF-8" in detail
    assert "line 7: the name 'ANN BAKER' is already used" in detail
    assert "line 8: malformed" in detail
    assert "line 9: 5 fields" in detail
    for good in ("line 2", "line 4:"):
        assert good not in detail
    assert sorted(_roster(client)) == ["Ann Baker"]  # nothing imported
    fixed = _post_csv(client, b"name,email\r\nHal Ives,hal@example.org\r\nIda Jones,\r\n")
    assert fixed.status_code == 201, fixed.text
    assert sorted(_roster(client)) == ["Ann Baker", "Hal Ives", "Ida Jones"]


def test_the_roster_exported_as_csv_imports_whole_into_another_club(
    client: TestClient, own_client: TestClient
) -> None:
    client.post("/api/members", json={**ANN, "notes": 'Likes "stick the dealer",\nand loners'})
    client.post("/api/members", json={"name": "Zoë Ng", "active": False})
    exported = client.get("/api/members/roster.csv")
    assert exported.status_code == 200
    assert exported.headers["content-type"].startswith("text/csv")
    assert exported.text.splitlines()[0] == "name,email,phone,notes,active"
    assert exported.text.startswith("name,email,phone,notes,active\r\n")  # CRLF line ends
    imported = _post_csv(own_client, exported.content)
    assert imported.status_code == 201, imported.text
    mine = {
        name: {key: row.get(key) for key in ("email", "phone", "notes", "active")}
        for name, row in _roster(client).items()
    }
    theirs = {
        name: {key: row.get(key) for key in ("email", "phone", "notes", "active")}
        for name, row in _roster(own_client).items()
    }
    assert mine == theirs
    assert theirs["Zoë Ng"]["active"] is False


def test_merging_two_members_moves_every_game_with_an_audit_line_and_undo_restores_them(
    client: TestClient,
) -> None:
    event_id = create_event(client)
    add_singles(client, event_id, 8)
    client.post(f"/api/events/{event_id}/rounds")
    report_round(client, event_id, 1)
    later = create_event(client, name="Next Friday")
    client.post(f"/api/events/{later}/players", json={"name": "Pat One"})
    roster = _roster(client)
    keep, merge = roster["Pat One"]["id"], roster["P1"]["id"]
    standings_before = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"][
        "standings"
    ]

    merged = client.post("/api/members/merges", json={"keep": keep, "merge": merge})
    assert merged.status_code == 201, merged.text
    players = {row["name"]: row for row in _players(client, event_id)}
    assert players["P1"]["member_id"] == keep  # the night's game is now Pat One's
    assert "P1" not in _roster(client) and _roster(client)["Pat One"]["players"] == 2
    # The event's record is untouched: same names, same standings.
    assert (
        client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["standings"]
        == standings_before
    )
    # Adding "P1" again now finds the member kept.
    again = client.post(f"/api/events/{later}/players", json={"name": "p1"})
    assert again.json()["member_id"] == keep
    clash = client.post("/api/members", json={"name": "P1"})
    assert clash.status_code == 409 and "merged into 'Pat One'" in clash.json()["detail"]
    with client.app.state.database.read() as session:  # type: ignore[attr-defined]
        lines = list(
            session.scalars(select(AuditEntry).where(AuditEntry.action == "merge_members"))
        )
    assert [line.target for line in lines] == [f"member {merge} into member {keep}"]

    undone = client.post(f"/api/members/merges/{merged.json()['id']}/undo", json={})
    assert undone.status_code == 200, undone.text
    players = {row["name"]: row for row in _players(client, event_id)}
    assert players["P1"]["member_id"] == merge
    roster = _roster(client)
    assert roster["P1"]["players"] == 1 and roster["Pat One"]["players"] == 2
    twice = client.post(f"/api/members/merges/{merged.json()['id']}/undo", json={})
    assert twice.status_code == 409 and "already undone" in twice.json()["detail"]


def test_contact_details_are_shown_to_the_director_only(client: TestClient) -> None:
    ann = client.post("/api/members", json={**ANN, "notes": "owes $5 for the cup"}).json()
    event_id = create_event(client)
    client.post(f"/api/events/{event_id}/players", json={"member_id": ann["id"]})
    add_singles(client, event_id, 7)
    client.post(f"/api/events/{event_id}/rounds")
    report_round(client, event_id, 1)
    table = client.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]["code"]
    director_view = client.get(f"/api/members/{ann['id']}").json()
    assert director_view["email"] == ANN["email"] and director_view["phone"] == ANN["phone"]

    client.cookies.clear()
    del client.headers["X-CSRF-Token"]
    secrets = (ANN["email"], ANN["phone"], "owes $5")
    for path in (
        "/",
        f"/events/{event_id}/live",
        f"/events/{event_id}/results",
        f"/api/events/{event_id}/snapshot",
        f"/api/events/{event_id}",
        f"/t/{table}",
        f"/api/tables/{table}",
        "/api/members",
        f"/api/members/{ann['id']}",
    ):
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.text)
        for secret in secrets:
            assert secret not in answer.text, (path, secret)
    public = client.get(f"/api/members/{ann['id']}").json()
    rating = public.pop("rating")  # her rating from the night's game (docs/season.md)
    assert rating["games"] == 1 and rating["provisional"] is True
    assert public == {
        "id": ann["id"],
        "name": "Ann Baker",
        "active": True,
        "players": 1,
        "games": 1,
    }
    assert client.get("/api/members/roster.csv").status_code == 401
    assert client.post("/api/members", json={"name": "Eve"}).status_code == 401


def test_an_event_restored_from_a_backup_has_its_players_linked_to_the_same_members(
    client: TestClient,
) -> None:
    event_id = create_event(client)
    add_singles(client, event_id, 4)
    saved = client.get(f"/api/events/{event_id}/backup").json()
    restored = client.post("/api/events/restore", json=saved)
    assert restored.status_code == 201, restored.text
    original = {row["name"]: row["member_id"] for row in _players(client, event_id)}
    copy = {row["name"]: row["member_id"] for row in _players(client, restored.json()["id"])}
    assert copy == original and None not in copy.values()
    assert {row["players"] for row in client.get("/api/members").json()} == {2}


def test_the_roster_page_refuses_an_import_without_a_file_and_one_over_its_limit(
    client: TestClient,
) -> None:
    csrf = {"csrf_token": client.headers["X-CSRF-Token"]}
    none = client.post("/director/members/import", data=csrf, files={"file": ("", b"")})
    assert none.status_code == 400
    assert "choose a roster file (.csv) to import" in none.text
    huge = b"name\n" + b"x" * 2_000_000
    over = client.post("/director/members/import", data=csrf, files={"file": ("r.csv", huge)})
    assert over.status_code == 400
    assert "the roster file is larger than 2000000 bytes" in over.text
    done = client.post(
        "/director/members/import",
        data=csrf,
        files={"file": ("r.csv", b"name\nAnn Baker\n")},
        follow_redirects=False,
    )
    assert done.status_code == 303, done.text
    assert sorted(_roster(client)) == ["Ann Baker"]
