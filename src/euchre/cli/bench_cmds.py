"""Benchmarks: ``euchre bench engine`` (and room for more ``euchre bench <name>`` commands).

The measuring code is a plain function, :func:`engine_bench` (``bench/engine_bench.py`` calls
it too); the command only parses options and prints. Heavy modules (numba, OpenSpiel) are
imported when a benchmark runs, so that ``euchre --help`` stays fast. Another benchmark joins
the group as one more ``@bench_app.command(...)``.
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
from euchre.cli.options import JsonOption
from euchre.engine.profile import RuleProfile, resolve_profile
from euchre.engine.record import deal_state

__all__ = ["bench_app", "engine_bench", "register"]

bench_app = typer.Typer(
    name="bench",
    help="Benchmarks that print figures (hands per second and the like).",
    no_args_is_help=True,
)

_ROUNDS = 10
"""The engines take turns in this many rounds, so that load on a shared machine hits all alike."""


class _Runner:
    """One engine under test: plays hands on request and keeps its clocks."""

    def __init__(self, name: str, hands: int) -> None:
        self.name = name
        self.hands = hands
        self.played = 0
        self.cpu_seconds = 0.0
        self.wall_seconds = 0.0

    def play(self, count: int) -> None:
        """Play ``count`` random-legal hands."""
        raise NotImplementedError

    def timed_play(self, count: int) -> None:
        """Play ``count`` hands, adding the process CPU time and the wall time they took."""
        cpu, wall = time.process_time(), time.perf_counter()
        self.play(count)
        self.cpu_seconds += time.process_time() - cpu
        self.wall_seconds += time.perf_counter() - wall
        self.played += count

    def rates(self) -> tuple[float, float]:
        """Hands per second of process CPU time, and per second of wall-clock time."""
        return _rate(self.played, self.cpu_seconds), _rate(self.played, self.wall_seconds)


def _rate(hands: int, seconds: float) -> float:
    return hands / seconds if seconds > 0 else float("inf")


class _KernelRunner(_Runner):
    """The numba kernel's batch mode (``play_random_hands``)."""

    def __init__(self, profile: RuleProfile, hands: int, seed: int) -> None:
        super().__init__("kernel", hands)
        started = time.perf_counter()
        from euchre.engine import kernel

        self._kernel = kernel
        self._parameters = kernel.kernel_parameters(profile)
        kernel.play_random_hands(self._parameters, 64, seed - 1)  # compile or load the cache
        self.warm_up_seconds = time.perf_counter() - started
        self._seed = seed
        self.totals = [0] * 6

    def play(self, count: int) -> None:
        """Play ``count`` hands in one compiled call."""
        self._seed += 1
        totals = self._kernel.play_random_hands(self._parameters, count, self._seed)
        self.totals = [old + int(new) for old, new in zip(self.totals, totals, strict=True)]


class _ObjectRunner(_Runner):
    """The object API: ``deal_state`` (the deal ``deal_record(...).start()`` gives),
    ``legal_actions``, ``apply``, ``result``."""

    def __init__(self, profile: RuleProfile, hands: int, seed: int) -> None:
        super().__init__("object API", hands)
        self._profile = profile
        self._rng = random.Random(seed)
        self._dealer = 0
        self.team_points = [0, 0]

    def play(self, count: int) -> None:
        """Deal and play ``count`` hands through ``HandState``."""
        rng = self._rng
        for _ in range(count):
            state = deal_state(self._profile, self._dealer, rng)
            self._dealer = (self._dealer + 1) % 4
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            result = state.result()
            self.team_points[0] += result.team_points[0]
            self.team_points[1] += result.team_points[1]


class _OpenSpielRunner(_Runner):
    """OpenSpiel's ``euchre`` from Python, chance nodes included."""

    def __init__(self, hands: int, seed: int) -> None:
        super().__init__("OpenSpiel", hands)
        try:
            import pyspiel
        except ImportError:
            raise CliError(
                "OpenSpiel is not installed: install the dev dependencies (uv sync) to use --vs"
            ) from None
        self._game = pyspiel.load_game("euchre")
        self._rng = random.Random(seed)
        self.returns = [0.0, 0.0]

    def play(self, count: int) -> None:
        """Play ``count`` hands from the initial (chance) state to the end."""
        rng = self._rng
        for _ in range(count):
            state = self._game.new_initial_state()
            while not state.is_terminal():
                # Chance outcomes are uniform, so a uniform pick among legal actions is exact.
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            values = state.returns()
            self.returns[0] += values[0]
            self.returns[1] += values[1]


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
    ``reference_hands`` hands (default: ``hands``, at most 20,000) since they are slower. The
    engines take turns in ten rounds. Rates are hands per second of this process's CPU time
    (one core; time spent waiting for a busy machine's CPU does not count); the ``wall``
    figures use the wall clock instead. Numba's import and compilation happen before any
    timing (``kernel_warm_up_seconds``).
    """
    if hands < 1:
        raise CliError(f"--hands must be at least 1, got {hands}")
    reference = min(hands, 20_000) if reference_hands is None else reference_hands
    if reference < 1:
        raise CliError(f"--reference-hands must be at least 1, got {reference}")
    kernel_runner = _KernelRunner(profile, hands, seed)
    object_runner = _ObjectRunner(profile, reference, seed)
    openspiel_runner = _OpenSpielRunner(reference, seed) if versus_openspiel else None
    runners = [kernel_runner, object_runner] + ([openspiel_runner] if openspiel_runner else [])
    with _progress("benchmark rounds", _ROUNDS, show_progress) as advance:
        for round_index in range(_ROUNDS):
            for runner in runners:
                share = runner.hands * (round_index + 1) // _ROUNDS - runner.played
                if share > 0:
                    runner.timed_play(share)
            advance(1)
    kernel_rate, kernel_wall = kernel_runner.rates()
    object_rate, object_wall = object_runner.rates()
    scored, thrown_in, redeal, actions, team_zero, team_one = kernel_runner.totals
    wall: dict[str, float] = {
        "hands_per_second": round(kernel_wall, 1),
        "object_api_hands_per_second": round(object_wall, 1),
    }
    report: dict[str, Any] = {
        "profile": profile.id,
        "hands": hands,
        "clock": "process CPU time",
        "hands_per_second": round(kernel_rate, 1),
        "kernel_seconds": round(kernel_runner.cpu_seconds, 4),
        "kernel_warm_up_seconds": round(kernel_runner.warm_up_seconds, 3),
        "kernel_outcomes": {
            "scored": scored,
            "thrown_in": thrown_in,
            "redeal": redeal,
            "actions": actions,
            "team_points": [team_zero, team_one],
        },
        "object_api_hands": reference,
        "object_api_hands_per_second": round(object_rate, 1),
        "wall": wall,
    }
    if openspiel_runner is not None:
        openspiel_rate, openspiel_wall = openspiel_runner.rates()
        report["openspiel_hands"] = reference
        report["openspiel_hands_per_second"] = round(openspiel_rate, 1)
        report["ratio_vs_openspiel"] = round(kernel_rate / openspiel_rate, 3)
        report["object_api_ratio_vs_openspiel"] = round(object_rate / openspiel_rate, 3)
        wall["openspiel_hands_per_second"] = round(openspiel_wall, 1)
        wall["ratio_vs_openspiel"] = round(kernel_wall / openspiel_wall, 3)
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
    as_json: JsonOption = False,
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
    typer.echo(
        f"profile {report['profile']}, {report['hands']} hands; "
        f"rates per second of {report['clock']} (wall clock: see --json)"
    )
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
