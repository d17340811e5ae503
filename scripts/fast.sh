#!/usr/bin/env bash
# The fast lane for local work: lint, then every test that needs no Chromium, no PostgreSQL
# server and is not marked slow (about 95 % of the tests; the servers and browsers they skip
# are where the full run spends half its time). It installs nothing and skips mypy and the
# import check: run `bash scripts/test.sh` (what CI runs) before a commit that is done.
# Arguments go to pytest, e.g. `bash scripts/fast.sh tests/web -x`; EUCHRE_TEST_WORKERS sets
# the number of xdist workers (default 2; 0 runs in this process).
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never
uv run ruff check src tests bench
uv run ruff format --check src tests bench
uv run pytest -n "${EUCHRE_TEST_WORKERS:-2}" --dist worksteal --durations=10 \
  -m "not browser and not postgres and not slow" "$@"
