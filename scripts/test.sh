#!/usr/bin/env bash
# Set up everything the test suite needs on a fresh Debian machine, then run it:
# Debian's chromium (browser tests) and postgresql (storage tests), uv, the Python deps,
# then ruff (lint and format), and pytest with mypy --strict and the import-cycle check beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(npm)
# Emoji for the chat's emotes in the browser tests' screenshots (headless Chromium draws boxes
# without a colour emoji font; players' phones have one).
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || need+=(fonts-noto-color-emoji)
[ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
command -v uv >/dev/null 2>&1 || python3 -m pip install -q uv
# Byte-compiled once, here: uv installs without .pyc files, and where PYTHONDONTWRITEBYTECODE is
# set no process writes them, so every test worker and every `euchre serve` the browser tests
# start compiled the app and its libraries again (about 1.7 s of CPU each; 1.1 s with them).
uv sync -q --compile-bytecode
uv run python -m compileall -q src
# axe-core, pinned, for the accessibility checks of the play pages (injected only in tests;
# tests/play/test_browser_table.py skips that check when it is missing).
AXE_CORE_VERSION=4.14.1
if [ ! -f tests/.axe/node_modules/axe-core/axe.min.js ]; then
  npm install --no-save --no-audit --no-fund --prefix tests/.axe "axe-core@${AXE_CORE_VERSION}" >/dev/null
fi
uv run ruff check src tests bench
uv run ruff format --check src tests bench
# mypy --strict and the import check (no import cycle between files of src/ and no private name
# imported across modules: the house style's "folders without knots") only read the code, so
# they run beside pytest, whose workers leave about half a core of the two idle: mypy from cold
# is about 21 s of one core, the import check 1.5 s (docs/testing-web.md). Their output is
# printed after pytest's, each under its name, and either failing fails the script.
checks="$(mktemp -d)"
trap 'running="$(jobs -p)"; [ -z "$running" ] || kill $running 2>/dev/null; rm -rf "$checks"' EXIT
uv run mypy >"$checks/mypy" 2>&1 &
mypy_job=$!
uv run python scripts/check_imports.py --max-cycles 0 --max-private 0 >"$checks/imports" 2>&1 &
imports_job=$!
# The slowest 25 tests (set-up, call and tear-down apart) are printed after every run, so a
# test that grows slow is seen where it is added.
# Three workers on two cores: a third of the suite's time is waiting (Chromium drawing, servers
# starting, a page's next poll), which more workers fill; measured in docs/testing-web.md.
status=0
uv run pytest -n "${EUCHRE_TEST_WORKERS:-3}" --dist worksteal --durations=25 "$@" || status=$?
mypy_status=0
wait "$mypy_job" || mypy_status=$?
echo "== mypy --strict (ran beside pytest)"
cat "$checks/mypy"
[ "$mypy_status" -eq 0 ] || { echo "mypy failed (exit $mypy_status)"; status=1; }
imports_status=0
wait "$imports_job" || imports_status=$?
echo "== import check (ran beside pytest)"
cat "$checks/imports"
[ "$imports_status" -eq 0 ] || { echo "the import check failed (exit $imports_status)"; status=1; }
exit "$status"
