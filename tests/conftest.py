"""Shared test settings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.pgcluster import PostgresCluster, find_postgres_bin

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=100
)
settings.load_profile("default")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for this test session (one per xdist worker).

    Skipped with a reason only when the server binaries are missing; CI installs them
    (``scripts/test.sh``), so there these tests always run.
    """
    if find_postgres_bin() is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) not installed")
    cluster = PostgresCluster(durable=False)
    try:
        yield cluster.start()
    finally:
        cluster.stop()
