"""Sheet 004 (the tournament sheet's standard progressive game) run as a club night in
Chromium: the director's laptop, phones at 390 px, twelve players at three tables.

The sheet's words checked against what the app did: "In a standard progressive event ..., on
a lone call, the person making the call scores 5 points and his partner scores 4 points";
"Standard progressive game: Partnership set-up as above, but each player deals twice for a
total of 8 deals. The highest score at the end wins. Ties go to the first team to make the
tying score (i.e., last team to score loses)." Issue 9: each player's points come from the
hands (a typed own total is checked against them, the confirming opponent sees them);
a level game with only totals asks who tied first; the director's settings for prize ties
("split") and the euchred cup (a player taken out) are honoured.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.web.night import Night, submit_score, table_codes

pytestmark = [pytest.mark.browser, pytest.mark.shared_server]

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]
GAMES = 3
EXCLUDED = 3  # the director takes Cy out of the cup


def test_progressive_night_5_4_lone_points_ties_to_the_first_to_tie_and_director_settings(
    night: Night,
) -> None:
    _run(night)


def _run(night: Night) -> None:
    night.create_event(
        "Progressive Saturday",
        "tournament",
        **{
            "event-rounds": str(GAMES),
            "event-seed": "3",
            "event-prizes": "1: 30, 20, 10",
            "event-prize-ties": "split",
            "event-side-pot": "yes",
            "event-side-pot-qualification": "every_game",
            "event-side-pot-exclude": str(EXCLUDED),
        },
    )
    config = night.get(f"/api/events/{night.event_id}")["config"]
    assert config["format"] == "progressive" and config["prize_ties"] == "split"
    assert config["side_pot_exclude"] == [str(EXCLUDED)]
    csv = "name,checked_in\n" + "".join(f"{name},yes\n" for name in NAMES)
    night.import_players(csv, len(NAMES))

    partner_before: dict[str, str] = {}
    expected_points: dict[str, int] = {}
    for game in range(1, GAMES + 1):
        started = night.start_round()
        plan = started["plan"]
        assert len(plan["tables"]) == 3
        codes = table_codes(started)
        partner_now: dict[str, str] = {}
        for table in plan["tables"]:
            for side in table["partnerships"]:
                first, second = (str(p) for p in side)
                partner_now[first], partner_now[second] = second, first
        # Progressive: partners change every game.
        for player, partner in partner_now.items():
            assert partner_before.get(player) != partner, f"game {game}: same partner again"
        partner_before = partner_now
        for table in plan["tables"]:
            number = int(table["table"])
            sides = [[str(p) for p in side] for side in table["partnerships"]]
            if game == 1 and number == 1:
                _lone_march_on_the_phones(night, codes[number], sides)
                expected_points[sides[0][0]] = 10  # 9 for the team, +1: the caller's 5
                expected_points[sides[0][1]] = 9
            elif game == 1 and number == 2:
                _level_game(night, codes[number], sides)
            else:
                score = [(6, 2), (5, 3), (7, 2)][(game + number) % 3]
                night.report(codes[number], {"team_points": list(score)})
        night.close_round()
        if game == 1:
            rows = {row["competitor_id"]: row for row in night.snapshot()["standings"]}
            for player, points in expected_points.items():
                assert rows[player]["points"] == points, f"{NAMES[int(player) - 1]}'s points"

    snapshot = night.snapshot()
    assert snapshot["is_over"]
    # "The highest score at the end wins."
    top = max(row["points"] for row in snapshot["standings"])
    first_place = [a for a in snapshot["prizes"] if 1 in a["places"]]
    assert first_place and all(
        _points(snapshot, award["competitor_id"]) == top for award in first_place
    )
    # Prize ties "split": anyone level on points with another prize winner shares.
    for award in snapshot["prizes"]:
        level = [
            row
            for row in snapshot["standings"]
            if row["points"] == _points(snapshot, award["competitor_id"])
        ]
        assert (award["decided_by"] == "split") == (len(level) > 1)
    pot = snapshot["side_pot"]
    assert pot["not_qualified"] == {str(EXCLUDED): "excluded by the director"}
    assert str(EXCLUDED) not in pot["winners"]
    page = night.dashboard()
    expect(page.locator("#side-pot-left-out")).to_contain_text("Cy: excluded by the director")
    for item in page.locator("#prizes li").all():
        decided = str(item.get_attribute("data-decided-by"))
        expect(item).to_contain_text("shared" if decided == "split" else "on points")
    night.shot(page, "dashboard-final")


def _points(snapshot: dict[str, Any], competitor: str) -> int:
    return int(next(r["points"] for r in snapshot["standings"] if r["competitor_id"] == competitor))


def _lone_march_on_the_phones(night: Night, code: str, sides: list[list[str]]) -> None:
    """9-3 with one lone march by the first player: an own total of 17 is refused (naming the
    field); left blank, his 5 and his partner's 4 come from the hands; the opponent sees them."""
    codes = night.codes()
    caller, partner = (int(p) for p in sides[0])
    keeper = night.phone()
    keeper.goto(f"{night.served.base_url}/t/{code}")
    keeper.fill("#team0-points", "9")
    keeper.fill("#team1-points", "3")
    keeper.get_by_text("Lone hands made and times euchred").click()
    keeper.fill(f"#march-{caller}", "1")
    keeper.fill(f"#lone-{caller}", "1")
    keeper.fill(f"#points-{caller}", "17")
    keeper.fill("#player-code", codes[caller])
    keeper.click("#score-submit")
    expect(keeper.locator("#form-error")).to_be_visible()
    expect(keeper.locator(f"#points-{caller}")).to_have_class(re.compile("invalid"))
    # Everything typed is still there.
    expect(keeper.locator("#team0-points")).to_have_value("9")
    expect(keeper.locator(f"#march-{caller}")).to_have_value("1")
    night.shot(keeper, "phone-own-total-17-refused")
    keeper.fill(f"#points-{caller}", "")
    submission = submit_score(keeper, codes[caller])
    opponent = night.phone()
    opponent.goto(f"{night.served.base_url}/t/{code}")
    vouch = opponent.locator(f"#vouch-{submission}")
    expect(vouch).to_contain_text("Each player's points")
    names = night.names()
    expect(vouch).to_contain_text(re.compile(rf"{names[str(caller)]}\D*10"))
    expect(vouch).to_contain_text(re.compile(rf"{names[str(partner)]}\D*9"))
    night.shot(opponent, "phone-opponent-sees-5-4-points")
    opponent.fill(f"#confirm-code-{submission}", codes[int(sides[1][0])])
    opponent.click(f"#confirm-{submission}")
    expect(opponent.locator("#official")).to_be_visible()
    night.shot(opponent, "phone-lone-march-saved")


def _level_game(night: Night, code: str, sides: list[list[str]]) -> None:
    """5-5: the totals alone are refused (who tied first?); hand by hand the first team reached
    5 first and the second made the tying score last, so the second team loses."""
    codes = night.codes()
    keeper, opponent = int(sides[0][0]), int(sides[1][0])
    refused = night.api.post(
        f"/api/tables/{code}/submissions",
        json={"player_code": codes[keeper], "team_points": [5, 5]},
    )
    assert refused.status_code == 400, refused.text
    assert "first" in refused.json()["detail"]
    hands = [(1, 0), (1, 0), (2, 0), (0, 1), (0, 2), (1, 0), (0, 1), (0, 1)]
    night.report(code, {"hand_points": [list(hand) for hand in hands]})
    snapshot = night.snapshot()
    rows = {row["competitor_id"]: row for row in snapshot["standings"]}
    assert all(rows[p]["games_won"] == 1 for p in sides[0]), "the first to 5 wins the level game"
    assert all(rows[p]["games_won"] == 0 for p in sides[1]), "the last team to score loses"
    assert opponent  # the confirming opponent was sides[1][0] (see Night.report)
