"""The modules mypyc may compile, and whether this process runs them compiled.

``RIICHI_RULES_MYPYC=1 pip install [-e] .`` (hatch_build.py at the project root) compiles
:data:`MODULES` into extension modules beside their source, with :data:`STAMP`, the digest of
each source compiled. Python imports an extension module in place of its source; they run
compiled all together or not at all (a compiled module takes the classes of the others in
their compiled form). Every one is imported from its source instead when
``RIICHI_RULES_PURE_PYTHON`` is set (to anything but ``""`` or ``0``), when one was not built,
or when a source changed after the build (with a warning: build again).

The classes the rules' generated code reads in every loop (``Group``, ``GroupTraits``,
``Reading``, ``Win``, ``Meld``) are kept ordinary Python classes in the compiled modules
(``@mypyc_attr(native_class=False)``): interpreted code reads an attribute of a native class
through a descriptor call, about three times as slow as a slot, and the scorer lost more there
than it won (bench/README.md). ``Tile`` stays native: the compiled referee reads it most.
"""

from __future__ import annotations

import copyreg
import os
import sys
import warnings
import zlib
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from importlib.util import spec_from_file_location
from types import ModuleType
from typing import Any

__all__ = [
    "MODULES", "PURE_VARIABLE", "STAMP", "choose", "describe", "digest", "extension_path",
    "pickled_by_fields", "source_path", "type_hints",
]

MODULES = (
    "riichi_rules.tiles",
    "riichi_rules.hand",
    "riichi_rules.readings",
    "riichi_rules.waits",
    "riichi_rules.language.arithmetic",
    "riichi_rules.scoring.result",
    "riichi_rules.scoring.scorer",
    "riichi_rules.referee.hand",
    "riichi_rules.referee.questions",
    "riichi_rules.referee.mechanics",
    "riichi_rules.referee.state",
    "riichi_rules.referee.game",
    "riichi_rules.referee.settlement",
    "riichi_rules.records.events",
    "riichi_rules.records.follower",
    "riichi_rules.records.mjlog_codes",
    "riichi_rules.records.mjlog",
    "riichi_rules.records.tenhou6",
    "riichi_rules.records.mjai",
    "riichi_rules.records.riichi_city",
)
"""The modules compiled by mypyc (where scoring and replay spend their time: bench/README.md)."""

PURE_VARIABLE = "RIICHI_RULES_PURE_PYTHON"
"""The environment variable that makes the package run its source even where compiled."""

STAMP = "mypyc-build.txt"
"""The file, in the package's folder, of the modules compiled: a line ``module digest``
(:func:`digest` of the source compiled)."""

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # holds riichi_rules/


def source_path(module: str) -> str:
    """The source file of ``module`` (one of :data:`MODULES`)."""
    return os.path.join(_ROOT, *module.split(".")) + ".py"


def extension_path(module: str) -> str:
    """The file mypyc's build of ``module`` is, for this Python."""
    return os.path.join(_ROOT, *module.split(".")) + EXTENSION_SUFFIXES[0]


def choose() -> tuple[str, ...]:
    """The modules this process runs compiled: every one of :data:`MODULES`, or none (then
    each is imported from its source, whatever was built beside it)."""
    built = [m for m in MODULES if os.path.exists(extension_path(m))]
    if not built:
        return ()
    if _wanted(os.environ.get(PURE_VARIABLE, "")):
        why = ""
    elif len(built) < len(MODULES):
        why = f"not all of them are built ({len(built)} of {len(MODULES)})"
    else:
        why = _stale()
        if not why:
            return MODULES
    if why:
        warnings.warn(f"riichi-rules runs pure Python: {why}; build again with "
                      "RIICHI_RULES_MYPYC=1 pip install -e .", stacklevel=2)
    sys.meta_path.insert(0, _SourceFinder())
    return ()


def describe(compiled: Sequence[str]) -> str:
    """What runs, for ``riichi --version`` and the benchmarks: compiled (how many modules) or
    pure Python."""
    return f"compiled by mypyc: {len(compiled)} modules" if compiled else "pure Python"


def digest(source: bytes) -> str:
    """The digest of a source file in :data:`STAMP`: its CRC-32 (an edit shows; hashlib's
    import alone would cost 2.5 ms a start)."""
    return f"{zlib.crc32(source):08x}"


def _wanted(value: str) -> bool:
    return value.strip() not in ("", "0")


def _stale() -> str:
    """Why the compiled modules do not match their sources ("" when they do)."""
    try:
        with open(os.path.join(_ROOT, "riichi_rules", STAMP), encoding="utf-8") as file:
            stamp = dict(line.split() for line in file if line.strip())
    except (OSError, ValueError):
        return f"{STAMP}, the digests of the sources compiled, is missing or unreadable"
    if set(stamp) != set(MODULES):
        return "the build compiled other modules than riichi_rules.native.MODULES"
    for module in MODULES:
        with open(source_path(module), "rb") as source:
            if stamp.get(module) != digest(source.read()):
                return f"{module} changed after it was compiled"
    return ""


class _SourceFinder:
    """Imports :data:`MODULES` from their source files, not from their compiled form (a
    finder of ``sys.meta_path``; not an ``importlib.abc.MetaPathFinder``, whose import costs
    10 ms a start)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return spec_from_file_location(fullname, source_path(fullname))


def pickled_by_fields(*classes: type) -> None:
    """Pickle (and copy) these dataclasses through their constructor: the form mypyc compiles
    would set the fields one by one on a new object, which a frozen dataclass refuses (and
    make that object by calling the class with no arguments, where a compiled ``__init__``
    wants its fields). The same in both forms, so that each reads what the other pickled."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields)


def _by_fields(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    import dataclasses  # when pickling: not at every start

    cls = type(obj)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    args = tuple([getattr(obj, f.name) for f in fields if not f.kw_only])
    keywords = {f.name: getattr(obj, f.name) for f in fields if f.kw_only}
    return (_made, (cls, args, keywords)) if keywords else (cls, args)


def _made(cls: type, args: tuple[Any, ...], keywords: dict[str, Any]) -> Any:
    """An object made again by :func:`_by_fields` (a class with keyword-only fields)."""
    return cls(*args, **keywords)


def type_hints(cls: type) -> dict[str, Any]:
    """The types of a class's annotated names, as ``typing.get_type_hints`` gives them; for a
    class compiled by mypyc (which keeps only each one's runtime class: ``tuple`` for
    ``tuple[Tile, ...]``), as its source writes them."""
    import typing

    module = sys.modules[cls.__module__]
    if not str(getattr(module, "__file__", "")).endswith(EXTENSION_SUFFIXES[0]):
        return typing.get_type_hints(cls)
    import ast

    with open(source_path(cls.__module__), encoding="utf-8") as file:
        tree = ast.parse(file.read())
    found = next(node for node in ast.walk(tree)
                 if isinstance(node, ast.ClassDef) and node.name == cls.__name__)
    return {item.target.id: eval(ast.unparse(item.annotation), vars(module))  # our source
            for item in found.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
