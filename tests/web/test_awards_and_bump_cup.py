"""Awards and a bump cup, as a club's sheet pays them, from the director's side through the
API: "awards for most loners, high game, high lady and high man" and "a $1 'bump' cup per
euchre ($2 on a loner)".

Each award is computed from the hands the tables recorded (lone hands made, each game's
points, the standings of the players of one prize category) and its prize line says what
decided it: the value, the runner-up, a tie and its shared money.
"""

from __future__ import annotations

import html
from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import club_sheet_event, list_items

AWARDS_NIGHT = """
id = "legion_awards"
name = "Legion Post 12 awards night"
sheet = "Legion Post 12 house rules"

[profile]
extends = "tournament"

[event]
format = "progressive"
rounds = 2
side_pot = true
side_pot_cents = 100
side_pot_lone_cents = 200
side_pot_qualification = "everyone"

[event.prizes]
tiers = [{ entrants = 8, cents = [2000, 1000] }]
awards = [
  { kind = "most_lone_hands", cents = 500 },
  { kind = "high_game", cents = 500 },
  { kind = "high_score", category = "lady", cents = 1000, name = "high lady" },
  { kind = "high_score", category = "man", cents = 1000, name = "high man" },
]

[event.sources]
format = "'Progressive: winners move up, partners change every game.'"
rounds = "house example"
side_pot = "'A $1 bump cup per euchre, $2 on a loner.'"
side_pot_cents = "'A $1 bump cup per euchre.'"
side_pot_lone_cents = "'$2 on a loner.'"
side_pot_qualification = "house default: everyone plays for the cup"
prizes = "'$20 and $10; $5 for most loners and for high game; $10 high lady, $10 high man.'"

[players]
prize_categories = ["lady", "man"]

[players.sources]
prize_categories = "'Awards: high lady, high man.'"
"""

LADIES = ("Ann", "Bea", "Flo")
MEN = ("Cy", "Dan", "Ed", "Gus", "Hal")


def _prize_lines(client: TestClient, event_id: int) -> list[str]:
    """The prize lines of the director's dashboard, as read."""
    return list_items(client.get(f"/director/events/{event_id}").text, "prizes")


def _night(client: TestClient) -> tuple[int, dict[str, str]]:
    """The awards night with its 8 players (3 ladies, 5 men) and round 1 started: the event
    and each player's name by number."""
    event_id = club_sheet_event(
        client, AWARDS_NIGHT, "legion.toml", name="Awards", profile_id="legion_awards", seed=4
    )
    names = {}
    for name in LADIES + MEN:
        body = {"name": name, "prize_category": "lady" if name in LADIES else "man"}
        reply = client.post(f"/api/events/{event_id}/players", json=body)
        assert reply.status_code == 201, reply.text
        names[str(reply.json()["number"])] = name
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    return event_id, names


def _tables(client: TestClient, event_id: int, number: int) -> list[dict[str, Any]]:
    rounds = client.get(f"/api/events/{event_id}/rounds").json()
    return list(rounds[number - 1]["plan"]["tables"])


def _enter(client: TestClient, event_id: int, number: int, table: int, body: Any) -> None:
    entered = client.put(f"/api/events/{event_id}/rounds/{number}/tables/{table}/result", json=body)
    assert entered.status_code == 200, entered.text


def test_awards_for_most_loners_high_game_and_high_lady_and_man_say_what_decided_them(
    client: TestClient,
) -> None:
    event_id, names = _night(client)
    first, second = _tables(client, event_id, 1)
    loner = first["partnerships"][0][0]  # two lone hands made in game 1
    euchred = first["partnerships"][1]  # euchred twice, once on their own lone hand
    _enter(
        client,
        event_id,
        1,
        first["table"],
        {
            "team_points": [9, 3],
            "lone_hands": {loner: 2},
            "euchres": {player: 2 for player in euchred},
            "lone_euchres": {player: 1 for player in euchred},
        },
    )
    _enter(
        client,
        event_id,
        1,
        second["table"],
        {"team_points": [6, 5], "euchres": {p: 1 for p in second["partnerships"][0]}},
    )
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    for table in _tables(client, event_id, 2):
        _enter(client, event_id, 2, table["table"], {"team_points": [7, 4]})
    assert client.post(f"/api/events/{event_id}/rounds/2/close").status_code == 200

    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    awards = {
        award["place_label"]: award
        for award in snapshot["prizes"]
        if award["decided_by"] == "award"
    }
    lines = _prize_lines(client, event_id)
    text = "\n".join(lines)

    # Most lone hands: the one player who made two.
    assert awards["most lone hands"]["name"] == names[loner]
    assert awards["most lone hands"]["amount_cents"] == 500
    assert (
        f"{names[loner]} $5.00 (most lone hands award; the most lone hands made: 2 lone "
        "hands made" in text
    ), lines

    # High game: 9 points in game 1, made by both partners of the table's first pair: the
    # $5 is shared, and the line says so.
    pair = [names[player] for player in first["partnerships"][0]]
    high = [award for award in snapshot["prizes"] if award["place_label"] == "high game"]
    assert sorted(award["name"] for award in high) == sorted(pair)
    assert sum(award["amount_cents"] for award in high) == 500
    assert "the highest single-game score: 9 points in game 1" in text, lines
    assert "the $5.00 is shared" in text, lines

    # High lady and high man: the best placed of each category in the standings.
    order = [row["name"] for row in snapshot["standings"]]
    best_lady = next(name for name in order if name in LADIES)
    best_man = next(name for name in order if name in MEN)
    lady_line = next(line for line in lines if "high lady award" in line)
    man_line = next(line for line in lines if "high man award" in line)
    assert lady_line.startswith(f"{best_lady} $10.00"), lady_line
    assert "the best of the players in the category 'lady'" in lady_line
    assert man_line.startswith(f"{best_man} $10.00") or f"T{1}" in man_line, man_line

    # The bump cup: $1 for each time a player was euchred, $2 when it was on a lone hand.
    pot = snapshot["side_pot"]
    assert pot["total_cents"] == 4 * 100 + 2 * 200
    page = client.get(f"/director/events/{event_id}").text
    assert "Euchred cup: $8.00" in page
    assert "4 × $1.00 (a player euchred); 2 × $2.00 (euchred on a lone hand)" in html.unescape(page)


def test_a_night_short_of_the_sheets_first_row_says_why_no_place_is_paid(
    client: TestClient,
) -> None:
    """Six entrants where the sheet pays from eight: the finished night says why, never "No
    prizes yet."; the awards are still paid."""
    short = {"name": "Short", "profile_id": "legion_awards", "seed": 4, "rounds": 1}
    event_id = club_sheet_event(client, AWARDS_NIGHT, "legion.toml", **short)
    for name in ("Ann", "Bea", "Cy", "Dan", "Ed", "Flo"):
        body = {"name": name, "prize_category": "lady" if name in LADIES else "man"}
        assert client.post(f"/api/events/{event_id}/players", json=body).status_code == 201
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    for table in _tables(client, event_id, 1):
        _enter(client, event_id, 1, table["table"], {"team_points": [6, 2]})
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    page = html.unescape(client.get(f"/director/events/{event_id}").text)
    assert "No place prizes: the sheet pays from 8 entrants; this night had 6." in page
    assert "No prizes yet." not in page
    assert "Most lone hands: not awarded; nobody made a lone hand." in page
    public = html.unescape(client.get(f"/events/{event_id}/results").text)
    assert "No place prizes: the sheet pays from 8 entrants; this night had 6." in public


def test_an_award_for_a_category_the_sheet_does_not_name_is_refused_in_words(
    client: TestClient,
) -> None:
    bad = AWARDS_NIGHT.replace(
        '{ kind = "high_game", cents = 500 }', '{ kind = "high_game", cents = 500, category = "x" }'
    )
    refused = client.post("/api/sheets", json={"text": bad, "filename": "legion.toml"})
    assert refused.status_code == 400, refused.text
    assert "a category goes with high_score only, not with high_game" in refused.text
    bad = AWARDS_NIGHT.replace('category = "man"', 'category = "gent"')
    refused = client.post("/api/sheets", json={"text": bad, "filename": "legion.toml"})
    text = refused.text
    assert "event.prizes.awards.3.category" in text
    assert (
        "'gent' is not a prize category of this sheet; [players] prize_categories: lady, man"
        in (text)
    )
    unknown = AWARDS_NIGHT.replace('kind = "high_game"', 'kind = "best_dressed"')
    refused = client.post("/api/sheets", json={"text": unknown, "filename": "legion.toml"})
    assert "unknown award 'best_dressed'; choose from most_lone_hands, high_game, high_score" in (
        refused.text
    )


def test_a_finished_bolivar_night_of_two_tables_says_why_no_place_is_paid(
    client: TestClient,
) -> None:
    """Sheet 001 pays $60/$40/$20 from three tables: a night of two is told why, on the
    director's dashboard and the public results, never "No prizes yet."."""
    created = client.post(
        "/api/events", json={"name": "Small", "profile_id": "bolivar", "rounds": 1, "seed": 2}
    )
    event_id = int(created.json()["id"])
    for number in range(1, 9):
        body = {"name": f"Player {number}"}
        assert client.post(f"/api/events/{event_id}/players", json=body).status_code == 201
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    for table in _tables(client, event_id, 1):
        _enter(client, event_id, 1, table["table"], {"team_points": [8, 3]})
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    for url in (f"/director/events/{event_id}", f"/events/{event_id}/results"):
        page = html.unescape(client.get(url).text)
        assert "No place prizes: the sheet pays from 3 tables; this night had 2 tables." in page
        assert "No prizes yet." not in page


def test_more_euchres_on_a_lone_hand_than_times_euchred_is_refused_in_words(
    client: TestClient,
) -> None:
    event_id, names = _night(client)
    table = _tables(client, event_id, 1)[0]
    player = table["partnerships"][1][0]
    refused = client.put(
        f"/api/events/{event_id}/rounds/1/tables/{table['table']}/result",
        json={"team_points": [9, 3], "lone_euchres": {player: 1}},
    )
    assert refused.status_code == 400, refused.text
    assert (
        f"times euchred on a lone hand of {names[player]} is 1, more than his times euchred (0)"
        in refused.text
    )


def test_a_members_page_names_an_award_he_won_as_the_award(client: TestClient) -> None:
    """The member's history lists an award by its name ("the high lady award $10.00"), not
    as a prize place."""
    event_id, _ = _night(client)
    for table in _tables(client, event_id, 1):
        _enter(client, event_id, 1, table["table"], {"team_points": [7, 4]})
    assert client.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    for table in _tables(client, event_id, 2):
        _enter(client, event_id, 2, table["table"], {"team_points": [7, 4]})
    assert client.post(f"/api/events/{event_id}/rounds/2/close").status_code == 200
    prizes = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["prizes"]
    (lady,) = [award["name"] for award in prizes if award["place_label"] == "high lady"]
    member = next(
        int(row["id"]) for row in client.get("/api/members").json() if row["name"] == lady
    )
    page = html.unescape(client.get(f"/members/{member}").text)
    assert "the high lady award $10.00" in page, page
