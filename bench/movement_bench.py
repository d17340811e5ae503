"""Movement benchmark: one round's seating for 40 tables under each movement.

    uv run python bench/movement_bench.py              # a table of medians
    uv run python bench/movement_bench.py --json       # the same as JSON
    uv run python bench/movement_bench.py --tables 40 --repeat 15

Each run seats round 2 from a random round 1 (random winners) through the movement
interpreter (``movement_rules.seat_round``), as ``compute_event`` does: 160 players (80 teams in
the fixed-partner movements), plus 2 more for LVEA's ghost table; a sheet with tables of
three (``cutthroat_corner.toml``) seats 159 players (39 tables of four, one of three) and 158
(38 and 2). Every repeat uses another
seed, so no cache answers (the searches and the whist schedule are cached per seed). Times are
milliseconds in this process (imports excluded): the median and the slowest wall-clock time
of ``--repeat`` runs, the median CPU time of this process (the fair figure on a shared
machine), and the median of the same round seated again (what every later recomputation of
the event costs: the searches and the schedule are cached). Issue "Any club's night from its
own file" asks for a median of at most 100 ms for 40 tables under any movement. Not a timed
test: run it by hand and keep the figures in ``bench/notes/movement.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from euchre.tournament.formats import BUILTIN_MOVEMENTS
from euchre.tournament.model import EventConfig, TableSeating
from euchre.tournament.movement import PlayedRound
from euchre.tournament.movement_rules import SeatingState, seat_round
from euchre.tournament.movement_spec import MovementSpec
from euchre.tournament.sheets import parse_sheet

ROOT = Path(__file__).resolve().parents[1]
LVEA = ROOT / "tests" / "data" / "sheets" / "lvea.toml"
THREES = ROOT / "tests" / "data" / "sheets" / "cutthroat_corner.toml"

COMPASS = MovementSpec.model_validate(
    {
        "partners": "by_seat",
        "moves": [
            {"who": "everyone", "seat": "north", "move": "stay"},
            {"who": "everyone", "seat": "south", "move": "down 1", "ends": "wrap"},
            {"who": "everyone", "seat": "east", "move": "up 1", "ends": "wrap"},
            {"who": "everyone", "seat": "west", "move": "up 2", "ends": "wrap"},
        ],
    }
)
REDRAW = MovementSpec.model_validate({"redraw": "every_game"})


def movements() -> dict[str, tuple[MovementSpec, bool, int]]:
    """Every movement measured, with whether it seats fixed teams and how many tables of
    three its night has (159 players: 39 tables of four and one of three; 158: 38 and 2)."""
    lvea = parse_sheet(LVEA.read_text(), origin="lvea.toml").movement
    assert lvea is not None
    threes = parse_sheet(THREES.read_text(), origin="cutthroat_corner.toml").movement
    assert threes is not None
    fixed = {"winners_move_up", "losers_rotate", "round_robin"}
    found = {name: (spec, name in fixed, 0) for name, spec in BUILTIN_MOVEMENTS.items()}
    found["lvea (classes, ghost table)"] = (lvea, False, 0)
    found["compass (by seat)"] = (COMPASS, False, 0)
    found["redraw every game"] = (REDRAW, False, 0)
    found["tables of three (1 of 40)"] = (threes, False, 1)
    found["tables of three (2 of 40)"] = (threes, False, 2)
    return found


def _state(tables: int, fixed: bool, ghost: bool, seed: int, threes: int = 0) -> SeatingState:
    """Round 2 of a random night: round 1 seated at random, each table's winner at random
    (``threes`` of the ``tables`` are tables of three, at the foot)."""
    rng = random.Random(seed)
    fours = tables - threes
    count = fours * 4 + threes * 3 + (2 if ghost else 0)
    players = [f"P{number:03d}" for number in range(count)]
    classes = {player: ("high", "low")[index % 2] for index, player in enumerate(players)}
    rng.shuffle(players)
    seated = tuple(
        TableSeating(
            index // 4 + 1,
            ((players[index], players[index + 1]), (players[index + 2], players[index + 3])),
        )
        for index in range(0, fours * 4, 4)
    ) + tuple(
        TableSeating(fours + number + 1, (tuple(players[start : start + 3]), ()))
        for number, start in enumerate(range(fours * 4, fours * 4 + threes * 3, 3))
    )
    if fixed:
        members = {
            f"T{number}": pair
            for number, pair in enumerate(p for t in seated for p in t.partnerships)
        }
    else:
        members = {player: (player,) for player in players}
    unit_of = {player: unit for unit, group in members.items() for player in group}
    active = list(members)
    previous = PlayedRound(
        seated, {table.table: rng.randint(0, 1) for table in seated}, tuple(active)
    )
    met: dict[str, set[str]] = {}
    if fixed:
        for table in seated:
            one, two = (unit_of[pair[0]] for pair in table.partnerships)
            met.setdefault(one, set()).add(two)
            met.setdefault(two, set()).add(one)
    return SeatingState(
        config=EventConfig(
            name="bench", profile_id="tournament", format="progressive", rounds=8, seed=seed
        ),
        options={},
        round_number=2,
        active=active,
        members=members,
        unit_of=unit_of,
        draw_order=active,
        roster=sorted(unit_of),
        history=[previous],
        out_counts={},
        met=met,
        seat_classes=classes,
    )


def measure(tables: int, repeat: int) -> list[dict[str, Any]]:
    """The median and slowest milliseconds of each movement's round over ``repeat`` seeds."""
    rows = []
    for name, (spec, fixed, threes) in movements().items():
        ghost = spec.sit_outs == "ghost_table"
        times = []
        cpu = []
        again = []
        for seed in range(repeat):
            state = _state(tables, fixed, ghost, seed + 1, threes)
            start, start_cpu = time.perf_counter(), time.process_time()
            seating = seat_round(spec, state, fixed_partners=fixed)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            assert len(seating.tables) == tables, (name, len(seating.tables))
            # The same round again, as every later recomputation of the event asks it.
            start = time.perf_counter()
            seat_round(spec, state, fixed_partners=fixed)
            again.append((time.perf_counter() - start) * 1000)
        rows.append(
            {
                "movement": name,
                "tables": tables,
                "median_ms": round(statistics.median(times), 2),
                "max_ms": round(max(times), 2),
                "cpu_median_ms": round(statistics.median(cpu), 2),
                "again_median_ms": round(statistics.median(again), 2),
            }
        )
    return rows


def main() -> None:
    """Print the figures (a table, or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure(args.tables, args.repeat)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(
        f"{'movement':30} {'tables':>6} {'median ms':>10} {'max ms':>8} {'cpu ms':>8} "
        f"{'again ms':>9}"
    )
    for row in rows:
        print(
            f"{row['movement']:30} {row['tables']:>6} {row['median_ms']:>10.2f} "
            f"{row['max_ms']:>8.2f} {row['cpu_median_ms']:>8.2f} {row['again_median_ms']:>9.2f}"
        )


if __name__ == "__main__":
    main()
