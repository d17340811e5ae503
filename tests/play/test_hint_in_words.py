"""The play page's hint says a move in a player's words (issue 25, item 5), not the
search's numbers ("+0.42 points avg over 24 deals")."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .helpers import bearer, human_tokens, open_table, sit_down, view_of

OPENINGS = ("pass:", "order it up", "order your partner up", "pick it up", "turn it down")


def test_the_play_pages_hint_explains_the_bid_in_a_players_words(client: TestClient) -> None:
    created = open_table(client, seats=["human"] * 4, seed=12)
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    turn = next(
        (seat for seat, token in tokens.items() if view_of(client, table, token)["legal"]), None
    )
    assert turn is not None
    hint = client.get(f"/api/play/tables/{table}/hint", headers=bearer(tokens[turn]))
    assert hint.status_code == 200
    text = hint.json()["hint"]
    assert hint.json()["action"] in view_of(client, table, tokens[turn])["legal"]
    assert "pimc" not in text and text.endswith("."), text
    why = text[:1].lower() + text[1:]
    assert why.startswith(OPENINGS), why
    assert "avg" not in why and not re.search(r"[+-]\d\.\d\d", why), why
