"""Issue 22, items 3 to 5 (members' part): a member's history, ratings and the club code,
through the API as the director, a member's phone and a visitor use them.

"A page per member: every event and game: partner, opponents, points, lone hands, euchres,
penalties, prizes and cups won, with filters and sorting; totals; partners and opponents met
most and how those games went. Public pages show names only; a club can make its public pages
club-only (a club code)." "Deterministic: the same results give the same ratings, whatever
order they were entered in; recomputed when a past result is corrected."
"""

from __future__ import annotations

import csv
import datetime
import io
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import create_event, director_client, sqlite_url
from tests.web.club_nights import (
    NAMES,
    close_round,
    enter,
    member_id,
    night,
    open_round,
    scores,
)

ANN_CONTACT = {"email": "ann.baker@example.org", "phone": "+1 (555) 010-4477", "notes": "owes $5"}


def _history(client: TestClient, member_id: int, **query: str) -> dict[str, Any]:
    answer = client.get(f"/api/members/{member_id}/history", params=query)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def _standing_points(client: TestClient, event_id: int, name: str) -> int:
    standings = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["standings"]
    return int(next(row["points"] for row in standings if row["name"] == name))


def _seated(client: TestClient, event_id: int, name: str) -> dict[int, tuple[str, list[str]]]:
    """Round -> (partner, opponents) of ``name`` as the event's own rounds list them."""
    seated = {}
    for round_number in (1, 2, 3):
        for table in client.get(f"/api/events/{event_id}/rounds/{round_number}").json()["tables"]:
            for side, pair in enumerate(table["partnerships"]):
                if name in pair:
                    partner = next(other for other in pair if other != name)
                    seated[round_number] = (partner, sorted(table["partnerships"][1 - side]))
    return seated


@pytest.fixture
def club(client: TestClient) -> tuple[TestClient, list[int]]:
    """Two nights of the same eight members (Ann with her contact details)."""
    client.post("/api/members", json={"name": "Ann Baker", **ANN_CONTACT})
    return client, [night(client, index, NAMES) for index in range(2)]


def test_a_members_history_over_two_events_names_partners_and_opponents_with_totals(
    club: tuple[TestClient, list[int]],
) -> None:
    client, event_ids = club
    ann = member_id(client, "Ann Baker")
    found = _history(client, ann)
    games = found["games"]
    assert (
        len(games) == 6
        and [game["event_id"] for game in games] == [event_ids[0]] * 3 + [event_ids[1]] * 3
    )
    for event_id in event_ids:
        seated = _seated(client, event_id, "Ann Baker")
        for game in (game for game in games if game["event_id"] == event_id):
            partner, opponents = seated[game["round"]]
            assert game["partner"] == partner
            assert sorted(game["opponents"]) == opponents
    # The totals are what the two nights' own standings say.
    totals = found["totals"]
    assert totals["points"] == sum(_standing_points(client, e, "Ann Baker") for e in event_ids)
    assert totals["games"] == 6 and totals["events"] == 2
    assert totals["won"] + totals["lost"] + totals["level"] == 6
    assert totals["won"] == sum(game["result"] == "won" for game in games)
    # Partners and opponents met most: every game counted once per partner, twice per
    # pair of opponents, most games first.
    assert sum(met["games"] for met in found["partners"]) == 6
    assert sum(met["games"] for met in found["opponents"]) == 12
    counts = [met["games"] for met in found["opponents"]]
    assert counts == sorted(counts, reverse=True)
    first = found["partners"][0]
    with_first = [game for game in games if game["partner"] == first["name"]]
    assert first["games"] == len(with_first)
    assert first["won"] == sum(game["result"] == "won" for game in with_first)

    # Filters and sorting.
    only = _history(client, ann, partner=str(first["member_id"]))
    assert {game["partner"] for game in only["games"]} == {first["name"]}
    assert only["totals"]["games"] == len(with_first)
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    assert _history(client, ann, since=tomorrow)["games"] == []
    assert len(_history(client, ann, sheet="tournament")["games"]) == 6
    assert _history(client, ann, sheet="bolivar")["totals"]["games"] == 0
    by_points = [
        game["points"] for game in _history(client, ann, sort="points", order="desc")["games"]
    ]
    assert by_points == sorted(by_points, reverse=True)
    backwards = client.get(
        f"/api/members/{ann}/history", params={"since": tomorrow, "until": "2020-01-01"}
    )
    assert backwards.status_code == 400 and tomorrow in backwards.json()["detail"]

    # The same history as CSV and JSON files.
    exported = client.get(f"/api/members/{ann}/history.csv")
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    assert exported.headers["content-type"] == "text/csv; charset=utf-8"
    assert f'filename="history-{ann}.csv"' in exported.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert exported.text.count("\r\n") == exported.text.count("\n") == len(games) + 1
    assert [row["partner"] for row in rows] == [game["partner"] for game in games]
    assert [int(row["points"]) for row in rows] == [game["points"] for game in games]
    as_json = client.get(f"/api/members/{ann}/history.json")
    assert as_json.json()["totals"] == totals
    assert as_json.headers["content-type"] == "application/json"
    assert f'attachment; filename="history-{ann}.json"' == as_json.headers["content-disposition"]


def test_a_correction_in_a_past_event_changes_the_history_and_the_rating(
    club: tuple[TestClient, list[int]], tmp_path: Path
) -> None:
    client, event_ids = club
    ann = member_id(client, "Ann Baker")
    before = _history(client, ann)
    rating_before = client.get(f"/api/members/{ann}").json()["rating"]
    assert rating_before["games"] == 6 and rating_before["provisional"] is True
    first = before["games"][0]
    won_before = first["result"] == "won"
    # Night 1, round 1, after night 2: the score of Ann's table was written the wrong way round.
    recorded = scores(0, 1, first["table"])
    score = (recorded[1], recorded[0])
    corrected = (first["points_against"], first["points"])
    entered = client.put(
        f"/api/events/{event_ids[0]}/rounds/1/tables/{first['table']}/result",
        json={"team_points": list(score), "reason": "the sides were swapped on the sheet"},
    )
    assert entered.status_code == 200, entered.text

    after = _history(client, ann)
    game = after["games"][0]
    assert (game["points"], game["points_against"]) == corrected
    assert game["result"] == ("lost" if won_before else "won")
    assert after["totals"]["points"] == before["totals"]["points"] - first["points"] + corrected[0]
    rating_after = client.get(f"/api/members/{ann}").json()["rating"]
    assert rating_after["mu"] != rating_before["mu"]
    assert (rating_after["mu"] < rating_before["mu"]) == won_before

    # As if it had been right all along: a club that entered the corrected score first.
    other = tmp_path / "right-all-along"
    other.mkdir()
    fresh = director_client(sqlite_url(other))
    fixed = {(0, 1, first["table"]): score}
    for index in range(2):
        event_id = create_event(fresh, name=f"Night {index + 1}", format="whist_schedule")
        for name in NAMES:
            fresh.post(f"/api/events/{event_id}/players", json={"name": name})
        for round_number in (1, 2, 3):
            for table in open_round(fresh, event_id, round_number):
                number = table["table"]
                enter(
                    fresh,
                    event_id,
                    round_number,
                    number,
                    fixed.get((index, round_number, number), scores(index, round_number, number)),
                )
            close_round(fresh, event_id, round_number)
    assert (
        fresh.get(f"/api/members/{member_id(fresh, 'Ann Baker')}").json()["rating"] == rating_after
    )


def test_the_same_results_entered_in_a_different_order_give_the_same_ratings(
    club: tuple[TestClient, list[int]], tmp_path: Path
) -> None:
    client, _ = club
    other = tmp_path / "other-order"
    other.mkdir()
    fresh = director_client(sqlite_url(other))
    # The other club adds the players in another order and enters the tables backwards.
    for index in range(2):
        night(fresh, index, NAMES, reverse=True)

    def ratings(of: TestClient) -> dict[str, Any]:
        return {row["name"]: row["rating"] for row in of.get("/api/ratings").json()}

    assert ratings(fresh) == ratings(client)
    assert len(ratings(client)) == 8
    # Six games each: every rating is still provisional, so nobody is ranked; they are
    # listed by name (docs/season.md, "Ratings").
    listed = client.get("/api/ratings").json()
    assert [row["rank"] for row in listed] == [None] * 8
    assert [row["name"] for row in listed] == sorted(NAMES)


def test_a_merge_of_two_members_moves_their_history_and_undo_moves_it_back_and_a_rename_shows(
    client: TestClient,
) -> None:
    night(client, 0, NAMES)
    night(client, 1, ["A. Baker", *NAMES[1:]])
    ann, other = member_id(client, "Ann Baker"), member_id(client, "A. Baker")
    assert _history(client, ann)["totals"]["games"] == 3
    assert _history(client, other)["totals"]["games"] == 3
    merged = client.post("/api/members/merges", json={"keep": ann, "merge": other})
    assert merged.status_code == 201, merged.text
    found = _history(client, ann)
    assert found["totals"]["games"] == 6 and found["totals"]["events"] == 2
    assert _history(client, other)["games"] == []
    assert client.get(f"/api/members/{ann}").json()["rating"]["games"] == 6
    # Her partners name her by her roster name in their own histories.
    bob = _history(client, member_id(client, "Bob Cole"))
    assert "A. Baker" not in {met["name"] for met in bob["partners"] + bob["opponents"]}
    # A member renamed on the roster is renamed in every history.
    bob_id = member_id(client, "Bob Cole")
    assert client.patch(f"/api/members/{bob_id}", json={"name": "Robert Cole"}).status_code == 200
    met = {entry["name"] for entry in found["partners"] + found["opponents"]}
    again = _history(client, ann)
    assert "Bob Cole" in met
    assert {entry["name"] for entry in again["partners"] + again["opponents"]} == (
        met - {"Bob Cole"} | {"Robert Cole"}
    )
    undone = client.post(f"/api/members/merges/{merged.json()['id']}/undo", json={})
    assert undone.status_code == 200, undone.text
    assert _history(client, ann)["totals"]["games"] == 3
    assert _history(client, other)["totals"]["games"] == 3


def test_contact_details_are_never_on_a_public_history_or_ratings_page(
    club: tuple[TestClient, list[int]],
) -> None:
    client, _ = club
    ann = member_id(client, "Ann Baker")
    client.cookies.clear()
    del client.headers["X-CSRF-Token"]
    for path in (
        f"/members/{ann}",
        f"/members/{ann}?sort=points&order=desc",
        f"/members/{member_id(client, 'Bob Cole')}",
        "/ratings",
        f"/api/members/{ann}",
        f"/api/members/{ann}/history",
        f"/api/members/{ann}/history.csv",
        f"/api/members/{ann}/history.json",
        "/api/ratings",
    ):
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.text)
        for secret in ANN_CONTACT.values():
            assert secret not in answer.text, (path, secret)


def test_a_club_code_blocks_public_pages_until_typed(client: TestClient) -> None:
    event_id = night(client, 0, NAMES)
    ann = member_id(client, "Ann Baker")
    short = client.put("/api/club/code", json={"code": "abc"})
    assert short.status_code == 400 and "4 to 40 characters" in short.json()["detail"]
    season = client.post(
        "/api/seasons",
        json={"name": "Season 2027", "events": [event_id], "scoring": "total_points"},
    )
    assert season.status_code == 201, season.text
    season_id = season.json()["id"]
    assert client.put("/api/club/code", json={"code": "Thursday 27"}).json() == {"club_only": True}
    # The director still sees everything.
    assert client.get(f"/members/{ann}").status_code == 200

    client.cookies.clear()
    del client.headers["X-CSRF-Token"]
    for path in (
        f"/members/{ann}",
        "/ratings",
        f"/events/{event_id}/results",
        f"/events/{event_id}/live",
        f"/seasons/{season_id}",
        f"/seasons/{season_id}/live",
    ):
        answer = client.get(path, follow_redirects=False)
        assert answer.status_code == 303, path
        assert answer.headers["location"].startswith("/club?next=")
    for path in (
        f"/api/members/{ann}/history",
        "/api/ratings",
        f"/api/members/{ann}",
        f"/api/seasons/{season_id}/standings",
    ):
        refused = client.get(path)
        assert refused.status_code == 401 and "/club" in refused.json()["detail"], path
    wrong = client.post("/club", data={"code": "Friday 27", "next": f"/members/{ann}"})
    assert wrong.status_code == 401
    assert "not the club code" in wrong.text and 'value="Friday 27"' in wrong.text
    right = client.post(
        "/club", data={"code": " Thursday  27 ", "next": f"/members/{ann}"}, follow_redirects=False
    )
    assert right.status_code == 303 and right.headers["location"] == f"/members/{ann}"
    assert client.get(f"/members/{ann}").status_code == 200
    assert client.get(f"/api/members/{ann}/history").status_code == 200
    assert client.get(f"/events/{event_id}/results").status_code == 200
    assert client.get(f"/api/seasons/{season_id}/standings").status_code == 200
    # Another address is never where the code's page sends a visitor.
    elsewhere = client.post(
        "/club", data={"code": "Thursday 27", "next": "//evil.example"}, follow_redirects=False
    )
    assert elsewhere.headers["location"] == "/"


def test_a_new_club_code_turns_old_passes_away_and_clearing_it_opens_the_pages(
    client: TestClient,
) -> None:
    client.post("/api/members", json={"name": "Ann Baker"})
    ann = member_id(client, "Ann Baker")
    client.put("/api/club/code", json={"code": "first code"})
    visitor = TestClient(client.app, base_url="http://127.0.0.1")
    visitor.post("/club", data={"code": "first code", "next": "/"})
    assert visitor.get(f"/api/members/{ann}/history").status_code == 200
    client.put("/api/club/code", json={"code": "second code"})
    assert visitor.get(f"/api/members/{ann}/history").status_code == 401
    assert client.put("/api/club/code", json={"code": ""}).json() == {"club_only": False}
    assert visitor.get(f"/api/members/{ann}/history").status_code == 200
    assert visitor.get("/api/club/code").json() == {"club_only": False}


def test_a_members_page_shows_his_games_a_page_at_a_time_with_the_totals_of_all(
    club: tuple[TestClient, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, _ = club
    ann = member_id(client, "Ann Baker")
    monkeypatch.setattr("euchre.web.pages.history.GAMES_A_PAGE", 4)
    first = client.get(f"/members/{ann}?sort=points&order=desc")
    assert first.status_code == 200
    assert first.text.count('data-testid="game-') == 4
    assert "page 1 of 2 (6 games)" in first.text
    assert 'id="total-games">6<' in first.text
    assert 'href="?sort=points&amp;order=desc&amp;page=2"' in first.text
    second = client.get(f"/members/{ann}?sort=points&order=desc&page=2")
    assert second.text.count('data-testid="game-') == 2
    assert 'id="history-previous"' in second.text and 'id="history-next"' not in second.text


def test_a_members_history_has_the_penalties_ruled_against_him_and_the_prizes_he_won(
    client: TestClient,
) -> None:
    event_id = night(client, 0, NAMES)
    ann = member_id(client, "Ann Baker")
    number = next(
        row["number"]
        for row in client.get(f"/api/events/{event_id}/players").json()
        if row["name"] == "Ann Baker"
    )
    table = next(
        table["table"]
        for table in client.get(f"/api/events/{event_id}/rounds/1").json()["tables"]
        if any("Ann Baker" in pair for pair in table["partnerships"])
    )
    ruled = client.post(
        f"/api/events/{event_id}/penalties",
        json={"round": 1, "table": table, "kind": "renege", "offender": number, "proven": True},
    )
    assert ruled.status_code == 201, ruled.text
    found = _history(client, ann)
    first = found["games"][0]
    assert (first["round"], first["penalties"]) == (1, 1)
    assert found["totals"]["penalties"] == 1
    # Her points are what the night's standings say, the ruling's points in.
    assert found["totals"]["points"] == _standing_points(client, event_id, "Ann Baker")
    # The night's prizes and cup, as its own snapshot pays them.
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    paid = [
        award["amount_cents"]
        for award in snapshot["prizes"]
        if award["competitor_id"] == str(number)
    ]
    cup = snapshot["side_pot"]
    paid += [
        cents
        for winner, cents in zip(cup["winners"], cup["shares_cents"], strict=True)
        if winner == str(number)
    ]
    assert snapshot["is_over"] is True
    assert sorted(award["amount_cents"] for award in found["awards"]) == sorted(paid)
    assert found["totals"]["prize_cents"] == sum(paid)
    everyone = [_history(client, member_id(client, name))["totals"] for name in NAMES]
    prizes = sum(award["amount_cents"] for award in snapshot["prizes"])
    assert sum(totals["prize_cents"] for totals in everyone) == prizes + cup["total_cents"]


def test_a_game_a_computer_played_for_a_member_is_in_his_history_but_not_rated(
    client: TestClient,
) -> None:
    """docs/season.md: a game a computer player played for someone (online) is shown in his
    history, marked, but not rated: it is not the member's own play."""
    from dataclasses import replace

    from sqlalchemy import select

    from euchre.store.models import Event, Result
    from euchre.store.night.events import touch

    event_id = night(client, 0, NAMES)
    ann = member_id(client, "Ann Baker")
    before = client.get(f"/api/members/{ann}").json()["rating"]
    first = _history(client, ann)["games"][0]
    number = next(
        str(row["number"])
        for row in client.get(f"/api/events/{event_id}/players").json()
        if row["name"] == "Ann Baker"
    )
    # As the online tables record it: the result names the players a computer stood in for.
    with client.app.state.database.write() as session:  # type: ignore[attr-defined]
        row = session.scalars(
            select(Result).where(
                Result.event_id == event_id,
                Result.round_number == 1,
                Result.table_number == first["table"],
            )
        ).one()
        row.result = replace(row.result, computer_played=(number,))
        event = session.get(Event, event_id)
        assert event is not None
        touch(event)
    after = _history(client, ann)
    assert after["games"][0]["computer"] is True and after["totals"]["games"] == 3
    rating = client.get(f"/api/members/{ann}").json()["rating"]
    assert (before["games"], rating["games"]) == (3, 2)


def _one_round(client: TestClient, score: tuple[int, int]) -> None:
    """A night of the eight members, one round, every table won ``score``."""
    event_id = create_event(client, name="Margin night", format="whist_schedule")
    for name in NAMES:
        assert client.post(f"/api/events/{event_id}/players", json={"name": name}).is_success
    for table in open_round(client, event_id, 1):
        enter(client, event_id, 1, table["table"], score)
    close_round(client, event_id, 1)


def test_a_win_by_more_points_raises_the_winners_ratings_more_and_the_page_says_so(
    client: TestClient, tmp_path: Path
) -> None:
    other = tmp_path / "wide-wins"
    other.mkdir()
    wide = director_client(sqlite_url(other))
    _one_round(client, (10, 9))
    _one_round(wide, (10, 1))
    for name in NAMES:
        narrow_rating = client.get(f"/api/members/{member_id(client, name)}").json()["rating"]
        wide_rating = wide.get(f"/api/members/{member_id(wide, name)}").json()["rating"]
        won = _history(client, member_id(client, name))["games"][0]["points"] == 10
        assert narrow_rating["games"] == wide_rating["games"] == 1
        if won:
            assert wide_rating["mu"] > narrow_rating["mu"] > 25
        else:
            assert wide_rating["mu"] < narrow_rating["mu"] < 25
    page = client.get("/ratings")
    assert page.status_code == 200
    assert "how many points" in page.text
