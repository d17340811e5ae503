"""A seventh club's sheet, written from ``docs/sheets.md`` alone (issue 23's newcomer trial):
the Maple Grove Grange's Wednesday night, an individual evening on a balanced schedule with
six-deal games, a dime euchre cup anyone can win and the club's own words on the tally sheet.
Nothing in the code names the club: everything comes from ``tests/data/sheets/maple_grove.toml``
added through the API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    club_sheet_event,
    codes_by_number,
    pdf_pages,
    table_sides,
)

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "maple_grove.toml"
SHEET_ID = "maple_grove_grange"
PLAYERS = 13  # three tables and one player sitting out each game


def _grange_event(client: TestClient) -> int:
    return club_sheet_event(
        client, SHEET.read_text(), SHEET.name, name="Wednesday", profile_id=SHEET_ID
    )


def _report_with_one_euchre(client: TestClient, event_id: int, number: int) -> None:
    """Every table scores 6-4 in six deals; the second partnership was euchred once."""
    codes = codes_by_number(client, event_id)
    for table in client.get(f"/api/events/{event_id}/rounds/{number}").json()["tables"]:
        info = client.get(f"/api/tables/{table['code']}").json()
        first = [player["number"] for player in info["partnerships"][0]]
        second = [player["number"] for player in info["partnerships"][1]]
        submitted = client.post(
            f"/api/tables/{table['code']}/submissions",
            json={
                "player_code": codes[first[0]],
                "team_points": [6, 4],
                "euchres": {str(player): 1 for player in second},
                "round": info["round"],
            },
        )
        assert submitted.status_code == 201, submitted.text
        confirmed = client.post(
            f"/api/tables/{table['code']}/submissions/{submitted.json()['id']}/confirm",
            json={"player_code": codes[second[0]]},
        )
        assert confirmed.status_code == 200, confirmed.text


def test_maple_grove_night_new_partners_every_game_a_dime_a_euchre_anyone_takes_the_cup(
    client: TestClient,
) -> None:
    event_id = _grange_event(client)
    config = client.get(f"/api/events/{event_id}").json()["config"]
    assert (config["format"], config["rounds"], config["round_minutes"]) == (
        "whist_schedule",
        7,
        18,
    )
    assert (config["side_pot"], config["side_pot_cents"]) == (True, 10)
    assert config["side_pot_qualification"] == "everyone"
    add_singles(client, event_id, PLAYERS)
    partners: dict[int, set[int]] = {}
    sat_out: list[int] = []
    for number in range(1, 8):
        started = client.post(f"/api/events/{event_id}/rounds")
        assert started.status_code == 201, started.text
        plan: dict[str, Any] = started.json()["plan"]
        assert len(plan["tables"]) == 3
        sat_out += [int(player) for player in plan["sitting_out"]]
        for table in plan["tables"]:
            for side in table["partnerships"]:
                first, second = (int(player) for player in side)
                # "a new partner ... every game": nobody partners the same player twice.
                assert second not in partners.get(first, set())
                partners.setdefault(first, set()).add(second)
                partners.setdefault(second, set()).add(first)
        _report_with_one_euchre(client, event_id, number)
        assert client.post(f"/api/events/{event_id}/rounds/{number}/close").status_code == 200
    assert len(sat_out) == len(set(sat_out)) == 7  # nobody sits out twice
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    assert snapshot["is_over"]
    # "$25/$15/$10 with three tables".
    assert sum(award["amount_cents"] for award in snapshot["prizes"]) == 2500 + 1500 + 1000
    # "A dime in the cup every time you are euchred": 2 players x 3 tables x 7 games.
    pot = snapshot["side_pot"]
    assert pot["total_cents"] == 10 * 2 * 3 * 7
    # "Anyone who played that night can win the cup": the sitters-out qualify too.
    assert len(pot["qualified"]) == PLAYERS and not pot["not_qualified"]
    assert pot["paid"] and pot["winners"]


def test_maple_grove_phone_and_tally_sheet_say_the_granges_words(client: TestClient) -> None:
    event_id = _grange_event(client)
    add_singles(client, event_id, 8)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    code, _ = table_sides(client, event_id)
    phone = client.get(f"/t/{code}").text
    # "A game is six deals": six hand lines on the phone, no seventh.
    assert 'id="hand-6-0"' in phone and 'id="hand-7-0"' not in phone
    # The Grange's sheet gives no tie sentence: the phone borrows none (sheet 004's).
    assert 'id="tie-rule"' not in phone
    assert "Ties go to the first team to make the tying score" not in phone
    pages = pdf_pages(client, f"/api/events/{event_id}/rounds/1/tally-sheets.pdf")
    text = " ".join(page.replace("\n", " ") for page in pages)
    assert "Game 1" in text
    assert "Drop this card in the coffee can by the kitchen door." in text
    assert "Six deals a game; pass twice and the cards are thrown in." in text
    assert "A lone defender who euchres a loner scores 4." in text
    # "An opponent signs your card after every game."
    assert "Opponent's signature" in text and "Opponent's initials" not in text
    assert "official scorekeeper" not in text  # no sheet borrows Ballantrae's sentence


def test_maple_grove_sheet_reads_back_every_value_with_its_clause(client: TestClient) -> None:
    _grange_event(client)
    values = {row["key"]: row for row in client.get(f"/api/sheets/{SHEET_ID}").json()}
    # The first line names what the club changed of the profile it extends (a stumble).
    assert values["profile"]["value"] == "tournament"
    assert "with this sheet's own all_pass, defend_alone, game_hands" in values["profile"]["clause"]
    assert values["profile.all_pass"]["value"] == "throw_in"
    assert values["profile.all_pass"]["clause"].startswith("Rule 3: 'If all four pass twice")
    assert values["profile.game_hands"]["value"] == 6
    assert values["words.opponent_check"]["value"] == "signature"
    assert values["event.prize_ties"]["clause"] == "house default"


def test_a_refused_profile_option_is_reported_at_its_own_key_and_line(client: TestClient) -> None:
    """The newcomer's first stumble: ``all_pass = "redeal"`` was reported at the ``[profile]``
    table's line; it names the option, its line and the values allowed."""
    text = SHEET.read_text().replace('all_pass = "throw_in"', 'all_pass = "redeal"')
    line = text.splitlines().index('all_pass = "redeal"') + 1
    answer = client.post("/api/sheets", json={"text": text, "filename": SHEET.name})
    assert answer.status_code == 400, answer.text
    [problem] = answer.json()["problems"]
    assert (problem["key"], problem["line"]) == ("profile.options.all_pass", line)
    assert "'stick_the_dealer', 'throw_in'" in problem["message"]
    assert f"line {line}, profile.options.all_pass" in answer.json()["detail"]
    assert SHEET_ID not in client.get("/api/choices").json()["profiles"]
