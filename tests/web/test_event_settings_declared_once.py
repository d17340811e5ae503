"""An event's settings are declared once with their bounds: a sheet file, the API (create and
change), the director's form and the CLI refuse the same out-of-bounds value with the same
words, and the form's inputs offer the same bounds."""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import PASSWORD, create_event, csrf_token, event_config, sqlite_url

from euchre.cli.errors import run_cli
from euchre.cli.main import app
from euchre.tournament.sheets import SheetError, builtin_sheets, parse_sheet
from euchre.web.app import create_app

REFUSALS = [
    ("rounds", 80, "the number of rounds must be from 1 to 50, not 80"),
    ("round_minutes", 900, "the round length (minutes) must be from 0 to 600, not 900"),
    ("side_pot_cents", 100_001, "the cents per euchre must be from 0 to 100000, not 100001"),
    (
        "side_pot_lone_cents",
        100_001,
        "the cents per euchre on a lone hand must be from 0 to 100000, not 100001",
    ),
    ("sit_out_points", 5000, "the points for sitting out must be from 0 to 1000, not 5000"),
]


def _sheet_with(key: str, value: int) -> str:
    """Valpo's sheet as a club's file, with ``key`` set to ``value`` in its ``[event]``."""
    text = builtin_sheets()["valpo"].text.replace('id = "valpo"', 'id = "club_valpo"')
    text = re.sub(rf"(?m)^{key} = .*\n", "", text)
    return text.replace("[event]\n", f"[event]\n{key} = {value}\n", 1).replace(
        "[event.sources]\n", f'[event.sources]\n{key} = "our club"\n', 1
    )


@pytest.fixture
def form_client(tmp_path: Path) -> TestClient:
    """The director's browser, logged in through the first-run page."""
    folder = tmp_path / "form"
    folder.mkdir()
    browser = TestClient(create_app(sqlite_url(folder)), base_url="http://127.0.0.1")
    done = browser.post("/setup", data={"name": "director", "password": PASSWORD})
    assert done.url.path == "/director"
    return browser


def _cli(*args: str) -> str:
    out = io.StringIO()
    saved = sys.argv
    sys.argv = ["euchre", *args]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            assert run_cli(app) == 1
    finally:
        sys.argv = saved
    return out.getvalue()


@pytest.mark.parametrize(("key", "value", "words"), REFUSALS)
def test_an_out_of_bounds_setting_is_refused_with_the_same_words_everywhere(
    client: TestClient,
    form_client: TestClient,
    tmp_path: Path,
    key: str,
    value: int,
    words: str,
) -> None:
    # The sheet file (it accepted rounds = 80 before).
    with pytest.raises(SheetError) as refused:
        parse_sheet(_sheet_with(key, value), origin="'club_valpo.toml'")
    assert f"event.{key}: {words}" in str(refused.value)

    # The API: a new event, and a change of an event's configuration.
    created = client.post("/api/events", json=event_config(**{key: value}))
    assert created.status_code == 422
    assert created.json()["detail"] == f"{key}: {words}"
    event_id = create_event(client)
    changed = client.put(f"/api/events/{event_id}/config", json=event_config(**{key: value}))
    assert changed.status_code == 422
    assert changed.json()["detail"] == f"{key}: {words}"

    # The director's form.
    page = form_client.get("/director")
    fields = {"csrf_token": csrf_token(page.text), "name": "Club night", "profile_id": "valpo"}
    posted = form_client.post("/director/events", data=fields | {key: str(value)})
    assert posted.status_code == 400
    assert words in posted.text

    # The CLI (rounds and the round length are its settings).
    if key in ("rounds", "round_minutes"):
        option = "--round-minutes" if key == "round_minutes" else "--rounds"
        path = str(tmp_path / "event.json")
        assert words in _cli("event", "new", path, "--sheet", "valpo", option, str(value))
    if key == "rounds":
        simulate = ("simulate", "--format", "valpo", "--players", "8", "--seed", "1")
        assert words in _cli(*simulate, "--rounds", str(value))


def test_the_forms_inputs_offer_the_declared_bounds(form_client: TestClient) -> None:
    page = form_client.get("/director").text
    for name, low, high in (
        ("rounds", 1, 50),
        ("round_minutes", 0, 600),
        ("side_pot_cents", 0, 100000),
        ("side_pot_lone_cents", 0, 100000),
        ("sit_out_points", 0, 1000),
    ):
        field = re.search(rf'<input [^>]*name="{name}"[^>]*>', page)
        assert field is not None, name
        assert f'min="{low}" max="{high}"' in field.group(0)


def test_a_game_longer_than_any_club_plays_is_refused_by_the_sheet_file_in_words() -> None:
    # Hands per game and the target are the rules' options, bounded once in the engine.
    text = _sheet_with("rounds", 7).replace("game_hands = 12\n", "game_hands = 500\n", 1)
    assert "game_hands = 500" in text
    with pytest.raises(SheetError) as refused:
        parse_sheet(text, origin="'club_valpo.toml'")
    assert (
        "profile.options.game_hands: profile option 'game_hands' must be from 0 to 100, not 500"
        in str(refused.value)
    )
