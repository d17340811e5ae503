"""Issue 24, Bolivar's "Tournament winners are decided by the total number of points won" on
the public results page in real Chromium (1280x800): two players level on points for 2nd
are listed "T2" with the money of 2nd and 3rd shared, and level in the standings. The
screenshot goes to ``test-artifacts/<test>/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.served import EuchreServer
from tests.store.factory import director_api
from tests.tournament.test_each_sheets_own_words_through_the_api import bolivar_level_on_points

pytestmark = [pytest.mark.browser, pytest.mark.shared_server]

LAPTOP = {"width": 1280, "height": 800}


def test_bolivar_results_page_lists_players_level_on_points_as_t2_sharing_the_money(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    event_id = bolivar_level_on_points(director_api(served.base_url))
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{served.base_url}/events/{event_id}/results")
    prizes = page.locator("#prizes li")
    expect(prizes.first).to_contain_text("Jo King $60.00")
    shared = prizes.nth(1)
    expect(shared).to_contain_text("T2 Lou Moss $30.00, T2 Gus Hart $30.00")
    expect(shared).to_contain_text("2nd and 3rd prizes")
    expect(shared).to_have_attribute("data-decided-by", "split")
    for row in (2, 3):  # level on points, level in the standings: "2=" for both
        expect(
            page.locator(f"#results-standings [data-testid=standing-{row}] td").first
        ).to_have_text("2=")
    page.screenshot(path=str(artifacts / "results-shared-prize-1280x800.png"))
    shots = Path("test-artifacts") / "shots"
    shots.mkdir(exist_ok=True)
    page.screenshot(path=str(shots / "results-shared-prize-1280x800.png"))
