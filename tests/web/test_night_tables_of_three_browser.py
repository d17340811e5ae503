"""A night with a table of three in Chromium: the director on a laptop, the table of three on
390 px phones.

The club uploads its sheet file ("nobody sits out: players left over make tables of three at
the foot, in turn, and play cutthroat, each for himself"), the director creates the night
from it, imports 7 players and starts round 1: the dashboard shows a table of four and, at
the foot, a table of three. The table of three's phone asks each player's own total under
the sheet's three-handed rule; a total no game to 10 ends with is refused in words naming
the player, what was typed kept; the corrected totals are confirmed by another player of the
table, and the standings count them; the director corrects one total on his laptop.
Screenshots go to ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.served import EuchreServer
from tests.web.night import Night, table_codes
from tests.web.test_night_tables_of_three import SHEET

pytestmark = pytest.mark.browser


def test_a_table_of_three_scores_each_player_on_the_phone_and_the_dashboard_shows_it(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    night = Night(browser, served, artifacts)
    try:
        night.post("/api/sheets", {"text": SHEET.read_text(), "filename": SHEET.name}, 201)
        night.create_event("Wednesday", "cutthroat_corner")
        page = night.dashboard()
        rows = "".join(f"{name}\n" for name in ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"))
        night.import_players("name\n" + rows, 7)
        page = night.dashboard()
        page.click("#check-in-all")
        expect(page.locator("#check-in-all")).to_have_count(0)

        first = night.start_round()
        assert first["plan"]["sitting_out"] == []
        sizes = [sum(map(len, table["partnerships"])) for table in first["plan"]["tables"]]
        assert sizes == [4, 3]
        names = night.names()
        page = night.dashboard()
        three = page.locator("tr[data-testid=table-2]")
        for player in first["plan"]["tables"][1]["partnerships"][0]:
            expect(three).to_contain_text(names[player])
        night.shot(page, "director-round-1-with-a-table-of-three")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 1280, width

        codes = night.codes()
        phone = night.phone()
        phone.goto(f"{served.base_url}/t/{table_codes(first)[2]}")
        expect(phone.locator("#three-handed-rule")).to_contain_text(
            "Table of three: cutthroat, each for himself."
        )
        numbers = [
            int(n) for n in re.findall(r"#(\d+)", phone.locator("#partnership-0").inner_text())
        ]
        assert len(numbers) == 3
        expect(phone.locator("#team0-points")).to_have_count(0)
        phone.fill(f"#points-{numbers[0]}", "10")
        phone.fill(f"#points-{numbers[1]}", "14")
        phone.fill(f"#points-{numbers[2]}", "3")
        phone.fill("#player-code", codes[numbers[0]])
        phone.click("#score-submit")
        error = phone.locator("#form-error")
        expect(error).to_contain_text(
            f"{names[str(numbers[1])]}'s own total is 14, more than a game to 10 can end with"
        )
        expect(phone.locator(f"#points-{numbers[1]}")).to_have_attribute("aria-invalid", "true")
        expect(phone.locator(f"#points-{numbers[0]}")).to_have_value("10")
        night.shot(phone, "table-of-three-refused-on-the-phone")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 391
        phone.fill(f"#points-{numbers[1]}", "6")
        phone.fill("#player-code", codes[numbers[0]])
        phone.click("#score-submit")
        item = phone.locator("li[data-testid^=submission-]").first
        expect(item).to_have_attribute("data-status", "pending")
        expect(item).to_contain_text("10 – 6 – 3")
        submission = str(item.get_attribute("data-testid")).split("-")[1]
        other = night.phone()
        other.goto(f"{served.base_url}/t/{table_codes(first)[2]}")
        other.fill(f"#confirm-code-{submission}", codes[numbers[1]])
        other.click(f"#confirm-{submission}")
        expect(other.locator("#official")).to_be_visible()
        expect(other.locator("#winner")).to_contain_text(
            f"{names[str(numbers[0])]} scored most, 10."
        )
        night.shot(other, "table-of-three-confirmed-on-the-phone")
        assert other.evaluate("document.documentElement.scrollWidth") <= 391

        night.report(table_codes(first)[1], {"team_points": [10, 4]})
        rows_by_player = {row["competitor_id"]: row for row in night.snapshot()["standings"]}
        for player, points in zip(numbers, (10, 6, 3), strict=True):
            assert rows_by_player[str(player)]["points"] == points
        # The director corrects one total on the laptop: only that one changes.
        page = night.page
        page.goto(f"{served.base_url}/director/events/{night.event_id}/rounds/1/tables/2/result")
        form = page.locator("#correction-form")
        expect(form.locator(f"#points-{numbers[0]}")).to_have_value("10")
        form.locator(f"#points-{numbers[2]}").fill("4")
        form.locator("#correct-reason").fill("Gus's sheet was added up wrong")
        night.shot(page, "director-corrects-a-table-of-three")
        form.locator("#correct-submit").click()
        rows_by_player = {row["competitor_id"]: row for row in night.snapshot()["standings"]}
        for player, points in zip(numbers, (10, 6, 4), strict=True):
            assert rows_by_player[str(player)]["points"] == points
        page = night.dashboard()
        expect(page.locator("tr[data-testid=table-2]")).to_contain_text("10 – 6 – 4")
        night.shot(page, "director-round-1-scored")
    finally:
        night.close()
