"""Helpers shared by the storage and web tests: a fresh app on a temporary SQLite file, a
logged-in director client, and an event with checked-in players."""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from pypdf import PdfReader

from euchre.store.db import Database
from euchre.web.app import create_app
from tests.databases import fresh_sqlite_url

PASSWORD = "correct horse battery"


def sqlite_url(folder: Path) -> str:
    """A SQLite database file in ``folder``: when new, a copy of the migrated, empty template
    (``tests/databases.py``), so the app does not run every migration again."""
    return fresh_sqlite_url(folder)


def director_client(database_url: str) -> TestClient:
    """A client on a fresh app whose director has set his password and is logged in
    (cookie session; the CSRF header is set on the client)."""
    client = TestClient(create_app(database_url), base_url="http://127.0.0.1")
    response = client.post("/api/setup", json={"name": "director", "password": PASSWORD})
    assert response.status_code == 200, response.text
    client.headers["X-CSRF-Token"] = response.json()["csrf_token"]
    return client


def event_config(**overrides: Any) -> dict[str, Any]:
    """A small partners event (winners move up) on the tournament profile."""
    config: dict[str, Any] = {
        "name": "Friday night",
        "profile_id": "tournament",
        "format": "winners_move_up",
        "rounds": 3,
        "round_minutes": 20,
        "seed": 7,
        "prizes": [{"min_tables": 1, "amounts_cents": [6000, 4000, 2000]}],
        "side_pot": True,
    }
    config.update(overrides)
    return config


def create_event(client: TestClient, **overrides: Any) -> int:
    """Create an event and return its id."""
    response = client.post("/api/events", json=event_config(**overrides))
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


def club_sheet_event(client: TestClient, sheet: str, filename: str, **event: Any) -> int:
    """The director adds a club's sheet file (its ``sheet`` text) and creates an event
    (``event``: the body, with the sheet's id as its ``profile_id``); the event's id."""
    added = client.post("/api/sheets", json={"text": sheet, "filename": filename})
    assert added.status_code == 201, added.text
    created = client.post("/api/events", json=event)
    assert created.status_code == 201, created.text
    return int(created.json()["id"])


def event_with_players(
    client: TestClient | httpx.Client, body: dict[str, Any], names: Iterable[str]
) -> int:
    """An event created from ``body`` with its players added by name, in order; its id."""
    created = client.post("/api/events", json=body)
    assert created.status_code == 201, created.text
    event_id = int(created.json()["id"])
    for name in names:
        added = client.post(f"/api/events/{event_id}/players", json={"name": name})
        assert added.status_code == 201, added.text
    return event_id


def round_refused(client: TestClient, event_id: int, *words: str) -> None:
    """Starting the event's next round is refused (409) in a sentence holding each of
    ``words``, and no round is started."""
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 409, started.text
    detail = started.json()["detail"]
    for part in words:
        assert part in detail
    assert client.get(f"/api/events/{event_id}/rounds").json() == []


def add_teams(client: TestClient, event_id: int, teams: int) -> list[dict[str, Any]]:
    """Add ``teams`` fixed teams of two checked-in players; return the players."""
    players = []
    for team in range(1, teams + 1):
        for seat in ("a", "b"):
            response = client.post(
                f"/api/events/{event_id}/players",
                json={"name": f"Player {team}{seat}", "team": f"Team {team}"},
            )
            assert response.status_code == 201, response.text
            players.append(response.json())
    return players


def add_singles(client: TestClient, event_id: int, count: int) -> list[dict[str, Any]]:
    """Add ``count`` checked-in players who came alone."""
    players = []
    for index in range(1, count + 1):
        response = client.post(f"/api/events/{event_id}/players", json={"name": f"P{index}"})
        assert response.status_code == 201, response.text
        players.append(response.json())
    return players


def valpo_winners_level(client: TestClient, teams: int = 4, **overrides: Any) -> int:
    """A one-round Valpo night of ``teams`` teams, no prizes and no side pot, its round closed
    with every table 8-5: the winners are level on 8 (the sheet's playoff comes next)."""
    config = {"format": "losers_rotate", "profile_id": "valpo", "rounds": 1, "prizes": []}
    event_id = create_event(client, **config, side_pot=False, **overrides)
    add_teams(client, event_id, teams)
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    report_round(client, event_id, 1, (8, 5))
    closed = client.post(f"/api/events/{event_id}/rounds/1/close")
    assert closed.status_code == 200, closed.text
    return event_id


def names_by_number(client: TestClient, event_id: int) -> dict[int, str]:
    """Player number -> name, as the event's player list has them."""
    response = client.get(f"/api/events/{event_id}/players")
    return {row["number"]: row["name"] for row in response.json()}


def codes_by_number(client: TestClient, event_id: int) -> dict[int, str]:
    """Player number -> personal code."""
    response = client.get(f"/api/events/{event_id}/players")
    return {row["number"]: row["code"] for row in response.json()}


def report_round(
    client: TestClient, event_id: int, round_number: int, score: tuple[int, int] = (10, 6)
) -> None:
    """Every table of a round without a result yet submits ``score``; an opponent confirms."""
    codes = codes_by_number(client, event_id)
    tables = client.get(f"/api/events/{event_id}/rounds/{round_number}").json()["tables"]
    for table in tables:
        if table["state"] != "reported":
            report_table(client, table["code"], codes, team_points=list(score))


def report_table(
    client: TestClient | httpx.Client,
    code: str,
    codes: dict[int, str],
    round_number: int | None = None,
    **entered: Any,
) -> None:
    """The table's scorekeeper (its first partnership's first player) enters ``entered`` for
    ``round_number`` (by default the round its phone page shows) and the first player of the
    other partnership confirms it."""
    info = client.get(f"/api/tables/{code}").json()
    first = info["partnerships"][0][0]["number"]
    second = info["partnerships"][1][0]["number"]
    body = {"player_code": codes[first], **entered, "round": round_number or info["round"]}
    submitted = client.post(f"/api/tables/{code}/submissions", json=body)
    assert submitted.status_code == 201, submitted.text
    confirmed = client.post(
        f"/api/tables/{code}/submissions/{submitted.json()['id']}/confirm",
        json={"player_code": codes[second]},
    )
    assert confirmed.status_code == 200, confirmed.text


def seats(round_data: dict[str, Any]) -> dict[str, int]:
    """Player id -> table number in a started round."""
    return {
        str(player): int(table["table"])
        for table in round_data["plan"]["tables"]
        for side in table["partnerships"]
        for player in side
    }


def table_sides(
    client: TestClient, event_id: int, round_number: int = 1, index: int = 0
) -> tuple[str, list[list[int]]]:
    """A round's table (the ``index``-th): its code and its two partnerships' player numbers
    as its phone's page lists them."""
    table = client.get(f"/api/events/{event_id}/rounds/{round_number}").json()["tables"][index]
    info = client.get(f"/api/tables/{table['code']}").json()
    return table["code"], [[player["number"] for player in side] for side in info["partnerships"]]


def csrf_token(page: str) -> str:
    """The CSRF token a director's page carries in its forms (``csrf_field`` in ``macros.html``)."""
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert match, "the page carries a CSRF token"
    return match.group(1)


def list_items(page: str, list_id: str) -> list[str]:
    """The lines of the page's list ``<ul id="list_id">``, as a person reads them (tags gone,
    entities read)."""
    block = re.search(rf'<ul id="{list_id}">(.*?)</ul>', page, re.S)
    assert block, page
    return [
        html.unescape(re.sub(r"<[^>]+>", "", line)).strip()
        for line in re.findall(r"<li[^>]*>(.*?)</li>", block[1], re.S)
    ]


def pdf_pages(client: TestClient, url: str) -> list[str]:
    """The text of each page of the PDF the app answers at ``url`` (asserting it is one)."""
    answer = client.get(url)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    return [page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages]


def marked_fields(page: str) -> set[str]:
    """The ids of the inputs a refused form marks as bad."""
    return set(re.findall(r'id="([\w-]+)"[^>]*class="invalid"', page))


def director_api(base_url: str) -> httpx.Client:
    """An HTTP client of a served app (``euchre serve``), set up and logged in as its director
    by the API's bearer token (on the worker's shared server, ``tests/shared_servers.py``, an
    earlier test set the director up: this one logs in)."""
    api = httpx.Client(base_url=base_url, timeout=30)
    answer = api.post("/api/setup", json={"name": "director", "password": PASSWORD})
    if answer.status_code == 409:
        answer = api.post("/api/session", json={"name": "director", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    api.headers["Authorization"] = f"Bearer {answer.json()['token']}"
    return api


def migrate_to(store: Database, revision: str, *, down: bool = False) -> None:
    """Take the store's schema down (or up) to ``revision``: how a club's older database
    looked, to check what a later migration makes of its rows."""
    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("euchre.store").joinpath("migrations"))
    )
    config.set_main_option("sqlalchemy.url", store.url.replace("%", "%%"))
    with store.write_engine.connect() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)
        connection.commit()


def start_first_round(
    client: TestClient, event_id: int
) -> tuple[str, dict[int, str], list[list[int]]]:
    """Start round 1; its first table's code, every player's code by number, and that table's
    two partnerships' player numbers."""
    started = client.post(f"/api/events/{event_id}/rounds")
    assert started.status_code == 201, started.text
    code, sides = table_sides(client, event_id)
    return code, codes_by_number(client, event_id), sides


def one_table_started(
    client: TestClient, *, singles: bool = False, **overrides: Any
) -> tuple[int, str, dict[int, str], list[list[int]]]:
    """A new event (``overrides`` over ``event_config``'s) of two teams of two, or of four
    single players, with round 1 started at its one table: the event, the table's code, every
    player's code by number and the table's two partnerships."""
    event_id = create_event(client, **overrides)
    if singles:
        add_singles(client, event_id, 4)
    else:
        add_teams(client, event_id, 2)
    return (event_id, *start_first_round(client, event_id))


def enter_and_confirm(
    client: TestClient, code: str, codes: dict[int, str], sides: list[list[int]], **entered: Any
) -> Any:
    """The table's first partnership enters the score from its phone, the second confirms it;
    the submission as the API answered it."""
    submitted = client.post(
        f"/api/tables/{code}/submissions", json={"player_code": codes[sides[0][0]], **entered}
    )
    assert submitted.status_code == 201, submitted.text
    confirmed = client.post(
        f"/api/tables/{code}/submissions/{submitted.json()['id']}/confirm",
        json={"player_code": codes[sides[1][0]]},
    )
    assert confirmed.status_code == 200, confirmed.text
    return submitted.json()
