"""Helpers for the play tests: open a table through the API and play it with random moves."""

from __future__ import annotations

import random
import re
import time
from typing import Any, Protocol

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
    for _ in range(max_actions):
        moved = False
        for seat, token in tokens.items():
            view = view_of(client, table, token)
            if on_view is not None:
                on_view(seat, view)
            if view["status"] == "over":
                return view_of(client, table)
            if view["legal"]:
                action = rng.choice(view["legal"])
                answer = client.post(
                    f"/api/play/tables/{table}/actions",
                    json={"action": action, "seq": view["seq"]},
                    headers=bearer(token),
                )
                assert answer.status_code in (200, 409), answer.text
                moved = True
        if not moved:
            assert time.monotonic() < deadline, "the table stopped moving"
            time.sleep(0.005)
    raise AssertionError("the game did not end")


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
