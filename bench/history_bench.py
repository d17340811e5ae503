"""A club's five years on SQLite: a member's history and every rating from scratch (issue 22).

Not a test. Builds a club of ``--members`` members with ``--events`` weekly nights (default
260, five years), ``--players`` members a night (40: 10 tables) and ``--rounds`` games each
(6), partners drawn anew every round, each table's score recorded as the app stores it (the
rounds' seating and the tables' results, written straight into the database: the API would
take an hour to enter 15,600 games). Then it times, on the app's own code:

- the first read of every game after a change (``club_record`` from a cold cache: every
  event computed by the tournament core);
- recomputing every rating from scratch (``rate_games`` over every game), and the whole cold
  path (games and ratings);
- ``GET /api/members/{id}/history`` and ``GET /members/{id}`` (the page) for random members
  through the app (FastAPI's TestClient): median and p95 of ``--requests`` answers each;
- the first history and the first page after the build (every member's games, then every
  rating), apart from the timed answers;
- the same history after a correction in the first night (one event recomputed).

    uv run python bench/history_bench.py
    uv run python bench/history_bench.py --events 52 --requests 50 --json

Bounded: at most 520 events, 60 players a night, 10 games each and 1,000 requests; the
database is a temporary SQLite file, removed at the end. Targets: history p95 < 50 ms,
every rating from scratch < 5 s.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fastapi.testclient import TestClient

from euchre.store.club import games as club_games
from euchre.store.club import history
from euchre.store.db import Database
from euchre.store.models import Entrant, Event, EventStatus, Member, Result, Round, StartedPlan
from euchre.store.names import name_key
from euchre.store.night.events import touch
from euchre.tournament import EventConfig, RoundPlan, TableResult, TableSeating
from euchre.tournament.ratings import rate_games
from euchre.web.app import create_app

FIRST_NIGHT = datetime.datetime(2022, 1, 6, 19, 0, tzinfo=datetime.UTC)


@contextmanager
def progress(total: int, label: str, show: bool) -> Iterator[Callable[[], None]]:
    """A rich progress bar on a terminal (nothing otherwise); yields the step function."""
    if not show:
        yield lambda: None
        return
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


def build_club(
    database: Database,
    *,
    members: int,
    events: int,
    players: int,
    rounds: int,
    seed: int,
    show: bool,
) -> None:
    """Write the club's members, nights, seatings and results."""
    rng = random.Random(seed)
    with database.write() as session:
        rows = [
            Member(name=f"Member {n:03d}", name_key=name_key(f"Member {n:03d}"))
            for n in range(members)
        ]
        session.add_all(rows)
        session.flush()
        member_ids = [row.id for row in rows]
    with progress(events, "building the nights", show) as step:
        for index in range(events):
            when = FIRST_NIGHT + datetime.timedelta(weeks=index)
            config = EventConfig(
                name=f"Thursday {when.date().isoformat()}",
                profile_id="tournament",
                format="rotating_partners",
                rounds=rounds,
                seed=index,
            )
            with database.write() as session:
                event = Event(
                    name=config.name,
                    config=config,
                    status=EventStatus.FINISHED,
                    created_at=when,
                )
                session.add(event)
                session.flush()
                night = rng.sample(member_ids, players)
                for number, member_id in enumerate(night, start=1):
                    session.add(
                        Entrant(
                            event_id=event.id,
                            number=number,
                            name=f"Member {member_id - member_ids[0]:03d}",
                            code=f"{event.id:05d}{number:03d}"[-8:],
                            checked_in=True,
                            member_id=member_id,
                        )
                    )
                for round_number in range(1, rounds + 1):
                    seats = [str(number) for number in range(1, players + 1)]
                    rng.shuffle(seats)
                    tables = tuple(
                        TableSeating(
                            table=table + 1,
                            partnerships=(
                                (seats[4 * table], seats[4 * table + 1]),
                                (seats[4 * table + 2], seats[4 * table + 3]),
                            ),
                        )
                        for table in range(players // 4)
                    )
                    plan = RoundPlan(round=round_number, tables=tables, complete=True)
                    session.add(
                        Round(
                            event_id=event.id,
                            number=round_number,
                            started_at=when,
                            ends_at=when,
                            closed_at=when,
                            plan=StartedPlan.of(plan, set_by_director=False),
                        )
                    )
                    for seating in tables:
                        loser = rng.randint(0, 9)
                        points = (10, loser) if rng.random() < 0.5 else (loser, 10)
                        lone = rng.choice(seating.players) if rng.random() < 0.3 else None
                        session.add(
                            Result(
                                event_id=event.id,
                                round_number=round_number,
                                table_number=seating.table,
                                result=TableResult(
                                    round=round_number,
                                    table=seating.table,
                                    team_points=points,
                                    lone_hands={lone: 1} if lone else {},
                                    partnerships=seating.partnerships,
                                ),
                                recorded_at=when,
                            )
                        )
            step()


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def timed(call: Callable[[], Any]) -> float:
    """Milliseconds one call took."""
    started = time.perf_counter()
    call()
    return 1000 * (time.perf_counter() - started)


def timed_get(client: TestClient, path: str) -> float:
    """Milliseconds one GET took (a refused one stops the bench)."""
    return timed(lambda: client.get(path).raise_for_status())


def measure(options: argparse.Namespace, show: bool) -> dict[str, Any]:
    """Build the club, then time the reads."""
    with tempfile.TemporaryDirectory(prefix="history-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'club.db'}"
        app = create_app(url)
        database: Database = app.state.database
        started = time.perf_counter()
        build_club(
            database,
            members=options.members,
            events=options.events,
            players=options.players,
            rounds=options.rounds,
            seed=options.seed,
            show=show,
        )
        built_s = time.perf_counter() - started

        with database.read() as session:
            cold_ms = timed(lambda: club_games.club_record(session))
            record = club_games.club_record(session)
            games = [rated for game in record.games if (rated := game.rated()) is not None]
            ratings_ms = timed(lambda: rate_games(games))
            member_ids = sorted(record.games_of)
        client = TestClient(app, base_url="http://127.0.0.1")
        rng = random.Random(options.seed + 1)
        asked = [rng.choice(member_ids) for _ in range(options.requests)]
        figures: dict[str, list[float]] = {"api": [], "page": [], "api_points_desc": []}
        with progress(3 * len(asked), "asking for histories", show) as step:
            # The first read after the build: every member's games, then the ratings.
            first_history_ms = timed_get(client, f"/api/members/{asked[0]}/history")
            first_page_ms = timed_get(client, f"/members/{asked[0]}")
            for member_id in asked:
                figures["api"].append(timed_get(client, f"/api/members/{member_id}/history"))
                step()
                figures["page"].append(timed_get(client, f"/members/{member_id}"))
                step()
                figures["api_points_desc"].append(
                    timed_get(client, f"/api/members/{member_id}/history?sort=points&order=desc")
                )
                step()
        # A correction in the first night: that event is computed again, the rest reused.
        with database.write() as session:
            first = session.get(Result, 1)
            assert first is not None
            old = first.result
            first.result = TableResult(
                round=old.round,
                table=old.table,
                team_points=(old.team_points[1], old.team_points[0]),
                partnerships=old.partnerships,
            )
            event = session.get(Event, first.event_id)
            assert event is not None
            touch(event)
        corrected_ms = timed_get(client, f"/api/members/{asked[0]}/history")
        with database.read() as session:
            cold_all_ms = timed(lambda: history.club_ratings(session))
        database.dispose()
    summary = {
        name: {
            "median_ms": round(statistics.median(values), 2),
            "p95_ms": round(percentile(values, 0.95), 2),
            "slowest_ms": round(max(values), 2),
        }
        for name, values in figures.items()
    }
    return {
        "events": options.events,
        "members": options.members,
        "players_a_night": options.players,
        "games_each_a_night": options.rounds,
        "games": len(record.games),
        "rated_games": len(games),
        "build_s": round(built_s, 1),
        "every_game_cold_ms": round(cold_ms, 1),
        "every_rating_from_scratch_ms": round(ratings_ms, 1),
        "first_history_ms": round(first_history_ms, 1),
        "first_page_ms": round(first_page_ms, 1),
        "history_after_a_correction_ms": round(corrected_ms, 1),
        "ratings_after_a_correction_ms": round(cold_all_ms, 1),
        "requests": options.requests,
        "history_api": summary["api"],
        "history_api_sorted_by_points": summary["api_points_desc"],
        "member_page": summary["page"],
    }


def main() -> None:
    """Parse the options, build, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=260)
    parser.add_argument("--members", type=int, default=60)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    if not (
        1 <= options.events <= 520
        and 8 <= options.players <= 60
        and options.players % 4 == 0
        and options.players <= options.members <= 1000
        and 1 <= options.rounds <= 10
        and 1 <= options.requests <= 1000
    ):
        parser.error(
            "--events 1-520, --players 8-60 (a multiple of 4) and at most --members (≤ 1000), "
            "--rounds 1-10, --requests 1-1000"
        )
    figures = measure(options, show=sys.stderr.isatty() and not options.json)
    if options.json:
        print(json.dumps(figures))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{figures['events']} nights, {figures['games']} games on SQLite")
    table.add_column("what")
    table.add_column("figure", justify="right")
    table.add_column("target", justify="right")
    table.add_row(
        "every game, cold (core on every event)", f"{figures['every_game_cold_ms']} ms", ""
    )
    table.add_row(
        "every rating from scratch", f"{figures['every_rating_from_scratch_ms']} ms", "< 5000 ms"
    )
    table.add_row(
        "every rating again after a correction",
        f"{figures['ratings_after_a_correction_ms']} ms",
        "",
    )
    for key, label in (
        ("history_api", "GET /api/members/{id}/history"),
        ("history_api_sorted_by_points", "  … ?sort=points&order=desc"),
        ("member_page", "GET /members/{id} (page)"),
    ):
        row = figures[key]
        table.add_row(
            f"{label}: median / p95 / slowest",
            f"{row['median_ms']} / {row['p95_ms']} / {row['slowest_ms']} ms",
            "p95 < 50 ms",
        )
    table.add_row("first history (every member's games)", f"{figures['first_history_ms']} ms", "")
    table.add_row("first page (every rating too)", f"{figures['first_page_ms']} ms", "")
    table.add_row(
        "history after a correction", f"{figures['history_after_a_correction_ms']} ms", ""
    )
    Console().print(table)


if __name__ == "__main__":
    main()
