"""Generated code as it is kept and run: the compiled modules :mod:`riichi_rules.language.codegen`
wrote, the description of every global they read, and the functions made from them.

The functions are made with :class:`types.FunctionType` from the code objects inside each
module's code (the modules themselves are never run). Their globals are made from
:data:`Descriptor` values, plain data, so that code kept on disk (:mod:`riichi_rules.scoring.
cache`) gets the same globals in another process. This module needs nothing of the front end:
a program loaded from the cache runs without the parser, the typer or the generator.
"""

from __future__ import annotations

import builtins
import marshal
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import CodeType, FunctionType
from typing import Any

from riichi_rules.language import vocabulary as v
from riichi_rules.language.arithmetic import guarded
from riichi_rules.readings import Form, Shape, Wait
from riichi_rules.tiles import Suit, Tile

# A global of the generated code, described so that it can be made again in another process:
# ("tile", kind, red), ("tiles", ((kind, red), ...)), ("enum", class, value),
# ("get", vocabulary, feature), ("present", vocabulary, feature), ("call", function),
# ("attr", type, attribute), ("tile_test", property), ("group_test", property),
# ("situational", property), ("guarded", operator, place), ("helper", name) or
# ("extra", key): an object the caller gives (a rule of the program).
Descriptor = tuple[Any, ...]

FILENAME = "<riichi-rules generated>"  # the file name of generated code (in tracebacks)
MISSING: Any = object()  # a shared value not computed yet
ENUMS: dict[str, type[Enum]] = {"Suit": Suit, "Form": Form, "Wait": Wait, "Shape": Shape}


def same(a: Any, b: Any) -> bool:
    """Equality of the language: tiles are equal when their kinds are (red or not)."""
    if isinstance(a, Tile) and isinstance(b, Tile):
        return a.kind == b.kind
    return bool(a == b)


_HELPERS: dict[str, Any] = {"missing": MISSING, "same": same}


def vocabularies() -> dict[str, Mapping[str, v.Feature]]:
    """The features each vocabulary offers, by the name descriptors use."""
    from riichi_rules.language.table_vocabulary import TABLE_FEATURES

    return {"scoring": v.FEATURES, "table": TABLE_FEATURES}


def resolve(descriptor: Descriptor, extra: Callable[[Any], Any]) -> Any:
    """The object a descriptor describes (``extra`` gives those the caller owns)."""
    kind = descriptor[0]
    if kind == "tile":
        return Tile.of(descriptor[1], descriptor[2])
    if kind == "tiles":
        return tuple(Tile.of(k, red) for k, red in descriptor[1])
    if kind == "enum":
        return ENUMS[descriptor[1]](descriptor[2])
    if kind in ("get", "present"):
        feature = vocabularies()[descriptor[1]][descriptor[2]]
        return feature.get if kind == "get" else feature.present
    if kind == "call":
        return v.FUNCTIONS[descriptor[1]].call
    if kind == "attr":
        return v.ATTRIBUTES[descriptor[1]][descriptor[2]].get
    if kind == "tile_test":
        return v.TILE_PREDICATES[descriptor[1]].test
    if kind == "situational":
        return v.TILE_PREDICATES[descriptor[1]].situational
    if kind == "group_test":
        return v.GROUP_PREDICATES[descriptor[1]].test
    if kind == "guarded":
        return guarded(descriptor[1], descriptor[2])
    if kind == "helper":
        return _HELPERS[descriptor[1]]
    if kind == "extra":
        return extra(descriptor[1])
    raise ValueError(f"unknown descriptor {descriptor!r}")


def attribute_path(getter: Any) -> str | None:
    """The dotted attribute path an ``operator.attrgetter`` of one path reads, else None."""
    if type(getter) is not operator.attrgetter:
        return None
    reduced: Any = getter.__reduce__()
    paths: tuple[Any, ...] = reduced[1]
    if len(paths) != 1 or not isinstance(paths[0], str):
        return None
    return paths[0]


def no_extra(key: Any) -> Any:
    raise ValueError(f"no object for {key!r}")


def functions_of(codes: Sequence[CodeType], names: Sequence[str], namespace: dict[str, Any]
                 ) -> dict[str, FunctionType]:
    """The functions of compiled modules, made with ``namespace`` as their globals (the
    modules themselves are not run)."""
    wanted = set(names)
    return {c.co_name: FunctionType(c, namespace, c.co_name)
            for code in codes for c in code.co_consts
            if isinstance(c, CodeType) and c.co_name in wanted}


@dataclass(frozen=True)
class Generated:
    """The code of one program's rules (scoring or table): the compiled modules, the
    description of each global, the names of the functions; and, live, the globals and the
    functions made from them."""

    codes: tuple[CodeType, ...]
    constants: Mapping[str, Descriptor]
    names: tuple[str, ...]
    namespace: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    functions: Mapping[str, FunctionType] = field(default_factory=dict, compare=False,
                                                  repr=False)

    @staticmethod
    def made(codes: Sequence[CodeType], constants: Mapping[str, Descriptor],
             names: Sequence[str]) -> Generated:
        """The functions made again from kept code, their globals from the descriptors (the
        objects of the caller are set later, by :meth:`fill`)."""
        namespace: dict[str, Any] = {"__builtins__": builtins}
        for name, descriptor in constants.items():
            if descriptor[0] != "extra":
                namespace[name] = resolve(descriptor, no_extra)
        return Generated(tuple(codes), dict(constants), tuple(names), namespace,
                         functions_of(codes, names, namespace))

    def fill(self, extra: Callable[[Any], Any]) -> None:
        """Set the globals that hold objects of the caller."""
        for name, descriptor in self.constants.items():
            if descriptor[0] == "extra":
                self.namespace[name] = resolve(descriptor, extra)

    def dumps(self) -> bytes:
        """The code and its descriptions as bytes (``marshal``: for this Python only)."""
        return marshal.dumps((self.codes, dict(self.constants), self.names))

    @staticmethod
    def loads(data: bytes) -> Generated:
        codes, constants, names = marshal.loads(data)
        return Generated.made(codes, constants, names)
