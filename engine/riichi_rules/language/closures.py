"""The building blocks of the closures :mod:`riichi_rules.language.compiler` lowers typed
trees to: :class:`Compiled` (a closure with what the lowering knows of it) and the fast paths
that make it cheap to run.

A fast path never changes a value, only how it is computed: a *kernel* computes a value from
one loop element alone, without the environment, so loops run through ``map``/``filter``; a
*guard* answers a count compared with a constant from the length of the list it is drawn
from; a *mask* tests tiles by kind with one integer operation; a *look-up* finds the elements
equal to an outer value by index; ``and``/``or`` chains run their cheapest parts first; two
constants fold at once. The reference evaluator (:mod:`riichi_rules.language.evaluate`) takes
none of them, and the tests check that both agree.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any

from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.typed import Typed
from riichi_rules.tiles import TILE_PROPERTY_TABLES, Tile

Fn = Callable[[v.Env], Any]
LOOP_COST = 24  # the cost estimate of one loop over a hand's groups or tiles


@dataclass(frozen=True, slots=True)
class Compiled:
    """A compiled expression: its type and closure; its value when constant; an estimate of
    its cost; the bound-variable slots it reads; whether it reads a scoring stage's running
    value (and so may not be cached per reading)."""

    type: str
    fn: Fn
    const: bool = False
    value: Any = None
    cost: int = 1
    free: frozenset[int] = frozenset()
    staged: bool = False
    # ``kernel(x)`` computes the same value from the element bound to slot ``kslot`` alone,
    # without the environment: loops then run it through map/filter at C speed.
    kernel: Callable[[Any], Any] | None = None
    kslot: int = -1
    # an equality ``A == B``: its two sides (a loop may then look its elements up by value)
    sides: tuple[Compiled, Compiled] | None = None
    # a list whose length bounds this value from above (for a filtered list, a list it was
    # filtered from; for a count, such a list of the list counted): a comparison with a
    # constant asks it first. It is a list cached per reading or read from the situation,
    # never from a bound variable.
    within: Compiled | None = None
    # a length this value's ``within`` list must reach for this (a test) to hold, and this
    # test without that check: a loop whose body has one asks it once, before going through
    # the elements, and then the rest of the test on each
    necessary: tuple[Compiled, int] | None = None
    rest: Fn | None = None
    # a list of tiles that knows the kinds it holds, as a mask (bit k: kind k): its reader
    present: Fn | None = None
    # a test of the tile in ``kslot`` by its kind alone: the kinds it holds for, as a mask
    kinds: int | None = None
    # the cell of the reading's cache (``env.cache``) that keeps its value, if one does
    cell: int = -1


def kernel_of(compiled: Compiled, slot: int) -> Callable[[Any], Any] | None:
    return compiled.kernel if compiled.kernel is not None and compiled.kslot == slot else None


def with_kernel(compiled: Compiled, kernel: Callable[[Any], Any] | None, slot: int) -> Compiled:
    if kernel is None:
        return compiled
    return dataclasses.replace(compiled, kernel=kernel, kslot=slot)


def bounded(test: Compiled, left: Compiled, right: Compiled, op: str) -> Compiled:
    """``COUNT == k``, ``>= k``, ``> k`` (k a constant; for ``!=``, the equality it negates):
    false at once when the list that bounds the count is shorter than what is asked."""
    if (left.within is None or not right.const or type(right.value) is not int
            or op not in ("==", "!=", ">=", ">") or test.const):
        return test
    least = right.value + 1 if op == ">" else right.value
    if least <= 0:
        return test
    return dataclasses.replace(test, fn=length_guarded(left.within, least, test.fn),
                               necessary=(left.within, least), rest=test.fn)


def length_guarded(within: Compiled, least: int, then: Fn) -> Fn:
    """The test ``then`` (which gives a bool), asked only when the list ``within`` has at
    least ``least`` elements, else false: one call, the list's length read straight from the
    reading's cache when it is kept there."""
    lf, cell = within.fn, within.cell
    if cell < 0:
        return lambda env: len(lf(env)) >= least and then(env)
    missing = v.MISSING

    def guarded(env: v.Env) -> bool:
        value = env.cache[cell]
        if value is missing:
            value = lf(env)
        return len(value) >= least and then(env)

    return guarded


def with_sides(equal: Compiled, left: Compiled, right: Compiled) -> Compiled:
    if equal.const or v.ANY in (left.type, right.type):
        return equal
    return dataclasses.replace(equal, sides=(left, right))


@dataclass(frozen=True, slots=True)
class Lookup:
    """A filter ``MINE == OTHER``: MINE a value of the element alone (it has a kernel),
    OTHER free of the element."""

    mine: Compiled
    other: Compiled
    mine_node: Typed


def lookup_of(node: Typed, test: Compiled, slot: int) -> Lookup | None:
    if test.sides is None or node.op != t.COMPARE:
        return None
    (left, right) = test.sides
    for mine, other, mine_node in ((left, right, node.part(0)), (right, left, node.part(1))):
        if (mine.kernel is not None and mine.kslot == slot and not (mine.free - {slot})
                and not mine.staged and slot not in other.free and not other.staged):
            return Lookup(mine, other, mine_node)
    return None


def identity(x: Any) -> Any:
    return x


def constant(type_: str, value: Any) -> Compiled:
    return Compiled(type_, lambda env: value, True, value, 0)


def derived(type_: str, fn: Fn, *parts: Compiled, cost: int = 1) -> Compiled:
    """A compiled node built from ``parts``: it inherits their slots and stage dependence."""
    free: frozenset[int] = frozenset().union(*(p.free for p in parts))
    return Compiled(type_, fn, cost=cost + sum(p.cost for p in parts), free=free,
                    staged=any(p.staged for p in parts))


ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


def same(a: Any, b: Any) -> bool:
    """Equality of the language: tiles are equal when their kinds are (red or not)."""
    if isinstance(a, Tile) and isinstance(b, Tile):
        return a.kind == b.kind
    return bool(a == b)


def same_tile(a: Tile, b: Tile) -> bool:
    return a.kind == b.kind


# equality by the flavour the front end chose (typed.equality)
EQUALITY: dict[str, Callable[[Any, Any], bool]] = {
    "tile": same_tile, "same": same, "plain": operator.eq,
}



def slot_reader(slot: int, type_: str) -> Compiled:
    return Compiled(type_, lambda env: env.slots[slot], free=frozenset({slot}),
                    kernel=identity, kslot=slot)


def tiles_of(value: Any, is_group: bool) -> Sequence[Tile]:
    if is_group:
        return value.tiles if value is not None else ()
    return value  # type: ignore[no-any-return]


def chain(live: list[Compiled], absorbing: bool) -> Compiled:
    fns = tuple(c.fn for c in live)
    if absorbing:
        if len(fns) == 2:
            a, b = fns
            return derived(v.BOOL, lambda env: bool(a(env) or b(env)), *live, cost=0)

        def any_of(env: v.Env) -> bool:
            for f in fns:  # noqa: SIM110 - a plain loop is faster than any() over a generator
                if f(env):
                    return True
            return False

        return derived(v.BOOL, any_of, *live, cost=0)
    if len(fns) == 2:
        a, b = fns
        return derived(v.BOOL, lambda env: bool(a(env) and b(env)), *live, cost=0)

    def all_of(env: v.Env) -> bool:
        for f in fns:  # noqa: SIM110 - a plain loop is faster than all() over a generator
            if not f(env):
                return False
        return True

    return derived(v.BOOL, all_of, *live, cost=0)


def chain_kernel(parts: list[Compiled], absorbing: bool) -> Callable[[Any], Any] | None:
    """The kernel of an and/or chain whose parts all have kernels on one slot."""
    slots = {p.kslot for p in parts}
    if any(p.kernel is None for p in parts) or len(slots) != 1:
        return None
    ks = tuple(p.kernel for p in parts if p.kernel is not None)
    if len(ks) == 2:
        a, b = ks
        return (lambda x: bool(a(x) or b(x))) if absorbing else (lambda x: bool(a(x) and b(x)))
    if absorbing:
        return lambda x: any(k(x) for k in ks)
    return lambda x: all(k(x) for k in ks)


def predicate_test(name: str, type_: str) -> Callable[[v.Env, Any], bool] | None:
    """The test of predicate ``name`` on a value of ``type_``, specialised: a property of the
    tile alone is one table look-up; on a group or list it must hold for every tile."""
    tile_prop = v.TILE_PREDICATES.get(name)
    if type_ == v.TILE and tile_prop is not None:
        tile_table = tile_prop.table
        if tile_table is not None:
            return lambda env, t: tile_table[t.kind]
        return tile_prop.test
    if type_ == v.GROUP:
        group_prop = v.GROUP_PREDICATES.get(name)
        if group_prop is not None:
            shapes = group_prop.shapes
            if shapes is not None:
                if len(shapes) == 1:
                    (shape,) = shapes
                    return lambda env, g: g is not None and g.shape is shape
                return lambda env, g: g is not None and g.shape in shapes
            return group_prop.test
        if tile_prop is not None:
            table = tile_prop.table
            if table is not None and name in TILE_PROPERTY_TABLES:
                every = operator.attrgetter("traits.all_" + name)
                return lambda env, g: g is not None and every(g)
            test = tile_prop.test
            return lambda env, g: g is not None and all(test(env, t) for t in g.tiles)
    if type_ == v.list_of(v.TILE) and tile_prop is not None:
        test = tile_prop.test
        return lambda env, ts: all(test(env, t) for t in ts)
    return None


def predicate_kernel(name: str, type_: str) -> Callable[[Any], bool] | None:
    """The test of predicate ``name`` as a function of the value alone, when it needs nothing
    from the situation (a tile's table property, a group's shape or flags)."""
    tile_prop = v.TILE_PREDICATES.get(name)
    if tile_prop is not None and tile_prop.table is not None:
        table = tile_prop.table
        if type_ == v.TILE:  # a flag the tile carries, or a table by kind
            if name in TILE_PROPERTY_TABLES:
                return operator.attrgetter(name)
            return lambda t: table[t.kind]
        if type_ == v.GROUP and name in TILE_PROPERTY_TABLES:  # a flag the group carries
            return operator.attrgetter("traits.all_" + name)
        if type_ == v.list_of(v.TILE):
            return lambda ts: all(table[t.kind] for t in ts)
        return None
    if tile_prop is not None and tile_prop.red and type_ == v.TILE:
        return lambda t: t.red
    group_prop = v.GROUP_PREDICATES.get(name)
    if type_ == v.GROUP and group_prop is not None and group_prop.pure is not None:
        return group_prop.pure  # kernels run on list elements, never on a missing group
    return None


def lookup_key(value: Any) -> Any:
    return value.kind if isinstance(value, Tile) else value


def kinds_mask(table: Sequence[bool]) -> int:
    """The kinds a table by kind holds for, as a mask."""
    return sum(v.KIND_BITS[k] for k in range(34) if table[k])


def with_kinds(chained: Compiled, parts: Sequence[Compiled], absorbing: bool) -> Compiled:
    """An and/or of tests of one tile by its kind: the kinds it holds for."""
    masks = [p.kinds for p in parts if p.kinds is not None and p.kslot == chained.kslot]
    if len(masks) < len(parts):
        return chained
    return dataclasses.replace(chained, kinds=reduce(operator.or_ if absorbing else operator.and_,
                                                   masks))


def value_masks(get: Callable[[Tile], Any]) -> tuple[int, ...]:
    """For a value of a tile that its kind decides (suit, number): the kinds of each value."""
    masks: dict[Any, int] = {}
    for k in range(34):
        value = get(Tile.of(k))
        masks[value] = masks.get(value, 0) | v.KIND_BITS[k]
    return tuple(masks.values())


def distinct_by_kinds(present: Fn, masks: tuple[int, ...]) -> Fn:
    """How many values (each a mask of the kinds that have it) a list of tiles holds, from
    the mask of the kinds it holds."""
    def distinct(env: v.Env) -> int:
        held = present(env)
        n = 0
        for mask in masks:
            if held & mask:
                n += 1
        return n

    return distinct


def quantify_by_kinds(
    quantifier: str, source: Compiled, where: Compiled | None, body: Compiled | None, slot: int
) -> Fn | None:
    """every/some/no over a list of tiles that knows its kinds, when the tests read only the
    tile's kind: a test of that mask, without going through the tiles."""
    present = source.present
    if present is None or (where is None and body is None):
        return None
    for test in (where, body):
        if test is not None and (test.kinds is None or test.kslot != slot):
            return None
    wanted = where.kinds if where is not None and where.kinds is not None else v.ALL_KINDS
    holds = body.kinds if body is not None and body.kinds is not None else v.ALL_KINDS
    if quantifier == "every":  # no kind held that passes the filter and fails the body
        bad = wanted & ~holds & v.ALL_KINDS
        return lambda env: not (present(env) & bad)
    good = wanted & holds
    if quantifier == "some":
        return lambda env: bool(present(env) & good)
    return lambda env: not (present(env) & good)


def quantify(
    quantifier: str, source: Compiled, where: Compiled | None, body: Compiled | None, slot: int
) -> Compiled:
    sf = source.fn
    wf = where.fn if where is not None else None
    bf = body.fn if body is not None else None
    parts = [p for p in (source, where, body) if p is not None]
    by_kinds = quantify_by_kinds(quantifier, source, where, body, slot)
    if by_kinds is not None:
        return derived(v.BOOL, by_kinds, *parts)
    wk = kernel_of(where, slot) if where is not None else None
    bk = kernel_of(body, slot) if body is not None else None
    if (where is None or wk is not None) and (body is None or bk is not None) and (
            wk is not None or bk is not None):
        return derived(v.BOOL, kernel_quantifier(quantifier, sf, wk, bk), *parts,
                        cost=LOOP_COST // 2)
    # "x matches" is: passes the where-filter and the body
    match: Fn
    if wf is not None and bf is not None:
        w, b = wf, bf

        def match(env: v.Env) -> bool:
            return bool(w(env) and b(env))
    else:
        match = wf or bf or (lambda env: True)

    if quantifier == "every":
        # every x (where W): B  ==  no x with W and not B
        def every(env: v.Env) -> bool:
            slots = env.slots
            for x in sf(env):
                slots[slot] = x
                if (wf is None or wf(env)) and not bf(env):  # type: ignore[misc]
                    return False
            return True

        return derived(v.BOOL, every, *parts, cost=LOOP_COST)

    if wf is not None and bf is not None:
        wf2, bf2 = wf, bf

        def some(env: v.Env) -> bool:
            slots = env.slots
            for x in sf(env):
                slots[slot] = x
                if wf2(env) and bf2(env):
                    return True
            return False
    else:
        def some(env: v.Env) -> bool:
            slots = env.slots
            for x in sf(env):
                slots[slot] = x
                if match(env):
                    return True
            return False

    if wf is None and bf is None:
        return derived(v.BOOL, lambda env: len(sf(env)) > 0 if quantifier == "some"
                        else len(sf(env)) == 0, *parts)
    if quantifier == "some":
        return derived(v.BOOL, some, *parts, cost=LOOP_COST)
    return derived(v.BOOL, lambda env: not some(env), *parts, cost=LOOP_COST)


def kernel_quantifier(
    quantifier: str, sf: Fn, wk: Callable[[Any], Any] | None, bk: Callable[[Any], Any] | None
) -> Fn:
    """every/some/no over plain functions of the element: map and filter run the loop."""
    if quantifier == "every":
        assert bk is not None
        b = bk
        if wk is None:
            return lambda env: all(map(b, sf(env)))
        w = wk
        return lambda env: all(map(b, filter(w, sf(env))))
    if wk is not None and bk is not None:
        w2, b2 = wk, bk

        def match(x: Any) -> bool:
            return bool(w2(x) and b2(x))
    else:
        match = wk or bk  # type: ignore[assignment]
    if quantifier == "some":
        return lambda env: any(map(match, sf(env)))
    return lambda env: not any(map(match, sf(env)))


def negate(compiled: Compiled) -> Compiled:
    if compiled.const:
        return constant(v.BOOL, not compiled.value)
    f = compiled.fn
    k = compiled.kernel
    return dataclasses.replace(compiled, fn=lambda env: not f(env), cost=compiled.cost + 1,
                               necessary=None, rest=None, sides=None,
                               kernel=(lambda x: not k(x)) if k is not None else None,
                               kinds=None if compiled.kinds is None
                               else v.ALL_KINDS ^ compiled.kinds)


def fold2(type_: str, left: Compiled, right: Compiled, op: Callable[[Any, Any], Any]) -> Compiled:
    if left.const and right.const:
        return constant(type_, op(left.value, right.value))
    compiled = fold2_env(type_, left, right, op)
    if left.kernel is not None and right.const:
        lk, rv = left.kernel, right.value
        fast = _CONST_RIGHT_KERNEL.get(op)
        kernel = fast(lk, rv) if fast is not None else (lambda x: op(lk(x), rv))
        return with_kernel(compiled, kernel, left.kslot)
    if right.kernel is not None and left.const:
        rk, lv = right.kernel, left.value
        fast_left = _CONST_LEFT_KERNEL.get(op)
        return with_kernel(compiled, fast_left(lv, rk) if fast_left is not None
                            else (lambda x: op(lv, rk(x))), right.kslot)
    if (left.kernel is not None and right.kernel is not None
            and left.kslot == right.kslot):
        lk2, rk2 = left.kernel, right.kernel
        both = _BOTH_KERNEL.get(op)
        return with_kernel(compiled, both(lk2, rk2) if both is not None
                            else (lambda x: op(lk2(x), rk2(x))), left.kslot)
    return compiled


def fold2_env(
    type_: str, left: Compiled, right: Compiled, op: Callable[[Any, Any], Any]
) -> Compiled:
    lf, rf = left.fn, right.fn
    if right.const:
        rv = right.value
        fast = _CONST_RIGHT.get(op)
        if fast is not None:
            return derived(type_, fast(lf, rv), left, right)
        return derived(type_, lambda env: op(lf(env), rv), left, right)
    fast2 = _BOTH.get(op)
    if fast2 is not None:
        return derived(type_, fast2(lf, rf), left, right)
    if left.const:
        lv = left.value
        fast_left = _CONST_LEFT.get(op)
        if fast_left is not None:
            return derived(type_, fast_left(lv, rf), left, right)
        return derived(type_, lambda env: op(lv, rf(env)), left, right)
    return derived(type_, lambda env: op(lf(env), rf(env)), left, right)


_CONST_RIGHT: dict[Callable[[Any, Any], Any], Callable[[Fn, Any], Fn]] = {
    operator.add: lambda f, c: lambda env: f(env) + c,
    operator.sub: lambda f, c: lambda env: f(env) - c,
    operator.mul: lambda f, c: lambda env: f(env) * c,
    operator.eq: lambda f, c: lambda env: f(env) == c,
    operator.ge: lambda f, c: lambda env: f(env) >= c,
    operator.le: lambda f, c: lambda env: f(env) <= c,
    operator.gt: lambda f, c: lambda env: f(env) > c,
    operator.lt: lambda f, c: lambda env: f(env) < c,
    same_tile: lambda f, c: (lambda k: lambda env: f(env).kind == k)(c.kind),
}
_CONST_RIGHT_KERNEL: dict[Callable[[Any, Any], Any], Callable[[Any, Any], Any]] = {
    operator.eq: lambda f, c: lambda x: f(x) == c,
    operator.ge: lambda f, c: lambda x: f(x) >= c,
    operator.le: lambda f, c: lambda x: f(x) <= c,
    operator.gt: lambda f, c: lambda x: f(x) > c,
    operator.lt: lambda f, c: lambda x: f(x) < c,
    same_tile: lambda f, c: (lambda k: lambda x: f(x).kind == k)(c.kind),
    operator.add: lambda f, c: lambda x: f(x) + c,
    operator.mul: lambda f, c: lambda x: f(x) * c,
}
_CONST_LEFT: dict[Callable[[Any, Any], Any], Callable[[Any, Fn], Fn]] = {
    operator.add: lambda c, f: lambda env: c + f(env),
    operator.mul: lambda c, f: lambda env: c * f(env),
    operator.pow: lambda c, f: lambda env: c ** f(env),
}
_CONST_LEFT_KERNEL: dict[Callable[[Any, Any], Any], Callable[[Any, Any], Any]] = {
    operator.add: lambda c, k: lambda x: c + k(x),
    operator.mul: lambda c, k: lambda x: c * k(x),
}
_BOTH_KERNEL: dict[Callable[[Any, Any], Any], Callable[[Any, Any], Any]] = {
    operator.add: lambda j, k: lambda x: j(x) + k(x),
    operator.mul: lambda j, k: lambda x: j(x) * k(x),
}
_BOTH: dict[Callable[[Any, Any], Any], Callable[[Fn, Fn], Fn]] = {
    operator.add: lambda f, g: lambda env: f(env) + g(env),
    operator.mul: lambda f, g: lambda env: f(env) * g(env),
    operator.eq: lambda f, g: lambda env: f(env) == g(env),
    same_tile: lambda f, g: lambda env: f(env).kind == g(env).kind,
}
