"""Time the first decision of a ``pimc`` player in a fresh process (the solver's compilation or
cache load), and the second one for comparison.

Run it twice with the same ``NUMBA_CACHE_DIR`` (an empty folder first) to see a cold and a
warm numba cache::

    NUMBA_CACHE_DIR=$(mktemp -d) uv run python bench/solver_first_decision.py

Prints one JSON line: CPU and wall seconds of each decision and the load average.
"""

from __future__ import annotations

import json
import os
import random
import time


def main() -> None:
    from euchre.bots import make_bot
    from euchre.engine.profile import load_profile
    from euchre.engine.record import deal_record
    from euchre.engine.state import Phase
    from euchre.engine.view import view_of

    profile = load_profile("valpo")
    rules = make_bot("rules", 1)
    pimc = make_bot("pimc", 2)
    state = deal_record(profile, 0, random.Random(3)).start()
    while state.phase is not Phase.PLAY:
        state.apply(rules.choose(view_of(state, state.to_act, (0, 0), 10)))
    figures: dict[str, float] = {}
    for name in ("first", "second"):
        wall, cpu = time.perf_counter(), time.process_time()
        pimc.choose(view_of(state, state.to_act, (0, 0), 10))
        figures[f"{name}_cpu_s"] = round(time.process_time() - cpu, 3)
        figures[f"{name}_wall_s"] = round(time.perf_counter() - wall, 3)
    figures["load_1min"] = round(os.getloadavg()[0], 2)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
