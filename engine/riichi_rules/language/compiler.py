"""Lower typed trees (:mod:`riichi_rules.language.typed`) to Python closures over an
:class:`~riichi_rules.language.vocabulary.Env`.

The front end has resolved every name and checked every type; lowering only chooses how
each node runs. The closures are specialised for what they test (a tile property is a table
look-up), ``and``/``or`` chains run their cheapest parts first, constant parts fold away, and
a count or quantifier that does not depend on a bound variable is computed once per reading
and shared by every rule that asks for it. No rule text is ever passed to ``eval`` or
``exec``. The reference evaluator (:mod:`riichi_rules.language.evaluate`) runs the same trees
without any of this, and the tests check that the two agree.
"""

from __future__ import annotations

import dataclasses
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any

from riichi_rules.language import ast
from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.arithmetic import OPERATIONS, guarded
from riichi_rules.language.typed import Typed
from riichi_rules.tiles import TILE_PROPERTY_TABLES, Tile

Fn = Callable[[v.Env], Any]
_STAGED_FEATURES = t.STAGE_NAMES
_LOOP_COST = 24


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


def _kernel_of(compiled: Compiled, slot: int) -> Callable[[Any], Any] | None:
    return compiled.kernel if compiled.kernel is not None and compiled.kslot == slot else None


def _with_kernel(compiled: Compiled, kernel: Callable[[Any], Any] | None, slot: int) -> Compiled:
    if kernel is None:
        return compiled
    return dataclasses.replace(compiled, kernel=kernel, kslot=slot)


def _bounded(test: Compiled, left: Compiled, right: Compiled, op: str) -> Compiled:
    """``COUNT == k``, ``>= k``, ``> k`` (k a constant; for ``!=``, the equality it negates):
    false at once when the list that bounds the count is shorter than what is asked."""
    if (left.within is None or not right.const or type(right.value) is not int
            or op not in ("==", "!=", ">=", ">") or test.const):
        return test
    least = right.value + 1 if op == ">" else right.value
    if least <= 0:
        return test
    return dataclasses.replace(test, fn=_guarded(left.within, least, test.fn),
                               necessary=(left.within, least), rest=test.fn)


def _guarded(within: Compiled, least: int, then: Fn) -> Fn:
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


def _with_sides(equal: Compiled, left: Compiled, right: Compiled) -> Compiled:
    if equal.const or v.ANY in (left.type, right.type):
        return equal
    return dataclasses.replace(equal, sides=(left, right))


@dataclass(frozen=True, slots=True)
class _Lookup:
    """A filter ``MINE == OTHER``: MINE a value of the element alone (it has a kernel),
    OTHER free of the element."""

    mine: Compiled
    other: Compiled
    mine_node: Typed


def _lookup_of(node: Typed, test: Compiled, slot: int) -> _Lookup | None:
    if test.sides is None or node.op != t.COMPARE:
        return None
    (left, right) = test.sides
    for mine, other, mine_node in ((left, right, node.part(0)), (right, left, node.part(1))):
        if (mine.kernel is not None and mine.kslot == slot and not (mine.free - {slot})
                and not mine.staged and slot not in other.free and not other.staged):
            return _Lookup(mine, other, mine_node)
    return None


def _identity(x: Any) -> Any:
    return x


def _constant(type_: str, value: Any) -> Compiled:
    return Compiled(type_, lambda env: value, True, value, 0)


def _derived(type_: str, fn: Fn, *parts: Compiled, cost: int = 1) -> Compiled:
    """A compiled node built from ``parts``: it inherits their slots and stage dependence."""
    free: frozenset[int] = frozenset().union(*(p.free for p in parts))
    return Compiled(type_, fn, cost=cost + sum(p.cost for p in parts), free=free,
                    staged=any(p.staged for p in parts))


_ARITH = OPERATIONS
_ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


def _same(a: Any, b: Any) -> bool:
    """Equality of the language: tiles are equal when their kinds are (red or not)."""
    if isinstance(a, Tile) and isinstance(b, Tile):
        return a.kind == b.kind
    return bool(a == b)


def _same_tile(a: Tile, b: Tile) -> bool:
    return a.kind == b.kind


# equality by the flavour the front end chose (typed.equality)
_EQUALITY: dict[str, Callable[[Any, Any], bool]] = {
    "tile": _same_tile, "same": _same, "plain": operator.eq,
}


class Lowerer:
    """Lowers the typed trees of one program (scoring or table rules) to closures; allocates
    the environment's slots (one per comprehension) and cache cells (one per loop or filtered
    list shared by several rules)."""

    def __init__(self) -> None:
        self.slot_count = 0
        self.cache_ids: dict[Hashable, int] = {}
        # how often each loop occurs in the rules to lower (count_uses): a loop that occurs
        # once, outside any other loop, runs once per reading and is not worth a cache cell
        self.uses: Counter[Hashable] | None = None
        self._lowered: dict[int, tuple[Typed, tuple[int, ...], Compiled]] = {}
        self._ops: dict[str, Callable[[Typed, tuple[int, ...]], Compiled]] = {
            t.CONST: self._const, t.ERROR: self._error, t.FEATURE: self._feature,
            t.BOUND: self._bound, t.HAS_YAKU: self._has_yaku, t.PREDICATE: self._predicate,
            t.ENUM: self._enum, t.ATTRIBUTE: self._attribute, t.CALL: self._call,
            t.LIST: self._list, t.RANGE: self._range, t.NOT: self._not, t.NEG: self._neg,
            t.AND: self._logic, t.OR: self._logic, t.COMPARE: self._compare,
            t.ARITH: self._arith, t.GROUP_IS_TILE: self._group_is_tile,
            t.HAS_PROPERTY: self._has_property, t.HAS_TILE: self._has_tile, t.IN: self._in,
            t.IF: self._if, t.QUANTIFIED: self._quantified, t.COUNT: self._count,
            t.DISTINCT: self._distinct, t.SUM: self._aggregate, t.MAX: self._aggregate,
        }

    def count_uses(self, trees: Iterable[Typed | None]) -> None:
        """Count the loops of the trees about to be lowered, so that only those that occur
        more than once, or inside another loop, are cached."""
        uses: Counter[Hashable] = Counter()
        for tree in trees:
            for node in t.walk(tree):
                if node.op in t.LOOPS:
                    uses[t.structure(node)] += 1
        self.uses = uses

    @property
    def cache_size(self) -> int:
        return len(self.cache_ids)

    def lower(self, node: Typed, slots: tuple[int, ...] = ()) -> Compiled:
        """The closure of a typed tree; ``slots`` holds the slot of each enclosing
        comprehension's element, outermost first. A tree shared by several uses (a ``let``)
        is lowered once."""
        known = self._lowered.get(id(node))
        if known is not None and known[0] is node and known[1] == slots:
            return known[2]
        compiled = self._ops[node.op](node, slots)
        self._lowered[id(node)] = (node, slots, compiled)
        return compiled

    def comprehension(self, source: Typed, where: Typed | None, slots: tuple[int, ...] = ()
                      ) -> tuple[Compiled, Compiled | None, int]:
        """A comprehension for a caller that goes through it itself (fu per group): the
        source, the where-filter, and the slot of the element."""
        compiled, where_compiled, slot = self._comprehension(source, where, slots)
        return compiled, where_compiled, slot

    # -- leaves -----------------------------------------------------------------------------
    def _const(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        return _constant(node.type, node.data)

    def _error(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        return Compiled(v.ANY, lambda env: None)

    def _feature(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        name, feature = node.data
        return Compiled(feature.type, feature.get, cost=feature.cost,
                        staged=name in _STAGED_FEATURES, present=feature.present)

    def _bound(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        return _slot(slots[node.data], node.type)

    def _has_yaku(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        yaku_id = node.data
        return Compiled(v.BOOL, lambda env: yaku_id in env.yaku, staged=True)

    # -- tests of a value ---------------------------------------------------------------------
    def _predicate(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        name, _ = node.data
        subject = self.lower(node.part(0), slots)
        test = _predicate_test(name, subject.type)
        assert test is not None, f"{name} of {subject.type}"
        sf = subject.fn
        pure = _predicate_kernel(name, subject.type)
        kernel = None
        if pure is not None and subject.kernel is not None:
            sk = subject.kernel
            kernel = pure if sk is _identity else (lambda x: pure(sk(x)))
        if subject.free and len(subject.free) == 1 and subject.cost == 1:
            (slot,) = subject.free  # a bare bound variable: read the slot directly
            tested = _with_kernel(
                _derived(v.BOOL, lambda env: test(env, env.slots[slot]), subject), kernel,
                subject.kslot)
            table = v.TILE_PREDICATES[name].table if name in v.TILE_PREDICATES else None
            if subject.type == v.TILE and table is not None and kernel is pure:
                return dataclasses.replace(tested, kinds=_mask(table))
            return tested
        return _with_kernel(_derived(v.BOOL, lambda env: test(env, sf(env)), subject), kernel,
                            subject.kslot)

    def _enum(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left = self.lower(node.part(0), slots)
        wanted, lf = node.data, left.fn
        return _derived(v.BOOL, lambda env: lf(env) == wanted, left)

    def _attribute(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        obj = self.lower(node.part(0), slots)
        _, get = node.data
        inner = obj.fn
        kernel = None
        if obj.kernel is not None:
            ok = obj.kernel
            kernel = get if ok is _identity else (lambda x: get(ok(x)))
        if obj.free and len(obj.free) == 1 and obj.cost == 1:
            (slot,) = obj.free
            return _with_kernel(
                _derived(node.type, lambda env: get(env.slots[slot]), obj), kernel, obj.kslot)
        return _with_kernel(_derived(node.type, lambda env: get(inner(env)), obj), kernel,
                            obj.kslot)

    def _call(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        function: v.Function = node.data[1]
        args = [self.lower(a, slots) for a in node.parts if a is not None]
        call = function.call
        result = node.type
        if function.situational:
            fns_env = [a.fn for a in args]
            if len(fns_env) == 1:
                (g0,) = fns_env
                return _derived(result, lambda env: call(env, g0(env)), *args)
            return _derived(result, lambda env: call(env, *(f(env) for f in fns_env)), *args)
        if all(a.const for a in args):
            return _constant(result, call(*(a.value for a in args)))
        fns = [a.fn for a in args]
        if len(fns) == 1:
            (f0,) = fns
            return _derived(result, lambda env: call(f0(env)), *args)
        if len(fns) == 2:
            a0, a1 = fns
            if args[1].const:
                c1 = args[1].value
                return _derived(result, lambda env: call(a0(env), c1), *args)
            return _derived(result, lambda env: call(a0(env), a1(env)), *args)
        return _derived(result, lambda env: call(*(f(env) for f in fns)), *args)

    def _list(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        items = [self.lower(item, slots) for item in node.parts if item is not None]
        if all(i.const for i in items):
            return _constant(node.type, tuple(i.value for i in items))
        fns = [i.fn for i in items]
        return _derived(node.type, lambda env: tuple(f(env) for f in fns), *items)

    def _range(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        low, high = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        if low.const and high.const:
            return _constant(v.list_of(v.INT), tuple(range(low.value, high.value + 1)))
        lf, hf = low.fn, high.fn
        return _derived(v.list_of(v.INT), lambda env: tuple(range(lf(env), hf(env) + 1)),
                        low, high)

    def _not(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        return _negate(self.lower(node.part(0), slots))

    def _neg(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        inner = self.lower(node.part(0), slots)
        if inner.const:
            return _constant(v.INT, -inner.value)
        f = inner.fn
        return _derived(v.INT, lambda env: -f(env), inner)

    def _if(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        cond = self.lower(node.part(0), slots)
        then = self.lower(node.part(1), slots)
        other = self.lower(node.part(2), slots)
        type_ = node.type
        if cond.const:
            return then if cond.value else other
        c, th, o = cond.fn, then.fn, other.fn
        if then.const and other.const:  # the common 'if C then 2 else 1'
            tv, ov = then.value, other.value
            compiled = _derived(type_, lambda env: tv if c(env) else ov, cond, then, other)
            if cond.kernel is None:
                return compiled
            ck = cond.kernel
            return _with_kernel(compiled, lambda x: tv if ck(x) else ov, cond.kslot)
        return _derived(type_, lambda env: th(env) if c(env) else o(env), cond, then, other)

    def _compare(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        op, flavour = node.data
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        if op in ("==", "!="):
            equal = _bounded(_fold2(v.BOOL, left, right, _EQUALITY[flavour]), left, right, op)
            return _negate(equal) if op == "!=" else _with_sides(equal, left, right)
        return _bounded(_fold2(v.BOOL, left, right, _ORDER[op]), left, right, op)

    def _arith(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        op = node.data
        if op in ("+", "-", "*"):
            return _fold2(v.INT, left, right, _ARITH[op])
        span = node.node.span  # '/', '%' and '^' fail with the rule's place (RuleFault)
        return _fold2(v.INT, left, right, guarded(op, f"{span.file}:{span.line}:{span.column}"))

    def _logic(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        """An ``and``/``or`` chain, folded and run cheapest part first (the parts have no
        side effects, so their order does not change the answer)."""
        compiled = [self.lower(p, slots) for p in node.parts if p is not None]
        absorbing = node.op == t.OR  # the value that decides the chain on its own
        live = []
        for c in compiled:
            if c.const:
                if bool(c.value) == absorbing:
                    return _constant(v.BOOL, absorbing)
                continue
            live.append(c)
        if not live:
            return _constant(v.BOOL, not absorbing)
        if len(live) == 1:
            return live[0]
        live.sort(key=lambda c: c.cost)
        kernel = _chain_kernel(live, absorbing)
        if kernel is not None:
            return _with_kinds(_with_kernel(_chain(live, absorbing), kernel, live[0].kslot),
                               live, absorbing)
        return _chain(live, absorbing)

    def _group_is_tile(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        lf, rf = left.fn, right.fn

        def group_is_tile(env: v.Env) -> bool:
            # every tile of it is that tile: a pung, kong, pair or single of its kind
            group = lf(env)
            return (group is not None and not group.traits.is_chow
                    and group.first == rf(env).kind)

        return _derived(v.BOOL, group_is_tile, left, right)

    def _has_property(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        """``G has P``: some tile of the group (or list) G has the tile property P."""
        name, is_group = node.data
        left = self.lower(node.part(0), slots)
        lf = left.fn
        prop = v.TILE_PREDICATES[name]
        test = prop.test
        compiled = _derived(v.BOOL, lambda env: any(
            test(env, tile) for tile in _tiles_of(lf(env), is_group)), left)
        table = prop.table
        if table is None or left.kernel is None or name not in TILE_PROPERTY_TABLES:
            return compiled
        lk = left.kernel
        kernel: Callable[[Any], bool]
        if is_group:  # some tile of the group: a flag the group carries
            group_has = operator.attrgetter("traits.any_" + name)
            kernel = group_has if lk is _identity else (lambda x: group_has(lk(x)))
        else:
            def list_has(ts: Any) -> bool:
                return any(table[t.kind] for t in ts)
            kernel = list_has if lk is _identity else (lambda x: list_has(lk(x)))
        return _with_kernel(compiled, kernel, left.kslot)

    def _has_tile(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        lf, rf, is_group = left.fn, right.fn, node.data
        return _derived(v.BOOL, lambda env: any(
            tile.kind == rf(env).kind for tile in _tiles_of(lf(env), is_group)), left, right)

    def _in(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        if node.data:
            def member(x: Any, xs: Sequence[Any]) -> bool:
                return any(x.kind == y.kind for y in xs)
        else:
            def member(x: Any, xs: Sequence[Any]) -> bool:
                return x in xs
        return _fold2(v.BOOL, left, right, member)

    # -- quantifiers and aggregates --------------------------------------------------------
    def _comprehension(
        self, source_node: Typed, where_node: Typed | None, slots: tuple[int, ...]
    ) -> tuple[Compiled, Compiled | None, int]:
        """``SOURCE [where COND]`` lowered to (source, filter, slot).

        The parts of COND that read only the element itself are hoisted: the source filtered
        by them is a list computed once per reading and shared by every rule that asks for
        the same filter; the rest of COND stays per element."""
        source = self.lower(source_node, slots)
        slot = self.slot_count
        self.slot_count += 1
        inner = (*slots, slot)
        if where_node is None:
            return source, None, slot
        conjuncts = ([p for p in where_node.parts if p is not None]
                     if where_node.op == t.AND else [where_node])
        compiled = [self.lower(c, inner) for c in conjuncts]
        local = [(n, c) for n, c in zip(conjuncts, compiled, strict=True)
                 if not (c.free - {slot}) and not c.staged]
        rest = [(n, c) for n, c in zip(conjuncts, compiled, strict=True)
                if (c.free - {slot}) or c.staged]
        cacheable = not source.free and not source.staged and not source.const
        # an equality between a value of the element and a value from outside it (a
        # constant, the situation, an outer variable): the elements are looked up by value
        # in an index of the source, built once per reading and shared by every rule that
        # asks for the same
        lookup: _Lookup | None = None
        if cacheable:
            for pool in (rest, local):
                for i, (node, test) in enumerate(pool):
                    lookup = _lookup_of(node, test, slot)
                    if lookup is not None:
                        del pool[i]
                        break
                if lookup is not None:
                    break
        key: Hashable = ("source", t.structure(source_node))
        first: Compiled | None = None  # the first list filtered, a superset of the rest
        if local and cacheable:
            # one cached list per conjunct, in a canonical order, so that rules sharing a
            # first condition ("sets where triplet") share its list too
            local.sort(key=lambda item: (item[1].cost, repr(t.structure(item[0]))))
            for node, test in local:
                key = ("filter", key, t.structure(node))
                source = self._filter(source, test, slot, key)
                first = first or source
        elif not cacheable:
            rest = list(zip(conjuncts, compiled, strict=True))
        if lookup is not None:
            source = self._index(source, key, lookup)
        if cacheable and len(local) > 1 and lookup is None and first:
            source = dataclasses.replace(source, within=first)
        if not rest:
            return source, None, slot
        return source, self._conjunction([c for _, c in rest]), slot

    def _index(self, source: Compiled, source_key: Hashable, lookup: _Lookup) -> Compiled:
        """The elements of ``source`` whose value (``lookup.mine``) equals ``lookup.other``,
        from an index of ``source`` by that value, cached per reading."""
        key = ("index", source_key, t.structure(lookup.mine_node))
        cid = self.cache_ids.setdefault(key, len(self.cache_ids))
        sf, value_of, outer = source.fn, lookup.mine.kernel, lookup.other.fn
        assert value_of is not None
        tiles = lookup.mine.type == v.TILE  # tiles are equal when their kinds are
        missing = v.MISSING
        empty: tuple[Any, ...] = ()

        def built(env: v.Env) -> dict[Any, list[Any]]:
            index: dict[Any, list[Any]] = {}
            for x in sf(env):
                value = value_of(x)
                if tiles:
                    value = value.kind
                bucket = index.get(value)
                if bucket is None:
                    index[value] = [x]
                else:
                    bucket.append(x)
            env.cache[cid] = index
            return index

        other = lookup.other
        looked_up: Fn
        if other.const:  # by a constant: its key is known now
            known = other.value.kind if tiles else other.value

            def looked_up(env: v.Env) -> Any:
                index = env.cache[cid]
                if index is missing:
                    index = built(env)
                return index.get(known, empty)
        elif other.kernel is not None and other.free == {other.kslot}:
            # by a value of an outer element: read from its slot, without a call
            of_outer, outer_slot = other.kernel, other.kslot

            def looked_up(env: v.Env) -> Any:
                index = env.cache[cid]
                if index is missing:
                    index = built(env)
                wanted = of_outer(env.slots[outer_slot])
                return index.get(wanted.kind if tiles else wanted, empty)
        else:
            def looked_up(env: v.Env) -> Any:
                index = env.cache[cid]
                if index is missing:
                    index = built(env)
                wanted = outer(env)
                return index.get(wanted.kind if tiles else wanted, empty)

        return dataclasses.replace(_derived(source.type, looked_up, source, lookup.other, cost=4),
                                   within=source)

    def _filter(
        self, source: Compiled, test_compiled: Compiled, slot: int, key: Hashable
    ) -> Compiled:
        """The elements of ``source`` that pass the test, as a tuple cached per reading."""
        cid = self.cache_ids.setdefault(key, len(self.cache_ids))
        sf = source.fn
        test = test_compiled.fn
        missing = v.MISSING
        kernel = _kernel_of(test_compiled, slot)
        if kernel is not None:
            k = kernel

            def filtered_fast(env: v.Env) -> Any:
                cache = env.cache
                value = cache[cid]
                if value is missing:
                    value = cache[cid] = tuple(filter(k, sf(env)))
                return value

            present: Fn | None = None
            if source.present is not None and test_compiled.kinds is not None:
                of_source, mask = source.present, test_compiled.kinds
                present = lambda env: of_source(env) & mask  # noqa: E731
            return Compiled(source.type, filtered_fast, cost=4, cell=cid, present=present)

        def filtered(env: v.Env) -> Any:
            cache = env.cache
            value = cache[cid]
            if value is missing:
                slots = env.slots
                kept = []
                for x in sf(env):
                    slots[slot] = x
                    if test(env):
                        kept.append(x)
                value = cache[cid] = tuple(kept)
            return value

        return Compiled(source.type, filtered, cost=4, cell=cid)

    def _conjunction(self, parts: list[Compiled]) -> Compiled:
        if len(parts) == 1:
            return parts[0]
        parts = sorted(parts, key=lambda c: c.cost)
        return _with_kinds(_with_kernel(_chain(parts, False), _chain_kernel(parts, False),
                                        parts[0].kslot), parts, False)

    def _cached(self, node: Typed, compiled: Compiled, own_slot: int, slots: tuple[int, ...]
                ) -> Compiled:
        """Share a loop's value across rules, once per reading, when it reads no variable
        bound outside it and no running stage value (and it occurs more than once, or
        inside another loop)."""
        free = compiled.free - {own_slot}
        if free or compiled.staged or compiled.const:
            return dataclasses.replace(compiled, free=free)
        key = t.structure(node)
        if self.uses is not None and not slots and self.uses[key] < 2:
            return compiled
        cid = self.cache_ids.setdefault(key, len(self.cache_ids))
        inner = compiled.fn
        missing = v.MISSING

        def cached(env: v.Env) -> Any:
            cache = env.cache
            value = cache[cid]
            if value is missing:
                value = cache[cid] = inner(env)
            return value

        return Compiled(compiled.type, cached, cost=4, within=compiled.within, cell=cid)

    def _quantified(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        source, where, slot = self._comprehension(node.part(0), node.parts[1], slots)
        body_node = node.parts[2]
        body = self.lower(body_node, (*slots, slot)) if body_node is not None else None
        necessary: tuple[Compiled, int] | None = None
        if (node.data == "some" and body is not None and body.necessary is not None
                and body.rest is not None):
            # the body cannot hold unless a condition free of the element does: ask it once,
            # first, and the rest of the body on each element
            necessary, body = body.necessary, dataclasses.replace(body, fn=body.rest)
        found = _quantify(node.data, source, where, body, slot)
        if necessary is not None:
            found = dataclasses.replace(found, fn=_guarded(*necessary, found.fn))
        return self._cached(node, found, slot, slots)

    def _count(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        source, where, slot = self._comprehension(node.part(0), node.parts[1], slots)
        sf = source.fn
        if where is None:
            return self._cached(node, dataclasses.replace(
                _derived(v.INT, lambda env: len(sf(env)), source), within=source.within),
                slot, slots)
        wf = where.fn
        wk = _kernel_of(where, slot)
        if wk is not None:
            kw = wk
            return self._cached(node, _derived(
                v.INT, lambda env: sum(map(kw, sf(env))), source, where, cost=_LOOP_COST // 2),
                slot, slots)

        def count(env: v.Env) -> int:
            env_slots = env.slots
            n = 0
            for x in sf(env):
                env_slots[slot] = x
                if wf(env):
                    n += 1
            return n

        return self._cached(node, _derived(v.INT, count, source, where, cost=_LOOP_COST), slot,
                            slots)

    def _distinct(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        source_node = node.part(0)
        source, where, slot = self._comprehension(source_node, node.parts[1], slots)
        sf = source.fn
        wf = where.fn if where is not None else None
        parts = [source] + ([where] if where is not None else [])
        get, by_kind = node.data
        element = v.element_of(source_node.type)
        if source.present is not None and where is None and element == v.TILE:
            return self._cached(node, _derived(
                v.INT, _distinct_by_kinds(source.present, _value_masks(get)), source),
                slot, slots)
        key = _key if by_kind else None
        wk2 = _kernel_of(where, slot) if where is not None else None
        if key is None and (where is None or wk2 is not None):
            if wk2 is None:
                def distinct_fast(env: v.Env) -> int:
                    return len(set(map(get, sf(env))))
            else:
                kw2 = wk2

                def distinct_fast(env: v.Env) -> int:
                    return len(set(map(get, filter(kw2, sf(env)))))
            return self._cached(node, dataclasses.replace(
                _derived(v.INT, distinct_fast, *parts, cost=_LOOP_COST // 2),
                within=source.within), slot, slots)

        def distinct(env: v.Env) -> int:
            env_slots = env.slots
            seen = set()
            for x in sf(env):
                env_slots[slot] = x
                if wf is None or wf(env):
                    value = get(x)
                    seen.add(key(value) if key else value)
            return len(seen)

        return self._cached(node, _derived(v.INT, distinct, *parts, cost=_LOOP_COST), slot,
                            slots)

    def _aggregate(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        """``sum(...: BODY)`` and ``max(...: BODY)`` (0 when nothing is left)."""
        source, where, slot = self._comprehension(node.part(0), node.parts[1], slots)
        sf = source.fn
        wf = where.fn if where is not None else None
        parts = [source] + ([where] if where is not None else [])
        body = self.lower(node.part(2), (*slots, slot))
        bf = body.fn
        combine: Callable[[list[int]], int] = sum if node.op == t.SUM else (
            lambda values: max(values, default=0))

        def aggregate(env: v.Env) -> int:
            env_slots = env.slots
            values = []
            for x in sf(env):
                env_slots[slot] = x
                if wf is None or wf(env):
                    values.append(bf(env))
            return combine(values)

        return self._cached(node, _derived(v.INT, aggregate, *parts, body, cost=_LOOP_COST),
                            slot, slots)


class ExpressionCompiler:
    """The front end and the lowering together, for one expression at a time: types an
    expression of the AST (:class:`~riichi_rules.language.typed.Typer`, whose diagnostics
    are ``diagnostics``) and lowers it. Rule files are compiled whole by
    :func:`riichi_rules.scoring.lowering.compile_program`."""

    def __init__(
        self,
        parameters: Mapping[str, Any],
        known_yaku: Callable[[str], bool],
        source_lines: Callable[[str, int], str],
        features: Mapping[str, v.Feature] | None = None,
    ) -> None:
        self.typer = t.Typer(parameters, features, known_yaku, source_lines)
        self.lowerer = Lowerer()
        self.diagnostics = self.typer.diagnostics

    @property
    def slot_count(self) -> int:
        return self.lowerer.slot_count

    @property
    def cache_size(self) -> int:
        return self.lowerer.cache_size

    def compile(self, node: ast.Expr, scope: t.Scope = ()) -> Compiled:
        return self.lowerer.lower(self.typer.type(node, scope))

    def condition(self, expr: ast.Expr, stage: str) -> Compiled:
        return self.lowerer.lower(self.typer.condition(expr, stage))

    def number(self, expr: ast.Expr, stage: str) -> Compiled:
        return self.lowerer.lower(self.typer.number(expr, stage))


def _slot(slot: int, type_: str) -> Compiled:
    return Compiled(type_, lambda env: env.slots[slot], free=frozenset({slot}),
                    kernel=_identity, kslot=slot)


def _tiles_of(value: Any, is_group: bool) -> Sequence[Tile]:
    if is_group:
        return value.tiles if value is not None else ()
    return value  # type: ignore[no-any-return]


def _chain(live: list[Compiled], absorbing: bool) -> Compiled:
    fns = tuple(c.fn for c in live)
    if absorbing:
        if len(fns) == 2:
            a, b = fns
            return _derived(v.BOOL, lambda env: bool(a(env) or b(env)), *live, cost=0)

        def any_of(env: v.Env) -> bool:
            for f in fns:  # noqa: SIM110 - a plain loop is faster than any() over a generator
                if f(env):
                    return True
            return False

        return _derived(v.BOOL, any_of, *live, cost=0)
    if len(fns) == 2:
        a, b = fns
        return _derived(v.BOOL, lambda env: bool(a(env) and b(env)), *live, cost=0)

    def all_of(env: v.Env) -> bool:
        for f in fns:  # noqa: SIM110 - a plain loop is faster than all() over a generator
            if not f(env):
                return False
        return True

    return _derived(v.BOOL, all_of, *live, cost=0)


def _chain_kernel(parts: list[Compiled], absorbing: bool) -> Callable[[Any], Any] | None:
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


def _predicate_test(name: str, type_: str) -> Callable[[v.Env, Any], bool] | None:
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


def _predicate_kernel(name: str, type_: str) -> Callable[[Any], bool] | None:
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


def _key(value: Any) -> Any:
    return value.kind if isinstance(value, Tile) else value


def _mask(table: Sequence[bool]) -> int:
    """The kinds a table by kind holds for, as a mask."""
    return sum(v.KIND_BITS[k] for k in range(34) if table[k])


def _with_kinds(chain: Compiled, parts: Sequence[Compiled], absorbing: bool) -> Compiled:
    """An and/or of tests of one tile by its kind: the kinds it holds for."""
    masks = [p.kinds for p in parts if p.kinds is not None and p.kslot == chain.kslot]
    if len(masks) < len(parts):
        return chain
    return dataclasses.replace(chain, kinds=reduce(operator.or_ if absorbing else operator.and_,
                                                   masks))


def _value_masks(get: Callable[[Tile], Any]) -> tuple[int, ...]:
    """For a value of a tile that its kind decides (suit, number): the kinds of each value."""
    masks: dict[Any, int] = {}
    for k in range(34):
        value = get(Tile.of(k))
        masks[value] = masks.get(value, 0) | v.KIND_BITS[k]
    return tuple(masks.values())


def _distinct_by_kinds(present: Fn, value_masks: tuple[int, ...]) -> Fn:
    """How many values (each a mask of the kinds that have it) a list of tiles holds, from
    the mask of the kinds it holds."""
    def distinct(env: v.Env) -> int:
        held = present(env)
        n = 0
        for mask in value_masks:
            if held & mask:
                n += 1
        return n

    return distinct


def _quantify_by_kinds(
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


def _quantify(
    quantifier: str, source: Compiled, where: Compiled | None, body: Compiled | None, slot: int
) -> Compiled:
    sf = source.fn
    wf = where.fn if where is not None else None
    bf = body.fn if body is not None else None
    parts = [p for p in (source, where, body) if p is not None]
    by_kinds = _quantify_by_kinds(quantifier, source, where, body, slot)
    if by_kinds is not None:
        return _derived(v.BOOL, by_kinds, *parts)
    wk = _kernel_of(where, slot) if where is not None else None
    bk = _kernel_of(body, slot) if body is not None else None
    if (where is None or wk is not None) and (body is None or bk is not None) and (
            wk is not None or bk is not None):
        return _derived(v.BOOL, _kernel_quantifier(quantifier, sf, wk, bk), *parts,
                        cost=_LOOP_COST // 2)
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

        return _derived(v.BOOL, every, *parts, cost=_LOOP_COST)

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
        return _derived(v.BOOL, lambda env: len(sf(env)) > 0 if quantifier == "some"
                        else len(sf(env)) == 0, *parts)
    if quantifier == "some":
        return _derived(v.BOOL, some, *parts, cost=_LOOP_COST)
    return _derived(v.BOOL, lambda env: not some(env), *parts, cost=_LOOP_COST)


def _kernel_quantifier(
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


def _negate(compiled: Compiled) -> Compiled:
    if compiled.const:
        return _constant(v.BOOL, not compiled.value)
    f = compiled.fn
    k = compiled.kernel
    return dataclasses.replace(compiled, fn=lambda env: not f(env), cost=compiled.cost + 1,
                               necessary=None, rest=None, sides=None,
                               kernel=(lambda x: not k(x)) if k is not None else None,
                               kinds=None if compiled.kinds is None
                               else v.ALL_KINDS ^ compiled.kinds)


def _fold2(type_: str, left: Compiled, right: Compiled, op: Callable[[Any, Any], Any]) -> Compiled:
    if left.const and right.const:
        return _constant(type_, op(left.value, right.value))
    compiled = _fold2_env(type_, left, right, op)
    if left.kernel is not None and right.const:
        lk, rv = left.kernel, right.value
        fast = _CONST_RIGHT_KERNEL.get(op)
        kernel = fast(lk, rv) if fast is not None else (lambda x: op(lk(x), rv))
        return _with_kernel(compiled, kernel, left.kslot)
    if right.kernel is not None and left.const:
        rk, lv = right.kernel, left.value
        fast_left = _CONST_LEFT_KERNEL.get(op)
        return _with_kernel(compiled, fast_left(lv, rk) if fast_left is not None
                            else (lambda x: op(lv, rk(x))), right.kslot)
    if (left.kernel is not None and right.kernel is not None
            and left.kslot == right.kslot):
        lk2, rk2 = left.kernel, right.kernel
        both = _BOTH_KERNEL.get(op)
        return _with_kernel(compiled, both(lk2, rk2) if both is not None
                            else (lambda x: op(lk2(x), rk2(x))), left.kslot)
    return compiled


def _fold2_env(
    type_: str, left: Compiled, right: Compiled, op: Callable[[Any, Any], Any]
) -> Compiled:
    lf, rf = left.fn, right.fn
    if right.const:
        rv = right.value
        fast = _CONST_RIGHT.get(op)
        if fast is not None:
            return _derived(type_, fast(lf, rv), left, right)
        return _derived(type_, lambda env: op(lf(env), rv), left, right)
    fast2 = _BOTH.get(op)
    if fast2 is not None:
        return _derived(type_, fast2(lf, rf), left, right)
    if left.const:
        lv = left.value
        fast_left = _CONST_LEFT.get(op)
        if fast_left is not None:
            return _derived(type_, fast_left(lv, rf), left, right)
        return _derived(type_, lambda env: op(lv, rf(env)), left, right)
    return _derived(type_, lambda env: op(lf(env), rf(env)), left, right)


_CONST_RIGHT: dict[Callable[[Any, Any], Any], Callable[[Fn, Any], Fn]] = {
    operator.add: lambda f, c: lambda env: f(env) + c,
    operator.sub: lambda f, c: lambda env: f(env) - c,
    operator.mul: lambda f, c: lambda env: f(env) * c,
    operator.eq: lambda f, c: lambda env: f(env) == c,
    operator.ge: lambda f, c: lambda env: f(env) >= c,
    operator.le: lambda f, c: lambda env: f(env) <= c,
    operator.gt: lambda f, c: lambda env: f(env) > c,
    operator.lt: lambda f, c: lambda env: f(env) < c,
    _same_tile: lambda f, c: (lambda k: lambda env: f(env).kind == k)(c.kind),
}
_CONST_RIGHT_KERNEL: dict[Callable[[Any, Any], Any], Callable[[Any, Any], Any]] = {
    operator.eq: lambda f, c: lambda x: f(x) == c,
    operator.ge: lambda f, c: lambda x: f(x) >= c,
    operator.le: lambda f, c: lambda x: f(x) <= c,
    operator.gt: lambda f, c: lambda x: f(x) > c,
    operator.lt: lambda f, c: lambda x: f(x) < c,
    _same_tile: lambda f, c: (lambda k: lambda x: f(x).kind == k)(c.kind),
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
    _same_tile: lambda f, g: lambda env: f(env).kind == g(env).kind,
}
