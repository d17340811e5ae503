"""The solver's numba cache on disk and its warm-up: loaded back, rebuilt when unreadable, and
warmed up by the web app only when asked (no timing here: behaviour only)."""

from __future__ import annotations

import fcntl
import json
import os
import pickle
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import euchre.bots
from euchre.bots import SOLVER_WARM_UP, solver
from euchre.web.app import create_app
from tests.databases import run_folder

# Solve a few seeded deals with the rules bot's play and print the values as JSON (a fresh
# process: the only way to load numba's cache back).
_SOLVE_SCRIPT = """
import json, random
from euchre.bots.pimc import contract_score_table
from euchre.bots.solver import _COMPILED, OpenHandPosition, solve_moves, solve_value
from euchre.engine.cards import iter_mask
from euchre.engine.profile import load_profile
profile = load_profile("valpo")
table = contract_score_table(profile, alone=False, defended_alone=False)
values = []
for seed in range(6):
    cards = list(range(24))
    random.Random(seed).shuffle(cards)
    hands = [sum(1 << card for card in cards[5 * seat : 5 * seat + 5]) for seat in range(4)]
    position = OpenHandPosition(
        hands=hands, trump=seed % 4, active=(True,) * 4, to_act=seed % 4, trick_cards=[],
        trick_seats=[], maker_team=seed % 2, maker_tricks=0, tricks_done=0, score_table=table,
    )
    values.append(solve_value(position))
    values.append(solve_moves(position, list(iter_mask(hands[seed % 4]))))
signatures = {f.py_func.__name__: len(f.signatures) for f in _COMPILED}
print(json.dumps({"values": values, "signatures": signatures}))
"""


def _solve_in_fresh_process(
    cache: Path, *, cold: bool = False, prelude: str = ""
) -> tuple[Any, str]:
    """The values solved, and the process's stderr; with an empty cache (``cold``), checks
    that each compiled function was compiled for one signature."""
    environment = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    done = subprocess.run(
        [sys.executable, "-c", prelude + _SOLVE_SCRIPT],
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    output = json.loads(done.stdout)
    if cold:
        assert set(output["signatures"].values()) == {1}, output["signatures"]
    return output["values"], done.stderr


def _solver_cache_files(cache: Path) -> list[Path]:
    return sorted(path for path in cache.rglob("solver.*") if path.is_file())


@pytest.fixture(scope="session")
def first_compilation(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """The solver compiled once for the whole run into an empty cache folder (each function
    for one signature), and the values it solved: the tests below start from a copy of that
    folder instead of each compiling the search again (a compilation is most of their
    time). Under xdist the workers share one folder of this run, the first to come compiles
    and the others wait for it."""
    shared = run_folder(tmp_path_factory)
    cache = shared / "solver-first-compilation"
    values_file = shared / "solver-first-compilation.json"
    with (shared / "solver-first-compilation.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not values_file.exists():
            values, _ = _solve_in_fresh_process(cache, cold=True)
            values_file.write_text(json.dumps(values))
    return cache, json.loads(values_file.read_text())


def _copy_of_first_compilation(first: tuple[Path, Any], tmp_path: Path) -> tuple[Path, Any]:
    """A copy of the first compilation's cache folder for one test, and its values."""
    cache = tmp_path / "numba-cache"
    shutil.copytree(first[0], cache)
    return cache, first[1]


def test_warm_up_is_idempotent_and_solving_adds_no_signature() -> None:
    # One signature of the recursive search is what lets numba load its cache back (two
    # specialisations calling each other crash when loaded: numba issue 6061). A function
    # loaded from the cache within its caller has none of its own.
    solver.warm_up()
    solver.warm_up()
    assert solver._READY
    before = [len(dispatcher.signatures) for dispatcher in solver._COMPILED]
    assert max(before) <= 1
    # Solving afterwards adds no specialisation either.
    table = solver.np.array([-2, -2, -2, 1, 1, 2], dtype=solver.np.int64)
    position = solver.OpenHandPosition(
        hands=[0b11111, 0b11111 << 5, 0b11111 << 10, 0b11111 << 15],
        trump=1,
        active=(True, True, True, True),
        to_act=2,
        trick_cards=[],
        trick_seats=[],
        maker_team=1,
        maker_tricks=0,
        tricks_done=0,
        score_table=table,
    )
    solver.solve_value(position)
    solver.solve_moves(position, [10, 11])
    assert [len(dispatcher.signatures) for dispatcher in solver._COMPILED] == before


@pytest.mark.heavy
def test_cache_is_written_loaded_back_and_rebuilt_when_unreadable(
    first_compilation: tuple[Path, Any], tmp_path: Path
) -> None:
    # Written by a process that started from an empty folder (``first_compilation``).
    cache, compiled = _copy_of_first_compilation(first_compilation, tmp_path)
    files = _solver_cache_files(cache)
    names = {path.name.split("-")[0] for path in files}
    for function in ("_search", "_solve_each_move", "_root_value", "_ordered_moves"):
        assert f"solver.{function}" in names
    # A second process loads the cache (the recursive search included) and agrees.
    loaded, stderr = _solve_in_fresh_process(cache)
    assert loaded == compiled
    assert "unreadable" not in stderr
    # Every cache file of the solver garbled: the next process compiles afresh and agrees.
    for path in files:
        path.write_bytes(b"garbage")
    rebuilt, stderr = _solve_in_fresh_process(cache)
    assert rebuilt == compiled
    assert "numba cache of the solver unreadable" in stderr
    # ... and leaves a readable cache behind.
    again, stderr = _solve_in_fresh_process(cache)
    assert again == compiled
    assert "unreadable" not in stderr


def _index_entries(cache: Path, function: str) -> int:
    """How many compiled versions numba's index of ``function`` lists."""
    (index,) = cache.rglob(f"solver.{function}-*.nbi")
    with index.open("rb") as file:
        pickle.load(file)  # numba's version
        _stamp, overloads = pickle.loads(file.read())
    return len(overloads)


@pytest.mark.heavy
def test_a_change_to_the_rules_compiles_the_search_afresh(
    first_compilation: tuple[Path, Any], tmp_path: Path
) -> None:
    # numba's cache only notices the solver's own file changing; the rules and card tables
    # the search calls and reads are part of each entry's key.
    cache, compiled = _copy_of_first_compilation(first_compilation, tmp_path)
    assert _index_entries(cache, "_solve_each_move") == 1
    edited = "import euchre.bots.solver as s\ns._RULES_DIGEST = 'rules edited'\n"
    recompiled, _ = _solve_in_fresh_process(cache, cold=True, prelude=edited)
    assert recompiled == compiled
    assert _index_entries(cache, "_solve_each_move") == 2


@pytest.mark.heavy
def test_truncated_cache_data_does_not_break_a_solve(
    first_compilation: tuple[Path, Any], tmp_path: Path
) -> None:
    cache, compiled = _copy_of_first_compilation(first_compilation, tmp_path)
    for path in _solver_cache_files(cache):
        if path.suffix == ".nbc":
            data = path.read_bytes()
            path.write_bytes(data[: len(data) // 2])
    rebuilt, _ = _solve_in_fresh_process(cache)
    assert rebuilt == compiled


def _start_counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []

    def fake_warm_up() -> threading.Thread:
        calls.append("warm up")
        return threading.current_thread()

    monkeypatch.setattr("euchre.web.app.warm_up_solver_in_background", fake_warm_up)
    return calls


def test_app_start_up_warms_the_solver_up_only_when_enabled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _start_counting(monkeypatch)
    monkeypatch.delenv(SOLVER_WARM_UP, raising=False)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'off.db'}")):
        pass
    assert calls == []
    monkeypatch.setenv(SOLVER_WARM_UP, "0")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'zero.db'}")):
        pass
    assert calls == []
    monkeypatch.setenv(SOLVER_WARM_UP, "1")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'on.db'}")):
        pass
    assert calls == ["warm up"]


def test_serve_turns_the_warm_up_on_unless_set(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli import web_cmds

    seen: list[str | None] = []
    monkeypatch.setattr(
        "uvicorn.run", lambda *args, **kwargs: seen.append(os.environ.get(SOLVER_WARM_UP))
    )
    monkeypatch.setenv("DATABASE_URL", "sqlite://")
    monkeypatch.delenv("EUCHRE_PUBLIC_URL", raising=False)  # serve sets it: restored after
    monkeypatch.delenv(SOLVER_WARM_UP, raising=False)
    web_cmds.serve(host="127.0.0.1", qr=False)
    monkeypatch.setenv(SOLVER_WARM_UP, "0")
    web_cmds.serve(host="127.0.0.1", qr=False)
    assert seen == ["1", "0"]


def test_background_warm_up_leaves_the_solver_ready() -> None:
    euchre.bots.warm_up_solver_in_background().join(timeout=600)
    assert solver._READY
