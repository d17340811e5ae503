"""The club secretary in real Chromium: fixing a member's email on the roster page's edit
form (a laptop, 1280x800), and the season table with each night's points on a 390 px phone.
Screenshots go to ``test-artifacts/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.served import EuchreServer
from tests.store.factory import PASSWORD, director_api
from tests.web.season_helpers import hall_night

pytestmark = pytest.mark.browser

SIX = ["Ann Baker", "Bob Cole", "Cathy Dunn", "Dale Evans", "Eve Ford", "Fay Gold"]
SIX += ["Gus Hart", "Hal Ives"]


def _log_in(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/login")
    page.fill("#login-name", "director")
    page.fill("#login-password", PASSWORD)
    page.click("#login-submit")


def test_the_secretary_fixes_a_members_email_on_the_roster_page_and_nothing_else_moves(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    hall_night(api, "Night 1", SIX, seed=1)
    cathy = next(m for m in api.get("/api/members").json() if m["name"] == "Cathy Dunn")
    contact = {"email": "cathy@exmaple.org", "phone": "555 0101", "notes": "pays by cheque"}
    assert api.patch(f"/api/members/{cathy['id']}", json=contact).status_code == 200

    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    _log_in(page, served.base_url)
    page.click("#members-link")
    expect(page.get_by_test_id(f"games-{cathy['id']}")).to_have_text("3")
    page.get_by_test_id(f"edit-{cathy['id']}").click()
    expect(page.locator("#edit-member-phone")).to_have_value("555 0101")
    expect(page.locator("#edit-member-active")).to_be_checked()
    expect(page.locator("#edit-member-form")).to_contain_text("3 games played")

    # A typo is refused in words, with what was typed kept.
    page.fill("#edit-member-email", "cathy at example.org")
    page.click("#edit-member-submit")
    expect(page.locator("#edit-member-form-error")).to_contain_text(
        "'cathy at example.org' is not an email address"
    )
    expect(page.locator("#edit-member-email")).to_have_value("cathy at example.org")

    page.fill("#edit-member-email", "cathy@example.org")
    page.screenshot(path=str(artifacts / "edit-member.png"), full_page=True)
    page.click("#edit-member-submit")
    expect(page.locator("#flash")).to_have_text("Cathy Dunn saved.")
    row = page.get_by_test_id(f"member-{cathy['id']}")
    expect(row).to_contain_text("cathy@example.org")
    expect(row).to_contain_text("555 0101")
    expect(row).to_contain_text("pays by cheque")
    kept = api.get(f"/api/members/{cathy['id']}").json()
    assert (kept["email"], kept["phone"], kept["notes"], kept["active"]) == (
        "cathy@example.org",
        "555 0101",
        "pays by cheque",
        True,
    )
