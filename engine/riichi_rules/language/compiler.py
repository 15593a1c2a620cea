"""Compile checked expressions to Python closures over an :class:`Env`.

Names are resolved and types inferred here, once; every problem becomes a diagnostic and all
of them are collected. Ruleset parameters are folded in as constants, and constant parts of a
condition are folded away. No rule text is ever passed to ``eval`` or ``exec``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_rules.errors import Diagnostic, InputError, did_you_mean
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.tiles import Tile, parse_tiles

Fn = Callable[[v.Env], Any]


@dataclass(frozen=True, slots=True)
class Compiled:
    """A compiled expression: its type, its closure, and its value when it is constant."""

    type: str
    fn: Fn
    const: bool = False
    value: Any = None


def _constant(type_: str, value: Any) -> Compiled:
    return Compiled(type_, lambda env: value, True, value)


@dataclass(frozen=True, slots=True)
class _Binder:
    name: str | None
    type: str
    slot: int


_ARITH: dict[str, Callable[[int, int], int]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv,
    "%": operator.mod, "^": operator.pow,
}
_ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


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


def _same(a: Any, b: Any) -> bool:
    """Equality of the language: tiles are equal when their kinds are (red or not)."""
    if isinstance(a, Tile) and isinstance(b, Tile):
        return a.kind == b.kind
    return bool(a == b)


class ExpressionCompiler:
    """Compiles the expressions of one ruleset; collects diagnostics in ``diagnostics``."""

    def __init__(
        self,
        parameters: Mapping[str, Any],
        known_yaku: Callable[[str], bool],
        source_lines: Callable[[str, int], str],
    ) -> None:
        self.parameters = parameters
        self.known_yaku = known_yaku
        self.source_lines = source_lines
        self.diagnostics: list[Diagnostic] = []
        self.slot_count = 0
        self.stage = ""

    # -- diagnostics -----------------------------------------------------------------------
    def error(self, span: ast.Span, message: str, hint: str = "") -> Compiled:
        self.diagnostics.append(Diagnostic(
            span.file, span.line, span.column, message,
            self.source_lines(span.file, span.line), hint,
        ))
        return Compiled(v.ANY, lambda env: None)

    def _expect(self, compiled: Compiled, type_: str, span: ast.Span, what: str) -> Compiled:
        if compiled.type in (type_, v.ANY):
            return compiled
        if type_ == v.INT and compiled.type == v.BOOL:
            return compiled
        return self.error(span, f"{what} must be {_article(type_)}, not {_article(compiled.type)}")

    # -- entry points ----------------------------------------------------------------------
    def condition(self, expr: ast.Expr, stage: str) -> Compiled:
        self.stage = stage
        return self._expect(self.compile(expr, ()), v.BOOL, _span(expr), "a condition")

    def number(self, expr: ast.Expr, stage: str) -> Compiled:
        self.stage = stage
        return self._expect(self.compile(expr, ()), v.INT, _span(expr), "this value")

    def comprehension(
        self, comp: ast.Comprehension, stage: str
    ) -> tuple[Compiled, tuple[_Binder, ...], Compiled | None, int]:
        """A comprehension compiled for a caller that iterates it itself (fu per group):
        (source, scope with the element bound, where-filter, element slot)."""
        self.stage = stage
        return self._comprehension(comp, ())

    def in_scope(self, expr: ast.Expr, scope: tuple[_Binder, ...], type_: str) -> Compiled:
        return self._expect(self.compile(expr, scope), type_, _span(expr), "this value")

    # -- expressions -----------------------------------------------------------------------
    def compile(self, node: ast.Expr, scope: tuple[_Binder, ...]) -> Compiled:
        method = getattr(self, "_" + type(node).__name__.lower())
        result: Compiled = method(node, scope)
        return result

    def _int(self, node: ast.Int, scope: tuple[_Binder, ...]) -> Compiled:
        return _constant(v.INT, node.value)

    def _str(self, node: ast.Str, scope: tuple[_Binder, ...]) -> Compiled:
        return _constant(v.STR, node.value)

    def _tilelit(self, node: ast.TileLit, scope: tuple[_Binder, ...]) -> Compiled:
        try:
            (tile,) = parse_tiles(node.text)
        except (InputError, ValueError):
            return self.error(node.span, f"'{node.text}' is not a tile")
        return _constant(v.TILE, tile)

    def _param(self, node: ast.Param, scope: tuple[_Binder, ...]) -> Compiled:
        if node.name not in self.parameters:
            return self.error(node.span, f"unknown parameter 'rule.{node.name}'",
                              did_you_mean(node.name, self.parameters))
        value = self.parameters[node.name]
        return _constant(_param_type(value), value)

    def _hasyaku(self, node: ast.HasYaku, scope: tuple[_Binder, ...]) -> Compiled:
        if not self.known_yaku(node.yaku):
            return self.error(node.span, f"unknown yaku '{node.yaku}' in yaku({node.yaku})")
        if self.stage in ("yaku",):
            return self.error(node.span, "yaku(...) can only be asked once the yaku are known: "
                              "in fu, limits or payments")
        yaku_id = node.yaku
        return Compiled(v.BOOL, lambda env: yaku_id in env.yaku)

    def _name(self, node: ast.Name, scope: tuple[_Binder, ...]) -> Compiled:
        name = node.name
        if name == "it":
            if not scope:
                return self.error(node.span, "'it' is only defined inside count(...), "
                                  "every(...), some(...) and the like")
            return self._slot(scope[-1])
        for binder in reversed(scope):
            if binder.name == name:
                return self._slot(binder)
        if scope:
            element = scope[-1]
            implicit = self._element_name(name, element)
            if implicit is not None:
                return implicit
        feature = v.FEATURES.get(name)
        if feature is not None:
            if feature.stages and self.stage not in feature.stages:
                return self.error(node.span, f"'{name}' is only known in the "
                                  f"{' and '.join(sorted(feature.stages))} stages")
            return Compiled(feature.type, feature.get)
        candidates = [b.name for b in scope if b.name] + v.all_names()
        return self.error(node.span, f"unknown name '{name}'", did_you_mean(name, candidates))

    def _slot(self, binder: _Binder) -> Compiled:
        slot = binder.slot
        return Compiled(binder.type, lambda env: env.slots[slot])

    def _element_name(self, name: str, binder: _Binder) -> Compiled | None:
        """A bare predicate or attribute name applied to the innermost element."""
        slot = binder.slot
        predicate = self._predicate(name, binder.type)
        if predicate is not None:
            return Compiled(v.BOOL, lambda env: predicate(env, env.slots[slot]))
        attribute = v.ATTRIBUTES.get(binder.type, {}).get(name)
        if attribute is not None:
            get = attribute.get
            return Compiled(attribute.type, lambda env: get(env.slots[slot]))
        return None

    @staticmethod
    def _predicate(name: str, type_: str) -> Callable[[v.Env, Any], bool] | None:
        """A predicate applicable to values of ``type_`` (tile predicates lift to groups and
        lists: every tile has the property)."""
        if type_ == v.TILE and name in v.TILE_PREDICATES:
            return v.TILE_PREDICATES[name][0]
        if type_ == v.GROUP:
            if name in v.GROUP_PREDICATES:
                return v.GROUP_PREDICATES[name][0]
            if name in v.TILE_PREDICATES:
                tile_pred = v.TILE_PREDICATES[name][0]
                return lambda env, g: g is not None and all(tile_pred(env, t) for t in g.tiles)
        if type_ == v.list_of(v.TILE) and name in v.TILE_PREDICATES:
            tile_pred = v.TILE_PREDICATES[name][0]
            return lambda env, ts: all(tile_pred(env, t) for t in ts)
        return None

    def _attr(self, node: ast.Attr, scope: tuple[_Binder, ...]) -> Compiled:
        obj = self.compile(node.obj, scope)
        if obj.type == v.ANY:
            return obj
        attribute = v.ATTRIBUTES.get(obj.type, {}).get(node.name)
        if attribute is None:
            known = list(v.ATTRIBUTES.get(obj.type, {}))
            return self.error(node.span, f"{_article(obj.type)} has no attribute '{node.name}'",
                              did_you_mean(node.name, known))
        get, inner = attribute.get, obj.fn
        return Compiled(attribute.type, lambda env: get(inner(env)))

    def _call(self, node: ast.Call, scope: tuple[_Binder, ...]) -> Compiled:
        function = v.FUNCTIONS.get(node.func)
        if function is None:
            return self.error(node.span, f"unknown function '{node.func}'",
                              did_you_mean(node.func, v.FUNCTIONS))
        if len(node.args) != len(function.params):
            return self.error(node.span, f"{node.func}() takes {len(function.params)} "
                              f"argument(s), not {len(node.args)}")
        args = [
            self._expect(self.compile(arg, scope), type_, _span(arg), f"{node.func}()'s argument")
            for arg, type_ in zip(node.args, function.params, strict=True)
        ]
        call = function.call
        if all(a.const for a in args):
            return _constant(function.result, call(*(a.value for a in args)))
        fns = [a.fn for a in args]
        if len(fns) == 1:
            (f0,) = fns
            return Compiled(function.result, lambda env: call(f0(env)))
        return Compiled(function.result, lambda env: call(*(f(env) for f in fns)))

    def _listlit(self, node: ast.ListLit, scope: tuple[_Binder, ...]) -> Compiled:
        items = [self.compile(item, scope) for item in node.items]
        types = {i.type for i in items}
        element = types.pop() if len(types) == 1 else v.ANY
        if all(i.const for i in items):
            return _constant(v.list_of(element), tuple(i.value for i in items))
        fns = [i.fn for i in items]
        return Compiled(v.list_of(element), lambda env: tuple(f(env) for f in fns))

    def _range(self, node: ast.Range, scope: tuple[_Binder, ...]) -> Compiled:
        low = self._expect(self.compile(node.low, scope), v.INT, _span(node.low), "a range bound")
        high = self._expect(self.compile(node.high, scope), v.INT, _span(node.high),
                            "a range bound")
        if low.const and high.const:
            return _constant(v.list_of(v.INT), tuple(range(low.value, high.value + 1)))
        lf, hf = low.fn, high.fn
        return Compiled(v.list_of(v.INT), lambda env: tuple(range(lf(env), hf(env) + 1)))

    def _unary(self, node: ast.Unary, scope: tuple[_Binder, ...]) -> Compiled:
        if node.op == "not":
            inner = self._expect(self.compile(node.operand, scope), v.BOOL, node.span,
                                 "the operand of 'not'")
            if inner.const:
                return _constant(v.BOOL, not inner.value)
            f = inner.fn
            return Compiled(v.BOOL, lambda env: not f(env))
        inner = self._expect(self.compile(node.operand, scope), v.INT, node.span, "a number")
        if inner.const:
            return _constant(v.INT, -inner.value)
        f = inner.fn
        return Compiled(v.INT, lambda env: -f(env))

    def _ternary(self, node: ast.Ternary, scope: tuple[_Binder, ...]) -> Compiled:
        cond = self._expect(self.compile(node.cond, scope), v.BOOL, _span(node.cond),
                            "the condition of 'if'")
        then = self.compile(node.then, scope)
        other = self.compile(node.other, scope)
        type_ = then.type if then.type == other.type else (
            v.INT if {then.type, other.type} <= {v.INT, v.BOOL} else v.ANY)
        if then.type != other.type and type_ == v.ANY and v.ANY not in (then.type, other.type):
            return self.error(node.span, f"the two branches of 'if' have different types: "
                              f"{then.type} and {other.type}")
        if cond.const:
            return then if cond.value else other
        c, t, o = cond.fn, then.fn, other.fn
        return Compiled(type_, lambda env: t(env) if c(env) else o(env))

    def _binary(self, node: ast.Binary, scope: tuple[_Binder, ...]) -> Compiled:
        op = node.op
        if op in ("and", "or"):
            return self._logic(node, scope)
        if op in ("is", "is_not"):
            result = self._is(node.left, node.right, scope, node.span)
            return _negate(result) if op == "is_not" else result
        if op == "has":
            return self._has(node.left, node.right, scope, node.span)
        if op in ("in", "not_in"):
            result = self._in(node, scope)
            return _negate(result) if op == "not_in" else result
        left = self.compile(node.left, scope)
        right = self.compile(node.right, scope)
        if op in ("==", "!="):
            if v.ANY not in (left.type, right.type) and not _comparable(left.type, right.type):
                return self.error(node.span, f"cannot compare {_article(left.type)} with "
                                  f"{_article(right.type)}")
            equal = _fold2(v.BOOL, left, right, _same)
            return _negate(equal) if op == "!=" else equal
        left = self._expect(left, v.INT, _span(node.left), f"the left side of '{op}'")
        right = self._expect(right, v.INT, _span(node.right), f"the right side of '{op}'")
        if op in _ORDER:
            return _fold2(v.BOOL, left, right, _ORDER[op])
        return _fold2(v.INT, left, right, _ARITH[op])

    def _logic(self, node: ast.Binary, scope: tuple[_Binder, ...]) -> Compiled:
        left = self._expect(self.compile(node.left, scope), v.BOOL, _span(node.left),
                            f"each side of '{node.op}'")
        right = self._expect(self.compile(node.right, scope), v.BOOL, _span(node.right),
                             f"each side of '{node.op}'")
        if node.op == "and":
            if left.const:
                return right if left.value else _constant(v.BOOL, False)
            if right.const:
                return left if right.value else _constant(v.BOOL, False)
            lf, rf = left.fn, right.fn
            return Compiled(v.BOOL, lambda env: bool(lf(env)) and bool(rf(env)))
        if left.const:
            return _constant(v.BOOL, True) if left.value else right
        if right.const:
            return _constant(v.BOOL, True) if right.value else left
        lf, rf = left.fn, right.fn
        return Compiled(v.BOOL, lambda env: bool(lf(env)) or bool(rf(env)))

    def _is(
        self, left_node: ast.Expr, right_node: ast.Expr, scope: tuple[_Binder, ...],
        span: ast.Span,
    ) -> Compiled:
        """``X is P``: a predicate P of X, an enum value of X's type, or equality (a group
        "is" a tile when all its tiles are that tile)."""
        left = self.compile(left_node, scope)
        if isinstance(right_node, ast.Name) and left.type != v.ANY:
            predicate = self._predicate(right_node.name, left.type)
            if predicate is not None:
                lf = left.fn
                return Compiled(v.BOOL, lambda env: predicate(env, lf(env)))
            values = v.ENUMS.get(left.type)
            if values is not None:
                if right_node.name not in values:
                    return self.error(right_node.span, f"'{right_node.name}' is not a {left.type}"
                                      f" (one of: {', '.join(values)})",
                                      did_you_mean(right_node.name, values))
                wanted, lf = right_node.name, left.fn
                return Compiled(v.BOOL, lambda env: lf(env) == wanted)
        right = self.compile(right_node, scope)
        if v.ANY in (left.type, right.type):
            return Compiled(v.BOOL, lambda env: False)
        if left.type == v.GROUP and right.type == v.TILE:
            lf, rf = left.fn, right.fn

            def group_is_tile(env: v.Env) -> bool:
                group, kind = lf(env), rf(env).kind
                return group is not None and all(t.kind == kind for t in group.tiles)

            return Compiled(v.BOOL, group_is_tile)
        if _comparable(left.type, right.type):
            return _fold2(v.BOOL, left, right, _same)
        if isinstance(right_node, ast.Name):
            return self.error(right_node.span, f"'{right_node.name}' is not something "
                              f"{_article(left.type)} can be", did_you_mean(
                                  right_node.name, self._predicates_for(left.type)))
        return self.error(span, f"cannot test whether {_article(left.type)} is "
                          f"{_article(right.type)}")

    @staticmethod
    def _predicates_for(type_: str) -> list[str]:
        names = list(v.TILE_PREDICATES)
        if type_ == v.GROUP:
            names += list(v.GROUP_PREDICATES)
        return names

    def _has(
        self, left_node: ast.Expr, right_node: ast.Expr, scope: tuple[_Binder, ...],
        span: ast.Span,
    ) -> Compiled:
        """``G has P``: some tile of the group (or list) G is P (a tile predicate or a tile)."""
        left = self.compile(left_node, scope)
        if left.type == v.ANY:
            return left
        if left.type == v.GROUP:
            def tiles_of(x: Any) -> Sequence[Tile]:
                return x.tiles if x is not None else ()
        elif left.type == v.list_of(v.TILE):
            def tiles_of(x: Any) -> Sequence[Tile]:
                return x  # type: ignore[no-any-return]
        else:
            return self.error(span, f"'has' looks into a group or a list of tiles, not "
                              f"{_article(left.type)}")
        lf = left.fn
        if isinstance(right_node, ast.Name) and right_node.name in v.TILE_PREDICATES:
            pred = v.TILE_PREDICATES[right_node.name][0]
            return Compiled(v.BOOL, lambda env: any(pred(env, t) for t in tiles_of(lf(env))))
        right = self.compile(right_node, scope)
        if right.type == v.ANY:
            return right
        if right.type != v.TILE:
            if isinstance(right_node, ast.Name):
                return self.error(right_node.span, f"'{right_node.name}' is not a tile property",
                                  did_you_mean(right_node.name, v.TILE_PREDICATES))
            return self.error(span, f"'has' needs a tile property or a tile, not "
                              f"{_article(right.type)}")
        rf = right.fn
        return Compiled(v.BOOL, lambda env: any(
            t.kind == rf(env).kind for t in tiles_of(lf(env))))

    def _in(self, node: ast.Binary, scope: tuple[_Binder, ...]) -> Compiled:
        left = self.compile(node.left, scope)
        right = self.compile(node.right, scope)
        element = v.element_of(right.type)
        if right.type != v.ANY and element is None:
            return self.error(_span(node.right), f"'in' needs a list on its right, not "
                              f"{_article(right.type)}")
        if element not in (None, v.ANY) and left.type != v.ANY and not _comparable(
                left.type, element):
            return self.error(node.span, f"cannot look for {_article(left.type)} in a list of "
                              f"{element}s")

        def member(x: Any, xs: Sequence[Any]) -> bool:
            return any(_same(x, y) for y in xs)

        return _fold2(v.BOOL, left, right, member)

    # -- quantifiers and aggregates --------------------------------------------------------
    def _comprehension(
        self, comp: ast.Comprehension, scope: tuple[_Binder, ...]
    ) -> tuple[Compiled, tuple[_Binder, ...], Compiled | None, int]:
        source = self.compile(comp.source, scope)
        element = v.element_of(source.type)
        if element is None:
            if source.type != v.ANY:
                self.error(_span(comp.source), f"{_article(source.type)} is not a list to "
                           f"go through")
            element = v.ANY
        slot = self.slot_count
        self.slot_count += 1
        inner = (*scope, _Binder(comp.binder, element, slot))
        where = None
        if comp.where is not None:
            where = self._expect(self.compile(comp.where, inner), v.BOOL, _span(comp.where),
                                 "a 'where' condition")
        return source, inner, where, slot

    def _quantified(self, node: ast.Quantified, scope: tuple[_Binder, ...]) -> Compiled:
        source, inner, where, slot = self._comprehension(node.comp, scope)
        body = None
        if node.body is not None:
            body = self._expect(self.compile(node.body, inner), v.BOOL, _span(node.body),
                                f"the condition of {node.quantifier}(...)")
        elif node.quantifier == "every":
            return self.error(node.span, "every(...) needs a condition after ':', e.g. "
                              "every(sets: chow)")
        return _quantify(node.quantifier, source.fn, where, body, slot)

    def _nountest(self, node: ast.NounTest, scope: tuple[_Binder, ...]) -> Compiled:
        collection = v.NOUNS.get(node.noun)
        if collection is None:
            return self.error(node.span, f"'{node.noun}' is not something to go through",
                              did_you_mean(node.noun, v.NOUNS))
        feature = v.FEATURES[collection]
        element = v.element_of(feature.type) or v.ANY
        slot = self.slot_count
        self.slot_count += 1
        inner = (*scope, _Binder(None, element, slot))
        it = ast.Name("it", node.span)
        if node.test == "has":
            body = self._has(it, node.subject, inner, node.span)
        else:
            body = self._is(it, node.subject, inner, node.span)
            if node.test == "is_not":
                body = _negate(body)
        return _quantify(node.quantifier, feature.get, None, body, slot)

    def _aggregate(self, node: ast.Aggregate, scope: tuple[_Binder, ...]) -> Compiled:
        source, inner, where, slot = self._comprehension(node.comp, scope)
        sf = source.fn
        wf = where.fn if where is not None else None

        def chosen(env: v.Env) -> list[Any]:
            slots = env.slots
            out = []
            for x in sf(env):
                slots[slot] = x
                if wf is None or wf(env):
                    out.append(x)
            return out

        if node.kind == "count":
            if wf is None:
                return Compiled(v.INT, lambda env: len(sf(env)))
            return Compiled(v.INT, lambda env: len(chosen(env)))
        if node.kind == "distinct":
            element = inner[-1].type
            attribute = v.ATTRIBUTES.get(element, {}).get(node.attr or "")
            if attribute is None:
                return self.error(node.span, f"{_article(element)} has no attribute "
                                  f"'{node.attr}'", did_you_mean(
                                      node.attr or "", v.ATTRIBUTES.get(element, {})))
            get = attribute.get

            def distinct(env: v.Env) -> int:
                return len({_key(get(x)) for x in chosen(env)})

            return Compiled(v.INT, distinct)
        assert node.body is not None
        body = self._expect(self.compile(node.body, inner), v.INT, _span(node.body),
                            f"the value of {node.kind}(...)")
        bf = body.fn

        def values(env: v.Env) -> list[int]:
            out = []
            for x in chosen(env):
                env.slots[slot] = x
                out.append(bf(env))
            return out

        if node.kind == "sum":
            return Compiled(v.INT, lambda env: sum(values(env)))
        return Compiled(v.INT, lambda env: max(values(env), default=0))


def _key(value: Any) -> Any:
    return value.kind if isinstance(value, Tile) else value


def _quantify(
    quantifier: str, source: Fn, where: Compiled | None, body: Compiled | None, slot: int
) -> Compiled:
    wf = where.fn if where is not None else None
    bf = body.fn if body is not None else None

    def matches(env: v.Env) -> Any:
        slots = env.slots
        for x in source(env):
            slots[slot] = x
            if (wf is None or wf(env)) and (bf is None or bf(env)):
                yield True
            else:
                yield False

    if quantifier == "every":
        def every(env: v.Env) -> bool:
            slots = env.slots
            for x in source(env):
                slots[slot] = x
                if (wf is None or wf(env)) and bf is not None and not bf(env):
                    return False
            return True

        return Compiled(v.BOOL, every)

    def some(env: v.Env) -> bool:
        return any(matches(env))

    if quantifier == "some":
        return Compiled(v.BOOL, some)
    return Compiled(v.BOOL, lambda env: not some(env))


def _negate(compiled: Compiled) -> Compiled:
    if compiled.const:
        return _constant(v.BOOL, not compiled.value)
    f = compiled.fn
    return Compiled(v.BOOL, lambda env: not f(env))


def _fold2(type_: str, left: Compiled, right: Compiled, op: Callable[[Any, Any], Any]) -> Compiled:
    if left.const and right.const:
        return _constant(type_, op(left.value, right.value))
    lf, rf = left.fn, right.fn
    if right.const:
        rv = right.value
        return Compiled(type_, lambda env: op(lf(env), rv))
    return Compiled(type_, lambda env: op(lf(env), rf(env)))


def _comparable(a: str, b: str) -> bool:
    if a == b:
        return True
    if {a, b} <= {v.INT, v.BOOL}:
        return True
    return {a, b} <= {v.STR, v.WAIT, v.FORM}


def _article(type_: str) -> str:
    words = {
        v.BOOL: "a condition (true/false)", v.INT: "a number", v.STR: "a text",
        v.TILE: "a tile", v.GROUP: "a group", v.WAIT: "a wait", v.FORM: "a form",
        v.ANY: "a value",
    }
    if type_ in words:
        return words[type_]
    element = v.element_of(type_)
    return f"a list of {element}s" if element else type_


def _span(node: ast.Expr) -> ast.Span:
    return node.span
