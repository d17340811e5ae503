"""The question pile at a table, through the API, as sheet 002 says: the winning team "may"
ask (a skip is a choice), a question log everyone sees, answers that run no turn timer, and
the host's own question deck (issue 21, item 8)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from euchre.engine.questions import PILE_CARDS

from .helpers import bearer, human_tokens, open_table, sit_down, two_workers, view_of

DECK = "\n".join(f"{card}: Which {card} story do you tell?" for card in PILE_CARDS)


def _act(client: TestClient, table: str, token: str, action: str, seq: int) -> Any:
    return client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": action, "seq": seq},
        headers=bearer(token),
    )


def _play_until(
    client: TestClient, table: str, tokens: dict[int, str], phase: str, rng: random.Random
) -> dict[str, Any]:
    """Random card play (no question asked) until the table is in ``phase``."""
    for _ in range(400):
        view = view_of(client, table)
        if view["phase"] == phase:
            return view
        seat = view["to_act"]
        own = view_of(client, table, tokens[seat])
        if not own["legal"]:
            continue  # the table moved meanwhile (a timer)
        choices = [text for text in own["legal"] if not text.startswith("ask")]
        _act(client, table, tokens[seat], rng.choice(choices), own["seq"])
    raise AssertionError(f"the table never reached {phase}")


def _ask_a_question(
    client: TestClient, table: str, tokens: dict[int, str], rng: random.Random
) -> None:
    """Play on until a team that may ask a question asks one (within 20 chances)."""
    for _ in range(20):
        view = _play_until(client, table, tokens, "question_ask", rng)
        own = view_of(client, table, tokens[view["to_act"]])
        ask = next((text for text in own["legal"] if text.startswith("ask")), None)
        if ask and _act(client, table, tokens[view["to_act"]], ask, own["seq"]).status_code == 200:
            return
    raise AssertionError("no question was asked")


def _seated_questions_table(
    client: TestClient, seed: int
) -> tuple[str, dict[int, str], random.Random]:
    """A table of four people under the questions sheet, all seated: its id, the seats'
    tokens, and the random moves' generator (seeded as the deal)."""
    created = open_table(client, profile="questions", seats=["human"] * 4, seed=seed)
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    return table, tokens, random.Random(seed)


def test_questions_the_team_may_ask_or_skip_and_the_question_log_shows_both(
    client: TestClient,
) -> None:
    # Sheet 002: "the team may pick the card ... and ask"; "the team can ask".
    table, tokens, rng = _seated_questions_table(client, seed=21)
    view = _play_until(client, table, tokens, "question_ask", rng)
    asker = view["to_act"]
    own = view_of(client, table, tokens[asker])
    assert "skip" in own["legal"] and any(text.startswith("ask") for text in own["legal"])
    assert _act(client, table, tokens[asker], "skip", own["seq"]).status_code == 200
    skipper = asker
    skipped = view_of(client, table)
    assert skipped["phase"] == "play" and skipped["question"] is None

    view = _play_until(client, table, tokens, "question_ask", rng)
    asker = view["to_act"]
    own = view_of(client, table, tokens[asker])
    ask = next(text for text in own["legal"] if text.startswith("ask"))
    assert _act(client, table, tokens[asker], ask, own["seq"]).status_code == 200
    asking = view_of(client, table)
    asked = int(ask.split()[1])
    assert asking["phase"] == "question_answer" and asking["to_act"] == asked
    # Only the player asked answers; the asker may not answer for them.
    refused = _act(client, table, tokens[asker], "answered yes", asking["seq"])
    assert refused.status_code == 409
    typed = "Tokyo,   with my  sister"
    assert _act(client, table, tokens[asked], f"answered {typed}", asking["seq"]).status_code == 200

    for token in (None, *tokens.values()):
        log = view_of(client, table, token)["question_log"]
        assert len(log) == 2
        first, second = log
        assert first["skipped"] and first["asked"] is None and first["asker"] == skipper
        assert not second["skipped"] and second["asker"] == asker and second["asked"] == asked
        assert second["question"] == asking["question"]["question"]
        assert second["answer"] == "Tokyo, with my sister"
        assert first["hand"] == second["hand"] == asking["hand_number"]


def test_answering_a_question_runs_no_turn_timer_and_a_choice_left_too_long_is_a_skip(
    client: TestClient,
) -> None:
    created = open_table(client, profile="questions", seats=["human"] * 4, seed=23, timer_seconds=1)
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    rng = random.Random(23)
    view = _play_until(client, table, tokens, "question_ask", rng)
    assert view["turn_deadline"] is not None  # choosing to ask is a move: timed
    time.sleep(2.5)
    later = view_of(client, table)
    assert later["question_log"] and later["question_log"][-1]["skipped"]

    _ask_a_question(client, table, tokens, rng)
    answering = view_of(client, table)
    assert answering["phase"] == "question_answer" and answering["turn_deadline"] is None
    time.sleep(2.5)
    still = view_of(client, table)
    assert still["seq"] == answering["seq"] and still["phase"] == "question_answer"


def test_the_host_edits_the_tables_question_deck_and_nobody_else_may(
    client: TestClient,
) -> None:
    created = open_table(
        client, profile="questions", seats=["human", "random", "random", "random"], seed=25
    )
    table, tokens, host = created["table"], human_tokens(created), created["host_token"]
    shown = client.get(f"/api/play/tables/{table}/deck").json()
    assert shown["editable"] and "2C:" in shown["text"] and shown["number"] == -1

    url = f"/api/play/tables/{table}/deck"
    seat_token = client.put(url, json={"text": DECK}, headers=bearer(tokens[0]))
    assert seat_token.status_code == 403 and "host" in seat_token.json()["detail"]
    assert client.put(url, json={"text": DECK}).status_code == 403
    bad = client.put(url, json={"text": "2C: fine\nnonsense"}, headers=bearer(host))
    assert bad.status_code == 400 and "line 2" in bad.json()["detail"]
    saved = client.put(url, json={"text": DECK}, headers=bearer(host))
    assert saved.status_code == 200, saved.text
    assert saved.json()["text"] == DECK and saved.json()["number"] == 0

    sit_down(client, table, tokens)
    in_play = client.put(url, json={"text": DECK}, headers=bearer(host))
    assert in_play.status_code == 409 and "in play" in in_play.json()["detail"]
    assert not client.get(url).json()["editable"]
    # The saved deck's questions are the ones asked.
    for _ in range(2000):
        view = view_of(client, table, tokens[0])
        log = [entry for entry in view["question_log"] if entry["question"]]
        if log:
            assert log[0]["question"].startswith("Which ") and log[0]["question"].endswith(
                " story do you tell?"
            )
            break
        if view["legal"]:
            _act(
                client,
                table,
                tokens[0],
                random.Random(view["seq"]).choice(view["legal"]),
                view["seq"],
            )
        else:
            time.sleep(0.01)
    else:
        raise AssertionError("no question was asked with the saved deck")


def test_a_deck_saved_on_one_worker_is_played_by_another_whose_copy_was_older(
    tmp_path: Path,
) -> None:
    # Two services on one SQLite file stand in for two workers: the second holds a copy of
    # the table made before the host saved a deck on the first.
    one, two, table_id, host = two_workers(f"sqlite:///{tmp_path / 'play.db'}", "questions")
    two.view(table_id, None)  # the second worker's copy, without the deck
    one.set_deck(table_id, host_token=host, text=DECK)
    assert two.deck(table_id).text == DECK
    for seat in range(4):
        two.act(table_id, seat=seat, action="sit", seq=two.view(table_id, None)["seq"])
    assert one.view(table_id, None)["status"] == "playing"


def test_a_typed_answer_over_the_socket_and_one_too_long_refused_naming_the_limit(
    client: TestClient,
) -> None:
    table, tokens, rng = _seated_questions_table(client, seed=27)
    _ask_a_question(client, table, tokens, rng)
    asking = view_of(client, table)
    asked = asking["to_act"]
    with client.websocket_connect(f"/api/play/tables/{table}/ws") as socket:
        socket.send_json({"token": tokens[asked], "seq": asking["seq"]})
        assert socket.receive_json()["view"]["phase"] == "question_answer"
        long = "answered " + "a" * 56
        socket.send_json({"type": "action", "action": long, "seq": asking["seq"]})
        error = socket.receive_json()
        assert error["type"] == "error" and "at most 55 characters" in error["detail"]
        socket.send_json({"type": "action", "action": "answered Yes, Twice", "seq": asking["seq"]})
        while (message := socket.receive_json())["type"] != "view":
            pass
    assert message["view"]["question_log"][-1]["answer"] == "Yes, Twice"
