"""Every JSON answer of the API is described: a client reads named properties from
``/openapi.json``, never a bare object. Downloads (``.csv``, ``.pdf``, ``.json`` files) say
their own media type."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from euchre.web.app import create_app


def _named(schema: dict[str, Any], components: dict[str, Any]) -> bool:
    """Whether ``schema`` has named properties (through references, unions and arrays)."""
    if "$ref" in schema:
        return _named(components[schema["$ref"].rsplit("/", 1)[-1]], components)
    if schema.get("properties"):
        return True
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            return all(
                part.get("type") == "null" or _named(part, components) for part in schema[key]
            )
    if schema.get("type") == "array" and "items" in schema:
        return _named(schema["items"], components)
    return False


def _bare_json_answers(spec: dict[str, Any]) -> set[str]:
    components = spec.get("components", {}).get("schemas", {})
    bare = set()
    for path, operations in spec["paths"].items():
        if path.endswith((".csv", ".pdf", ".json")):
            continue  # a file to save: its own media type, checked below
        for method, operation in operations.items():
            for status, answer in operation.get("responses", {}).items():
                json_answer = answer.get("content", {}).get("application/json")
                if (
                    status.startswith("2")
                    and json_answer is not None
                    and not _named(json_answer.get("schema", {}), components)
                ):
                    bare.add(f"{method.upper()} {path}")
    return bare


def test_every_json_answer_has_named_properties(tmp_path: Path) -> None:
    spec = create_app(f"sqlite:///{tmp_path / 'api.db'}").openapi()
    assert _bare_json_answers(spec) == set(), "a route answers a bare object: give it a model"


def test_downloads_say_their_file_type(tmp_path: Path) -> None:
    spec = create_app(f"sqlite:///{tmp_path / 'api.db'}").openapi()
    types = {
        path: next(iter(spec["paths"][path]["get"]["responses"]["200"]["content"]))
        for path in spec["paths"]
        if path.endswith((".csv", ".pdf"))
    }
    assert types["/api/members/roster.csv"] == "text/csv"
    assert types["/api/events/{event_id}/tally-sheets.pdf"] == "application/pdf"
    assert {media for path, media in types.items() if path.endswith(".pdf")} == {"application/pdf"}
    assert {media for path, media in types.items() if path.endswith(".csv")} == {"text/csv"}


def _answer(spec: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    """The 2xx JSON answer's schema of a route, its references followed."""
    components = spec["components"]["schemas"]
    responses = spec["paths"][path][method]["responses"]
    status = next(code for code in responses if code.startswith("2"))
    schema = responses[status]["content"]["application/json"]["schema"]
    while "$ref" in schema or schema.get("type") == "array":
        schema = schema["items"] if "$ref" not in schema else components[schema["$ref"][21:]]
    return dict(schema)


def _resolved(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    parts = [part for part in schema.get("anyOf", [schema]) if part.get("type") != "null"]
    schema = parts[0]
    if schema.get("type") == "array":
        schema = schema["items"]
    if "$ref" in schema:
        return dict(spec["components"]["schemas"][schema["$ref"][21:]])
    return schema


def test_a_club_secretary_reads_the_season_table_fields_by_name(tmp_path: Path) -> None:
    """A club's own spreadsheet or site reads the season table from the API: each row's
    rank, points, movement and nights counted, and the season's definition, are named."""
    spec = create_app(f"sqlite:///{tmp_path / 'api.db'}").openapi()
    table = _answer(spec, "get", "/api/seasons/{season_id}/standings")
    assert {"season", "session", "nights", "rows"} <= set(table["properties"])
    row = _resolved(spec, table["properties"]["rows"])
    assert {"rank", "name", "points", "movement", "nights_counted", "qualified"} <= set(
        row["properties"]
    )
    season = _answer(spec, "get", "/api/seasons/{season_id}")
    assert {"id", "name", "events", "tag", "scoring", "prizes", "warnings"} <= set(
        season["properties"]
    )
    scorings = _resolved(spec, season["properties"]["scoring"])["enum"]
    assert scorings == ["total_points", "average", "best_nights", "place_points"]
    backup = _answer(spec, "get", "/api/seasons/backup")
    assert backup.get("additionalProperties") is True, "a backup never drops a part"


def test_the_seat_finder_reads_where_a_player_plays_by_name(tmp_path: Path) -> None:
    """The online night's seat finder (a player on his phone) reads ``state`` (one of four
    words), ``url`` and ``table`` from the seat answer; the director's live page reads each
    table's seats."""
    spec = create_app(f"sqlite:///{tmp_path / 'api.db'}").openapi()
    seat = _answer(spec, "post", "/api/events/{event_id}/online/seat")
    assert {"name", "state", "url", "round", "table", "table_state", "bot"} <= set(
        seat["properties"]
    )
    states = _resolved(spec, seat["properties"]["state"])["enum"]
    assert states == ["online", "paper", "sitting_out", "between_rounds"]
    live = _answer(spec, "get", "/api/events/{event_id}/online/tables")
    table = _resolved(spec, live["properties"]["tables"])
    seats = _resolved(spec, table["properties"]["seats"])
    assert {"name", "connected", "away", "takeover_in", "bot"} <= set(seats["properties"])


def test_a_friends_table_client_reads_the_seats_and_the_deck_by_name(tmp_path: Path) -> None:
    """A client that opens a table for friends reads each seat's link, token, code and QR
    code by name, the hint's sentence, the chat's mode and the question deck's text."""
    spec = create_app(f"sqlite:///{tmp_path / 'api.db'}").openapi()
    opened = _answer(spec, "post", "/api/play/tables")
    assert {"table", "url", "host_token", "seeded", "seats"} <= set(opened["properties"])
    seat = _resolved(spec, opened["properties"]["seats"])
    assert {"seat", "kind", "token", "code", "url", "qr"} <= set(seat["properties"])
    changed = _answer(spec, "post", "/api/play/tables/{table_id}/seats/{seat}")
    assert set(changed["properties"]) == set(seat["properties"])
    joined = _answer(spec, "post", "/api/play/join")
    assert {"table", "seat", "token", "url"} <= set(joined["properties"])
    assert set(_answer(spec, "get", "/api/play/tables/{table_id}/hint")["properties"]) == {
        "hint",
        "action",
    }
    said = _answer(spec, "post", "/api/play/tables/{table_id}/chat")
    assert set(_resolved(spec, said["properties"]["chat_mode"])["enum"]) == {
        "free",
        "presets",
        "between_hands",
        "off",
    }
    deck = _answer(spec, "get", "/api/play/tables/{table_id}/deck")
    assert {"text", "number", "editable", "question_pile"} <= set(deck["properties"])
    events = _answer(spec, "get", "/api/play/tables/{table_id}/events")
    assert {"seq", "seat", "action"} <= set(
        _resolved(spec, events["properties"]["events"])["properties"]
    )
    kinds = _answer(spec, "get", "/api/play/kinds")
    assert {"kinds", "profiles"} <= set(kinds["properties"])
