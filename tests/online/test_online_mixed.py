"""Issue 13: a mixed night (one table online, one on paper with phone entry), a table ended
at the round's bell, and what one player's code may open."""

from __future__ import annotations

import random
from pathlib import Path

from fastapi.testclient import TestClient

from tests.online.helpers import bearer, claim, one_online_table, play_out, replay_records, sit
from tests.store.factory import add_singles, codes_by_number

# Eight hands of stick the dealer, none of them a lone hand of five tricks: 6-5.
PAPER_HANDS = [[1, 0], [0, 2], [1, 0], [2, 0], [0, 1], [1, 0], [0, 2], [1, 0]]


def test_mixed_night_one_table_online_one_on_paper_and_the_bell_ends_the_online_game(
    director: TestClient, tmp_path: Path
) -> None:
    config = {"name": "Mixed night", "profile_id": "bolivar", "rounds": 2, "seed": 3}
    event_id = int(director.post("/api/events", json=config).json()["id"])
    add_singles(director, event_id, 8)
    codes = codes_by_number(director, event_id)
    marked = director.post(f"/api/events/{event_id}/online/marks/1", json={"online": True})
    assert marked.status_code == 200, marked.text
    started = director.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    live = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    assert [table["table"] for table in live] == [1]

    online_seats: dict[str, dict[int, str]] = {}
    paper: list[int] = []
    for number, code in codes.items():
        found = claim(director, event_id, code)
        if found["state"] == "paper":
            assert found["table"] == 2 and found["token"] is None and found["url"] is None
            paper.append(number)
            continue
        assert found["state"] == "online" and found["table"] == 1
        online_seats.setdefault(found["play_table"], {})[found["seat"]] = found["token"]
        sit(director, found["play_table"], found["token"])
    assert len(paper) == 4
    ((play_table, tokens),) = online_seats.items()

    # The online table's score is the engine's: no phone can enter one for it.
    tables = director.get(f"/api/events/{event_id}/rounds/1").json()["tables"]
    online_player = next(number for number in codes if number not in paper)
    forged = director.post(
        f"/api/tables/{tables[0]['code']}/submissions",
        json={"player_code": codes[online_player], "hand_points": PAPER_HANDS},
    )
    assert forged.status_code == 409 and "the engine records its score" in forged.text

    # The paper table enters its score from a phone; an opponent confirms it.
    code = tables[1]["code"]
    sides = director.get(f"/api/tables/{code}").json()["partnerships"]
    first = director.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]["number"]], "hand_points": PAPER_HANDS},
    )
    assert first.status_code == 201, first.text
    confirmed = director.post(
        f"/api/tables/{code}/submissions/{first.json()['id']}/confirm",
        json={"player_code": codes[sides[1][0]["number"]]},
    )
    assert confirmed.status_code == 200, confirmed.text

    # The online table plays three hands, then the director ends it at the bell.
    play_out(director, online_seats, random.Random(4), hands=3)
    assert director.post(f"/api/events/{event_id}/rounds/1/close").status_code == 409
    ended = director.post(f"/api/events/{event_id}/rounds/1/online/1/end")
    assert ended.status_code == 200, ended.text
    view = director.get(f"/api/play/tables/{play_table}", headers=bearer(tokens[0])).json()
    assert view["status"] == "over" and view["closed"] is True and view["legal"] == []
    late = director.post(
        f"/api/play/tables/{play_table}/actions",
        json={"action": "pass", "seq": view["seq"]},
        headers=bearer(tokens[0]),
    )
    assert late.status_code == 409
    again = director.post(f"/api/events/{event_id}/rounds/1/online/1/end")
    assert again.status_code == 409 and "already has its result" in again.json()["detail"]

    # The rule for an unfinished game: the hands finished count, the rest score 0-0.
    records = director.get(f"/api/events/{event_id}/online/records.jsonl").text
    hands = replay_records(records, tmp_path)
    totals = [sum(hand["team_points"][team] for hand in hands) for team in (0, 1)]
    rounds = director.get(f"/api/events/{event_id}/rounds/1").json()["tables"]
    assert rounds[0]["team_points"] == totals
    assert rounds[1]["team_points"] == [6, 5]
    audit = director.get(f"/api/events/{event_id}/audit").json()
    (entry,) = [row for row in audit if row["action"] == "engine_result"]
    assert "ended at the bell by director" in entry["reason"]
    scored = [hand for hand in entry["new_value"]["hand_points"] if hand != [0, 0]]
    assert len(entry["new_value"]["hand_points"]) == 8 and len(scored) <= len(hands)

    # Standings, movement and round 2 follow as for any scored table.
    assert director.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
    moved = director.get(f"/api/events/{event_id}/online/tables").json()["tables"]
    assert [table["round"] for table in moved] == [2]
    assert moved[0]["play_table"] != play_table


def test_a_player_code_opens_only_that_players_own_seat(director: TestClient) -> None:
    event_id, codes = one_online_table(director)
    anonymous = TestClient(director.app, base_url="http://127.0.0.1")
    found = {number: claim(anonymous, event_id, code) for number, code in codes.items()}
    table = found[1]["play_table"]
    assert {claim["play_table"] for claim in found.values()} == {table}
    assert sorted(claim["seat"] for claim in found.values()) == [0, 1, 2, 3]
    for claim_ in found.values():
        sit(anonymous, table, claim_["token"])
    view = anonymous.get(f"/api/play/tables/{table}", headers=bearer(found[1]["token"])).json()
    assert view["seat"] == found[1]["seat"] and len(view["hand"]) == 5
    # The table page names the players, not the compass: each seat holds its entrant's name.
    named = {seat["seat"]: seat["player"] for seat in view["seats"]}
    assert named == {claim_["seat"]: f"P{number}" for number, claim_ in found.items()}
    spectator = anonymous.get(f"/api/play/tables/{table}").json()
    assert spectator["hand"] == [] and spectator["seat"] is None
    # A player's token moves only his own seat: out of turn it is refused.
    to_act = view["to_act"]
    someone_else = next(c for c in found.values() if c["seat"] != to_act)
    refused = anonymous.post(
        f"/api/play/tables/{table}/actions",
        json={"action": "pass", "seq": view["seq"]},
        headers=bearer(someone_else["token"]),
    )
    assert refused.status_code == 409 and f"it is seat {to_act}'s turn" in refused.text
    # No player may hand another's seat to a computer player or to a new human.
    for kind in ("rules", "human"):
        taken = anonymous.post(
            f"/api/play/tables/{table}/seats/{to_act}",
            json={"kind": kind},
            headers=bearer(someone_else["token"]),
        )
        assert taken.status_code == 403 and "only the director" in taken.text
    # Claiming again gives a fresh token; the old one stops working.
    old = found[1]["token"]
    fresh = claim(anonymous, event_id, codes[1])
    assert fresh["token"] != old
    stale = anonymous.get(f"/api/play/tables/{table}", headers=bearer(old))
    assert stale.status_code == 403
    # Wrong codes are refused, naming the problem; the director's calls need a session.
    wrong = anonymous.post(f"/api/events/{event_id}/online/seat", json={"code": "NOPE1"})
    assert wrong.status_code == 404 and "use the code on your own card" in wrong.text
    for path in ("/online/tables", "/online/records.jsonl"):
        assert anonymous.get(f"/api/events/{event_id}{path}").status_code == 401
    filled = anonymous.post(
        f"/api/events/{event_id}/rounds/1/online/1/seats/0", json={"kind": "rules"}
    )
    assert filled.status_code == 401


def test_a_player_code_typed_on_a_new_phone_closes_the_old_phones_socket(
    director: TestClient,
) -> None:
    """One seat, one holder at an online night too: claiming the seat again revokes the
    first phone's token, and its socket is told why and closed."""
    event_id, codes = one_online_table(director)
    anonymous = TestClient(director.app, base_url="http://127.0.0.1")
    first = claim(anonymous, event_id, codes[1])
    table = first["play_table"]
    # The socket goes through the client whose event loop runs the app's play runtime (the
    # seat token says who it is): a second TestClient runs its own loop, and a wake-up the
    # runtime sends from its loop could leave that socket waiting for ever (it hung once).
    with director.websocket_connect(f"/api/play/tables/{table}/ws") as old_phone:
        old_phone.send_json({"token": first["token"], "seq": 0})
        assert old_phone.receive_json()["view"]["seat"] == first["seat"]
        again = claim(anonymous, event_id, codes[1])
        for _ in range(20):
            message = old_phone.receive_json()
            if message["type"] != "view":
                break
        assert message == {"type": "revoked", "detail": "This seat was opened on another device."}
    stale = anonymous.get(f"/api/play/tables/{table}", headers=bearer(first["token"]))
    assert stale.status_code == 403
    fresh = anonymous.get(f"/api/play/tables/{table}", headers=bearer(again["token"]))
    assert fresh.status_code == 200 and fresh.json()["seat"] == first["seat"]
