"""A sixth club's sheet run as an evening in Chromium from its file alone (issue 23, item 2):
the director uploads ``tests/data/sheets/riverside.toml`` on the director's page (a laptop,
1280x800), creates the night by choosing the sheet (its five games, 25-minute bell and prizes
fill in), and a table's phones (390x844) enter and confirm a game to 10 under the club's own
tie rule. A bad file first: its problems are listed with their lines, and nothing changes.

The club's words checked: "Partners stay together for the evening and play every other team
once", "A team with the bye is credited 5 points", "Prize money is split 50/30/20 ... $60 with
two or three [tables]".
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from playwright.sync_api import expect
from tests.web.night import Night, table_codes

pytestmark = pytest.mark.browser

SHEET = Path(__file__).parent.parent / "data" / "sheets" / "riverside.toml"
TEAMS = [("Ada", "Ben"), ("Cora", "Dale"), ("Eve", "Finn"), ("Gail", "Hank"), ("Iris", "Jack")]


def test_riverside_evening_from_its_sheet_file_alone_partners_stay_bye_5_prizes_split(
    tmp_path: Path, night: Night
) -> None:
    night.page.set_viewport_size({"width": 1280, "height": 800})
    _run(night, tmp_path)


def _run(night: Night, tmp_path: Path) -> None:
    page = night.page
    base = night.served.base_url
    # A bad file: each problem with its line; nothing added.
    bad = tmp_path / "bad.toml"
    bad.write_text(SHEET.read_text().replace('format = "round_robin"', 'format = "swiss"'))
    page.goto(f"{base}/director")
    page.set_input_files("#sheet-file", str(bad))
    page.click("#sheet-submit")
    problem = page.locator("[data-testid=sheet-problem]")
    expect(problem).to_have_count(1)
    expect(problem).to_contain_text("event.format, line 25: 'swiss' is not allowed")
    night.shot(page, "bad-sheet-refused")
    page.goto(f"{base}/director")
    expect(page.locator("#sheet-list")).not_to_contain_text("Riverside")

    # The club's file: added, listed, and the form starts on it with its event filled in.
    page.set_input_files("#sheet-file", str(SHEET))
    page.click("#sheet-submit")
    expect(page.locator("#flash")).to_contain_text("added")
    expect(page.locator("#sheet-list")).to_contain_text("Riverside Legion Post 77")
    expect(page.locator("#event-profile")).to_have_value("riverside_legion")
    expect(page.locator("#event-rounds")).to_have_value("5")
    expect(page.locator("#event-round-minutes")).to_have_value("25")
    page.locator("#club-sheets").scroll_into_view_if_needed()
    night.shot(page, "sheet-added")

    night.create_event("Monday night", "riverside_legion", **{"event-seed": "3"})
    config = night.get(f"/api/events/{night.event_id}")["config"]
    assert (config["format"], config["rounds"], config["round_minutes"]) == ("round_robin", 5, 25)
    csv = "name,team,checked_in\n" + "".join(
        f"{one},Team {index},yes\n{two},Team {index},yes\n"
        for index, (one, two) in enumerate(TEAMS, start=1)
    )
    night.import_players(csv, 10)
    team_of = {
        str(row["number"]): row["team"]
        for row in night.get(f"/api/events/{night.event_id}/players")
    }
    met: list[frozenset[str]] = []
    for round_number in range(1, 6):
        started = night.start_round()
        tables = started["plan"]["tables"]
        assert len(tables) == 2 and len(started["plan"]["sitting_out"]) == 2
        for table in tables:
            sides = [[str(player) for player in side] for side in table["partnerships"]]
            # "Partners stay together for the evening."
            assert all(team_of[side[0]] == team_of[side[1]] for side in sides)
            met.append(frozenset(team_of[side[0]] for side in sides))
        codes = table_codes(started)
        for number, code in codes.items():
            if round_number == 1 and number == 1:
                phone = night.phone()
                phone.goto(f"{night.served.base_url}/t/{code}")
                expect(phone.locator("#tie-rule")).to_contain_text(
                    "A game level after 10 deals goes to the team that made the tying score first."
                )
                night.shot(phone, "phone-table-page")
                night.phone_report(code, (10, 7), shot="phone")
            else:
                night.report(code, {"team_points": [10, 4 + number]})
        night.close_round()
    # "play every other team once": five teams, ten match-ups, each once.
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in combinations(sorted(set(team_of.values())), 2)), key=sorted
    )
    snapshot = night.snapshot()
    assert snapshot["is_over"]
    assert sum(award["amount_cents"] for award in snapshot["prizes"]) == 6000
    dashboard = night.dashboard()
    night.shot(dashboard, "night-over")
