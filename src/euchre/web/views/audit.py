"""The audit log in words (read model): who did what, with the players' names and a short
"what changed" column, as the audit page, the dashboard's latest entries and a table's
correction page show it.

Entries are stored as the store layer wrote them (an action name, a target such as
``player 3`` or ``round 2 table 4``, and the old and new values as JSON); this module only
turns them into sentences.
"""

from __future__ import annotations

import json
import re
from typing import Any

from euchre.store.models import AuditEntry
from euchre.store.scoring.results import FIELD_WORDS, describe_changes, describe_result

__all__ = [
    "action_words",
    "audit_rows",
    "describe",
    "player_names",
    "with_names",
]


_ACTIONS = {
    "create_event": "created the event",
    "update_config": "changed the event's settings",
    "add_player": "added {target}",
    "check_in": "checked in {target}",
    "withdraw": "withdrew {target}",
    "reinstate": "took back the withdrawal of {target}",
    "set_classes": "changed the seat class or prize category of {target}",
    "late_arrival": "moved {target} to a later round (not checked in)",
    "pair": "paired {target}",
    "start_round": "started {target}",
    "start_past_cut_off": "started {target} after the night's cut-off",
    "end_night": "ended the night {target}",
    "accept_unpaired_classes": "started {target} with partnerships of one seat class",
    "undo_round": "undid {target}",
    "close_round": "closed {target}",
    "override_seating": "set the seating of {target} by hand",
    "submit_score": "entered a score for {target}",
    "confirm_score": "confirmed the score of {target}",
    "dispute_score": "disputed the score of {target}",
    "accept_submission": "accepted a score for {target}",
    "correct_result": "corrected the result of {target}",
    "add_penalty": "recorded a penalty at {target}",
    "remove_penalty": "removed a penalty at {target}",
    "restore_event": "restored the event from a backup",
    "archive_event": "archived the event",
    "delete_event": "deleted {target}",
}


_PLAYER = re.compile(r"\bplayers? (\d+)\b(?: \([^)]*\))?")


def with_names(text: str, names: dict[int, str]) -> str:
    """``text`` with each ``player N`` replaced by the player's name (``Ann (#3)``)."""

    def name(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return f"{names[number]} (#{number})" if number in names else match.group(0)

    return _PLAYER.sub(name, text)


def action_words(action: str) -> str:
    """An entry's action in words without its target (``corrected the result``), for a list
    that is about one table already."""
    template = _ACTIONS.get(action, action.replace("_", " ") + " {target}")
    return re.sub(r"( (for|of|at))? \{target\}", "", template).strip()


def _short(value: Any) -> str:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]}–{value[1]}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        text = value
    elif isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        text = ", ".join(str(v) for v in value) or "none"
    else:
        text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"


_RESULT_ACTIONS = frozenset(
    {
        "submit_score",
        "confirm_score",
        "dispute_score",
        "accept_submission",
        "correct_result",
        "replace_score",
    }
)
"""Entries whose values are a table's result."""


_SEATING_ACTIONS = frozenset({"start_round", "undo_round", "override_seating"})
"""Entries whose values are a round's seating."""


def _seating_text(value: dict[str, Any], names: dict[int, str]) -> str:
    """A round's seating in names: ``table 1: Ann & Bob vs Cy & Di; sitting out: Ed``."""

    def name(player: Any) -> str:
        text = str(player)
        return names.get(int(text), text) if text.isdigit() else text

    parts = [
        f"table {table.get('table')}: "
        # A table of three has one "side" of three and an empty one: its players alone.
        + " vs ".join(
            " & ".join(name(p) for p in side) for side in table.get("partnerships", []) if side
        )
        for table in value.get("tables", [])
        if isinstance(table, dict)
    ]
    if value.get("sitting_out"):
        parts.append("sitting out: " + ", ".join(name(p) for p in value["sitting_out"]))
    if value.get("stage") not in (None, "main"):
        hands = f", {value['hands']} hands" if value.get("hands") else ""
        parts.append(f"{value['stage']}{hands}")
    if value.get("overridden"):
        parts.append("set by hand")
    return "; ".join(parts)


def _changes(
    old: dict[str, Any] | None,
    new: dict[str, Any] | None,
    action: str = "",
    names: dict[int, str] | None = None,
) -> str:
    """What an entry changed, in words: a result's fields as the score pages name them, a
    seating table by table with names; other entries ``field: old → new``, or the whole new
    value when there was none."""
    if old is None and new is None:
        return ""
    known = names or {}
    if action in _RESULT_ACTIONS:
        by_id = {str(number): name for number, name in known.items()}
        if old is not None and new is not None:
            return describe_changes(old, new, names=by_id)
        return describe_result(new if new is not None else old or {}, names=by_id)
    if action in _SEATING_ACTIONS:
        seating = new if new is not None else old
        if seating is not None and "tables" in seating:
            return _seating_text(seating, known)
    if old is None or new is None:
        value = new if new is not None else old
        assert value is not None
        shown = [
            f"{_key_words(key)}: {_short(item)}"
            for key, item in value.items()
            if item not in (None, {})
        ]
        return "; ".join(shown[:6]) + ("; …" if len(shown) > 6 else "")
    keys = [key for key in {**old, **new} if old.get(key) != new.get(key)]
    shown = [f"{_key_words(key)}: {_short(old.get(key))} → {_short(new.get(key))}" for key in keys]
    return "; ".join(shown[:6]) + ("; …" if len(shown) > 6 else "")


def _key_words(key: str) -> str:
    """A stored field's name as people read it: a result's as the score pages say it, any
    other with spaces for its underscores (``hand_number`` -> "hand number")."""
    return FIELD_WORDS.get(key, key.replace("_", " "))


def describe(entry: AuditEntry, names: dict[int, str]) -> tuple[str, str]:
    """One entry as (what happened, what changed), with players named."""
    template = _ACTIONS.get(entry.action, entry.action.replace("_", " ") + " {target}")
    what = template.format(target=entry.target or "").strip()
    changed = _changes(entry.old_value, entry.new_value, entry.action, names)
    return with_names(what, names), with_names(changed, names)


def audit_rows(entries: list[AuditEntry], names: dict[int, str]) -> list[dict[str, str]]:
    """The entries as the ``audit_table`` macro shows them: when, who, what, what changed, why
    (players named)."""
    rows = []
    for entry in entries:
        what, changed = describe(entry, names)
        rows.append(
            {
                "action": entry.action,
                "when": entry.at.strftime("%H:%M:%S"),
                "who": with_names(entry.who, names),
                "what": what,
                "changed": changed,
                "reason": entry.reason or "",
            }
        )
    return rows


def player_names(entrants: list[Any]) -> dict[int, str]:
    """Player number -> name."""
    return {int(row.number): str(row.name) for row in entrants}
