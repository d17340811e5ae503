"""Issue 24: penalties counted once under the tournament sheet (sheet 004), through the API and
the phone's page (TestClient): a ruled hand's points are the ruling's, whichever came first."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import add_singles, create_event, enter_and_confirm, start_first_round

HANDS_6_6 = [[1, 0], [0, 1], [2, 0], [0, 2], [1, 0], [0, 1], [2, 0], [0, 2]]
"""Eight hands adding up to 6-6; the second partnership's 2 on hand 4."""

HANDS_11_3 = [[4, 0], [0, 1], [1, 0], [2, 0], [1, 0], [0, 2], [1, 0], [2, 0]]
"""Eight hands adding up to 11-3, a lone hand of five tricks (4) for the first partnership on
hand 1."""


def _night(client: TestClient) -> tuple[int, str, dict[int, str], list[list[int]]]:
    """A progressive night under sheet 004 with its first round started: the event, the
    table's code, the players' codes and the table's two partnerships."""
    event_id = create_event(client, format="progressive", rounds=2)
    add_singles(client, event_id, 4)
    return (event_id, *start_first_round(client, event_id))


def _score(client: TestClient, code: str, codes: dict[int, str], sides: list[list[int]],
           hands: list[list[int]], **extra: Any) -> Any:  # fmt: skip
    """The first partnership submits ``hands``, the second confirms; the submission's JSON."""
    return enter_and_confirm(client, code, codes, sides, hand_points=hands, **extra)


def _penalty(client: TestClient, event_id: int, **fields: Any) -> Any:
    return client.post(
        f"/api/events/{event_id}/penalties", json={"round": 1, "table": 1, "proven": True, **fields}
    )


def _points(client: TestClient, event_id: int) -> dict[str, int]:
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    return {row["competitor_id"]: row["points"] for row in snapshot["standings"]}


def test_renege_the_non_offending_team_scores_two_once_when_ruled_after_the_hand_by_hand_score(
    client: TestClient,
) -> None:
    """Sheet 004, RENEGE: "The hand is over, the offending team loses their bid and the
    non-offending team scores two points". The table wrote hand 4 as 0-2 before the director
    ruled on it: the ruling's 2 are that hand's points, so 6-6 stays 6-6 (not 6-8)."""
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, HANDS_6_6)
    renege = _penalty(client, event_id, kind="renege", offender=sides[0][0], hand_number=4)
    assert renege.status_code == 201, renege.text
    points = _points(client, event_id)
    assert points[str(sides[1][0])] == 6, points  # not 6 + 2
    assert points[str(sides[0][0])] == 6, points
    state = client.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]
    assert state["team_points"] == [6, 6]
    assert "6 – 6" in client.get(f"/events/{event_id}/results").text


def test_renege_on_a_loner_scores_four_once_and_a_ruling_without_its_hand_is_refused(
    client: TestClient,
) -> None:
    """Sheet 004, RENEGE: "In the case of a renege during a Loner attempt, the non-offending
    team scores 4 points". The table scored hand by hand (its lone 4 on hand 1): a ruling
    naming no hand would keep that 4 beside the ruling's (15-3 instead of 11-3), so it is
    refused with a message asking for the hand; named, the ruling's 4 replace the hand's."""
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, HANDS_11_3, lone_marches={str(sides[0][0]): 1})
    fields = {"kind": "renege", "offender": sides[1][0], "lone_hand": True}
    unnamed = _penalty(client, event_id, **fields)
    assert unnamed.status_code == 400, unnamed.text
    assert (
        "round 1 table 1 was scored hand by hand (8 hands): name the hand (hand number) the "
        "renege ended" in unnamed.json()["detail"]
    )
    assert client.get(f"/api/events/{event_id}/penalties").json() == []  # nothing half-kept
    named = _penalty(client, event_id, **fields, hand_number=1)
    assert named.status_code == 201, named.text
    points = _points(client, event_id)
    # The lone caller's partner scores the team's 11 (the caller 12: 5 for his lone hand).
    assert points[str(sides[0][1])] == 11 and points[str(sides[1][0])] == 3, points


def test_a_ruling_that_names_no_hand_takes_the_hand_the_table_wrote_0_0(
    client: TestClient,
) -> None:
    """The other order: the director ruled first without a hand number. A hand-by-hand score
    with no 0-0 hand would keep the ruled hand's points, so it is refused with what to do;
    with the ruled hand written 0-0 (under stick the dealer only a ruled hand is 0-0) the
    ruling's points are that hand's, counted once."""
    event_id, code, codes, sides = _night(client)
    lead = _penalty(client, event_id, kind="lead_out_of_turn", offender=sides[1][0])
    assert lead.status_code == 201, lead.text
    refused = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "hand_points": HANDS_11_3},
    )
    assert refused.status_code == 400
    assert (
        "the director ruled on a lead out of turn at round 1 table 1 without naming the hand: "
        "write the hand it ended as 0-0" in refused.json()["detail"]
    )
    hands = [list(hand) for hand in HANDS_11_3]
    hands[3] = [0, 0]  # hand 4 (2-0 as typed before) was the one the lead out of turn ended
    _score(client, code, codes, sides, hands, lone_marches={str(sides[0][0]): 1})
    points = _points(client, event_id)
    # 9-3 as written, plus the ruling's 2 to the first partnership once: 11-3.
    assert points[str(sides[0][1])] == 11 and points[str(sides[1][0])] == 3, points


def test_a_hand_that_scores_nothing_is_refused_unless_the_director_ruled_on_it(
    client: TestClient,
) -> None:
    """Sheet 004: "the dealer is obligated to declare trump" (stick the dealer) and every
    hand scores 1, 2 or 4 to one team, so a 0-0 hand with no ruling is a typing slip: eight of
    them are not a game. The error names the hand and the form keeps what was typed."""
    event_id, code, codes, sides = _night(client)
    zeros = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "hand_points": [[0, 0]] * 8},
    )
    assert zeros.status_code == 400
    assert "hand 1 is 0-0, but with stick the dealer every hand gives points" in zeros.text
    hands = [list(hand) for hand in HANDS_6_6]
    hands[2] = [0, 0]
    form = {"player_code": codes[sides[0][0]], "round": "1", "team0": "4", "team1": "6"}
    for number, (first, second) in enumerate(hands, start=1):
        form[f"hand_{number}_0"], form[f"hand_{number}_1"] = str(first), str(second)
    page = client.post(f"/t/{code}/submissions", data=form)
    assert page.status_code == 400
    text = html.unescape(page.text)
    assert "hand 3 is 0-0" in text
    assert re.search(r'name="hand_2_1"[^>]*value="1"', page.text)  # what was typed is kept
    ruled = _penalty(client, event_id, kind="renege", offender=sides[1][0], hand_number=3)
    assert ruled.status_code == 201, ruled.text
    # Hand 3 ruled on: the table writes it 0-0 and the ruling holds its points.
    assert client.post(f"/t/{code}/submissions", data=form).status_code in (200, 303)


def test_the_phone_says_table_talk_and_an_unproven_renege_claim_are_played_out(
    client: TestClient,
) -> None:
    """Sheet 004: table talk costs the offenders "its right to bid and the opposing team is
    awarded two points", and a renege "alleged but ultimately not proven" pays the falsely
    accused team 2: the hand is played out and scored as played, not written 0-0."""
    _event_id, code, _codes, _sides = _night(client)
    page = html.unescape(client.get(f"/t/{code}").text)
    assert (
        "after table talk or a renege claim that is not proven, the hand is played out: "
        "write it as played" in page
    )
    assert (
        "after a renege, a bid out of turn, a lead out of turn or a dealer failing to "
        "discard, write that hand 0–0" in page
    )


HANDS_3_5 = [[1, 0], [0, 1], [1, 0], [0, 1], [1, 0], [0, 1], [0, 1], [0, 1]]
"""Eight hands adding up to 3-5."""


def _level_after_a_penalty(client: TestClient) -> tuple[int, list[list[int]]]:
    """Round 1's game 3-5, then a renege alleged against the first partnership but not
    proven: "the team falsely accused by their opponent's scores 2 points" (sheet 004), so
    the game is level 5-5 after the penalty. Round 1 cannot close before the answer."""
    event_id, code, codes, sides = _night(client)
    _score(client, code, codes, sides, HANDS_3_5)
    claim = _penalty(client, event_id, kind="renege", offender=sides[0][0], proven=False)
    assert claim.status_code == 201, claim.text
    closed = client.post(f"/api/events/{event_id}/rounds/1/close")
    assert closed.status_code == 409, closed.text
    assert "round 1 cannot close: Table 1 is level 5–5 after a penalty" in closed.text
    return event_id, sides


def test_ties_go_to_the_first_team_to_make_the_tying_score_when_a_penalty_makes_the_game_level(
    client: TestClient,
) -> None:
    """Sheet 004: "Ties go to the first team to make the tying score (i.e., last team to
    score loses)". 3-5 plus the penalty's 2 is 5-5: the director is asked who reached 5
    first, the next round waits for the answer, and the answer credits that pair the game
    (not the first-listed pair by default)."""
    event_id, sides = _level_after_a_penalty(client)
    asked = client.get(f"/api/events/{event_id}/level-games")
    assert asked.status_code == 200, asked.text
    [game] = asked.json()
    assert game["question"] == "Table 1 is level 5–5 after a penalty: who reached 5 first?"
    assert game["penalty_points"] == [2, 0]
    waiting = client.post(f"/api/events/{event_id}/rounds/1/close")
    assert waiting.status_code == 409
    assert "Table 1 is level 5–5 after a penalty: who reached 5 first?" in waiting.text
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    won = {row["competitor_id"]: row["games_won"] for row in snapshot["standings"]}
    assert sum(won.values()) == 0  # nobody is credited the game before the answer
    answered = client.post(game["answer"], json={"first": 1})
    assert answered.status_code == 200, answered.text
    assert answered.json()["result"]["first_to_tying_score"] == 1
    assert client.get(f"/api/events/{event_id}/level-games").json() == []
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    won = {row["competitor_id"]: row["games_won"] for row in snapshot["standings"]}
    assert won[str(sides[1][0])] == won[str(sides[1][1])] == 1
    assert won[str(sides[0][0])] == won[str(sides[0][1])] == 0
    points = {row["competitor_id"]: row["points"] for row in snapshot["standings"]}
    assert points[str(sides[0][0])] == points[str(sides[1][0])] == 5
    audit = client.get(f"/api/events/{event_id}/audit").json()
    assert any(row["action"] == "settle_level_game" for row in audit)
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    again = client.post(game["answer"], json={"first": 0})
    assert again.status_code == 409  # settled: a change goes through a correction


def test_the_dashboard_asks_who_reached_the_tying_score_first(client: TestClient) -> None:
    event_id, _sides = _level_after_a_penalty(client)
    page = html.unescape(client.get(f"/director/events/{event_id}").text)
    assert "Table 1 is level 5–5 after a penalty: who reached 5 first?" in page
    assert "the round closes once it is answered" in page
    assert "no first_to_tying_score" not in page  # asked, not a warning
