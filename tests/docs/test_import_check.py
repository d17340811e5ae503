"""The import check (``scripts/check_imports.py``) sees what Python runs: a package ``__init__``
that registers a feature on import is part of a cycle, and a private name read through a module
alias is a private import. Importing a core store module loads no feature."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.fresh_python import run_fresh

ROOT = Path(__file__).resolve().parents[2]


def run_check(tree: Path) -> str:
    """The check's output on a copy of its script run over ``tree`` (a ``src`` folder)."""
    script = (ROOT / "scripts" / "check_imports.py").read_text(encoding="utf-8")
    copy = tree.parent / "scripts" / "check_imports.py"
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_text(script, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(copy)], capture_output=True, text=True, check=False, cwd=tree.parent
    )
    return done.stdout


def write(tree: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = tree / "euchre" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_package_init_that_registers_a_feature_on_import_is_a_cycle(tmp_path: Path) -> None:
    tree = tmp_path / "src"
    write(
        tree,
        {
            "__init__.py": "",
            "store/__init__.py": (
                "from euchre.store import hooks, online\n"
                "hooks.on_round_started(online.open_tables)\n"
            ),
            "store/hooks.py": "def on_round_started(callback): ...\n",
            "store/rounds.py": "from euchre.store import hooks\n",
            "store/online.py": "from euchre.store import rounds\ndef open_tables(): ...\n",
        },
    )
    output = run_check(tree)
    assert "1 import cycles" in output
    assert (
        "euchre.store <-> euchre.store.hooks <-> euchre.store.online <-> euchre.store.rounds"
        in output
    )


def test_a_package_init_that_only_re_exports_is_no_cycle(tmp_path: Path) -> None:
    tree = tmp_path / "src"
    write(
        tree,
        {
            "__init__.py": "",
            "engine/__init__.py": "from euchre.engine.cards import Card\n",
            "engine/cards.py": "from euchre.engine import errors\nclass Card: ...\n",
            "engine/errors.py": "",
            "web/__init__.py": "",
            "web/page.py": "from euchre.engine import Card\n",
        },
    )
    assert "0 import cycles, 0 private" in run_check(tree)


def test_a_private_name_read_through_a_module_alias_is_a_private_import(tmp_path: Path) -> None:
    tree = tmp_path / "src"
    write(
        tree,
        {
            "__init__.py": "",
            "engine/__init__.py": "",
            "engine/actions.py": "_SIMPLE = ()\n",
            "engine/state.py": "from euchre.engine import actions as codes\nA = codes._SIMPLE\n",
        },
    )
    output = run_check(tree)
    assert "engine/state.py:2: _SIMPLE read through euchre.engine.actions" in output
    assert "1 private names" in output


def test_the_project_has_no_cycle_and_no_private_import() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check_imports.py")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (
        done.stdout.splitlines()[-1]
        == "0 import cycles, 0 private names imported across modules, 0 imports across a layer"
    )


def test_importing_the_round_services_does_not_load_online_nights() -> None:
    code = (
        "import sys, euchre.store.night.rounds\n"
        "print('euchre.store.online' in sys.modules, 'euchre.online' in sys.modules)\n"
    )
    done = run_fresh(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]


def test_the_app_wires_online_nights_onto_the_round_lifecycle(tmp_path: Path) -> None:
    code = (
        "from euchre.store import lifecycle\n"
        "from euchre.web.app import create_app\n"
        f"create_app('sqlite:///{tmp_path / 'e.db'}')\n"
        "from euchre.store import online\n"
        "print(online.open_online_tables in lifecycle.round_started_hooks())\n"
    )
    done = run_fresh(code)
    assert done.stdout.split()[-1:] == ["True"], done.stderr[-2000:]
