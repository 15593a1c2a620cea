"""Names resolved and types checked: the typed tree of the rules language.

The :class:`Typer` turns an expression of the AST into a :class:`Typed` tree: every name
resolved (a feature of the situation, a bound element, a ``let``, a predicate or attribute of
the element), every test resolved to what it means for the types at hand (a tile property, a
group shape, an enum value, equality by tile kind ...), ruleset parameters read as constants.
Every problem becomes a diagnostic (all of them are collected), and the node in error is typed
``any`` so that no second message follows from the first.

The typed tree is what everything after the parser works from: the compiler lowers it to
closures (:mod:`riichi_rules.language.compiler`), the constant folder works out what the
parameters decide (:mod:`riichi_rules.language.fold`), the reference evaluator runs it
(:mod:`riichi_rules.language.evaluate`) and the search takes it apart
(:mod:`riichi_rules.search`).

Long because the :class:`Typer` resolves every construct of the language with one scope
of names and one way of reporting; the helpers after it are the small queries on typed
trees that every later stage shares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_rules.errors import Diagnostic, InputError, did_you_mean
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.arithmetic import MAX_DEPTH
from riichi_rules.language.table_vocabulary import TABLE_SCOPES
from riichi_rules.tiles import Tile, parse_tiles


@dataclass(frozen=True, slots=True)
class Typed:
    """One node of the typed tree.

    ``op`` says what it does, ``type`` what it gives (a type of the vocabulary), ``parts``
    its operands, ``data`` what the op needs besides (a constant, a feature, a predicate's
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
FEATURE = "feature"        # data: (name, Feature)
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
ERROR = "error"            # a node in error (already reported); typed any
LOOPS = frozenset({QUANTIFIED, COUNT, DISTINCT, SUM, MAX})

STAGE_NAMES = frozenset({"han", "fu", "basic", "yakuman_total", "yakuman_max"})


def param_type(value: Any) -> str:
    """The type of a ruleset parameter's value."""
    if isinstance(value, bool):
        return v.BOOL
    if isinstance(value, int):
        return v.INT
    if isinstance(value, str):
        return v.STR
    if isinstance(value, (list, tuple)):
        inner = {param_type(x) for x in value}
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


def article(type_: str) -> str:
    """A type in words: "a tile", "true or false", "a list of groups"."""
    words = {
        v.BOOL: "true or false", v.INT: "a number", v.STR: "a text",
        v.TILE: "a tile", v.GROUP: "a group", v.WAIT: "a wait", v.FORM: "a form",
        v.ANY: "a value",
    }
    if type_ in words:
        return words[type_]
    element = v.element_of(type_)
    return f"a list of {element}s" if element else type_


def _predicates_for(type_: str) -> list[str]:
    names = list(v.TILE_PREDICATES)
    if type_ == v.GROUP:
        names += list(v.GROUP_PREDICATES)
    return names


@dataclass(frozen=True, slots=True)
class Bound:
    """A name a comprehension binds (None: only ``it``), its element type and depth."""

    name: str | None
    type: str
    depth: int


Scope = tuple[Bound, ...]
_EXPECT_HINTS = {
    v.BOOL: "a condition is a test, e.g. 'closed and tsumo' or 'count(sets) == 4'",
    v.INT: "a value here is a number, e.g. 'han 1' or 'count(sets where triplet)'",
}


class Typer:
    """Types the expressions of one ruleset (its parameters) against a vocabulary; collects
    diagnostics in ``diagnostics``.

    ``known_yaku`` says whether ``yaku(ID)`` names a declared yaku; ``source_lines`` gives a
    file's line for the diagnostics. The stage (``yaku``, ``dora``, ``fu``, ``limits``,
    ``payments``, ``table``) decides which running values may be read."""

    def __init__(
        self,
        parameters: Mapping[str, Any],
        features: Mapping[str, v.Feature] | None = None,
        known_yaku: Callable[[str], bool] = lambda name: True,
        source_lines: Callable[[str, int], str] = lambda file, line: "",
        parameter_values: Mapping[str, tuple[Any, ...]] | None = None,
    ) -> None:
        self.parameters = parameters
        # the values each parameter may take (from the ruleset schema): a rule comparing one
        # with a text that is not among them is wrong
        self.parameter_values = parameter_values or {}
        self.features: Mapping[str, v.Feature] = v.FEATURES if features is None else features
        self.known_yaku = known_yaku
        self.source_lines = source_lines
        self.diagnostics: list[Diagnostic] = []
        self.lets: dict[str, Typed] = {}
        self.stage = ""

    # -- diagnostics ------------------------------------------------------------------------
    def error(self, node: ast.Expr, span: ast.Span, message: str, hint: str = "") -> Typed:
        self.diagnostics.append(Diagnostic.at(
            span, message, self.source_lines(span.file, span.line), hint))
        return Typed(ERROR, v.ANY, node)

    def expect(self, typed: Typed, type_: str, span: ast.Span, what: str) -> Typed:
        """``typed`` if it is of ``type_`` (or unknown), else a diagnostic."""
        if typed.type in (type_, v.ANY):
            return typed
        return self.error(typed.node, span, f"{what} must be {article(type_)}, not "
                          f"{article(typed.type)}", _EXPECT_HINTS.get(type_, ""))

    # -- entry points -----------------------------------------------------------------------
    def declare_lets(self, clauses: Sequence[ast.Clause], stage: str) -> None:
        """A declaration's ``let NAME = EXPR`` clauses (in order; each may use the ones
        before): inside the declaration NAME stands for EXPR, even inside a comprehension
        whose elements have an attribute of that name."""
        self.lets = {}
        self.stage = stage
        for clause in clauses:
            if clause.keyword == "let" and clause.name and clause.value is not None:
                if clause.name in self.features or clause.name in v.TILE_PREDICATES:
                    self.error(clause.value, clause.span, f"'let {clause.name}' hides a name "
                               "of the vocabulary", "choose another name")
                self.lets[clause.name] = self.typed(clause.value)

    def condition(self, expr: ast.Expr, stage: str) -> Typed:
        self.stage = stage
        return self.expect(self.typed(expr), v.BOOL, expr.span, "a condition")

    def number(self, expr: ast.Expr, stage: str) -> Typed:
        self.stage = stage
        return self.expect(self.typed(expr), v.INT, expr.span, "this value")

    def typed(self, expr: ast.Expr, scope: Scope = ()) -> Typed:
        """An expression of a clause, typed: refused at once when it nests deeper than
        :data:`~riichi_rules.language.arithmetic.MAX_DEPTH` (a chain of 'and' or 'or' counts
        as one level), so that nothing after it recurses without end."""
        deep = too_deep(expr, MAX_DEPTH)
        if deep is not None:
            return self.error(expr, deep.span, f"this expression nests more than {MAX_DEPTH} "
                              "deep", "split it with 'let NAME = ...' clauses")
        return self.type(expr, scope)

    def comprehension(self, comp: ast.Comprehension, stage: str
                      ) -> tuple[Typed, Typed | None, Scope]:
        """A comprehension whose elements the caller goes through itself (fu per group): the
        source, the where-filter, and the scope with the element bound at depth 0."""
        self.stage = stage
        for part in (comp.source, comp.where):
            deep = too_deep(part, MAX_DEPTH) if part is not None else None
            if deep is not None:
                error = self.error(comp.source, deep.span, "this expression nests more than "
                                   f"{MAX_DEPTH} deep", "split it with 'let NAME = ...' clauses")
                return error, None, (Bound(comp.binder, v.ANY, 0),)
        return self._comprehension(comp, ())

    def in_scope(self, expr: ast.Expr, scope: Scope, type_: str) -> Typed:
        return self.expect(self.typed(expr, scope), type_, expr.span, "this value")

    def type(self, node: ast.Expr, scope: Scope = ()) -> Typed:
        method = getattr(self, "_" + type(node).__name__.lower())
        typed: Typed = method(node, scope)
        return typed

    # -- leaves -------------------------------------------------------------------------------
    def _int(self, node: ast.Int, scope: Scope) -> Typed:
        return Typed(CONST, v.INT, node, data=node.value)

    def _str(self, node: ast.Str, scope: Scope) -> Typed:
        return Typed(CONST, v.STR, node, data=node.value)

    def _tilelit(self, node: ast.TileLit, scope: Scope) -> Typed:
        try:
            (tile,) = parse_tiles(node.text)
        except (InputError, ValueError):
            return self.error(node, node.span, f"'{node.text}' is not a tile")
        return Typed(CONST, v.TILE, node, data=tile)

    def _param(self, node: ast.Param, scope: Scope) -> Typed:
        if node.name not in self.parameters:
            return self.error(node, node.span, f"unknown parameter 'rule.{node.name}'",
                              did_you_mean(node.name, self.parameters))
        value = self.parameters[node.name]
        return Typed(CONST, param_type(value), node, data=value)

    def _hasyaku(self, node: ast.HasYaku, scope: Scope) -> Typed:
        if not self.known_yaku(node.yaku):
            return self.error(node, node.span, f"unknown yaku '{node.yaku}' in yaku({node.yaku})")
        if self.stage in ("yaku", "table", "situation") or self.stage in TABLE_SCOPES:
            return self.error(node, node.span, "yaku(...) can only be asked once the yaku are "
                              "known: in fu, limits or payments",
                              "a yaku cannot depend on whether another scored: write the "
                              "other's condition here, or use 'replaces'")
        return Typed(HAS_YAKU, v.BOOL, node, data=node.yaku)

    def _name(self, node: ast.Name, scope: Scope) -> Typed:
        name = node.name
        if name == "it":
            if not scope:
                return self.error(node, node.span, "'it' is only defined inside count(...), "
                                  "every(...), some(...) and the like")
            return _bound(scope[-1], node)
        for bound in reversed(scope):
            if bound.name == name:
                return _bound(bound, node)
        if name in self.lets:
            return self.lets[name]
        if scope:
            element = _bound(scope[-1], node)
            predicate = _predicate(name, element, node)
            if predicate is not None:
                return predicate
            attribute = v.ATTRIBUTES.get(element.type, {}).get(name)
            if attribute is not None:
                return Typed(ATTRIBUTE, attribute.type, node, (element,), (name, attribute.get))
        feature = self.features.get(name)
        if feature is not None:
            if feature.stages and self.stage not in feature.stages:
                if self.stage in TABLE_SCOPES:
                    kinds = sorted(feature.stages & TABLE_SCOPES.keys())
                    return self.error(node, node.span, f"'{name}' means nothing in a "
                                      f"{self.stage} rule: the referee gives it to "
                                      f"{', '.join(kinds)} rules",
                                      did_you_mean(name, sorted(TABLE_SCOPES[self.stage]))
                                      or f"ask it in a {' or '.join(kinds)} rule")
                return self.error(node, node.span, f"'{name}' is only known in the "
                                  f"{' and '.join(sorted(feature.stages))} stages")
            return Typed(FEATURE, feature.type, node, data=(name, feature))
        if self.stage == "situation" and name in v.FEATURES:
            return self.error(node, node.span, f"'{name}' is known only once the hand is read "
                              "or scored: a situation rule reads the facts of the win alone",
                              "its flags, tiles, seat and round winds, dora and ura "
                              "indicators, e.g. 'forbid when ippatsu and rinshan'")
        of = _what_it_describes(name)
        if of:
            return self.error(node, node.span, f"'{name}' says something of {of}, and none is "
                              "in question here",
                              "inside every(...), some(...) or count(...) a name is the "
                              "element's: e.g. 'every tile is (dragon or (suited and number "
                              "in [2, 4, 6, 8]))' or 'some(sets where chow)'")
        candidates = [b.name for b in scope if b.name] + v.all_names(self.features)
        return self.error(node, node.span, f"unknown name '{name}'",
                          did_you_mean(name, candidates))

    # -- composites ---------------------------------------------------------------------------
    def _attr(self, node: ast.Attr, scope: Scope) -> Typed:
        obj = self.type(node.obj, scope)
        if obj.type == v.ANY:
            return obj
        attribute = v.ATTRIBUTES.get(obj.type, {}).get(node.name)
        if attribute is None:
            known = list(v.ATTRIBUTES.get(obj.type, {}))
            return self.error(node, node.span, f"{article(obj.type)} has no attribute "
                              f"'{node.name}'", did_you_mean(node.name, known))
        return Typed(ATTRIBUTE, attribute.type, node, (obj,), (node.name, attribute.get))

    def _call(self, node: ast.Call, scope: Scope) -> Typed:
        function = v.FUNCTIONS.get(node.func)
        if function is None:
            return self.error(node, node.span, f"unknown function '{node.func}'",
                              did_you_mean(node.func, v.FUNCTIONS))
        if len(node.args) != len(function.params):
            return self.error(node, node.span, f"{node.func}() takes {len(function.params)} "
                              f"argument(s), not {len(node.args)}",
                              f"write {node.func}({', '.join(function.args)})")
        args = tuple(self.expect(self.type(arg, scope), type_, arg.span,
                                 f"{node.func}()'s argument")
                     for arg, type_ in zip(node.args, function.params, strict=True))
        return Typed(CALL, function.result, node, args, (node.func, function))

    def _listlit(self, node: ast.ListLit, scope: Scope) -> Typed:
        items = tuple(self.type(item, scope) for item in node.items)
        types = {i.type for i in items}
        element = types.pop() if len(types) == 1 else v.ANY
        return Typed(LIST, v.list_of(element), node, items)

    def _range(self, node: ast.Range, scope: Scope) -> Typed:
        low = self.expect(self.type(node.low, scope), v.INT, node.low.span, "a range bound")
        high = self.expect(self.type(node.high, scope), v.INT, node.high.span, "a range bound")
        return Typed(RANGE, v.list_of(v.INT), node, (low, high))

    def _unary(self, node: ast.Unary, scope: Scope) -> Typed:
        if node.op == "not":
            inner = self.expect(self.type(node.operand, scope), v.BOOL, node.span,
                                "the operand of 'not'")
            return Typed(NOT, v.BOOL, node, (inner,))
        inner = self.expect(self.type(node.operand, scope), v.INT, node.span, "a number")
        return Typed(NEG, v.INT, node, (inner,))

    def _ternary(self, node: ast.Ternary, scope: Scope) -> Typed:
        cond = self.expect(self.type(node.cond, scope), v.BOOL, node.cond.span,
                           "the condition of 'if'")
        then = self.type(node.then, scope)
        other = self.type(node.other, scope)
        if then.type == other.type:
            type_ = then.type
        elif {then.type, other.type} <= {v.INT, v.BOOL}:
            type_ = v.INT
        elif v.ANY in (then.type, other.type):
            type_ = v.ANY
        elif (v.list_of(v.ANY) in (then.type, other.type)
              and v.element_of(then.type) and v.element_of(other.type)):
            # a list whose elements are not known (an empty list parameter) fits any list
            type_ = other.type if then.type == v.list_of(v.ANY) else then.type
        else:
            return self.error(node, node.span, f"the two branches of 'if' have different "
                              f"types: {article(then.type)} and {article(other.type)}")
        return Typed(IF, type_, node, (cond, then, other))

    def _binary(self, node: ast.Binary, scope: Scope) -> Typed:
        op = node.op
        if op in ("and", "or"):
            parts: list[ast.Expr] = []
            flatten(node, op, parts)
            return Typed(op, v.BOOL, node, tuple(
                self.expect(self.type(p, scope), v.BOOL, p.span, f"each side of '{op}'")
                for p in parts))
        if op in ("is", "is_not"):
            test = self._is(node.left, node.right, scope, node)
            return _negated(test) if op == "is_not" else test
        if op == "has":
            return self._has(node.left, node.right, scope, node)
        if op in ("in", "not_in"):
            test = self._in(node, scope)
            return _negated(test) if op == "not_in" else test
        left, right = self.type(node.left, scope), self.type(node.right, scope)
        if op in ("==", "!="):
            self._check_value(node.left, node.right) or self._check_value(node.right, node.left)
            if v.ANY not in (left.type, right.type) and not comparable(left.type, right.type):
                return self.error(node, node.span, f"cannot compare {article(left.type)} "
                                  f"with {article(right.type)}")
            return Typed(COMPARE, v.BOOL, node, (left, right),
                         (op, equality(left.type, right.type)))
        left = self.expect(left, v.INT, node.left.span, f"the left side of '{op}'")
        right = self.expect(right, v.INT, node.right.span, f"the right side of '{op}'")
        if op in ("<", "<=", ">", ">="):
            return Typed(COMPARE, v.BOOL, node, (left, right), (op, "plain"))
        return Typed(ARITH, v.INT, node, (left, right), op)

    def _is(self, left_node: ast.Expr, right_node: ast.Expr, scope: Scope,
            node: ast.Expr) -> Typed:
        """``X is P``: a predicate P of X, an enum value of X's type, or equality (a group
        "is" a tile when all its tiles are that tile)."""
        left = self.type(left_node, scope)
        if isinstance(right_node, ast.Name) and left.type != v.ANY:
            predicate = _predicate(right_node.name, left, node)
            if predicate is not None:
                return predicate
            values = v.ENUMS.get(left.type)
            if values is not None:
                if right_node.name not in values:
                    return self.error(node, right_node.span, f"'{right_node.name}' is not a "
                                      f"{left.type} (one of: {', '.join(values)})",
                                      did_you_mean(right_node.name, values))
                return Typed(ENUM, v.BOOL, node, (left,), right_node.name)
        right = self.type(right_node, scope)
        if v.ANY in (left.type, right.type):
            return Typed(CONST, v.BOOL, node, data=False)
        if left.type == v.GROUP and right.type == v.TILE:
            return Typed(GROUP_IS_TILE, v.BOOL, node, (left, right))
        if comparable(left.type, right.type):
            return Typed(COMPARE, v.BOOL, node, (left, right),
                         ("==", equality(left.type, right.type)))
        if isinstance(right_node, ast.Name):
            return self.error(node, right_node.span, f"'{right_node.name}' is not something "
                              f"{article(left.type)} can be", did_you_mean(
                                  right_node.name, _predicates_for(left.type)))
        hint = ""
        if left.type == v.GROUP and right.type == v.INT:
            hint = "compare a number: e.g. pair.number == 5"
        elif left.type == v.TILE and right.type == v.INT:
            hint = "compare a number: e.g. win.number == 5"
        return self.error(node, node.span, f"cannot test whether {article(left.type)} is "
                          f"{article(right.type)}", hint)

    def _has(self, left_node: ast.Expr, right_node: ast.Expr, scope: Scope,
             node: ast.Expr) -> Typed:
        """``G has P``: some tile of the group (or list) G is P (a tile property or a tile)."""
        left = self.type(left_node, scope)
        if left.type == v.ANY:
            return left
        if left.type not in (v.GROUP, v.list_of(v.TILE)):
            return self.error(node, node.span, "'has' looks into a group or a list of tiles, "
                              f"not {article(left.type)}")
        is_group = left.type == v.GROUP
        if isinstance(right_node, ast.Name) and right_node.name in v.TILE_PREDICATES:
            return Typed(HAS_PROPERTY, v.BOOL, node, (left,), (right_node.name, is_group))
        right = self.type(right_node, scope)
        if right.type == v.ANY:
            return right
        if right.type != v.TILE:
            if isinstance(right_node, ast.Name):
                return self.error(node, right_node.span, f"'{right_node.name}' is not a tile "
                                  "property", did_you_mean(right_node.name, v.TILE_PREDICATES))
            return self.error(node, node.span, "'has' needs a tile property or a tile, not "
                              f"{article(right.type)}")
        return Typed(HAS_TILE, v.BOOL, node, (left, right), is_group)

    def _check_value(self, param: ast.Expr, text: ast.Expr) -> bool:
        """``rule.NAME == "text"`` (or ``"text" in rule.NAME``): the text must be a value the
        parameter may take; a diagnostic (True) where it is not."""
        if not isinstance(param, ast.Param) or not isinstance(text, ast.Str):
            return False
        allowed = self.parameter_values.get(param.name)
        if not allowed or text.value in allowed:
            return False
        shown = ", ".join(str(a) for a in allowed)
        self.error(text, text.span, f"'{text.value}' is not a value of rule.{param.name} "
                   f"(one of: {shown})",
                   did_you_mean(text.value, [str(a) for a in allowed]))
        return True

    def _in(self, node: ast.Binary, scope: Scope) -> Typed:
        self._check_value(node.right, node.left)
        left, right = self.type(node.left, scope), self.type(node.right, scope)
        element = v.element_of(right.type)
        if right.type != v.ANY and element is None:
            return self.error(node, node.right.span, "'in' needs a list on its right, not "
                              f"{article(right.type)}")
        if element not in (None, v.ANY) and left.type != v.ANY and not comparable(
                left.type, element):
            return self.error(node, node.span, f"cannot look for {article(left.type)} in a "
                              f"list of {element}s")
        return Typed(IN, v.BOOL, node, (left, right), left.type == v.TILE)

    # -- quantifiers and aggregates --------------------------------------------------------
    def _comprehension(self, comp: ast.Comprehension, scope: Scope
                       ) -> tuple[Typed, Typed | None, Scope]:
        source = self.type(comp.source, scope)
        element = v.element_of(source.type)
        if element is None:
            if source.type != v.ANY:
                self.error(comp.source, comp.source.span,
                           f"{article(source.type)} is not a list to go through")
            element = v.ANY
        inner = (*scope, Bound(comp.binder, element, len(scope)))
        if comp.where is None:
            return source, None, inner
        conjuncts: list[ast.Expr] = []
        flatten(comp.where, "and", conjuncts)
        typed = tuple(self.expect(self.type(c, inner), v.BOOL, c.span, "a 'where' condition")
                      for c in conjuncts)
        where = typed[0] if len(typed) == 1 else Typed(AND, v.BOOL, comp.where, typed)
        return source, where, inner

    def _quantified(self, node: ast.Quantified, scope: Scope) -> Typed:
        source, where, inner = self._comprehension(node.comp, scope)
        body = None
        if node.body is not None:
            body = self.expect(self.type(node.body, inner), v.BOOL, node.body.span,
                               f"the condition of {node.quantifier}(...)")
        elif node.quantifier == "every":
            return self.error(node, node.span, "every(...) needs a condition after ':'",
                              "e.g. every(sets: chow)")
        return Typed(QUANTIFIED, v.BOOL, node, (source, where, body), node.quantifier)

    def _nountest(self, node: ast.NounTest, scope: Scope) -> Typed:
        collection = v.NOUNS.get(node.noun)
        if collection is None or collection not in self.features:
            return self.error(node, node.span, f"'{node.noun}' is not something to go through",
                              did_you_mean(node.noun, v.NOUNS))
        feature = self.features[collection]
        source = Typed(FEATURE, feature.type, node, data=(collection, feature))
        element = v.element_of(feature.type) or v.ANY
        inner = (*scope, Bound(None, element, len(scope)))
        it = ast.Name("it", node.span)
        if node.test == "has":
            body = self._has(it, node.subject, inner, node)
        else:
            condition = self._condition_of_element(node.subject, inner)
            body = condition if condition is not None else self._is(it, node.subject, inner,
                                                                    node)
            if node.test == "is_not":
                body = _negated(body)
        return Typed(QUANTIFIED, v.BOOL, node, (source, None, body), node.quantifier)

    def _condition_of_element(self, subject: ast.Expr, inner: Scope) -> Typed | None:
        """``every tile is (dragon or (suited and number in [2, 4, 6, 8]))``: a condition on
        the element, written after 'is' (in brackets, or with not/and/or); None when the
        subject is something the element is compared with instead."""
        if isinstance(subject, ast.Name):
            return None
        before = len(self.diagnostics)
        typed = self.type(subject, inner)
        if typed.type == v.BOOL:
            return typed
        del self.diagnostics[before:]  # typed again, as what the element is compared with
        return None

    def _aggregate(self, node: ast.Aggregate, scope: Scope) -> Typed:
        source, where, inner = self._comprehension(node.comp, scope)
        if node.kind == "count":
            return Typed(COUNT, v.INT, node, (source, where))
        if node.kind == "distinct":
            element = inner[-1].type
            attribute = v.ATTRIBUTES.get(element, {}).get(node.attr or "")
            if attribute is None:
                return self.error(node, node.span, f"{article(element)} has no attribute "
                                  f"'{node.attr}'", did_you_mean(
                                      node.attr or "", v.ATTRIBUTES.get(element, {})))
            return Typed(DISTINCT, v.INT, node, (source, where),
                         (attribute.get, attribute.type == v.TILE))
        assert node.body is not None
        body = self.expect(self.type(node.body, inner), v.INT, node.body.span,
                           f"the value of {node.kind}(...)")
        return Typed(SUM if node.kind == "sum" else MAX, v.INT, node, (source, where, body))


def _what_it_describes(name: str) -> str:
    """For a tile or group property or attribute: what it describes ("a tile or a group")."""
    owners = []
    if name in v.TILE_PREDICATES or name in v.ATTRIBUTES[v.TILE]:
        owners.append("a tile")
    if name in v.GROUP_PREDICATES or name in v.ATTRIBUTES[v.GROUP]:
        owners.append("a group")
    return " or ".join(owners)


def _bound(bound: Bound, node: ast.Expr) -> Typed:
    return Typed(BOUND, bound.type, node, data=bound.depth)


def _predicate(name: str, subject: Typed, node: ast.Expr) -> Typed | None:
    kind = predicate_kind(name, subject.type)
    if kind is None:
        return None
    return Typed(PREDICATE, v.BOOL, node, (subject,), (name, kind))


def _negated(test: Typed) -> Typed:
    return test if test.op == ERROR else Typed(NOT, v.BOOL, test.node, (test,))


def flatten(node: ast.Expr, op: str, out: list[ast.Expr]) -> None:
    """The operands of a chain of one operator (``a and b and c``), in order."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.Binary) and current.op == op:
            stack += [current.right, current.left]
        else:
            out.append(current)


def too_deep(expr: ast.Expr, limit: int) -> ast.Expr | None:
    """The first node nested more than ``limit`` deep in ``expr`` (a chain of one of 'and'
    and 'or' counts as one level), or None. Goes through the tree without recursion."""
    stack: list[tuple[Any, int]] = [(expr, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return node if isinstance(node, ast.Expr.__args__) else expr
        if isinstance(node, tuple):
            stack += [(x, depth) for x in node]
            continue
        if not hasattr(node, "__dataclass_fields__") or isinstance(node, ast.Span):
            continue
        for name in node.__dataclass_fields__:
            child = getattr(node, name)
            same_chain = (isinstance(node, ast.Binary) and node.op in ("and", "or")
                          and isinstance(child, ast.Binary) and child.op == node.op)
            stack.append((child, depth if same_chain else depth + 1))
    return None


def walk(node: Typed | None) -> Iterator[Typed]:
    """Every node of a typed tree, the root first."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        yield current
        stack.extend(reversed(current.parts))


def reads_stage(node: Typed | None) -> bool:
    """Whether a tree reads a running value of the scoring stages (han, fu, basic points,
    yakuman) or asks whether a yaku scored."""
    return any(n.op == HAS_YAKU or (n.op == FEATURE and n.data[0] in STAGE_NAMES)
               for n in walk(node))


def structure(node: Typed | None) -> Any:
    """A tree's shape as plain hashable data, without where it is written: equal for trees
    that compute the same way."""
    if node is None:
        return None
    data = node.data
    if node.op in (FEATURE, ATTRIBUTE, CALL):
        data = data[0]
    elif node.op == DISTINCT:
        data = (id(data[0]), data[1])
    elif isinstance(data, list):
        data = tuple(data)
    return (node.op, node.type, hashable(data), tuple(structure(p) for p in node.parts))


def hashable(value: object) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(hashable(x) for x in value)
    if isinstance(value, dict):
        return tuple(sorted((k, hashable(x)) for k, x in value.items()))
    return value


def tile_of(typed: Typed) -> Tile | None:
    """The tile of a constant tile node, else None."""
    return typed.data if typed.op == CONST and isinstance(typed.data, Tile) else None
