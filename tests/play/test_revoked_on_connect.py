"""A revoked seat key is refused at its very next connect, on the worker that revoked it and
on any other one that holds the table in its memory: a new link and code, a code typed on a
new phone, the link taken on another device ("one device per seat"), a player who had to go.

A socket's opening reads the table from this process's copy but checks the token in the
database every time (``store/play/opening.py``); two services on one SQLite file stand in for
two workers here, as in ``test_workers_cache.py``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from euchre.store.db import Database
from euchre.store.play.claims import claim_seat
from euchre.store.play.errors import ForbiddenError
from euchre.store.play.service import PlayService

from .helpers import four_humans, human_tokens, open_table, statements_run

NOT_VALID = (
    "This seat's key is not valid at this table: the seat was opened on another device or "
    "given to someone else, or the link is wrong."
)


@dataclass(frozen=True)
class _Table:
    """A table of four humans opened on the first worker: seat 1's link and code, the host's
    token."""

    table: str
    link: str
    code: str
    host: str


def _two_workers(tmp_path: Path) -> tuple[PlayService, PlayService, _Table]:
    """Two services on one file and a table opened by the first."""
    url = f"sqlite:///{tmp_path / 'play.db'}"
    first = Database(url)
    first.migrate()
    one, two = PlayService(first), PlayService(Database(url))
    table_id, tickets, host = four_humans(one, seed=7)
    link, code = tickets[1].token, tickets[1].code
    assert link is not None and code is not None
    return one, two, _Table(table_id, link, code, host)


REVOCATIONS: dict[str, Callable[[PlayService, _Table], str | None]] = {
    "a new link and code": lambda one, t: (
        one.change_seat(t.table, host_token=t.host, target=1, kind="human").token
    ),
    "a code typed on a new phone": lambda one, t: one.redeem_code(t.table, 1, t.code).token,
    "the link taken on another device": lambda one, t: claim_seat(
        one, t.table, seat=1, secret=t.link, take=True
    ),
    "the player had to go": lambda one, t: (one.leave(t.table, t.link), None)[1],
}
"""Each way a seat's key stops working, done on the first worker; the new key, if any."""


@pytest.mark.parametrize("how", sorted(REVOCATIONS))
def test_a_key_revoked_on_one_worker_is_refused_at_the_next_connect_on_another_holding_the_table(
    tmp_path: Path, how: str
) -> None:
    one, two, opened_table = _two_workers(tmp_path)
    table, link = opened_table.table, opened_table.link
    # The second worker holds the table: a phone opened seat 1 there with its link.
    assert two.open_socket(table, link, 0).seat == 1
    assert two.tables.get(table) is not None
    new = REVOCATIONS[how](one, opened_table)
    # The second worker's copy has not heard of it (no doorbell on SQLite); the next connect
    # with the old key is refused all the same, and the new key plays the seat there.
    with pytest.raises(ForbiddenError) as refused:
        two.open_socket(table, link, 0)
    assert str(refused.value) == NOT_VALID
    if new is not None:
        assert two.open_socket(table, new, 0).seat == 1
    with pytest.raises(ForbiddenError):  # and on the worker that revoked it
        one.open_socket(table, link, 0)


def test_a_device_whose_seat_was_taken_elsewhere_is_refused_at_its_next_connect(
    client: TestClient,
) -> None:
    """The page of a phone whose seat was taken on another phone ("Take this seat here?")
    reconnects with its old key: refused with a sentence, though this process holds the
    table and its copy saw the phone a moment ago; the new phone plays on."""
    created = open_table(client, seats=["human", "human", "rules", "rules"], seed=31)
    table, links = created["table"], human_tokens(created)
    claim = f"/api/play/tables/{table}/claim"
    first = client.post(claim, json={"seat": 1, "token": links[1]}).json()["token"]
    url = f"/api/play/tables/{table}/ws"
    with client.websocket_connect(url) as old_phone:
        old_phone.send_json({"token": first, "seq": 0})
        assert old_phone.receive_json()["view"]["seat"] == 1
        taken = client.post(claim, json={"seat": 1, "token": links[1], "take": True})
        assert taken.status_code == 200, taken.text
    database = client.app.state.database  # type: ignore[attr-defined]
    with statements_run(database) as statements, client.websocket_connect(url) as again:
        again.send_json({"token": first, "seq": 0})
        refused = again.receive_json()
    assert refused == {"type": "error", "status": 403, "detail": NOT_VALID}
    # The refusal came from the database's seat tokens, not the process's memory.
    assert "SELECT play_seats" in statements
    with client.websocket_connect(url) as new_phone:
        new_phone.send_json({"token": taken.json()["token"], "seq": 0})
        assert new_phone.receive_json()["view"]["seat"] == 1
