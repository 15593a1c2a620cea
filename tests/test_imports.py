"""No import cycle among the modules of riichi_rules, read statically (``ast``): every
``import`` and ``from ... import`` of the package counts, wherever it stands (at the top, in a
function, under ``if TYPE_CHECKING``). A cycle hidden by a function-level import still ties
the modules together: neither can be understood, tested or moved without the other.

An import names a module: ``from riichi_rules.records import mjai`` is an edge to
``riichi_rules.records.mjai`` (a module), ``from riichi_rules.records.events import Draw`` an
edge to ``riichi_rules.records.events`` (``Draw`` is no module), ``from riichi_rules import
resources`` an edge to ``riichi_rules.resources``. The packages a module sits in are not
counted as imported by it (Python runs their ``__init__`` first, but the package root's only
imports are its lazy API: :mod:`riichi_rules`)."""

from __future__ import annotations

import ast
from pathlib import Path

import riichi_rules

PACKAGE = Path(riichi_rules.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _absolute(node: ast.ImportFrom, name: str, is_package: bool) -> str:
    """The module an ``from ... import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = name.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports(name: str, path: Path, known: set[str]) -> dict[str, int]:
    """The package's modules that ``name`` imports, each with the line of its first import."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: dict[str, int] = {}
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, name, is_package)
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known
                       else source for alias in node.names]
        for target in targets:
            if target in known and target != name:
                found.setdefault(target, node.lineno)
    return found


def graph() -> dict[str, dict[str, int]]:
    found = modules()
    known = set(found)
    return {name: imports(name, path, known) for name, path in found.items()}


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each in name
    order: every module of one imports, through the others, every other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def describe(component: list[str], edges: dict[str, dict[str, int]]) -> str:
    """The imports that tie a cycle's modules together, ``a -> b (line n)`` each."""
    members = set(component)
    return "; ".join(f"{a} -> {b} (line {line})" for a in component
                     for b, line in sorted(edges[a].items()) if b in members)


def test_the_reading_of_imports_sees_every_form(tmp_path: Path) -> None:
    """The reader of imports itself, on a made-up module (a derivation: each import form
    and the module it names, by the rules above)."""
    known = {"riichi_rules.records", "riichi_rules.records.events", "riichi_rules.records.mjai",
             "riichi_rules.records.files", "riichi_rules.tiles", "riichi_rules.hand"}
    probe = tmp_path / "files.py"
    probe.write_text(
        "import riichi_rules.tiles\n"                       # line 1: a module by name
        "from riichi_rules.records import mjai\n"          # line 2: a submodule by name
        "from .events import Draw\n"                       # line 3: relative, a name in it
        "def f():\n"
        "    from riichi_rules.hand import Meld\n"         # line 5: inside a function
        "import json\n",                                   # line 6: not the package's
        encoding="utf-8")
    assert imports("riichi_rules.records.files", probe, known) == {
        "riichi_rules.tiles": 1, "riichi_rules.records.mjai": 2,
        "riichi_rules.records.events": 3, "riichi_rules.hand": 5}


def test_the_cycle_finder_finds_a_cycle_through_three_modules() -> None:
    edges = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b": 1}, "b": {}}) == []


def test_no_import_cycle_among_the_package_modules() -> None:
    edges = graph()
    # the graph was read: a reader imports the record's types
    assert "riichi_rules.records.events" in edges["riichi_rules.records.mjai"]
    found = cycles(edges)
    assert not found, "import cycles: " + " | ".join(describe(c, edges) for c in found)
