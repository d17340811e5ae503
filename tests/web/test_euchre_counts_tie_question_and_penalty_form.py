"""The club night checklist's "Left for a decision", decided
(``docs/testing-web.md``, "a real club night without help"): partners' times euchred must
agree, the tie question is for a level game only, and the penalty form names the player from
a list. Each as a test named from the user's side (TestClient); the tie question's showing and
hiding is in ``test_tie_question_only_when_level_browser.py``."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    add_teams,
    codes_by_number,
    create_event,
    csrf_token,
    marked_fields,
    start_first_round,
    table_sides,
)

from euchre.tournament import FORMATS
from euchre.tournament.formats import PRESETS


def _names(players: list[dict[str, Any]]) -> dict[int, str]:
    return {int(player["number"]): str(player["name"]) for player in players}


def _fixed(profile: str, format_name: str | None) -> bool:
    return FORMATS[format_name or PRESETS[profile]["format"]].fixed_partners


# --- partners' times euchred -----------------------------------------------------------------

EVERY_SETUP = [(profile, None) for profile in sorted(PRESETS)] + [
    ("tournament", name) for name in sorted(FORMATS)
]
"""Every built-in sheet's own event, and every format on the tournament sheet (the progressive
one included): partners are fixed within each game in all of them."""


@pytest.mark.parametrize(("profile", "format_name"), EVERY_SETUP)
def test_partners_euchre_counts_must_agree_in_every_format_and_sheet(
    client: TestClient, profile: str, format_name: str | None
) -> None:
    event_id = create_event(client, profile_id=profile, format=format_name, prizes=None, rounds=3)
    if _fixed(profile, format_name):
        names = _names(add_teams(client, event_id, 4))
    else:
        names = _names(add_singles(client, event_id, 8))
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    codes = codes_by_number(client, event_id)
    code, sides = table_sides(client, event_id)
    euchred, partner = sides[1]
    body = {"player_code": codes[sides[0][0]], "team_points": [7, 5]}
    one = client.post(
        f"/api/tables/{code}/submissions", json={**body, "euchres": {str(euchred): 1}}
    )
    assert one.status_code == 400, one.text
    assert (
        f"{names[partner]}'s times euchred (0) must equal the partner {names[euchred]}'s (1): "
        "both partners of a euchred team count it" in one.json()["detail"]
    )
    both = client.post(
        f"/api/tables/{code}/submissions",
        json={**body, "euchres": {str(euchred): 1, str(partner): 1}},
    )
    assert both.status_code == 201, both.text
    assert both.json()["result"]["euchres"] == {str(euchred): 1, str(partner): 1}


def test_partners_euchre_counts_must_agree_on_the_phone_which_marks_the_partners_box_and_keeps_everything_typed(  # noqa: E501
    client: TestClient,
) -> None:
    event_id = create_event(client, profile_id="bolivar", format=None, prizes=None)
    names = _names(add_singles(client, event_id, 4))
    code, codes, sides = start_first_round(client, event_id)
    euchred, partner = sides[1]
    typed = {
        "team0": "8",
        "team1": "4",
        f"euchre_{euchred}": "2",
        f"euchre_{partner}": "1",
        f"lone_{sides[0][0]}": "1",
        "player_code": codes[sides[0][0]],
        "round": "1",
    }
    page = client.post(f"/t/{code}/submissions", data=typed)
    assert page.status_code == 400
    text = html.unescape(page.text)
    assert (
        f"{names[partner]}'s times euchred (1) must equal the partner {names[euchred]}'s (2)"
        in text
    )
    assert marked_fields(page.text) == {f"euchre-{partner}"}
    # Nothing typed is lost, and the box at fault is in view (its section open).
    for element, value in [
        ("team0-points", "8"),
        ("team1-points", "4"),
        (f"euchre-{euchred}", "2"),
        (f"euchre-{partner}", "1"),
        (f"lone-{sides[0][0]}", "1"),
    ]:
        assert re.search(rf'id="{element}"[^>]*value="{value}"', page.text), element
    assert "<details open><summary>Lone hands made and times euchred" in page.text
    # Both boxes at 2: the score is taken and the cup gets four quarters.
    saved = client.post(f"/t/{code}/submissions", data={**typed, f"euchre_{partner}": "2"})
    assert saved.status_code == 200, saved.text
    pending = client.get(f"/api/events/{event_id}/submissions").json()
    assert pending[-1]["result"]["euchres"] == {str(euchred): 2, str(partner): 2}


def test_partners_euchre_counts_must_agree_in_the_directors_correction(
    client: TestClient,
) -> None:
    event_id = create_event(client, format="progressive", rounds=2)
    names = _names(add_singles(client, event_id, 4))
    code, codes, sides = start_first_round(client, event_id)
    euchred, partner = sides[0]
    submitted = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[euchred], "team_points": [5, 7]},
    )
    client.post(
        f"/api/tables/{code}/submissions/{submitted.json()['id']}/confirm",
        json={"player_code": codes[sides[1][0]]},
    )
    url = f"/api/events/{event_id}/rounds/1/tables/1/result"
    refused = client.put(url, json={"euchres": {str(euchred): 1}, "reason": "a euchre"})
    assert refused.status_code == 400
    assert (
        f"{names[partner]}'s times euchred (0) must equal the partner {names[euchred]}'s (1)"
        in refused.json()["detail"]
    )
    corrected = client.put(
        url, json={"euchres": {str(euchred): 1, str(partner): 1}, "reason": "a euchre"}
    )
    assert corrected.status_code == 200, corrected.text
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    euchres = {row["competitor_id"]: row["euchres"] for row in snapshot["standings"]}
    assert euchres[str(euchred)] == euchres[str(partner)] == 1


# --- the tie question --------------------------------------------------------------------------


def test_the_tie_question_is_on_the_page_without_js_so_a_level_game_can_always_be_answered(
    client: TestClient,
) -> None:
    """Without JS the question shows on every form (the answer is dropped for a game that is
    not level); app.js hides it while the totals are not level (the browser test)."""
    event_id = create_event(client, profile_id="bolivar", format=None, prizes=None)
    add_singles(client, event_id, 4)
    client.post(f"/api/events/{event_id}/rounds")
    code, _ = table_sides(client, event_id)
    phone = client.get(f"/t/{code}").text
    assert re.search(r'<fieldset id="tie-first"(?![^>]*hidden)[^>]*>', phone)
    assert '<script src="/static/app.js" defer></script>' in phone
    script = client.get("/static/app.js")
    assert script.status_code == 200 and "levelGameQuestion" in script.text


# --- the penalty form ----------------------------------------------------------------------------


def test_the_penalty_form_chooses_the_player_by_name_with_his_number(client: TestClient) -> None:
    event_id = create_event(client, format="progressive", rounds=2)
    players = add_singles(client, event_id, 4)
    client.post(f"/api/events/{event_id}/players", json={"name": "ann lee"})
    names = _names(players) | {5: "ann lee"}
    client.post(f"/api/events/{event_id}/rounds")
    _, sides = table_sides(client, event_id)
    for url in (f"/director/events/{event_id}", f"/director/events/{event_id}/penalties"):
        page = client.get(url).text
        form = re.search(r'<form id="penalty-form".*?</form>', page, re.S)
        assert form, url
        # The role per kind stays on the label; the player is chosen from a list by name.
        assert "Player named (the role depends on the kind: see the list)" in form.group(0)
        select = re.search(
            r'<select id="penalty-offender"\s+name="offender" required>(.*?)</select>',
            form.group(0),
            re.S,
        )
        assert select, url
        options = re.findall(r'<option value="(\d*)">([^<]*)</option>', select.group(1))
        assert options[0] == ("", "Choose the player")
        # Grouped by the table they play at this round (by name), then everyone else.
        seated = {number for side in sides for number in side}
        groups = [
            sorted(((n, names[n]) for n in seated), key=lambda item: item[1].casefold()),
            sorted(
                ((n, name) for n, name in names.items() if n not in seated),
                key=lambda item: item[1].casefold(),
            ),
        ]
        assert options[1:] == [
            (str(number), f"{name} (#{number})") for group in groups for number, name in group
        ]
        assert '<optgroup label="Table 1">' in select.group(1)
        others = re.sub(r"<label>(Round|Table|Hand).*?</label>", "", form.group(0), flags=re.S)
        assert 'type="number"' not in others  # the player is not a bare number box
    page = client.get(f"/director/events/{event_id}/penalties").text
    csrf = csrf_token(page)
    accused = sides[1][0]
    recorded = client.post(
        f"/director/events/{event_id}/penalties",
        data={"csrf_token": csrf, "round": "1", "table": "1", "kind": "renege",
              "offender": str(accused), "proven": "1"},
    )  # fmt: skip
    assert recorded.status_code in (200, 303), recorded.text
    listing = client.get(f"/director/events/{event_id}/penalties").text
    assert f"renege, {names[accused]} named" in listing
