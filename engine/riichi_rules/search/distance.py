"""How far a situation is from making a condition true (or false): 0 when it already does,
more the further it is (the branch distance of search-based testing).

A failed test of ``and`` costs the sum of its parts, of ``or`` the cheapest; a comparison of
numbers costs by how much it misses (``han >= 5`` with 3 han is further than with 4); a count
costs the elements nearest to passing its filter (``count(sets where chow) >= 3`` with one
chow: the two sets nearest to being chows); ``every`` costs each element that fails, ``some``
the element nearest to passing. Everything else (a flag, a tile property, a shape) costs 1.
Each comparison's cost is squashed below 1 (``d / (d + 1)``), so that no single number
drowns the rest of a condition.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.evaluate import Bound, equal, evaluate
from riichi_rules.language.typed import Typed

_FAILED = 1.0  # the cost of a test that fails, or cannot be evaluated here
_ERRORS = (AttributeError, TypeError, IndexError, KeyError, ValueError, ZeroDivisionError,
           OverflowError)


def squash(d: float) -> float:
    return d / (d + 1.0)


def distance(node: Typed, env: Any, want: bool = True, bound: Bound = ()) -> float:
    """How far ``node`` (a condition) is from being ``want`` in ``env``."""
    handler = _HANDLERS.get(node.op)
    try:
        if handler is not None:
            return handler(node, env, want, bound)
        return 0.0 if bool(evaluate(node, env, bound)) == want else _FAILED
    except _ERRORS:
        return _FAILED


def _and(node: Typed, env: Any, want: bool, bound: Bound) -> float:
    parts = [p for p in node.parts if p is not None]
    if want:
        return sum(distance(p, env, True, bound) for p in parts)
    return min(distance(p, env, False, bound) for p in parts)


def _or(node: Typed, env: Any, want: bool, bound: Bound) -> float:
    parts = [p for p in node.parts if p is not None]
    if want:
        return min(distance(p, env, True, bound) for p in parts)
    return sum(distance(p, env, False, bound) for p in parts)


def _not(node: Typed, env: Any, want: bool, bound: Bound) -> float:
    return distance(node.part(0), env, not want, bound)


def _if(node: Typed, env: Any, want: bool, bound: Bound) -> float:
    chosen = node.part(1) if evaluate(node.part(0), env, bound) else node.part(2)
    return distance(chosen, env, want, bound)


_NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}


def _miss(op: str, a: int, b: int) -> int:
    """How much ``a OP b`` misses by (0 when it holds), for numbers."""
    if op == ">=":
        return max(0, b - a)
    if op == ">":
        return max(0, b - a + 1)
    if op == "<=":
        return max(0, a - b)
    if op == "<":
        return max(0, a - b + 1)
    if op == "==":
        return abs(a - b)
    return 1 if a == b else 0


def _compare(node: Typed, env: Any, want: bool, bound: Bound) -> float:
    op, flavour = node.data
    if not want:
        op = _NEGATED[op]
    left, right = node.part(0), node.part(1)
    if left.type in (v.INT, v.BOOL) and right.type in (v.INT, v.BOOL):
        if left.op == t.COUNT and left.parts[1] is not None:
            return _count_miss(left, op, int(evaluate(right, env, bound)), env, bound)
        if right.op == t.COUNT and right.parts[1] is not None:
            flipped = {">=": "<=", "<=": ">=", ">": "<", "<": ">"}.get(op, op)
            return _count_miss(right, flipped, int(evaluate(left, env, bound)), env, bound)
        a, b = int(evaluate(left, env, bound)), int(evaluate(right, env, bound))
        return squash(_miss(op, a, b))
    same = equal(flavour, evaluate(left, env, bound), evaluate(right, env, bound))
    holds = same if op == "==" else not same if op == "!=" else False
    return 0.0 if holds else _FAILED


def _count_miss(count: Typed, op: str, target: int, env: Any, bound: Bound) -> float:
    """How far ``count(SOURCE where W) OP target`` is: for each element to gain (or lose) to
    get there, the distance of the one nearest to passing (failing) W."""
    source, where = count.part(0), count.part(1)
    items = list(evaluate(source, env, bound))
    passes = [bool(evaluate(where, env, (*bound, x))) for x in items]
    n = sum(passes)
    miss = _miss(op, n, target)
    if miss == 0:
        return 0.0

    def cost(gain: bool, how_many: int) -> float:
        nearest = sorted(distance(where, env, gain, (*bound, x))
                         for x, passed in zip(items, passes, strict=True) if passed != gain)
        taken = nearest[:how_many]
        return squash(sum(taken) + (how_many - len(taken)) * 2 * _FAILED)

    if op in (">=", ">") or (op == "==" and n < target):
        return cost(True, miss)
    if op in ("<=", "<", "=="):
        return cost(False, miss)
    return min(cost(True, 1), cost(False, 1))  # != : one more or one less


def _quantified(node: Typed, env: Any, want: bool, bound: Bound) -> float:
    source, where, body = node.part(0), node.parts[1], node.parts[2]
    quantifier = node.data
    if quantifier == "no":
        quantifier, want = "some", not want
    items = list(evaluate(source, env, bound))

    def matches(x: Any, how: bool) -> float:
        """How far element x is from matching (passing the filter and the body), or from not
        matching."""
        inner = (*bound, x)
        if how:
            return ((distance(where, env, True, inner) if where is not None else 0.0)
                    + (distance(body, env, True, inner) if body is not None else 0.0))
        misses = [distance(p, env, False, inner) for p in (where, body) if p is not None]
        return min(misses) if misses else _FAILED

    if quantifier == "some":
        if want:
            return min((matches(x, True) for x in items), default=_FAILED)
        return sum(matches(x, False) for x in items)
    # every x (where W): B -- fails on each x that passes W and fails B
    def fails(x: Any, how: bool) -> float:
        inner = (*bound, x)
        assert body is not None
        if how:  # x must not be a counterexample: fail W, or pass B
            outs = [distance(body, env, True, inner)]
            if where is not None:
                outs.append(distance(where, env, False, inner))
            return min(outs)
        return ((distance(where, env, True, inner) if where is not None else 0.0)
                + distance(body, env, False, inner))

    if want:
        return sum(fails(x, True) for x in items)
    return min((fails(x, False) for x in items), default=_FAILED)


def _predicate(node: Typed, env: Any, want: bool, bound: Bound) -> float:
    name, kind = node.data
    value = evaluate(node.part(0), env, bound)
    if kind == "tiles" and want:
        prop = v.TILE_PREDICATES[name]
        failing = sum(1 for tile in value if not prop.test(env, tile))
        return squash(failing) if failing else 0.0
    return 0.0 if bool(evaluate(node, env, bound)) == want else _FAILED


_HANDLERS: dict[str, Callable[[Typed, Any, bool, Bound], float]] = {
    t.AND: _and, t.OR: _or, t.NOT: _not, t.IF: _if, t.COMPARE: _compare,
    t.QUANTIFIED: _quantified, t.PREDICATE: _predicate,
}
