"""Issue 24 as the director meets it through the JSON API (storage and web on top of the
core): the Bolivar prize list when two players are level on points ("Tournament winners are
decided by the total number of points won"), a Valpo night's byes under rule 16 and a
progressive night's splits (sheet 004), each night played game by game with the director
entering every table's score."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from tests.store.factory import (
    add_singles,
    add_teams,
    create_event,
    director_client,
    event_config,
    event_with_players,
    sqlite_url,
)
from tests.tournament.helpers import can_pair

NAMES = [
    "Ann Baker",
    "Bob Cox",
    "Cal Dunn",
    "Dee Ely",
    "Eve Ford",
    "Fay Gill",
    "Gus Hart",
    "Hal Ives",
    "Ida Jones",
    "Jo King",
    "Kim Lee",
    "Lou Moss",
]


def _start(client: httpx.Client, event_id: int) -> list[dict[str, Any]]:
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    return list(started.json()["plan"]["tables"])


def _enter(client: httpx.Client, event_id: int, number: int, table: int, points: list[int]) -> None:
    """The director enters a table's score (team 0 = the table's first partnership)."""
    entered = client.put(
        f"/api/events/{event_id}/rounds/{number}/tables/{table}/result",
        json={"team_points": points},
    )
    assert entered.status_code == 200, entered.text


def _close(client: httpx.Client, event_id: int, number: int) -> None:
    closed = client.post(f"/api/events/{event_id}/rounds/{number}/close")
    assert closed.status_code == 200, closed.text


def _snapshot(client: TestClient, event_id: int) -> dict[str, Any]:
    return dict(client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"])


def bolivar_level_on_points(client: httpx.Client, **config: Any) -> int:
    """A two-game Bolivar night of twelve named players (seed 24) that ends with Jo King
    first on 18 and Lou Moss (two games won) level with Gus Hart (one) on 13; the event id.
    ``client``: a director's client (a TestClient, or one of a served app)."""
    fields = event_config(
        name="Bolivar Lions",
        profile_id="bolivar",
        format=None,
        prizes=None,
        side_pot=None,
        rounds=2,
        seed=24,
        **config,
    )
    event_id = event_with_players(client, fields, NAMES)
    names = {str(number): name for number, name in enumerate(NAMES, 1)}
    first_game = {"Jo King": (10, 0), "Lou Moss": (8, 7), "Dee Ely": (6, 5)}
    second_game = {"Jo King": (8, 0), "Lou Moss": (5, 4), "Dee Ely": (5, 3)}
    for number, scores in ((1, first_game), (2, second_game)):
        tables = _start(client, event_id)
        for table in tables:
            first = names[str(table["partnerships"][0][0])]
            assert first in scores, f"game {number} seats differently: {tables}"
            _enter(client, event_id, number, int(table["table"]), list(scores[first]))
        _close(client, event_id, number)
    return event_id


def test_bolivar_winners_by_total_points_level_players_share_the_places_money_via_the_api(
    tmp_path: Path,
) -> None:
    client = director_client(sqlite_url(tmp_path))
    event_id = bolivar_level_on_points(client)
    config = client.get(f"/api/events/{event_id}").json()["config"]
    assert config["prize_ties"] == "split"  # the sheet's own preset
    snapshot = _snapshot(client, event_id)
    assert snapshot["is_over"]
    rows = {row["name"]: row for row in snapshot["standings"]}
    assert rows["Lou Moss"]["points"] == rows["Gus Hart"]["points"] == 13
    assert rows["Lou Moss"]["games_won"] == 2 and rows["Gus Hart"]["games_won"] == 1
    assert rows["Lou Moss"]["rank"] == rows["Gus Hart"]["rank"] == 2
    prizes = [
        (award["place_label"], award["name"], award["amount_cents"]) for award in snapshot["prizes"]
    ]
    # Three tables: $60 / $40 / $20. Games won do not decide money: 2nd and 3rd are shared.
    assert prizes == [("1", "Jo King", 6000), ("T2", "Lou Moss", 3000), ("T2", "Gus Hart", 3000)]
    page = client.get(f"/events/{event_id}/results")
    assert page.status_code == 200
    assert "T2 Lou Moss $30.00, T2 Gus Hart $30.00" in page.text
    assert "Jo King $60.00" in page.text


def test_bolivar_prize_ties_by_games_won_only_when_the_director_chooses_the_tie_breaks(
    tmp_path: Path,
) -> None:
    client = director_client(sqlite_url(tmp_path))
    event_id = bolivar_level_on_points(client, prize_ties="tie_breaks")
    paid = {award["name"]: award for award in _snapshot(client, event_id)["prizes"]}
    assert paid["Lou Moss"]["amount_cents"] == 4000
    assert paid["Lou Moss"]["decided_by"] == "games_won"
    assert paid["Gus Hart"]["amount_cents"] == 2000


def _play_night(
    client: TestClient, event_id: int, rounds: int, seed: int
) -> list[list[dict[str, Any]]]:
    """Every main round started, scored by the director and closed; each round's tables
    with their ``points`` (distinct random totals, never level, 6 to 16: every hand scores
    under stick the dealer)."""
    rng = random.Random(seed)
    played = []
    for number in range(1, rounds + 1):
        tables = _start(client, event_id)
        for table in tables:
            first = rng.randint(6, 16)
            second = rng.choice([points for points in range(6, 17) if points != first])
            table["points"] = (first, second)
            _enter(client, event_id, number, int(table["table"]), [first, second])
        _close(client, event_id, number)
        played.append(tables)
    return played


def _teams(table: dict[str, Any]) -> tuple[frozenset[str], frozenset[str]]:
    first, second = table["partnerships"]
    return frozenset(map(str, first)), frozenset(map(str, second))


def test_valpo_rule_16_losing_team_rotates_the_unbeaten_team_keeps_playing_via_the_api(
    tmp_path: Path,
) -> None:
    """Nine teams, seven rounds (seed 13): before the fix the unbeaten team took the last
    round's bye although losing teams without a bye could take it with no repeat match-up."""
    client = director_client(sqlite_url(tmp_path))
    event_id = create_event(
        client, profile_id="valpo", format="losers_rotate", rounds=7, seed=13, prizes=[]
    )
    add_teams(client, event_id, 9)
    played = _play_night(client, event_id, 7, seed=13)
    rounds = client.get(f"/api/events/{event_id}/rounds").json()
    byes = [frozenset(map(str, plan["plan"]["sitting_out"])) for plan in rounds]
    met: set[frozenset[frozenset[str]]] = set()
    lost: set[frozenset[str]] = set()
    for number, tables in enumerate(played, 1):
        everyone = [team for table in tables for team in _teams(table)] + [byes[number - 1]]
        bye = byes[number - 1]
        if number == len(played) and bye not in lost:
            could = [
                team
                for team in everyone
                if team in lost
                and team not in byes[: number - 1]
                and can_pair([other for other in everyone if other != team], met)
            ]
            assert not could, f"the unbeaten team {sorted(bye)} got the last bye: {could} could"
        for table in tables:
            pair = frozenset(_teams(table))
            assert pair not in met, f"round {number}: a repeat match-up"  # "no repeat matches"
            met.add(pair)
            first, second = table["points"]
            lost.add(_teams(table)[1 if first > second else 0])


def test_tournament_progressive_split_no_repeat_partner_when_a_seating_has_none_via_the_api(
    tmp_path: Path,
) -> None:
    """Twenty players, eight games (seed 4): before the fix a table was split into two
    partnerships that had played together before where its other split repeated none."""
    client = director_client(sqlite_url(tmp_path))
    event_id = create_event(
        client, profile_id="tournament", format="progressive", rounds=8, seed=4, prizes=[]
    )
    add_singles(client, event_id, 20)
    partnered: Counter[frozenset[str]] = Counter()
    for number, tables in enumerate(_play_night(client, event_id, 8, seed=4), 1):
        for table in tables:
            (first, third), (second, fourth) = table["partnerships"]
            chosen = [frozenset((first, third)), frozenset((second, fourth))]
            other = [frozenset((first, fourth)), frozenset((second, third))]
            repeats = sum(1 for pair in chosen if partnered[pair])
            assert repeats <= sum(1 for pair in other if partnered[pair]), (
                f"game {number} table {table['table']}: {repeats} repeated partners where the "
                "other split of the same four repeats fewer"
            )
        partnered.update(frozenset(pair) for table in tables for pair in table["partnerships"])
