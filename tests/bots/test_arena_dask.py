"""``euchre arena --scheduler``: deals on a Dask cluster give the local pool's figures."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from euchre.bots import arena
from euchre.bots.arena import run_arena
from euchre.cli.main import app
from euchre.engine.errors import EuchreError

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A local two-worker Dask cluster (processes, 127.0.0.1 only)."""
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def _without_times(data: dict[str, Any]) -> dict[str, Any]:
    """The arena's JSON less the decision times (which depend on the machine)."""
    per_bot = {
        label: {key: value for key, value in figures.items() if not key.startswith("decision")}
        for label, figures in data["per_bot"].items()
    }
    return data | {"per_bot": per_bot}


def test_a_dask_cluster_gives_the_same_result_as_the_local_pool(scheduler: str) -> None:
    local = run_arena(("rules", "easy"), deals=12, seed=31, workers=2)
    remote = run_arena(("rules", "easy"), deals=12, seed=31, scheduler=scheduler)
    assert _without_times(remote.to_json()) == _without_times(local.to_json())
    assert remote.diff == local.diff
    assert remote.tallies[0].points == local.tallies[0].points


def test_cli_arena_runs_on_the_scheduler(scheduler: str) -> None:
    outcome = CliRunner().invoke(
        app,
        [
            "arena",
            "--bots",
            "rules,random",
            "--deals",
            "4",
            "--seed",
            "3",
            "--json",
            "--scheduler",
            scheduler,
        ],
    )
    assert outcome.exit_code == 0, outcome.output
    local = run_arena(("rules", "random"), deals=4, seed=3)
    assert json.loads(outcome.output)["diff"] == local.to_json()["diff"]


def test_an_unreachable_scheduler_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "SCHEDULER_TIMEOUT_S", 2.0)
    with pytest.raises(EuchreError, match="Dask scheduler"):
        run_arena(("rules", "random"), deals=2, seed=1, scheduler="tcp://127.0.0.1:9")
