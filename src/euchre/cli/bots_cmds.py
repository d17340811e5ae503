"""CLI commands for the bots area: ``euchre arena`` and ``euchre hint`` (registered by
``euchre.cli.main``)."""

from __future__ import annotations

import functools
import json
import sys
from typing import Annotated

import typer

from euchre.cli.errors import CliError
from euchre.cli.options import JsonOption


def register(app: typer.Typer) -> None:
    """Add this area's commands to the ``euchre`` app."""
    from euchre.cli import hint_cmds

    app.command("arena")(arena)
    hint_cmds.register(app)


def arena(
    bots: Annotated[str, typer.Option(help="Two bot names, team A then team B: 'pimc,rules'.")],
    deals: Annotated[int, typer.Option(help="Duplicate deals (each is played twice).")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the deals and the bots.")] = 1,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    profile: Annotated[str, typer.Option(help="Rule profile id.")] = "tournament",
    as_json: JsonOption = False,
    scheduler: Annotated[
        str | None,
        typer.Option(help="Run the deals on this Dask scheduler (tcp://HOST:PORT) instead."),
    ] = None,
    report: Annotated[
        bool,
        typer.Option(
            "--report",
            help="A figure to report: warn unless the seed is a fresh report seed (1000000 up).",
        ),
    ] = False,
) -> None:
    """Seat bot A against bot B over duplicate deals; report A minus B in points per hand."""
    from euchre.bots.arena import REPORT_SEED_MIN, is_report_seed, run_arena
    from euchre.engine.profile import load_profile

    if report and not is_report_seed(seed):
        typer.echo(
            f"warning: seed {seed} is a tuning seed (below {REPORT_SEED_MIN:,}); a reported "
            f"figure needs a fresh seed from {REPORT_SEED_MIN:,} up, never used to choose "
            "anything (docs/bots.md, 'Seeds')",
            err=True,
        )

    names = [name.strip() for name in bots.split(",")]
    if len(names) != 2 or not all(names):
        raise CliError(f"--bots needs two names separated by a comma, got {bots!r}")
    rule_profile = load_profile(profile)
    pair = (names[0], names[1])
    arena = functools.partial(
        run_arena,
        pair,
        deals=deals,
        seed=seed,
        workers=workers,
        profile=rule_profile,
        scheduler=scheduler,
    )
    if sys.stdout.isatty():
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{pair[0]} vs {pair[1]}", total=deals)
            result = arena(progress=lambda done: bar.update(task, completed=done))
    else:
        result = arena()
    data = result.to_json()
    if as_json:
        print(json.dumps(data, indent=2))
        return
    print(
        f"{pair[0]} vs {pair[1]} over {data['deals']} duplicate deals ({data['profile']}): "
        f"{data['diff']:+.3f} points/hand, 95% CI [{data['ci95'][0]:+.3f}, {data['ci95'][1]:+.3f}]"
    )
    for label, figures in data["per_bot"].items():
        print(
            f"  {label}: {figures['points_per_hand']:.3f} points/hand, "
            f"{figures['hands_won']} hands won, {figures['euchres']} euchres, "
            f"{figures['lone_hands']} lone hands, decision "
            f"{figures['decision_ms_median']:.1f} ms median / "
            f"{figures['decision_ms_p95']:.1f} ms p95"
        )
