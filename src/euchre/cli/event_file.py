"""The director's event file: the ``euchre event`` group, reading and writing the file (the
event's inputs, exactly what the web app stores), printing an answer, and what the night and
scoring commands share (a round's seating frozen at its start, a question in words, a table's
recorded result)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from euchre.cli.errors import CliError
from euchre.cli.sheet_cmds import use_club_sheets
from euchre.tournament import (
    EventInputs,
    RoundPlan,
    Stage,
    TableResult,
)
from euchre.tournament.ledger import OpenQuestion, QuestionKind

__all__ = [
    "FileArgument",
    "asked_text",
    "event_app",
    "is_table",
    "load_event",
    "print_answer",
    "recorded_result",
    "save_event",
    "started_inputs",
]

# --- the director's event file --------------------------------------------------------------

event_app = typer.Typer(
    help="Run an event from a JSON file of its inputs (new, add-player, start-round, result, "
    "standings, prizes).",
    no_args_is_help=True,
)


def load_event(path: Path) -> EventInputs:
    use_club_sheets()  # an event may be played under a club's sheet
    if not path.exists():
        raise CliError(f"event file {str(path)!r} does not exist (create it with 'event new')")
    try:
        return EventInputs.from_json(json.loads(path.read_text()))
    except json.JSONDecodeError as error:
        raise CliError(f"event file {str(path)!r} is not JSON: {error}") from None


def save_event(path: Path, inputs: EventInputs) -> None:
    path.write_text(json.dumps(inputs.to_json(), indent=2) + "\n")


def print_answer(data: Any, as_json: bool, text: str) -> None:
    print(json.dumps(data) if as_json else text)


FileArgument = Annotated[Path, typer.Argument(help="The event's JSON file.")]


def started_inputs(inputs: EventInputs, plan: RoundPlan) -> EventInputs:
    """``inputs`` with ``plan``'s round started: its seating frozen as the web app freezes a
    started round's (unchanged when the round already has a fixed seating)."""

    if any(override.round == plan.round for override in inputs.overrides):
        return inputs
    return replace(inputs, overrides=(*inputs.overrides, plan.frozen_seating()))


def asked_text(file: Path, question: OpenQuestion, inputs: EventInputs) -> str:
    """An open question in the director's words, with the command that answers it."""
    from euchre.cli.event_words import event_names

    where = f"--round {question.round} --table {question.table}"
    how = {
        QuestionKind.LEVEL_GAME: f"euchre event tie-first {file} {where} --first 1 or 2",
        QuestionKind.TOTALS_HOLD_RULING: f"euchre event result {file} {where} --points "
        f"{question.totals[0]}-{question.totals[1]} --rulings-in-totals or --rulings-added",
        QuestionKind.RULING_HAND: f"euchre event result {file} {where} --hands ... (the "
        "ruled hand 0-0)",
    }[question.kind]
    return f"{question.text(event_names(inputs))} Answer: {how}"


def recorded_result(inputs: EventInputs, round_number: int, table: int) -> TableResult | None:
    """The table's result on record, if any."""
    return next((r for r in inputs.results if is_table(r, round_number, table)), None)


def is_table(result: TableResult, round_number: int, table: int) -> bool:
    """Whether ``result`` is the main event's game of that round's table."""
    return (result.stage, result.round, result.table) == (Stage.MAIN, round_number, table)
