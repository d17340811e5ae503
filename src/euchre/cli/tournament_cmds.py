"""Tournament commands: ``schedule``, ``simulate`` and the director's ``event`` group.

``euchre schedule`` prints a rotating-partner schedule with its quality summary;
``euchre simulate`` plays whole events with computer players; ``euchre event ...`` keeps an
event in a JSON file (its inputs, exactly what the web app stores) for a director without the
web app. The event commands share the director's operations with the web app
(:mod:`euchre.tournament.operations`: a round's seating to start, the reseat rule, results and
penalties; :func:`euchre.tournament.naming.tidy_name` for names), so each refuses what the
other refuses with the same words; a result or correction never re-seats a round being played.
Only ``event create`` still reads the store's config parser
(:func:`euchre.store.presets.config_with_preset`, :func:`euchre.store.events.check_config`).
Everything a script may read has ``--json``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from euchre.cli.errors import CliError
from euchre.cli.options import JsonOption, RoundsOption
from euchre.cli.sheet_cmds import use_club_sheets
from euchre.engine.profile import load_profile
from euchre.tournament import (
    Entrant,
    EventInputs,
    EventSnapshot,
    PenaltyRecord,
    RoundPlan,
    Stage,
    TableResult,
    compute_event,
    generate_schedule,
)
from euchre.tournament.class_balance import unpaired_classes
from euchre.tournament.compass import compass_seats, seats_by_compass
from euchre.tournament.cut_off import cut_off_line, cut_off_refusal
from euchre.tournament.errors import TournamentError
from euchre.tournament.ledger import OpenQuestion, QuestionKind, table_ledger
from euchre.tournament.model import PenaltyKind, SeatingOverride, TableSeating
from euchre.tournament.naming import tidy_name
from euchre.tournament.operations import (
    PenaltyEntryError,
    answer_totals,
    check_penalty,
    check_reseat,
    not_started_message,
    rulings_with_points,
    seating_to_start,
    table_result,
)
from euchre.tournament.penalties import open_questions
from euchre.tournament.sheets import check_player_classes, sheet_players
from euchre.tournament.validation import ResultError


@contextmanager
def _progress_bar(label: str, total: int) -> Iterator[Callable[[int], None] | None]:
    """A Rich progress bar when stdout is a terminal; otherwise nothing is drawn."""
    if not sys.stdout.isatty():
        yield None
        return
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task(label, total=total)

        def advance(step: int) -> None:
            progress.advance(task, step)

        yield advance


def schedule_command(
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")],
    rounds: Annotated[int, typer.Option("--rounds", "-r", help="Number of rounds.")],
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same schedule.")] = 0,
    as_json: JsonOption = False,
) -> None:
    """Seat N players for R rounds with rotating partners (whist designs where they exist)."""
    if players > 400:
        raise CliError(f"--players {players} is more than this tool seats (400 at most)")
    if sys.stdout.isatty() and not as_json:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task("searching", total=1)

            def report(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            schedule = generate_schedule(players, rounds, seed, progress=report)
    else:
        schedule = generate_schedule(players, rounds, seed)
    data = schedule.to_json()
    if as_json:
        print(json.dumps(data))
        return
    for number, round_ in enumerate(data["rounds"], start=1):
        tables = "  ".join(f"{a}&{b} v {c}&{d}" for (a, b), (c, d) in round_["tables"])
        out = (
            f"  out: {', '.join(str(p) for p in round_['sitting_out'])}"
            if round_["sitting_out"]
            else ""
        )
        print(f"round {number}: {tables}{out}")
    summary = data["summary"]
    print(
        f"method {summary['method']}; repeat partners {summary['repeat_partners']}; "
        f"opponents met k times: {summary['opponent_histogram']}; "
        f"sit-outs per player {summary['sit_outs_min']}-{summary['sit_outs_max']}"
    )


def simulate_command(
    format_name: Annotated[
        str,
        typer.Option(
            "--format",
            help="A format (winners_move_up, rotating_partners, losers_rotate, progressive, "
            "round_robin...) or a sheet's id (see 'euchre sheets').",
        ),
    ],
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")],
    seed: Annotated[int, typer.Option(help="Seed of the first event.")],
    rounds: RoundsOption = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Bot name, or a comma list: team (or player) k plays the k-th bot, cycling."
        ),
    ] = "random",
    events: Annotated[int, typer.Option(help="Events to play (seeds seed, seed+1, ...).")] = 1,
    profile: Annotated[
        str | None, typer.Option(help="Rule profile (default: the format's sheet).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play whole events with computer players and print the final standings."""
    from euchre.tournament.settings import ROUNDS, SettingError
    from euchre.tournament.simulate import games_in, simulate_events, simulation_config

    use_club_sheets()
    if events < 1:
        raise CliError(f"--events must be 1 or more, got {events}")
    bot_names = [name.strip() for name in bots.split(",") if name.strip()]
    if not bot_names:
        raise CliError("--bots needs at least one bot name")
    if rounds is not None:  # the event's bounds, as every door reads them
        try:
            ROUNDS.check(rounds)
        except SettingError as error:
            raise CliError(str(error)) from None
    config = simulation_config(format_name, rounds=rounds, seed=seed, profile_id=profile)
    with _progress_bar("playing", games_in(config, players) * events) as advance:
        report = simulate_events(config, players, bot_names, events, progress=advance)
    data = report.to_json()
    if as_json:
        print(json.dumps(data))
        return
    for row in data["standings"]:
        tied = " (tied)" if row["tied"] else ""
        print(f"{row['rank']:>3}. {row['name']:<30} {row['points']:>5}{tied}")
    if events > 1:
        print(f"first places over {events} events by bot: {data['wins_by_bot']}")
        print(f"{data['first_bot']} won {data['first_bot_win_rate']:.0%} of the events")


# --- the director's event file --------------------------------------------------------------

event_app = typer.Typer(
    help="Run an event from a JSON file of its inputs (new, add-player, start-round, result, "
    "standings, prizes).",
    no_args_is_help=True,
)


def _load(path: Path) -> EventInputs:
    use_club_sheets()  # an event may be played under a club's sheet
    if not path.exists():
        raise CliError(f"event file {str(path)!r} does not exist (create it with 'event new')")
    try:
        return EventInputs.from_json(json.loads(path.read_text()))
    except json.JSONDecodeError as error:
        raise CliError(f"event file {str(path)!r} is not JSON: {error}") from None


def _save(path: Path, inputs: EventInputs) -> None:
    path.write_text(json.dumps(inputs.to_json(), indent=2) + "\n")


def _print(data: Any, as_json: bool, text: str) -> None:
    print(json.dumps(data) if as_json else text)


FileArgument = Annotated[Path, typer.Argument(help="The event's JSON file.")]


@event_app.command("new")
def event_new(
    file: FileArgument,
    sheet: Annotated[str, typer.Option(help="The sheet's id (see 'euchre sheets').")],
    name: Annotated[str, typer.Option(help="The event's name.")] = "",
    rounds: RoundsOption = None,
    seed: Annotated[int, typer.Option(help="Seed for draws and schedules.")] = 0,
    round_minutes: Annotated[
        int | None, typer.Option(help="Round length (the bell; default: the sheet's).")
    ] = None,
    force: Annotated[bool, typer.Option(help="Overwrite an existing file.")] = False,
) -> None:
    """Create an event file from a sheet's preset."""
    use_club_sheets()
    if file.exists() and not force:
        raise CliError(f"{str(file)!r} exists; pass --force to overwrite it")
    from euchre.store import events, presets  # the store (SQLAlchemy) only when needed

    config = presets.config_with_preset(
        {
            "profile_id": sheet,
            "name": name or sheet,
            "seed": seed,
            "round_minutes": round_minutes,
            "rounds": rounds,
        }
    )
    events.check_config(config)
    _save(file, EventInputs(config))
    print(f"created {file}")


@event_app.command("add-player")
def event_add_player(
    file: FileArgument,
    player_id: Annotated[str, typer.Argument(help="The player's id.")],
    name: Annotated[str, typer.Option(help="The player's name (default: the id).")] = "",
    team: Annotated[str | None, typer.Option(help="Fixed team label (partners share it).")] = None,
    arrival_round: Annotated[int, typer.Option(help="First round played.")] = 1,
    seat_class: Annotated[
        str | None,
        # No square brackets: the help is read as rich markup, which drops "[players]".
        typer.Option(
            help="The player's seat class, one of the seat classes the event's sheet names "
            "(its players table)."
        ),
    ] = None,
    prize_category: Annotated[
        str | None,
        typer.Option(help="The player's prize category, one the event's sheet names."),
    ] = None,
    guest: Annotated[
        bool, typer.Option("--guest", help="A guest: plays the night, but is no club member.")
    ] = False,
) -> None:
    """Add a player (a late arrival with --arrival-round)."""
    inputs = _load(file)
    if any(entrant.id == player_id for entrant in inputs.entrants):
        raise CliError(f"player id {player_id!r} is already entered")
    # The web's rule for names: refused over the limit, never cut.
    shown = tidy_name(name or player_id, "player name")
    label = tidy_name(team, "team name") if team and team.strip() else None
    try:
        classes = check_player_classes(
            sheet_players(inputs.config.profile_id),
            seat_class=seat_class,
            prize_category=prize_category,
        )
    except TournamentError as error:
        raise CliError(f"{shown}: {error}") from None
    entrant = Entrant(
        player_id,
        shown,
        label,
        arrival_round,
        seat_class=classes[0],
        prize_category=classes[1],
        guest=guest,
    )
    _save(file, replace(inputs, entrants=(*inputs.entrants, entrant)))
    print(f"added {shown}" + (f" (id {player_id})" if shown != player_id else ""))


@event_app.command("withdraw")
def event_withdraw(
    file: FileArgument,
    player_id: Annotated[str, typer.Argument(help="The player's id.")],
    from_round: Annotated[int, typer.Option("--from-round", help="First round missed.")],
) -> None:
    """Withdraw a player from a round on."""
    inputs = _load(file)
    leaving = next((entrant for entrant in inputs.entrants if entrant.id == player_id), None)
    if leaving is None:
        raise CliError(f"no player {player_id!r} in the event")
    entrants = tuple(
        replace(e, withdrawal_round=from_round) if e.id == player_id else e for e in inputs.entrants
    )
    _save(file, replace(inputs, entrants=entrants))
    print(f"{leaving.name} withdraws from round {from_round}")


def _started(inputs: EventInputs, plan: RoundPlan) -> EventInputs:
    """``inputs`` with ``plan``'s round started: its seating frozen as the web app freezes a
    started round's (unchanged when the round already has a fixed seating)."""

    if any(override.round == plan.round for override in inputs.overrides):
        return inputs
    return replace(inputs, overrides=(*inputs.overrides, plan.frozen_seating()))


@event_app.command("start-round")
def event_start_round(
    file: FileArgument,
    as_json: JsonOption = False,
    past_cut_off: Annotated[
        bool,
        typer.Option(
            "--past-cut-off", help="Start it although the night's clock cut-off has passed."
        ),
    ] = False,
    reason: Annotated[str, typer.Option(help="Why it starts after the cut-off.")] = "",
    at: Annotated[
        str | None,
        typer.Option(
            help="The time it starts, ISO 8601 with its offset (default: now); for replaying "
            "a night."
        ),
    ] = None,
    accept_unpaired_classes: Annotated[
        bool,
        typer.Option(
            help="Start the round although its players cannot partner one of each seat "
            "class as the sheet says."
        ),
    ] = False,
) -> None:
    """Start the next round (its seating is then fixed: a later correction does not re-seat
    it) and show the seating of the round now being played. After the night's clock cut-off
    (the sheet's ``last_round_by``) a main round is refused unless ``--past-cut-off``. A round
    whose players cannot partner one of each seat class as the sheet says is refused, naming
    the counts."""
    inputs = _load(file)
    snapshot = compute_event(inputs)
    if snapshot.current_round is None:
        raise CliError("the event is over: every round has its results")
    waiting = [q for q in open_questions(inputs, snapshot) if q.round < snapshot.current_round]
    if waiting:
        raise CliError(
            f"round {snapshot.current_round} cannot start: {_asked(file, waiting[0], inputs)}"
        )
    now = _moment(at)
    config = inputs.config
    played = snapshot.current_round - 1
    refusal = (
        cut_off_refusal(
            config.last_round_by,
            config.time_zone,
            night_started=inputs.night_started,
            now=now,
            played=played,
        )
        if snapshot.current_round <= config.rounds
        else None
    )
    if refusal is not None and not past_cut_off:
        raise CliError(f"{refusal} (euchre event end-night {file}, or start-round --past-cut-off)")
    plan = seating_to_start(snapshot, snapshot.current_round, event=f"event {file}")
    number = snapshot.current_round
    problem = unpaired_classes(
        inputs.config,
        [
            entrant.seat_class
            for entrant in inputs.entrants
            if entrant.arrival_round <= number
            and (entrant.withdrawal_round is None or entrant.withdrawal_round > number)
        ],
    )
    if problem and not accept_unpaired_classes:
        raise CliError(
            f"round {number} is not started: {problem}. Change the players' seat classes, "
            f"or start it anyway with --accept-unpaired-classes"
        )
    started = _started(inputs, plan)
    if inputs.night_started is None:
        started = replace(started, night_started=now)
    if started is not inputs:
        _save(file, started)
    from euchre.cli.event_words import event_names
    from euchre.tournament.naming import PlayerNames

    lines = [f"round {plan.round}"]
    if refusal is not None:
        lines.append(f"  started after the night's cut-off: {reason.strip() or 'no reason given'}")
    by_seat = seats_by_compass(inputs.config, plan.stage)
    for table in plan.tables:
        label = PlayerNames(event_names(inputs), table.partnerships)
        if by_seat:
            # A compass movement moves players by seat: each player is told his seat.
            seats = compass_seats(table.partnerships)
            lines.append(
                f"  table {table.table}: "
                + ", ".join(f"{word} {label.player(player)}" for word, player in seats.items())
            )
            continue
        lines.append(f"  table {table.table}: {label.team(0)} v {label.team(1)}")
    if plan.sitting_out:
        lines.append(f"  sitting out: {PlayerNames(event_names(inputs)).players(plan.sitting_out)}")
    if config.last_round_by is not None:
        lines.append(cut_off_line(config.last_round_by, config.time_zone))
    _print(plan.to_json(), as_json, "\n".join(lines))


def _moment(at: str | None) -> datetime:
    """``--at`` read (ISO 8601 with its offset), or the time now."""
    if at is None:
        return datetime.now(UTC)
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise CliError(
            f"--at {at!r} is not a time with its offset; write it like 2027-01-14T22:45-06:00"
        )
    return moment


@event_app.command("end-night")
def event_end_night(file: FileArgument) -> None:
    """End the night with the rounds played (the clock cut-off has passed, or the director
    says so): the standings and prizes follow from them."""
    inputs = _load(file)
    snapshot = compute_event(inputs)
    played = sum(1 for plan in snapshot.rounds if plan.stage == "main" and plan.complete)
    started = {override.round for override in inputs.overrides}
    if played + 1 in started:
        raise CliError(f"round {played + 1} is in play; enter its results before ending the night")
    if not played:
        raise CliError("no round has been played yet; there is no night to end")
    if played >= inputs.config.rounds:
        raise CliError(f"the night already ends with its {inputs.config.rounds} rounds")
    _save(file, replace(inputs, config=replace(inputs.config, rounds=played)))
    print(f"the night ends with the {played} rounds played; 'euchre event standings {file}'")


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

    inputs = _load(file)

    hand_points = tuple(
        _pair(text, f"hand {number} in --hands")
        for number, text in enumerate(hands.split(","), start=1)
        if hands.strip()
    )
    if not points.strip() and not hand_points:
        raise CliError("give --points A-B or --hands (a blank total is not 0)")
    totals = (
        _pair(points, "--points")
        if points.strip()
        else (sum(h[0] for h in hand_points), sum(h[1] for h in hand_points))
    )
    if tie_first not in (None, 1, 2):
        raise CliError(f"--tie-first must be 1 or 2 (the partnership), got {tie_first}")
    before = compute_event(inputs)
    seating = _table_of(before, round_number, table, file)
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
    inputs = _started(inputs, before.round_plan(round_number))
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
            recorded=_recorded(inputs, round_number, table),
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
    kept = tuple(r for r in inputs.results if not _is_table(r, round_number, table))
    updated = replace(inputs, results=(*kept, result), penalties=penalties)
    after = compute_event(updated, previous=before)
    _save(file, updated)
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
    _print(data, as_json, "\n".join(lines + [f"question: {line}" for line in asked]))


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


def _asked(file: Path, question: OpenQuestion, inputs: EventInputs) -> str:
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


def _questions_at(
    file: Path, inputs: EventInputs, snapshot: EventSnapshot, round_number: int, table: int
) -> list[str]:
    """The open questions of one table, each with the command that answers it."""
    return [
        _asked(file, question, inputs)
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
    inputs = _load(file)
    before = compute_event(inputs)
    game = next(
        (
            q
            for q in open_questions(inputs, before)
            if (q.kind, q.round, q.table) == (QuestionKind.LEVEL_GAME, round_number, table)
        ),
        None,
    )
    recorded = _recorded(inputs, round_number, table)
    if game is None or recorded is None:
        raise CliError(
            f"round {round_number} table {table} is not a game left level by a penalty; "
            "nothing to settle"
        )
    seating = _table_of(before, round_number, table, file)
    label = table_names(inputs, seating)
    result = replace(recorded, first_to_tying_score=first - 1)
    kept = tuple(r for r in inputs.results if not _is_table(r, round_number, table))
    updated = replace(inputs, results=(*kept, result))
    after = compute_event(updated, previous=before)
    _save(file, updated)
    scored = _scored(updated, after, result, seating)
    _print(
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


def _recorded(inputs: EventInputs, round_number: int, table: int) -> TableResult | None:
    """The table's result on record, if any."""
    return next((r for r in inputs.results if _is_table(r, round_number, table)), None)


def _is_table(result: TableResult, round_number: int, table: int) -> bool:
    """Whether ``result`` is the main event's game of that round's table."""
    return (result.stage, result.round, result.table) == (Stage.MAIN, round_number, table)


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

    inputs = _load(file)
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
    recorded = _recorded(inputs, round_number, table)
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
    _save(file, updated)
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
    _print(data, as_json, "\n".join(lines + [f"question: {line}" for line in asked]))


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


@event_app.command("seat")
def event_seat(
    file: FileArgument,
    round_number: Annotated[int, typer.Option("--round", help="Round number.")],
    tables: Annotated[
        str, typer.Option(help="Tables as 'a,b:c,d;e,f:g,h' (partners by comma, sides by colon).")
    ],
    sitting_out: Annotated[str, typer.Option(help="Comma list of players sitting out.")] = "",
) -> None:
    """Override a round's seating by hand; the format continues from it."""
    inputs = _load(file)
    check_reseat(
        round_number,
        scored=any(result.round == round_number for result in inputs.results),
    )
    seatings = []
    for number, text in enumerate(tables.split(";"), start=1):
        sides = text.split(":")
        if len(sides) != 2:
            raise CliError(f"table {number} {text!r}: write it 'a,b:c,d'")
        pairs = [tuple(p.strip() for p in side.split(",")) for side in sides]
        seatings.append(TableSeating(number, (pairs[0], pairs[1])))
    out = tuple(p.strip() for p in sitting_out.split(",") if p.strip())
    override = SeatingOverride(round_number, tuple(seatings), out)
    kept = tuple(o for o in inputs.overrides if o.round != round_number)
    updated = replace(inputs, overrides=(*kept, override))
    compute_event(updated)
    _save(file, updated)
    print(f"round {round_number} seated by hand")


@event_app.command("standings")
def event_standings(file: FileArgument, as_json: JsonOption = False) -> None:
    """The standings with tie-breaks (ties are marked)."""
    snapshot = compute_event(_load(file))
    lines = [
        f"{row.rank:>3}. {row.name:<30} {row.points:>5}{' (tied)' if row.tied else ''}"
        for row in snapshot.standings
    ]
    lines += [f"warning: {warning}" for warning in snapshot.warnings]
    _print([row.to_json() for row in snapshot.standings], as_json, "\n".join(lines))


@event_app.command("prizes")
def event_prizes(file: FileArgument, as_json: JsonOption = False) -> None:
    """Prize money (ties split) and the euchred cup."""
    snapshot = compute_event(_load(file))
    lines = [
        (
            f"places {','.join(str(p) for p in award.places)}"
            if award.places
            else award.place_label or award.decided_by
        )
        + f": {award.name} ${award.amount_cents / 100:.2f}"
        + (f" ({award.basis})" if award.basis else "")
        for award in snapshot.prizes
    ]
    lines += list(snapshot.prize_notes)
    if snapshot.side_pot is not None:
        pot = snapshot.side_pot
        named = {row.competitor_id: row.name for row in snapshot.standings}
        winners = ", ".join(named.get(winner, winner) for winner in pot.winners)
        lines.append(
            f"euchred cup ${pot.total_cents / 100:.2f} "
            + (f"to {winners}" if winners else f"not paid: {pot.undecided or 'nobody qualifies'}")
        )
    data = {
        "prizes": [award.to_json() for award in snapshot.prizes],
        "side_pot": snapshot.side_pot.to_json() if snapshot.side_pot else None,
    }
    _print(data, as_json, "\n".join(lines) or "no prizes")


@event_app.command("penalties")
def event_penalties(file: FileArgument, as_json: JsonOption = False) -> None:
    """Every penalty recorded, in order, with the players by name, its points, the director's
    note, and each player's table-talk warnings (the web's penalties page)."""
    from euchre.cli.event_words import event_names, penalty_json, penalty_lines
    from euchre.tournament.naming import PlayerNames

    inputs = _load(file)
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
        scored = _recorded(inputs, record.round, record.table) is not None
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
    _print({"penalties": items, "warnings": warnings}, as_json, "\n".join(lines) or "no penalties")


def register(app: typer.Typer) -> None:
    """Add this area's commands to the ``euchre`` app."""
    app.command("schedule")(schedule_command)
    app.command("simulate")(simulate_command)
    app.add_typer(event_app, name="event")
