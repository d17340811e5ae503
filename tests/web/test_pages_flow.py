"""The HTML pages through their forms (TestClient): first run, an event from the director's
dashboard, a table's phone page, the projector and results pages."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.store.factory import PASSWORD, csrf_token, sqlite_url

from euchre.web.app import create_app


@pytest.fixture
def browser(tmp_path: Path) -> TestClient:
    """A client that has been through the first-run page (logged in by cookie)."""
    client = TestClient(create_app(sqlite_url(tmp_path)), base_url="http://127.0.0.1")
    first = client.get("/")
    assert first.url.path == "/setup"
    assert 'id="setup-form"' in first.text
    done = client.post("/setup", data={"name": "director", "password": PASSWORD})
    assert done.url.path == "/director"
    assert 'id="create-event-form"' in done.text
    return client


def _create_event(browser: TestClient, **fields: str) -> str:
    page = browser.get("/director")
    form = {
        "csrf_token": csrf_token(page.text),
        "name": "Club night <b>",
        "profile_id": "tournament",
        "format": "winners_move_up",
        "rounds": "2",
        "round_minutes": "15",
        "prizes": "1: 60, 40",
        "side_pot": "1",
        "side_pot_cents": "25",
        "sit_out_scoring": "average",
        "seed": "3",
    }
    form.update(fields)
    created = browser.post("/director/events", data=form)
    assert created.status_code == 200, created.text
    assert re.fullmatch(r"/director/events/\d+", created.url.path)
    return created.url.path


def _two_teams(browser: TestClient, prefix: str) -> tuple[str, str]:
    """A new event with two teams of two typed into the dashboard's form (``prefix``1a and
    1b, 2a and 2b), all checked in: the dashboard's address and its CSRF token."""
    dashboard = _create_event(browser)
    csrf = csrf_token(browser.get(dashboard).text)
    for team in range(1, 3):
        for seat in "ab":
            name = f"{prefix}{team}{seat}"
            data = {"csrf_token": csrf, "name": name, "team": f"{prefix}{team}", "checked_in": "1"}
            browser.post(f"{dashboard}/players", data=data)
    return dashboard, csrf


def _first_table(
    browser: TestClient, dashboard: str, csrf: str, typed: Callable[[str], str] = str
) -> tuple[str, str, str]:
    """Start round 1 from the dashboard and open table 1's page by its code, ``typed`` as the
    player types it: the code, and the codes of the first player of each partnership the
    page lists."""
    started = browser.post(f"{dashboard}/rounds/start", data={"csrf_token": csrf})
    code = re.findall(r'data-testid="table-1".*?<code>([A-Z0-9]+)</code>', started.text, re.S)[0]
    player_codes = dict(
        re.findall(r'data-testid="player-(\d+)".*?<code>(\d+)</code>', started.text, re.S)
    )
    table = browser.get(f"/t/{typed(code)}")
    side0 = re.search(r'id="partnership-0".*?#(\d+)', table.text, re.S)
    side1 = re.search(r'id="partnership-1".*?#(\d+)', table.text, re.S)
    assert side0 and side1
    return code, player_codes[side0.group(1)], player_codes[side1.group(1)]


def _score(player_code: str, team0: str, team1: str) -> dict[str, str]:
    """The table page's score form for round 1, sent by ``player_code``."""
    return {"round": "1", "team0": team0, "team1": team1, "player_code": player_code}


def test_names_are_escaped_and_forms_need_the_csrf_token(browser: TestClient) -> None:
    dashboard = _create_event(browser)
    page = browser.get(dashboard)
    assert "Club night &lt;b&gt;" in page.text
    assert "<b>" not in page.text.split("<main>")[1].split("</h1>")[0]
    forged = browser.post(f"{dashboard}/players", data={"csrf_token": "x", "name": "Eve"})
    assert forged.status_code == 403
    assert 'id="error"' in forged.text
    assert "CSRF" in forged.text


def test_logged_out_director_pages_go_to_login(browser: TestClient) -> None:
    stranger = TestClient(browser.app)
    assert stranger.get("/director").url.path == "/login"
    bad = stranger.post("/login", data={"name": "director", "password": "nope"})
    assert bad.status_code == 401
    assert "wrong password" in bad.text
    good = stranger.post("/login", data={"name": "director", "password": PASSWORD})
    assert good.url.path == "/director"


def test_an_event_runs_from_the_dashboard_and_table_pages(browser: TestClient) -> None:
    dashboard = _create_event(browser)
    page = browser.get(dashboard)
    csrf = csrf_token(page.text)
    csv = "name,team,checked_in\n" + "".join(
        f"P{team}{seat},T{team},yes\n" for team in range(1, 4) for seat in "ab"
    )
    imported = browser.post(f"{dashboard}/players/import", data={"csrf_token": csrf, "csv": csv})
    assert 'id="flash"' in imported.text
    added = browser.post(
        f"{dashboard}/players",
        data={"csrf_token": csrf, "name": "P4a", "team": "T4", "checked_in": "1"},
    )
    assert 'data-testid="player-7"' in added.text
    browser.post(
        f"{dashboard}/players",
        data={"csrf_token": csrf, "name": "P4b", "team": "T4", "checked_in": "1"},
    )
    started = browser.post(f"{dashboard}/rounds/start", data={"csrf_token": csrf})
    assert 'id="timer"' in started.text
    assert 'id="print-table-cards"' in started.text
    assert 'id="print-event-tally-sheets"' in page.text  # before the first round, too
    evening = re.search(r'id="print-event-tally-sheets" href="([^"]+)"', started.text)
    assert evening
    assert browser.get(evening.group(1)).content.startswith(b"%PDF")
    assert started.text.count('data-state="playing"') == 2
    codes = re.findall(r'data-testid="table-\d+".*?<code>([A-Z0-9]+)</code>', started.text, re.S)
    assert len(codes) == 2
    player_codes = dict(
        re.findall(r'data-testid="player-(\d+)".*?<code>(\d+)</code>', started.text, re.S)
    )
    for code in codes:
        table = browser.get(f"/t/{code}")
        assert 'id="score-form"' in table.text
        side0 = re.search(r'id="partnership-0".*?#(\d+)', table.text, re.S)
        side1 = re.search(r'id="partnership-1".*?#(\d+)', table.text, re.S)
        assert side0 and side1
        form = {"hand_1_0": "2", "hand_1_1": "", "hand_2_0": "", "hand_2_1": "1"}
        form.update({"hand_3_0": "1", "hand_4_0": "1", "hand_5_1": "2", "hand_6_0": "1"})
        form.update({"hand_7_0": "1", "hand_8_1": "1"})
        form["player_code"] = player_codes[side0.group(1)]
        form["round"] = "1"
        kept = browser.post(f"/t/{code}/submissions", data=form)
        assert "Now an opponent confirms it" in kept.text
        submission = re.search(r'data-testid="submission-(\d+)" data-status="pending"', kept.text)
        assert submission
        confirmed = browser.post(
            f"/t/{code}/submissions/{submission.group(1)}/confirm",
            data={"player_code": player_codes[side1.group(1)]},
        )
        assert 'id="official"' in confirmed.text
        assert "6 – 4" in confirmed.text
    wrong = browser.post(
        f"/t/{codes[0]}/submissions",
        data={"round": "1", "team0": "1", "team1": "2", "player_code": "0000x"},
    )
    assert wrong.status_code == 401
    assert "is not the code of a player at table" in wrong.text
    page = browser.get(dashboard)
    assert page.text.count('data-state="reported"') == 2
    closed = browser.post(f"{dashboard}/rounds/1/close", data={"csrf_token": csrf})
    assert "Round 1 closed" in closed.text
    stale = browser.get(f"/t/{codes[0]}")  # issue 24: the result and what comes next
    assert stale.status_code == 200
    assert "Round 1 is over" in stale.text
    assert 'id="score-form"' not in stale.text
    live = browser.get(dashboard.replace("/director/events", "/events") + "/live")
    assert 'id="live-standings"' in live.text
    assert 'data-live="10"' in live.text
    results = browser.get(dashboard.replace("/director/events", "/events") + "/results")
    assert 'id="results-standings"' in results.text
    assert "P1a" in results.text


def test_dashboard_correction_and_undo_forms(browser: TestClient) -> None:
    dashboard, csrf = _two_teams(browser, "Q")
    browser.post(f"{dashboard}/rounds/start", data={"csrf_token": csrf})
    bad = browser.post(
        f"{dashboard}/correct",
        data={"csrf_token": csrf, "round": "1", "table": "1", "team0": "ten", "team1": "2"},
    )
    assert bad.status_code == 400
    # Issue 9: teams by their players' names, never "team 0".
    assert re.search(
        r"the points of Q\d[ab] & Q\d[ab] must be a whole number, got 'ten", html.unescape(bad.text)
    )
    saved = browser.post(
        f"{dashboard}/correct",
        data={
            "csrf_token": csrf,
            "round": "1",
            "table": "1",
            "team0": "10",
            "team1": "2",
            "reason": "paper sheet",
        },
    )
    assert "Result saved" in saved.text
    assert "correct_result" in saved.text
    refused = browser.post(f"{dashboard}/rounds/1/undo", data={"csrf_token": csrf, "reason": "x"})
    assert refused.status_code == 409
    penalized = browser.post(
        f"{dashboard}/penalties",
        data={
            "csrf_token": csrf,
            "round": "1",
            "table": "1",
            "kind": "renege",
            "offender": "1",
            "proven": "1",
        },
    )
    assert "Penalty recorded" in penalized.text
    penalty = re.search(r'data-testid="remove-penalty-(\d+)"', penalized.text)
    assert penalty
    removed = browser.post(
        f"{dashboard}/penalties/{penalty.group(1)}/remove",
        data={"csrf_token": csrf, "reason": "wrong table"},
    )
    assert "Penalty removed" in removed.text
    assert 'data-testid="remove-penalty-' not in removed.text


def test_table_code_box_and_static_assets(browser: TestClient) -> None:
    assert browser.get("/t", params={"code": "no such!"}).status_code == 400
    missing = browser.get("/t", params={"code": "abcde"})
    assert missing.status_code == 404
    assert "no table has code 'ABCDE'" in html.unescape(missing.text)
    script = browser.get("/static/app.js")
    assert script.status_code == 200
    assert "AudioContext" in script.text
    style = browser.get("/static/app.css")
    assert style.status_code == 200
    assert browser.get("/docs").status_code == 404, "Swagger UI would load a CDN"
    assert browser.get("/openapi.json").json()["paths"]
    home = browser.get("/")
    assert "http" not in re.sub(r'href="/[^"]*"', "", home.text).replace("http-equiv", "")


@pytest.mark.parametrize("format_name", ["rotating_partners", "losers_rotate", "round_robin"])
def test_pages_work_while_an_event_is_being_set_up(browser: TestClient, format_name: str) -> None:
    dashboard = _create_event(browser, format=format_name)
    page = browser.get(dashboard)
    assert page.status_code == 200
    assert 'id="start-round"' in page.text
    public = dashboard.replace("/director/events", "/events")
    assert browser.get(f"{public}/live").status_code == 200
    assert browser.get(f"{public}/results").status_code == 200
    refused = browser.post(f"{dashboard}/rounds/start", data={"csrf_token": csrf_token(page.text)})
    assert 400 <= refused.status_code < 500
    assert 'id="error"' in refused.text


def test_an_opponent_can_flag_a_wrong_score_from_the_table_page(browser: TestClient) -> None:
    dashboard, csrf = _two_teams(browser, "R")
    code, first_code, second_code = _first_table(browser, dashboard, csrf, typed=str.lower)
    kept = browser.post(f"/t/{code}/submissions", data=_score(first_code, "9", "3"))
    submission = re.search(r'data-testid="submission-(\d+)"', kept.text)
    assert submission
    flagged = browser.post(
        f"/t/{code}/submissions/{submission.group(1)}/dispute",
        data={"player_code": second_code},
    )
    assert "the director will settle it" in flagged.text
    assert 'data-status="disputed"' in flagged.text
    page = browser.get(dashboard)
    assert 'data-state="disputed"' in page.text
    accepted = browser.post(
        f"{dashboard}/submissions/{submission.group(1)}/accept", data={"csrf_token": csrf}
    )
    assert "Score accepted" in accepted.text
    assert 'data-state="reported"' in accepted.text


def test_a_second_different_score_says_both_are_kept_for_the_director(
    browser: TestClient,
) -> None:
    dashboard, csrf = _two_teams(browser, "D")
    code, first_code, second_code = _first_table(browser, dashboard, csrf)
    first = browser.post(f"/t/{code}/submissions", data=_score(first_code, "9", "3"))
    assert "Now an opponent confirms it" in first.text
    second = browser.post(f"/t/{code}/submissions", data=_score(second_code, "3", "9"))
    assert second.status_code == 200
    assert "Now an opponent confirms it" not in second.text
    assert "This score differs from the one already entered" in second.text
    assert "Both scores are kept and the director has been told" in second.text
    assert second.text.count('data-status="disputed"') == 2
    assert 'data-state="disputed"' in browser.get(dashboard).text


def test_individual_scoring_lets_each_player_enter_his_own_total(browser: TestClient) -> None:
    dashboard = _create_event(browser, format="progressive", rounds="1")
    csrf = csrf_token(browser.get(dashboard).text)
    csv = "name,checked_in\n" + "".join(f"S{index},yes\n" for index in range(1, 5))
    browser.post(f"{dashboard}/players/import", data={"csrf_token": csrf, "csv": csv})
    started = browser.post(f"{dashboard}/rounds/start", data={"csrf_token": csrf})
    code = re.findall(r'data-testid="table-1".*?<code>([A-Z0-9]+)</code>', started.text, re.S)[0]
    player_codes = dict(
        re.findall(r'data-testid="player-(\d+)".*?<code>(\d+)</code>', started.text, re.S)
    )
    table = browser.get(f"/t/{code}")
    makers = re.findall(r'id="partnership-0".*?#(\d+).*?#(\d+)', table.text, re.S)[0]
    assert f'id="points-{makers[0]}"' in table.text
    kept = browser.post(
        f"/t/{code}/submissions",
        data={
            "round": "1",
            "team0": "8",
            "team1": "2",
            f"points_{makers[0]}": "9",
            f"march_{makers[0]}": "1",
            "player_code": player_codes[makers[0]],
        },
    )
    assert kept.status_code == 200, kept.text
    event_id = dashboard.rsplit("/", 1)[1]
    submissions = browser.get(f"/api/events/{event_id}/submissions").json()
    assert submissions[-1]["result"]["player_points"] == {makers[0]: 9}


def test_names_are_escaped_on_the_projector_the_results_and_the_dashboard(
    browser: TestClient,
) -> None:
    dashboard = _create_event(browser)
    event_id = int(dashboard.rsplit("/", 1)[1])
    csrf = csrf_token(browser.get(dashboard).text)
    for name in ("<script>alert(1)</script>", "O'Brien & <b>Co</b>", "Ann", "Bob"):
        added = browser.post(
            f"{dashboard}/players", data={"csrf_token": csrf, "name": name, "checked_in": "1"}
        )
        assert added.status_code == 200, added.text
    for path in (dashboard, f"/events/{event_id}/live", f"/events/{event_id}/results"):
        text = browser.get(path).text
        assert "<script>alert" not in text and "<b>Co</b>" not in text, path
        assert "O&#39;Brien &amp; &lt;b&gt;Co&lt;/b&gt;" in text, path
