"""Every view a table builds keeps its typed contract (``TableView``), for each seat and the
spectators, in every phase a game goes through, over HTTP and as the sockets' JSON text; and
the API documents it."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient

from euchre.play.table import TableState, config_from_request
from euchre.play.view_model import TableView


def test_every_view_of_every_phase_keeps_the_typed_contract() -> None:
    config = config_from_request(
        profile="questions",
        profile_options={"game_target": 3},
        seats=["human", "human", "rules", "human"],
        seed=4,
        hints=True,
        timer_seconds=0,
        deck_text=None,
    )
    state = TableState.new("T", config)
    rng = random.Random(8)
    phases: set[str] = set()
    seats: set[int | None] = {None, 0, 1, 2, 3}
    for _ in range(3000):
        for text in state.view_texts(seats).values():
            view = TableView.model_validate(json.loads(text))
            phases.add(view.phase)
        for seat in seats - {None}:
            TableView.model_validate(state.view(seat))
        if state.rematch_offer is not None and state.game_number == 1:
            break
        movers = [seat for seat in range(4) if state.legal(seat)]
        if not movers:
            break
        seat = rng.choice(movers)
        legal = state.legal(seat)
        if state.status == "over" and state.rematch_offer is None and state.game_number == 0:
            state.apply(seat, "rematch swap")
        else:
            state.apply(seat, rng.choice(legal))
    assert {"waiting", "bid_round_1", "play", "question_ask", "question_answer", "over"} <= phases


def test_the_api_documents_a_seat_s_view_with_named_fields(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    answer = spec["paths"]["/api/play/tables/{table_id}"]["get"]["responses"]["200"]
    schema = answer["content"]["application/json"]["schema"]
    assert schema["$ref"].endswith("/TableView")
    fields = spec["components"]["schemas"]["TableView"]["properties"]
    assert {"seat", "legal", "hand", "seats", "rematch", "notices"} <= set(fields)
