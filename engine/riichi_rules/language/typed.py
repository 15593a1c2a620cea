"""The typed tree of a checked expression: every name resolved (a feature of the situation,
a bound element, a ``let``, a predicate or attribute of the element), every test resolved to
what it means for the types at hand (a tile property, a group shape, an enum value, equality
by kind ...), and ruleset parameters read as constants.

It is what the reference evaluator (:mod:`riichi_rules.language.evaluate`) and the search
(:mod:`riichi_rules.search`) run and take apart. It is built from rules that
:class:`~riichi_rules.language.compiler.ExpressionCompiler` has already accepted, following
the same resolution order, so it reports no diagnostics: an expression it cannot type is a
bug (:class:`TypingError`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.tiles import Tile, parse_tiles


class TypingError(Exception):
    """An expression the compiler would have refused reached the typer."""


@dataclass(frozen=True, slots=True)
class Typed:
    """One node of the typed tree.

    ``op`` says what it does, ``type`` what it gives (a type of the vocabulary), ``parts``
    its operands, ``data`` what the op needs besides (a constant, a getter, a predicate's
    name ...), ``node`` the expression it was typed from (for its span)."""

    op: str
    type: str
    node: ast.Expr
    parts: tuple[Typed | None, ...] = ()
    data: Any = None

    def part(self, index: int) -> Typed:
        found = self.parts[index]
        assert found is not None, f"{self.op} has no part {index}"
        return found


# the ops, by what they evaluate to
CONST = "const"            # data: the value
FEATURE = "feature"        # data: (name, getter of the environment)
BOUND = "bound"            # data: depth of the bound element (0 = outermost)
HAS_YAKU = "has_yaku"      # data: the yaku id
PREDICATE = "predicate"    # data: (name, "tile" | "group" | "tiles"), parts: (subject,)
ENUM = "enum"              # data: the value's name, parts: (subject,)
ATTRIBUTE = "attribute"    # data: (name, getter), parts: (object,)
CALL = "call"              # data: (name, Function), parts: the arguments
LIST = "list"              # parts: the items
RANGE = "range"            # parts: (low, high)
NOT = "not"
NEG = "neg"
AND = "and"                # parts: the operands of a flattened chain
OR = "or"
COMPARE = "compare"        # data: (operator, equality: "tile" | "same" | "plain")
ARITH = "arith"            # data: the operator
GROUP_IS_TILE = "group_is_tile"  # parts: (group, tile)
HAS_PROPERTY = "has_property"    # data: (property, subject is a group), parts: (subject,)
HAS_TILE = "has_tile"      # data: subject is a group, parts: (subject, tile)
IN = "in"                  # data: by tile kind, parts: (element, list)
IF = "if"                  # parts: (condition, then, else)
QUANTIFIED = "quantified"  # data: every | some | no, parts: (source, where, body)
COUNT = "count"            # parts: (source, where)
DISTINCT = "distinct"      # data: (getter, by tile kind), parts: (source, where)
SUM = "sum"                # parts: (source, where, body)
MAX = "max"


def _param_type(value: Any) -> str:
    if isinstance(value, bool):
        return v.BOOL
    if isinstance(value, int):
        return v.INT
    if isinstance(value, str):
        return v.STR
    if isinstance(value, (list, tuple)):
        inner = {_param_type(x) for x in value}
        return v.list_of(inner.pop() if len(inner) == 1 else v.ANY)
    return v.ANY


def comparable(a: str, b: str) -> bool:
    """Whether values of these two types may be compared with ``==``."""
    if a == b:
        return True
    if {a, b} <= {v.INT, v.BOOL}:
        return True
    return {a, b} <= {v.STR, v.WAIT, v.FORM, v.DIRECTION, v.RELEASE}


def equality(left: str, right: str) -> str:
    """How two values of these types are equal: by tile kind, by the language's equality
    (either side of unknown type), or plainly."""
    if left == v.TILE and right == v.TILE:
        return "tile"
    if v.ANY in (left, right):
        return "same"
    return "plain"


def predicate_kind(name: str, type_: str) -> str | None:
    """How predicate ``name`` applies to a value of ``type_``: to a tile, a group (its shape
    or flags, or each of its tiles), a list of tiles (each of them), or not at all."""
    if type_ == v.TILE and name in v.TILE_PREDICATES:
        return "tile"
    if type_ == v.GROUP and (name in v.GROUP_PREDICATES or name in v.TILE_PREDICATES):
        return "group"
    if type_ == v.list_of(v.TILE) and name in v.TILE_PREDICATES:
        return "tiles"
    return None


@dataclass(frozen=True, slots=True)
class _Bound:
    name: str | None
    type: str
    depth: int


class Typer:
    """Types the expressions of one ruleset (its parameters) against a vocabulary."""

    def __init__(self, parameters: Mapping[str, Any],
                 features: Mapping[str, v.Feature] | None = None) -> None:
        self.parameters = parameters
        self.features: Mapping[str, v.Feature] = v.FEATURES if features is None else features
        self.lets: dict[str, Typed] = {}

    def declare_lets(self, clauses: Sequence[ast.Clause]) -> None:
        """The ``let`` names of the declaration about to be typed (each may use those before)."""
        self.lets = {}
        for clause in clauses:
            if clause.keyword == "let" and clause.name and clause.value is not None:
                self.lets[clause.name] = self.type(clause.value)

    def type(self, node: ast.Expr, scope: tuple[_Bound, ...] = ()) -> Typed:
        method = getattr(self, "_" + type(node).__name__.lower())
        typed: Typed = method(node, scope)
        return typed

    def comprehension(self, comp: ast.Comprehension) -> tuple[Typed, Typed | None]:
        """A comprehension whose elements the caller goes through itself (fu per group):
        the source and the where-filter, the element bound at depth 0."""
        source, where, _ = self._comprehension(comp, ())
        return source, where

    def in_element_scope(self, node: ast.Expr, comp: ast.Comprehension) -> Typed:
        """``node`` typed with the element of ``comp`` bound at depth 0."""
        source = self.type(comp.source)
        element = v.element_of(source.type) or v.ANY
        return self.type(node, (_Bound(comp.binder, element, 0),))

    # -- leaves -------------------------------------------------------------------------------
    def _int(self, node: ast.Int, scope: tuple[_Bound, ...]) -> Typed:
        return Typed(CONST, v.INT, node, data=node.value)

    def _str(self, node: ast.Str, scope: tuple[_Bound, ...]) -> Typed:
        return Typed(CONST, v.STR, node, data=node.value)

    def _tilelit(self, node: ast.TileLit, scope: tuple[_Bound, ...]) -> Typed:
        (tile,) = parse_tiles(node.text)
        return Typed(CONST, v.TILE, node, data=tile)

    def _param(self, node: ast.Param, scope: tuple[_Bound, ...]) -> Typed:
        if node.name not in self.parameters:
            raise TypingError(f"unknown parameter rule.{node.name}")
        value = self.parameters[node.name]
        return Typed(CONST, _param_type(value), node, data=value)

    def _hasyaku(self, node: ast.HasYaku, scope: tuple[_Bound, ...]) -> Typed:
        return Typed(HAS_YAKU, v.BOOL, node, data=node.yaku)

    def _name(self, node: ast.Name, scope: tuple[_Bound, ...]) -> Typed:
        name = node.name
        if name == "it":
            if not scope:
                raise TypingError("'it' outside a comprehension")
            return self._bound(scope[-1], node)
        for bound in reversed(scope):
            if bound.name == name:
                return self._bound(bound, node)
        if name in self.lets:
            return self.lets[name]
        if scope:
            element = self._bound(scope[-1], node)
            predicate = self._predicate(name, element, node)
            if predicate is not None:
                return predicate
            attribute = v.ATTRIBUTES.get(element.type, {}).get(name)
            if attribute is not None:
                return Typed(ATTRIBUTE, attribute.type, node, (element,), (name, attribute.get))
        feature = self.features.get(name)
        if feature is not None:
            return Typed(FEATURE, feature.type, node, data=(name, feature.get))
        raise TypingError(f"unknown name '{name}'")

    @staticmethod
    def _bound(bound: _Bound, node: ast.Expr) -> Typed:
        return Typed(BOUND, bound.type, node, data=bound.depth)

    @staticmethod
    def _predicate(name: str, subject: Typed, node: ast.Expr) -> Typed | None:
        kind = predicate_kind(name, subject.type)
        if kind is None:
            return None
        return Typed(PREDICATE, v.BOOL, node, (subject,), (name, kind))

    # -- composites ---------------------------------------------------------------------------
    def _attr(self, node: ast.Attr, scope: tuple[_Bound, ...]) -> Typed:
        obj = self.type(node.obj, scope)
        attribute = v.ATTRIBUTES.get(obj.type, {}).get(node.name)
        if attribute is None:
            raise TypingError(f"{obj.type} has no attribute {node.name}")
        return Typed(ATTRIBUTE, attribute.type, node, (obj,), (node.name, attribute.get))

    def _call(self, node: ast.Call, scope: tuple[_Bound, ...]) -> Typed:
        function = v.FUNCTIONS.get(node.func)
        if function is None or len(node.args) != len(function.params):
            raise TypingError(f"bad call of {node.func}")
        args = tuple(self.type(arg, scope) for arg in node.args)
        return Typed(CALL, function.result, node, args, (node.func, function))

    def _listlit(self, node: ast.ListLit, scope: tuple[_Bound, ...]) -> Typed:
        items = tuple(self.type(item, scope) for item in node.items)
        types = {i.type for i in items}
        element = types.pop() if len(types) == 1 else v.ANY
        return Typed(LIST, v.list_of(element), node, items)

    def _range(self, node: ast.Range, scope: tuple[_Bound, ...]) -> Typed:
        return Typed(RANGE, v.list_of(v.INT), node,
                     (self.type(node.low, scope), self.type(node.high, scope)))

    def _unary(self, node: ast.Unary, scope: tuple[_Bound, ...]) -> Typed:
        operand = self.type(node.operand, scope)
        if node.op == "not":
            return Typed(NOT, v.BOOL, node, (operand,))
        return Typed(NEG, v.INT, node, (operand,))

    def _ternary(self, node: ast.Ternary, scope: tuple[_Bound, ...]) -> Typed:
        cond = self.type(node.cond, scope)
        then = self.type(node.then, scope)
        other = self.type(node.other, scope)
        if then.type == other.type:
            type_ = then.type
        elif {then.type, other.type} <= {v.INT, v.BOOL}:
            type_ = v.INT
        else:
            type_ = v.ANY
        return Typed(IF, type_, node, (cond, then, other))

    def _binary(self, node: ast.Binary, scope: tuple[_Bound, ...]) -> Typed:
        op = node.op
        if op in ("and", "or"):
            parts: list[ast.Expr] = []
            flatten(node, op, parts)
            return Typed(op, v.BOOL, node, tuple(self.type(p, scope) for p in parts))
        if op in ("is", "is_not"):
            test = self._is(node.left, node.right, scope, node)
            return Typed(NOT, v.BOOL, node, (test,)) if op == "is_not" else test
        if op == "has":
            return self._has(node.left, node.right, scope, node)
        if op in ("in", "not_in"):
            left, right = self.type(node.left, scope), self.type(node.right, scope)
            test = Typed(IN, v.BOOL, node, (left, right), left.type == v.TILE)
            return Typed(NOT, v.BOOL, node, (test,)) if op == "not_in" else test
        left, right = self.type(node.left, scope), self.type(node.right, scope)
        if op in ("==", "!=", "<", "<=", ">", ">="):
            return Typed(COMPARE, v.BOOL, node, (left, right),
                         (op, equality(left.type, right.type)))
        return Typed(ARITH, v.INT, node, (left, right), op)

    def _is(self, left_node: ast.Expr, right_node: ast.Expr, scope: tuple[_Bound, ...],
            node: ast.Expr) -> Typed:
        left = self.type(left_node, scope)
        if isinstance(right_node, ast.Name) and left.type != v.ANY:
            predicate = self._predicate(right_node.name, left, node)
            if predicate is not None:
                return predicate
            if left.type in v.ENUMS:
                return Typed(ENUM, v.BOOL, node, (left,), right_node.name)
        right = self.type(right_node, scope)
        if v.ANY in (left.type, right.type):
            return Typed(CONST, v.BOOL, node, data=False)
        if left.type == v.GROUP and right.type == v.TILE:
            return Typed(GROUP_IS_TILE, v.BOOL, node, (left, right))
        if comparable(left.type, right.type):
            return Typed(COMPARE, v.BOOL, node, (left, right),
                         ("==", equality(left.type, right.type)))
        raise TypingError(f"cannot test whether {left.type} is {right.type}")

    def _has(self, left_node: ast.Expr, right_node: ast.Expr, scope: tuple[_Bound, ...],
             node: ast.Expr) -> Typed:
        left = self.type(left_node, scope)
        if left.type == v.ANY:
            return left
        is_group = left.type == v.GROUP
        if isinstance(right_node, ast.Name) and right_node.name in v.TILE_PREDICATES:
            return Typed(HAS_PROPERTY, v.BOOL, node, (left,), (right_node.name, is_group))
        right = self.type(right_node, scope)
        if right.type == v.ANY:
            return right
        return Typed(HAS_TILE, v.BOOL, node, (left, right), is_group)

    def _comprehension(
        self, comp: ast.Comprehension, scope: tuple[_Bound, ...]
    ) -> tuple[Typed, Typed | None, tuple[_Bound, ...]]:
        source = self.type(comp.source, scope)
        element = v.element_of(source.type) or v.ANY
        inner = (*scope, _Bound(comp.binder, element, len(scope)))
        where = self.type(comp.where, inner) if comp.where is not None else None
        return source, where, inner

    def _quantified(self, node: ast.Quantified, scope: tuple[_Bound, ...]) -> Typed:
        source, where, inner = self._comprehension(node.comp, scope)
        body = self.type(node.body, inner) if node.body is not None else None
        return Typed(QUANTIFIED, v.BOOL, node, (source, where, body), node.quantifier)

    def _nountest(self, node: ast.NounTest, scope: tuple[_Bound, ...]) -> Typed:
        collection = v.NOUNS.get(node.noun)
        if collection is None or collection not in self.features:
            raise TypingError(f"'{node.noun}' is not something to go through")
        feature = self.features[collection]
        source = Typed(FEATURE, feature.type, node, data=(collection, feature.get))
        element = v.element_of(feature.type) or v.ANY
        inner = (*scope, _Bound(None, element, len(scope)))
        it = ast.Name("it", node.span)
        if node.test == "has":
            body = self._has(it, node.subject, inner, node)
        else:
            body = self._is(it, node.subject, inner, node)
            if node.test == "is_not":
                body = Typed(NOT, v.BOOL, node, (body,))
        return Typed(QUANTIFIED, v.BOOL, node, (source, None, body), node.quantifier)

    def _aggregate(self, node: ast.Aggregate, scope: tuple[_Bound, ...]) -> Typed:
        source, where, inner = self._comprehension(node.comp, scope)
        if node.kind == "count":
            return Typed(COUNT, v.INT, node, (source, where))
        if node.kind == "distinct":
            attribute = v.ATTRIBUTES.get(inner[-1].type, {}).get(node.attr or "")
            if attribute is None:
                raise TypingError(f"{inner[-1].type} has no attribute {node.attr}")
            return Typed(DISTINCT, v.INT, node, (source, where),
                         (attribute.get, attribute.type == v.TILE))
        assert node.body is not None
        body = self.type(node.body, inner)
        return Typed(SUM if node.kind == "sum" else MAX, v.INT, node, (source, where, body))


def flatten(node: ast.Expr, op: str, out: list[ast.Expr]) -> None:
    """The operands of a chain of one operator (``a and b and c``), in order."""
    if isinstance(node, ast.Binary) and node.op == op:
        flatten(node.left, op, out)
        flatten(node.right, op, out)
    else:
        out.append(node)


def tile_of(typed: Typed) -> Tile | None:
    """The tile of a constant tile node, else None."""
    return typed.data if typed.op == CONST and isinstance(typed.data, Tile) else None


def walk(node: Typed | None) -> Iterator[Typed]:
    """Every node of a typed tree, the root first."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        yield current
        stack.extend(reversed(current.parts))


STAGE_NAMES = frozenset({"han", "fu", "basic", "yakuman_total", "yakuman_max"})


def reads_stage(node: Typed | None) -> bool:
    """Whether a tree reads a running value of the scoring stages (han, fu, basic points,
    yakuman) or asks whether a yaku scored."""
    return any(n.op == HAS_YAKU or (n.op == FEATURE and n.data[0] in STAGE_NAMES)
               for n in walk(node))

