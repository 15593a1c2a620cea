"""How the typed trees of a program become the functions the scorer and the referee run:
closures (:mod:`riichi_rules.language.compiler`) or generated code
(:mod:`riichi_rules.language.codegen`, the default).

Both take the same folded trees and give the same answers (tests/language/test_evaluate.py
checks them against each other and the reference evaluator). Generated code falls back to
closures for a tree it does not write; for the scorer it also writes one function per list of
yaku that runs every condition of the list at once (:attr:`Checks.run
<riichi_rules.scoring.program.Checks.run>`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from riichi_rules.language import vocabulary as v
    from riichi_rules.language.typed import Typed

Fn = Callable[[Any], Any]
# a fu item per group: (source, the rest of the filter or None, the element's slot, the value
# as a function of the element alone or None)
Each = tuple[Fn, Fn | None, int, Callable[[Any], Any] | None]

BACKENDS = ("generated", "closures")
DEFAULT_BACKEND = "generated"
BACKEND_VARIABLE = "RIICHI_RULES_BACKEND"  # the backend to use when none is given


def default_backend() -> str:
    """The backend named by $RIICHI_RULES_BACKEND, else generated code."""
    chosen = os.environ.get(BACKEND_VARIABLE, DEFAULT_BACKEND)
    if chosen not in BACKENDS:
        raise ValueError(f"${BACKEND_VARIABLE}={chosen!r}: the backends are "
                         f"{', '.join(BACKENDS)}")
    return chosen


class Backend(Protocol):
    """Turns folded typed trees into functions of an environment."""

    name: str

    @property
    def slot_count(self) -> int: ...

    @property
    def cache_size(self) -> int: ...

    def fn(self, tree: Typed, label: str) -> Fn: ...

    def constant(self, value: Any) -> Fn: ...

    def each(self, source: Typed, where: Typed | None, value: Typed) -> tuple[Each, Fn]: ...


class Closures:
    """Trees lowered to closures, sharing loops through the environment's cache cells."""

    name = "closures"

    def __init__(self, trees: Iterable[Typed | None]) -> None:
        from riichi_rules.language.compiler import Lowerer

        self.lowerer = Lowerer()
        self.lowerer.count_uses(trees)

    @property
    def slot_count(self) -> int:
        return self.lowerer.slot_count

    @property
    def cache_size(self) -> int:
        return self.lowerer.cache_size

    def fn(self, tree: Typed, label: str) -> Fn:
        return self.lowerer.lower(tree).fn

    def constant(self, value: Any) -> Fn:
        return lambda env: value

    def each(self, source: Typed, where: Typed | None, value: Typed) -> tuple[Each, Fn]:
        source_c, where_c, slot = self.lowerer.comprehension(source, where)
        per_group = self.lowerer.lower(value, (slot,))
        kernel = per_group.kernel if per_group.kslot == slot else None
        return (source_c.fn, where_c.fn if where_c else None, slot, kernel), per_group.fn


class GeneratedCode:
    """Trees written as Python functions by :class:`~riichi_rules.language.codegen.Generator`
    (a tree it does not write is lowered to a closure instead)."""

    name = "generated"

    def __init__(self, trees: Iterable[Typed | None], features: Mapping[str, v.Feature],
                 vocabulary: str) -> None:
        from riichi_rules.language.codegen import Generator

        self.generator = Generator(features, vocabulary)
        self._trees = tuple(trees)
        self._fallback: Closures | None = None
        self._slots = 0

    @property
    def fallback(self) -> Closures:
        if self._fallback is None:
            self._fallback = Closures(self._trees)
        return self._fallback

    @property
    def slot_count(self) -> int:
        return max(self._slots, self._fallback.slot_count if self._fallback else 0)

    @property
    def cache_size(self) -> int:
        return self._fallback.cache_size if self._fallback else 0

    def fn(self, tree: Typed, label: str) -> Fn:
        from riichi_rules.language.codegen import Unsupported

        try:
            return self.generator.make(self.generator.function(tree, label))
        except Unsupported:
            return self.fallback.fn(tree, label)

    def constant(self, value: Any) -> Fn:
        return self.generator.make(self.generator.constant(value))

    def each(self, source: Typed, where: Typed | None, value: Typed) -> tuple[Each, Fn]:
        from riichi_rules.language.codegen import Unsupported, reads_env

        gen = self.generator
        try:
            source_name, where_name = gen.elements(source, where, "fu_groups")
            value_name = gen.element_function(value, 0, "fu_each")
            kernel_name = gen.kernel(value, "fu_kernel") if not reads_env(value) else None
        except Unsupported:
            return self.fallback.each(source, where, value)
        self._slots = max(self._slots, 1)
        kernel = gen.make(kernel_name) if kernel_name is not None else None
        each = (gen.make(source_name), gen.make(where_name) if where_name else None, 0, kernel)
        return each, gen.make(value_name)


def backend_for(name: str, trees: Iterable[Typed | None], features: Mapping[str, v.Feature],
                vocabulary: str) -> Closures | GeneratedCode:
    """A backend by name, for the trees of one program (scoring or table)."""
    if name == "closures":
        return Closures(trees)
    if name == "generated":
        return GeneratedCode(trees, features, vocabulary)
    raise ValueError(f"unknown backend {name!r}: the backends are {', '.join(BACKENDS)}")
