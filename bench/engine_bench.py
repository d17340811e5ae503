"""Engine speed benchmark: the same code as ``euchre bench engine``, as a script.

Run ``uv run python bench/engine_bench.py --hands 200000 --vs openspiel`` from the project
root; it prints the JSON report (kernel, object API and OpenSpiel hands per second and the
ratio). See ``bench/notes/engine-speed.md`` for the figures and how to read them.
"""

from __future__ import annotations

import argparse
import json

from euchre.cli.bench_cmds import engine_bench
from euchre.engine.profile import resolve_profile


def main() -> None:
    """Parse the options, run the benchmark, print its JSON report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands for the kernel")
    parser.add_argument("--profile", default="valpo", help="built-in id or .toml file")
    parser.add_argument("--vs", choices=["openspiel"], default=None, help="reference engine")
    parser.add_argument(
        "--reference-hands", type=int, default=None, help="hands for the object API and OpenSpiel"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    options = parser.parse_args()
    report = engine_bench(
        resolve_profile(options.profile),
        options.hands,
        seed=options.seed,
        reference_hands=options.reference_hands,
        versus_openspiel=options.vs == "openspiel",
    )
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
