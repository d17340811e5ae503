"""What a saved score and its history say to people (TestClient): a phone's result never
contradicts a lone hand typed hand by hand, and a correction's message and the audit page
name a result's parts in the score pages' words, never the stored field names."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient
from tests.store.factory import (
    add_singles,
    create_event,
    csrf_token,
    enter_and_confirm,
    start_first_round,
)

STORED_NAMES = ("team_points", "hand_points", "lone_hands", "lone_marches", "player_points",
                "first_to_tying_score", "euchres:")  # fmt: skip
"""The stored field names a person must never read."""


def _table(client: TestClient, profile_id: str) -> tuple[int, str, dict[int, str], list[list[int]]]:
    event_id = create_event(client, profile_id=profile_id, format="progressive", rounds=2)
    add_singles(client, event_id, 4)
    return (event_id, *start_first_round(client, event_id))


_score = enter_and_confirm


def _names(client: TestClient, event_id: int) -> dict[int, str]:
    players = client.get(f"/api/events/{event_id}/players").json()
    return {int(player["number"]): player["name"] for player in players}


def _text(page: str) -> str:
    """What a person reads: the page without its tags."""
    return re.sub(r"<[^>]*>", " ", page)


def _row(page: str, label: str) -> str | None:
    found = re.search(rf"<th>{re.escape(label)}</th><td>(.*?)</td>", page)
    return None if found is None else found.group(1)


def test_a_four_nothing_lone_hand_is_not_contradicted_by_none(client: TestClient) -> None:
    """Bolivar: hand 3 went 4-0, a lone hand of all five tricks (no other outcome scores 4).
    The phone's saved result says so ("hand 3 (Ann & Bob)"), not "Alone, all five tricks:
    none" (the form never asked who it was)."""
    event_id, code, codes, sides = _table(client, "bolivar")
    hands = [[1, 0], [0, 1], [4, 0], [0, 2], [1, 0], [0, 1], [2, 0], [0, 1]]
    _score(client, code, codes, sides, hand_points=hands)
    names = _names(client, event_id)
    team = " & ".join(names[number] for number in sides[0])
    page = html.unescape(client.get(f"/t/{code}").text)
    assert _row(page, "Alone, all five tricks") != "none"
    assert _row(page, "Alone, all five tricks") == f"hand 3 ({team})"


def test_totals_only_leave_the_unasked_lone_line_out(client: TestClient) -> None:
    """Bolivar, totals only: nobody was asked about lone hands of five tricks and the totals
    cannot say, so the line is not shown rather than "none"."""
    _, code, codes, sides = _table(client, "bolivar")
    _score(client, code, codes, sides, team_points=[10, 6])
    page = html.unescape(client.get(f"/t/{code}").text)
    assert "Alone, all five tricks" not in page
    assert _row(page, "Lone hands made") == "none"


def test_a_correction_and_the_audit_page_say_what_changed_in_words(client: TestClient) -> None:
    """The director corrects 9-7 to 10-7 and a euchre: the flash and the audit page say "the
    score: 9-7 -> 10-7" and "times euchred: none -> Ann 1, Bob 1", never ``team_points``."""
    event_id, code, codes, sides = _table(client, "bolivar")
    _score(client, code, codes, sides, team_points=[9, 7])
    url = f"/director/events/{event_id}/rounds/1/tables/1/result"
    page = html.unescape(client.get(url).text)
    token = csrf_token(page)
    first, second = sorted(sides[0])
    form = {"csrf_token": token, "reason": "paper sheet", "team0": "10", "team1": "7",
            f"euchre_{first}": "1", f"euchre_{second}": "1"}  # fmt: skip
    saved = client.post(url, data=form)
    assert saved.status_code in (200, 303), saved.text
    flash = html.unescape(client.get(url).text if saved.status_code == 303 else saved.text)
    names = _names(client, event_id)
    assert "the score: 9-7 -> 10-7" in flash
    assert f"times euchred: none -> {names[first]} 1, {names[second]} 1" in flash
    audit = html.unescape(client.get(f"/director/events/{event_id}/audit").text)
    assert "the score: 9-7 -> 10-7" in audit and "the score: 9-7" in audit
    for stored in STORED_NAMES:  # in what people read (not the form's own field names)
        assert stored not in _text(flash), stored
        assert stored not in _text(audit), stored
