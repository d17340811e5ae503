"""Issue 24, item 12, in real Chromium: a player's name longer than the limit is refused with
the limit, not cut (the input no longer cuts it while typing), and stays in the form."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser_checks import set_up_director
from tests.served import EuchreServer

from euchre.store.night.events import NAME_LIMIT

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
LONG_NAME = "Bartholomew Fitzgerald-Montgomery of Upper Sandusky"


def test_a_long_name_typed_on_the_dashboard_is_refused_with_the_limit_and_kept(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    director = browser.new_context(viewport=LAPTOP).new_page()
    set_up_director(director, f"{served.base_url}/setup")
    director.fill("#event-name", "Thursday club night")
    director.select_option("#event-profile", "tournament")
    director.click("#create-event-submit")
    expect(director).to_have_url(re.compile(r"/director/events/\d+(\?.*)?$"))
    director.locator("#player-name").press_sequentially(LONG_NAME)
    director.fill("#player-team", "The Sandusky Aces")
    director.click("#add-player-submit")
    error = director.locator("#add-player-form-error")
    expect(error).to_have_text(
        f"Player names can be at most {NAME_LIMIT} characters; "
        f"'{LONG_NAME[:NAME_LIMIT]}…' has {len(LONG_NAME)}: shorten it"
    )
    # Nothing was cut: every character typed is still in the box, and nobody was added.
    expect(director.locator("#player-name")).to_have_value(LONG_NAME)
    expect(director.locator("#player-team")).to_have_value("The Sandusky Aces")
    expect(director.locator("tr[data-testid^=player-]")).to_have_count(0)
    # The refused form has the focus: the page opens on it, the message above the name.
    expect(director.locator("#player-name")).to_be_focused()
    expect(error).to_be_in_viewport()
    director.screenshot(path=str(artifacts / "long-name-refused.png"))
    # Shortened, it goes in as typed.
    director.fill("#player-name", "Bart Montgomery")
    director.click("#add-player-submit")
    expect(director.locator("#flash")).to_contain_text("Bart Montgomery added")
    expect(director.locator("tr[data-testid^=player-]")).to_have_count(1)
