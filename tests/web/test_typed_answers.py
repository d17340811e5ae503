"""Types to the edge (issue 23, item 6): the API's answers are the typed values themselves
(a table's result, a penalty's record, the statuses of closed sets), as its OpenAPI schema
tells a client; and an error carries its own HTTP status, the same on the API and on the
director's pages."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import add_singles, create_event, csrf_token, report_round

from euchre.store.club.history import Acquaintance, HistoryGame, HistoryTotals, MemberHistory
from euchre.store.errors import AuthError, ConflictError, NotFoundError, RateLimitedError
from euchre.store.models import EventStatus, SubmissionStatus
from euchre.store.scoring.table_status import TableState
from euchre.tournament.errors import TournamentConflictError, TournamentError
from euchre.web.common.errors import status_for
from euchre.web.common.security import CsrfError


def _schema(spec: dict[str, Any], name: str) -> dict[str, Any]:
    schema: dict[str, Any] = spec["components"]["schemas"][name]
    return schema


def _ref(spec: dict[str, Any], model: str, field: str) -> str:
    """The name of the schema a field of ``model`` refers to (through ``anyOf`` for an
    optional one)."""
    prop = _schema(spec, model)["properties"][field]
    options = prop.get("anyOf", [prop])
    return next(option["$ref"] for option in options if "$ref" in option).rsplit("/", 1)[1]


def test_api_answers_are_the_typed_results_penalties_and_statuses(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert _ref(spec, "SubmissionOut", "result") == "TableResult"
    assert _ref(spec, "CorrectionOut", "result") == "TableResult"
    assert _ref(spec, "PenaltyOut", "record") == "PenaltyRecord"
    assert _ref(spec, "EventOut", "config") == "EventConfig"
    assert _ref(spec, "SnapshotOut", "snapshot") == "EventSnapshot"
    closed_sets = {
        ("SubmissionOut", "status"): SubmissionStatus,
        ("EventOut", "status"): EventStatus,
        ("TableStatusOut", "state"): TableState,
    }
    for (model, field), kind in closed_sets.items():
        assert _schema(spec, _ref(spec, model, field))["enum"] == [member.value for member in kind]


def test_a_member_s_history_is_documented_as_the_store_s_typed_history(
    client: TestClient,
) -> None:
    """The history's answer is written from the store's dataclasses, and the schema a client
    reads is theirs, every field in it (none left optional: each is always written)."""
    spec = client.get("/openapi.json").json()
    answer = spec["paths"]["/api/members/{member_id}/history"]["get"]["responses"]["200"]
    assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/MemberHistory")
    for kind in (MemberHistory, HistoryGame, HistoryTotals, Acquaintance):
        assert _schema(spec, kind.__name__)["required"] == [item.name for item in fields(kind)]


def test_a_round_s_tables_say_where_they_stand_in_the_closed_set(client: TestClient) -> None:
    event_id = create_event(client, format="progressive", rounds=2)
    add_singles(client, event_id, 8)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    states = [
        table["state"] for table in client.get(f"/api/events/{event_id}/rounds/1").json()["tables"]
    ]
    assert states == [TableState.PLAYING.value] * 2
    report_round(client, event_id, 1)
    states = [
        table["state"] for table in client.get(f"/api/events/{event_id}/rounds/1").json()["tables"]
    ]
    assert states == [TableState.REPORTED.value] * 2


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (TournamentError("bad"), 400),
        (TournamentConflictError("nothing changed"), 409),
        (NotFoundError("none"), 404),
        (ConflictError("state"), 409),
        (AuthError("who"), 401),
        (CsrfError("token"), 403),
        (RateLimitedError("slow down", retry_after=5), 429),
    ],
)
def test_each_error_carries_its_own_http_status(error: Exception, status: int) -> None:
    assert status_for(error) == status


def test_a_correction_that_changes_nothing_is_409_on_the_api_and_on_the_director_s_page(
    client: TestClient,
) -> None:
    """The same refusal, the same status, whichever door the director uses."""
    event_id = create_event(client, format="progressive", rounds=2)
    add_singles(client, event_id, 4)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201
    report_round(client, event_id, 1)
    sentence = "round 1 table 1: nothing changed; the recorded result is already this"
    again = client.put(
        f"/api/events/{event_id}/rounds/1/tables/1/result",
        json={"team_points": [10, 6], "reason": "the table's sheet"},
    )
    assert again.status_code == 409 and again.json()["detail"] == sentence
    address = f"/director/events/{event_id}/rounds/1/tables/1/result"
    form = client.get(address).text
    csrf = csrf_token(form)
    page = client.post(
        address,
        data={"csrf_token": csrf, "team0": "10", "team1": "6", "reason": "sheet"},
        follow_redirects=False,
    )
    assert page.status_code == 409
    assert sentence in page.text
