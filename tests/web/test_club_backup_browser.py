"""Issue 22, "backups include members and seasons", in real Chromium at 1280x800: the
director downloads the club's backup from the roster page and restores it on a new app's
empty roster page (a damaged file first, refused naming its field). Screenshots go to
``test-artifacts/<test name>/``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser_checks import log_in
from tests.served import EuchreServer
from tests.store.factory import director_api
from tests.web.season_helpers import hall_night

pytestmark = pytest.mark.browser

PLAYERS = ["Ann Baker", "Bob Carr", "Cy Dunn", "Dee Ellis"]


def _log_in(page: Page, base_url: str) -> None:
    log_in(page, base_url)
    page.click("#members-link")


def test_the_director_downloads_the_clubs_backup_and_restores_it_into_an_empty_club(
    browser: Browser, served: EuchreServer, artifacts: Path, tmp_path: Path
) -> None:
    api = director_api(served.base_url)
    event_id = hall_night(api, "Night 1", PLAYERS, tags=["League"], rounds=1)
    season = {"name": "Autumn", "events": [event_id], "scoring": "total_points"}
    assert api.post("/api/seasons", json=season).status_code == 201
    ann = next(row for row in api.get("/api/members").json() if row["name"] == "Ann Baker")
    contact = {"name": "Ann Baker", "email": "ann@example.org", "phone": "555 0100"}
    assert api.patch(f"/api/members/{ann['id']}", json=contact).status_code == 200

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    _log_in(page, served.base_url)
    expect(page.locator("#club-restore-form")).to_have_count(0)  # the club is not empty
    with page.expect_download() as downloading:
        page.click("#club-backup-link")
    saved = tmp_path / "club-backup.json"
    downloading.value.save_as(saved)
    backup = json.loads(saved.read_text())
    assert [row["name"] for row in backup["members"]] == PLAYERS
    assert backup["seasons"]["seasons"][0]["name"] == "Autumn"

    folder = tmp_path / "new-club"
    folder.mkdir()
    other = EuchreServer(f"sqlite:///{folder / 'euchre.db'}", folder).start()
    try:
        director_api(other.base_url)
        _log_in(page, other.base_url)
        damaged = tmp_path / "damaged.json"
        damaged.write_text(json.dumps({**backup, "members": [{"id": 1}]}))
        page.set_input_files("#club-restore-file", str(damaged))
        page.click("#club-restore-submit")
        expect(page.locator("#club-restore-form-error")).to_contain_text("members.0.name")
        expect(page.locator("#roster-table")).to_contain_text("No members yet.")
        page.screenshot(path=str(artifacts / "club-restore-refused.png"), full_page=True)

        page.set_input_files("#club-restore-file", str(saved))
        page.click("#club-restore-submit")
        expect(page.locator("#flash")).to_contain_text(
            "The club's backup is restored: 4 members, 1 event, 1 season."
        )
        expect(page.locator("#roster-table")).to_contain_text("ann@example.org")
        expect(page.locator("#club-restore-form")).to_have_count(0)
        page.screenshot(path=str(artifacts / "club-restored.png"), full_page=True)
        page.goto(f"{other.base_url}/seasons")
        expect(page.locator("body")).to_contain_text("Autumn")
    finally:
        context.close()
        other.stop()
