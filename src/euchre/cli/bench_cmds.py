"""Benchmarks: ``euchre bench engine`` (and room for more ``euchre bench <name>`` commands).

The measuring functions are plain functions (``bench/engine_bench.py`` calls them too); the
command only parses options and prints. Heavy modules (numba, OpenSpiel) are imported inside
the functions so that ``euchre --help`` stays fast.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from euchre.cli.errors import CliError
from euchre.engine.profile import RuleProfile, resolve_profile
from euchre.engine.record import deal_record

__all__ = [
    "bench_app",
    "engine_bench",
    "measure_kernel",
    "measure_object_api",
    "measure_openspiel",
    "register",
]

bench_app = typer.Typer(
    name="bench",
    help="Benchmarks that print figures (hands per second and the like).",
    no_args_is_help=True,
)

_CHUNK = 1000
"""Hands per timed chunk of the slower loops; the progress bar moves between chunks."""


def measure_kernel(profile: RuleProfile, hands: int, seed: int) -> dict[str, Any]:
    """Random-legal play of ``hands`` hands in the numba kernel (compile time excluded)."""
    started = time.perf_counter()
    from euchre.engine import kernel

    parameters = kernel.kernel_parameters(profile)
    kernel.play_random_hands(parameters, 64, seed + 1)  # compile (or load the cache) first
    warm = time.perf_counter()
    totals = kernel.play_random_hands(parameters, hands, seed)
    seconds = time.perf_counter() - warm
    scored, thrown_in, redeal, actions, team_zero, team_one = (int(value) for value in totals)
    return {
        "hands": hands,
        "seconds": seconds,
        "hands_per_second": hands / seconds if seconds > 0 else float("inf"),
        "warm_up_seconds": warm - started,
        "scored": scored,
        "thrown_in": thrown_in,
        "redeal": redeal,
        "actions": actions,
        "team_points": [team_zero, team_one],
    }


def _timed_chunks(
    hands: int, play_chunk: Callable[[int], None], label: str, show_progress: bool
) -> float:
    """Run ``play_chunk(size)`` until ``hands`` are played; return the seconds spent in it."""
    spent = 0.0
    with _progress(label, hands, show_progress) as advance:
        remaining = hands
        while remaining > 0:
            size = min(_CHUNK, remaining)
            begin = time.perf_counter()
            play_chunk(size)
            spent += time.perf_counter() - begin
            remaining -= size
            advance(size)
    return spent


def measure_object_api(
    profile: RuleProfile, hands: int, seed: int, *, show_progress: bool = False
) -> dict[str, Any]:
    """Random-legal play of ``hands`` hands through ``HandState`` (deal, play, result)."""
    rng = random.Random(seed)
    dealer = [0]
    points = [0, 0]

    def play_chunk(size: int) -> None:
        for _ in range(size):
            state = deal_record(profile, dealer[0], rng).start()
            dealer[0] = (dealer[0] + 1) % 4
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            result = state.result()
            points[0] += result.team_points[0]
            points[1] += result.team_points[1]

    seconds = _timed_chunks(hands, play_chunk, "HandState", show_progress)
    return {
        "hands": hands,
        "seconds": seconds,
        "hands_per_second": hands / seconds if seconds > 0 else float("inf"),
        "team_points": points,
    }


def measure_openspiel(hands: int, seed: int, *, show_progress: bool = False) -> dict[str, Any]:
    """Random play of ``hands`` full hands of OpenSpiel's euchre, chance nodes included."""
    try:
        import pyspiel
    except ImportError:
        raise CliError(
            "OpenSpiel is not installed: install the dev dependencies (uv sync) to use --vs"
        ) from None
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    returns = [0.0, 0.0]

    def play_chunk(size: int) -> None:
        for _ in range(size):
            state = game.new_initial_state()
            while not state.is_terminal():
                # Chance outcomes are uniform, so a uniform pick among legal actions is exact.
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            values = state.returns()
            returns[0] += values[0]
            returns[1] += values[1]

    seconds = _timed_chunks(hands, play_chunk, "OpenSpiel", show_progress)
    return {
        "hands": hands,
        "seconds": seconds,
        "hands_per_second": hands / seconds if seconds > 0 else float("inf"),
        "returns": returns,
    }


def engine_bench(
    profile: RuleProfile,
    hands: int,
    *,
    seed: int = 1,
    reference_hands: int | None = None,
    versus_openspiel: bool = False,
    show_progress: bool = False,
) -> dict[str, Any]:
    """Measure the kernel, the object API and (optionally) OpenSpiel; return the figures.

    ``hands_per_second`` is the kernel's rate (batch mode); the object API and OpenSpiel play
    ``reference_hands`` hands (default: ``hands``, at most 20,000) since they are slower.
    """
    if hands < 1:
        raise CliError(f"--hands must be at least 1, got {hands}")
    reference = min(hands, 20_000) if reference_hands is None else reference_hands
    if reference < 1:
        raise CliError(f"--reference-hands must be at least 1, got {reference}")
    kernel_figures = measure_kernel(profile, hands, seed)
    object_figures = measure_object_api(profile, reference, seed, show_progress=show_progress)
    report: dict[str, Any] = {
        "profile": profile.id,
        "hands": hands,
        "hands_per_second": round(kernel_figures["hands_per_second"], 1),
        "kernel_seconds": round(kernel_figures["seconds"], 4),
        "kernel_warm_up_seconds": round(kernel_figures["warm_up_seconds"], 3),
        "kernel_outcomes": {
            key: kernel_figures[key]
            for key in ("scored", "thrown_in", "redeal", "actions", "team_points")
        },
        "object_api_hands": reference,
        "object_api_hands_per_second": round(object_figures["hands_per_second"], 1),
    }
    if versus_openspiel:
        openspiel = measure_openspiel(reference, seed, show_progress=show_progress)
        rate = openspiel["hands_per_second"]
        report["openspiel_hands"] = reference
        report["openspiel_hands_per_second"] = round(rate, 1)
        report["ratio_vs_openspiel"] = round(kernel_figures["hands_per_second"] / rate, 3)
        report["object_api_ratio_vs_openspiel"] = round(
            object_figures["hands_per_second"] / rate, 3
        )
    return report


@contextmanager
def _progress(label: str, total: int, show: bool) -> Iterator[Callable[[int], None]]:
    if not show:
        yield lambda _: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total)
        yield lambda size: progress.advance(task, size)


@bench_app.command("engine")
def engine_command(
    hands: Annotated[int, typer.Option("--hands", help="Hands for the kernel to play.")] = 100_000,
    profile: Annotated[
        str, typer.Option("--profile", help="Built-in profile id or a .toml profile file.")
    ] = "valpo",
    versus: Annotated[
        str | None,
        typer.Option("--vs", help="Also run a reference engine: 'openspiel'.", metavar="ENGINE"),
    ] = None,
    reference_hands: Annotated[
        int | None,
        typer.Option(
            "--reference-hands",
            help="Hands for the object API and OpenSpiel (default: --hands, at most 20000).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random choices.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play random-legal hands from deal to score and print hands per second."""
    if versus is not None and versus != "openspiel":
        raise CliError(f"--vs {versus!r} is not supported; the only reference is 'openspiel'")
    report = engine_bench(
        resolve_profile(profile),
        hands,
        seed=seed,
        reference_hands=reference_hands,
        versus_openspiel=versus == "openspiel",
        show_progress=sys.stdout.isatty() and not as_json,
    )
    if as_json:
        typer.echo(json.dumps(report))
        return
    typer.echo(f"profile {report['profile']}, {report['hands']} hands")
    typer.echo(f"kernel (numba, batch):  {report['hands_per_second']:>12,.0f} hands/s")
    typer.echo(
        f"object API (HandState): {report['object_api_hands_per_second']:>12,.0f} hands/s "
        f"({report['object_api_hands']} hands)"
    )
    if "openspiel_hands_per_second" in report:
        typer.echo(
            f"OpenSpiel euchre:       {report['openspiel_hands_per_second']:>12,.0f} hands/s "
            f"({report['openspiel_hands']} hands)"
        )
        typer.echo(
            f"ratio vs OpenSpiel: kernel {report['ratio_vs_openspiel']}, "
            f"object API {report['object_api_ratio_vs_openspiel']}"
        )


def register(app: typer.Typer) -> None:
    """Add the ``bench`` command group to the ``euchre`` app."""
    app.add_typer(bench_app, name="bench")
