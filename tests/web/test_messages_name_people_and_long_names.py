"""Issue 24, item 12: messages name people, never internal ids; ``?msg=`` shows only the app's
own messages; a name longer than the limit is refused with the limit, not cut, and what was
typed stays on the form."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import PASSWORD, codes_by_number, create_event, csrf_token, sqlite_url

from euchre.store.night.events import NAME_LIMIT
from euchre.web.app import create_app

NAMES = [
    "Ann Baker",
    "Bob Cole",
    "Cy Dunn",
    "Di Evans",
    "Ed Frost",
    "Flo Grant",
    "Gus Hale",
    "Hal Irwin",
]
LONG_NAME = "Bartholomew Fitzgerald-Montgomery of Upper Sandusky"  # 51 characters


def _named_event(client: TestClient) -> tuple[int, dict[int, str]]:
    """A started rotating-partners event of eight named players: its id and player number ->
    name."""
    event_id = create_event(client, format="rotating_partners", rounds=3)
    numbers = {}
    for name in NAMES:
        added = client.post(f"/api/events/{event_id}/players", json={"name": name})
        assert added.status_code == 201, added.text
        numbers[added.json()["number"]] = name
    client.post(f"/api/events/{event_id}/rounds")
    return event_id, numbers


def _first_table(client: TestClient, event_id: int) -> tuple[str, list[list[int]]]:
    table = client.get(f"/api/events/{event_id}/rounds/1").json()["tables"][0]
    info = client.get(f"/api/tables/{table['code']}").json()
    return table["code"], [[player["number"] for player in side] for side in info["partnerships"]]


def test_a_refused_score_names_the_player_never_his_id(client: TestClient) -> None:
    event_id, names = _named_event(client)
    code, sides = _first_table(client, event_id)
    codes = codes_by_number(client, event_id)
    euchred, partner = sides[1]
    # Nine times euchred in an eight-hand game: the message names the player.
    refused = client.post(
        f"/api/tables/{code}/submissions",
        json={
            "player_code": codes[sides[0][0]],
            "team_points": [9, 5],
            "euchres": {str(euchred): 9, str(partner): 9},
        },
    )
    assert refused.status_code == 400, refused.text
    detail = refused.json()["detail"]
    assert f"times euchred of {names[euchred]} is 9" in detail
    assert f"'{euchred}'" not in detail and f"player {euchred}" not in detail
    assert "euchres of" not in detail
    # A number nobody at the table has: the table's players are named.
    stranger = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[sides[0][0]], "team_points": [9, 5], "lone_hands": {"99": 1}},
    )
    assert stranger.status_code == 400
    assert "no player number 99 plays at table 1" in stranger.json()["detail"]
    for number in (*sides[0], *sides[1]):
        assert names[number] in stranger.json()["detail"]
    # Partners euchred a different number of times: both are named.
    uneven = client.post(
        f"/api/tables/{code}/submissions",
        json={
            "player_code": codes[sides[0][0]],
            "team_points": [9, 5],
            "euchres": {str(euchred): 1},
        },
    )
    assert uneven.status_code == 400
    assert names[euchred] in uneven.json()["detail"]
    assert names[partner] in uneven.json()["detail"]


def test_the_phone_form_names_the_player_in_its_message(client: TestClient) -> None:
    event_id, names = _named_event(client)
    code, sides = _first_table(client, event_id)
    codes = codes_by_number(client, event_id)
    euchred = sides[1][0]
    form = {
        "team0": "9",
        "team1": "5",
        f"euchre_{euchred}": "9",
        f"euchre_{sides[1][1]}": "9",
        "player_code": codes[sides[0][0]],
        "round": "1",
    }
    page = client.post(f"/t/{code}/submissions", data=form)
    assert page.status_code == 400
    message = re.search(r'id="form-error"[^>]*>([^<]*)<', page.text)
    assert message, page.text
    text = html.unescape(message.group(1))
    assert f"times euchred of {names[euchred]} is 9" in text
    assert f"'{euchred}'" not in text
    assert 'value="9"' in page.text  # what was typed stays on the form


@pytest.fixture
def browser(tmp_path: Path) -> TestClient:
    """A client logged in by the director's cookie, as a browser is."""
    client = TestClient(create_app(sqlite_url(tmp_path)), base_url="http://127.0.0.1")
    done = client.post("/setup", data={"name": "director", "password": PASSWORD})
    assert done.url.path == "/director"
    return client


def _dashboard(browser: TestClient) -> tuple[str, str]:
    page = browser.get("/director")
    created = browser.post(
        "/director/events",
        data={
            "csrf_token": csrf_token(page.text),
            "name": "Club night",
            "profile_id": "tournament",
            "format": "winners_move_up",
            "rounds": "2",
            "round_minutes": "15",
        },
    )
    assert created.status_code == 200, created.text
    return created.url.path, csrf_token(created.text)


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        "anything",
        "Your prize money is at the bar",
    ],
)
def test_a_link_cannot_put_its_own_words_in_the_status_line(browser: TestClient, text: str) -> None:
    dashboard, _ = _dashboard(browser)
    for url in (
        f"{dashboard}?msg={text}",
        f"{dashboard}?changes={text}",
        f"/director?msg={text}",
        f"/login?msg={text}",
        f"{dashboard}/edit?msg={text}",
    ):
        page = browser.get(url)
        assert page.status_code == 200, url
        assert 'id="flash"' not in page.text, url
        assert 'id="movement-changes"' not in page.text, url
        assert html.escape(text) not in page.text and text not in page.text, url


def test_the_apps_own_messages_still_show(browser: TestClient) -> None:
    dashboard, csrf = _dashboard(browser)
    added = browser.post(
        f"{dashboard}/players", data={"csrf_token": csrf, "name": "Ann Baker", "checked_in": "1"}
    )
    assert added.status_code == 200
    flash = re.search(r'id="flash"[^>]*>([^<]*)<', added.text)
    assert flash and flash.group(1).startswith("Ann Baker added")
    # The same signed message, tampered with, shows nothing.
    token = re.search(r"msg=([^&]+)", str(added.url))
    assert token
    tampered = browser.get(f"{dashboard}?msg={token.group(1)[:-2]}xx")
    assert 'id="flash"' not in tampered.text


def test_a_table_phone_shows_no_message_from_a_link(client: TestClient) -> None:
    event_id, _ = _named_event(client)
    code, _ = _first_table(client, event_id)
    page = TestClient(client.app).get(f"/t/{code}?msg=Score+saved.+Pay+the+director+%2420")
    assert page.status_code == 200
    assert 'id="flash"' not in page.text
    assert "Pay the director" not in page.text


def test_a_long_player_name_is_refused_with_the_limit_and_kept_on_the_form(
    browser: TestClient,
) -> None:
    dashboard, csrf = _dashboard(browser)
    refused = browser.post(
        f"{dashboard}/players",
        data={"csrf_token": csrf, "name": LONG_NAME, "team": "The Sandusky Aces"},
    )
    assert refused.status_code == 400
    error = re.search(r'id="add-player-form-error"[^>]*>([^<]*)<', refused.text)
    assert error
    assert html.unescape(error.group(1)) == (
        f"Player names can be at most {NAME_LIMIT} characters; "
        f"'{LONG_NAME[:NAME_LIMIT]}…' has {len(LONG_NAME)}: shorten it"
    )
    assert f'id="player-name" name="name" required value="{LONG_NAME}"' in refused.text
    assert 'value="The Sandusky Aces"' in refused.text
    assert 'id="player-checked-in" name="checked_in" type="checkbox" value="1">' in refused.text
    assert 'maxlength="200"' not in refused.text  # the browser does not cut a name either
    assert "Bartholomew" not in browser.get(f"{dashboard}").text.split('id="add-player-form"')[0]
    exact = "A" * NAME_LIMIT
    kept = browser.post(f"{dashboard}/players", data={"csrf_token": csrf, "name": exact})
    assert kept.status_code == 200
    assert f"{exact} added" in kept.text


def test_a_long_name_is_refused_by_the_api_the_csv_import_and_the_pair_form(
    browser: TestClient,
) -> None:
    dashboard, csrf = _dashboard(browser)
    event_id = int(dashboard.rsplit("/", 1)[1])
    api = browser.post(
        f"/api/events/{event_id}/players",
        json={"name": LONG_NAME},
        headers={"X-CSRF-Token": csrf},
    )
    assert api.status_code == 400
    assert f"at most {NAME_LIMIT} characters" in api.json()["detail"]
    assert f"has {len(LONG_NAME)}" in api.json()["detail"]
    csv = f"name,team\nAnn Baker,\n{LONG_NAME},\n"
    imported = browser.post(f"{dashboard}/players/import", data={"csrf_token": csrf, "csv": csv})
    assert imported.status_code == 400
    error = re.search(r'id="import-form-error"[^>]*>([^<]*)<', imported.text)
    assert error and "CSV line 3" in error.group(1)
    assert f"at most {NAME_LIMIT} characters" in error.group(1)
    assert html.escape(csv) in imported.text  # the list stays in the box
    for name in ("Ann Baker", "Bob Cole"):
        browser.post(f"{dashboard}/players", data={"csrf_token": csrf, "name": name})
    team = "The Fighting Left Bowers of Sandusky County"
    paired = browser.post(
        f"{dashboard}/pairs", data={"csrf_token": csrf, "first": "1", "second": "2", "team": team}
    )
    assert paired.status_code == 400
    error = re.search(r'id="pair-form-error"[^>]*>([^<]*)<', paired.text)
    assert error and f"Team names can be at most {NAME_LIMIT} characters" in error.group(1)
    assert f'value="{team}"' in paired.text
    same = browser.post(
        f"{dashboard}/pairs", data={"csrf_token": csrf, "first": "1", "second": "1"}
    )
    error = re.search(r'id="pair-form-error"[^>]*>([^<]*)<', same.text)
    assert error and error.group(1) == "cannot pair Ann Baker with himself"
