"""Tournament commands: ``schedule``, ``simulate`` and the director's ``event`` group.

``euchre schedule`` prints a rotating-partner schedule with its quality summary;
``euchre simulate`` plays whole events with computer players; ``euchre event ...`` keeps an
event in a JSON file (its inputs, exactly what the web app stores) for a director without the
web app: the group and its file in :mod:`euchre.cli.event_file`, the night's commands in
:mod:`euchre.cli.event_cmds`, scoring in :mod:`euchre.cli.event_score_cmds`. The event
commands share the director's operations with the web app (:mod:`euchre.tournament.operations`:
a round's seating to start, the reseat rule, results and penalties;
:func:`euchre.tournament.naming.tidy_name` for names), so each refuses what the other refuses
with the same words; a result or correction never re-seats a round being played. Only ``event
new`` still reads the store's config parser. Everything a script may read has ``--json``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from euchre.cli import (  # noqa: F401 (their commands register on event_app at import)
    event_cmds,
    event_score_cmds,
)
from euchre.cli.errors import CliError
from euchre.cli.event_file import event_app
from euchre.cli.options import JsonOption, RoundsOption
from euchre.cli.sheet_cmds import use_club_sheets
from euchre.tournament import (
    generate_schedule,
)


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


def register(app: typer.Typer) -> None:
    """Add this area's commands to the ``euchre`` app."""
    app.command("schedule")(schedule_command)
    app.command("simulate")(simulate_command)
    app.add_typer(event_app, name="event")
