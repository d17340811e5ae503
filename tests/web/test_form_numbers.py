"""Every form reads a number one way: a table's phone and the director's dashboard refuse
"1_000", "+9" or "9.0" in the same words, naming the box and keeping what was typed, and
take a number typed in another script's digits (a phone keyboard's "٩")."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    codes_by_number,
    create_event,
    csrf_token,
    table_sides,
)

from euchre.web.common.form_fields import FormError, whole_number


def _started(client: TestClient) -> tuple[int, str, dict[int, str], list[list[int]]]:
    event_id = create_event(client, format="progressive", rounds=2)
    add_singles(client, event_id, 4)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    code, sides = table_sides(client, event_id)
    return event_id, code, codes_by_number(client, event_id), sides


@pytest.mark.parametrize("typed", ["1_000", "+9", "9.0", "nine"])
def test_the_phone_refuses_a_total_that_is_not_a_whole_number_keeping_it(
    client: TestClient, typed: str
) -> None:
    _event_id, code, codes, sides = _started(client)
    page = client.get(f"/t/{code}").text
    seated = re.search(r'name="seated" value="([^"]*)"', page)
    assert seated and 'name="team0"' in page
    typed_in = {"round": "1", "seated": seated.group(1), "team0": typed, "team1": "5"}
    refused = client.post(
        f"/t/{code}/submissions", data={**typed_in, "player_code": codes[sides[0][0]]}
    )
    assert refused.status_code == 400
    text = html.unescape(refused.text)
    assert f"must be a whole number, got '{typed}'" in text
    assert f'value="{typed}"' in text  # what the player typed is still in the box


def test_the_dashboard_refuses_the_same_total_in_the_same_words(client: TestClient) -> None:
    event_id, _code, _codes, _sides = _started(client)
    dashboard = f"/director/events/{event_id}"
    csrf = csrf_token(client.get(dashboard).text)
    refused = client.post(
        f"{dashboard}/correct",
        data={"csrf_token": csrf, "round": "1", "table": "1", "team0": "+9", "team1": "5"},
    )
    assert refused.status_code == 400
    assert "must be a whole number, got '+9'" in html.unescape(refused.text)


def test_a_number_in_another_scripts_digits_is_that_number() -> None:
    assert whole_number("٩", "hand 1") == 9
    assert whole_number(" 11 ", "the total") == 11
    with pytest.raises(FormError, match="the total must be 0 or more, got -2") as refused:
        whole_number("-2", "the total", field="team_points.0", minimum=0)
    assert refused.value.field == "team_points.0"
