"""Two bugs of issue 9 in real Chromium: a director's laptop and the tables' phones (390 px).

- The forged confirmation: a scorekeeper entered 16-0 and confirmed it with the opponent's
  code read off his own tally sheet. Now no printed sheet shows a code that lets one side act
  for the other, and the opponent sees every line he vouches for.
- The correction that wiped lone hands, euchres and hand detail: the director's form is
  pre-filled with the recorded values and a correction changes only what he changed.

Screenshots are kept under ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from pypdf import PdfReader
from tests.browser_checks import Shots, set_up_director
from tests.served import EuchreServer
from tests.web.night import submit_score

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _start_progressive_night(
    browser: Browser, served: EuchreServer, shots: Shots
) -> tuple[BrowserContext, Page, dict[int, str], str]:
    """The director sets up a progressive event on the tournament sheet with four players and
    starts round 1; returns the laptop, its page, the player codes and the table code."""
    laptop = browser.new_context(viewport=LAPTOP)
    director = laptop.new_page()
    set_up_director(director, f"{served.base_url}/")
    director.fill("#event-name", "Progressive night")
    director.select_option("#event-profile", "tournament")
    director.select_option("#event-format", "progressive")
    director.fill("#event-rounds", "2")
    director.select_option("#event-side-pot", "yes")
    director.click("#create-event-submit")
    expect(director).to_have_url(re.compile(r"/director/events/\d+(\?.*)?$"))
    csv = "name,checked_in\nAnn Abernathy,yes\nBob Brown,yes\nCy Cole,yes\nDi Dunn,yes\n"
    director.fill("#import-csv", csv)
    director.click("#import-submit")
    expect(director.locator("tr[data-testid^=player-]")).to_have_count(4)
    director.click("#start-round")
    expect(director.locator("#timer")).to_be_visible()
    codes = {
        int(str(row.get_attribute("data-testid")).split("-")[1]): row.locator("code")
        .first.inner_text()
        .strip()
        for row in director.locator("tr[data-testid^=player-]").all()
    }
    table_code = director.locator("#tables tr[data-testid=table-1] code").first.inner_text()
    shots.take(director, "round-1-started")
    return laptop, director, codes, table_code.strip()


def _sides(table: Page) -> list[list[int]]:
    return [
        [int(n) for n in re.findall(r"#(\d+)", table.locator(f"#partnership-{side}").inner_text())]
        for side in (0, 1)
    ]


def _pdf_text(context: BrowserContext, url: str) -> list[str]:
    response = context.request.get(url)
    assert response.status == 200
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.body())).pages]


def test_forged_confirmation_no_sheet_lets_the_scorekeeper_confirm_for_his_opponents(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    shots = Shots(artifacts)
    laptop, director, codes, table_code = _start_progressive_night(browser, served, shots)
    tally = director.locator("#print-tally-sheets").get_attribute("href")
    cards = director.locator("#print-scorecards").get_attribute("href")
    assert tally and cards
    for page in _pdf_text(laptop, f"{served.base_url}{tally}"):
        assert not any(re.search(rf"\b{code}\b", page) for code in codes.values()), page
    scorecards = _pdf_text(laptop, f"{served.base_url}{cards}")
    assert len(scorecards) == 4
    for page in scorecards:
        shown = [number for number, code in codes.items() if re.search(rf"\b{code}\b", page)]
        assert len(shown) == 1  # each card: its own player's code, nobody else's

    phones = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    scorekeeper = phones.new_page()
    scorekeeper.goto(f"{served.base_url}/t/{table_code}")
    (mine, partner), (opponent, _) = _sides(scorekeeper)
    scorekeeper.fill("#team0-points", "16")
    scorekeeper.fill("#team1-points", "0")
    submission = submit_score(scorekeeper, codes[mine])
    shots.take(scorekeeper, "phone-16-0-entered")
    # The only codes he can read are his own and his partner's: neither confirms.
    for code in (codes[mine], codes[partner]):
        scorekeeper.fill(f"#confirm-code-{submission}", code)
        scorekeeper.click(f"#confirm-{submission}")
        # Refused on the same page, next to the score, the code box marked.
        expect(scorekeeper.locator("#form-error")).to_contain_text("confirmed by an opponent")
        expect(scorekeeper.locator(f"#confirm-code-{submission}")).to_have_class("invalid")
    shots.take(scorekeeper, "phone-own-side-cannot-confirm")
    # The real opponent sees what he would vouch for, disputes it, and nothing is saved.
    other = phones.new_page()
    other.goto(f"{served.base_url}/t/{table_code}")
    vouch = other.locator(f"#vouch-{submission}")
    expect(vouch).to_contain_text("16 points")
    expect(vouch).to_contain_text("Each player's points")
    # The score waiting for him comes first; no empty "Enter the score" form under it.
    expect(other.locator("#score-form")).to_be_hidden()
    expect(other.locator("#different-score-open")).to_contain_text("Enter a different score")
    shots.take(other, "phone-opponent-sees-what-he-vouches-for")
    other.fill(f"#confirm-code-{submission}", codes[opponent])
    other.click(f"#dispute-{submission}")
    expect(other.locator("#flash")).to_contain_text("disputed")
    expect(other.locator("#official")).to_have_count(0)
    director.reload()
    expect(director.locator("#tables tr[data-testid=table-1]")).to_have_attribute(
        "data-state", "disputed"
    )
    shots.take(director, "director-sees-the-dispute")
    laptop.close()
    phones.close()


def test_correction_keeps_lone_hands_euchres_and_hands_the_director_did_not_change(
    browser: Browser, served: EuchreServer, artifacts: Path
) -> None:
    shots = Shots(artifacts)
    laptop, director, codes, table_code = _start_progressive_night(browser, served, shots)
    phones = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    table = phones.new_page()
    table.goto(f"{served.base_url}/t/{table_code}")
    (caller, _), (euchred, other) = _sides(table)
    table.click("text=Or hand by hand")
    hands = [(2, 0), (0, 1), (1, 0), (0, 2), (4, 0), (0, 2), (2, 0), (0, 2)]
    for number, (ours, theirs) in enumerate(hands, start=1):
        if ours:
            table.fill(f"#hand-{number}-0", str(ours))
        if theirs:
            table.fill(f"#hand-{number}-1", str(theirs))
    table.click("text=Lone hands made and times euchred")
    expect(table.locator("#euchre-note")).to_contain_text("both")
    table.fill(f"#march-{caller}", "1")
    table.fill(f"#euchre-{euchred}", "1")
    table.fill(f"#euchre-{other}", "1")
    table.fill(f"#points-{caller}", "17")  # a wrong own total: refused, nothing lost
    table.fill("#player-code", codes[caller])
    table.click("#score-submit")
    expect(table.locator("#form-error")).to_contain_text("own total of")
    expect(table.locator(f"#points-{caller}")).to_have_class("invalid")
    expect(table.locator("#hand-5-0")).to_have_value("4")
    expect(table.locator(f"#march-{caller}")).to_have_value("1")
    shots.take(table, "phone-wrong-own-total-kept-and-marked")
    table.fill(f"#points-{caller}", "")
    submission = submit_score(table)
    table.fill(f"#confirm-code-{submission}", codes[euchred])
    table.click(f"#confirm-{submission}")
    expect(table.locator("#official")).to_be_visible()
    expect(table.locator("#winner")).to_contain_text("won, 9–7")
    expect(table.locator("#score-form")).to_have_count(0)
    # One table: the round is complete, so the next seating is already known.
    expect(table.locator("#next-seats")).to_contain_text("Round 2")
    expect(table.locator("#next-seats li")).to_have_count(4)
    shots.take(table, "phone-saved-result")

    director.reload()
    before = director.locator("#standings-table").inner_text()
    director.fill("#correct-round", "1")
    director.fill("#correct-table", "1")
    director.click("#correct-open")
    expect(director.locator("#correction-form")).to_be_visible()
    expect(director.locator("#team0-points")).to_have_value("9")
    expect(director.locator("#hand-5-0")).to_have_value("4")
    expect(director.locator(f"#march-{caller}")).to_have_value("1")
    expect(director.locator(f"#euchre-{euchred}")).to_have_value("1")
    expect(director.locator(f"#points-{caller}")).to_have_value("10")
    shots.take(director, "correction-form-prefilled")
    # The director changes one hand (hand 8 went the other way) and nothing else.
    director.fill("#hand-8-0", "1")
    director.fill("#hand-8-1", "0")
    director.fill("#correct-reason", "hand 8 misread")
    director.click("#correct-submit")
    expect(director.locator("#flash")).to_contain_text("hand 8: 0-2 -> 1-0")
    expect(director.locator("#flash")).to_contain_text("the score: 9-7 -> 10-5")
    expect(director.locator("#flash")).not_to_contain_text("euchres")
    expect(director.locator("#flash")).not_to_contain_text("lone_marches")
    expect(director.locator(f"#euchre-{euchred}")).to_have_value("1")
    expect(director.locator(f"#march-{caller}")).to_have_value("1")
    expect(director.locator(f"#points-{caller}")).to_have_value("11")
    expect(director.locator("#table-history")).to_contain_text("hand 8 misread")
    shots.take(director, "correction-saved")
    director.goto(director.url.split("/rounds/")[0])
    after = director.locator("#standings-table").inner_text()
    assert before != after
    expect(director.locator("#side-pot")).to_contain_text("$0.50")  # both euchred partners
    rows = director.locator("#standings-table tr[data-testid^=standing-]").all()
    loners = {row.locator("td").nth(1).inner_text(): row.locator("td").nth(4).inner_text()
              for row in rows}  # fmt: skip
    assert sorted(loners.values()) == ["0", "0", "0", "1"]
    shots.take(director, "standings-after-correction")
    laptop.close()
    phones.close()
