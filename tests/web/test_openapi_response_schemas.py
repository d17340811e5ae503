"""Every JSON answer of the API is described: a client reads named properties from
``/openapi.json``, never a bare object. Downloads (``.csv``, ``.pdf``, ``.json`` files) say
their own media type. The routes not typed yet are listed here and the list may only shrink."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from euchre.web.app import create_app

NOT_TYPED_YET = {
    "GET /api/seasons",
    "POST /api/seasons",
    "PUT /api/seasons/{season_id}",
    "GET /api/seasons/{season_id}",
    "GET /api/seasons/backup",
    "POST /api/seasons/restore",
    "GET /api/seasons/{season_id}/standings",
    "GET /api/play/kinds",
    "POST /api/play/tables",
    "GET /api/play/tables/{table_id}",
    "POST /api/play/tables/{table_id}/actions",
    "GET /api/play/tables/{table_id}/hint",
    "GET /api/play/tables/{table_id}/events",
    "POST /api/play/tables/{table_id}/seats/{seat}",
    "POST /api/play/tables/{table_id}/chat",
    "POST /api/play/tables/{table_id}/chat-settings",
    "GET /api/play/tables/{table_id}/deck",
    "PUT /api/play/tables/{table_id}/deck",
    "POST /api/play/join",
    "POST /api/events/{event_id}/online/seat",
    "POST /api/events/{event_id}/online/between",
    "GET /api/events/{event_id}/online/tables",
    "POST /api/events/{event_id}/online/marks/{table}",
    "POST /api/events/{event_id}/rounds/{round_number}/online/{table}/seats/{seat}",
    "POST /api/events/{event_id}/rounds/{round_number}/online/{table}/chat",
    "POST /api/events/{event_id}/rounds/{round_number}/online/{table}/end",
    "GET /api/events/{event_id}/online/records-index",
}
"""Routes whose answer is still a bare object (play, online nights, seasons): typing them is
the next step of "typed to the edge" (docs/where-to-change.md)."""


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


def test_every_json_answer_has_named_properties_but_the_listed_ones(tmp_path: Path) -> None:
    spec = create_app(f"sqlite:///{tmp_path / 'api.db'}").openapi()
    bare = _bare_json_answers(spec)
    assert bare - NOT_TYPED_YET == set(), "a new route answers a bare object: give it a model"
    assert NOT_TYPED_YET - bare == set(), "typed now: take it off NOT_TYPED_YET"
    assert "GET /api/choices" not in bare and "GET /api/events/{event_id}/backup" not in bare


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
