"""The reference evaluator: runs a typed tree (:mod:`riichi_rules.language.typed`) directly,
node by node, with none of the compiler's shortcuts (no caches, kernels, masks or guards).

It is slow and plain on purpose: it says what a rule means, and tests check that the
compiled closures agree with it. The search reads values through it too.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.arithmetic import guarded
from riichi_rules.language.typed import Typed
from riichi_rules.tiles import Tile

Bound = tuple[Any, ...]  # the elements bound by the enclosing comprehensions, outermost first

_ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


def where(span: Any) -> str:
    """``file:line:col`` of a span."""
    return f"{span.file}:{span.line}:{span.column}"


def equal(flavour: str, a: Any, b: Any) -> bool:
    """Equality of the language: tiles are equal when their kinds are (red or not)."""
    if flavour == "tile" or (flavour == "same" and isinstance(a, Tile) and isinstance(b, Tile)):
        return bool(a.kind == b.kind)
    return bool(a == b)


def tiles_in(value: Any, is_group: bool) -> Sequence[Tile]:
    """The tiles of a group (none for a missing group) or of a list of tiles."""
    if is_group:
        return value.tiles if value is not None else ()
    return value  # type: ignore[no-any-return]


def holds(name: str, kind: str, env: Any, value: Any) -> bool:
    """Whether the predicate ``name`` holds of a tile, a group or every tile of a list."""
    prop = v.TILE_PREDICATES.get(name)
    if kind == "tile":
        assert prop is not None
        return prop.test(env, value)
    if kind == "tiles":
        assert prop is not None
        return all(prop.test(env, tile) for tile in value)
    group_prop = v.GROUP_PREDICATES.get(name)
    if group_prop is not None:
        if group_prop.shapes is not None:
            return value is not None and value.shape in group_prop.shapes
        return group_prop.test(env, value)
    assert prop is not None
    return value is not None and all(prop.test(env, tile) for tile in value.tiles)


def elements(node: Typed, env: Any, bound: Bound) -> list[Any]:
    """The elements of a comprehension (``source where ...``) that pass its filter."""
    source, where = node.part(0), node.parts[1]
    items = evaluate(source, env, bound)
    if where is None:
        return list(items)
    return [x for x in items if evaluate(where, env, (*bound, x))]


def evaluate(node: Typed, env: Any, bound: Bound = ()) -> Any:
    """The value of ``node`` in ``env`` (a scoring :class:`~riichi_rules.language.vocabulary.
    Env` or a table environment), with ``bound`` the elements of the comprehensions around it."""
    return _OPS[node.op](node, env, bound)


def _const(node: Typed, env: Any, bound: Bound) -> Any:
    return node.data


def _feature(node: Typed, env: Any, bound: Bound) -> Any:
    return node.data[1].get(env)


def _bound(node: Typed, env: Any, bound: Bound) -> Any:
    return bound[node.data]


def _has_yaku(node: Typed, env: Any, bound: Bound) -> bool:
    return node.data in env.yaku


def _predicate(node: Typed, env: Any, bound: Bound) -> bool:
    name, kind = node.data
    return holds(name, kind, env, evaluate(node.part(0), env, bound))


def _enum(node: Typed, env: Any, bound: Bound) -> bool:
    return bool(evaluate(node.part(0), env, bound) == node.data)


def _attribute(node: Typed, env: Any, bound: Bound) -> Any:
    return node.data[1](evaluate(node.part(0), env, bound))


def _call(node: Typed, env: Any, bound: Bound) -> Any:
    function: v.Function = node.data[1]
    args = [evaluate(part, env, bound) for part in node.parts if part is not None]
    return function.call(env, *args) if function.situational else function.call(*args)


def _list(node: Typed, env: Any, bound: Bound) -> tuple[Any, ...]:
    return tuple(evaluate(part, env, bound) for part in node.parts if part is not None)


def _range(node: Typed, env: Any, bound: Bound) -> tuple[int, ...]:
    low, high = (evaluate(node.part(i), env, bound) for i in (0, 1))
    return tuple(range(low, high + 1))


def _not(node: Typed, env: Any, bound: Bound) -> bool:
    return not evaluate(node.part(0), env, bound)


def _neg(node: Typed, env: Any, bound: Bound) -> int:
    return -int(evaluate(node.part(0), env, bound))


def _and(node: Typed, env: Any, bound: Bound) -> bool:
    return all(evaluate(part, env, bound) for part in node.parts if part is not None)


def _or(node: Typed, env: Any, bound: Bound) -> bool:
    return any(evaluate(part, env, bound) for part in node.parts if part is not None)


def _compare(node: Typed, env: Any, bound: Bound) -> bool:
    op, flavour = node.data
    left, right = (evaluate(node.part(i), env, bound) for i in (0, 1))
    if op == "==":
        return equal(flavour, left, right)
    if op == "!=":
        return not equal(flavour, left, right)
    return _ORDER[op](left, right)


def _arith(node: Typed, env: Any, bound: Bound) -> int:
    left, right = (evaluate(node.part(i), env, bound) for i in (0, 1))
    return guarded(node.data, where(node.node.span))(left, right)


def _group_is_tile(node: Typed, env: Any, bound: Bound) -> bool:
    group = evaluate(node.part(0), env, bound)
    tile = evaluate(node.part(1), env, bound)
    return group is not None and not group.traits.is_chow and group.first == tile.kind


def _has_property(node: Typed, env: Any, bound: Bound) -> bool:
    name, is_group = node.data
    prop = v.TILE_PREDICATES[name]
    return any(prop.test(env, tile)
               for tile in tiles_in(evaluate(node.part(0), env, bound), is_group))


def _has_tile(node: Typed, env: Any, bound: Bound) -> bool:
    wanted = evaluate(node.part(1), env, bound)
    return any(tile.kind == wanted.kind
               for tile in tiles_in(evaluate(node.part(0), env, bound), node.data))


def _in(node: Typed, env: Any, bound: Bound) -> bool:
    element = evaluate(node.part(0), env, bound)
    items = evaluate(node.part(1), env, bound)
    if node.data:
        return any(element.kind == item.kind for item in items)
    return element in items


def _if(node: Typed, env: Any, bound: Bound) -> Any:
    chosen = node.part(1) if evaluate(node.part(0), env, bound) else node.part(2)
    return evaluate(chosen, env, bound)


def _quantified(node: Typed, env: Any, bound: Bound) -> bool:
    body = node.parts[2]
    found = elements(node, env, bound)
    if node.data == "every":
        assert body is not None
        return all(evaluate(body, env, (*bound, x)) for x in found)
    some = any(body is None or evaluate(body, env, (*bound, x)) for x in found)
    return some if node.data == "some" else not some


def _count(node: Typed, env: Any, bound: Bound) -> int:
    return len(elements(node, env, bound))


def _distinct(node: Typed, env: Any, bound: Bound) -> int:
    get, by_kind = node.data
    values = (get(x) for x in elements(node, env, bound))
    return len({value.kind if by_kind else value for value in values})


def _sum(node: Typed, env: Any, bound: Bound) -> int:
    body = node.part(2)
    return sum(evaluate(body, env, (*bound, x)) for x in elements(node, env, bound))


def _max(node: Typed, env: Any, bound: Bound) -> int:
    body = node.part(2)
    return max((evaluate(body, env, (*bound, x)) for x in elements(node, env, bound)),
               default=0)


_OPS: dict[str, Callable[[Typed, Any, Bound], Any]] = {
    t.CONST: _const, t.FEATURE: _feature, t.BOUND: _bound, t.HAS_YAKU: _has_yaku,
    t.PREDICATE: _predicate, t.ENUM: _enum, t.ATTRIBUTE: _attribute, t.CALL: _call,
    t.LIST: _list, t.RANGE: _range, t.NOT: _not, t.NEG: _neg, t.AND: _and, t.OR: _or,
    t.COMPARE: _compare, t.ARITH: _arith, t.GROUP_IS_TILE: _group_is_tile,
    t.HAS_PROPERTY: _has_property, t.HAS_TILE: _has_tile, t.IN: _in, t.IF: _if,
    t.QUANTIFIED: _quantified, t.COUNT: _count, t.DISTINCT: _distinct, t.SUM: _sum,
    t.MAX: _max,
}
