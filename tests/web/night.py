"""A club night in Chromium, shared by the per-sheet night tests (``test_night_*.py``).

The director works on a laptop-width page (creating the event from the sheet's preset,
importing players, starting and closing rounds, reading the dashboard, the projector and the
results); a few tables enter their score on 390 px phone pages (one browser context per
phone); the remaining tables go through the JSON API with the scorekeeper's and the
opponent's own codes, which keeps each test's runtime bounded. Nothing here knows a format's
plan: the tests compare the seatings the app gives with the sheets' words.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from pypdf import PdfReader
from tests.browser_checks import log_in, set_up_director
from tests.served import EuchreServer
from tests.store.factory import PASSWORD

LAPTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}


@dataclass
class Night:
    """One evening: the laptop page, an API client logged in as the director, the event."""

    browser: Browser
    served: EuchreServer
    folder: Path
    laptop: BrowserContext = field(init=False)
    page: Page = field(init=False)
    api: httpx.Client = field(init=False)
    event_id: int = 0
    shots: int = 0
    phones: list[BrowserContext] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.laptop = self.browser.new_context(viewport=LAPTOP)
        self.page = self.laptop.new_page()
        self.page.on("dialog", lambda dialog: dialog.accept())
        self.api = httpx.Client(base_url=self.served.base_url, timeout=30)
        if self.api.get("/api/setup").json()["needs_setup"]:
            set_up_director(self.page, f"{self.served.base_url}/")
        else:  # the worker's shared server (tests/shared_servers.py), set up by an earlier test
            log_in(self.page, self.served.base_url)
            expect(self.page).not_to_have_url(re.compile(r"/login(\?.*)?$"))
        login = self.api.post("/api/session", json={"name": "director", "password": PASSWORD})
        assert login.status_code == 200, login.text
        self.api.headers["Authorization"] = f"Bearer {login.json()['token']}"

    def close(self) -> None:
        """Close every context and the API client."""
        for context in self.phones:
            context.close()
        self.laptop.close()
        self.api.close()

    # --- pictures -------------------------------------------------------------------------

    def shot(self, page: Page, name: str) -> None:
        """A numbered full-page screenshot in the test's artefact folder."""
        self.shots += 1
        page.screenshot(path=str(self.folder / f"{self.shots:02d}-{name}.png"), full_page=True)

    # --- the director's laptop ------------------------------------------------------------

    def create_event(self, name: str, profile: str, **fields: str) -> None:
        """Create the event on the form: the sheet's profile (its preset fills the rest),
        then ``fields`` by element id (a ``<select>`` is chosen, an input filled)."""
        page = self.page
        page.goto(f"{self.served.base_url}/director")
        page.fill("#event-name", name)
        page.select_option("#event-profile", profile)
        for element, value in fields.items():
            locator = page.locator(f"#{element}")
            if locator.evaluate("e => e.tagName") == "SELECT":
                locator.select_option(value)
            else:
                locator.fill(value)
        self.shot(page, "create-event-form")
        page.click("#create-event-submit")
        expect(page).to_have_url(re.compile(r"/director/events/\d+(\?.*)?$"))
        match = re.search(r"/director/events/(\d+)", page.url)
        assert match
        self.event_id = int(match.group(1))

    def import_players(self, csv: str, count: int) -> None:
        """Import players from CSV text on the dashboard."""
        self.page.fill("#import-csv", csv)
        self.page.click("#import-submit")
        expect(self.page.locator("tr[data-testid^=player-]")).to_have_count(count)

    def dashboard(self) -> Page:
        """The event's dashboard, freshly loaded."""
        self.page.goto(f"{self.served.base_url}/director/events/{self.event_id}")
        return self.page

    def start_round(self) -> dict[str, Any]:
        """Click "Start round"; the round as the API gives it."""
        page = self.dashboard()
        page.click("#start-round")
        expect(page.locator("#close-round")).to_be_visible()
        rounds = self.get(f"/api/events/{self.event_id}/rounds")
        return dict(rounds[-1])

    def close_round(self) -> None:
        """Close the round in play from the dashboard."""
        page = self.dashboard()
        page.click("#close-round")
        expect(page.locator("#close-round")).to_have_count(0)

    def withdraw(self, number: int, reason: str) -> None:
        """Withdraw a player from the dashboard (the confirmation is accepted)."""
        page = self.dashboard()
        page.click(f"[data-testid=withdraw-open-{number}]")
        page.fill(f"[data-testid=withdraw-reason-{number}]", reason)
        page.click(f"[data-testid=withdraw-{number}]")
        expect(page.locator(f"tr[data-testid=player-{number}]")).to_contain_text("withdrawn")

    # --- the API --------------------------------------------------------------------------

    def get(self, path: str) -> Any:
        """GET a JSON answer (200 expected)."""
        response = self.api.get(path)
        assert response.status_code == 200, response.text
        return response.json()

    def post(self, path: str, body: dict[str, Any], status: int = 200) -> Any:
        """POST JSON and check the status."""
        response = self.api.post(path, json=body)
        assert response.status_code == status, response.text
        return response.json()

    def snapshot(self) -> dict[str, Any]:
        """The event's snapshot (standings, rounds, prizes, cup, playoffs, conflicts)."""
        return dict(self.get(f"/api/events/{self.event_id}/snapshot")["snapshot"])

    def codes(self) -> dict[int, str]:
        """Player number -> personal code."""
        players = self.get(f"/api/events/{self.event_id}/players")
        return {row["number"]: row["code"] for row in players}

    def names(self) -> dict[str, str]:
        """Player number (as the core's id) -> name."""
        players = self.get(f"/api/events/{self.event_id}/players")
        return {str(row["number"]): row["name"] for row in players}

    def report(self, code: str, result: dict[str, Any]) -> None:
        """A table's score through the API: the first player of the first partnership
        submits ``result`` (its first team is that partnership), an opponent confirms."""
        codes = self.codes()
        info = self.get(f"/api/tables/{code}")
        keeper = info["partnerships"][0][0]["number"]
        opponent = info["partnerships"][1][0]["number"]
        submitted = self.post(
            f"/api/tables/{code}/submissions",
            {"player_code": codes[keeper], "round": info["round"], **result},
            201,
        )
        self.post(
            f"/api/tables/{code}/submissions/{submitted['id']}/confirm",
            {"player_code": codes[opponent]},
        )

    # --- the phones -----------------------------------------------------------------------

    def phone(self) -> Page:
        """A new phone (its own context, 390 px wide)."""
        context = self.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        self.phones.append(context)
        return context.new_page()

    def projector(self) -> Page:
        """The event's live page on the hall's projector (the laptop's second screen)."""
        page = self.laptop.new_page()
        page.set_viewport_size(PROJECTOR)
        page.goto(f"{self.served.base_url}/events/{self.event_id}/live")
        return page

    def phone_report(
        self,
        code: str,
        points: tuple[int, int],
        *,
        fields: dict[str, str] | None = None,
        shot: str = "",
    ) -> Page:
        """A table's score entered on two phones: the scorekeeper of the first partnership
        types the totals (and ``fields`` by element id) with his code, the opponent opens the
        same table on his own phone and confirms with his code. Returns the opponent's page,
        showing the saved result."""
        codes = self.codes()
        keeper_page = self.phone()
        keeper_page.goto(f"{self.served.base_url}/t/{code}")
        sides = [
            [
                int(n)
                for n in re.findall(
                    r"#(\d+)", keeper_page.locator(f"#partnership-{s}").inner_text()
                )
            ]
            for s in (0, 1)
        ]
        keeper_page.fill("#team0-points", str(points[0]))
        keeper_page.fill("#team1-points", str(points[1]))
        for element, value in (fields or {}).items():
            if value == "check":
                keeper_page.locator(f"#{element}").check()
            else:
                keeper_page.locator(f"#{element}").fill(value)
        submission = submit_score(keeper_page, codes[sides[0][0]])
        if shot:
            self.shot(keeper_page, f"{shot}-entered")
        opponent = self.phone()
        opponent.goto(f"{self.served.base_url}/t/{code}")
        opponent.fill(f"#confirm-code-{submission}", codes[sides[1][0]])
        opponent.click(f"#confirm-{submission}")
        expect(opponent.locator("#official")).to_be_visible()
        if shot:
            self.shot(opponent, f"{shot}-confirmed")
        return opponent

    # --- paper ----------------------------------------------------------------------------

    def pdf_pages(self, path: str) -> list[str]:
        """The text of each page of a PDF the director prints."""
        response = self.api.get(path)
        assert response.status_code == 200, response.text
        return [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]


def submit_score(page: Page, player_code: str | None = None) -> str:
    """Send the score typed on a table's phone (with ``player_code`` typed first, when
    given): the form's answer lists it as waiting for the opponents; its submission id."""
    if player_code is not None:
        page.fill("#player-code", player_code)
    page.click("#score-submit")
    item = page.locator("li[data-testid^=submission-]").first
    expect(item).to_have_attribute("data-status", "pending")
    return str(item.get_attribute("data-testid")).split("-")[1]


def table_codes(round_data: dict[str, Any]) -> dict[int, str]:
    """Table number -> its code in a started round."""
    return {int(table["table"]): str(table["code"]) for table in round_data["tables"]}
