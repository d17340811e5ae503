"""A hall's phones share one Wi-Fi address: one phone's wrong codes slow down that phone's
guessing only, never another phone's right code; the director sees a block and lifts it."""

from __future__ import annotations

from datetime import datetime

import pytest
from fastapi.testclient import TestClient

from euchre.store.access.ratelimit import ADDRESS_FREE_FAILURES, DEVICE_FREE_FAILURES
from euchre.store.models import utc_now
from tests.online.helpers import started_online_night


@pytest.fixture(autouse=True)
def still_clock(monkeypatch: pytest.MonkeyPatch) -> datetime:
    """The limiter's clock stands still: a block of a second or two does not run out between
    two requests on a loaded machine (what these tests check is who is blocked)."""
    moment = utc_now()
    monkeypatch.setattr("euchre.store.access.ratelimit.utc_now", lambda: moment)
    return moment


def _night_in_play(director: TestClient) -> tuple[int, dict[int, str]]:
    """An online Bolivar night of 8 players with round 1 started."""
    return started_online_night(director, 8, name="Hall night", rounds=2)


def _phone(director: TestClient) -> TestClient:
    """Another phone on the hall's Wi-Fi: the same address as every test client, its own
    cookies."""
    return TestClient(director.app, base_url="http://127.0.0.1")


def test_twenty_wrong_codes_from_one_phone_leave_right_codes_working_on_that_address(
    director: TestClient,
) -> None:
    event_id, codes = _night_in_play(director)
    finder = f"/api/events/{event_id}/online/seat"
    mistyping, neighbour = _phone(director), _phone(director)
    wrong = [mistyping.post(finder, json={"code": f"WRONG{n:02d}"}) for n in range(20)]
    assert [answer.status_code for answer in wrong] == [404] * 20
    # The phone beside it, on the same address, finds its seat at once.
    found = neighbour.post(finder, json={"code": codes[2]})
    assert found.status_code == 200, found.text
    assert found.json()["state"] == "online"
    # And the mistyping player, typing his own code at last, is let in too.
    mine = mistyping.post(finder, json={"code": codes[1]})
    assert mine.status_code == 200, mine.text
    between = mistyping.post(f"/api/events/{event_id}/online/between", json={"code": codes[1]})
    assert between.status_code == 200, between.text


def test_a_guessing_phone_is_slowed_down_alone_and_the_director_lifts_its_block(
    director: TestClient,
) -> None:
    event_id, codes = _night_in_play(director)
    finder = f"/api/events/{event_id}/online/seat"
    guesser, neighbour = _phone(director), _phone(director)
    # Its first wrong code counts for the address (it has no device yet), the rest for it.
    for n in range(DEVICE_FREE_FAILURES + 2):
        guesser.post(finder, json={"code": f"GUESS{n:03d}"})
    refused = guesser.post(finder, json={"code": codes[1]})
    assert refused.status_code == 429
    assert "too many wrong codes from this device" in refused.json()["detail"]
    assert neighbour.post(finder, json={"code": codes[3]}).status_code == 200
    # The director sees that one device refused, and lifts the block.
    listed = director.get("/api/code-blocks").json()["blocks"]
    blocked = [block for block in listed if block["wait_seconds"] > 0]
    assert len(blocked) == 1 and blocked[0]["failures"] == DEVICE_FREE_FAILURES + 1
    assert "phone or browser" in blocked[0]["who"]
    page = director.get(f"/director/events/{event_id}/online").text
    assert "Wrong codes" in page and "Lift" in page
    lifted = director.post("/api/code-blocks/lift", json={"key": blocked[0]["key"]})
    assert lifted.status_code == 200 and lifted.json()["lifted"] is True
    assert guesser.post(finder, json={"code": codes[1]}).status_code == 200


def test_the_live_pages_lift_button_lets_a_blocked_phone_in_again(director: TestClient) -> None:
    event_id, codes = _night_in_play(director)
    finder = f"/api/events/{event_id}/online/seat"
    guesser = _phone(director)
    for n in range(DEVICE_FREE_FAILURES + 2):
        guesser.post(finder, json={"code": f"GUESS{n:03d}"})
    assert guesser.post(finder, json={"code": codes[1]}).status_code == 429
    page = director.get(f"/director/events/{event_id}/online").text
    key = next(line for line in page.splitlines() if 'data-block="guess:device:' in line)
    key = key.split('data-block="', 1)[1].split('"', 1)[0]
    back = f"/director/events/{event_id}/online"
    answer = director.post(
        "/director/code-blocks/lift",
        data={"csrf_token": director.headers["X-CSRF-Token"], "key": key, "back": back},
        follow_redirects=False,
    )
    assert answer.status_code == 303 and answer.headers["location"].startswith(back)
    assert "Block lifted" in director.get(answer.headers["location"]).text
    assert guesser.post(finder, json={"code": codes[1]}).status_code == 200


def test_a_script_that_drops_its_cookie_counts_as_its_address_and_spares_the_hall(
    director: TestClient,
) -> None:
    event_id, codes = _night_in_play(director)
    finder = f"/api/events/{event_id}/online/seat"
    seated = _phone(director)
    assert seated.post(finder, json={"code": codes[1]}).status_code == 200  # has its cookie
    script = _phone(director)
    answers = []
    for n in range(ADDRESS_FREE_FAILURES + 2):
        script.cookies.clear()
        answers.append(script.post(finder, json={"code": f"SCRIPT{n:03d}"}).status_code)
    assert answers == [404] * (ADDRESS_FREE_FAILURES + 1) + [429]
    script.cookies.clear()
    assert script.post(finder, json={"code": codes[2]}).status_code == 429
    assert script.cookies.get("euchre_device") is None  # a blocked address gets no new device
    # The phones that already had their cookies go on as before.
    assert seated.post(finder, json={"code": codes[1]}).status_code == 200


def test_a_script_with_its_own_right_code_cannot_mint_devices_past_the_halls_allowance(
    director: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("euchre.web.common.devices.NEW_DEVICES_PER_ADDRESS", 3)
    event_id, codes = _night_in_play(director)
    finder = f"/api/events/{event_id}/online/seat"
    script = _phone(director)
    minted = []
    for _ in range(6):
        script.cookies.clear()
        assert script.post(finder, json={"code": codes[1]}).status_code == 200
        minted.append(script.cookies.get("euchre_device") is not None)
    assert minted == [True, True, True, False, False, False]


def test_an_online_nights_player_codes_are_twelve_digits_and_may_be_typed_in_groups(
    director: TestClient,
) -> None:
    event_id, codes = _night_in_play(director)
    assert all(len(code) == 12 and code.isdigit() for code in codes.values())
    grouped = f"{codes[1][:4]} {codes[1][4:8]}-{codes[1][8:]}"
    found = _phone(director).post(f"/api/events/{event_id}/online/seat", json={"code": grouped})
    assert found.status_code == 200, found.text
    assert found.json()["player"] == 1


def test_a_guesser_that_keeps_on_stays_slow_and_a_quiet_quarter_hour_forgets(
    director: TestClient,
) -> None:
    from datetime import timedelta

    from euchre.store.access.ratelimit import MAX_BLOCK, WINDOW, record_failure

    store = director.app.state.database  # type: ignore[attr-defined]
    start = utc_now()
    with store.write() as session:
        moment, block = start, 0
        for _ in range(40):  # each guess as soon as its block allows
            block = record_failure(session, key="guess:device:test", now=moment, free=20)
            moment += timedelta(seconds=max(block, 1))
        assert block == MAX_BLOCK.total_seconds()  # still one guess per five minutes
        later = moment + WINDOW + timedelta(seconds=1)
        assert record_failure(session, key="guess:device:test", now=later, free=20) == 0
