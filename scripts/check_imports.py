"""Find import cycles between the files of ``src/euchre`` and private names imported across
modules (the house style's "folders without knots").

Every ``import`` counts, deferred ones inside functions and ``TYPE_CHECKING`` blocks included:
a deferred import hides a cycle from Python, not from the reader. A cycle is a strongly
connected group of two or more files; a private import is ``from a import _name`` where ``a``
is another module of the package (a package's own ``__init__`` re-exports count too), or a
read of ``alias._name`` through a module imported under a name (``from euchre.x import codes``
then ``codes._SIMPLE``).

Importing ``a.b.c`` first runs the ``__init__`` of ``a`` and of ``a.b``, so an import from
outside a package also counts an edge to that package's ``__init__`` (a package ``__init__``
that imports a feature then shows as the cycle it is). A module's own parent packages are
already initialised when it runs, so they add no edge, unless the parent's ``__init__`` runs
code on import (a call at its top level, such as registering a feature's hooks): then every
module of that package depends on it, and that edge counts too.

It also holds the layers: the rules engine (``euchre.engine``) imports nothing else of the
package (it reads the built-in sheets' ``[profile]`` tables as data, never the tournament's
code), so every other layer can build on it. A layer import is always an error.

Usage: ``python scripts/check_imports.py [--max-cycles N] [--max-private N]``. It prints each
cycle, each private import and each import across a layer, and exits 1 when a count is above
its maximum (0 unless given; layer imports: always 0), so CI can hold the line while a clean-up
is under way.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "euchre"
LAYERS: dict[str, tuple[str, ...]] = {"euchre.engine": ("euchre.engine",)}
"""A layer (a package) and the only parts of ``euchre`` its modules may import."""


def crosses_layer(importer: str, target: str) -> bool:
    """Whether ``importer`` importing ``target`` leaves what its layer may import."""
    for layer, allowed in LAYERS.items():
        if importer == layer or importer.startswith(layer + "."):
            return not any(target == part or target.startswith(part + ".") for part in allowed)
    return False


def module_name(path: Path) -> str:
    """The dotted module name of a file under ``src/``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute module a (possibly relative) ``from`` import names."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, target] if target else base)


def imports_of(path: Path, modules: set[str]) -> Iterator[tuple[str, str | None, int]]:
    """Each ``(module imported, name imported or None, line)`` of one file, within the package."""
    name = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    yield alias.name, None, node.lineno
        elif isinstance(node, ast.ImportFrom):
            source = resolve(name, path.name == "__init__.py", node.level, node.module)
            if source.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in modules:
                    yield submodule, None, node.lineno
                else:
                    yield source, alias.name, node.lineno


def packages_entered(target: str, importer: str, modules: set[str]) -> Iterator[str]:
    """The package ``__init__`` modules that importing ``target`` runs for ``importer``: each
    ancestor package of ``target`` that is not also an ancestor of (or) the importer."""
    parts = target.split(".")
    own = importer.split(".")
    for depth in range(2, len(parts)):
        package = ".".join(parts[:depth])
        if package in modules and own[:depth] != parts[:depth]:
            yield package


def runs_code_on_import(path: Path) -> bool:
    """Whether a package ``__init__`` makes a call at its top level (not only imports,
    definitions and constants)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return any(
        isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) for node in tree.body
    )


def module_aliases(path: Path, modules: set[str]) -> dict[str, str]:
    """Local names bound to a module of the package (``import euchre.a.b as m``,
    ``from euchre.a import b``), each with the module it names."""
    name = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in modules:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            source = resolve(name, path.name == "__init__.py", node.level, node.module)
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in modules:
                    aliases[alias.asname or alias.name] = submodule
    return aliases


def private_reads(path: Path, modules: set[str]) -> Iterator[tuple[str, str, int]]:
    """Each ``(module, private name, line)`` read as ``alias._name`` through a module alias."""
    aliases = module_aliases(path, modules)
    if not aliases:
        return
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr.startswith("_")
            and not (node.attr.startswith("__") and node.attr.endswith("__"))
        ):
            yield aliases[node.value.id], node.attr, node.lineno


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with two or more members."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for neighbour in sorted(graph.get(node, ())):
            if neighbour not in index:
                visit(neighbour)
                low[node] = min(low[node], low[neighbour])
            elif neighbour in on_stack:
                low[node] = min(low[node], index[neighbour])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def main() -> int:
    """Print the cycles and private imports; exit 1 when over the allowed counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-cycles", type=int, default=0)
    parser.add_argument("--max-private", type=int, default=0)
    args = parser.parse_args()

    files = sorted((ROOT / PACKAGE).rglob("*.py"))
    modules = {module_name(path) for path in files}
    graph: dict[str, set[str]] = {}
    private: list[str] = []
    layered: list[str] = []
    for path in files:
        name = module_name(path)
        edges = graph.setdefault(name, set())
        rel = path.relative_to(ROOT.parent)
        for target, imported, lineno in imports_of(path, modules):
            if target != name and target in modules:
                edges.add(target)
            edges.update(packages_entered(target, name, modules))
            if crosses_layer(name, target):
                layered.append(f"{rel}:{lineno}: {name} imports {target}")
            if imported is not None and imported.startswith("_") and target != name:
                private.append(f"{rel}:{lineno}: {imported} from {target}")
        for target, attribute, lineno in private_reads(path, modules):
            if target != name:
                private.append(f"{rel}:{lineno}: {attribute} read through {target}")
    for path in files:
        if path.name == "__init__.py" and runs_code_on_import(path):
            package = module_name(path)
            for member in modules:
                if member.startswith(f"{package}.") and member in graph:
                    graph[member].add(package)
    cycles = strongly_connected(graph)
    for group in cycles:
        print(f"cycle ({len(group)} files): {' <-> '.join(group)}")
    for entry in private:
        print(f"private import: {entry}")
    for entry in layered:
        print(f"layer import: {entry}")
    print(
        f"{len(cycles)} import cycles, {len(private)} private names imported across modules, "
        f"{len(layered)} imports across a layer"
    )
    over = len(cycles) > args.max_cycles or len(private) > args.max_private
    return 1 if over or layered else 0


if __name__ == "__main__":
    raise SystemExit(main())
