"""A route module (a module of ``euchre.web`` with a ``router``) is read on its own: what a page
shows is built by a read model (``euchre.web.views``) or a helpers module, never borrowed from
another page's routes, so a walk from a URL to its data never detours through a sibling page
(docs/where-to-change.md, "what a page shows"). Only the wiring (``web.app``,
``web.play_install``) imports route modules."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
WIRING = {"euchre.web.app", "euchre.web.play.install"}
"""The modules that put the routers into the app."""


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _has_router(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.Assign | ast.AnnAssign)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "APIRouter"
        for node in tree.body
    )


def _route_imports() -> set[tuple[str, str]]:
    """Every (importer, route module) edge of ``src/euchre``, deferred imports included."""
    trees = {_module(path): ast.parse(path.read_text("utf-8")) for path in SRC.rglob("*.py")}
    routes = {name for name, tree in trees.items() if _has_router(tree)}
    edges = set()
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            else:
                continue
            edges |= {(name, target) for target in targets if target in routes and target != name}
    return edges


def test_the_check_sees_the_route_modules() -> None:
    edges = _route_imports()
    assert ("euchre.web.app", "euchre.web.pages.dashboard") in edges
    assert ("euchre.web.play.install", "euchre.web.play.api") in edges


def test_no_route_module_is_imported_but_by_the_wiring() -> None:
    imported = {edge for edge in _route_imports() if edge[0] not in WIRING}
    assert imported == set(), (
        "a module imports a route module: move what it needs into euchre.web.views (what a "
        "page shows) or a helpers module"
    )
