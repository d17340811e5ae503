"""The play pages without a browser: the new-table form (with a question deck file), the
invite page shown once, joining by code, and clear errors on the page itself."""

from __future__ import annotations

import json
import random
import re

from fastapi.testclient import TestClient

from euchre.engine.profile import BUILTIN_PROFILES

from .helpers import human_tokens, open_table, play_randomly

DECK = "\n".join(f"{rank}{suit}: Question {rank}{suit}?" for suit in "CDHS" for rank in "2345678")


def test_the_form_lists_every_profile_and_every_kind_of_player(client: TestClient) -> None:
    page = client.get("/play")
    assert page.status_code == 200
    for profile in BUILTIN_PROFILES:
        assert f'value="{profile}"' in page.text
    for kind in ("human", "random", "rules", "pimc"):
        assert f'<option value="{kind}"' in page.text


def test_opening_a_table_with_an_uploaded_deck_shows_each_human_seat_its_link_code_and_qr(
    client: TestClient,
) -> None:
    page = client.post(
        "/play",
        data={
            "profile": "questions",
            "seat0": "human",
            "seat1": "rules",
            "seat2": "human",
            "seat3": "random",
            "seed": "4",
            "hints": "on",
            "timer_seconds": "0",
        },
        files={"deck": ("party.txt", DECK.encode(), "text/plain")},
    )
    assert page.status_code == 201, page.text
    links = re.findall(r'href="([^"]+#seat=(\d)&amp;token=[^"]+)"', page.text)
    assert [seat for _, seat in links] == ["0", "2"]
    assert page.text.count('class="qr"') == 2
    codes = re.findall(r'class="seat-code" id="seat-code-\d">([A-Z0-9]{8})<', page.text)
    assert len(codes) == 2
    joined = client.post("/play/join", data={"code": codes[1]}, follow_redirects=False)
    assert joined.status_code == 303 and "#seat=2&token=" in joined.headers["location"]


def test_a_bad_deck_or_seed_is_named_on_the_form_page(client: TestClient) -> None:
    bad_deck = client.post(
        "/play",
        data={"profile": "questions"},
        files={"deck": ("party.txt", b"2C: only one question", "text/plain")},
    )
    assert bad_deck.status_code == 400 and "no question for pile card" in bad_deck.text
    assert 'id="new-table"' in bad_deck.text  # the form is there to try again
    bad_seed = client.post("/play", data={"seed": "seven"})
    assert bad_seed.status_code == 400 and "seed" in bad_seed.text
    wrong_code = client.post("/play/join", data={"code": "ZZZZZZZZ"})
    assert wrong_code.status_code == 404 and "ZZZZZZZZ" in wrong_code.text


def test_the_table_page_is_served_with_its_status_and_an_unknown_table_is_404(
    client: TestClient,
) -> None:
    created = client.post("/api/play/tables", json={"seed": 1}).json()
    page = client.get(f"/play/{created['table']}")
    assert page.status_code == 200
    assert 'id="play-status" data-status="waiting"' in page.text
    assert "/static/play.js" in page.text and "token" not in page.text.lower().split("<main>")[1]
    assert client.get("/play/NOSUCHTABLE").status_code == 404
    assert client.get("/static/play.js").status_code == 200


def test_a_wrong_join_code_is_told_in_a_sentence_that_keeps_the_code(client: TestClient) -> None:
    page = client.post("/play/join", data={"code": "ZZZZ2222"})
    assert page.status_code == 404
    assert "No seat has the code ZZZZ2222; check it with the host." in page.text


def test_the_replay_page_holds_every_finished_hand_of_the_game_with_its_tricks_and_score(
    client: TestClient,
) -> None:
    created = open_table(client, profile="bolivar", seats=["human", "rules", "rules", "rules"])
    table = created["table"]
    assert "No hand of this table is over yet." in client.get(f"/play/{table}/replay").text
    final = play_randomly(client, table, human_tokens(created), random.Random(5), timeout=600)
    page = client.get(f"/play/{table}/replay")
    assert page.status_code == 200
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page.text)
    assert found is not None
    (game,) = json.loads(found.group(1))
    assert len(game["hands"]) == final["hands_played"]
    assert game["scores"] == final["scores"]
    jsonl = client.get(f"/api/play/tables/{table}/records.jsonl").text
    records = [json.loads(line) for line in jsonl.splitlines()]
    for hand, record in zip(game["hands"], records, strict=True):
        assert [sorted(cards) for cards in hand["hands"]] == [sorted(h) for h in record["hands"]]
        assert [trick["winner"] for trick in hand["plays"]] == hand["tricks"]
        played = [play["card"] for trick in hand["plays"] for play in trick["cards"]]
        assert played == [a.split()[1] for a in record["actions"] if a.startswith("play")]
