"""Scoring a night from the event file: ``euchre event result``, ``tie-first``, ``penalty``
and ``penalties``, through the same director's operations as the web app
(:mod:`euchre.tournament.operations`): a result or correction never re-seats a round being
played, and each refusal has the web app's words.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from euchre.cli.errors import CliError
from euchre.cli.event_file import (
    FileArgument,
    asked_text,
    event_app,
    is_table,
    load_event,
    print_answer,
    recorded_result,
    save_event,
    started_inputs,
)
from euchre.cli.options import JsonOption
from euchre.engine.profile import load_profile
from euchre.tournament import (
    EventInputs,
    EventSnapshot,
    PenaltyRecord,
    TableResult,
    compute_event,
)
from euchre.tournament.ledger import QuestionKind, table_ledger
from euchre.tournament.model import PenaltyKind, TableSeating
from euchre.tournament.operations import (
    PenaltyEntryError,
    answer_totals,
    check_penalty,
    not_started_message,
    rulings_with_points,
    table_result,
)
from euchre.tournament.penalties import open_questions
from euchre.tournament.validation import ResultError

__all__ = ["event_penalties", "event_penalty", "event_result", "event_tie_first"]

PlayerCounts = list[str] | None
"""A repeatable option naming a player (by id or name) each time it is given."""

_PER_PLAYER_HELP = {
    "lone_march": "A player who called alone and took all five tricks (repeat per hand): under "
    "the tournament sheet's progressive scoring he scores 5, his partner 4.",
    "lone_hand": "A player who called alone and made it with 3 or 4 tricks (id or name; repeat "
    "per hand, or PLAYER=N).",
    "euchred": "A player whose team was euchred (id or name; repeat per euchre, or PLAYER=N): "
    "both partners of a euchred team count it.",
    "own": "A player's own total, PLAYER=N, where the sheet scores players apart (checked "
    "against the hands).",
}
"""The help of ``event result``'s per-player options."""


@event_app.command("result")
def event_result(
    file: FileArgument,
    round_number: Annotated[int, typer.Option("--round", help="Round number.")],
    table: Annotated[int, typer.Option(help="Table number.")],
    points: Annotated[
        str, typer.Option(help="Team totals 'A-B' (first partnership first); '' with --hands.")
    ] = "",
    hands: Annotated[
        str,
        typer.Option(
            help="Each deal's points in order, 'A-B,A-B,...' (a penalty naming its --hand "
            "takes that deal's points from the offenders, e.g. a Ballantrae renege)."
        ),
    ] = "",
    lone_march: Annotated[PlayerCounts, typer.Option(help=_PER_PLAYER_HELP["lone_march"])] = None,
    tie_first: Annotated[
        int | None,
        typer.Option(help="A level game: the partnership (1 or 2) that reached the score first."),
    ] = None,
    lone_hand: Annotated[PlayerCounts, typer.Option(help=_PER_PLAYER_HELP["lone_hand"])] = None,
    euchred: Annotated[PlayerCounts, typer.Option(help=_PER_PLAYER_HELP["euchred"])] = None,
    own: Annotated[PlayerCounts, typer.Option(help=_PER_PLAYER_HELP["own"])] = None,
    rulings_in_totals: Annotated[
        bool | None,
        typer.Option(
            "--rulings-in-totals/--rulings-added",
            help="Totals alone at a table with the director's rulings: the totals already "
            "hold the rulings' points (--rulings-in-totals), or the ruled hand was written "
            "0-0 and the rulings' points are added (--rulings-added).",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Enter (or correct) a table's result, with the lone hands and times euchred the web's
    score form takes; shows it with players by name (the score with the director's
    penalties, as the standings count it), each player's points where they differ from the
    team's, the seats a correction moved, and any question the director must answer."""
    from euchre.cli.event_words import per_player_counts, result_lines, table_names

    inputs = load_event(file)

    hand_points = tuple(
        _pair(text, f"hand {number} in --hands")
        for number, text in enumerate(hands.split(","), start=1)
        if hands.strip()
    )
    before = compute_event(inputs)
    seating = _table_of(before, round_number, table, file)
    if seating.three_handed:
        # A table of three: each player for himself, his own total (--own) is the score.
        if points.strip() or hand_points:
            raise CliError(
                f"table {table} is a table of three: give each player's own total with "
                "--own PLAYER=N (three times), not --points or --hands"
            )
    elif not points.strip() and not hand_points:
        raise CliError("give --points A-B or --hands (a blank total is not 0)")
    totals = (
        (0, 0)
        if seating.three_handed
        else _pair(points, "--points")
        if points.strip()
        else (sum(h[0] for h in hand_points), sum(h[1] for h in hand_points))
    )
    if tie_first not in (None, 1, 2):
        raise CliError(f"--tie-first must be 1 or 2 (the partnership), got {tie_first}")
    label = table_names(inputs, seating)
    entered = TableResult(
        round_number,
        table,
        totals,
        hand_points=hand_points,
        hands_played=len(hand_points) or None,
        lone_marches=per_player_counts(lone_march, "--lone-march", seating, label),
        lone_hands=per_player_counts(lone_hand, "--lone-hand", seating, label),
        euchres=per_player_counts(euchred, "--euchred", seating, label),
        player_points=per_player_counts(own, "--own", seating, label, counted=False),
        first_to_tying_score=None if tie_first is None else tie_first - 1,
    )
    # The round a result is entered for has been played: its seating is fixed from now on.
    inputs = started_inputs(inputs, before.round_plan(round_number))
    started = inputs
    # The web's operation: the same checks, the same sentences. The event file keeps no
    # audit log, so no reason is asked for a correction (there is nowhere to keep one).
    try:
        result = table_result(
            inputs.config,
            entered,
            seating,
            {player: label.player(player) for player in seating.players},
            _table_penalties(inputs, round_number, table),
            recorded=recorded_result(inputs, round_number, table),
            reason=None,
            state=lambda: (started, compute_event(started)),
            rulings_in_totals=rulings_in_totals,
        )
    except ResultError as error:
        if error.field != "rulings_in_totals":
            raise
        raise CliError(f"{error} (--rulings-in-totals or --rulings-added)") from None
    penalties = inputs.penalties
    if not result.hand_points and rulings_in_totals is not None:
        answered = iter(
            answer_totals(
                inputs.config,
                seating,
                _table_penalties(inputs, round_number, table),
                rulings_in_totals,
            )
        )
        penalties = tuple(
            next(answered) if (p.round, p.table) == (round_number, table) else p for p in penalties
        )
    kept = tuple(r for r in inputs.results if not is_table(r, round_number, table))
    updated = replace(inputs, results=(*kept, result), penalties=penalties)
    after = compute_event(updated, previous=before)
    save_event(file, updated)
    scored = _scored(updated, after, result, seating)
    asked = _questions_at(file, updated, after, round_number, table)
    data = {
        "result": result.to_json(),
        "with_penalties": list(scored),
        "names": {player: label.player(player) for player in seating.players},
        "moved": [change.to_json() for change in after.movement_changes],
        "questions": asked,
    }
    lines = result_lines(result, label, after.movement_changes, scored)
    print_answer(data, as_json, "\n".join(lines + [f"question: {line}" for line in asked]))


def _scored(
    inputs: EventInputs, snapshot: EventSnapshot, result: TableResult, seating: TableSeating
) -> tuple[int, int]:
    """``result``'s score with the director's penalties, as the standings count it (the one
    ledger)."""
    key = (result.round, result.table)
    return table_ledger(
        result,
        [r for r in snapshot.penalties if (r.round, r.table) == key],
        _table_penalties(inputs, *key),
        seating,
        load_profile(inputs.config.profile_id),
    ).points


def _questions_at(
    file: Path, inputs: EventInputs, snapshot: EventSnapshot, round_number: int, table: int
) -> list[str]:
    """The open questions of one table, each with the command that answers it."""
    return [
        asked_text(file, question, inputs)
        for question in open_questions(inputs, snapshot)
        if (question.round, question.table) == (round_number, table)
    ]


@event_app.command("tie-first")
def event_tie_first(
    file: FileArgument,
    round_number: Annotated[int, typer.Option("--round", help="Round number.")],
    table: Annotated[int, typer.Option(help="Table number.")],
    first: Annotated[
        int, typer.Option(help="The partnership (1 or 2, as seated) that reached it first.")
    ],
    as_json: JsonOption = False,
) -> None:
    """Answer who reached the tying score first in a game a penalty made level (the
    tournament sheet: "Ties go to the first team to make the tying score"): that team is
    credited the game, and the next round can start."""
    from euchre.cli.event_words import result_lines, table_names

    if first not in (1, 2):
        raise CliError(f"--first must be 1 or 2 (the partnership), got {first}")
    inputs = load_event(file)
    before = compute_event(inputs)
    game = next(
        (
            q
            for q in open_questions(inputs, before)
            if (q.kind, q.round, q.table) == (QuestionKind.LEVEL_GAME, round_number, table)
        ),
        None,
    )
    recorded = recorded_result(inputs, round_number, table)
    if game is None or recorded is None:
        raise CliError(
            f"round {round_number} table {table} is not a game left level by a penalty; "
            "nothing to settle"
        )
    seating = _table_of(before, round_number, table, file)
    label = table_names(inputs, seating)
    result = replace(recorded, first_to_tying_score=first - 1)
    kept = tuple(r for r in inputs.results if not is_table(r, round_number, table))
    updated = replace(inputs, results=(*kept, result))
    after = compute_event(updated, previous=before)
    save_event(file, updated)
    scored = _scored(updated, after, result, seating)
    print_answer(
        {"result": result.to_json(), "with_penalties": list(scored)},
        as_json,
        "\n".join(result_lines(result, label, after.movement_changes, scored)),
    )


def _pair(text: str, option: str) -> tuple[int, int]:
    """Read 'A-B' points."""
    try:
        first, second = (int(part) for part in text.strip().split("-"))
    except ValueError:
        raise CliError(f"{option} must look like 8-5, got {text!r}") from None
    return first, second


def _table_of(snapshot: EventSnapshot, round_number: int, table: int, file: Path) -> TableSeating:
    """The table's seating in a round started or being played (the web's rule: a result or
    a penalty is for a round that has started)."""
    if snapshot.current_round is not None and round_number > snapshot.current_round:
        raise CliError(not_started_message(f"event {file}", round_number))
    plan = snapshot.round_plan(round_number)
    for seating in plan.tables:
        if seating.table == table:
            return seating
    raise CliError(f"round {round_number} has no table {table}")


def _table_penalties(inputs: EventInputs, round_number: int, table: int) -> list[PenaltyRecord]:
    """The table's penalty records, in the order recorded."""
    return [p for p in inputs.penalties if (p.round, p.table) == (round_number, table)]


_PENALTY_OPTIONS = {
    "offender": "--offender",
    "lone_caller": "--lone-caller",
    "hand_number": "--hand N; each hand's points: `event result --hands`",
}
"""The option to look at for each entry a refused penalty names."""


@event_app.command("penalty")
def event_penalty(
    file: FileArgument,
    round_number: Annotated[int, typer.Option("--round", help="Round number.")],
    table: Annotated[int, typer.Option(help="Table number.")],
    kind: Annotated[str, typer.Option(help="renege, bid_out_of_turn, table_talk, ...")],
    offender: Annotated[str, typer.Option(help="The offending player's id or name.")],
    proven: Annotated[bool | None, typer.Option(help="Renege: proven or not.")] = None,
    lone_hand: Annotated[bool, typer.Option(help="A lone hand was on.")] = False,
    lone_caller: Annotated[
        str | None,
        typer.Option(
            help="The player (id or name) who called alone (implies --lone-hand); a dealer "
            "failing to discard needs it, as the sheet raises the penalty only for the "
            "opposition's loner."
        ),
    ] = None,
    hand: Annotated[
        int | None,
        typer.Option(
            help="The deal (1-based) it happened in; needed where the offenders "
            "score nothing for that deal (Ballantrae renege)."
        ),
    ] = None,
    warned: Annotated[
        bool | None,
        typer.Option(
            "--warned/--first-warning",
            help="Table talk: the player was warned before, this is the penalty (--warned), "
            "or this is his warning (--first-warning); by default his earlier reports decide.",
        ),
    ] = None,
    note: Annotated[str, typer.Option(help="The director's note, kept with the penalty.")] = "",
    in_totals: Annotated[
        bool | None,
        typer.Option(
            "--in-totals/--not-in-totals",
            help="A table scored by its totals only: they already hold this ruling's points "
            "(--in-totals), or the ruled hand was written 0-0 and the points are added "
            "(--not-in-totals).",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Record an irregularity (a table-talk report is a warning first); the event's rule
    profile scores it. Shows it with the players and teams by name, the table's score with
    the penalties, and any question the director must answer (a game a penalty made
    level)."""
    from euchre.cli.event_words import event_names, penalty_json, penalty_lines, table_names

    inputs = load_event(file)
    before = compute_event(inputs)
    seating = _table_of(before, round_number, table, file)
    label = table_names(inputs, seating)
    names = event_names(inputs)
    offender = _player_id(offender, seating, names)
    if lone_caller is not None:
        lone_caller = _player_id(lone_caller, seating, names)
    penalty = PenaltyRecord(
        round_number,
        table,
        PenaltyKind.parse(kind),
        offender,
        hand_number=hand,
        proven=proven,
        lone_hand=lone_hand or lone_caller is not None,
        lone_caller_id=lone_caller,
        warned=warned,
        note=note.strip(),
        in_totals=in_totals,
    )
    recorded = recorded_result(inputs, round_number, table)
    try:  # the web's operation: the same checks, the same sentences
        check_penalty(
            inputs.config,
            penalty,
            seating,
            names,
            [] if recorded is None else [recorded],
            _table_penalties(inputs, round_number, table),
        )
    except PenaltyEntryError as error:
        raise CliError(f"{error} ({_PENALTY_OPTIONS[error.field]})") from None
    table_records = [*_table_penalties(inputs, round_number, table), penalty]
    if (
        recorded is not None
        and not recorded.hand_points
        and in_totals is None
        and len(table_records) - 1 in rulings_with_points(inputs.config, seating, table_records)
    ):
        raise CliError(
            f"round {round_number} table {table} was scored by its totals only "
            f"({recorded.team_points[0]}-{recorded.team_points[1]}): say whether they already "
            "hold this ruling's points (--in-totals) or not, so that they are added "
            "(--not-in-totals); or enter its hands first (event result --hands)"
        )
    updated = replace(inputs, penalties=(*inputs.penalties, penalty))
    snapshot = compute_event(updated)
    save_event(file, updated)
    scored = any((r.round, r.table) == (round_number, table) for r in inputs.results)
    ruling = next(
        (
            r
            for r in reversed(snapshot.penalties)
            if (r.round, r.table, r.offender_id, r.kind)
            == (round_number, table, offender, penalty.kind)
        ),
        None,
    )
    ruling = ruling if scored else None
    lines = penalty_lines(penalty, ruling, label)
    data = penalty_json(penalty, ruling, label)
    if recorded is not None:
        with_penalties = _scored(updated, snapshot, recorded, seating)
        lines.append(
            f"  round {round_number} table {table} with the penalties: "
            f"{with_penalties[0]}-{with_penalties[1]} ({label.team(0)} {with_penalties[0]}, "
            f"{label.team(1)} {with_penalties[1]})"
        )
        data["with_penalties"] = list(with_penalties)
    asked = _questions_at(file, updated, snapshot, round_number, table)
    data["questions"] = asked
    print_answer(data, as_json, "\n".join(lines + [f"question: {line}" for line in asked]))


def _player_id(given: str, seating: TableSeating, names: dict[str, str]) -> str:
    """The id of the player ``given`` names: his id, or his name in any case (one at the
    table first, then one in the event); otherwise ``given`` itself, which the web's check
    then refuses by name."""
    if given in seating.players or given in names:
        return given
    for players in (seating.players, tuple(names)):
        named = [p for p in players if names.get(p, "").casefold() == given.casefold()]
        if len(named) == 1:
            return named[0]
    return given


@event_app.command("penalties")
def event_penalties(file: FileArgument, as_json: JsonOption = False) -> None:
    """Every penalty recorded, in order, with the players by name, its points, the director's
    note, and each player's table-talk warnings (the web's penalties page)."""
    from euchre.cli.event_words import event_names, penalty_json, penalty_lines
    from euchre.tournament.naming import PlayerNames

    inputs = load_event(file)
    snapshot = compute_event(inputs)
    names = event_names(inputs)
    rulings = list(snapshot.penalties)
    lines: list[str] = []
    items = []
    warnings: dict[str, int] = {}
    for record in inputs.penalties:
        ruling = next(
            (
                r
                for r in rulings
                if (r.round, r.table, r.offender_id, r.kind)
                == (record.round, record.table, record.offender_id, record.kind)
            ),
            None,
        )
        if ruling is not None:
            rulings.remove(ruling)
        scored = recorded_result(inputs, record.round, record.table) is not None
        seating = next(
            (
                table
                for plan in snapshot.rounds
                if plan.round == record.round
                for table in plan.tables
                if table.table == record.table
            ),
            None,
        )
        label = PlayerNames(names, seating.partnerships if seating else None)
        shown = ruling if scored else None
        item = penalty_json(record, shown, label)
        if item["warning"]:
            warnings[record.offender_id] = warnings.get(record.offender_id, 0) + 1
        items.append(item)
        lines.append(f"round {record.round} table {record.table}: ")
        lines[-1] += "\n".join(penalty_lines(record, shown, label))
    label = PlayerNames(names)
    lines += [
        f"table-talk warnings: {label.player(player)} {count}"
        for player, count in sorted(warnings.items())
    ]
    print_answer(
        {"penalties": items, "warnings": warnings}, as_json, "\n".join(lines) or "no penalties"
    )
