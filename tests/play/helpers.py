"""Helpers for the play tests: open a table through the API and play it with random moves."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

import httpx
from playwright.sync_api import Browser, Page
from sqlalchemy import event

from euchre.play.table import config_from_request
from euchre.store.db import Database
from euchre.store.play.seats import SeatTicket
from euchre.store.play.service import PlayService
from tests.browser_checks import PHONE
from tests.served import EuchreServer

CARD = re.compile(r"\b[9TJQKA][CDHS]\b")


class Client(Protocol):
    """httpx.Client or Starlette's TestClient."""

    def get(self, url: str, **kwargs: Any) -> Any: ...
    def post(self, url: str, **kwargs: Any) -> Any: ...


def open_table(client: Client, **body: Any) -> dict[str, Any]:
    """POST /api/play/tables; assert 201."""
    answer = client.post("/api/play/tables", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def bearer(token: str) -> dict[str, str]:
    """The Authorization header of a seat."""
    return {"Authorization": f"Bearer {token}"}


def view_of(client: Client, table: str, token: str | None = None) -> dict[str, Any]:
    """GET the view (a seat's with a token, else the spectators')."""
    answer = client.get(f"/api/play/tables/{table}", headers=bearer(token) if token else {})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def sit_down(
    client: Client, table: str, tokens: Mapping[int, str], seats: Iterable[int] | None = None
) -> None:
    """The players of ``seats`` (every seat in ``tokens`` by default), in that order, press
    Sit at the table; each is accepted."""
    for seat in sorted(tokens) if seats is None else seats:
        seq = view_of(client, table, tokens[seat])["seq"]
        answer = client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": "sit", "seq": seq},
            headers=bearer(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text


def play_randomly(
    client: Client,
    table: str,
    tokens: dict[int, str],
    rng: random.Random,
    *,
    max_actions: int = 5000,
    timeout: float = 300.0,
    on_view: Any = None,
) -> dict[str, Any]:
    """Every human seat plays random legal moves until the game is over; returns the final
    spectators' view. ``on_view(seat, view)`` sees every view fetched."""
    deadline = time.monotonic() + timeout
    seats = list(tokens)
    up = 0  # the index in ``seats`` of the seat asked next
    idle = 0  # seats asked in a row that had no move
    for _ in range(max_actions * len(seats)):
        seat = seats[up]
        view = view_of(client, table, tokens[seat])
        if on_view is not None:
            on_view(seat, view)
        if view["status"] == "over":
            return view_of(client, table)
        up = (up + 1) % len(seats)
        if not view["legal"]:
            idle += 1
            if idle >= len(seats):
                # Nobody of ours may move: a computer player's turn.
                assert time.monotonic() < deadline, "the table stopped moving"
                time.sleep(0.005)
                idle = 0
            continue
        idle = 0
        answer = client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": rng.choice(view["legal"]), "seq": view["seq"]},
            headers=bearer(tokens[seat]),
        )
        assert answer.status_code in (200, 409), answer.text
        if answer.status_code == 200 and answer.json()["to_act"] in tokens:
            # The answer names whose turn it is: ask that seat next, not every seat in turn.
            up = seats.index(answer.json()["to_act"])
    raise AssertionError("the game did not end")


def move_at_random(
    client: Client, table: str, token: str, rng: random.Random, view: dict[str, Any] | None = None
) -> None:
    """The seat of ``token`` makes a random legal move if it has one (from ``view``, its
    view as just read, or a fresh one); otherwise it waits a moment for the table."""
    view = view_of(client, table, token) if view is None else view
    if view["legal"]:
        client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": rng.choice(view["legal"]), "seq": view["seq"]},
            headers=bearer(token),
        )
    else:
        time.sleep(0.01)


def human_tokens(created: dict[str, Any]) -> dict[int, str]:
    """Seat -> token of every human seat of a created table."""
    return {seat["seat"]: seat["token"] for seat in created["seats"] if seat["token"]}


class _Evaluates(Protocol):
    def evaluate(self, expression: str) -> Any: ...


def device_token(page: _Evaluates, table: str) -> str:
    """The secret a phone's page plays its seat with: a seat's link is a claim, and the page
    keeps the device's own secret in localStorage (``docs/play.md``, *One device per
    seat*), so the link's token no longer plays once a page opened it."""
    import json

    saved = json.loads(page.evaluate(f"localStorage.getItem('euchre-play:{table}')"))
    return str(saved["token"])


@contextmanager
def statements_run(database: Database) -> Iterator[list[str]]:
    """The statements ``database`` runs meanwhile (reads and writes, from any thread), each
    as its verb and the first table it names (``"SELECT play_seats"``); a transaction's
    ``BEGIN``, ``COMMIT`` and ``ROLLBACK`` are not counted. The cause of a connect's cost,
    counted where it is made, instead of a clock."""
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        verb = statement.split(None, 1)[0].upper()
        if verb in {"BEGIN", "COMMIT", "ROLLBACK"}:
            return
        table = re.search(r"\b(?:FROM|INTO|UPDATE)\s+\"?(\w+)", statement, re.IGNORECASE)
        seen.append(f"{verb} {table.group(1) if table else '?'}")

    engines = {id(engine): engine for engine in (database.read_engine, database.write_engine)}
    for engine in engines.values():
        event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        for engine in engines.values():
            event.remove(engine, "before_cursor_execute", record)


ONE_HUMAN = ["human", "rules", "rules", "rules"]
"""A table of one human (South) and three computer players that follow the rules."""


def open_served_table(server: EuchreServer, **body: Any) -> dict[str, Any]:
    """POST /api/play/tables on a served app (``euchre serve``); assert 201."""
    answer = httpx.post(f"{server.base_url}/api/play/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def phone(browser: Browser, url: str, *, wait_for_table: bool = True) -> Page:
    """A 390 px phone of its own (a new browser context) open at ``url``; by default once the
    table page has its first view."""
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    page.goto(url)
    if wait_for_table:
        page.wait_for_selector("#play-status[data-seq]")
    return page


def two_workers(url: str, profile: str) -> tuple[PlayService, PlayService, str, str]:
    """Two play services on one migrated database, standing in for two workers, and a new
    table of four human seats (seed 5, hints on, no timer) that the first one opened: the
    services, the table's id and its host's token."""
    first = Database(url)
    first.migrate()
    one, two = PlayService(first), PlayService(Database(url))
    table_id, _, host = four_humans(one, profile=profile, seed=5)
    return one, two, table_id, host


def four_humans(
    service: PlayService, *, profile: str = "tournament", seed: int
) -> tuple[str, list[SeatTicket], str]:
    """A new table of four human seats (hints on, no timer) opened on ``service``: its id,
    the seats' tickets and the host's token."""
    config = config_from_request(
        profile=profile,
        profile_options=None,
        seats=["human"] * 4,
        seed=seed,
        hints=True,
        timer_seconds=0,
        deck_text=None,
    )
    return service.create_table(config, client="test")


def page_seq(page: Page) -> int:
    """The ``seq`` of the view the table page shows (-1 before its first)."""
    return int(page.locator("#play-status").get_attribute("data-seq") or "-1")


def synced(pages: list[Page], timeout: float = 20.0) -> int:
    """Wait until every page shows a view, the same ``seq`` on each; return it."""
    deadline = time.monotonic() + timeout
    while True:
        seqs = {page_seq(page) for page in pages}
        if len(seqs) == 1 and -1 not in seqs:
            return seqs.pop()
        assert time.monotonic() < deadline, f"pages disagree on seq: {seqs}"
        time.sleep(0.02)


def click_and_wait(page: Page, target: Any) -> None:
    """Click, then wait for the answer (a newer view, and the page no longer sending)."""
    before = page_seq(page)
    target.click()
    deadline = time.monotonic() + 20
    while page_seq(page) <= before or page.locator("#play-status").get_attribute("data-busy"):
        assert time.monotonic() < deadline, "the click was not answered"
        time.sleep(0.02)
