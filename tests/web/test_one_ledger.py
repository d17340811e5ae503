"""One ledger for a game's points, from the director's and the phones' side (TestClient):
each hand's points come from one source, the table's line or the director's ruling; a score
of totals only is one block a ruling is never silently added to; every open question holds
the close and the next round, and the pages say what is waiting. Sheet 004 (the tournament
sheet's progressive night) unless a test says otherwise."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    create_event,
    csrf_token,
    enter_and_confirm,
    start_first_round,
)

HANDS_3_5 = [[1, 0], [0, 1], [1, 0], [0, 1], [1, 0], [0, 1], [0, 1], [0, 1]]
"""Eight hands adding up to 3-5."""

HANDS_9_4 = [[2, 0], [0, 1], [1, 0], [2, 0], [0, 1], [2, 0], [0, 2], [2, 0]]
"""Eight hands adding up to 9-4."""


def _night(client: TestClient, rounds: int = 2) -> tuple[int, str, dict[int, str], list[list[int]]]:
    """A progressive night of one table under sheet 004, round 1 started."""
    event_id = create_event(client, format="progressive", rounds=rounds)
    add_singles(client, event_id, 4)
    return (event_id, *start_first_round(client, event_id))


_score = enter_and_confirm


def _penalty(client: TestClient, event_id: int, **fields: Any) -> Any:
    response = client.post(
        f"/api/events/{event_id}/penalties", json={"round": 1, "table": 1, **fields}
    )
    assert response.status_code == 201, response.text
    return response.json()


def _standings(client: TestClient, event_id: int) -> dict[str, dict[str, Any]]:
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    return {row["competitor_id"]: row for row in snapshot["standings"]}


def _page(client: TestClient, path: str) -> str:
    return html.unescape(client.get(path).text)


# --- 1. a level game made by a penalty in the last round -------------------------------------


def test_a_penalty_made_level_game_in_the_last_round_holds_the_close_and_credits_the_winner(
    client: TestClient,
) -> None:
    """Sheet 004: "Ties go to the first team to make the tying score". A one-game night:
    3-5, then a renege claim not proven pays the accused 2: level 5-5. The close waits for
    the answer (before: the event finished, "Final results", nobody credited the game),
    and the results page says what is waiting, then who won."""
    event_id, code, codes, sides = _night(client, rounds=1)
    _score(client, code, codes, sides, hand_points=HANDS_3_5)
    _penalty(client, event_id, kind="renege", offender=sides[0][0], proven=False)
    closed = client.post(f"/api/events/{event_id}/rounds/1/close")
    assert closed.status_code == 409
    assert "Table 1 is level 5–5 after a penalty: who reached 5 first?" in closed.json()["detail"]
    results = _page(client, f"/events/{event_id}/results")
    assert "Final results" not in results
    assert "waiting for the director, who must first answer: Table 1 is level 5–5" in results
    assert client.get(f"/api/events/{event_id}").json()["status"] != "finished"
    [question] = client.get(f"/api/events/{event_id}/questions").json()
    assert question["kind"] == "level_game"
    assert client.post(question["answer"], json={"first": 1}).status_code == 200
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    rows = _standings(client, event_id)
    assert rows[str(sides[1][0])]["games_won"] == 1 and rows[str(sides[0][0])]["games_won"] == 0
    results = _page(client, f"/events/{event_id}/results")
    assert "Final results" in results
    winners = " & ".join(f"P{number}" for number in sides[1])
    assert f"({winners} reached 5 first: won)" in results


# --- 2. a ruling is never added on top of totals that hold it ---------------------------------


def test_a_ruling_after_totals_only_is_not_added_on_top_until_the_director_says(
    client: TestClient,
) -> None:
    """The table sent 9-4 by its totals, then the director ruled a lead out of turn (2 to
    the first pair). Before, 9-4 became 11-4 without a word. Now the dashboard asks whether
    9-4 already hold the ruling, the round waits, and "yes" keeps 9-4."""
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, team_points=[9, 4])
    penalty = _penalty(client, event_id, kind="lead_out_of_turn", offender=sides[1][0])
    rows = _standings(client, event_id)
    assert rows[str(sides[0][0])]["points"] == 9, "not silently 11"
    dashboard = _page(client, f"/director/events/{event_id}")
    assert "Table 1 sent its totals only (9–4), and the director ruled on a lead out of turn" in (
        dashboard
    )
    assert "do 9–4 already hold the ruling's points?" in dashboard
    waits = client.post(f"/api/events/{event_id}/rounds/1/close")
    assert waits.status_code == 409 and "a score of totals only is one block" in waits.text
    answered = client.post(
        f"/api/events/{event_id}/penalties/{penalty['id']}/in-totals", json={"in_totals": True}
    )
    assert answered.status_code == 200, answered.text
    rows = _standings(client, event_id)
    assert rows[str(sides[0][0])]["points"] == 9 and rows[str(sides[1][0])]["points"] == 4
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200


def test_a_ruling_without_a_hand_number_keeps_the_phone_on_hand_by_hand_entry(
    client: TestClient,
) -> None:
    """A renege on a loner ruled without a hand number: 4 to the lone team. Before, the
    phone sent the table to totals-only entry and its 5-7 (the 4 in it) became 5-11. Now
    the phone refuses totals and takes the hands, the ruled hand 0-0: 5-7, counted once."""
    event_id, code, codes, sides = _night(client)
    _penalty(client, event_id, kind="renege", offender=sides[0][0], proven=True, lone_hand=True)
    totals = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "team_points": [5, 7]},
    )
    assert totals.status_code == 400
    assert "enter the score hand by hand, with the hand it ended as 0-0" in totals.text
    hands = [[1, 0], [0, 1], [1, 0], [0, 0], [1, 0], [0, 1], [2, 0], [0, 1]]
    _score(client, code, codes, sides, hand_points=hands)
    rows = _standings(client, event_id)
    assert rows[str(sides[0][0])]["points"] == 5 and rows[str(sides[1][0])]["points"] == 7


def test_a_directors_total_from_the_paper_sheet_does_not_get_the_ruling_added_again(
    client: TestClient,
) -> None:
    """The director corrects a table from its paper sheet (9-6, the lead out of turn's 2
    already written in). Before, the ruling was added again (9-8). Now he is asked whether
    the totals hold the ruling, and his answer counts it once."""
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, hand_points=HANDS_9_4)
    _penalty(client, event_id, kind="lead_out_of_turn", offender=sides[0][0], hand_number=2)
    url = f"/api/events/{event_id}/rounds/1/tables/1/result"
    paper = {"team_points": [9, 6], "hand_points": [], "reason": "paper sheet"}
    unanswered = client.put(url, json=paper)
    assert unanswered.status_code == 400
    assert "say whether the totals 9-6" in unanswered.json()["detail"]
    saved = client.put(url, json={**paper, "rulings_in_totals": True})
    assert saved.status_code == 200, saved.text
    rows = _standings(client, event_id)
    assert rows[str(sides[0][0])]["points"] == 9 and rows[str(sides[1][0])]["points"] == 6


# --- 3. a lone hand of five tricks a ruling took over -----------------------------------------


def _lone_night(client: TestClient, ruling_first: bool) -> dict[str, dict[str, Any]]:
    """Hand 1 was a lone hand of five tricks by the first pair's first player, but the
    opponents reneged during it: sheet 004, "In the case of a renege during a Loner
    attempt, the non-offending team scores 4 points". Entered in either order."""
    event_id, code, codes, sides = _night(client)
    caller = str(sides[0][0])
    played = [[4, 0], [0, 1], [1, 0], [2, 0], [1, 0], [0, 2], [1, 0], [2, 0]]

    def ruling() -> None:
        _penalty(client, event_id, kind="renege", offender=sides[1][0], proven=True,
                 lone_hand=True, hand_number=1)  # fmt: skip

    if ruling_first:
        ruling()
        written = [[0, 0], *played[1:]]
        _score(client, code, codes, sides, hand_points=written)
    else:
        _score(client, code, codes, sides, hand_points=played, lone_marches={caller: 1})
        ruling()
    return _standings(client, event_id)


def test_a_lone_hand_a_ruling_took_over_scores_the_same_whichever_was_entered_first(
    client: TestClient,
) -> None:
    """Before, entered after the score the caller kept his 5 (the 5/4 lone point) and the
    lone hand (the second tie-break); entered before, he had neither. Now both orders give
    the ruling's 4 to the team, no lone point and no lone hand."""
    after = _lone_night(client, ruling_first=False)
    before = _lone_night(client, ruling_first=True)
    for rows in (after, before):
        caller, partner = sorted(rows, key=int)[:2]
        assert rows[caller]["points"] == rows[partner]["points"] == 11, rows
        assert rows[caller]["lone_hands"] == 0, rows
    assert {k: (v["points"], v["lone_hands"]) for k, v in after.items()} == {
        k: (v["points"], v["lone_hands"]) for k, v in before.items()
    }


# --- 4. no stale warnings in internal field names ----------------------------------------------


def test_the_dashboard_shows_no_stale_tie_warning_for_a_correct_game(client: TestClient) -> None:
    """A game level 5-5 on its hands (who reached 5 first read from them), then a table
    talk penalty: 7-5. Before, the dashboard kept a red "first_to_tying_score given but the
    game is not tied (7-5)" all night."""
    event_id, code, codes, sides = _night(client)
    level = [[1, 0], [0, 1], [1, 0], [0, 1], [1, 0], [0, 1], [2, 0], [0, 2]]
    _score(client, code, codes, sides, hand_points=level)
    _penalty(client, event_id, kind="table_talk", offender=sides[1][0], warned=True)
    dashboard = _page(client, f"/director/events/{event_id}")
    warnings = re.findall(r'<ul class="warnings">(.*?)</ul>', dashboard, re.S)
    assert not any("first_to_tying_score" in found for found in warnings), warnings
    assert "not tied" not in dashboard
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    assert not any("tying score" in warning for warning in snapshot["warnings"])


# --- 6. the next seats wait for the answer ------------------------------------------------------


def test_phones_and_the_preview_wait_for_the_tie_answer_instead_of_assuming_a_winner(
    client: TestClient,
) -> None:
    """Before the tie is answered, the phones showed round 2's seats as if the first-listed
    pair had won (four players then moved). Now they say what the seating waits for; the
    dashboard's preview too (a ruling recorded after the round closed)."""
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, hand_points=HANDS_3_5)
    _penalty(client, event_id, kind="renege", offender=sides[0][0], proven=False)
    phone = client.get(f"/t/{code}")
    text = html.unescape(phone.text)
    assert "Round 2's seats: waiting for the director, who must first answer: Table 1 is " in (text)
    assert "data-seat=" not in phone.text
    # Answer, close, then a ruling after the close makes another level game: the preview.
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, hand_points=HANDS_3_5)
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    _penalty(client, event_id, kind="renege", offender=sides[0][0], proven=False)
    dashboard = _page(client, f"/director/events/{event_id}")
    assert re.search(r'id="preview-waits">Round 2 seating: waiting', dashboard)
    assert 'id="seating-preview"' not in dashboard
    assert re.search(r'id="start-round" disabled', dashboard)


# --- 7. the dispute list, the unproven claim, the penalty form ---------------------------------


def test_the_dispute_list_shows_each_entrys_hands(client: TestClient) -> None:
    """Two entries of one table with the same totals: before, they looked the same."""
    event_id, code, codes, sides = _night(client)
    first = [[1, 0], [0, 1], [1, 0], [0, 1], [1, 0], [0, 1], [2, 0], [0, 1]]
    second = [[1, 0], [0, 1], [1, 0], [0, 1], [2, 0], [0, 1], [1, 0], [0, 1]]
    for player, hands in ((sides[0][0], first), (sides[1][0], second)):
        sent = client.post(
            f"/api/tables/{code}/submissions",
            json={"player_code": codes[player], "hand_points": hands},
        )
        assert sent.status_code == 201, sent.text
    dashboard = _page(client, f"/director/events/{event_id}")
    assert "(hands: 1–0 0–1 1–0 0–1 1–0 0–1 2–0 0–1)" in dashboard
    assert "(hands: 1–0 0–1 1–0 0–1 2–0 0–1 1–0 0–1)" in dashboard


def test_an_unproven_renege_claim_is_labelled_not_proven(client: TestClient) -> None:
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, hand_points=HANDS_9_4)
    _penalty(client, event_id, kind="renege", offender=sides[1][0], proven=False)
    for path in (f"/events/{event_id}/results", f"/director/events/{event_id}",
                 f"/director/events/{event_id}/penalties"):  # fmt: skip
        assert "renege claim, not proven" in _page(client, path), path


def test_the_penalty_form_says_per_kind_what_the_table_writes_and_lists_the_tables_players(
    client: TestClient,
) -> None:
    """Before, the form told every kind "the table writes the hand as 0–0" (table talk is
    played out) and listed every player of the event in one list."""
    event_id, _code, _codes, _sides = _night(client)
    page = _page(client, f"/director/events/{event_id}")
    assert "The table writes the hand you rule on as 0–0" not in page
    talk = re.search(r'<tr data-kind="table_talk">(.*?)</tr>', page)
    assert talk and "the hand is played out: the table writes it as played" in talk.group(1)
    renege = re.search(r'<tr data-kind="renege">(.*?)</tr>', page)
    assert renege and "the hand is over: the table writes it 0–0" in renege.group(1)
    assert '<optgroup label="Table 1">' in page


def test_bolivars_penalty_form_offers_only_the_kinds_sheet_001_has(client: TestClient) -> None:
    """Sheet 001 has no exposed-card clause: it is not offered (the form names it as
    "not on this sheet")."""
    event_id = create_event(client, profile_id="bolivar", format="progressive", rounds=2)
    page = _page(client, f"/director/events/{event_id}")
    kinds = re.search(r'<select id="penalty-kind"[^>]*>(.*?)</select>', page, re.S)
    assert kinds and 'value="renege"' in kinds.group(1)
    assert 'value="exposed_card"' not in kinds.group(1)
    assert "Not on this sheet (you decide, with no points from the app): " in page
    assert "exposed card" in page.split("Not on this sheet")[1]


def test_the_correction_page_asks_whether_paper_totals_hold_the_ruling(client: TestClient) -> None:
    """The director's correction page, totals from a paper sheet beside a ruling: refused
    with the question until he says, then counted once (9-6, not 9-8)."""
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, hand_points=HANDS_9_4)
    _penalty(client, event_id, kind="lead_out_of_turn", offender=sides[0][0], hand_number=2)
    url = f"/director/events/{event_id}/rounds/1/tables/1/result"
    page = _page(client, url)
    assert "do they already hold the points of your ruling(s) at this table" in page
    token = csrf_token(page)
    form = {"csrf_token": token, "reason": "paper sheet", "team0": "9", "team1": "6"}
    for number in range(1, 9):
        form[f"hand_{number}_0"] = form[f"hand_{number}_1"] = ""
    refused = client.post(url, data=form)
    assert refused.status_code == 400
    assert "say whether the totals 9-6" in html.unescape(refused.text)
    saved = client.post(url, data={**form, "rulings_in_totals": "yes"})
    assert saved.status_code in (200, 303), saved.text
    rows = _standings(client, event_id)
    assert rows[str(sides[0][0])]["points"] == 9 and rows[str(sides[1][0])]["points"] == 6
