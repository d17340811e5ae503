#!/usr/bin/env bash
# Set up everything the test suite needs on a fresh Debian machine, then run it:
# Debian's chromium (browser tests) and postgresql (storage tests), uv, the Python deps,
# then ruff, mypy --strict and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
command -v uv >/dev/null 2>&1 || python3 -m pip install -q uv
uv sync -q
uv run ruff check src tests bench
uv run mypy
uv run pytest -n 2 "$@"
