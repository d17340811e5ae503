"""Issue 13, what the first pass left: a computer player in an absent player's seat is
"marked in the results" (the public results, the projector, the table page), and a backup
keeps the online tables' hand records; deleting the event deletes its play tables' logs."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from euchre.store.models import Event, OnlineTable, PlayAction, PlaySeat, PlayTable
from tests.online.helpers import claim, play_out, sit, started_online_night
from tests.web.test_api_properties import JSON, _paths, _replace_at

NOT_COUNTED = "(computer player, points not counted)"
COUNTED = "(computer player, points counted)"


def _online_event(director: TestClient, name: str) -> tuple[int, dict[int, str]]:
    return started_online_night(director, 4, name=name, rounds=2, seed=7)


def _fill(director: TestClient, event_id: int, seat: int, *, counts: bool) -> None:
    response = director.post(
        f"/api/events/{event_id}/rounds/1/online/1/seats/{seat}",
        json={"kind": "rules", "counts": counts},
    )
    assert response.status_code == 200, response.text


def _play_then_ring_the_bell(
    director: TestClient, event_id: int, codes: dict[int, str], hands: int
) -> None:
    """The human seats sit and play ``hands`` hands; the director ends the table at the bell."""
    seats: dict[str, dict[int, str]] = {}
    for code in codes.values():
        found = claim(director, event_id, code)
        if found["token"] is None:
            continue  # a computer player has his seat
        table, token = found["play_table"], found["token"]
        sit(director, table, token)
        seats.setdefault(table, {})[found["seat"]] = token
    play_out(director, seats, random.Random(31), hands=hands)
    ended = director.post(f"/api/events/{event_id}/rounds/1/online/1/end")
    assert ended.status_code == 200, ended.text


def test_a_computer_player_in_an_absent_players_seat_is_marked_in_the_results_the_projector_and_the_table_page(  # noqa: E501
    director: TestClient,
) -> None:
    """The issue: "fill an absent player's seat with a computer player (marked in the
    results, and the director chooses whether its points count for the absent player)"."""
    event_id, codes = _online_event(director, "Marked night")
    (table,) = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    names = {seat["seat"]: seat["name"] for seat in table["seats"]}
    _fill(director, event_id, 1, counts=True)
    _fill(director, event_id, 2, counts=False)

    # The projector marks them while the table plays: short in the one-line seating cells,
    # in full in a list below.
    projector = director.get(f"/events/{event_id}/live").text
    seating = projector.split('id="live-seating"', 1)[1].split("</table>", 1)[0]
    assert f"{names[1]} (computer)" in seating and f"{names[2]} (computer)" in seating
    assert f"{names[0]} (computer" not in seating and f"{names[3]} (computer" not in seating
    listed = projector.split('id="live-computer-players"', 1)[1].split("</p>", 1)[0]
    assert f"table 1: {names[1]} {COUNTED}" in listed
    assert f"table 1: {names[2]} {NOT_COUNTED}" in listed
    assert names[0] not in listed and names[3] not in listed

    _play_then_ring_the_bell(director, event_id, codes, hands=1)

    results = director.get(f"/events/{event_id}/results").text
    row = results.split('data-testid="result-1-1"', 1)[1].split("</tr>", 1)[0]
    assert f"{names[1]} {COUNTED}" in row
    assert f"{names[2]} {NOT_COUNTED}" in row
    assert f"{names[0]} (computer" not in row and f"{names[3]} (computer" not in row

    code = director.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]["code"]
    page = director.get(f"/t/{code}").text
    assert 'id="saved-result"' in page  # the engine's result is in
    assert page.count(COUNTED) == 1 and page.count(NOT_COUNTED) == 1
    side = page.split('id="partnership-0"', 1)[1].split("</div>", 1)[0]
    assert NOT_COUNTED in side  # seat 2 is the first partnership's (seats 0 and 2)


def _no_secret(value: Any) -> bool:
    if isinstance(value, dict):
        return all(key not in ("token", "token_hash") and _no_secret(v) for key, v in value.items())
    if isinstance(value, list):
        return all(_no_secret(item) for item in value)
    return True


def test_a_restored_online_event_keeps_its_hand_records_and_the_records_download_works(
    director: TestClient,
) -> None:
    event_id, codes = _online_event(director, "Backed-up night")
    marked = director.post(f"/api/events/{event_id}/online/marks/2", json={"online": False})
    assert marked.status_code == 200, marked.text
    _fill(director, event_id, 3, counts=False)
    _play_then_ring_the_bell(director, event_id, codes, hands=2)
    records = director.get(f"/api/events/{event_id}/online/records.jsonl")
    assert records.status_code == 200 and len(records.text.splitlines()) >= 2
    index = director.get(f"/api/events/{event_id}/online/records-index").json()

    saved = director.get(f"/api/events/{event_id}/backup").json()
    assert saved["online_marks"] == [{"table": 2, "online": False}]
    (first,) = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    (kept,) = saved["online_tables"]
    assert kept["round"] == 1 and kept["table"] == 1 and kept["state"] == "ended"
    assert kept["bots"] == {"3": {"kind": "rules", "counts": False}}
    assert [entry["action"] for entry in kept["log"]][-1] == "close"
    assert _no_secret(saved)  # no seat token travels in a backup

    restored = director.post("/api/events/restore", json=saved)
    assert restored.status_code == 201, restored.text
    new_id = int(restored.json()["id"])
    again = director.get(f"/api/events/{new_id}/online/records.jsonl")
    assert again.status_code == 200 and again.text == records.text
    assert director.get(f"/api/events/{new_id}/online/records-index").json() == index
    (table,) = director.get(f"/api/events/{new_id}/online/tables").json()["tables"]
    assert table["status"] == "over" and table["result"] == "ended"
    assert table["play_table"] != first["play_table"]  # a play table of its own
    assert (
        f"{table['seats'][3]['name']} {NOT_COUNTED}"
        in director.get(f"/events/{new_id}/results").text
    )
    assert director.get(f"/api/events/{new_id}/backup").json()["online_marks"] == [
        {"table": 2, "online": False}
    ]

    # Deleting the first event takes its play tables' logs; the restored copy keeps its own.
    deleted = director.post(
        f"/director/events/{event_id}/delete",
        data={"confirm": "yes", "csrf_token": director.headers["X-CSRF-Token"]},
        follow_redirects=False,
    )
    assert deleted.status_code == 303, deleted.text
    assert director.get(f"/api/events/{new_id}/online/records.jsonl").text == records.text


def test_deleting_an_event_deletes_its_play_tables_logs_also_an_undone_rounds(
    director: TestClient,
) -> None:
    event_id, _ = _online_event(director, "Deleted night")
    undone = director.post(
        f"/api/events/{event_id}/rounds/1/undo", json={"reason": "wrong players"}
    )
    assert undone.status_code == 204, undone.text
    assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
    database = director.app.state.database  # type: ignore[attr-defined]
    with database.read() as session:
        assert session.query(PlayTable).count() == 2  # the undone round's, closed, and the new
        assert session.query(PlayAction).count() >= 1
    deleted = director.post(
        f"/director/events/{event_id}/delete",
        data={"confirm": "yes", "csrf_token": director.headers["X-CSRF-Token"]},
        follow_redirects=False,
    )
    assert deleted.status_code == 303, deleted.text
    with database.read() as session:
        for model in (PlayTable, PlaySeat, PlayAction, OnlineTable):
            assert session.query(model).count() == 0, model.__name__


def test_a_backup_whose_online_log_was_damaged_is_refused_naming_the_log(
    director: TestClient,
) -> None:
    event_id, codes = _online_event(director, "Damaged night")
    _play_then_ring_the_bell(director, event_id, codes, hands=1)
    saved = director.get(f"/api/events/{event_id}/backup").json()
    with director.app.state.database.read() as session:  # type: ignore[attr-defined]
        events_before = len(list(session.scalars(select(Event.id))))

    played = next(e for e in saved["online_tables"][0]["log"] if e["action"].startswith("play"))
    played["action"] = "play 9Z"
    refused = director.post("/api/events/restore", json=saved)
    assert refused.status_code == 400, refused.text
    assert "an online table's log does not replay" in refused.json()["detail"]

    saved = director.get(f"/api/events/{event_id}/backup").json()
    saved["online_tables"][0]["log"][0]["seq"] = 5
    refused = director.post("/api/events/restore", json=saved)
    assert refused.status_code == 400 and "numbered 1, 2, 3" in refused.json()["detail"]

    saved = director.get(f"/api/events/{event_id}/backup").json()
    saved["online_tables"][0]["round"] = 9
    refused = director.post("/api/events/restore", json=saved)
    assert refused.status_code == 400, refused.text
    assert "online table 1 of round 9 is not a table of that round's seating" in refused.text

    saved = director.get(f"/api/events/{event_id}/backup").json()
    saved["online_tables"][0]["config"]["seats"] = ["human"]
    refused = director.post("/api/events/restore", json=saved)
    assert refused.status_code == 400 and "configuration is malformed" in refused.text
    with director.app.state.database.read() as session:  # type: ignore[attr-defined]
        assert len(list(session.scalars(select(Event.id)))) == events_before  # all or nothing


def test_a_damaged_online_tables_backup_is_refused_with_a_4xx_never_a_500(
    director: TestClient,
) -> None:
    """Any one value of the online tables' part of a backup replaced by any JSON: the restore
    answers 201 (a harmless change) or a 4xx naming the problem, never a server error."""
    event_id, codes = _online_event(director, "Fuzzed night")
    director.post(f"/api/events/{event_id}/online/marks/3", json={"online": False})
    _fill(director, event_id, 2, counts=False)
    _play_then_ring_the_bell(director, event_id, codes, hands=1)
    saved = director.get(f"/api/events/{event_id}/backup").json()
    paths = [path for path in _paths(saved) if path[:1] in (("online_tables",), ("online_marks",))]

    @settings(max_examples=80, deadline=None)
    @given(data=st.data(), replacement=JSON)
    def check(data: st.DataObject, replacement: Any) -> None:
        damaged = json.loads(json.dumps(saved))
        path = data.draw(st.sampled_from(paths))
        _replace_at(damaged, path, replacement)
        response = director.post("/api/events/restore", json=damaged)
        assert response.status_code < 500, (path, replacement, response.text)

    check()
