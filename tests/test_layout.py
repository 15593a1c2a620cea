"""The package's layout as issue #14 asks it, and as docs/architecture.md draws it:

* every module is named, with its job, in the section of docs/architecture.md for its package,
  so a newcomer finds the flow in the folder layout module by module;
* the packages stand in layers, and a module imports only from its own layer or an earlier
  one (read statically, as tests/test_imports.py reads imports);
* a module of more than about 600 lines says at its top why it is one module (a paragraph of
  its docstring that starts ``Long because``), so a newcomer meeting a long file knows whether
  it is one job or a split waiting to happen."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.test_imports import PACKAGE, graph, modules

ARCHITECTURE = Path(__file__).parents[1] / "docs" / "architecture.md"
ROOT = "(root)"
# the layers of docs/architecture.md, "The package, module by module", earliest first
LAYERS: tuple[tuple[str, ...], ...] = (
    (ROOT,), ("language",), ("rulesets",), ("scoring",), ("records",), ("referee",),
    ("conformance",), ("search",), ("comparison",), ("impact",), ("docs",), ("cli",),
)
LONGEST_WITHOUT_A_REASON = 600
REASON = "Long because"


def _package(module: str) -> str:
    """The package a module is in (the root's own modules: ROOT)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (PACKAGE / parts[-1]).is_dir() else ROOT


def _layer(package: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if package in layer)


def _sections() -> dict[str, set[str]]:
    """The modules each section of docs/architecture.md names, by package."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    out: dict[str, set[str]] = {}
    for heading, body in re.findall(r"^### (.+)\n((?:(?!^#).*\n)*)", text, re.M):
        named = re.match(r"`(\w+)/`", heading)
        package = named.group(1) if named else ROOT if heading.startswith("The root") else None
        if package is not None:
            out[package] = set(re.findall(r"^\| `(\w+\.py)` \|", body, re.M))
    return out


def test_every_package_is_in_a_layer() -> None:
    packages = {_package(name) for name in modules() if name != "riichi_rules"}
    assert packages == {p for layer in LAYERS for p in layer}


def test_every_module_is_named_in_the_architecture() -> None:
    sections = _sections()
    missing, stale = [], []
    for name, path in modules().items():
        if path.name == "__init__.py":
            continue
        if path.name not in sections.get(_package(name), set()):
            missing.append(name)
    for package, named in sections.items():
        folder = PACKAGE if package == ROOT else PACKAGE / package
        stale += [f"{package}/{n}" for n in sorted(named) if not (folder / n).is_file()]
    assert not missing, f"modules docs/architecture.md does not name in their package: {missing}"
    assert not stale, f"docs/architecture.md names modules that are not there: {stale}"


def test_imports_run_to_the_same_layer_or_an_earlier_one() -> None:
    upward = []
    for name, targets in graph().items():
        if name == "riichi_rules":  # the lazy API names everything
            continue
        for target, line in targets.items():
            if _layer(_package(target)) > _layer(_package(name)):
                upward.append(f"{name} -> {target} (line {line})")
    assert not upward, "imports of a later layer (docs/architecture.md): " + "; ".join(upward)


def _says_why(text: str) -> bool:
    doc = ast.get_docstring(ast.parse(text)) or ""
    return any(p.startswith(REASON) for p in doc.split("\n\n"))


def test_every_long_module_says_why_it_is_one_module() -> None:
    silent = []
    for name, path in modules().items():
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > LONGEST_WITHOUT_A_REASON and not _says_why(text):
            silent.append(f"{name} ({len(text.splitlines())} lines)")
    assert not silent, (
        f"modules over {LONGEST_WITHOUT_A_REASON} lines with no paragraph starting "
        f"{REASON!r} in their docstring: split them, or say why they are one module: "
        + ", ".join(silent))


def test_a_reason_is_kept_only_while_the_module_is_long() -> None:
    """A module cut down to size drops its reason: a stale one would excuse the next growth."""
    stale = []
    for name, path in modules().items():
        text = path.read_text(encoding="utf-8")
        if _says_why(text) and len(text.splitlines()) <= LONGEST_WITHOUT_A_REASON // 2:
            stale.append(f"{name} ({len(text.splitlines())} lines)")
    assert not stale, "modules under half the limit that still say why they are long: " + \
        ", ".join(stale)
