"""A "$1 bump cup per euchre, $2 on a loner" night in Chromium: the director sets both stakes
on his event form (laptop), the table's phone (390 px) types how often each player was
euchred and how often on his own side's lone hand, an opponent confirms on his own phone, and
the dashboard's cup says what each euchre put in.

Screenshots are kept under ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.served import EuchreServer
from tests.web.night import Night

pytestmark = pytest.mark.browser


def test_a_dollar_per_euchre_and_two_on_a_loner_typed_on_the_phone(
    served: EuchreServer, night: Night
) -> None:
    night.create_event(
        "Bump cup night",
        "tournament",
        **{
            "event-format": "progressive",
            "event-rounds": "2",
            "event-side-pot": "yes",
            "event-side-pot-cents": "100",
            "event-side-pot-lone-cents": "200",
            "event-side-pot-qualification": "everyone",
            "event-side-pot-fallback": "fewest_points_of_all",
        },
    )
    config = night.get(f"/api/events/{night.event_id}")["config"]
    assert config["side_pot_lone_cents"] == 200
    assert config["side_pot_fallback"] == "fewest_points_of_all"
    night.import_players("name,checked_in\nAnn,yes\nBob,yes\nCy,yes\nDi,yes\n", 4)
    started = night.start_round()
    (table,) = started["plan"]["tables"]
    euchred, partner = (int(player) for player in table["partnerships"][0])

    phone = night.phone()
    code = night.get(f"/api/events/{night.event_id}/rounds/1")["tables"][0]["code"]
    phone.goto(f"{served.base_url}/t/{code}")
    phone.fill("#team0-points", "5")
    phone.fill("#team1-points", "7")
    phone.click("text=Lone hands made and times euchred")
    expect(phone.locator("#lone-euchre-note")).to_contain_text("$2.00 each")
    box = phone.locator(f"#loneeuchre-{euchred}")
    expect(box).to_be_visible()
    # The boxes fit the phone's width: nothing to scroll sideways to.
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    # Side 0 euchred twice, once when it went alone: both partners count both.
    phone.fill(f"#euchre-{euchred}", "2")
    phone.fill(f"#euchre-{partner}", "2")
    phone.fill(f"#loneeuchre-{euchred}", "3")  # a slip: more than his times euchred
    phone.fill(f"#loneeuchre-{partner}", "1")
    phone.fill("#player-code", night.codes()[euchred])
    phone.click("#score-submit")
    expect(phone.locator("#form-error")).to_contain_text(
        "is 3, more than his times euchred (2): a euchred lone hand is one of his euchres"
    )
    expect(phone.locator(f"#loneeuchre-{euchred}")).to_have_class(re.compile("invalid"))
    expect(phone.locator(f"#euchre-{partner}")).to_have_value("2")
    night.shot(phone, "phone-lone-euchres-refused-kept")
    phone.fill(f"#loneeuchre-{euchred}", "1")
    phone.click("#score-submit")
    item = phone.locator("li[data-testid^=submission-]").first
    expect(item).to_have_attribute("data-status", "pending")
    expect(item).to_contain_text("Times euchred on a lone hand")
    night.shot(phone, "phone-entered")
    submission = str(item.get_attribute("data-testid")).split("-")[1]

    opponent = night.phone()
    opponent.goto(f"{served.base_url}/t/{code}")
    opponent.fill(f"#confirm-code-{submission}", night.codes()[int(table["partnerships"][1][0])])
    opponent.click(f"#confirm-{submission}")
    expect(opponent.locator("#official")).to_contain_text("Times euchred on a lone hand")
    night.shot(opponent, "phone-confirmed")

    pot = night.snapshot()["side_pot"]
    assert pot["total_cents"] == 2 * 100 + 2 * 200
    page = night.dashboard()
    expect(page.locator("#side-pot")).to_contain_text("Euchred cup: $6.00")
    expect(page.locator("#side-pot-basis")).to_contain_text(
        "2 × $1.00 (a player euchred); 2 × $2.00 (euchred on a lone hand)"
    )
    night.shot(page, "dashboard-cup")
