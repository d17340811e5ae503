"""Issue 22, item 1 in real Chromium at 1280x800: the director's roster page (add a member,
a refused roster file naming its bad lines, a merge and its undo) and adding a member to an
event through the add-player form's type-ahead. Screenshots go to
``test-artifacts/<test name>/``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser_checks import log_in
from tests.served import EuchreServer
from tests.store.factory import director_api, event_config

pytestmark = pytest.mark.browser

SHOTS = Path("test-artifacts") / "shots"


def test_the_roster_page_and_a_member_added_to_an_event_through_the_type_ahead(
    browser: Browser, served: EuchreServer, artifacts: Path, tmp_path: Path
) -> None:
    api = director_api(served.base_url)
    for name in ("Ann Baker", "Annie Baker", "Bob Cole"):
        assert api.post("/api/members", json={"name": name}).status_code == 201
    event_id = api.post("/api/events", json=event_config()).json()["id"]

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    log_in(page, served.base_url)
    page.click("#members-link")
    expect(page.locator("#roster-table")).to_contain_text("Annie Baker")

    page.fill("#member-name", "Cy Dunn")
    page.fill("#member-email", "cy@example.org")
    page.fill("#member-phone", "555 0100")
    page.click("#add-member-submit")
    expect(page.locator("#flash")).to_have_text("Cy Dunn added to the roster.")
    expect(page.locator("#roster-table")).to_contain_text("cy@example.org")

    # A name already used: refused, naming it, with what was typed kept.
    page.fill("#member-name", "bob cole")
    page.fill("#member-phone", "555 0199")
    page.click("#add-member-submit")
    expect(page.locator("#add-member-form-error")).to_contain_text("'Bob Cole'")
    expect(page.locator("#member-phone")).to_have_value("555 0199")

    bad = tmp_path / "roster.csv"
    bad.write_bytes(b"name,phone\r\nDee Ford,555\r\n,556\r\nDee Ford,557\r\n")
    page.set_input_files("#members-file", str(bad))
    page.click("#import-members-submit")
    error = page.locator("#import-members-form-error")
    expect(error).to_contain_text("line 3: the name is missing")
    expect(error).to_contain_text("line 4: 'Dee Ford' is a duplicate of line 2")
    expect(page.locator("#roster-table")).not_to_contain_text("Dee Ford")
    page.screenshot(path=str(artifacts / "roster-refused-file.png"), full_page=True)

    page.select_option("#merge-merge", label="Annie Baker")
    page.select_option("#merge-keep", label="Ann Baker")
    page.click("#merge-submit")
    expect(page.locator("#flash")).to_contain_text("Annie Baker merged into Ann Baker")
    expect(page.locator("#roster-table")).not_to_contain_text("Annie Baker")
    page.locator("[data-testid^=undo-merge-]").click()
    expect(page.locator("#flash")).to_contain_text("Annie Baker is on the roster again")
    expect(page.locator("#roster-table")).to_contain_text("Annie Baker")
    page.screenshot(path=str(artifacts / "roster.png"), full_page=True)

    # The add-player form offers the roster's names as the director types.
    page.goto(f"{served.base_url}/director/events/{event_id}")
    names = page.locator("#member-names option")
    expect(names).to_have_count(4)
    assert page.locator("#player-name").get_attribute("list") == "member-names"
    page.locator("#player-name").press_sequentially("Cy")
    page.locator("#player-name").fill("Cy Dunn")  # the option the director picks
    page.click("#add-player-submit")
    expect(page.locator("#flash")).to_contain_text("Cy Dunn added")
    page.screenshot(path=str(artifacts / "event-type-ahead.png"), full_page=True)
    players = api.get(f"/api/events/{event_id}/players").json()
    roster = {row["name"]: row["id"] for row in api.get("/api/members").json()}
    assert [(row["name"], row["member_id"]) for row in players] == [("Cy Dunn", roster["Cy Dunn"])]
    context.close()
    SHOTS.mkdir(exist_ok=True)
    for shot in artifacts.glob("*.png"):
        shutil.copy(shot, SHOTS / shot.name)
