"""Lower typed trees (:mod:`riichi_rules.language.typed`) to generated Python: the second
backend beside the closures of :mod:`riichi_rules.language.compiler`.

The generator builds a Python ``ast`` module tree itself, node by node, from the typed trees
(never from text: rule text is never parsed as Python, passed to ``eval`` or ``exec``, and
nothing of it becomes a name; a rule's strings and numbers are literal values in the tree),
compiles it with :func:`compile` and makes each function with :class:`types.FunctionType`
from the module's code object, without running the module. Everything the code refers to
that is not a literal (a tile, a function of the vocabulary, a rule) is a global of the
generated code, described by a :data:`Descriptor` so that the code can be kept on disk and
its globals made again (see :mod:`riichi_rules.language.generated`).

What the code does is what the closures do, written out: a loop is a ``for`` statement in
the function, ``and``/``or`` run their cheaper parts first, a value that does not depend on
the element of a loop is computed once per call into a local variable (on first use) and
shared by every rule of the function that asks for it; the parts of a ``where`` that read the
element alone make filtered lists, an equality of the element with an outer value an index;
a count compared with a constant first asks the length of the list it was filtered from; a
test of the hand's tiles by their kind alone is a test of the mask of the kinds the hand
holds. :meth:`Generator.checks` writes one function that runs every condition of a list of
yaku at once. The reference evaluator (:mod:`riichi_rules.language.evaluate`) runs the same
trees plainly, and the tests check that the three agree.

Long because the generator is one writer: the method of each node kind and the loop
planning they share (filtered lists, look-ups by index, kind masks, locals shared by the rules
of one function) call each other through one :class:`_Body` and its state; apart, each part
would reach into the others'.
"""

from __future__ import annotations

import ast as py
import builtins
from collections import ChainMap
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from types import CodeType, FunctionType
from typing import Any

from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.generated import (
    ENUMS,
    FILENAME,
    Descriptor,
    Generated,
    attribute_path,
    functions_of,
    no_extra,
    resolve,
)
from riichi_rules.language.typed import Typed
from riichi_rules.tiles import TILE_PROPERTY_TABLES, Tile

_LOOP_COST = 24
_ORDER = {"<": py.Lt, "<=": py.LtE, ">": py.Gt, ">=": py.GtE}
_PLAIN_ARITH = {"+": py.Add, "-": py.Sub, "*": py.Mult}


class Unsupported(Exception):
    """A tree the generator does not write (the closures run it instead)."""


# ---- Python AST helpers ----------------------------------------------------------------------


def _name(name: str) -> py.Name:
    return py.Name(id=name, ctx=py.Load())


def _const(value: Any) -> py.Constant:
    return py.Constant(value=value)


def _attr(value: py.expr, path: str) -> py.expr:
    for part in path.split("."):
        value = py.Attribute(value=value, attr=part, ctx=py.Load())
    return value


def _call(func: py.expr, *args: py.expr) -> py.Call:
    return py.Call(func=func, args=list(args), keywords=[])


def _assign(name: str, value: py.expr) -> py.Assign:
    return py.Assign(targets=[py.Name(id=name, ctx=py.Store())], value=value)


def _compare(left: py.expr, op: py.cmpop, right: py.expr) -> py.Compare:
    return py.Compare(left=left, ops=[op], comparators=[right])


def _not(value: py.expr) -> py.expr:
    return py.UnaryOp(op=py.Not(), operand=value)


def _bool_op(absorbing: bool, values: list[py.expr]) -> py.expr:
    if len(values) == 1:
        return values[0]
    return py.BoolOp(op=py.Or() if absorbing else py.And(), values=values)


def _simple(value: py.expr) -> bool:
    return isinstance(value, (py.Name, py.Constant))


# ---- the analysis of typed trees -----------------------------------------------------------------


def _bound_refs(node: Typed) -> Iterator[int]:
    for n in t.walk(node):
        if n.op == t.BOUND:
            yield n.data


def free_at(node: Typed | None, level: int) -> bool:
    """Whether ``node``, written where ``level`` elements are bound, reads none of them."""
    return node is None or all(depth >= level for depth in _bound_refs(node))


def _shape(node: Typed | None, base: int) -> Any:
    """A tree's structure with each bound element counted from ``base``: equal for trees that
    compute the same value wherever they are written."""
    if node is None:
        return None
    if node.op == t.BOUND:
        return (t.BOUND, node.type, node.data - base)
    return (node.op, node.type, t.structure(Typed(node.op, node.type, node.node, (), node.data)),
            tuple(_shape(p, base) for p in node.parts))


_KIND_OPS = frozenset({t.CONST, t.BOUND, t.PREDICATE, t.ATTRIBUTE, t.COMPARE, t.AND, t.OR,
                       t.NOT, t.IN, t.LIST})


def kind_mask(node: Typed | None, level: int) -> int | None:
    """For a test of the tile bound at ``level`` by its kind alone: the kinds it holds for, as
    a mask (bit k: kind k). None for any other tree."""
    if node is None:
        return None
    for n in t.walk(node):
        if n.op not in _KIND_OPS:
            return None
        if n.op == t.BOUND and (n.data != level or n.type != v.TILE):
            return None
        if n.op == t.PREDICATE:
            prop = v.TILE_PREDICATES.get(n.data[0])
            if n.data[1] != "tile" or prop is None or prop.table is None:
                return None
        if n.op == t.ATTRIBUTE and (n.part(0).type != v.TILE
                                    or n.data[0] not in ("suit", "number", "kind")):
            return None
    mask = 0
    padding = (None,) * level
    try:
        for k in range(34):
            if evaluate(node, None, (*padding, Tile.of(k))):
                mask |= v.KIND_BITS[k]
    except (AttributeError, TypeError, ValueError, ArithmeticError):
        return None
    return mask


_ENV_OPS = frozenset({t.FEATURE, t.HAS_YAKU})


def reads_env(node: Typed | None) -> bool:
    """Whether a tree reads the situation (a feature, a yaku, the environment's tables)."""
    for n in t.walk(node):
        if n.op in _ENV_OPS:
            return True
        if n.op == t.CALL and n.data[1].situational:
            return True
        if n.op in (t.PREDICATE, t.HAS_PROPERTY):
            prop = v.TILE_PREDICATES.get(n.data[0])
            group_prop = v.GROUP_PREDICATES.get(n.data[0])
            if prop is not None and prop.situational is not None:
                return True
            if (n.op == t.PREDICATE and group_prop is not None and group_prop.shapes is None
                    and group_prop.pure is None):
                return True
    return False


def cost(node: Typed | None, features: Mapping[str, v.Feature]) -> int:
    """An estimate of what a tree costs to run (and/or run their cheaper parts first)."""
    if node is None:
        return 0
    if node.op == t.CONST:
        return 0
    if node.op == t.FEATURE:
        return int(node.data[1].cost)
    if node.op in t.LOOPS:
        inner = sum(cost(p, features) for p in node.parts[1:])
        return (4 if free_at(node, 0) else _LOOP_COST) + cost(node.parts[0], features) + inner
    return 1 + sum(cost(p, features) for p in node.parts)


# ---- the generated code --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """One rule of a list of yaku run at once: its condition, its han (a constant, a tree, or
    None for a yakuman), its yakuman multiples ((value, condition or None), the last that holds
    counts; for a yakuman), the indices of the rules of the list it replaces, and the key of
    the objects the caller gives: ``(key, "item")`` the fired tuple of a constant han,
    ``(key, "rule")`` the rule."""

    when: Typed
    han: int | Typed | None
    multiples: tuple[tuple[Typed, Typed | None], ...]
    replaces: tuple[int, ...]
    key: Hashable
    yakuman: bool = False
    multiple: int | None = None  # the multiple, when the parameters decide it


@dataclass
class _Frame:
    """Where statements go: a block, the shared values known computed there, whether it runs
    on every call (the function's own body), whether it is inside a loop."""

    block: list[py.stmt]
    ready: ChainMap[str, bool]  # a nested frame's own over its outer frame's: made in O(1)
    top: bool
    looping: bool = False


@dataclass
class _Plan:
    """How a comprehension goes through its elements: the source, the parts of its filter
    hoisted into shared filtered lists, an equality looked up in an index, the rest tested on
    each element."""

    source: Typed
    level: int
    chain: list[Typed] = field(default_factory=list)
    lookup: tuple[Typed, Typed] | None = None  # (the element's value, the outer value)
    rest: list[Typed] = field(default_factory=list)
    shared: bool = False  # the source reads no bound element: its lists can be shared


class Generator:
    """Writes the functions of one program (scoring or table rules) into one module."""

    def __init__(self, features: Mapping[str, v.Feature], vocabulary: str) -> None:
        self.features = features
        self.vocabulary = vocabulary
        self.constants: dict[str, Descriptor] = {}
        self._constant_names: dict[Descriptor, str] = {}
        self.namespace: dict[str, Any] = {"__builtins__": builtins}
        self.codes: list[CodeType] = []
        self.made: dict[str, FunctionType] = {}
        self._pending: list[py.FunctionDef] = []
        self._count = 0

    # -- entry points -------------------------------------------------------------------------
    def function(self, tree: Typed, name: str = "rule") -> str:
        """``def NAME_N(env): return TREE`` (``NAME`` a label of the caller's, ``N`` a number);
        returns the function's name."""
        return self._write(name, "env", lambda body: body.value(tree, ()))

    def element_function(self, tree: Typed, slot: int, name: str = "each") -> str:
        """``def NAME_N(env)`` of a tree written with one element bound, read from
        ``env.slots[slot]``."""
        def build(body: _Body) -> py.expr:
            element = body.new("_e")
            body.emit(_assign(element, py.Subscript(
                value=_attr(_name("env"), "slots"), slice=_const(slot), ctx=py.Load())))
            return body.value(tree, (element,))

        return self._write(name, "env", build)

    def kernel(self, tree: Typed, name: str = "kernel") -> str:
        """``def NAME_N(_x)`` of a tree that reads only the element ``_x`` (bound at depth 0)."""
        if reads_env(tree):
            raise Unsupported("the tree reads the situation")
        return self._write(name, "", lambda body: body.value(tree, ("_x",)))

    def elements(self, source: Typed, where: Typed | None, name: str = "elements"
                 ) -> tuple[str, str | None]:
        """For a caller that goes through a comprehension itself (fu per group): a function of
        the environment giving the elements that pass the parts of the filter that read no
        running value (han, fu ...: the caller changes them between elements), and a function
        (of the environment, the element in ``env.slots[0]``) of the rest of the filter, or
        None."""
        conjuncts = _conjuncts(where)
        hoisted = _and_of([c for c in conjuncts if not t.reads_stage(c)], where)
        rest = _and_of([c for c in conjuncts if t.reads_stage(c)], where)
        source_name = self._write(name, "env", lambda body: body.iterable(
            body.plan(source, hoisted, ()), ()))
        if rest is None:
            return source_name, None
        return source_name, self.element_function(rest, 0, name + "_where")

    def constant(self, value: Any, name: str = "constant") -> str:
        """``def NAME_N(env): return VALUE``."""
        return self._write(name, "env", lambda body: self.literal(value))

    def checks(self, specs: Sequence[CheckSpec], name: str = "checks") -> str:
        """One function that runs the conditions of a list of yaku and gives, in order, the
        fired tuple ``(rule, han, multiple)`` of each that holds (a yaku only with more than 0
        han) and that no other that holds replaces."""
        return self._write(name, "env", lambda body: self._checks(body, specs))

    def holding(self, conditions: Sequence[Typed], name: str = "holding") -> str:
        """One function that tests a list of conditions and gives the indices of those that
        hold, in order (the values they share computed once)."""
        return self._write(name, "env", lambda body: self._holding(body, conditions))

    def _holding(self, body: _Body, conditions: Sequence[Typed]) -> py.expr:
        held: list[str] = []
        for condition in conditions:
            held.append(body.new("_y"))
            body.emit(_assign(held[-1], body.value(condition, ())))
        out = body.new("_out")
        body.emit(_assign(out, py.List(elts=[], ctx=py.Load())))
        for i, name in enumerate(held):
            body.emit(py.If(test=_name(name), body=[py.Expr(value=_call(
                _attr(_name(out), "append"), _const(i)))], orelse=[]))
        return _name(out)

    def _write(self, label: str, env: str, build: Callable[[_Body], py.expr]) -> str:
        """Define a function whose body ``build`` writes: once to count what it asks for
        (that writing is thrown away), then for good."""
        constants, names = dict(self.constants), dict(self._constant_names)
        counting = _Body(self, env, None)
        build(counting)
        self.constants, self._constant_names = constants, names
        body = _Body(self, env, counting.asked)
        return self._define(label, body, env or "_x", build(body))

    def _checks(self, body: _Body, specs: Sequence[CheckSpec]) -> py.expr:
        fired: list[str] = []
        amounts: list[py.expr] = []
        for spec in specs:
            held = body.new("_y")
            body.emit(_assign(held, body.value(spec.when, ())))
            fired.append(held)
            if spec.yakuman:
                amounts.append(self._multiple(body, spec, held))
            elif isinstance(spec.han, int) or spec.han is None:
                if not spec.han or spec.han < 0:  # a yaku of no han does not fire
                    body.emit(_assign(held, _const(False)))
                amounts.append(_const(spec.han or 0))
            else:
                han = body.new("_h")
                body.emit(_assign(han, _const(0)))
                with body.nested([]) as frame:
                    body.emit(_assign(han, body.value(spec.han, ())))
                    body.emit(_assign(held, _compare(_name(han), py.Gt(), _const(0))))
                body.emit(py.If(test=_name(held), body=frame.block, orelse=[]))
                amounts.append(_name(han))
        out = body.new("_out")
        body.emit(_assign(out, py.List(elts=[], ctx=py.Load())))
        replaced_by: dict[int, list[int]] = {}
        for i, spec in enumerate(specs):
            for j in spec.replaces:
                replaced_by.setdefault(j, []).append(i)
        for i, spec in enumerate(specs):
            test: py.expr = _name(fired[i])
            replacing = replaced_by.get(i)
            if replacing:
                test = _bool_op(False, [test, _not(_bool_op(True, [_name(fired[j])
                                                                   for j in replacing]))])
            amount = amounts[i]
            item: py.expr
            if isinstance(amount, py.Constant):
                item = _name(self.global_for(("extra", (spec.key, "item"))))
            else:
                rule = _name(self.global_for(("extra", (spec.key, "rule"))))
                values = [_const(0), amount] if spec.yakuman else [amount, _const(0)]
                item = py.Tuple(elts=[rule, *values], ctx=py.Load())
            body.emit(py.If(test=test, body=[py.Expr(value=_call(
                _attr(_name(out), "append"), item))], orelse=[]))
        return _name(out)

    def _multiple(self, body: _Body, spec: CheckSpec, held: str) -> py.expr:
        if spec.multiple is not None:
            return _const(spec.multiple)
        multiple = body.new("_a")
        body.emit(_assign(multiple, _const(1)))
        with body.nested([]) as frame:
            for value, when in spec.multiples:
                if when is None:
                    body.emit(_assign(multiple, body.value(value, ())))
                    continue
                with body.nested([]) as inner:
                    body.emit(_assign(multiple, body.value(value, ())))
                body.emit(py.If(test=body.value(when, ()), body=inner.block, orelse=[]))
        if frame.block:
            body.emit(py.If(test=_name(held), body=frame.block, orelse=[]))
        return _name(multiple)

    def make(self, name: str, extra: Callable[[Any], Any] = no_extra) -> FunctionType:
        """The function ``name``: the functions written since the last call are compiled (one
        module) and made; ``extra`` gives the objects of the caller they read."""
        self._compile(extra)
        return self.made[name]

    def _compile(self, extra: Callable[[Any], Any]) -> None:
        if not self._pending:
            return
        module = py.Module(body=list[py.stmt](self._pending), type_ignores=[])
        py.fix_missing_locations(module)
        code = compile(module, FILENAME, "exec")
        self.codes.append(code)
        for global_name, descriptor in self.constants.items():
            if global_name not in self.namespace:
                self.namespace[global_name] = resolve(descriptor, extra)
        self.made.update(functions_of([code], [f.name for f in self._pending],
                                      self.namespace))
        self._pending = []

    def generated(self) -> Generated:
        """All the code made so far (with its live globals and functions)."""
        self._compile(no_extra)
        return Generated(tuple(self.codes), dict(self.constants), tuple(self.made),
                         self.namespace, dict(self.made))

    # -- globals ---------------------------------------------------------------------------------
    def global_for(self, descriptor: Descriptor) -> str:
        """The name of the global that holds what ``descriptor`` describes."""
        known = self._constant_names.get(descriptor)
        if known is None:
            known = self._constant_names[descriptor] = f"_k{len(self._constant_names)}"
            self.constants[known] = descriptor
        return known

    def literal(self, value: Any) -> py.expr:
        """A value as the code writes it: a literal, or a global for a tile, an enum..."""
        kind = type(value)
        if value is None or kind in (bool, int, str):
            return _const(value)
        if kind is Tile:
            return _name(self.global_for(("tile", value.kind, value.red)))
        if isinstance(value, Enum) and type(value).__name__ in ENUMS:
            return _name(self.global_for(("enum", type(value).__name__, value.value)))
        if isinstance(value, (tuple, list)):
            if all(x is None or type(x) in (bool, int, str) for x in value):
                return _const(tuple(value))
            if all(type(x) is Tile for x in value):
                return _name(self.global_for(("tiles", tuple((x.kind, x.red) for x in value))))
            return py.Tuple(elts=[self.literal(x) for x in value], ctx=py.Load())
        raise Unsupported(f"a constant {value!r}")

    def _define(self, label: str, body: _Body, arg: str, value: py.expr) -> str:
        # the name is the generator's own label (never a name from the rules) and a number
        assert label.isidentifier(), label
        self._count += 1
        unique = f"{label}_{self._count}"
        body.emit(py.Return(value=value))
        self._pending.append(py.FunctionDef(
            name=unique, args=py.arguments(posonlyargs=[], args=[py.arg(arg=arg)], kwonlyargs=[],
                                           kw_defaults=[], defaults=[]),
            body=body.finish(), decorator_list=[], returns=None, type_comment=None))
        return unique


def _conjuncts(where: Typed | None) -> list[Typed]:
    if where is None:
        return []
    if where.op == t.AND:
        return [p for p in where.parts if p is not None]
    return [where]


def _and_of(parts: list[Typed], like: Typed | None) -> Typed | None:
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    assert like is not None
    return Typed(t.AND, v.BOOL, like.node, tuple(parts))


class _Body:
    """The body of one generated function, written statement by statement."""

    def __init__(self, gen: Generator, env: str, uses: Mapping[Hashable, int] | None) -> None:
        self.gen = gen
        self.env = env
        # how often each shared value is asked for (None: this is the counting pass, which
        # writes ``asked``)
        self.uses = uses
        self.asked: dict[Hashable, int] = {}
        self.frame = _Frame([], ChainMap(), True)
        self.root = self.frame
        self.count = 0
        self.shared: dict[Hashable, str] = {}
        self.guarded: list[str] = []  # shared values computed on some paths only
        self.prefixes: dict[str, str] = {}  # "facts" -> the local that holds env.facts

    # -- statements ---------------------------------------------------------------------------
    def new(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def emit(self, statement: py.stmt) -> None:
        self.frame.block.append(statement)

    @contextmanager
    def nested(self, block: list[py.stmt], looping: bool = False) -> Iterator[_Frame]:
        """Statements that run on some calls only (a branch, a loop's body): what they compute
        is not known computed after them."""
        outer = self.frame
        self.frame = _Frame(block, outer.ready.new_child(), False, looping or outer.looping)
        try:
            yield self.frame
        finally:
            self.frame = outer

    def finish(self) -> list[py.stmt]:
        start: list[py.stmt] = [_assign(local, _attr(_name(self.env), path))
                                for path, local in self.prefixes.items()]
        missing = self.gen.global_for(("helper", "missing"))
        start += [_assign(name, _name(missing)) for name in self.guarded]
        return start + self.root.block

    def temp(self, value: py.expr) -> py.expr:
        """``value`` in a local, unless it is a name or a literal already."""
        if _simple(value):
            return value
        name = self.new("_t")
        self.emit(_assign(name, value))
        return _name(name)

    def share(self, key: Hashable, compute: Callable[[], py.expr]) -> py.expr:
        """A value computed once per call, on first use, and kept in a local: when it is asked
        more than once, or inside a loop (the counting pass says), else computed in place."""
        if self.uses is None:
            self.asked[key] = self.asked.get(key, 0) + (2 if self.frame.looping else 1)
        elif self.uses.get(key, 0) < 2:
            return compute()
        local = self.shared.get(key)
        if local is None:
            local = self.shared[key] = self.new("_m")
        if local in self.frame.ready:
            return _name(local)
        if self.frame.top and local not in self.guarded:
            self.emit(_assign(local, compute()))
        else:
            if local not in self.guarded:
                self.guarded.append(local)
            missing = self.gen.global_for(("helper", "missing"))
            with self.nested([]) as frame:
                self.emit(_assign(local, compute()))
            self.emit(py.If(test=_compare(_name(local), py.Is(), _name(missing)),
                            body=frame.block, orelse=[]))
        self.frame.ready[local] = True
        return _name(local)

    def operands(self, nodes: Sequence[Typed], scope: tuple[str, ...]) -> list[py.expr]:
        """The values of several operands, evaluated in order (an operand whose value needs
        statements first has the ones before it kept in locals)."""
        values: list[py.expr] = []
        for node in nodes:
            mark = len(self.frame.block)
            value = self.value(node, scope)
            if len(self.frame.block) > mark:
                for i, earlier in enumerate(values):
                    if not _simple(earlier):
                        name = self.new("_t")
                        self.frame.block.insert(mark, _assign(name, earlier))
                        mark += 1
                        values[i] = _name(name)
            values.append(value)
        return values

    def chain(self, absorbing: bool, parts: Sequence[Callable[[], py.expr]]) -> py.expr:
        """``a and b and ...`` (``or`` when ``absorbing``), each part asked only when the ones
        before it leave the answer open: a part that needs statements runs them in a branch."""
        pending = [parts[0]()]
        result: str | None = None
        outer = self.frame
        for part in parts[1:]:
            with self.nested([]) as frame:
                value = part()
            if not frame.block:
                pending.append(value)
                continue
            if result is None:
                result = self.new("_t")
            self.emit(_assign(result, _bool_op(absorbing, pending)))
            test: py.expr = _not(_name(result)) if absorbing else _name(result)
            self.emit(py.If(test=test, body=frame.block, orelse=[]))
            self.frame = _Frame(frame.block, frame.ready, False, frame.looping)
            pending = [value]
        if result is None:
            return _bool_op(absorbing, pending)
        self.emit(_assign(result, _bool_op(absorbing, pending)))
        self.frame = outer
        return _name(result)

    # -- values ---------------------------------------------------------------------------------
    def value(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        """The expression of ``node``'s value, with the statements it needs emitted first;
        ``scope`` names the bound elements by depth."""
        method: Callable[[Typed, tuple[str, ...]], py.expr] | None = getattr(
            self, "op_" + node.op, None)
        if method is None:
            raise Unsupported(node.op)
        if node.op in t.LOOPS and free_at(node, len(scope)):
            key = ("loop", _shape(node, len(scope)))
            return self.share(key, lambda: method(node, scope))
        return method(node, scope)

    def kind_of(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        """The kind of a tile-valued node."""
        tile = t.tile_of(node)
        if tile is not None:
            return _const(tile.kind)
        if node.op == t.ATTRIBUTE and node.data[0] == "tile" and node.part(0).type == v.GROUP:
            return _attr(self.value(node.part(0), scope), "first")
        return _attr(self.value(node, scope), "kind")

    def op_const(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return self.gen.literal(node.data)

    def op_error(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return _const(None)

    def op_feature(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        name, feature = node.data
        return self.read(feature, name, "get")

    def read(self, feature: v.Feature, name: str, what: str) -> py.expr:
        """A feature's value (``get``) or its mask of kinds (``present``)."""
        getter = feature.get if what == "get" else feature.present
        path = attribute_path(getter)
        if path is None:
            func = self.gen.global_for((what, self.gen.vocabulary, name))
            return self.share((what, name), lambda: _call(_name(func), _name(self.env)))
        head, _, rest = path.partition(".")
        if not rest:
            value: py.expr = _attr(_name(self.env), head)
        else:
            local = self.prefixes.setdefault(head, f"_p_{head}")
            value = _attr(_name(local), rest)
        if feature.cost > 1:
            return self.share((what, name), lambda: value)
        return value

    def op_bound(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return _name(scope[node.data])

    def op_has_yaku(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return _compare(_const(node.data), py.In(), _attr(_name(self.env), "yaku"))

    def op_predicate(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        name, kind = node.data
        subject_node = node.part(0)
        subject = self.value(subject_node, scope)
        if kind == "tile":
            return self.tile_test(name, subject)
        if kind == "tiles":
            return self.every_tile(name, subject)
        maybe_none = subject_node.op != t.BOUND
        group_prop = v.GROUP_PREDICATES.get(name)
        if group_prop is not None:
            flag = attribute_path(group_prop.pure) if group_prop.pure is not None else None
            if group_prop.shapes is not None and flag is not None:
                return self.unless_none(subject, lambda g: _attr(g, flag), maybe_none)
            if group_prop.pure is not None and flag is not None:
                return _attr(subject, flag)
            test = self.gen.global_for(("group_test", name))
            return _call(_name(test), _name(self.env), subject)
        if name in TILE_PROPERTY_TABLES:
            return self.unless_none(subject, lambda g: _attr(g, "traits.all_" + name),
                                    maybe_none)
        return self.unless_none(subject, lambda g: self.every_tile(name, _attr(g, "tiles")),
                                maybe_none)

    def unless_none(self, subject: py.expr, test: Callable[[py.expr], py.expr],
                    maybe_none: bool) -> py.expr:
        """``subject is not None and TEST(subject)`` (just the test for a list's element)."""
        if not maybe_none:
            return test(subject)
        subject = self.temp(subject)
        return self.chain(False, [lambda: _compare(subject, py.IsNot(), _const(None)),
                                  lambda: test(subject)])

    def tile_test(self, name: str, tile: py.expr) -> py.expr:
        """Whether a tile has property ``name``."""
        prop = v.TILE_PREDICATES[name]
        if prop.red:
            return _attr(tile, "red")
        if name in TILE_PROPERTY_TABLES:
            return _attr(tile, name)
        if prop.table is not None:
            return py.Subscript(value=_const(prop.table), slice=_attr(tile, "kind"),
                                ctx=py.Load())
        func = self.gen.global_for(("situational", name))
        table = self.share(("situational", name), lambda: _call(_name(func), _name(self.env)))
        return py.Subscript(value=table, slice=_attr(tile, "kind"), ctx=py.Load())

    def every_tile(self, name: str, tiles: py.expr) -> py.expr:
        element = self.new("_e")
        return self.loop_test("every", tiles, element, [], lambda: self.tile_test(
            name, _name(element)))

    def op_enum(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return _compare(self.value(node.part(0), scope), py.Eq(), _const(node.data))

    def op_attribute(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        name, getter = node.data
        subject = self.value(node.part(0), scope)
        path = attribute_path(getter)
        if path is not None:
            return _attr(subject, path)
        func = self.gen.global_for(("attr", node.part(0).type, name))
        return _call(_name(func), subject)

    def op_call(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        name, function = node.data
        args = self.operands([p for p in node.parts if p is not None], scope)
        func = _name(self.gen.global_for(("call", name)))
        if function.situational:
            return _call(func, _name(self.env), *args)
        return _call(func, *args)

    def op_list(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        items = [p for p in node.parts if p is not None]
        if all(p.op == t.CONST for p in items):
            return self.gen.literal(tuple(p.data for p in items))
        return py.Tuple(elts=self.operands(items, scope), ctx=py.Load())

    def op_range(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        low, high = self.operands([node.part(0), node.part(1)], scope)
        end = py.BinOp(left=high, op=py.Add(), right=_const(1))
        return _call(_name("tuple"), _call(_name("range"), low, end))

    def op_not(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return _not(self.value(node.part(0), scope))

    def op_neg(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return py.UnaryOp(op=py.USub(), operand=self.value(node.part(0), scope))

    def op_and(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return self.logic(node, scope, False)

    def op_or(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return self.logic(node, scope, True)

    def logic(self, node: Typed, scope: tuple[str, ...], absorbing: bool) -> py.expr:
        parts = sorted((p for p in node.parts if p is not None),
                       key=lambda p: cost(p, self.gen.features))
        return self.chain(absorbing, [self.thunk(p, scope) for p in parts])

    def thunk(self, node: Typed, scope: tuple[str, ...]) -> Callable[[], py.expr]:
        return lambda: self.value(node, scope)

    def op_compare(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        op = node.data[0]
        guard = self.guard(node, scope)
        if guard is not None:  # '!=' is the negation of the guarded '=='
            asked = "==" if op == "!=" else op
            test = self.chain(False, [guard, lambda: self.comparison(node, scope, asked)])
            return _not(test) if op == "!=" else test
        return self.comparison(node, scope, op)

    def comparison(self, node: Typed, scope: tuple[str, ...], op: str) -> py.expr:
        flavour = node.data[1]
        left_node, right_node = node.part(0), node.part(1)
        if op in ("==", "!=") and flavour == "tile":
            left = self.kind_of(left_node, scope)
            mark = len(self.frame.block)
            right = self.kind_of(right_node, scope)
            if len(self.frame.block) > mark and not _simple(left):
                name = self.new("_t")
                self.frame.block.insert(mark, _assign(name, left))
                left = _name(name)
            return _compare(left, py.Eq() if op == "==" else py.NotEq(), right)
        left, right = self.operands([left_node, right_node], scope)
        if op in ("==", "!="):
            if flavour == "same":
                same = _call(_name(self.gen.global_for(("helper", "same"))), left, right)
                return same if op == "==" else _not(same)
            return _compare(left, py.Eq() if op == "==" else py.NotEq(), right)
        return _compare(left, _ORDER[op](), right)

    def guard(self, node: Typed, scope: tuple[str, ...]) -> Callable[[], py.expr] | None:
        """For ``COUNT op K`` (K a constant; a count or a count of distinct values of a list
        filtered from a longer one): the test that the longer list is long enough."""
        op, _ = node.data
        left, right = node.part(0), node.part(1)
        if (op not in ("==", "!=", ">=", ">") or right.op != t.CONST
                or type(right.data) is not int or left.op not in (t.COUNT, t.DISTINCT)):
            return None
        least = right.data + 1 if op == ">" else right.data
        if least <= 0:
            return None
        plan = self.plan(left.part(0), left.parts[1], scope)
        if not plan.shared or not (len(plan.chain) > 1 or plan.lookup is not None):
            return None
        if kind_source(self, plan) is not None and left.op == t.DISTINCT:
            return None
        return lambda: _compare(_call(_name("len"), self.within(plan, scope)), py.GtE(),
                                _const(least))

    def op_arith(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        op = node.data
        left, right = self.operands([node.part(0), node.part(1)], scope)
        plain = _PLAIN_ARITH.get(op)
        if plain is not None:
            return py.BinOp(left=left, op=plain(), right=right)
        span = node.node.span
        func = self.gen.global_for(("guarded", op, f"{span.file}:{span.line}:{span.column}"))
        return _call(_name(func), left, right)

    def op_group_is_tile(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        group = self.temp(self.value(node.part(0), scope))
        tile_node = node.part(1)
        return self.chain(False, [
            lambda: _compare(group, py.IsNot(), _const(None)),
            lambda: _not(_attr(group, "traits.is_chow")),
            lambda: _compare(_attr(group, "first"), py.Eq(), self.kind_of(tile_node, scope)),
        ])

    def op_has_property(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        name, is_group = node.data
        subject_node = node.part(0)
        subject = self.value(subject_node, scope)
        if is_group and name in TILE_PROPERTY_TABLES:
            return self.unless_none(subject, lambda g: _attr(g, "traits.any_" + name),
                                    subject_node.op != t.BOUND)
        tiles = self.tiles_of(subject, is_group, subject_node.op != t.BOUND)
        element = self.new("_e")
        return self.loop_test("some", tiles, element, [],
                              lambda: self.tile_test(name, _name(element)))

    def tiles_of(self, subject: py.expr, is_group: bool, maybe_none: bool) -> py.expr:
        if not is_group:
            return subject
        if not maybe_none:
            return _attr(subject, "tiles")
        subject = self.temp(subject)
        return py.IfExp(test=_compare(subject, py.IsNot(), _const(None)),
                        body=_attr(subject, "tiles"), orelse=_const(()))

    def op_has_tile(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        subject_node = node.part(0)
        subject = self.value(subject_node, scope)
        tiles = self.tiles_of(subject, node.data, subject_node.op != t.BOUND)
        tiles = self.temp(tiles)
        wanted = self.temp(self.kind_of(node.part(1), scope))
        element = self.new("_e")
        return self.loop_test("some", tiles, element, [], lambda: _compare(
            _attr(_name(element), "kind"), py.Eq(), wanted))

    def op_in(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        left_node, right_node = node.part(0), node.part(1)
        if not node.data:
            left, right = self.operands([left_node, right_node], scope)
            return _compare(left, py.In(), right)
        if right_node.op == t.CONST and all(type(x) is Tile for x in right_node.data):
            kinds = frozenset(x.kind for x in right_node.data)
            return _compare(self.kind_of(left_node, scope), py.In(), _const(kinds))
        wanted = self.temp(self.kind_of(left_node, scope))
        items = self.temp(self.value(right_node, scope))
        element = self.new("_e")
        return self.loop_test("some", items, element, [], lambda: _compare(
            wanted, py.Eq(), _attr(_name(element), "kind")))

    def op_if(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        test = self.value(node.part(0), scope)
        with self.nested([]) as then_frame:
            then = self.value(node.part(1), scope)
        with self.nested([]) as else_frame:
            other = self.value(node.part(2), scope)
        if not then_frame.block and not else_frame.block:
            return py.IfExp(test=test, body=then, orelse=other)
        result = self.new("_t")
        then_frame.block.append(_assign(result, then))
        else_frame.block.append(_assign(result, other))
        self.emit(py.If(test=test, body=then_frame.block, orelse=else_frame.block))
        return _name(result)

    # -- comprehensions ------------------------------------------------------------------------
    def plan(self, source: Typed, where: Typed | None, scope: tuple[str, ...]) -> _Plan:
        level = len(scope)
        plan = _Plan(source, level, shared=free_at(source, level))
        conjuncts = _conjuncts(where)
        if not plan.shared:
            plan.rest = conjuncts
            return plan
        local = [c for c in conjuncts if free_at(c, level)]
        rest = [c for c in conjuncts if not free_at(c, level)]
        for pool in (rest, local):
            for i, conjunct in enumerate(pool):
                lookup = _lookup_of(conjunct, level)
                if lookup is not None:
                    plan.lookup = lookup
                    del pool[i]
                    break
            if plan.lookup is not None:
                break
        local.sort(key=lambda c: (cost(c, self.gen.features), repr(_shape(c, level))))
        plan.chain = local
        plan.rest = rest
        return plan

    def _list(self, plan: _Plan, scope: tuple[str, ...], length: int
              ) -> tuple[Hashable, py.expr]:
        """The list the source gives after the first ``length`` filters of the plan's chain
        (each filtered list shared), with its key."""
        key: Hashable = ("source", _shape(plan.source, plan.level))
        keys = [key]
        for conjunct in plan.chain[:length]:
            key = ("filter", key, _shape(conjunct, plan.level))
            keys.append(key)

        def made(i: int) -> py.expr:
            if i == 0:
                return self.value(plan.source, scope)
            return self.share(keys[i], self.filtered(lambda: made(i - 1), plan.chain[i - 1],
                                                     scope))

        return key, made(length)

    def within(self, plan: _Plan, scope: tuple[str, ...]) -> py.expr:
        """The longest list the plan's elements are known to come from (a shared one)."""
        if plan.lookup is not None:
            return self._list(plan, scope, len(plan.chain))[1]
        return self._list(plan, scope, 1)[1]

    def iterable(self, plan: _Plan, scope: tuple[str, ...]) -> py.expr:
        """What the loop goes through: the source, or a shared filtered list, or the bucket of
        an index."""
        if plan.lookup is None:
            return self._list(plan, scope, len(plan.chain))[1]
        index, wanted = self.index_and_key(plan, scope)
        return _call(_attr(index, "get"), wanted, _const(()))

    def index_and_key(self, plan: _Plan, scope: tuple[str, ...]) -> tuple[py.expr, py.expr]:
        """The (shared) index of a plan's list by the value of its look-up, and the value
        looked up (a tile's kind, for tiles)."""
        assert plan.lookup is not None
        key, current = self._list(plan, scope, len(plan.chain))
        mine, other = plan.lookup
        by_kind = mine.type == v.TILE
        index = self.share(("index", key, _shape(mine, plan.level)),
                           self.indexed(current, mine, by_kind, scope))
        wanted = self.kind_of(other, scope) if by_kind else self.value(other, scope)
        return index, wanted

    def filtered(self, source_of: Callable[[], py.expr], test: Typed, scope: tuple[str, ...]
                 ) -> Callable[[], py.expr]:
        def compute() -> py.expr:
            source = source_of()
            kept = self.new("_l")
            self.emit(_assign(kept, py.List(elts=[], ctx=py.Load())))
            element = self.new("_e")
            body: list[py.stmt] = []
            with self.nested(body, looping=True):
                ok = self.value(test, (*scope, element))
                self.emit(py.If(test=ok, body=[py.Expr(value=_call(
                    _attr(_name(kept), "append"), _name(element)))], orelse=[]))
            self.emit(py.For(target=py.Name(id=element, ctx=py.Store()), iter=source,
                             body=body, orelse=[]))
            return _name(kept)

        return compute

    def indexed(self, source: py.expr, mine: Typed, by_kind: bool, scope: tuple[str, ...]
                ) -> Callable[[], py.expr]:
        def compute() -> py.expr:
            index = self.new("_d")
            self.emit(_assign(index, py.Dict(keys=[], values=[])))
            element = self.new("_e")
            bucket = self.new("_b")
            body: list[py.stmt] = []
            with self.nested(body, looping=True):
                inner = (*scope, element)
                value = self.kind_of(mine, inner) if by_kind else self.value(mine, inner)
                key = self.temp(value)
                self.emit(_assign(bucket, _call(_attr(_name(index), "get"), key)))
                self.emit(py.If(
                    test=_compare(_name(bucket), py.Is(), _const(None)),
                    body=[py.Assign(targets=[py.Subscript(value=_name(index), slice=key,
                                                          ctx=py.Store())],
                                    value=py.List(elts=[_name(element)], ctx=py.Load()))],
                    orelse=[py.Expr(value=_call(_attr(_name(bucket), "append"),
                                                _name(element)))]))
            self.emit(py.For(target=py.Name(id=element, ctx=py.Store()), iter=source,
                             body=body, orelse=[]))
            return _name(index)

        return compute

    def loop_test(self, quantifier: str, items: py.expr, element: str,
                  tests: Sequence[Callable[[], py.expr]], body: Callable[[], py.expr] | None
                  ) -> py.expr:
        """every/some/no: the elements that pass ``tests`` (on ``element``), each ``body``."""
        # the answer until an element is found: every and no hold of nothing, some does not
        result = self.new("_t")
        self.emit(_assign(result, _const(quantifier != "some")))
        checks = list(tests)
        if body is not None:  # every: an element found fails the body
            checks.append((lambda: _not(body())) if quantifier == "every" else body)
        loop: list[py.stmt] = []
        with self.nested(loop, looping=True):
            found = self.chain(False, checks) if checks else _const(True)
            self.emit(py.If(test=found, body=[_assign(result, _const(quantifier == "some")),
                                              py.Break()], orelse=[]))
        self.emit(py.For(target=py.Name(id=element, ctx=py.Store()), iter=items, body=loop,
                         orelse=[]))
        return _name(result)

    def op_quantified(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        quantifier = node.data
        source, where, body = node.part(0), node.parts[1], node.parts[2]
        by_kinds = self.quantified_by_kinds(quantifier, source, where, body, scope)
        if by_kinds is not None:
            return by_kinds
        plan = self.plan(source, where, scope)
        inner_guard = None
        if quantifier == "some" and body is not None and body.op == t.COMPARE and plan.shared:
            inner_guard = self.guard(body, (*scope, "_"))
        if inner_guard is not None:
            # the body cannot hold unless a list free of the element is long enough: ask
            # that once, before the loop
            result = self.new("_t")
            self.emit(_assign(result, _const(False)))
            long_enough = inner_guard()
            with self.nested([]) as frame:
                self.emit(_assign(result, self.quantify(quantifier, plan, body, scope)))
            self.emit(py.If(test=long_enough, body=frame.block, orelse=[]))
            return _name(result)
        return self.quantify(quantifier, plan, body, scope)

    def quantify(self, quantifier: str, plan: _Plan, body: Typed | None,
                 scope: tuple[str, ...]) -> py.expr:
        if not plan.rest and body is None:
            if plan.lookup is not None:  # an element of the value asked: a key of the index
                index, wanted = self.index_and_key(plan, scope)
                return _compare(wanted, py.In() if quantifier == "some" else py.NotIn(), index)
            length = _call(_name("len"), self.iterable(plan, scope))
            return _compare(length, py.Gt() if quantifier == "some" else py.Eq(), _const(0))
        items = self.iterable(plan, scope)
        element = self.new("_e")
        inner = (*scope, element)
        return self.loop_test(quantifier, items, element,
                              [self.thunk(c, inner) for c in self.ordered(plan.rest)],
                              self.thunk(body, inner) if body is not None else None)

    def ordered(self, parts: list[Typed]) -> list[Typed]:
        return sorted(parts, key=lambda p: cost(p, self.gen.features))

    def quantified_by_kinds(self, quantifier: str, source: Typed, where: Typed | None,
                            body: Typed | None, scope: tuple[str, ...]) -> py.expr | None:
        """every/some/no over the hand's tiles tested by kind alone: a test of its mask."""
        present = self.present_of(source)
        if present is None or (where is None and body is None):
            return None
        level = len(scope)
        wanted = v.ALL_KINDS if where is None else kind_mask(where, level)
        holds = v.ALL_KINDS if body is None else kind_mask(body, level)
        if wanted is None or holds is None:
            return None
        mask = self.read(*present, "present")
        if quantifier == "every":
            bad = wanted & ~holds & v.ALL_KINDS
            return _not(py.BinOp(left=mask, op=py.BitAnd(), right=_const(bad)))
        good = py.BinOp(left=mask, op=py.BitAnd(), right=_const(wanted & holds))
        if quantifier == "some":
            return _call(_name("bool"), good)
        return _not(good)

    def present_of(self, source: Typed) -> tuple[v.Feature, str] | None:
        """The feature of a list of tiles that knows the kinds it holds (as a mask)."""
        if source.op != t.FEATURE or source.data[1].present is None:
            return None
        name, feature = source.data
        return feature, name

    def op_count(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        plan = self.plan(node.part(0), node.parts[1], scope)
        items = self.iterable(plan, scope)
        if not plan.rest:
            return _call(_name("len"), items)
        count = self.new("_n")
        self.emit(_assign(count, _const(0)))
        self.each(plan, items, scope, lambda inner: [py.AugAssign(
            target=py.Name(id=count, ctx=py.Store()), op=py.Add(), value=_const(1))])
        return _name(count)

    def each(self, plan: _Plan, items: py.expr, scope: tuple[str, ...],
             action: Callable[[tuple[str, ...]], list[py.stmt]]) -> None:
        """``for x in ITEMS: if REST: ACTION``."""
        element = self.new("_e")
        inner = (*scope, element)
        loop: list[py.stmt] = []
        with self.nested(loop, looping=True):
            if plan.rest:
                found = self.chain(False, [self.thunk(c, inner) for c in self.ordered(plan.rest)])
                with self.nested([]) as frame:
                    for statement in action(inner):
                        self.emit(statement)
                self.emit(py.If(test=found, body=frame.block, orelse=[]))
            else:
                for statement in action(inner):
                    self.emit(statement)
        self.emit(py.For(target=py.Name(id=element, ctx=py.Store()), iter=items, body=loop,
                         orelse=[]))

    def op_distinct(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        getter, by_kind = node.data
        source, where = node.part(0), node.parts[1]
        element_type = v.element_of(source.type) or v.ANY
        masks = self.distinct_by_kinds(source, where, getter, element_type, scope)
        if masks is not None:
            return masks
        plan = self.plan(source, where, scope)
        items = self.iterable(plan, scope)
        seen = self.new("_s")
        self.emit(_assign(seen, _call(_name("set"))))
        name = _attribute_name(element_type, getter)

        def add(inner: tuple[str, ...]) -> list[py.stmt]:
            path = attribute_path(getter)
            element = _name(inner[-1])
            if path is not None:
                value: py.expr = _attr(element, path)
            else:
                value = _call(_name(self.gen.global_for(("attr", element_type, name))),
                              element)
            if by_kind:
                value = _attr(value, "kind")
            return [py.Expr(value=_call(_attr(_name(seen), "add"), value))]

        self.each(plan, items, scope, add)
        return _call(_name("len"), _name(seen))

    def distinct_by_kinds(self, source: Typed, where: Typed | None, getter: Any,
                          element_type: str, scope: tuple[str, ...]) -> py.expr | None:
        """How many values a list of tiles that knows its kinds holds, from its mask: each
        value is a mask of the kinds that have it."""
        present = self.present_of(source)
        if present is None or element_type != v.TILE:
            return None
        wanted = v.ALL_KINDS if where is None else kind_mask(where, len(scope))
        if wanted is None:
            return None
        by_value: dict[Any, int] = {}
        for k in range(34):
            value = getter(Tile.of(k))
            by_value[value] = by_value.get(value, 0) | v.KIND_BITS[k]
        masks = [m & wanted for m in by_value.values() if m & wanted]
        if not masks:
            return _const(0)
        held = self.temp(self.read(*present, "present"))
        terms = [py.IfExp(test=py.BinOp(left=held, op=py.BitAnd(), right=_const(m)),
                          body=_const(1), orelse=_const(0)) for m in masks]
        total: py.expr = terms[0]
        for term in terms[1:]:
            total = py.BinOp(left=total, op=py.Add(), right=term)
        return total

    def op_sum(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return self.aggregate(node, scope, True)

    def op_max(self, node: Typed, scope: tuple[str, ...]) -> py.expr:
        return self.aggregate(node, scope, False)

    def aggregate(self, node: Typed, scope: tuple[str, ...], total: bool) -> py.expr:
        plan = self.plan(node.part(0), node.parts[1], scope)
        items = self.iterable(plan, scope)
        result = self.new("_n")
        missing = _name(self.gen.global_for(("helper", "missing")))
        self.emit(_assign(result, _const(0) if total else missing))
        body_node = node.part(2)

        def add(inner: tuple[str, ...]) -> list[py.stmt]:
            with self.nested([]) as frame:
                value = self.value(body_node, inner)
                if total:
                    self.emit(py.AugAssign(target=py.Name(id=result, ctx=py.Store()),
                                           op=py.Add(), value=value))
                else:
                    value = self.temp(value)
                    bigger = _bool_op(True, [_compare(_name(result), py.Is(), missing),
                                             _compare(value, py.Gt(), _name(result))])
                    self.emit(py.If(test=bigger, body=[_assign(result, value)], orelse=[]))
            return frame.block

        self.each(plan, items, scope, add)
        if total:
            return _name(result)
        return py.IfExp(test=_compare(_name(result), py.Is(), missing), body=_const(0),
                        orelse=_name(result))


def kind_source(body: _Body, plan: _Plan) -> tuple[v.Feature, str] | None:
    """The mask-carrying feature a plan's elements come from, if any."""
    return body.present_of(plan.source)


def _attribute_name(element_type: str, getter: Any) -> str:
    for name, attribute in v.ATTRIBUTES.get(element_type, {}).items():
        if attribute.get is getter:
            return name
    raise Unsupported("an attribute that is not in the vocabulary")


def _lookup_of(conjunct: Typed, level: int) -> tuple[Typed, Typed] | None:
    """``MINE == OTHER`` with MINE a value of the element (bound at ``level``) alone and OTHER
    a value that does not read it."""
    if conjunct.op != t.COMPARE or conjunct.data[0] != "==" or conjunct.data[1] == "same":
        return None
    left, right = conjunct.part(0), conjunct.part(1)
    for mine, other in ((left, right), (right, left)):
        if (level in _bound_refs(mine) and free_at(mine, level) and not reads_env(mine)
                and level not in _bound_refs(other) and not t.reads_stage(other)):
            return mine, other
    return None
