"""Sheet 004's dealer failing to discard on a lone hand, through the API and the director's
penalty form: "4 points if lone hand was called by opposition". The director says who called
alone, so the dealer's own side's loner gives the opposition the plain 2, the opposition's
loner 4, and a lone hand with nobody named is refused (nothing recorded)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.store.factory import add_singles, create_event, csrf_token, report_round, table_sides


def _night(client: TestClient) -> tuple[int, list[list[int]]]:
    event_id = create_event(client, format="progressive", rounds=2)
    add_singles(client, event_id, 4)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    report_round(client, event_id, 1, (5, 3))
    _, sides = table_sides(client, event_id)
    return event_id, sides


def _penalty(client: TestClient, event_id: int, **fields: Any) -> Any:
    return client.post(
        f"/api/events/{event_id}/penalties",
        json={"round": 1, "table": 1, "kind": "dealer_fails_to_discard", **fields},
    )


def _opposition_points(client: TestClient, event_id: int) -> list[int]:
    snapshot = client.get(f"/api/events/{event_id}/snapshot").json()["snapshot"]
    return [ruling["team_points"][1] for ruling in snapshot["penalties"]]


def test_dealer_fails_to_discard_4_points_only_if_lone_hand_was_called_by_opposition(
    client: TestClient,
) -> None:
    event_id, sides = _night(client)
    dealer, partner = sides[0]
    opponent = sides[1][0]
    own = _penalty(client, event_id, offender=dealer, lone_caller=partner)
    assert own.status_code == 201, own.text
    theirs = _penalty(client, event_id, offender=dealer, lone_caller=opponent)
    assert theirs.status_code == 201, theirs.text
    assert _opposition_points(client, event_id) == [2, 4]


def test_a_lone_hand_with_nobody_named_as_caller_is_refused_and_nothing_is_recorded(
    client: TestClient,
) -> None:
    event_id, sides = _night(client)
    refused = _penalty(client, event_id, offender=sides[0][0], lone_hand=True)
    assert refused.status_code in (400, 409, 422), refused.text
    assert "who called alone" in refused.text
    assert client.get(f"/api/events/{event_id}/penalties").json() == []


def test_the_directors_form_names_the_lone_caller(client: TestClient) -> None:
    event_id, sides = _night(client)
    page = client.get(f"/director/events/{event_id}/penalties").text
    assert 'id="penalty-lone-caller"' in page
    csrf = csrf_token(page)
    dealer, partner = sides[0]
    recorded = client.post(
        f"/director/events/{event_id}/penalties",
        data={"csrf_token": csrf, "round": "1", "table": "1",
              "kind": "dealer_fails_to_discard", "offender": str(dealer),
              "lone_caller": str(partner)},
    )  # fmt: skip
    assert recorded.status_code in (200, 303), recorded.text
    assert _opposition_points(client, event_id) == [2]
