"""A "poker chips" night run from its sheet file alone, through the API, as a club would.

The club adds ``tests/data/sheets/poker_chips.toml`` (no code): "tables and partners are drawn
by poker chips every game"; "games are 4 hands: each player deals once"; "a player without a
chip sits out the game and scores 8 points"; "no game is called after 10:30"; "75% / 15% / 10%
of the buy-in, $5 back to last place; you must play from the first game to win". The app's
clock is handed in (a Thursday in Chicago from 7 pm): no test waits for the time.
"""

from __future__ import annotations

import html
import itertools
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import csrf_token, event_with_players, report_table

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "poker_chips.toml"
SEVEN_PM = datetime(2027, 1, 15, 1, 0, tzinfo=UTC)
"""Thursday 14 January 2027, 19:00 in Chicago (CST, UTC-6)."""
SEED = 3
"""The night's seed (its draws): three places paid apart, and Larry passed over for 2nd."""
FOUR_HANDS = [[1, 0], [2, 0], [0, 1], [1, 0]]
"""Four hands, as the keeper types them: 4 to 1."""


class Clock:
    """The app's clock, set by the test."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(SEVEN_PM)


@pytest.fixture
def client(client: TestClient, clock: Clock) -> TestClient:
    """The shared director's app (``tests/web/conftest.py``) on the test's clock."""
    client.app.state.clock = clock  # type: ignore[attr-defined]
    return client


def chips_night(client: TestClient, players: int) -> int:
    """The club's sheet added from its file, a night created from it, ``players`` entered."""
    added = client.post("/api/sheets", json={"text": SHEET.read_text(), "filename": SHEET.name})
    assert added.status_code == 201, added.text
    body = {"name": "Chips", "profile_id": "poker_chips", "seed": SEED}
    return event_with_players(client, body, (f"Player {n}" for n in range(1, players + 1)))


def play_game(client: TestClient, event_id: int, number: int) -> dict[str, Any]:
    """Start game ``number``; at every table the first pair's keeper types the 4 hands (4-1 to
    his side) and an opponent confirms; the game is closed. Returns the started plan."""
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    assert started.json()["number"] == number
    codes = {
        row["number"]: row["code"] for row in client.get(f"/api/events/{event_id}/players").json()
    }
    for table in started.json()["tables"]:
        report_table(client, table["code"], codes, number, hand_points=FOUR_HANDS)
    closed = client.post(f"/api/events/{event_id}/rounds/{number}/close")
    assert closed.status_code == 200, closed.text
    plan: dict[str, Any] = started.json()["plan"]
    return plan


def partnerships(plan: dict[str, Any]) -> set[frozenset[str]]:
    return {frozenset(pair) for table in plan["tables"] for pair in table["partnerships"]}


def dashboard_text(client: TestClient, event_id: int) -> str:
    page = client.get(f"/director/events/{event_id}").text
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_poker_chips_night_redraws_every_game_of_4_hands_byes_8_and_the_clock_ends_it(
    client: TestClient, clock: Clock
) -> None:
    event_id = chips_night(client, 12)
    event = client.get(f"/api/events/{event_id}").json()
    assert event["cut_off"] == "Last round called by 22:30 (America/Chicago)."
    assert "Last round called by 22:30 (America/Chicago)." in dashboard_text(client, event_id)
    # The night's facts line says it too (shown while a game is in play as well).
    assert "12 rounds of 15 min · last round called by 22:30 ·" in dashboard_text(client, event_id)
    plans: list[dict[str, Any]] = []
    # A game every 45 minutes from 7 pm: 19:00, 19:45, 20:30, 21:15, 22:00 (22:30 would
    # still be called: "no game is called after 10:30").
    for number in range(1, 6):
        clock.now = SEVEN_PM + timedelta(minutes=45 * (number - 1))
        plans.append(play_game(client, event_id, number))
        if number == 1:  # Larry comes after the first game: he may not win a prize
            late = client.post(f"/api/events/{event_id}/players", json={"name": "Late Larry"})
            assert late.status_code == 201, late.text
    # "Tables and partners are drawn by poker chips every game": no game keeps the last
    # game's partners (a movement would keep its winners together at their table).
    for before, after in itertools.pairwise(plans):
        assert partnerships(before) != partnerships(after)
        assert len(partnerships(before) & partnerships(after)) < 6
    # "A player without a chip sits out the game and scores 8 points."
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    points = {row["competitor_id"]: row["points"] for row in snapshot["standings"]}
    games: dict[str, int] = {}
    for plan in plans[1:]:
        assert len(plan["sitting_out"]) == 1  # 13 players: three tables and one bye
    for plan in plans:
        for table in plan["tables"]:
            for side, pair in enumerate(table["partnerships"]):
                for player in pair:
                    games[player] = games.get(player, 0) + (4 if side == 0 else 1)
        for player in plan["sitting_out"]:
            games[player] = games.get(player, 0) + 8
    assert points == games
    # The night's clock: at 22:45 the sixth game is not called.
    clock.now = SEVEN_PM + timedelta(minutes=225)
    refused = client.post(f"/api/events/{event_id}/rounds")
    assert refused.status_code == 409, refused.text
    assert (
        "It is 22:45, past the night's cut-off: the last round is called no later than 22:30. "
        "The night ends with the 5 rounds played: finish the night, or start round 6 anyway"
        in refused.text
    )
    assert (
        "past the night's cut-off" in client.get(f"/api/events/{event_id}").json()["cut_off_passed"]
    )
    page = dashboard_text(client, event_id)
    assert "It is 22:45, past the night's cut-off" in page
    assert "Finish the night with 5 rounds" in page
    assert "Start round 6 anyway" in page
    ended = client.post(f"/api/events/{event_id}/end-night", json={"reason": ""})
    assert ended.status_code == 200, ended.text
    assert ended.json()["status"] == "finished"
    assert ended.json()["config"]["rounds"] == 5
    final = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    # 13 entrants × $5 = $65: 75% $48.75 → $48, 15% $9.75 → $9, 10% $6.50 → $6, the $2 the
    # rounding left to first; $5 back to last place; Larry, late, wins nothing.
    prizes = final["prizes"]
    paid = [award["amount_cents"] for award in prizes if award["decided_by"] != "last_place"]
    assert sum(paid) == 6500
    assert "Late Larry" not in [award["name"] for award in prizes]
    page = dashboard_text(client, event_id)
    assert (
        "$50.00 (1st prize; on points; 75% of the $65.00 pot (13 entrants × $5.00), rounded "
        "down to $1.00, with the $2.00 the rounding left)" in page
    )
    assert (
        "$9.00 (2nd prize; on points; 15% of the $65.00 pot (13 entrants × $5.00), rounded down "
        "to $1.00; passed over: Late Larry arrived for game 2; prizes go to those who played "
        "from the first round)" in page
    )
    assert (
        "$6.00 (3rd prize; on points; 10% of the $65.00 pot (13 entrants × $5.00), rounded down "
        "to $1.00)" in page
    )
    assert "$5.00 (last-place prize; last place; the last place in the standings)" in page
    last = [award for award in prizes if award["decided_by"] == "last_place"]
    assert [(award["name"], award["amount_cents"]) for award in last] == [
        (final["standings"][-1]["name"], 500)
    ]
    audit = client.get(f"/api/events/{event_id}/audit").json()
    ends = [row for row in audit if row["action"] == "end_night"]
    assert ends and "cut-off (22:30)" in ends[0]["reason"]
    # Nothing more is started: the night is over.
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 409


def test_a_game_of_the_chips_night_is_four_hands(client: TestClient) -> None:
    event_id = chips_night(client, 12)
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    codes = {
        row["number"]: row["code"] for row in client.get(f"/api/events/{event_id}/players").json()
    }
    table = started.json()["tables"][0]
    info = client.get(f"/api/tables/{table['code']}").json()
    keeper = info["partnerships"][0][0]["number"]
    sent = client.post(
        f"/api/tables/{table['code']}/submissions",
        json={"player_code": codes[keeper], "round": 1, "hand_points": FOUR_HANDS * 2},
    )
    assert sent.status_code == 400, sent.text
    assert "8 hands entered, but a game is 4 hands" in sent.text


def test_the_director_may_start_a_game_after_the_cut_off_and_the_audit_says_so(
    client: TestClient, clock: Clock
) -> None:
    event_id = chips_night(client, 12)
    play_game(client, event_id, 1)
    clock.now = SEVEN_PM + timedelta(hours=3, minutes=31)  # 22:31
    refused = client.post(f"/api/events/{event_id}/rounds")
    assert refused.status_code == 409
    assert "It is 22:31, past the night's cut-off" in refused.text
    started = client.post(
        f"/api/events/{event_id}/rounds",
        json={"past_cut_off": True, "reason": "the last tables sat down late"},
    )
    assert started.status_code == 201, started.text
    audit = client.get(f"/api/events/{event_id}/audit").json()
    past = [row for row in audit if row["action"] == "start_past_cut_off"]
    assert [row["reason"] for row in past] == ["the last tables sat down late"]


def test_a_cut_off_after_midnight_is_that_night_s_not_the_evening_s(
    client: TestClient, clock: Clock
) -> None:
    """ "00:30" after a 7 pm start is half past midnight: 23:50 still starts a game."""
    text = SHEET.read_text().replace('last_round_by = "22:30"', 'last_round_by = "00:30"')
    added = client.post("/api/sheets", json={"text": text, "filename": SHEET.name})
    assert added.status_code == 201, added.text
    created = client.post("/api/events", json={"name": "Late", "profile_id": "poker_chips"})
    event_id = int(created.json()["id"])
    for number in range(1, 9):
        client.post(f"/api/events/{event_id}/players", json={"name": f"Player {number}"})
    play_game(client, event_id, 1)
    clock.now = SEVEN_PM + timedelta(hours=4, minutes=50)  # 23:50
    play_game(client, event_id, 2)
    clock.now = SEVEN_PM + timedelta(hours=5, minutes=31)  # 00:31
    refused = client.post(f"/api/events/{event_id}/rounds")
    assert refused.status_code == 409
    assert "It is 00:31, past the night's cut-off" in refused.text


def test_a_cut_off_the_file_cannot_mean_is_refused_in_words(client: TestClient) -> None:
    text = (
        SHEET.read_text()
        .replace('last_round_by = "22:30"', 'last_round_by = "10:30pm"')
        .replace('time_zone = "America/Chicago"', 'time_zone = "Chicago"')
    )
    refused = client.post("/api/sheets", json={"text": text, "filename": SHEET.name})
    assert refused.status_code == 400
    assert (
        "last_round_by is '10:30pm'; write the time the last round may be called on a "
        '24-hour clock as HH:MM, e.g. \\"22:30\\"' in refused.text
    )
    assert "time_zone 'Chicago' is not a time zone this machine knows" in refused.text


def test_the_dashboard_refuses_a_game_after_the_cut_off_and_finishes_the_night(
    client: TestClient, clock: Clock
) -> None:
    """The director on the dashboard: "Start round 3" at 22:40 is refused in the sheet's
    terms; "Start round 3 anyway" needs nothing more than his click (the reason is his, and
    kept); "Finish the night with 3 rounds" ends it: the standings are final."""
    event_id = chips_night(client, 8)
    play_game(client, event_id, 1)
    play_game(client, event_id, 2)
    clock.now = SEVEN_PM + timedelta(hours=3, minutes=40)  # 22:40
    dashboard = f"/director/events/{event_id}"
    csrf = csrf_token(client.get(dashboard).text)
    refused = client.post(f"{dashboard}/rounds/start", data={"csrf_token": csrf})
    assert "It is 22:40, past the night's cut-off" in html.unescape(refused.text)
    started = client.post(
        f"{dashboard}/rounds/start",
        data={"csrf_token": csrf, "past_cut_off": "yes", "reason": "one more for the cup"},
    )
    assert "Round started." in started.text
    audit = client.get(f"/api/events/{event_id}/audit").json()
    assert [row["reason"] for row in audit if row["action"] == "start_past_cut_off"] == [
        "one more for the cup"
    ]
    for table in client.get(f"/api/events/{event_id}/rounds/3").json()["tables"]:
        entered = client.put(
            f"/api/events/{event_id}/rounds/3/tables/{table['table']}/result",
            json={"team_points": [3, 1]},
        )
        assert entered.status_code == 200, entered.text
    assert client.post(f"/api/events/{event_id}/rounds/3/close").status_code == 200
    page = dashboard_text(client, event_id)
    assert "Finish the night with 3 rounds" in page
    finished = client.post(f"{dashboard}/end-night", data={"csrf_token": csrf})
    assert "The night is over: the standings are final with its rounds." in html.unescape(
        finished.text
    )
    event = client.get(f"/api/events/{event_id}").json()
    assert (event["status"], event["config"]["rounds"]) == ("finished", 3)
    assert event["cut_off_passed"] is None


def test_the_create_event_form_shows_the_sheets_cut_off_and_the_director_may_change_it(
    client: TestClient,
) -> None:
    """ "No game is called after 10:30": the director choosing the chips sheet on the
    create-event form sees its cut-off (22:30) and its clock's zone filled in, may move it
    (23:00 tonight) or clear it (play every round), and the event says what he chose."""
    added = client.post("/api/sheets", json={"text": SHEET.read_text(), "filename": SHEET.name})
    assert added.status_code == 201, added.text
    home = client.get("/director?sheet=poker_chips").text
    assert "Last round called by" in home
    assert re.search(r'id="event-last-round-by"[^>]*type="time" value="22:30"', home), home
    assert re.search(r'id="event-time-zone"[^>]*value="America/Chicago"', home)
    assert 'name="cut_off_on_form" value="yes"' in home
    fields = {
        "csrf_token": csrf_token(home),
        "name": "Chips",
        "profile_id": "poker_chips",
        "date": "2027-01-14",
        "last_round_by": "23:00",
        "time_zone": "America/Chicago",
        "cut_off_on_form": "yes",
    }
    moved = client.post("/director/events", data=fields)
    assert moved.status_code == 200, moved.text
    event = client.get(f"/api/events/{moved.url.path.rsplit('/', 1)[1]}").json()
    assert event["cut_off"] == "Last round called by 23:00 (America/Chicago)."
    edit = client.get(f"{moved.url.path}/edit").text
    assert re.search(r'id="event-last-round-by"[^>]*value="23:00"', edit)
    cleared = client.post("/director/events", data=fields | {"last_round_by": "", "time_zone": ""})
    assert cleared.status_code == 200, cleared.text
    event = client.get(f"/api/events/{cleared.url.path.rsplit('/', 1)[1]}").json()
    assert event["config"].get("last_round_by") is None
    assert not event["cut_off"]
