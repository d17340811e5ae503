"""The night's ``euchre event`` commands: ``new``, ``add-player``, ``withdraw``,
``start-round`` (with the night's cut-off and the seat classes' pairing), ``end-night``,
``seat`` (a round seated by hand), ``standings`` and ``prizes``. They share the director's
operations with the web app (:mod:`euchre.tournament.operations`), so each refuses what the
other refuses with the same words; only ``event new`` reads the store's config parser.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Annotated

import typer

from euchre.cli.errors import CliError
from euchre.cli.event_file import (
    FileArgument,
    asked_text,
    event_app,
    load_event,
    print_answer,
    save_event,
    started_inputs,
)
from euchre.cli.options import JsonOption, RoundsOption
from euchre.cli.sheet_cmds import use_club_sheets
from euchre.tournament import (
    Entrant,
    EventInputs,
    compute_event,
)
from euchre.tournament.class_balance import unpaired_classes
from euchre.tournament.compass import compass_seats, seats_by_compass
from euchre.tournament.cut_off import cut_off_line, cut_off_refusal
from euchre.tournament.errors import TournamentError
from euchre.tournament.model import SeatingOverride, TableSeating
from euchre.tournament.naming import tidy_name
from euchre.tournament.operations import (
    check_reseat,
    seating_to_start,
)
from euchre.tournament.penalties import open_questions
from euchre.tournament.settings import break_line
from euchre.tournament.sheets import (
    check_player_classes,
    check_stationary_request,
    sheet_players,
)

__all__ = [
    "event_add_player",
    "event_end_night",
    "event_new",
    "event_prizes",
    "event_seat",
    "event_standings",
    "event_start_round",
    "event_withdraw",
]


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
    break_after_round: Annotated[
        int | None,
        typer.Option(help="The round the night breaks after (0: none; default: the sheet's)."),
    ] = None,
    break_minutes: Annotated[
        int | None,
        typer.Option(help="The break's length in minutes (default: the sheet's)."),
    ] = None,
    force: Annotated[bool, typer.Option(help="Overwrite an existing file.")] = False,
) -> None:
    """Create an event file from a sheet's preset."""
    use_club_sheets()
    if file.exists() and not force:
        raise CliError(f"{str(file)!r} exists; pass --force to overwrite it")
    from euchre.store import presets
    from euchre.store.night import events  # the store (SQLAlchemy) only when needed

    config = presets.config_with_preset(
        {
            "profile_id": sheet,
            "name": name or sheet,
            "seed": seed,
            "round_minutes": round_minutes,
            "rounds": rounds,
            "break_after_round": break_after_round,
            "break_minutes": break_minutes,
        }
    )
    events.check_config(config)
    save_event(file, EventInputs(config))
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
    stationary: Annotated[
        bool,
        typer.Option(
            "--stationary",
            help="He asks for the movement's stationary seat (where the sheet allows it).",
        ),
    ] = False,
) -> None:
    """Add a player (a late arrival with --arrival-round)."""
    inputs = load_event(file)
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
        check_stationary_request(sheet_players(inputs.config.profile_id), stationary)
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
        stationary=stationary,
    )
    save_event(file, replace(inputs, entrants=(*inputs.entrants, entrant)))
    print(f"added {shown}" + (f" (id {player_id})" if shown != player_id else ""))


@event_app.command("withdraw")
def event_withdraw(
    file: FileArgument,
    player_id: Annotated[str, typer.Argument(help="The player's id.")],
    from_round: Annotated[int, typer.Option("--from-round", help="First round missed.")],
) -> None:
    """Withdraw a player from a round on."""
    inputs = load_event(file)
    leaving = next((entrant for entrant in inputs.entrants if entrant.id == player_id), None)
    if leaving is None:
        raise CliError(f"no player {player_id!r} in the event")
    entrants = tuple(
        replace(e, withdrawal_round=from_round) if e.id == player_id else e for e in inputs.entrants
    )
    save_event(file, replace(inputs, entrants=entrants))
    print(f"{leaving.name} withdraws from round {from_round}")


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
    inputs = load_event(file)
    snapshot = compute_event(inputs)
    if snapshot.current_round is None:
        raise CliError("the event is over: every round has its results")
    waiting = [q for q in open_questions(inputs, snapshot) if q.round < snapshot.current_round]
    if waiting:
        raise CliError(
            f"round {snapshot.current_round} cannot start: {asked_text(file, waiting[0], inputs)}"
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
    started = started_inputs(inputs, plan)
    if inputs.night_started is None:
        started = replace(started, night_started=now)
    if started is not inputs:
        save_event(file, started)
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
    if plan.round <= config.break_after_round + 1 and config.break_minutes:
        lines.append(break_line(config.break_after_round, config.break_minutes))
    print_answer(plan.to_json(), as_json, "\n".join(lines))


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
    inputs = load_event(file)
    snapshot = compute_event(inputs)
    played = sum(1 for plan in snapshot.rounds if plan.stage == "main" and plan.complete)
    started = {override.round for override in inputs.overrides}
    if played + 1 in started:
        raise CliError(f"round {played + 1} is in play; enter its results before ending the night")
    if not played:
        raise CliError("no round has been played yet; there is no night to end")
    if played >= inputs.config.rounds:
        raise CliError(f"the night already ends with its {inputs.config.rounds} rounds")
    save_event(file, replace(inputs, config=replace(inputs.config, rounds=played)))
    print(f"the night ends with the {played} rounds played; 'euchre event standings {file}'")


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
    inputs = load_event(file)
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
    save_event(file, updated)
    print(f"round {round_number} seated by hand")


@event_app.command("standings")
def event_standings(file: FileArgument, as_json: JsonOption = False) -> None:
    """The standings with tie-breaks (ties are marked)."""
    snapshot = compute_event(load_event(file))
    lines = [
        f"{row.rank:>3}. {row.name:<30} {row.points:>5}{' (tied)' if row.tied else ''}"
        for row in snapshot.standings
    ]
    lines += [f"warning: {warning}" for warning in snapshot.warnings]
    print_answer([row.to_json() for row in snapshot.standings], as_json, "\n".join(lines))


@event_app.command("prizes")
def event_prizes(file: FileArgument, as_json: JsonOption = False) -> None:
    """Prize money (ties split) and the euchred cup."""
    snapshot = compute_event(load_event(file))
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
    print_answer(data, as_json, "\n".join(lines) or "no prizes")
