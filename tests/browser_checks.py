"""Checks the browser tests make at each state they reach, in one place.

``assert_accessible`` runs axe-core (pinned; ``scripts/test.sh`` installs it under
``tests/.axe``) on the page as it is and fails on any serious or critical problem: the play
table in each phase, the online night's pages and the director's pages call it where their
tests already stand, so the check runs in CI without a browser game of its own.

``assert_fits_one_phone_screen`` is what a player on a 390x844 phone expects of the table
page: the felt, the hand and the prompt on the first screen with no scroll, every seat's
name whole and the dealer's chip shown.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TypedDict

from playwright.sync_api import Page

from tests.store.factory import PASSWORD

__all__ = [
    "AXE",
    "PHONE",
    "SHOTS",
    "Shots",
    "assert_accessible",
    "assert_fits_one_phone_screen",
    "axe_problems",
    "log_in",
    "screenshot",
    "set_up_director",
]

AXE = Path(__file__).resolve().parent / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, pinned (``scripts/test.sh`` installs it from the npm registry; tests inject it)."""

PHONE = {"width": 390, "height": 844}
"""The phone the play pages are made for."""

SHOTS = Path("test-artifacts") / "shots"
"""Where the screenshots a reviewer looks at are gathered, one folder for every test."""


def log_in(page: Page, base_url: str) -> None:
    """The director logs in on the served app's login page."""
    page.goto(f"{base_url}/login")
    page.fill("#login-name", "director")
    page.fill("#login-password", PASSWORD)
    page.click("#login-submit")


def set_up_director(page: Page, url: str) -> None:
    """The first visit to a new club's app (``url``): the director names himself and
    chooses the password."""
    page.goto(url)
    page.fill("#setup-name", "director")
    page.fill("#setup-password", PASSWORD)
    page.click("#setup-submit")


class Shots:
    """Numbered full-page screenshots in the test's artefact folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = 0

    def take(self, page: Page, name: str) -> None:
        """Save the whole page as the next numbered ``name``."""
        self.count += 1
        page.screenshot(path=str(self.folder / f"{self.count:02d}-{name}.png"), full_page=True)


def screenshot(page: Page, artifacts: Path, name: str, *, full_page: bool = True) -> Path:
    """Save the page (whole, or its first screen) as ``name`` in the test's folder and in
    ``SHOTS``; the test's copy."""
    path = artifacts / name
    page.screenshot(path=str(path), full_page=full_page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SHOTS / name)
    return path


def axe_problems(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, once no
    animation is running (a card fading in reads as faint to the contrast check), each in
    one line: rule, impact, what it asks and where."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running')", timeout=5_000
    )
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{item['id']} ({item['impact']}): {item['help']} at "
        + ", ".join(str(node["target"]) for node in item["nodes"][:3])
        for item in found
        if item["impact"] in ("serious", "critical")
    ]


def assert_accessible(page: Page, where: str) -> None:
    """No serious or critical axe-core problem on the page now (``where`` names the state in
    the failure). Without axe-core installed there is nothing to run it with: the tests that
    only check accessibility skip visibly (``AXE.exists()``); this check, made in passing by
    tests about something else, lets them go on."""
    if not AXE.exists():
        return
    problems = axe_problems(page)
    assert problems == [], f"{where}: {problems}"


class _Fit(TypedDict):
    scroll_y: float
    viewport: float
    boxes: dict[str, list[float]]
    names: list[list[str | float]]
    chips: int
    page_height: float


_MEASURE = """(prompt) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.top, r.bottom, r.left, r.right];
  };
  const shown = (el) => el && el.offsetParent !== null && el.getBoundingClientRect().height > 0;
  const boxes = {};
  for (const selector of ["#felt", "#my-hand", ...prompt]) {
    const el = document.querySelector(selector);
    if (shown(el)) boxes[selector] = box(el);
  }
  const names = [...document.querySelectorAll(".seat-box[data-seat] .seat-name")].map(
    (el) => [el.textContent, el.scrollWidth, el.clientWidth, shown(el) ? 1 : 0]);
  const chips = [...document.querySelectorAll(".seat-box[data-seat] .dealer-chip")]
    .filter(shown).length;
  return {scroll_y: window.scrollY, viewport: window.innerHeight, boxes: boxes, names: names,
    chips: chips, page_height: document.documentElement.scrollHeight};
}"""


def assert_fits_one_phone_screen(page: Page, *prompt: str, hand: bool = True) -> float:
    """The table page at 390x844 without scrolling: the felt, the hand (``hand``: a player
    with cards) and each selector in ``prompt`` (the bid buttons, the question, the answer
    box) lie wholly within the first screen; every seat's name is whole (not cut: its
    ``scrollWidth`` fits its ``clientWidth``) and one dealer's chip is shown. Returns the
    page's height (the caller may bound it)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    fit: _Fit = page.evaluate(_MEASURE, list(prompt))
    assert fit["scroll_y"] == 0
    wanted = ["#felt", *(["#my-hand"] if hand else []), *prompt]
    for selector in wanted:
        assert selector in fit["boxes"], f"{selector} is not shown"
        top, bottom, left, right = fit["boxes"][selector]
        assert top >= 0 and bottom <= fit["viewport"], (
            f"{selector} runs from {top:.0f} to {bottom:.0f} px: below the first screen "
            f"({fit['viewport']:.0f} px)"
        )
        assert left >= 0 and right <= PHONE["width"], f"{selector} is wider than the phone"
    assert len(fit["names"]) == 4, fit["names"]
    for name, scroll_width, client_width, shown in fit["names"]:
        assert shown and name, f"a seat's name is not shown: {fit['names']}"
        assert float(scroll_width) <= float(client_width), f"the name {name!r} is cut"
    assert fit["chips"] == 1, f"{fit['chips']} dealer's chips are shown"
    return fit["page_height"]
