"""Issue 24, items 1, 5 and 11: a score names the round it scores; the phone's table page
between rounds; the next seat said to be provisional until the director starts the round.

"A page left open posts into the next round ... The form and the API must name the round
they score; a score for a round that is over is refused with a message that names it,
keeping what was typed." "The next seat is shown before it is decided ... say 'provisional'
until the round starts, and say so when it changes." "After a round closes, the phone's
table page is an error page ...: show the result and what comes next."
"""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect
from tests.served import EuchreServer
from tests.store.factory import (
    add_singles,
    codes_by_number,
    create_event,
    one_table_started,
    report_round,
    table_sides,
)
from tests.web.night import Night, table_codes


def _progressive(client: TestClient, rounds: int = 3) -> int:
    """A progressive event of 8 players (two tables; partners change every round), round 1
    started."""
    event_id = create_event(client, format="progressive", rounds=rounds)
    add_singles(client, event_id, 8)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    return event_id


def _hidden(page: str, name: str) -> str:
    found = re.search(
        rf'<input type="hidden" id="score-[a-z]+" name="{name}" value="([^"]*)"', page
    )
    assert found, f"the form has no hidden {name!r}"
    return found.group(1)


def _names(client: TestClient, event_id: int) -> dict[int, str]:
    return {
        row["number"]: row["name"] for row in client.get(f"/api/events/{event_id}/players").json()
    }


def _round_of_submissions(client: TestClient, event_id: int, number: int) -> list[int]:
    rows = client.get(f"/api/events/{event_id}/submissions").json()
    return [row["id"] for row in rows if row["round"] == number]


# --- item 1: the API ---------------------------------------------------------------------


def test_api_a_score_for_a_round_that_is_over_is_refused_naming_both_rounds(
    client: TestClient,
) -> None:
    event_id = _progressive(client)
    code, sides = table_sides(client, event_id)
    codes = codes_by_number(client, event_id)
    report_round(client, event_id, 1, (9, 5))
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    keeper = client.get(f"/api/tables/{code}").json()["partnerships"][0][0]["number"]
    late = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[keeper], "team_points": [9, 5], "round": 1},
    )
    assert late.status_code == 409
    detail = late.json()["detail"]
    assert "Round 1 is over: this score was not recorded" in detail
    assert "round 2 is in play now" in detail
    ahead = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[keeper], "team_points": [9, 5], "round": 3},
    )
    assert ahead.status_code == 409
    assert "This score is for round 3, but round 2 is the latest round" in ahead.json()["detail"]
    assert _round_of_submissions(client, event_id, 2) == []  # nothing landed in round 2
    # The round in play is taken; without "round" the API takes the round in play (docs).
    named = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[keeper], "team_points": [9, 5], "round": 2},
    )
    assert named.status_code == 201, named.text
    assert named.json()["round"] == 2
    assert sides  # round 1's seating was read while it was in play


# --- item 1: the phone's form --------------------------------------------------------------


def test_a_phone_left_on_round_1_page_is_refused_after_round_2_started_keeping_what_was_typed(
    client: TestClient,
) -> None:
    event_id = _progressive(client)
    code, sides = table_sides(client, event_id)
    codes = codes_by_number(client, event_id)
    names = {
        row["number"]: row["name"] for row in client.get(f"/api/events/{event_id}/players").json()
    }
    page = client.get(f"/t/{code}").text
    assert _hidden(page, "round") == "1"
    assert _hidden(page, "seated") == " ".join(str(n) for side in sides for n in side)
    typed = {
        "round": _hidden(page, "round"),
        "seated": _hidden(page, "seated"),
        "team0": "9",
        "team1": "5",
        "player_code": codes[sides[0][0]],
    }
    report_round(client, event_id, 1, (9, 7))  # the table's score came in another way
    client.post(f"/api/events/{event_id}/rounds/1/close")
    client.post(f"/api/events/{event_id}/rounds")
    refused = client.post(f"/t/{code}/submissions", data=typed)
    assert refused.status_code == 409
    text = html.unescape(refused.text)
    assert "Round 1 is over: this score was not recorded (round 2 is in play now)" in text
    # Round 1's page, with its pairing and what was typed, which cannot be sent again.
    assert "Round 1 is over" in text
    first = f"{names[sides[0][0]]} & {names[sides[0][1]]}"
    assert first in text
    assert re.search(r'id="team0-points"[^>]*value="9"', refused.text)
    assert re.search(r'id="team1-points"[^>]*value="5"', refused.text)
    assert '<fieldset id="score-fields" class="plain" disabled>' in refused.text
    assert 'id="score-submit"' not in refused.text
    assert _round_of_submissions(client, event_id, 2) == []
    # The round-2 page of the same code asks for round 2's score.
    assert _hidden(client.get(f"/t/{code}").text, "round") == "2"


def test_a_form_that_does_not_name_its_round_is_refused_and_keeps_what_was_typed(
    client: TestClient,
) -> None:
    event_id, code, codes, sides = one_table_started(client)
    refused = client.post(
        f"/t/{code}/submissions",
        data={"team0": "9", "team1": "5", "player_code": codes[sides[0][0]]},
    )
    assert refused.status_code == 400
    assert "does not say which round it scores" in refused.text
    assert re.search(r'id="team0-points"[^>]*value="9"', refused.text)
    assert _round_of_submissions(client, event_id, 1) == []


def test_a_score_typed_for_a_seating_the_director_changed_is_refused(client: TestClient) -> None:
    event_id = _progressive(client)
    code, sides = table_sides(client, event_id)
    codes = codes_by_number(client, event_id)
    page = client.get(f"/t/{code}").text
    typed = {
        "round": _hidden(page, "round"),
        "seated": _hidden(page, "seated"),
        "team0": "9",
        "team1": "5",
        "player_code": codes[sides[0][0]],
    }
    # The director reseats round 1 before any score: table 1's partners change.
    (a, b), (c, d) = sides
    other = [n for n in range(1, 9) if n not in (a, b, c, d)]
    reseated = client.put(
        f"/api/events/{event_id}/rounds/1/seating",
        json={"tables": [[[a, c], [b, d]], [other[:2], other[2:]]], "reason": "a pair swapped"},
    )
    assert reseated.status_code == 200, reseated.text
    refused = client.post(f"/t/{code}/submissions", data=typed)
    assert refused.status_code == 409
    assert "changed since this page was loaded" in refused.text
    assert "this score was not recorded" in refused.text
    assert re.search(r'id="team0-points"[^>]*value="9"', refused.text)
    assert _round_of_submissions(client, event_id, 1) == []


def test_confirming_a_score_of_a_round_that_is_over_says_so_and_changes_nothing(
    client: TestClient,
) -> None:
    event_id = _progressive(client)
    code, sides = table_sides(client, event_id)
    codes = codes_by_number(client, event_id)
    pending = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "team_points": [9, 5], "round": 1},
    ).json()
    # The director settles round 1 without this phone (a correction), closes it, starts 2.
    client.put(
        f"/api/events/{event_id}/rounds/1/tables/1/result",
        json={"team_points": [9, 7], "reason": "tally sheet"},
    ).raise_for_status()
    report_round(client, event_id, 1, (9, 7))
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    closed = client.post(
        f"/t/{code}/submissions/{pending['id']}/confirm",
        data={"player_code": codes[sides[1][0]]},
    )
    assert closed.status_code == 409
    assert "round 1 is over at table 1" in closed.text  # said, not lost
    assert "Round 1 is over" in closed.text
    client.post(f"/api/events/{event_id}/rounds")
    late = client.post(
        f"/t/{code}/submissions/{pending['id']}/confirm",
        data={"player_code": codes[sides[1][0]]},
    )
    assert late.status_code == 409
    assert f"score {pending['id']} was entered in round 1, which is over" in late.text
    statuses = {
        row["id"]: row["status"] for row in client.get(f"/api/events/{event_id}/submissions").json()
    }
    assert statuses[pending["id"]] != "confirmed"


# --- items 5 and 11: the phone between rounds ---------------------------------------------


def test_the_next_seat_is_provisional_until_the_director_starts_the_round(
    client: TestClient,
) -> None:
    event_id = _progressive(client, rounds=2)
    code, _ = table_sides(client, event_id)
    report_round(client, event_id, 1, (9, 5))
    page = html.unescape(client.get(f"/t/{code}").text)
    assert "Provisional: may change until the director starts round 2" in page
    assert "data-provisional" in page


def test_after_the_round_closes_the_phone_shows_the_result_and_what_comes_next(
    client: TestClient,
) -> None:
    event_id = _progressive(client, rounds=2)
    code, _ = table_sides(client, event_id)
    report_round(client, event_id, 1, (9, 5))
    client.post(f"/api/events/{event_id}/rounds/1/close")
    page = client.get(f"/t/{code}")
    assert page.status_code == 200  # not "Problem (409) round 1 is over"
    text = html.unescape(page.text)
    assert "Round 1 is over" in text
    assert "won, 9–5" in text  # the confirmed result
    assert "Round 2 has not started yet" in text
    assert "Provisional: may change until the director starts round 2" in text
    assert 'id="score-form"' not in text
    client.post(f"/api/events/{event_id}/rounds")
    report_round(client, event_id, 2, (9, 3))
    client.post(f"/api/events/{event_id}/rounds/2/close")
    final = client.get(f"/t/{code}")
    assert final.status_code == 200
    text = html.unescape(final.text)
    assert "Round 2 is over" in text
    assert "The event is over: see the results" in re.sub(r"<[^>]+>", "", text)
    assert f'<a id="results-link" href="/events/{event_id}/results">' in text
    assert "starts round 3" not in text  # no promise of a round that never comes


# --- item 11: the director's side ----------------------------------------------------------


def test_accepting_a_dispute_reports_no_seat_changes_for_a_round_only_just_seated(
    client: TestClient,
) -> None:
    event_id, code, codes, sides = one_table_started(client)
    first = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "team_points": [9, 5], "round": 1},
    ).json()
    client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[1][0]], "team_points": [5, 9], "round": 1},
    )
    names = {
        row["number"]: row["name"] for row in client.get(f"/api/events/{event_id}/players").json()
    }
    dashboard = html.unescape(client.get(f"/director/events/{event_id}").text)
    pair = [" & ".join(names[number] for number in side) for side in sides]
    # Each dispute line says which side has which score.
    assert f"{pair[0]} 9 – {pair[1]} 5" in dashboard
    assert f"{pair[0]} 5 – {pair[1]} 9" in dashboard
    accepted = client.post(
        f"/api/events/{event_id}/submissions/{first['id']}/accept",
        json={"reason": "tally sheet checked"},
    )
    assert accepted.status_code == 200, accepted.text
    # Round 2 was not seated before: nobody's seat changed.
    assert accepted.json()["movement_changes"] == []


# --- in Chromium: the phone at 390 px --------------------------------------------------------


@pytest.mark.browser
@pytest.mark.shared_server
def test_phone_left_on_round_1_then_provisional_seats_then_the_closed_round_in_chromium(
    served: EuchreServer, night: Night
) -> None:
    night.create_event("Round-bound night", "tournament", **{"event-rounds": "3"})
    csv = "name,checked_in\n" + "".join(
        f"{name},yes\n" for name in ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    )
    night.import_players(csv, 8)
    first = table_codes(night.start_round())
    base = served.base_url
    # A phone opens table 1 in round 1 and types a score it never sends.
    left = night.phone()
    left.goto(f"{base}/t/{first[1]}")
    keeper = int(re.findall(r"#(\d+)", left.locator("#partnership-0").inner_text())[0])
    left.fill("#team0-points", "9")
    left.fill("#team1-points", "5")
    left.fill("#player-code", night.codes()[keeper])
    night.shot(left, "round-1-typed-not-sent")
    for code in first.values():
        night.report(code, {"team_points": [9, 7]})
    # Before round 2 starts, another phone sees its next seats as provisional.
    watcher = night.phone()
    watcher.goto(f"{base}/t/{first[1]}")
    expect(watcher.locator("#next-state")).to_contain_text(
        "Provisional: may change until the director starts round 2"
    )
    before = {
        line.get_attribute("data-player"): line.get_attribute("data-seat")
        for line in watcher.locator("#next-seats li[data-seat]").all()
    }
    expect(watcher.locator(".seat-changed")).to_have_count(0)
    night.shot(watcher, "provisional-next-seats")
    # The director seats round 2 by hand before starting it (as a late arrival would,
    # the seats change); of two seatings with no partners in common, one moves someone.
    moved: list[str | None] = []
    after: dict[str | None, str | None] = {}
    for tables in ([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[[1, 3], [2, 4]], [[5, 7], [6, 8]]]):
        night.api.put(
            f"/api/events/{night.event_id}/rounds/2/seating",
            json={"tables": tables, "reason": "a late arrival"},
        ).raise_for_status()
        watcher.reload()
        after = {
            line.get_attribute("data-player"): line.get_attribute("data-seat")
            for line in watcher.locator("#next-seats li[data-seat]").all()
        }
        moved = [player for player in after if after[player] != before.get(player)]
        if moved:
            break
    assert moved, "a new seating of round 2 should change a seat at table 1"
    for player in moved:
        old_table = str(before[player]).split(",")[0].split(" with ")[0]
        new_table = str(after[player]).split(",")[0].split(" with ")[0]
        words = f"now {new_table}." if old_table != new_table else "same table, now with"
        expect(watcher.locator(f"li[data-player='{player}'] .seat-changed")).to_contain_text(
            f"Changed since you last looked: {words}"
        )
    # The note stays while the seat stays changed (the page refreshes itself).
    watcher.reload()
    expect(watcher.locator(".seat-changed")).to_have_count(len(moved))
    night.shot(watcher, "provisional-seat-changed")
    # The round closes: the phone shows the result and what comes next.
    night.close_round()
    watcher.reload()
    expect(watcher.locator("#round-over")).to_contain_text("Round 1 is over")
    expect(watcher.locator("#round-over")).to_contain_text("won, 9–7")
    expect(watcher.locator("#next")).to_contain_text("Round 2 has not started yet")
    night.shot(watcher, "round-1-over")
    night.start_round()
    # The page left open since round 1 sends its score now: refused, nothing recorded.
    left.click("#score-submit")
    expect(left.locator("#form-error")).to_contain_text(
        "Round 1 is over: this score was not recorded (round 2 is in play now)"
    )
    expect(left.locator("#team0-points")).to_have_value("9")
    expect(left.locator("#team1-points")).to_have_value("5")
    expect(left.locator("#score-submit")).to_have_count(0)
    night.shot(left, "round-1-score-refused")
    rows = night.get(f"/api/events/{night.event_id}/submissions")
    assert [row for row in rows if row["round"] == 2] == []
    # The director's correction form adds up the hands as they are typed.
    page = night.page
    page.goto(f"{base}/director/events/{night.event_id}/rounds/1/tables/1/result")
    form = page.locator("#correction-form")
    expect(form.locator("#team0-points")).to_have_value("9")
    form.locator("summary", has_text="Or hand by hand").click()
    form.locator("#hand-1-0").fill("2")
    form.locator("#hand-2-1").fill("1")
    form.locator("#hand-3-0").fill("4")
    expect(form.locator("#team0-points")).to_have_value("6")
    expect(form.locator("#team1-points")).to_have_value("1")
    night.shot(page, "correction-form-totals")
