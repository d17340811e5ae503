"""Issue 9's settings that the core computes, through the API and the pages (TestClient):
"let the director choose 'split' for prize ties", the euchred cup "by default only players
who played every game qualify (say so on screen), the director can exclude or override, and
it is shown before it is paid", "show which tie-break decided each prize", and a playoff
round's own clock."""

from __future__ import annotations

import html
from datetime import datetime
from pathlib import Path

from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    create_event,
    director_client,
    report_round,
    sqlite_url,
    valpo_winners_level,
)


def _client(tmp_path: Path) -> TestClient:
    return director_client(sqlite_url(tmp_path))


def test_prize_ties_split_and_cup_exclusions_are_settings_of_the_api(tmp_path: Path) -> None:
    client = _client(tmp_path)
    event_id = create_event(
        client,
        prize_ties="split",
        side_pot_qualification="everyone",
        side_pot_exclude=["2"],
        side_pot_include=["3"],
    )
    config = client.get(f"/api/events/{event_id}").json()["config"]
    assert config["prize_ties"] == "split"
    assert config["side_pot_qualification"] == "everyone"
    assert config["side_pot_exclude"] == ["2"] and config["side_pot_include"] == ["3"]
    # Left out, they take the defaults (the preset has none of its own).
    plain = client.get(f"/api/events/{create_event(client)}").json()["config"]
    assert plain["prize_ties"] == "tie_breaks" and plain["side_pot_qualification"] == "every_game"


def test_an_unknown_prize_tie_rule_or_cup_rule_is_a_4xx_naming_it(tmp_path: Path) -> None:
    client = _client(tmp_path)
    for field, value in (("prize_ties", "coin_toss"), ("side_pot_qualification", "nobody")):
        response = client.post(
            "/api/events",
            json={"name": "x", "profile_id": "tournament", field: value},
        )
        assert 400 <= response.status_code < 500, response.text
        assert field in response.json()["detail"], response.text


def test_the_form_sets_split_prize_ties_and_takes_a_player_out_of_the_cup(tmp_path: Path) -> None:
    client = _client(tmp_path)
    page = client.get("/director").text
    assert 'id="event-prize-ties"' in page and 'id="event-side-pot-exclude"' in page
    assert ">played every game</option>" in page and ">split the money</option>" in page
    csrf = client.headers["X-CSRF-Token"]
    response = client.post(
        "/director/events",
        data={
            "csrf_token": csrf,
            "name": "Form night",
            "profile_id": "bolivar",
            "prize_ties": "split",
            "side_pot_qualification": "every_game",
            "side_pot_exclude": "4, 7",
            "side_pot_include": "",
        },
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    event_id = int(response.headers["location"].split("/")[3].split("?")[0])
    config = client.get(f"/api/events/{event_id}").json()["config"]
    assert config["prize_ties"] == "split" and config["side_pot_exclude"] == ["4", "7"]
    edit = client.get(f"/director/events/{event_id}/edit").text
    assert 'value="4, 7"' in edit
    assert '<option value="split" selected>' in edit


def test_cup_shows_its_rule_who_is_out_and_is_paid_only_when_the_event_is_over(
    tmp_path: Path,
) -> None:
    client = _client(tmp_path)
    event_id = create_event(
        client,
        format="rotating_partners",
        profile_id="bolivar",
        rounds=2,
        side_pot=True,
        side_pot_exclude=["1"],
    )
    add_singles(client, event_id, 8)
    client.post(f"/api/events/{event_id}/rounds")
    report_round(client, event_id, 1, (5, 3))
    client.post(f"/api/events/{event_id}/rounds/1/close")
    for path in (f"/director/events/{event_id}", f"/events/{event_id}/live"):
        page = client.get(path).text
        assert "Only players who played every game qualify for the euchred cup." in page
        assert "P1: excluded by the director" in page
        assert 'data-paid="no"' in page and "paid to" not in page
        assert "If the event ended now" in page
        assert "on points" in page or "tie-break" in page or "shared" in page
    client.post(f"/api/events/{event_id}/rounds")
    report_round(client, event_id, 2, (5, 3))
    client.post(f"/api/events/{event_id}/rounds/2/close")
    results = client.get(f"/events/{event_id}/results").text
    assert 'data-paid="yes"' in results and "not paid" not in results
    assert "If the event ended now" not in results


def test_a_playoff_round_runs_on_its_own_clock_and_is_labelled(tmp_path: Path) -> None:
    client = _client(tmp_path)
    event_id = valpo_winners_level(client, round_minutes=36)
    started = client.post(f"/api/events/{event_id}/rounds").json()
    length = datetime.fromisoformat(started["ends_at"]) - datetime.fromisoformat(
        started["started_at"]
    )
    assert started["plan"]["hands"] == 4 and length.total_seconds() == 12 * 60  # 36 * 4 / 12
    dashboard = client.get(f"/director/events/{event_id}").text
    assert "Round 2 — Playoff: 4-hand game in play" in dashboard
    live = client.get(f"/events/{event_id}/live").text
    assert "Round 2 — Playoff: 4-hand game" in live
    table = client.get(f"/t/{started['tables'][0]['code']}").text
    assert "round 2 — Playoff: 4-hand game" in table
    assert 'id="hand-4-0"' in table and 'id="hand-5-0"' not in table


def test_a_cup_exclusion_naming_no_player_is_warned_about(tmp_path: Path) -> None:
    client = _client(tmp_path)
    event_id = create_event(
        client, format="rotating_partners", profile_id="bolivar", side_pot_exclude=["99"]
    )
    add_singles(client, event_id, 8)
    dashboard = client.get(f"/director/events/{event_id}").text
    assert "the euchred cup's left-out list names '99', which is no player" in html.unescape(
        dashboard
    )


def test_playoffs_name_who_plays_and_an_event_without_prize_money_says_so(
    tmp_path: Path,
) -> None:
    client = _client(tmp_path)
    event_id = valpo_winners_level(client)
    live = client.get(f"/events/{event_id}/live").text
    assert "This event pays no prizes." in live
    playoffs = live.split('id="playoffs"')[1]
    # The two winners (the first partnership of each table) are named, then the rule.
    assert playoffs.count("&amp;") >= 2 and "4-hand playoff" in playoffs
