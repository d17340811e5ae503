"""The front of the hall in real Chromium: the projector at 1920x1080 fits forty players'
standings with the euchred-cup race and the next seating, no row or name cut; and a name
typed with an unclosed right-to-left control character cannot turn the page's own numbers
after it around. Screenshots go to ``test-artifacts/<test>/``."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser_checks import log_in
from tests.served import EuchreServer
from tests.store.factory import director_api, report_round

pytestmark = [pytest.mark.browser, pytest.mark.shared_server]

PROJECTOR = {"width": 1920, "height": 1080}
SURNAMES = ("Fitzgerald", "Kowalczyk", "Abernathy", "Montgomery", "Vandermeer")


def _night(api: httpx.Client, players: int) -> int:
    """A progressive night (sheet 004, the euchred cup on) of ``players`` players with long
    names, round 1 played and closed: the projector shows the next seating."""
    created = api.post(
        "/api/events",
        json={"name": f"{players} players", "profile_id": "tournament", "format": "progressive",
              "rounds": 4, "side_pot": True},
    )  # fmt: skip
    created.raise_for_status()
    event_id = int(created.json()["id"])
    csv = "name,checked_in\n" + "".join(
        f"Member {chr(65 + index % 26)}{SURNAMES[index % 5]} {index + 1},yes\n"
        for index in range(players)
    )
    assert api.post(f"/api/events/{event_id}/players/import", json={"csv": csv}).status_code == 201
    assert api.post(f"/api/events/{event_id}/rounds").status_code == 201
    report_round(api, event_id, 1, (10, 4))  # type: ignore[arg-type]
    assert api.post(f"/api/events/{event_id}/rounds/1/close").status_code == 200
    return event_id


def _outside(page: Page, selector: str) -> list[str]:
    """The elements of ``selector`` not wholly inside the 1920x1080 viewport, or whose text
    is cut (an ellipsis: wider than their box)."""
    return page.eval_on_selector_all(
        selector,
        """(cells) => cells.filter((cell) => {
            const box = cell.getBoundingClientRect();
            return box.top < 0 || box.bottom > window.innerHeight || box.left < 0
                || box.right > window.innerWidth || cell.scrollWidth > cell.clientWidth + 1
                || box.height === 0;
        }).map((cell) => cell.textContent)""",
    )


@pytest.mark.parametrize("players", [18, 20, 40])
def test_the_projector_fits_every_player_the_cup_and_the_next_seating(
    browser: Browser, served: EuchreServer, artifacts: Path, players: int
) -> None:
    api = director_api(served.base_url)
    event_id = _night(api, players)
    page = browser.new_context(viewport=PROJECTOR).new_page()
    page.goto(f"{served.base_url}/events/{event_id}/live")
    page.screenshot(path=str(artifacts / f"projector-{players}.png"))
    rows = page.locator("tr[data-testid^=standing-]")
    expect(rows).to_have_count(players)
    assert _outside(page, "tr[data-testid^=standing-]") == []
    # The euchred-cup race: every player's "Euchred" count is on the screen.
    assert _outside(page, "table.standings td:nth-child(6)") == []
    assert page.locator("table.standings td:nth-child(6)").count() == players
    assert _outside(page, "table.standings th, table.standings td") == []
    expect(page.locator("#next-seating")).to_be_visible()
    assert _outside(page, "#next-seating td") == []
    assert _outside(page, "#next-seating td bdi") == []
    assert _outside(page, "#side-pot") == []


def test_an_unclosed_right_to_left_override_in_a_name_does_not_reverse_the_new_code(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    created = api.post("/api/events", json={"name": "Names", "profile_id": "tournament"})
    event_id = created.json()["id"]
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(page, served.base_url)
    page.goto(f"{served.base_url}/director/events/{event_id}")
    page.fill("#player-name", "Mallory \u202eevil")
    page.click("#add-player-submit")
    flash = page.locator("#flash")
    expect(flash).to_contain_text("added (player 1, code ")
    code = api.get(f"/api/events/{event_id}/players").json()[0]["code"]
    page.screenshot(path=str(artifacts / "flash.png"))
    # Where each digit of the code is drawn: left to right as typed, so it reads as the code.
    lefts = flash.evaluate(
        """(flash, code) => {
            const walker = document.createTreeWalker(flash, NodeFilter.SHOW_TEXT);
            let node;
            while ((node = walker.nextNode())) {
                const at = node.data.indexOf(code);
                if (at < 0) continue;
                return [...code].map((_, index) => {
                    const range = document.createRange();
                    range.setStart(node, at + index);
                    range.setEnd(node, at + index + 1);
                    return range.getBoundingClientRect().left;
                });
            }
            return [];
        }""",
        code,
    )
    assert len(lefts) == 4 and lefts == sorted(lefts), lefts
    # The player list and the standings isolate the name too.
    assert page.locator("#player-table bdi").count() >= 1


def test_the_results_page_fits_a_390_px_phone(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    api = director_api(served.base_url)
    event_id = _night(api, 12)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    ).new_page()
    phone.goto(f"{served.base_url}/events/{event_id}/results")
    phone.screenshot(path=str(artifacts / "results-390.png"), full_page=True)
    expect(phone.locator("#results-standings")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
