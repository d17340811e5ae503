"""A "$1 per euchre, $2 on a loner" bump cup from the pages: the director sets the lone-hand
stake and who takes a cup nobody qualifies for on his event form, the table's phone asks
"times euchred on a lone hand" (only where the cup has that stake) and the cup's total and
line come out of what the phone typed; the director's correction form asks it too.

A count of euchres on a lone hand above the player's times euchred is refused in the API's
words, with what was typed kept."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    codes_by_number,
    create_event,
    csrf_token,
    marked_fields,
    table_sides,
)

LONER_NIGHT: dict[str, Any] = {
    "format": "progressive",
    "rounds": 2,
    "side_pot": True,
    "side_pot_cents": 100,
    "side_pot_lone_cents": 200,
    "side_pot_qualification": "everyone",
}
"""The club's "$1 bump cup per euchre, $2 on a loner"."""


def _started(client: TestClient, **config: Any) -> tuple[int, str, list[list[int]], dict[int, str]]:
    """An event of four players with round 1 started: its id, the table's code, the two
    sides' player numbers and each player's number -> name."""
    event_id = create_event(client, **config)
    players = add_singles(client, event_id, 4)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    code, sides = table_sides(client, event_id)
    return event_id, code, sides, {row["number"]: row["name"] for row in players}


def _phone_typed(code: str, client: TestClient, **boxes: str) -> dict[str, str]:
    """The phone's form as its page sends it (round and seating), with ``boxes`` typed."""
    page = client.get(f"/t/{code}").text
    seated = re.search(r'name="seated" value="([^"]*)"', page)
    assert seated, page
    return {"round": "1", "seated": seated.group(1), **boxes}


def _cup_line(client: TestClient, event_id: int) -> str:
    """The director's dashboard, as read (tags out)."""
    page = client.get(f"/director/events/{event_id}").text
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_event_form_keeps_a_lone_hand_stake_and_who_takes_a_cup_nobody_qualifies_for(
    client: TestClient,
) -> None:
    home = client.get("/director").text
    assert "Cents per euchre on a lone hand" in home
    assert "the fewest points of all players" in home
    fields = {
        "csrf_token": csrf_token(home),
        "name": "Loner night",
        "profile_id": "tournament",
        "format": "progressive",
        "rounds": "2",
        "side_pot": "yes",
        "side_pot_cents": "100",
        "side_pot_lone_cents": "200",
        "side_pot_fallback": "fewest_points_of_all",
        "date": "2027-01-14",
    }
    created = client.post("/director/events", data=fields)
    assert created.status_code == 200, created.text
    event_id = int(created.url.path.rsplit("/", 1)[1])
    config = client.get(f"/api/events/{event_id}").json()["config"]
    assert config["side_pot_lone_cents"] == 200
    assert config["side_pot_fallback"] == "fewest_points_of_all"

    # Shown again on the edit page, and changed there.
    edit = client.get(f"/director/events/{event_id}/edit").text
    assert re.search(r'name="side_pot_lone_cents"[^>]*value="200"', edit), edit
    assert (
        '<option value="fewest_points_of_all" selected>the fewest points of all players</option>'
        in edit
    )
    saved = client.post(
        f"/director/events/{event_id}/edit",
        data=fields
        | {
            "csrf_token": csrf_token(edit),
            "side_pot_lone_cents": "150",
            "side_pot_fallback": "director",
        },
    )
    assert saved.status_code == 200, saved.text
    config = client.get(f"/api/events/{event_id}").json()["config"]
    assert config["side_pot_lone_cents"] == 150
    assert config.get("side_pot_fallback", "director") == "director"
    edit = client.get(f"/director/events/{event_id}/edit").text
    assert '<option value="director" selected>nobody until I let players in</option>' in edit

    # Refused in words, naming the setting.
    for typed, words in (
        ("-1", "the cents per euchre on a lone hand must be from 0 to 100000, not -1"),
        ("2.5", "cents per euchre on a lone hand must be a whole number, got '2.5'"),
    ):
        refused = client.post(
            "/director/events",
            data=fields | {"csrf_token": csrf_token(edit), "side_pot_lone_cents": typed},
        )
        assert refused.status_code == 400, typed
        assert words in html.unescape(refused.text)
    refused = client.post(
        "/director/events",
        data=fields | {"csrf_token": csrf_token(edit), "side_pot_fallback": "winner"},
    )
    assert refused.status_code == 400
    assert "unknown side_pot_fallback 'winner'" in html.unescape(refused.text)


def test_a_dollar_per_euchre_and_two_on_a_loner_come_out_of_what_the_phone_typed(
    client: TestClient,
) -> None:
    event_id, code, sides, names = _started(client, **LONER_NIGHT)
    euchred, partner = sides[0]
    page = client.get(f"/t/{code}").text
    assert f'name="loneeuchre_{euchred}"' in page
    assert "Times euchred on a lone hand" in html.unescape(page)
    assert "($2.00 each in\nthe cup)" in html.unescape(page)

    # Side 0 euchred twice, once on its own lone hand: both partners count both.
    typed = _phone_typed(
        code,
        client,
        team0="5",
        team1="7",
        **{
            f"euchre_{euchred}": "2",
            f"euchre_{partner}": "2",
            f"loneeuchre_{euchred}": "1",
            f"loneeuchre_{partner}": "1",
        },
    )
    codes = codes_by_number(client, event_id)
    sent = client.post(f"/t/{code}/submissions", data=typed | {"player_code": codes[euchred]})
    assert sent.status_code == 200, sent.text
    pending = client.get(f"/api/events/{event_id}/submissions").json()[-1]
    assert pending["result"]["lone_euchres"] == {str(euchred): 1, str(partner): 1}
    # The opponent reads the lone-hand line before he confirms.
    shown = html.unescape(client.get(f"/t/{code}").text)
    assert "Times euchred on a lone hand" in shown
    assert f"{names[euchred]} 1, {names[partner]} 1" in shown
    confirmed = client.post(
        f"/t/{code}/submissions/{pending['id']}/confirm",
        data={"player_code": codes[sides[1][0]]},
    )
    assert confirmed.status_code == 200, confirmed.text

    pot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["side_pot"]
    assert pot["total_cents"] == 2 * 100 + 2 * 200
    dashboard = _cup_line(client, event_id)
    assert "Euchred cup: $6.00" in dashboard
    assert "2 × $1.00 (a player euchred); 2 × $2.00 (euchred on a lone hand)" in dashboard


def test_the_phone_refuses_more_lone_hand_euchres_than_times_euchred_keeping_what_was_typed(
    client: TestClient,
) -> None:
    event_id, code, sides, names = _started(client, **LONER_NIGHT)
    euchred, partner = sides[0]
    typed = _phone_typed(
        code,
        client,
        team0="5",
        team1="7",
        **{
            f"euchre_{euchred}": "1",
            f"euchre_{partner}": "1",
            f"loneeuchre_{euchred}": "2",
        },
    )
    codes = codes_by_number(client, event_id)
    refused = client.post(f"/t/{code}/submissions", data=typed | {"player_code": codes[euchred]})
    assert refused.status_code == 400
    text = html.unescape(refused.text)
    # The API's own words (tournament.validation).
    assert (
        f"times euchred on a lone hand of {names[euchred]} is 2, more than his times "
        "euchred (1): a euchred lone hand is one of his euchres"
    ) in text
    assert marked_fields(refused.text) == {f"loneeuchre-{euchred}"}
    for element, value in [
        ("team0-points", "5"),
        ("team1-points", "7"),
        (f"euchre-{euchred}", "1"),
        (f"loneeuchre-{euchred}", "2"),
    ]:
        assert re.search(rf'id="{element}"[^>]*value="{value}"', refused.text), element
    assert "<details open><summary>Lone hands made and times euchred" in refused.text
    assert client.get(f"/api/events/{event_id}/submissions").json() == []


def test_a_cup_without_a_lone_hand_stake_does_not_ask_and_a_correction_keeps_the_record(
    client: TestClient,
) -> None:
    """A plain cup: the phone and the correction form do not ask; a count an online table
    (here the API) recorded is kept when the director corrects something else."""
    event_id, code, sides, _names = _started(client, format="progressive", rounds=2)
    assert "loneeuchre" not in client.get(f"/t/{code}").text
    euchred, partner = sides[0]
    url = f"/api/events/{event_id}/rounds/1/tables/1/result"
    entered = client.put(
        url,
        json={
            "team_points": [5, 7],
            "euchres": {str(euchred): 1, str(partner): 1},
            "lone_euchres": {str(euchred): 1, str(partner): 1},
        },
    )
    assert entered.status_code == 200, entered.text
    form_url = f"/director/events/{event_id}/rounds/1/tables/1/result"
    form = client.get(form_url).text
    assert "loneeuchre" not in form
    values = dict(re.findall(r'name="((?:team|euchre_)\w*)"[^>]*value="([^"]*)"', form))
    saved = client.post(
        form_url,
        data=values | {"csrf_token": csrf_token(form), "team1": "8", "reason": "miscount"},
    )
    assert saved.status_code == 200, saved.text
    (row,) = client.get(f"/api/events/{event_id}/backup").json()["results"]
    result = row["result"]
    assert result["team_points"] == [5, 8]
    assert result["lone_euchres"] == {str(euchred): 1, str(partner): 1}


def test_the_directors_correction_form_asks_and_checks_lone_hand_euchres(
    client: TestClient,
) -> None:
    event_id, _code, sides, names = _started(client, **LONER_NIGHT)
    euchred, partner = sides[0]
    form_url = f"/director/events/{event_id}/rounds/1/tables/1/result"
    form = client.get(form_url).text
    assert f'name="loneeuchre_{euchred}"' in form
    fields = {
        "csrf_token": csrf_token(form),
        "team0": "5",
        "team1": "7",
        f"euchre_{euchred}": "1",
        f"euchre_{partner}": "1",
        f"loneeuchre_{euchred}": "1",
        f"loneeuchre_{partner}": "3",
        "reason": "from the paper",
    }
    refused = client.post(form_url, data=fields)
    assert refused.status_code == 400
    assert (
        f"times euchred on a lone hand of {names[partner]} is 3, more than his times euchred (1)"
        in html.unescape(refused.text)
    )
    assert re.search(rf'id="loneeuchre-{partner}"[^>]*value="3"', refused.text)

    saved = client.post(form_url, data=fields | {f"loneeuchre_{partner}": "1"})
    assert saved.status_code == 200, saved.text
    again = client.get(form_url).text
    assert re.search(rf'id="loneeuchre-{euchred}"[^>]*value="1"', again)
    pot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]["side_pot"]
    assert pot["total_cents"] == 2 * 200
