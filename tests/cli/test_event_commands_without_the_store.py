"""A director without the web app keeps a night in a file: adding players, a withdrawal,
starting a round and seating one by hand go through the director's operations the web app
shares (``euchre.tournament.operations``), and never load the database layer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from tests.cli.helpers import run

path = sys.argv[1]
assert run("event", "new", path, "--sheet", "bolivar", "--rounds", "3")[0] == 0
loaded_before = sorted(m for m in sys.modules if m.startswith("euchre.store"))
for number in range(1, 9):
    code, out = run("event", "add-player", path, f"p{number}", "--name", f"Player {number}")
    assert code == 0, out
code, out = run("event", "add-player", path, "p9", "--name", "   ")
print("EMPTY", code, out.strip())
assert run("event", "withdraw", path, "p8", "--from-round", "3")[0] == 0
code, out = run("event", "start-round", path)
assert code == 0, out
code, out = run(
    "event", "seat", path, "--round", "2", "--tables", "p1,p2:p3,p4;p5,p6:p7,p8"
)
print("SEAT", code, out.strip())
print("STORE", sorted(m for m in sys.modules if m.startswith("euchre.store")) == loaded_before)
print("ROUNDS", "euchre.store.night.rounds" in sys.modules, "euchre.store.online" in sys.modules)
"""


def test_add_player_withdraw_start_round_and_seat_never_load_the_store(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "night.json")],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = {line.split(" ", 1)[0]: line for line in done.stdout.splitlines()}
    # The CLI's words for an empty name are the web app's.
    assert lines["EMPTY"] == "EMPTY 1 error: player name must not be empty"
    assert lines["SEAT"].startswith("SEAT 0 round 2 seated by hand")
    # "event new" still reads the store's config parser; the four commands add nothing to it.
    assert lines["STORE"] == "STORE True"
    assert lines["ROUNDS"] == "ROUNDS False False"
