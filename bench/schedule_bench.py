"""Rotating-partner schedule benchmark: time and quality of ``generate_schedule``.

    uv run python bench/schedule_bench.py            # the standard cases, a table
    uv run python bench/schedule_bench.py --json     # the same as JSON
    uv run python bench/schedule_bench.py --players 100 --rounds 10 --repeat 5

Times are wall-clock seconds in this process (imports excluded), the median of ``--repeat``
runs with seeds 0, 1, ...; quality is the recounted summary of the first run: repeat partners,
the opponents histogram (pairs that opposed k times), pairs seated together more than once,
and the sit-out spread. The target in issue 3 is 100 players x 10 rounds under 2 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from euchre.tournament.schedule import generate_schedule

STANDARD_CASES = [
    (100, 10),
    (8, 7),
    (12, 11),
    (13, 13),
    (16, 15),
    (17, 17),
    (20, 19),
    (16, 5),
    (20, 6),
    (10, 9),
    (14, 13),
    (18, 9),
    (40, 8),
]


def measure(players: int, rounds: int, repeat: int) -> dict[str, Any]:
    """Time ``repeat`` schedules of ``players`` x ``rounds`` and summarize the first."""
    times = []
    first: dict[str, Any] = {}
    for seed in range(repeat):
        start = time.perf_counter()
        schedule = generate_schedule(players, rounds, seed)
        times.append(time.perf_counter() - start)
        if not first:
            first = schedule.summary().to_json()
    return {
        "players": players,
        "rounds": rounds,
        "seconds_median": round(statistics.median(times), 3),
        "seconds_max": round(max(times), 3),
        "method": first["method"],
        "repeat_partners": first["repeat_partners"],
        "opponent_histogram": first["opponent_histogram"],
        "same_table_repeats": first["same_table_repeats"],
        "sit_outs": f"{first['sit_outs_min']}-{first['sit_outs_max']}",
    }


def main() -> None:
    """Run the cases given on the command line, or the standard ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int)
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    if arguments.players and arguments.rounds:
        cases = [(arguments.players, arguments.rounds)]
    else:
        cases = STANDARD_CASES
    rows = [measure(players, rounds, arguments.repeat) for players, rounds in cases]
    if arguments.json:
        print(json.dumps(rows))
        return
    for row in rows:
        print(
            f"{row['players']:>4} x {row['rounds']:>2}  {row['seconds_median']:>6.3f}s "
            f"(max {row['seconds_max']:.3f})  {row['method']:<13} repeat partners "
            f"{row['repeat_partners']:>3}  opponents {row['opponent_histogram']}  "
            f"same-table repeats {row['same_table_repeats']}  sit-outs {row['sit_outs']}"
        )


if __name__ == "__main__":
    main()
