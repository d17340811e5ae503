"""The play API as the issue states it: open a table, views with and without a token, moves,
and every refusal (illegal 409 naming the legal ones, stale 409, missing/wrong token 403)."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient

from euchre.cli.engine_cmds import replay_record_json
from euchre.engine.profile import BUILTIN_PROFILES, load_profile

from .helpers import CARD, bearer, human_tokens, open_table, play_randomly, sit_down, view_of


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_whole_game_per_profile_through_the_api_and_its_records_replay_to_the_same_scores(
    client: TestClient, profile: str
) -> None:
    created = open_table(
        client, profile=profile, seats=["human", "random", "human", "rules"], seed=11
    )
    table = created["table"]
    assert [seat["kind"] for seat in created["seats"]] == ["human", "random", "human", "rules"]
    tokens = human_tokens(created)
    assert set(tokens) == {0, 2} and all(len(token) >= 32 for token in tokens.values())
    final = play_randomly(client, table, tokens, random.Random(3))
    assert final["status"] == "over" and final["hand"] == [] and final["legal"] == []
    rules = load_profile(profile)
    if rules.game_target:
        assert max(final["scores"]) >= rules.game_target
    else:
        assert final["counted_hands"] == rules.game_hands
    lines = client.get(f"/api/play/tables/{table}/records.jsonl")
    assert lines.status_code == 200
    records = [json.loads(line) for line in lines.text.splitlines()]
    assert len(records) == final["hands_played"]
    totals = [0, 0]
    for record in records:
        result = replay_record_json(record)
        totals[0] += result["team_points"][0]
        totals[1] += result["team_points"][1]
    assert totals == final["scores"]


def test_records_jsonl_replays_with_the_euchre_replay_command(client: TestClient) -> None:
    from typer.testing import CliRunner

    from euchre.cli.main import app as cli

    created = open_table(client, profile="valpo", seats=["human", "random", "random", "random"])
    play_randomly(client, created["table"], human_tokens(created), random.Random(1))
    text = client.get(f"/api/play/tables/{created['table']}/records.jsonl").text
    outcome = CliRunner().invoke(cli, ["replay", "-", "--json"], input=text)
    assert outcome.exit_code == 0, outcome.output
    assert len([line for line in outcome.output.splitlines() if line.strip()]) == len(
        text.splitlines()
    )


def _my_turn(client: TestClient, table: str, tokens: dict[int, str]) -> tuple[int, dict]:  # type: ignore[type-arg]
    for _ in range(2000):
        for seat, token in tokens.items():
            view = view_of(client, table, token)
            if view["legal"]:
                return seat, view
    raise AssertionError("no human turn came")


def test_an_illegal_action_is_refused_409_naming_the_legal_ones(client: TestClient) -> None:
    created = open_table(client, seats=["human"] * 4, seed=4)
    table, tokens = created["table"], human_tokens(created)
    for seat, token in tokens.items():
        sat = client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": "sit", "seq": seat},
            headers=bearer(token),
        )
        assert sat.status_code == 200, sat.text
    seat, view = _my_turn(client, table, tokens)
    answer = client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": "call H alone", "seq": view["seq"]}
        if "call H alone" not in view["legal"]
        else {"action": "play 9C", "seq": view["seq"]},
        headers=bearer(tokens[seat]),
    )
    assert answer.status_code == 409
    detail = answer.json()["detail"]
    assert "legal: " + ", ".join(view["legal"]) in detail
    after = view_of(client, table, tokens[seat])
    assert after["seq"] == view["seq"]  # nothing changed


def test_a_stale_seq_is_refused_409(client: TestClient) -> None:
    created = open_table(client, seats=["human", "rules", "rules", "rules"], seed=5)
    table, token = created["table"], human_tokens(created)[0]
    first = client.post(
        f"/api/play/tables/{table}/actions", json={"action": "sit", "seq": 0}, headers=bearer(token)
    )
    assert first.status_code == 200
    _, view = _my_turn(client, table, {0: token})  # the computer players bid before South
    move = {"action": view["legal"][0], "seq": view["seq"] - 1}
    again = client.post(f"/api/play/tables/{table}/actions", json=move, headers=bearer(token))
    assert again.status_code == 409
    assert f"stale seq {view['seq'] - 1}" in again.json()["detail"]
    assert view_of(client, table, token)["seq"] == view["seq"]  # nothing changed


def test_two_phones_that_sit_at_the_same_moment_both_sit(client: TestClient) -> None:
    """Both sent ``sit`` for the seq they saw (0): the second is not refused as stale, since
    sitting down acts on the sender's own empty seat only. A second ``sit`` from a seated
    player is still refused, as illegal."""
    created = open_table(client, seats=["human", "human", "rules", "rules"], seed=5)
    table, tokens = created["table"], human_tokens(created)
    for seat in (0, 1):
        sat = client.post(
            f"/api/play/tables/{table}/actions",
            json={"action": "sit", "seq": 0},
            headers=bearer(tokens[seat]),
        )
        assert sat.status_code == 200, sat.text
    assert view_of(client, table, tokens[1])["status"] != "waiting"
    twice = client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": "sit", "seq": 0},
        headers=bearer(tokens[0]),
    )
    assert twice.status_code == 409 and "stale" not in twice.json()["detail"]
    future = client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": "sit", "seq": 999},
        headers=bearer(tokens[0]),
    )
    assert future.status_code == 409 and "stale seq 999" in future.json()["detail"]


def test_a_missing_or_wrong_token_is_refused_403(client: TestClient) -> None:
    created = open_table(client, seats=["human", "human", "rules", "rules"], seed=6)
    table = created["table"]
    body = {"action": "sit", "seq": 0}
    assert client.post(f"/api/play/tables/{table}/actions", json=body).status_code == 403
    wrong = client.post(f"/api/play/tables/{table}/actions", json=body, headers=bearer("x" * 32))
    assert wrong.status_code == 403 and "not valid" in wrong.json()["detail"]
    assert client.get(f"/api/play/tables/{table}", headers=bearer("nope")).status_code == 403
    # Seat 1's token opens seat 1, never seat 0.
    tokens = human_tokens(created)
    assert view_of(client, table, tokens[1])["seat"] == 1


def test_a_move_out_of_turn_is_refused_without_naming_anyone_elses_cards(
    client: TestClient,
) -> None:
    created = open_table(client, seats=["human"] * 4, seed=8)
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    seat, view = _my_turn(client, table, tokens)
    other = (seat + 1) % 4
    mine = set(view_of(client, table, tokens[other])["hand"])
    answer = client.post(
        f"/api/play/tables/{table}/actions",
        json={"action": "pass", "seq": view["seq"]},
        headers=bearer(tokens[other]),
    )
    assert answer.status_code == 409
    assert not set(CARD.findall(answer.json()["detail"])) - mine


def test_spectators_see_public_information_only(client: TestClient) -> None:
    created = open_table(client, seats=["human", "rules", "rules", "rules"], seed=9)
    table, token = created["table"], human_tokens(created)[0]
    client.post(
        f"/api/play/tables/{table}/actions", json={"action": "sit", "seq": 0}, headers=bearer(token)
    )
    seat_view = view_of(client, table, token)
    public = view_of(client, table)
    assert public["seat"] is None and public["hand"] == [] and public["legal"] == []
    assert len(seat_view["hand"]) >= 5
    assert not set(seat_view["hand"]) & set(CARD.findall(json.dumps(public))) - {
        public["up_card"],
        *(play["card"] for play in public["trick"]),
    }


def test_bad_table_requests_get_clear_errors(client: TestClient) -> None:
    bad_kind = client.post(
        "/api/play/tables", json={"seats": ["human", "wizard", "rules", "rules"]}
    )
    assert bad_kind.status_code == 400 and "wizard" in bad_kind.json()["detail"]
    no_human = client.post("/api/play/tables", json={"seats": ["rules"] * 4})
    assert no_human.status_code == 400 and "human" in no_human.json()["detail"]
    bad_profile = client.post("/api/play/tables", json={"profile": "../etc/passwd"})
    assert bad_profile.status_code == 400
    bad_option = client.post("/api/play/tables", json={"profile_options": {"game_targt": 5}})
    assert bad_option.status_code == 400 and "game_target" in bad_option.json()["detail"]
    bad_deck = client.post(
        "/api/play/tables", json={"profile": "questions", "question_deck": "2C: only one"}
    )
    assert bad_deck.status_code == 400 and "no question for pile card" in bad_deck.json()["detail"]
    assert client.get("/api/play/tables/NOPE").status_code == 404


def test_a_user_profile_and_its_own_question_deck(client: TestClient) -> None:
    deck = "\n".join(
        f"{rank}{suit}: Question {rank}{suit}?" for suit in "CDHS" for rank in "2345678"
    )
    created = open_table(
        client,
        profile="questions",
        seats=["human", "random", "random", "random"],
        profile_toml='id = "short"\nextends = "questions"\n[options]\ngame_target = 3\n',
        question_deck=deck,
        seed=2,
    )
    final = play_randomly(client, created["table"], human_tokens(created), random.Random(2))
    assert max(final["scores"]) >= 3 and final["profile"]["game_target"] == 3
    record = client.get(f"/api/play/tables/{created['table']}/records.jsonl").text.splitlines()[0]
    assert json.loads(record)["profile_options"] == {"game_target": 3}


def test_table_creation_is_rate_limited(client: TestClient) -> None:
    client.app.state.play_service.create_per_minute = 2  # type: ignore[attr-defined]
    assert client.post("/api/play/tables", json={}).status_code == 201
    assert client.post("/api/play/tables", json={}).status_code == 201
    third = client.post("/api/play/tables", json={})
    assert third.status_code == 429 and "Retry-After" in third.headers


def test_a_short_code_gives_its_seat_a_fresh_token(client: TestClient) -> None:
    created = open_table(client, seats=["human", "human", "rules", "rules"])
    table, code, old = created["table"], created["seats"][1]["code"], created["seats"][1]["token"]
    joined = client.post("/api/play/join", json={"code": code.lower()})
    assert joined.status_code == 200, joined.text
    assert joined.json()["table"] == table and joined.json()["seat"] == 1
    assert view_of(client, table, joined.json()["token"])["seat"] == 1
    assert client.get(f"/api/play/tables/{table}", headers=bearer(old)).status_code == 403
    assert client.post("/api/play/join", json={"code": "ZZZZZZZZ"}).status_code == 404


def test_a_human_replaces_a_computer_player_between_hands_and_a_computer_replaces_a_human(
    client: TestClient,
) -> None:
    created = open_table(client, seats=["human", "rules", "human", "rules"], seed=3)
    table, tokens, host = created["table"], human_tokens(created), created["host_token"]
    sit_down(client, table, tokens, (0, 2))
    left = client.post(
        f"/api/play/tables/{table}/seats/2", json={"kind": "pimc"}, headers=bearer(host)
    )
    assert left.status_code == 200 and left.json()["token"] is None
    assert view_of(client, table)["seats"][2]["kind"] == "pimc"
    assert client.get(f"/api/play/tables/{table}", headers=bearer(tokens[2])).status_code == 403
    invited = client.post(
        f"/api/play/tables/{table}/seats/1", json={"kind": "human"}, headers=bearer(host)
    )
    assert invited.status_code == 200 and invited.json()["token"]
    seats = view_of(client, table)["seats"]
    assert seats[1]["kind"] == "rules" and seats[1]["next_kind"] == "human"
    wrong = client.post(
        f"/api/play/tables/{table}/seats/3", json={"kind": "wizard"}, headers=bearer(host)
    )
    assert wrong.status_code == 400 and "wizard" in wrong.json()["detail"]


def test_a_hint_names_the_computers_choice_and_why(client: TestClient) -> None:
    created = open_table(client, seats=["human"] * 4, seed=12)
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    seat, view = _my_turn(client, table, tokens)
    assert view["phase"] == "bid_round_1"
    hint = client.get(f"/api/play/tables/{table}/hint", headers=bearer(tokens[seat]))
    assert hint.status_code == 200 and hint.json()["action"] in view["legal"]
    assert hint.json()["hint"].endswith(".") and "pimc" not in hint.json()["hint"]
    other = (seat + 1) % 4
    refused = client.get(f"/api/play/tables/{table}/hint", headers=bearer(tokens[other]))
    assert refused.status_code == 409
    off = open_table(client, seats=["human", "rules", "rules", "rules"], hints=False)
    answer = client.get(
        f"/api/play/tables/{off['table']}/hint", headers=bearer(off["seats"][0]["token"])
    )
    assert answer.status_code == 409 and "hints are off" in answer.json()["detail"]


def test_turn_timer_runs_out_and_the_server_moves_for_the_absent_player(
    client: TestClient,
) -> None:
    import time

    created = open_table(
        client, seats=["human", "human", "human", "human"], timer_seconds=1, seed=13
    )
    table, tokens = created["table"], human_tokens(created)
    sit_down(client, table, tokens)
    view = view_of(client, table)
    assert view["turn_deadline"] is not None and view["seq"] == 4
    time.sleep(2.5)
    later = view_of(client, table)
    assert later["seq"] > 4
    events = client.get(f"/api/play/tables/{table}/events", params={"since": 4}).json()["events"]
    assert events[0]["seat"] == view["to_act"]


def test_after_a_restart_computer_players_owed_a_move_make_it_by_themselves(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time
    from pathlib import Path

    from euchre.web.app import create_app

    url = f"sqlite:///{Path(str(tmp_path)) / 'restart.db'}"
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "3600")  # the first server never moves them
    with TestClient(create_app(url)) as first:
        created = open_table(first, seats=["human", "rules", "rules", "rules"], seed=1)
        table, token = created["table"], human_tokens(created)[0]
        first.post(
            f"/api/play/tables/{table}/actions",
            json={"action": "sit", "seq": 0},
            headers=bearer(token),
        )
        owed = view_of(first, table)
        assert owed["seats"][owed["to_act"]]["kind"] == "rules" and owed["seq"] == 1
    monkeypatch.setenv("EUCHRE_PLAY_BOT_DELAY", "0")
    with TestClient(create_app(url)) as second:
        deadline = time.monotonic() + 20
        while view_of(second, table)["seq"] == 1:  # a spectator's read kicks nothing
            assert time.monotonic() < deadline, "the computer players did not resume"
            time.sleep(0.05)
