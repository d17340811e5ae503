"""A member's rating is provisional until the app is sure enough of it, and a provisional
member is listed apart, never ranked among the others: as a member reads the ratings page, his
own page, the API and the CSV file (docs/season.md, "Ratings" and "Ratings on the pages").

The rule: "provisional while its uncertainty is above 0.6 points a game", not after a fixed
number of games; at 10 games a rating is still about ±1.7 points a game (95 %)."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.databases import built_once_per_run
from tests.store.factory import PASSWORD, create_event, director_client
from tests.web.club_nights import NAMES, close_round, enter, member_id, open_round, scores

from euchre.web.app import create_app

NEWCOMER = "Ivy Kent"


def _night(client: TestClient, index: int, names: list[str], rounds: int) -> None:
    """A night of ``names`` on the fixed whist schedule, ``rounds`` rounds, every score
    entered by the director."""
    event_id = create_event(
        client, name=f"Night {index + 1}", format="whist_schedule", rounds=rounds
    )
    for name in names:
        added = client.post(f"/api/events/{event_id}/players", json={"name": name})
        assert added.status_code == 201, added.text
    for round_number in range(1, rounds + 1):
        for table in open_round(client, event_id, round_number):
            number = table["table"]
            enter(client, event_id, round_number, number, scores(index, round_number, number))
        close_round(client, event_id, round_number)


def _build_club(url: str) -> None:
    client = director_client(url)
    for index in range(8):
        _night(client, index, NAMES, 7)
    with_newcomer = [*NAMES[:-1], NEWCOMER]
    _night(client, 8, with_newcomer, 7)
    _night(client, 9, with_newcomer, 3)
    client.close()


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """Eight regulars with 56 games each (eight nights of 7 rounds); then Ivy Kent comes
    twice in Hal Jay's place, 7 and 3 rounds: 10 games. Built once a run (about 15 s of
    entering scores; ``built_once_per_run``): the tests only read, each worker its own copy,
    the director logged in on it."""
    url = built_once_per_run(tmp_path_factory, "ratings-club", _build_club)
    client = TestClient(create_app(url), base_url="http://127.0.0.1")
    answer = client.post("/api/session", json={"name": "director", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    client.headers["Authorization"] = f"Bearer {answer.json()['token']}"
    return client


def _section(page: str, section_id: str) -> str:
    found = re.search(rf'<section id="{section_id}">(.*?)</section>', page, re.S)
    assert found is not None, f"no section {section_id!r} on the page"
    return found.group(1)


@pytest.mark.heavy
def test_a_newcomer_with_10_games_is_still_provisional_and_listed_after_the_ranked_members(
    club: TestClient,
) -> None:
    ivy = club.get(f"/api/members/{member_id(club, NEWCOMER)}").json()["rating"]
    assert ivy["games"] == 10 and ivy["provisional"] is True
    assert ivy["sigma_points"] > 0.6

    listed: list[dict[str, Any]] = club.get("/api/ratings").json()
    ranked = [row for row in listed if row["rank"] is not None]
    apart = [row for row in listed if row["rank"] is None]
    assert [row["name"] for row in apart] == [NEWCOMER]
    assert listed[-1]["name"] == NEWCOMER, "a provisional member comes after the ranked ones"
    assert sorted(row["name"] for row in ranked) == sorted(NAMES)
    assert [row["rank"] for row in ranked] == list(range(1, 9))
    shown = [row["rating"]["display"] for row in ranked]
    assert shown == sorted(shown, reverse=True)
    for row in ranked:
        assert row["rating"]["provisional"] is False
        assert row["rating"]["sigma_points"] <= 0.6 and row["rating"]["games"] >= 56


def test_the_ratings_page_ranks_the_established_and_lists_the_provisional_apart_in_words(
    club: TestClient,
) -> None:
    page = club.get("/ratings")
    assert page.status_code == 200
    text = page.text
    assert "provisional while its uncertainty is above 0.6 points a game" in text
    ranked = _section(text, "ranked-ratings")
    apart = _section(text, "provisional-ratings")
    assert "Provisional, not ranked" in apart
    assert NEWCOMER in apart and NEWCOMER not in ranked
    assert all(name in ranked for name in NAMES)
    assert "provisional" not in ranked.split("</thead>")[1]
    ivy = club.get(f"/api/members/{member_id(club, NEWCOMER)}").json()["rating"]
    assert f"± {ivy['sigma_points']:.2f} pts" in apart

    own = club.get(f"/members/{member_id(club, NEWCOMER)}").text
    assert 'id="provisional"' in own
    assert f"Uncertainty ± {ivy['sigma_points']:.2f} points a game" in own
    assert "provisional while its uncertainty is above 0.6 points a game" in own
    regular = club.get(f"/members/{member_id(club, 'Ann Baker')}").text
    assert 'id="provisional"' not in regular


def test_the_ratings_csv_lists_the_provisional_member_last_without_a_rank(
    club: TestClient,
) -> None:
    exported = club.get("/api/ratings.csv")
    assert exported.status_code == 200
    assert exported.headers["content-type"] == "text/csv; charset=utf-8"
    assert 'filename="ratings.csv"' in exported.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert [row["rank"] for row in rows] == [*map(str, range(1, 9)), ""]
    assert rows[-1]["member"] == NEWCOMER and rows[-1]["provisional"] == "yes"
    assert float(rows[-1]["uncertainty_points_a_game"]) > 0.6
    assert {row["provisional"] for row in rows[:-1]} == {"no"}
