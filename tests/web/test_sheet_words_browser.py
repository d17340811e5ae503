"""Issue 24, items 8 and 9, on a 390 px phone in real Chromium: each sheet's phone says its
own tie rule or nothing, and a level Valpo playoff game says sudden death comes next instead
of naming a winner. Screenshots go to ``test-artifacts/<test>/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.served import EuchreServer
from tests.store.factory import add_teams, codes_by_number, director_api, report_round

pytestmark = [pytest.mark.browser, pytest.mark.shared_server]

PHONE = {"width": 390, "height": 844}
TIE_SENTENCE = "Ties go to the first team to make the tying score"


def test_each_phone_says_its_own_tie_rule_and_a_level_valpo_playoff_says_sudden_death_next(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    csv = "name,checked_in\nAnn Lee,yes\nBob Smith,yes\nCy Cole,yes\nDi Dunn,yes\n"
    for profile, says in (("tournament", True), ("bolivar", False)):
        created = api.post("/api/events", json={"name": f"{profile} night", "profile_id": profile})
        created.raise_for_status()
        number = created.json()["id"]
        imported = api.post(f"/api/events/{number}/players/import", json={"csv": csv})
        assert imported.status_code == 201, imported.text
        code = api.post(f"/api/events/{number}/rounds").json()["tables"][0]["code"]
        phone.goto(f"{served.base_url}/t/{code}")
        phone.fill("#team0-points", "6")
        phone.fill("#team1-points", "6")
        question = phone.locator("#tie-first")
        expect(question).to_be_visible()
        if says:
            expect(question).to_contain_text(TIE_SENTENCE)
        else:
            expect(question).not_to_contain_text(TIE_SENTENCE)
        phone.screenshot(path=str(artifacts / f"{profile}-level-game.png"), full_page=True)

    # Valpo: two teams tie for first, play the 4-hand playoff, and end it level.
    created = api.post(
        "/api/events",
        json={
            "name": "Valpo night",
            "profile_id": "valpo",
            "rounds": 1,
            "prizes": [],
            "side_pot": False,
        },
    )
    created.raise_for_status()
    event_id = created.json()["id"]
    add_teams(api, event_id, 4)  # type: ignore[arg-type]
    assert api.post(f"/api/events/{event_id}/rounds").status_code == 201
    report_round(api, event_id, 1, (8, 5))  # type: ignore[arg-type]
    assert api.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    playoff = api.post(f"/api/events/{event_id}/rounds")
    assert playoff.status_code == 201, playoff.text
    code = playoff.json()["tables"][0]["code"]
    phone.goto(f"{served.base_url}/t/{code}")
    expect(phone.locator("#tie-first")).to_have_count(0)
    expect(phone.locator("#playoff-level-note")).to_contain_text(
        "If the game is still tied, a sudden death hand will occur."
    )
    expect(phone.locator("#playoff-level-note")).not_to_contain_text(TIE_SENTENCE)
    codes = codes_by_number(api, event_id)  # type: ignore[arg-type]
    table = api.get(f"/api/tables/{code}").json()
    sides = [[player["number"] for player in side] for side in table["partnerships"]]
    phone.fill("#team0-points", "2")
    phone.fill("#team1-points", "2")
    phone.fill("#player-code", codes[sides[0][0]])
    phone.click("#score-submit")
    pending = api.get(f"/api/tables/{code}").json()
    entered = next(row for row in pending["submissions"] if row["status"] == "pending")
    confirmed = api.post(
        f"/api/tables/{code}/submissions/{entered['id']}/confirm",
        json={"player_code": codes[sides[1][0]]},
    )
    assert confirmed.status_code == 200, confirmed.text
    phone.goto(f"{served.base_url}/t/{code}")
    expect(phone.get_by_text("Level, 2–2: sudden death next.")).to_be_visible()
    expect(phone.locator("body")).not_to_contain_text(" won, 2–2")
    shots = Path("test-artifacts") / "shots"
    shots.mkdir(exist_ok=True)
    for folder in (artifacts, shots):
        phone.screenshot(path=str(folder / "h4-valpo-level-playoff.png"), full_page=True)
