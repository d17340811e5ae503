"""A confirmed score must mean what it says (issue 9): each bug seen on a real club night, as
a test named after it, through the API and the pages (TestClient)."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import (
    PASSWORD,
    add_singles,
    add_teams,
    codes_by_number,
    create_event,
    csrf_token,
    director_client,
    names_by_number,
    one_table_started,
    pdf_pages,
    report_round,
    sqlite_url,
    start_first_round,
    table_sides,
)

from euchre.store.access.ratelimit import record_failure
from euchre.store.db import Database
from euchre.store.models import utc_now
from euchre.web.app import create_app

HANDS_9_7 = [[2, 0], [0, 1], [1, 0], [0, 2], [4, 0], [0, 2], [2, 0], [0, 2]]
"""Eight hands adding up to 9-7, with a lone march (4) for the first partnership on hand 5."""


def _submit(
    client: TestClient, code: str, player_code: str, **body: Any
) -> Any:  # the JSON answer (status checked by the caller)
    return client.post(f"/api/tables/{code}/submissions", json={"player_code": player_code, **body})


def _marched_nine_seven(
    client: TestClient, code: str, codes: dict[int, str], caller: int, **more: Any
) -> Any:
    """``caller`` enters the 9-7 hands (``HANDS_9_7``) with his own lone march, and ``more``:
    the JSON answer."""
    marches = {str(caller): 1}
    return _submit(client, code, codes[caller], hand_points=HANDS_9_7, lone_marches=marches, **more)


def _confirm(client: TestClient, code: str, submission_id: int, player_code: str) -> Any:
    return client.post(
        f"/api/tables/{code}/submissions/{submission_id}/confirm",
        json={"player_code": player_code},
    )


def _codes_on(page: str, codes: dict[int, str]) -> set[int]:
    return {number for number, code in codes.items() if re.search(rf"\b{code}\b", page)}


# --- forged confirmation --------------------------------------------------------------------


def _progressive_night(
    client: TestClient,
) -> tuple[int, str, dict[int, str], list[list[int]], dict[int, str]]:
    """A progressive night of singles over two rounds, round 1 started at one table: the
    event, the table's code, the players' codes, the table's sides and the names."""
    event_id, code, codes, sides = one_table_started(
        client, singles=True, format="progressive", rounds=2
    )
    return event_id, code, codes, sides, names_by_number(client, event_id)


@pytest.mark.parametrize(
    ("profile", "format_name", "teams"),
    [("tournament", "progressive", False), ("ballantrae", "winners_move_up", True)],
)
def test_no_printed_sheet_lets_one_side_confirm_for_the_other(
    client: TestClient, profile: str, format_name: str, teams: bool
) -> None:
    event_id = create_event(client, profile_id=profile, format=format_name, rounds=3)
    players = add_teams(client, event_id, 4) if teams else add_singles(client, event_id, 8)
    names = {player["number"]: player["name"] for player in players}
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    codes = codes_by_number(client, event_id)
    base = f"/api/events/{event_id}/rounds/1"
    shared = [f"{base}/tally-sheets.pdf", f"{base}/table-cards.pdf", f"{base}/assignments.pdf"]
    if teams:
        shared.append(f"/api/events/{event_id}/tally-sheets.pdf")
    for url in shared:
        for page in pdf_pages(client, url):
            assert _codes_on(page, codes) == set(), f"a player code is printed on {url}"
    cards = pdf_pages(client, f"{base}/scorecards.pdf")
    assert len(cards) == len(players)  # one card per sheet of paper
    for page in cards:
        owner = next(number for number, name in names.items() if f"Scorecard - {name} " in page)
        assert _codes_on(page, codes) == {owner}, "a scorecard shows only its own player's code"
        assert f"Your own code: {codes[owner]}" in page
    # What a table's phone is answered never holds a code either.
    code, sides = table_sides(client, event_id)
    answer = client.get(f"/api/tables/{code}").text
    assert _codes_on(answer, codes) == set()
    kept = _submit(client, code, codes[sides[0][0]], team_points=[9, 7])
    assert _codes_on(kept.text, codes) == set()
    # And a player of the same side cannot confirm: only an opponent's own code does.
    refused = _confirm(client, code, kept.json()["id"], codes[sides[0][1]])
    assert refused.status_code == 409


# --- corrections ------------------------------------------------------------------------------


def test_a_correction_of_the_totals_keeps_lone_hands_and_euchres(client: TestClient) -> None:
    event_id, code, codes, sides = one_table_started(
        client, singles=True, format="rotating_partners", rounds=2
    )
    lone, euchred = sides[0][0], sides[1]
    submitted = _submit(
        client,
        code,
        codes[lone],
        team_points=[9, 7],
        lone_hands={str(lone): 1},
        euchres={str(euchred[0]): 1, str(euchred[1]): 1},
    )
    assert submitted.status_code == 201, submitted.text
    _confirm(client, code, submitted.json()["id"], codes[euchred[0]])
    before = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    corrected = client.put(
        f"/api/events/{event_id}/rounds/1/tables/1/result",
        json={"team_points": [10, 7], "reason": "hand 3 was miscounted"},
    )
    assert corrected.status_code == 200, corrected.text
    result = corrected.json()["result"]
    assert result["team_points"] == [10, 7]
    assert result["lone_hands"] == {str(lone): 1}
    assert result["euchres"] == {str(euchred[0]): 1, str(euchred[1]): 1}
    after = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    assert after["side_pot"]["total_cents"] == before["side_pot"]["total_cents"] == 50
    lone_rows = {row["competitor_id"]: row["lone_hands"] for row in after["standings"]}
    assert lone_rows[str(lone)] == 1
    audit = client.get(f"/api/events/{event_id}/audit").json()
    assert audit[-1]["action"] == "correct_result"
    assert audit[-1]["changes"] == "the score: 9-7 -> 10-7"
    assert audit[-1]["reason"] == "hand 3 was miscounted"


def test_a_correction_of_the_hands_keeps_the_lone_marches_and_euchres(client: TestClient) -> None:
    event_id, code, codes, sides, names = _progressive_night(client)
    caller = sides[0][0]
    euchres = {str(sides[1][0]): 1, str(sides[1][1]): 1}
    submitted = _marched_nine_seven(client, code, codes, caller, euchres=euchres)
    assert submitted.status_code == 201, submitted.text
    assert submitted.json()["result"]["player_points"] == {str(caller): 10}
    _confirm(client, code, submitted.json()["id"], codes[sides[1][1]])
    new_hands = [list(hand) for hand in HANDS_9_7]
    new_hands[7] = [1, 0]  # the last hand went to the other side
    only_totals = client.put(
        f"/api/events/{event_id}/rounds/1/tables/1/result",
        json={"team_points": [10, 5], "reason": "x"},
    )
    assert only_totals.status_code == 400
    assert "do not match the hands, which add up to 9-7" in only_totals.json()["detail"]
    corrected = client.put(
        f"/api/events/{event_id}/rounds/1/tables/1/result",
        json={"hand_points": new_hands, "reason": "hand 8 belonged to the makers"},
    )
    assert corrected.status_code == 200, corrected.text
    result = corrected.json()["result"]
    assert result["team_points"] == [10, 5]
    assert result["lone_marches"] == {str(caller): 1}
    assert result["player_points"] == {str(caller): 11}  # kept through the correction
    assert result["euchres"] == {str(sides[1][0]): 1, str(sides[1][1]): 1}
    changes = client.get(f"/api/events/{event_id}/audit").json()[-1]["changes"]
    assert "hand 8: 0-2 -> 1-0" in changes and "the score: 9-7 -> 10-5" in changes
    # Issue 9: names instead of player numbers in every message (the API's audit too).
    assert f"own points: {names[caller]} 10 -> {names[caller]} 11" in changes
    assert "#" not in changes and "lone_marches" not in changes
    assert "euchres" not in changes


def test_the_correction_form_shows_the_recorded_values_and_changes_only_what_changed(
    client: TestClient,
) -> None:
    event_id, code, codes, sides, names = _progressive_night(client)
    caller, euchred, partner = sides[0][0], sides[1][0], sides[1][1]
    euchres = {str(euchred): 2, str(partner): 2}
    lone_hands = {str(caller): 1}
    submitted = _marched_nine_seven(
        client, code, codes, caller, lone_hands=lone_hands, euchres=euchres
    )
    _confirm(client, code, submitted.json()["id"], codes[sides[1][1]])
    url = f"/director/events/{event_id}/rounds/1/tables/1/result"
    page = client.get(url).text
    assert 'id="correction-form"' in page
    for element, value in [
        ("team0-points", "9"),
        ("team1-points", "7"),
        ("hand-5-0", "4"),
        (f"march-{caller}", "1"),
        (f"lone-{caller}", "1"),
        (f"euchre-{euchred}", "2"),
        (f"euchre-{partner}", "2"),
        (f"points-{caller}", "10"),
    ]:
        assert re.search(rf'id="{element}"[^>]*value="{value}"', page), element
    csrf = csrf_token(page)
    form = {
        key: value
        for key, value in re.findall(r'<input id="[^"]+" name="([^"]+)"[^>]*value="([^"]*)"', page)
    }
    form.update({"csrf_token": csrf, "reason": "one euchre"})
    # One partner's count changed alone is refused, naming both (partners are euchred together).
    one = client.post(url, data={**form, f"euchre_{euchred}": "1"})
    assert one.status_code == 400
    assert (
        f"{names[euchred]}&#39;s times euchred (1) must equal the partner "
        f"{names[partner]}&#39;s (2)" in one.text
    )
    assert re.search(rf'id="euchre-{euchred}"[^>]*value="1"[^>]*class="invalid"', one.text)
    saved = client.post(url, data={**form, f"euchre_{euchred}": "1", f"euchre_{partner}": "1"})
    assert saved.status_code == 200, saved.text
    # Issue 9: names instead of player numbers in every message; sorted by player number.
    first, second = sorted((euchred, partner), key=str)
    before = f"{names[first]} 2, {names[second]} 2"
    after = f"{names[first]} 1, {names[second]} 1"
    assert f"Result saved: times euchred: {before} -&gt; {after}." in saved.text
    result = client.get(f"/api/events/{event_id}/submissions").json()
    recorded = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    assert result and recorded
    history = re.search(r'<ul id="table-history">(.*?)</ul>', saved.text, re.S)
    assert history and f"times euchred: {before} -&gt; {after}" in history.group(1)
    assert re.search(rf'id="lone-{caller}"[^>]*value="1"', saved.text)
    assert re.search(rf'id="points-{caller}"[^>]*value="10"', saved.text)


# --- the director's password ------------------------------------------------------------------


@pytest.mark.usefixtures("still_clock")
def test_the_directors_password_is_throttled_like_table_codes(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    director_client(url)
    guesser = TestClient(create_app(url))
    answers = [
        guesser.post("/api/session", json={"name": "director", "password": f"guess {n}"})
        for n in range(7)
    ]
    assert [answer.status_code for answer in answers[:6]] == [401] * 6
    assert answers[6].status_code == 429
    assert "too many wrong passwords from this device" in answers[6].json()["detail"]
    assert int(answers[6].headers["retry-after"]) >= 1
    # Blocked means blocked: even the right password waits.
    right = guesser.post("/api/session", json={"name": "director", "password": PASSWORD})
    assert right.status_code == 429
    page = guesser.post("/login", data={"name": "director", "password": "guess"})
    assert page.status_code == 429
    assert "too many wrong passwords" in page.text


def test_each_further_wrong_password_blocks_twice_as_long(tmp_path: Path) -> None:
    store = Database(sqlite_url(tmp_path))
    store.migrate()
    moment = utc_now()
    blocks = []
    with store.write() as session:
        for step in range(9):
            blocks.append(
                record_failure(
                    session, key="password:10.0.0.9", now=moment + timedelta(seconds=step)
                )
            )
    assert blocks == [0, 0, 0, 0, 0, 1, 2, 4, 8]


# --- blank totals, re-entered scores ---------------------------------------------------------


def test_a_blank_total_is_an_error_naming_the_field_never_a_zero(client: TestClient) -> None:
    event_id, code, codes, sides = one_table_started(client)
    page = client.post(
        f"/t/{code}/submissions",
        data={"round": "1", "team0": "9", "team1": "", "player_code": codes[sides[0][0]]},
    )
    assert page.status_code == 400
    assert "is blank: enter it (0 if that team scored nothing)" in page.text
    assert re.search(r'id="team0-points"[^>]*value="9"', page.text)  # what was typed is kept
    assert re.search(r'id="team1-points"[^>]*class="invalid"', page.text)
    assert re.search(rf'id="player-code"[^>]*value="{codes[sides[0][0]]}"', page.text)
    assert client.get(f"/api/events/{event_id}/submissions").json() == []
    nothing = _submit(client, code, codes[sides[0][0]])
    assert nothing.status_code == 400
    assert "enter the two team totals, or the hands" in nothing.json()["detail"]


def test_a_scorekeeper_resubmitting_replaces_his_own_pending_score(client: TestClient) -> None:
    event_id, code, codes, sides = one_table_started(client)
    first = _submit(client, code, codes[sides[0][0]], team_points=[9, 5]).json()
    second = _submit(client, code, codes[sides[0][0]], team_points=[8, 6]).json()
    assert second["status"] == "pending"  # not a dispute only the director can clear
    rows = {
        row["id"]: row["status"] for row in client.get(f"/api/events/{event_id}/submissions").json()
    }
    assert rows == {first["id"]: "superseded", second["id"]: "pending"}
    audit = client.get(f"/api/events/{event_id}/audit").json()
    replaced = [entry for entry in audit if entry["action"] == "replace_score"]
    assert replaced and replaced[0]["old_value"]["team_points"] == [9, 5]
    assert replaced[0]["changes"] == "the score: 9-5 -> 8-6"
    assert _confirm(client, code, second["id"], codes[sides[1][0]]).status_code == 200
    # A different score from the other side before confirmation is still a dispute.
    event_id, code, codes, sides = one_table_started(client)
    _submit(client, code, codes[sides[0][0]], team_points=[9, 5])
    rival = _submit(client, code, codes[sides[1][0]], team_points=[5, 9]).json()
    assert rival["status"] == "disputed"


# --- the progressive night (sheet 004) ----------------------------------------------------------


def test_progressive_lone_points_come_from_the_hands_and_the_opponent_sees_them(
    client: TestClient,
) -> None:
    event_id, code, codes, sides, names = _progressive_night(client)
    caller, partner = sides[0]
    form = {f"hand_{n}_{side}": str(points) for n, hand in enumerate(HANDS_9_7, 1)
            for side, points in enumerate(hand) if points}  # fmt: skip
    form["player_code"] = codes[caller]
    form["round"] = "1"
    missing = client.post(f"/t/{code}/submissions", data=form)
    assert missing.status_code == 400
    assert "a lone hand of five tricks: enter who called alone" in missing.text
    assert re.search(rf'id="march-{caller}"[^>]*class="invalid"', missing.text)
    form[f"march_{caller}"] = "1"
    form[f"points_{caller}"] = "17"
    refused = client.post(f"/t/{code}/submissions", data=form)
    assert refused.status_code == 400
    assert f"own total of {names[caller]} is 17, but the hands give 10" in refused.text
    assert re.search(rf'id="points-{caller}"[^>]*class="invalid"', refused.text)
    assert re.search(r'id="hand-5-0"[^>]*value="4"', refused.text)  # the hands are kept
    assert re.search(rf'id="march-{caller}"[^>]*value="1"', refused.text)
    del form[f"points_{caller}"]
    kept = client.post(f"/t/{code}/submissions", data=form)
    assert "Now an opponent confirms it" in kept.text
    vouch = re.search(r'<table id="vouch-\d+".*?</table>', kept.text, re.S)
    assert vouch
    assert f"{names[caller]} 10, {names[partner]} 9" in vouch.group(0)
    assert "Alone, all five tricks</th><td>" + names[caller] + " 1" in vouch.group(0)
    submission = client.get(f"/api/events/{event_id}/submissions").json()[-1]
    assert submission["result"]["player_points"] == {str(caller): 10}
    _confirm(client, code, submission["id"], codes[sides[1][0]])
    standings = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["standings"]
    points = {row["competitor_id"]: row["points"] for row in standings}
    assert points[str(caller)] == 10 and points[str(partner)] == 9


def test_a_level_game_goes_to_the_first_team_to_make_the_tying_score(client: TestClient) -> None:
    event_id, code, codes, sides = one_table_started(
        client, singles=True, format="progressive", rounds=2
    )
    # 6-6: the second partnership reaches 6 at hand 7, the first only at hand 8.
    hands = [[1, 0], [0, 2], [1, 0], [0, 1], [2, 0], [0, 2], [0, 1], [2, 0]]
    asked = _submit(client, code, codes[sides[0][0]], team_points=[6, 6])
    assert asked.status_code == 400
    assert "the game is level at 6-6: say which team reached 6 first" in asked.json()["detail"]
    page = client.get(f"/t/{code}").text
    assert 'id="tie-first"' in page and "who reached the tying score" in page
    submitted = _submit(client, code, codes[sides[0][0]], hand_points=hands)
    assert submitted.status_code == 201, submitted.text
    assert submitted.json()["result"]["first_to_tying_score"] == 1
    _confirm(client, code, submitted.json()["id"], codes[sides[1][0]])
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    won = {row["competitor_id"]: row["games_won"] for row in snapshot["standings"]}
    assert won[str(sides[1][0])] == won[str(sides[1][1])] == 1
    assert won[str(sides[0][0])] == won[str(sides[0][1])] == 0
    for row in snapshot["standings"]:
        assert all(value >= 0 for value in row["tie_break_values"].values()), row
    saved = client.get(f"/t/{code}").text
    assert "won, 6–6 (first to the tying score)" in saved


# --- penalties ------------------------------------------------------------------------------


def test_penalty_points_are_counted_once_and_shown_on_every_page(client: TestClient) -> None:
    event_id, code, codes, sides = one_table_started(
        client, singles=True, format="progressive", rounds=2
    )
    page = client.get(f"/t/{code}").text
    assert (
        "after a renege, a bid out of turn, a lead out of turn or a dealer failing to discard, "
        "write that hand 0–0" in html.unescape(page)
    )
    renege = client.post(
        f"/api/events/{event_id}/penalties",
        json={"round": 1, "table": 1, "kind": "renege", "offender": sides[1][0], "proven": True,
              "lone_hand": True, "hand_number": 5},
    )  # fmt: skip
    assert renege.status_code == 201, renege.text
    written_in = _marched_nine_seven(client, code, codes, sides[0][0])
    assert written_in.status_code == 400
    assert "the director ruled on hand 5 (renege): write hand 5 as 0-0" in written_in.text
    hands = [list(hand) for hand in HANDS_9_7]
    hands[4] = [0, 0]
    kept = _submit(client, code, codes[sides[0][0]], hand_points=hands)
    assert kept.status_code == 201, kept.text
    _confirm(client, code, kept.json()["id"], codes[sides[1][0]])
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    points = {row["competitor_id"]: row["points"] for row in snapshot["standings"]}
    assert points[str(sides[0][0])] == 5 + 4  # the hands' 5 and the renege on a loner, once
    results = client.get(f"/events/{event_id}/results").text
    assert "9 – 7" in results and "(game 5 – 7, penalties +4 / +0)" in results
    assert 'id="results-penalties"' in results and "renege" in results
    live = client.get(f"/events/{event_id}/live").text
    assert 'id="live-penalties"' in live
    state = client.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]
    assert state["team_points"] == [9, 7]  # the director's table list: with the penalty too
    phone = client.get(f"/t/{code}").text
    assert "won, 9–7 with the director's penalties." in html.unescape(phone)  # not the game's 5-7
    again = client.put(
        f"/api/events/{event_id}/rounds/1/tables/1/result",
        json={"hand_points": HANDS_9_7, "lone_marches": {str(sides[0][0]): 1}, "reason": "x"},
    )
    assert again.status_code == 400
    # One rule, one message, whether the phone or the director's correction typed it.
    assert "the director ruled on hand 5 (renege): write hand 5 as 0-0" in again.text


def test_totals_alone_are_refused_once_the_director_ruled_on_a_hand(client: TestClient) -> None:
    """Issue 9: "one place holds a penalty's points" -- totals alone could hide the ruled
    hand's points, so after a ruling the table enters its score hand by hand."""
    event_id, code, codes, sides = one_table_started(
        client, singles=True, format="progressive", rounds=2
    )
    renege = client.post(
        f"/api/events/{event_id}/penalties",
        json={"round": 1, "table": 1, "kind": "renege", "offender": sides[1][0], "proven": True,
              "hand_number": 5},
    )  # fmt: skip
    assert renege.status_code == 201, renege.text
    totals = _submit(client, code, codes[sides[0][0]], team_points=[9, 7])
    assert totals.status_code == 400
    assert (
        "the director ruled on hand 5 (renege): enter the score hand by hand, with hand 5 as 0-0"
        in totals.json()["detail"]
    )
    hands = [list(hand) for hand in HANDS_9_7]
    hands[4] = [0, 0]
    assert _submit(client, code, codes[sides[0][0]], hand_points=hands).status_code == 201


def test_an_unproven_renege_pays_the_accused_team_and_the_form_names_the_role(
    client: TestClient,
) -> None:
    event_id = create_event(client, format="progressive", rounds=2)
    players = add_singles(client, event_id, 4)
    names = {player["number"]: player["name"] for player in players}
    client.post(f"/api/events/{event_id}/rounds")
    dashboard = client.get(f"/director/events/{event_id}").text
    assert "renege — name the player accused of reneging" in dashboard
    assert "renege unproven — name the player who alleged the renege (the accuser)" in dashboard
    report_round(client, event_id, 1, (9, 7))
    _code, sides = table_sides(client, event_id)
    accused = sides[1][0]
    csrf = csrf_token(dashboard)
    posted = client.post(
        f"/director/events/{event_id}/penalties",
        data={"csrf_token": csrf, "round": "1", "table": "1", "kind": "renege",
              "offender": str(accused)},  # "proven" left unticked
    )  # fmt: skip
    assert posted.status_code == 200
    roles = client.get("/api/choices").json()["penalty_roles"]
    assert roles["renege"]["named"] == "the player accused of reneging"
    assert roles["renege_unproven"]["named"].startswith("the player who alleged the renege")
    listing = client.get(f"/director/events/{event_id}/penalties").text
    team = f"{names[sides[1][0]]} &amp; {names[sides[1][1]]}"
    assert f"{team} +2" in listing


def test_table_talk_warnings_count_per_player_for_the_event(client: TestClient) -> None:
    event_id = create_event(client, profile_id="bolivar", format="rotating_partners", rounds=3)
    add_singles(client, event_id, 4)
    client.post(f"/api/events/{event_id}/rounds")
    _, sides = table_sides(client, event_id)
    talker = sides[0][0]

    def talk(round_number: int) -> None:
        added = client.post(
            f"/api/events/{event_id}/penalties",
            json={"round": round_number, "table": 1, "kind": "table_talk", "offender": talker},
        )
        assert added.status_code == 201, added.text

    talk(1)
    report_round(client, event_id, 1, (5, 3))
    client.post(f"/api/events/{event_id}/rounds/1/close")
    client.post(f"/api/events/{event_id}/rounds")
    _, new_sides = table_sides(client, event_id, 2)
    assert set(new_sides[0]) != set(sides[0]) or set(new_sides[1]) != set(sides[0])
    talk(2)
    report_round(client, event_id, 2, (5, 3))
    rulings = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["penalties"]
    assert [sum(ruling["team_points"]) for ruling in rulings] == [0, 2]
    page = client.get(f"/director/events/{event_id}/penalties").text
    assert "table-talk report(s) this event" in page
    assert "per player for the whole event" in page
    first_id = client.get(f"/api/events/{event_id}/penalties").json()[0]["id"]
    csrf = csrf_token(page)
    assert f'data-testid="escalate-{first_id}"' in page
    client.post(
        f"/director/events/{event_id}/penalties/{first_id}/escalate",
        data={"csrf_token": csrf, "reason": "second warning that evening"},
    )
    rulings = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["penalties"]
    assert [sum(ruling["team_points"]) for ruling in rulings] == [2, 2]


# --- the phone after a confirmed score -------------------------------------------------------


def test_after_a_confirmed_score_the_phone_says_who_won_and_where_each_pair_goes(
    client: TestClient,
) -> None:
    event_id = create_event(client, rounds=2)
    players = add_teams(client, event_id, 4)
    names = {player["number"]: player["name"] for player in players}
    code, codes, sides = start_first_round(client, event_id)
    submitted = _submit(client, code, codes[sides[0][0]], team_points=[9, 7]).json()
    _confirm(client, code, submitted["id"], codes[sides[1][0]])
    page = client.get(f"/t/{code}").text
    assert 'id="score-form"' not in page  # the saved result, not a fresh form
    winners = f"{names[sides[0][0]]} &amp; {names[sides[0][1]]}"
    assert f"{winners} won, 9–7." in page
    assert "once every table has reported: see the projector" in page
    report_round(client, event_id, 1, (9, 7))
    page = client.get(f"/t/{code}").text
    seats = re.search(r'<div id="next-seats"[^>]*>(.*?)</div>', page, re.S)
    assert seats and "Round 2" in seats.group(1)
    for side in sides:
        for number in side:
            assert re.search(rf"{names[number]}: table \d", seats.group(1))


def test_printed_scorecards_carry_the_points_of_finished_rounds_and_sat_out(
    client: TestClient,
) -> None:
    event_id = create_event(client, format="rotating_partners", rounds=3, sit_out_scoring="fixed",
                            sit_out_points=6)  # fmt: skip
    players = add_singles(client, event_id, 5)
    names = {player["number"]: player["name"] for player in players}
    started = client.post(f"/api/events/{event_id}/rounds").json()
    out = int(started["plan"]["sitting_out"][0])
    report_round(client, event_id, 1, (9, 7))
    client.post(f"/api/events/{event_id}/rounds/1/close")
    client.post(f"/api/events/{event_id}/rounds")
    cards = pdf_pages(client, f"/api/events/{event_id}/rounds/2/scorecards.pdf")
    by_name = {
        number: next(page for page in cards if f"Scorecard - {name} " in page)
        for number, name in names.items()
    }
    assert re.search(r"\n1 sat out 6\b", by_name[out])
    for number, page in by_name.items():
        if number != out:
            assert re.search(r"\n1 1 \S.* (9|7)\b", page), page
