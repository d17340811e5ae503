"""A whole 16-player event in real Chromium against ``euchre serve``, from creation to prizes.

The director works on a laptop-sized window, each table on a phone-sized one with no director
cookie. Fifteen players are checked in at the start and one arrives late (plays from round 2);
round 1 has a disputed score the director settles, and a correction after the round closes.
Screenshots of every step are kept under ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser_checks import Shots
from tests.served import EuchreServer
from tests.store.factory import PASSWORD

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _prize_total(text: str) -> float:
    """The dollars of every prize listed (``$40.00`` each)."""
    return round(sum(float(amount) for amount in re.findall(r"\$(\d+(?:\.\d+)?)", text)), 2)


def _player_codes(dashboard: Page) -> dict[int, str]:
    codes: dict[int, str] = {}
    for row in dashboard.locator("tr[data-testid^=player-]").all():
        number = int(str(row.get_attribute("data-testid")).split("-")[1])
        code = row.locator("code").first.inner_text().strip()
        codes[number] = code
    return codes


def _table_codes(dashboard: Page) -> dict[int, str]:
    codes: dict[int, str] = {}
    for row in dashboard.locator("#tables tr[data-testid^=table-]").all():
        number = int(str(row.get_attribute("data-testid")).split("-")[1])
        codes[number] = row.locator("code").first.inner_text().strip()
    return codes


def _side_numbers(table: Page, side: int) -> list[int]:
    text = table.locator(f"#partnership-{side}").inner_text()
    return [int(number) for number in re.findall(r"#(\d+)", text)]


def _submit(table: Page, points: tuple[int, int], player_code: str) -> int:
    """Enter the totals and the scorer's code; return the new submission's id."""
    submissions = table.locator("li[data-testid^=submission-]")
    before = submissions.count()
    disclosure = table.locator("#different-score")
    if disclosure.count() and disclosure.get_attribute("open") is None:
        table.click("#different-score-open")  # a score waits: the form is folded away
    table.fill("#team0-points", str(points[0]))
    table.fill("#team1-points", str(points[1]))
    table.fill("#player-code", player_code)
    table.click("#score-submit")
    expect(submissions).to_have_count(before + 1)
    return max(
        int(str(item.get_attribute("data-testid")).split("-")[1]) for item in submissions.all()
    )


def _confirm(table: Page, submission_id: int, player_code: str) -> None:
    table.fill(f"#confirm-code-{submission_id}", player_code)
    table.click(f"#confirm-{submission_id}")
    expect(table.locator("#official")).to_be_visible()


def _play_round(
    phones: BrowserContext,
    served: EuchreServer,
    shots: Shots,
    round_number: int,
    tables: dict[int, str],
    codes: dict[int, str],
    *,
    dispute_table: int | None,
) -> dict[int, tuple[int, int]]:
    """Every table reports from its phone; ``dispute_table`` sends two different scores."""
    reported: dict[int, tuple[int, int]] = {}
    for table_number, table_code in sorted(tables.items()):
        table = phones.new_page()
        table.goto(f"{served.base_url}/t/{table_code}")
        expect(table.locator("#score-form")).to_be_visible()
        side0, side1 = _side_numbers(table, 0), _side_numbers(table, 1)
        assert side0 and side1
        points = (5 + table_number % 3, 3 - table_number % 3)
        submission_id = _submit(table, points, codes[side0[0]])
        if table_number == dispute_table:
            rival = _submit(table, (points[1], points[0]), codes[side1[0]])
            assert rival != submission_id
            expect(table.locator(f"li[data-testid=submission-{rival}]")).to_have_attribute(
                "data-status", re.compile("disputed|flagged|conflict")
            )
            shots.take(table, f"round{round_number}-table{table_number}-two-scores")
        else:
            _confirm(table, submission_id, codes[side1[0]])
            reported[table_number] = points
            if table_number == 1:
                shots.take(table, f"round{round_number}-table{table_number}-confirmed")
        table.close()
    return reported


@pytest.mark.slow
def test_a_sixteen_player_event_from_creation_to_prizes(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    shots = Shots(artifacts)
    laptop = browser.new_context(viewport=LAPTOP)
    phones = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    director = laptop.new_page()

    director.goto(f"{served.base_url}/")
    expect(director).to_have_url(re.compile(r"/setup$"))
    director.fill("#setup-name", "director")
    director.fill("#setup-password", PASSWORD)
    shots.take(director, "setup")
    director.click("#setup-submit")
    expect(director.locator("#create-event-form")).to_be_visible()

    director.fill("#event-name", "Lions Club progressive")
    director.select_option("#event-profile", "tournament")
    director.select_option("#event-format", "rotating_partners")
    director.fill("#event-rounds", "2")
    director.fill("#event-round-minutes", "20")
    director.fill("#event-prizes", "1: 60, 40, 20")
    shots.take(director, "create-event")
    director.click("#create-event-submit")
    expect(director).to_have_url(re.compile(r"/director/events/\d+(\?.*)?$"))
    event_path = re.sub(r"^https?://[^/]+|\?.*$", "", director.url)

    csv = "name,checked_in\n" + "".join(f"Player {number},yes\n" for number in range(1, 16))
    director.fill("#import-csv", csv)
    director.click("#import-submit")
    expect(director.locator("tr[data-testid^=player-]")).to_have_count(15)
    director.fill("#player-name", "Late Larry")
    checked_box = director.locator("#player-checked-in")
    if checked_box.is_checked():
        checked_box.uncheck()
    director.click("#add-player-submit")
    expect(director.locator("tr[data-testid=player-16]")).to_have_attribute(
        "data-checked-in", re.compile("false|no|0")
    )
    shots.take(director, "players")

    director.click("#start-round")
    expect(director.locator("#timer")).to_be_visible()
    tables = _table_codes(director)
    assert len(tables) == 3  # fifteen players: three tables, three sitting out
    codes = _player_codes(director)
    assert len(codes) == 16
    for link in ("#print-table-cards", "#print-tally-sheets", "#print-scorecards"):
        href = director.locator(link).get_attribute("href")
        assert href
        pdf = laptop.request.get(f"{served.base_url}{href}")
        assert pdf.status == 200
        assert pdf.body().startswith(b"%PDF-")
    shots.take(director, "round1-started")

    director.click("[data-testid=check-in-16]")  # the late arrival: plays from round 2
    expect(director.locator("tr[data-testid=player-16]")).to_have_attribute(
        "data-checked-in", re.compile("true|yes|1")
    )

    _play_round(phones, served, shots, 1, tables, codes, dispute_table=2)
    director.goto(f"{served.base_url}{event_path}")
    expect(director.locator("#tables tr[data-testid=table-2]")).to_have_attribute(
        "data-state", "disputed"
    )
    shots.take(director, "round1-dispute")
    accept = director.locator("[data-testid^=accept-]").first
    accept.click()
    expect(director.locator("#tables tr[data-testid=table-2]")).to_have_attribute(
        "data-state", "reported"
    )
    for table_number in tables:
        expect(director.locator(f"#tables tr[data-testid=table-{table_number}]")).to_have_attribute(
            "data-state", "reported"
        )

    director.click("#close-round")
    expect(director.locator("#flash")).to_contain_text("closed")
    director.fill("#correct-round", "1")
    director.fill("#correct-table", "1")
    director.click("#correct-open")  # the table's correction form, pre-filled
    director.fill("#team0-points", "2")
    director.fill("#team1-points", "6")
    director.fill("#correct-reason", "tally sheet misread")
    director.click("#correct-submit")
    expect(director.locator("#flash")).to_contain_text("saved")
    expect(director.locator("#table-history")).to_contain_text("corrected the result")
    expect(director.locator("#table-history")).to_contain_text("tally sheet misread")
    director.goto(f"{served.base_url}{event_path}")
    expect(director.locator("#audit-latest")).to_contain_text("corrected the result of round 1")
    shots.take(director, "round1-corrected")

    director.click("#start-round")
    expect(director.locator("#timer")).to_be_visible()
    tables = _table_codes(director)
    assert len(tables) == 4  # the late arrival makes sixteen: four tables
    shots.take(director, "round2-started")
    _play_round(phones, served, shots, 2, tables, codes, dispute_table=None)
    director.goto(f"{served.base_url}{event_path}")
    director.click("#close-round")
    expect(director.locator("#flash")).to_contain_text("closed")

    expect(director.locator("#standings-table tr[data-testid^=standing-]")).to_have_count(16)
    expect(director.locator("#prizes")).to_contain_text("$")
    assert _prize_total(director.locator("#prizes").inner_text()) == 120  # ties share places
    shots.take(director, "final-standings")

    public = laptop.new_page()
    event_id = event_path.rsplit("/", 1)[1]
    public.goto(f"{served.base_url}/events/{event_id}/live")
    # 17 players: the standings take two columns (#live-standings, #live-standings-2).
    expect(public.locator(".live-columns")).to_contain_text("Late Larry")
    shots.take(public, "projector")
    public.goto(f"{served.base_url}/events/{event_id}/results")
    expect(public.locator("#results-standings")).to_contain_text("Player 1")
    assert _prize_total(public.locator("#prizes").inner_text()) == 120
    shots.take(public, "results")
    laptop.close()
    phones.close()
