"""Helpers for the online night tests: claim seats with player codes, play random legal
moves through the play API until every table's game is over."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from playwright.sync_api import Page

from tests.served import EuchreServer
from tests.store.factory import PASSWORD, add_singles, codes_by_number

EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
"""Eight players' names, in order of entry."""

CASH_NIGHT: dict[str, Any] = {
    "rounds": 3,
    "seed": 7,
    "round_minutes": 30,
    "side_pot": True,
    "prizes": [{"min_tables": 1, "amounts_cents": [2000, 1000]}],
}
"""Three rounds of 30 minutes, a side pot and $20 and $10 prizes from one table up."""


class Director:
    """The director's API calls to a served app (a bearer session)."""

    def __init__(self, server: EuchreServer) -> None:
        self.base = server.base_url
        answer = httpx.post(
            f"{self.base}/api/setup", json={"name": "director", "password": PASSWORD}
        )
        assert answer.status_code == 200, answer.text
        self.headers = {"Authorization": f"Bearer {answer.json()['token']}"}
        self.token = answer.json()["token"]

    def call(self, method: str, path: str, **body: Any) -> Any:
        """One API call; asserts it worked."""
        answer = httpx.request(
            method, f"{self.base}/api{path}", json=body or None, headers=self.headers, timeout=30
        )
        assert answer.status_code < 300, answer.text
        return answer.json() if answer.content else None

    def online_night(
        self, names: tuple[str, ...], **config: Any
    ) -> tuple[int, list[dict[str, Any]]]:
        """An online Bolivar night (``config`` over its name) with ``names`` added in order:
        the event and each player's row (with its code)."""
        body = {"name": "Online Bolivar", "profile_id": "bolivar", "online": True, **config}
        event_id = int(self.call("POST", "/events", **body)["id"])
        players = [self.call("POST", f"/events/{event_id}/players", name=n) for n in names]
        return event_id, players


def claim(client: httpx.Client, event_id: int, code: str) -> dict[str, Any]:
    """Where the player with ``code`` plays now (his seat's token for an online seat)."""
    response = client.post(f"/api/events/{event_id}/online/seat", json={"code": code})
    assert response.status_code == 200, response.text
    return dict(response.json())


def bearer(token: str) -> dict[str, str]:
    """The seat token as the play API wants it."""
    return {"Authorization": f"Bearer {token}"}


def play_out(
    client: httpx.Client,
    seats: dict[str, dict[int, str]],
    rng: random.Random,
    *,
    deadline_s: float = 240.0,
    hands: int | None = None,
) -> None:
    """Play random legal moves for the human seats (table -> seat -> token) until every
    table's game is over (or, with ``hands``, has finished that many hands); computer
    players move by themselves meanwhile."""
    stop = time.monotonic() + deadline_s
    open_tables = set(seats)
    # The view a move was answered with, per table: its public part (status, hands played,
    # whose turn) is as fresh as a GET of the spectators' view, so the next turn of one of
    # our seats needs no such GET first (two requests a move instead of three).
    answered: dict[str, dict[str, Any]] = {}
    while open_tables:
        assert time.monotonic() < stop, f"tables {sorted(open_tables)} did not finish"
        moved = False
        for table in sorted(open_tables):
            public = answered.pop(table, None)
            if public is None or seats[table].get(public["to_act"]) is None:
                public = client.get(f"/api/play/tables/{table}").json()
            if public["status"] == "over" or (
                hands is not None and public["hands_played"] >= hands
            ):
                open_tables.discard(table)
                continue
            candidates = [public["to_act"]] if public["status"] == "playing" else list(seats[table])
            for seat in candidates:
                token = seats[table].get(seat) if seat is not None else None
                if token is None:
                    continue  # a computer player's turn: it moves by itself
                view = client.get(f"/api/play/tables/{table}", headers=bearer(token)).json()
                if not view["legal"]:
                    continue
                response = client.post(
                    f"/api/play/tables/{table}/actions",
                    json={"action": rng.choice(view["legal"]), "seq": view["seq"]},
                    headers=bearer(token),
                )
                assert response.status_code in (200, 409), response.text
                if response.status_code == 200 and public["status"] == "playing":
                    answered[table] = response.json()
                moved = True
        if not moved:
            time.sleep(0.005)


def seated_night(
    director: TestClient, profile_id: str, **settings: Any
) -> tuple[int, dict[int, dict[str, Any]]]:
    """An online night of one table under ``profile_id``, its round started and every player
    seated at the play table: the event and, seat by seat, each player's claim."""
    from tests.store.factory import add_singles, codes_by_number

    body = {"name": "Online", "profile_id": profile_id, "rounds": 1, "online": True, **settings}
    answer = director.post("/api/events", json=body)
    assert answer.status_code == 201, answer.text
    event_id = int(answer.json()["id"])
    add_singles(director, event_id, 4)
    assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
    seats = {}
    for code in codes_by_number(director, event_id).values():
        found = claim(director, event_id, code)
        seats[found["seat"]] = found
        seq = director.get(f"/api/play/tables/{found['play_table']}").json()["seq"]
        director.post(
            f"/api/play/tables/{found['play_table']}/actions",
            json={"action": "sit", "seq": seq},
            headers=bearer(found["token"]),
        )
    return event_id, seats


def seat_of_page(page: Page, play_table: str) -> dict[str, Any]:
    """The seat and token Ann's page keeps for this play table (her own, nobody else's)."""
    kept = page.evaluate(
        "([t]) => { const k = Object.keys(localStorage).find((key) => key.includes(t));"
        " return k ? JSON.parse(localStorage.getItem(k)) : null; }",
        [play_table],
    )
    assert kept is not None
    return dict(kept)


def sit(client: httpx.Client, play_table: str, token: str) -> None:
    """Seat the holder of ``token`` at ``play_table`` (the page's Sit button, through the API)."""
    seq = client.get(f"/api/play/tables/{play_table}").json()["seq"]
    answer = client.post(
        f"/api/play/tables/{play_table}/actions",
        json={"action": "sit", "seq": seq},
        headers=bearer(token),
    )
    assert answer.status_code == 200, answer.text


def replay_records(lines: str, tmp_path: Path) -> list[dict[str, Any]]:
    """``euchre replay --json`` of the event's hand records, one result per line."""
    path = tmp_path / "hands.jsonl"
    path.write_text(lines)
    done = subprocess.run(
        [sys.executable, "-m", "euchre", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def online_bolivar_night(
    director: TestClient, players: int, **config: Any
) -> tuple[int, dict[int, str]]:
    """An online Bolivar night (``config`` over its name) with ``players`` players added:
    the event and each player's code by number."""
    body = {"name": "Online Bolivar", "profile_id": "bolivar", "online": True, **config}
    answer = director.post("/api/events", json=body)
    assert answer.status_code == 201, answer.text
    event_id = int(answer.json()["id"])
    add_singles(director, event_id, players)
    return event_id, codes_by_number(director, event_id)


def started_online_night(
    director: TestClient, players: int, **config: Any
) -> tuple[int, dict[int, str]]:
    """``online_bolivar_night`` with its round 1 started."""
    event_id, codes = online_bolivar_night(director, players, **config)
    assert director.post(f"/api/events/{event_id}/rounds").status_code == 201
    return event_id, codes


def one_online_table(director: TestClient) -> tuple[int, dict[int, str]]:
    """An online Bolivar night of four players over two rounds with round 1 started: the
    event and each player's code by number."""
    return started_online_night(director, 4, name="Online", rounds=2)
