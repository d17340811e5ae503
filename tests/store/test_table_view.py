"""The table view (``store/table_view.py``): one build of what a table's phone sees, served by
``GET /api/tables/{code}`` and rendered by ``/t/{code}`` (issue 11, "One service layer")."""

from __future__ import annotations

import html
from pathlib import Path

from euchre.store.table_view import saved_outcome, table_view
from tests.store.factory import (
    director_client,
    one_table_started,
    sqlite_url,
)


def test_the_api_and_the_table_page_show_the_same_table_view(tmp_path: Path) -> None:
    client = director_client(sqlite_url(tmp_path))
    _event_id, code, codes, _sides = one_table_started(client)
    store = client.app.state.database  # type: ignore[attr-defined]
    with store.read() as session:
        view = table_view(session, code=code)
        assert view.official is None and view.submissions == ()
    served = client.get(f"/api/tables/{code}").json()
    assert served["table"] == view.table_number and served["round"] == view.round_number
    assert served["game_hands"] == view.profile.game_hands
    assert served["stage"] == "main"
    assert [[p["name"] for p in side] for side in served["partnerships"]] == [
        [member.name for member in side] for side in view.partnerships
    ]
    page = html.unescape(client.get(f"/t/{code}").text)
    for side in (0, 1):
        assert f"<h3>{view.team_name(side)}</h3>" in page

    scorer = served["partnerships"][0][0]["number"]
    opponent = served["partnerships"][1][0]["number"]
    submitted = client.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[scorer], "team_points": [10, 4]},
    ).json()
    with store.read() as session:
        view = table_view(session, code=code)
        assert view.awaiting_confirmation
        assert [row.id for row in view.shown_submissions] == [submitted["id"]]
    confirmed = client.post(
        f"/api/tables/{code}/submissions/{submitted['id']}/confirm",
        json={"player_code": codes[opponent]},
    )
    assert confirmed.status_code == 200, confirmed.text
    with store.read() as session:
        view = table_view(session, code=code)
        assert view.official is not None and view.official.team_points == (10, 4)
        outcome = saved_outcome(session, view)
    assert client.get(f"/api/tables/{code}").json()["official"] == {"team_points": [10, 4]}
    assert outcome.with_penalties == (10, 4)
    page = html.unescape(client.get(f"/t/{code}").text)
    assert f"{view.team_name(0)} won, 10–4." in page
    assert 'id="next-seats"' in page
