"""The acceptance audit of a real club night without help: the bullets the checklist
(``docs/testing-web.md``, "a real club night without help") found without a test in the
user's words, each named after its bullet (TestClient)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pypdf import PdfReader
from tests.store.factory import (
    add_singles,
    add_teams,
    codes_by_number,
    create_event,
    marked_fields,
    one_table_started,
    report_round,
    start_first_round,
    table_sides,
)

from euchre.engine import BUILTIN_PROFILES
from euchre.store.night.printouts import DOCUMENTS
from euchre.tournament import FORMATS

# --- "Phone errors lose nothing: ... the bad field marked" -----------------------------------


@pytest.mark.parametrize(
    ("profile", "totals", "bad", "words"),
    [
        # Bolivar's 8 hands, stick the dealer: every counted hand scores, so 3 + 2 is too low;
        # both totals are at fault.
        ("bolivar", ("3", "2"), {"team0-points", "team1-points"}, "every hand scores"),
        # More than 8 hands of at most 4 points can give one team.
        ("bolivar", ("33", "0"), {"team0-points"}, "at most 4 per hand"),
        ("bolivar", ("0", "33"), {"team1-points"}, "at most 4 per hand"),
        # Together more than the hands allow.
        ("ballantrae", ("16", "17"), {"team0-points", "team1-points"}, "only one team scores"),
    ],
)
def test_phone_errors_lose_nothing_an_impossible_total_is_marked_on_the_form(
    client: TestClient, profile: str, totals: tuple[str, str], bad: set[str], words: str
) -> None:
    event_id = create_event(client, profile_id=profile, format=None, prizes=None)
    add_teams(client, event_id, 2) if profile == "ballantrae" else add_singles(client, event_id, 4)
    code, codes, sides = start_first_round(client, event_id)
    page = client.post(
        f"/t/{code}/submissions",
        data={
            "round": "1",
            "team0": totals[0],
            "team1": totals[1],
            "player_code": codes[sides[0][0]],
        },
    )
    assert page.status_code == 400
    assert words in page.text
    assert marked_fields(page.text) == bad
    assert re.search(rf'id="team0-points"[^>]*value="{totals[0]}"', page.text)
    assert re.search(rf'id="team1-points"[^>]*value="{totals[1]}"', page.text)


def test_phone_errors_lose_nothing_hands_that_do_not_add_up_mark_the_totals(
    client: TestClient,
) -> None:
    _event_id, code, codes, sides = one_table_started(
        client, singles=True, profile_id="bolivar", format=None, prizes=None
    )
    hands = {f"hand_{n}_0": "1" for n in range(1, 9)}
    page = client.post(
        f"/t/{code}/submissions",
        data={"round": "1", "team0": "9", "team1": "0", **hands, "player_code": codes[sides[0][0]]},
    )
    assert page.status_code == 400
    assert "totals 9-0 do not match the hands, which add up to 8-0" in page.text
    assert marked_fields(page.text) == {"team0-points", "team1-points"}
    assert re.search(r'id="hand-8-0"[^>]*value="1"', page.text)


def test_a_hand_no_hand_can_score_is_marked_on_its_row(client: TestClient) -> None:
    _event_id, code, codes, sides = one_table_started(
        client, singles=True, profile_id="bolivar", format=None, prizes=None
    )
    hands = {f"hand_{n}_0": "1" for n in range(1, 9)} | {"hand_3_0": "3"}
    page = client.post(
        f"/t/{code}/submissions", data={"round": "1", **hands, "player_code": codes[sides[0][0]]}
    )
    assert page.status_code == 400
    assert "hand 3 scores 3, which no hand can score" in page.text
    assert marked_fields(page.text) == {"hand-3-0", "hand-3-1"}


# --- "After a confirmed score the phone should say who won and where each pair goes next" ----


def _confirmed_page(
    client: TestClient, event_id: int, score: tuple[int, int], index: int = 0
) -> Any:
    """Round 1's ``index``-th table scores ``score`` (entered by its first side, confirmed by
    the other): its phone's page afterwards and its sides."""
    codes = codes_by_number(client, event_id)
    code, sides = table_sides(client, event_id, index=index)
    submitted = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "team_points": list(score)},
    ).json()
    confirmed = client.post(
        f"/api/tables/{code}/submissions/{submitted['id']}/confirm",
        json={"player_code": codes[sides[1][0]]},
    )
    assert confirmed.status_code == 200, confirmed.text
    return client.get(f"/t/{code}").text, sides


def _next_moves(page: str) -> str:
    """The phone page's list of each side's next move (it must be there)."""
    moves = re.search(r'<ul id="next-moves">(.*?)</ul>', page, re.S)
    assert moves, "the phone's page lists each side's next move"
    return moves.group(1)


def _bolivar_night_of_eight(client: TestClient) -> int:
    """A Bolivar night of eight singles over three rounds (no prizes), round 1 started."""
    event_id = create_event(client, profile_id="bolivar", format=None, prizes=None, rounds=3)
    add_singles(client, event_id, 8)
    client.post(f"/api/events/{event_id}/rounds")
    return event_id


def _moves_said(
    client: TestClient, event_id: int, score: tuple[int, int], index: int = 0
) -> tuple[str, str, str, str]:
    """Round 1's ``index``-th table scores ``score`` (see ``_confirmed_page``): its phone's
    page, the next moves it lists, and the names of the pair that won and of the pair that
    lost."""
    page, sides = _confirmed_page(client, event_id, score, index=index)
    won = 0 if score[0] > score[1] else 1
    winners, losers = _pair(client, event_id, sides[won]), _pair(client, event_id, sides[1 - won])
    return page, _next_moves(page), winners, losers


def _pair(client: TestClient, event_id: int, side: list[int]) -> str:
    names = {
        row["number"]: row["name"] for row in client.get(f"/api/events/{event_id}/players").json()
    }
    return " &amp; ".join(names[number] for number in side)


def test_after_a_confirmed_bolivar_score_the_phone_says_winners_stay_and_split_losers_move(
    client: TestClient,
) -> None:
    event_id = _bolivar_night_of_eight(client)
    # Before every table has reported, the sheet's movement is said.
    page, moves, winners, losers = _moves_said(client, event_id, (9, 4))
    assert f"{winners} won: they stay at table 1 and split" in moves
    assert f"{losers}: the team with less points moves" in moves
    assert "once every table has reported" in page


def test_after_a_confirmed_ballantrae_score_the_phone_says_winners_up_one_table_losers_stay(
    client: TestClient,
) -> None:
    event_id = create_event(client, profile_id="ballantrae", format=None, prizes=None)
    add_teams(client, event_id, 6)
    client.post(f"/api/events/{event_id}/rounds")
    # Table 2 of 3: its winners go up to table 1.
    _page, moves, winners, losers = _moves_said(client, event_id, (4, 9), index=1)
    assert f"{winners} won: they move up one table, to table 1" in moves
    assert f"{losers}: they stay at table 2" in moves


def test_after_the_round_is_in_the_phone_gives_each_player_his_next_seat_not_the_rule(
    client: TestClient,
) -> None:
    event_id = _bolivar_night_of_eight(client)
    report_round(client, event_id, 1, (9, 4))
    code, _sides = table_sides(client, event_id)
    page = client.get(f"/t/{code}").text
    assert 'id="next-moves"' not in page
    assert re.search(r'<div id="next-seats"[^>]*><h3>Round 2</h3>', page)


# --- "a readable audit log (a table, paged)" ---------------------------------------------------


def test_a_readable_audit_log_names_the_seating_and_shows_only_the_score_entered(
    client: TestClient,
) -> None:
    event_id = create_event(client, profile_id="bolivar", format=None, prizes=None, rounds=3)
    players = add_singles(client, event_id, 5)
    names = {player["number"]: player["name"] for player in players}
    client.post(f"/api/events/{event_id}/rounds")
    _page, sides = _confirmed_page(client, event_id, (9, 4))
    log = client.get(f"/director/events/{event_id}/audit").text
    pair = [" &amp; ".join(names[number] for number in side) for side in sides]
    assert f"table 1: {pair[0]} vs {pair[1]}; sitting out: " in log
    assert "partnerships" not in log and "&#34;" not in log  # no stored JSON
    assert "the score: 9-4<" in log  # what was entered, not the empty fields and "main"
    assert "hand_points: []" not in log and "stage" not in log


# --- "Playoff rounds are labelled as such ... on the phone, with their own hand count" -------


def test_a_playoff_table_has_its_own_hand_count_on_the_api_the_phone_and_the_correction(
    client: TestClient,
) -> None:
    event_id = create_event(
        client, format="losers_rotate", profile_id="valpo", rounds=1, prizes=[], side_pot=False
    )
    add_teams(client, event_id, 4)
    client.post(f"/api/events/{event_id}/rounds")
    main = client.get(f"/api/tables/{table_sides(client, event_id)[0]}").json()
    assert (main["game_hands"], main["stage"]) == (12, "main")  # rule 6: 12 hands a match
    report_round(client, event_id, 1, (8, 5))  # both winners on 8: tied for first
    client.post(f"/api/events/{event_id}/rounds/1/close")
    client.post(f"/api/events/{event_id}/rounds")
    code, _sides = table_sides(client, event_id, 2)
    playoff = client.get(f"/api/tables/{code}").json()
    assert (playoff["game_hands"], playoff["stage"]) == (4, "playoff")  # rule 20
    page = client.get(f"/t/{code}").text
    assert "round 2 — Playoff: 4-hand game" in page
    assert 'id="hand-4-0"' in page and 'id="hand-5-0"' not in page
    # Rule 20: a level playoff goes on to a sudden-death hand, so the phone does not ask who
    # reached the tying score first (the tournament sheet's rule, not Valpo's).
    assert 'id="tie-first"' not in page and 'id="playoff-level-note"' in page
    # The director's correction form for that table is the playoff's game too.
    correction = client.get(f"/director/events/{event_id}/rounds/2/tables/1/result").text
    assert 'id="hand-4-0"' in correction and 'id="hand-5-0"' not in correction
    assert 'id="tie-first"' not in correction
    main_form = client.get(f"/director/events/{event_id}/rounds/1/tables/1/result").text
    assert 'id="hand-12-0"' in main_form and 'id="tie-first"' in main_form


def test_after_a_confirmed_progressive_score_the_top_tables_winners_stay_and_split(
    client: TestClient,
) -> None:
    event_id = create_event(client, profile_id="tournament", format="progressive", prizes=None)
    add_singles(client, event_id, 8)
    client.post(f"/api/events/{event_id}/rounds")
    _page, moves, winners, losers = _moves_said(client, event_id, (7, 6))
    assert f"{winners} won: they stay at table 1, the top table, and split" in moves
    assert f"{losers}: they go to table 2, the bottom table, with new partners" in moves


# --- "No ... page ... that one side sees may show a code that lets it act for the other side" --


def test_codes_typed_on_a_table_phone_show_as_dots_and_are_never_saved_by_the_browser(
    client: TestClient,
) -> None:
    """The phone goes round the table: the scorekeeper's code, kept in the form after an
    error, and the opponent's code are masked (not a password field, which a browser offers
    to save and fill in for the next player)."""
    _event_id, code, codes, sides = one_table_started(client)
    refused = client.post(
        f"/t/{code}/submissions",
        data={"round": "1", "team0": "9", "team1": "", "player_code": codes[sides[0][0]]},
    ).text
    typed = re.search(r'<input id="player-code"[^>]*>', refused)
    assert typed and "data-secret" in typed.group(0) and 'autocomplete="off"' in typed.group(0)
    assert 'type="password"' not in typed.group(0)
    client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "team_points": [9, 7]},
    )
    page = client.get(f"/t/{code}").text
    confirm = re.search(r'<input id="confirm-code-\d+"[^>]*>', page)
    assert confirm and "data-secret" in confirm.group(0)
    assert (
        "input[data-secret] { -webkit-text-security: disc; }" in client.get("/static/app.css").text
    )


# --- "A test that no printed sheet lets one side confirm for the other": every sheet's preset -


@pytest.mark.parametrize("profile", sorted(BUILTIN_PROFILES))
def test_no_printed_sheet_of_any_sheets_event_lets_one_side_confirm_for_the_other(
    client: TestClient, profile: str
) -> None:
    """Every built-in profile's own event (its preset format), every PDF the director
    prints for a round and for the evening: a code appears only on its owner's scorecard."""
    response = client.post("/api/events", json={"name": f"{profile} night", "profile_id": profile})
    assert response.status_code == 201, response.text
    event_id = response.json()["id"]
    teams = FORMATS[response.json()["config"]["format"]].fixed_partners
    players = add_teams(client, event_id, 4) if teams else add_singles(client, event_id, 8)
    names = {player["number"]: player["name"] for player in players}
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    codes = codes_by_number(client, event_id)
    shared = [f"/api/events/{event_id}/rounds/1/{document}.pdf" for document in DOCUMENTS]
    if teams:
        shared.append(f"/api/events/{event_id}/tally-sheets.pdf")
    for url in shared:
        answer = client.get(url)
        assert answer.status_code == 200, answer.text
        pages = [page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages]
        for text in pages:
            if url.endswith("scorecards.pdf"):
                owner = next(n for n, name in names.items() if f"Scorecard - {name} " in text)
                assert _codes_on(text, codes) == {owner}, f"{url}: another player's code"
            elif url.endswith("code-slips.pdf"):
                # Slips to cut apart and hand to each player: a code only with its owner's name.
                printed = _codes_on(text, codes)
                assert printed, f"{url}: no code on a page of slips"
                assert all(names[number] in text for number in printed), f"{url}: a code alone"
            else:
                assert _codes_on(text, codes) == set(), f"a player code is printed on {url}"


def _codes_on(text: str, codes: dict[int, str]) -> set[int]:
    return {number for number, code in codes.items() if re.search(rf"\b{code}\b", text)}


def test_the_correction_pages_history_names_players_and_says_what_they_did(
    client: TestClient,
) -> None:
    event_id = create_event(client)
    players = add_teams(client, event_id, 2)
    names = {player["number"]: player["name"] for player in players}
    client.post(f"/api/events/{event_id}/rounds")
    _page, sides = _confirmed_page(client, event_id, (9, 7))
    corrected = client.put(
        f"/api/events/{event_id}/rounds/1/tables/1/result",
        json={"team_points": [10, 7], "reason": "hand 3 miscounted"},
    )
    assert corrected.status_code == 200, corrected.text
    page = client.get(f"/director/events/{event_id}/rounds/1/tables/1/result").text
    history = re.search(r'<ul id="table-history">(.*?)</ul>', page, re.S)
    assert history
    keeper, opponent = sides[0][0], sides[1][0]
    assert f"{names[keeper]} (#{keeper}): entered a score — the score: 9-7" in history.group(1)
    assert f"{names[opponent]} (#{opponent}): confirmed the score" in history.group(1)
    assert "director: corrected the result — the score: 9-7 -&gt; 10-7" in history.group(1)
    assert f"player {keeper}" not in history.group(1) and "submit score" not in history.group(1)


def test_a_player_finds_his_table_from_his_own_code_without_it_in_the_address_or_history(
    client: TestClient,
) -> None:
    event_id = create_event(client)
    add_teams(client, event_id, 2)
    started = client.post(f"/api/events/{event_id}/rounds").json()
    codes = codes_by_number(client, event_id)
    home = client.get("/").text
    form = re.search(r'<form id="player-form"[^>]*>', home)
    assert form and 'method="post"' in form.group(0)
    typed = re.search(r'<input id="player-own-code"[^>]*>', home)
    assert typed and "data-secret" in typed.group(0)
    found = client.post(
        "/me", data={"event": str(event_id), "code": codes[1]}, follow_redirects=False
    )
    assert found.status_code == 303
    assert found.headers["location"] == f"/t/{started['tables'][0]['code']}"
    assert codes[1] not in found.headers["location"]
