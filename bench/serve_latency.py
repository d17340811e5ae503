"""Latency of ``euchre serve --workers 2`` to one client asking in sequence (issue 9's wait).

Not a test. With h11 on asyncio, each answer of a multi-worker server waited ~40 ms: Nagle's
algorithm holding the second piece of a response until the client's delayed ACK. The cause is
checked by ``tests/web/test_api_serve.py`` (the fast stack, TCP_NODELAY on an accepted
connection); this script prints the timing the test used to assert, which depends on the
machine's load: the fastest, the fifth fastest and the median of ``--requests`` answers on one
kept-alive connection, after a warm-up. With the wait, none comes under 40 ms.

    uv run python bench/serve_latency.py
    uv run python bench/serve_latency.py --workers 4 --requests 100 --json

Bounded: at most 1,000 requests, each timing out after 10 s; only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.served import EuchreServer


def measure(workers: int, requests: int) -> dict[str, float | int]:
    """Serve a fresh SQLite file and time ``requests`` GETs of ``/api/choices`` in sequence."""
    with tempfile.TemporaryDirectory(prefix="serve-latency-") as folder:
        path = Path(folder)
        server = EuchreServer(f"sqlite:///{path / 'serve.db'}", path, workers=workers).start()
        try:
            with httpx.Client(base_url=server.base_url, timeout=10) as client:
                for _ in range(5):  # warm up the workers' imports and the connection
                    client.get("/api/choices").raise_for_status()
                timings = []
                for _ in range(requests):
                    started = time.perf_counter()
                    client.get("/api/choices").raise_for_status()
                    timings.append(1000 * (time.perf_counter() - started))
        finally:
            server.stop()
    timings.sort()
    return {
        "workers": workers,
        "requests": requests,
        "fastest_ms": round(timings[0], 2),
        "fifth_fastest_ms": round(timings[min(4, len(timings) - 1)], 2),
        "median_ms": round(statistics.median(timings), 2),
        "slowest_ms": round(timings[-1], 2),
    }


def main() -> None:
    """Parse the options, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--requests", type=int, default=25)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    if not 1 <= options.requests <= 1000 or not 1 <= options.workers <= 16:
        parser.error("--requests must be 1-1000 and --workers 1-16")
    figures = measure(options.workers, options.requests)
    if options.json:
        print(json.dumps(figures))
        return
    print(
        f"{figures['workers']} workers, {figures['requests']} answers in sequence: fastest "
        f"{figures['fastest_ms']} ms, fifth fastest {figures['fifth_fastest_ms']} ms, median "
        f"{figures['median_ms']} ms, slowest {figures['slowest_ms']} ms (the Nagle wait is ~40 ms)"
    )


if __name__ == "__main__":
    main()
