"""Lower typed trees (:mod:`riichi_rules.language.typed`) to Python closures over an
:class:`~riichi_rules.language.vocabulary.Env`.

The front end has resolved every name and checked every type; lowering only chooses how
each node runs. The closures are specialised for what they test (a tile property is a table
look-up), ``and``/``or`` chains run their cheapest parts first, constant parts fold away, and
a count or quantifier that does not depend on a bound variable is computed once per reading
and shared by every rule that asks for it. No rule text is ever passed to ``eval`` or
``exec``. The reference evaluator (:mod:`riichi_rules.language.evaluate`) runs the same trees
without any of this, and the tests check that the two agree.

Long because the lowering of each node kind is a method of one :class:`Lowerer`, which owns
the slots and cache cells they allocate; the building blocks they share (the fast paths) are
in :mod:`riichi_rules.language.closures`.
"""

from __future__ import annotations

import dataclasses
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from riichi_rules.language import ast
from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.arithmetic import OPERATIONS, guarded
from riichi_rules.language.closures import (
    EQUALITY,
    LOOP_COST,
    ORDER,
    Compiled,
    Fn,
    Lookup,
    bounded,
    chain,
    chain_kernel,
    constant,
    derived,
    distinct_by_kinds,
    fold2,
    identity,
    kernel_of,
    kinds_mask,
    length_guarded,
    lookup_key,
    lookup_of,
    negate,
    predicate_kernel,
    predicate_test,
    quantify,
    slot_reader,
    tiles_of,
    value_masks,
    with_kernel,
    with_kinds,
    with_sides,
)
from riichi_rules.language.typed import Typed
from riichi_rules.tiles import TILE_PROPERTY_TABLES

_STAGED_FEATURES = t.STAGE_NAMES


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
        return constant(node.type, node.data)

    def _error(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        return Compiled(v.ANY, lambda env: None)

    def _feature(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        name, feature = node.data
        return Compiled(feature.type, feature.get, cost=feature.cost,
                        staged=name in _STAGED_FEATURES, present=feature.present)

    def _bound(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        return slot_reader(slots[node.data], node.type)

    def _has_yaku(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        yaku_id = node.data
        return Compiled(v.BOOL, lambda env: yaku_id in env.yaku, staged=True)

    # -- tests of a value ---------------------------------------------------------------------
    def _predicate(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        name, _ = node.data
        subject = self.lower(node.part(0), slots)
        test = predicate_test(name, subject.type)
        assert test is not None, f"{name} of {subject.type}"
        sf = subject.fn
        pure = predicate_kernel(name, subject.type)
        kernel = None
        if pure is not None and subject.kernel is not None:
            sk = subject.kernel
            kernel = pure if sk is identity else (lambda x: pure(sk(x)))
        if subject.free and len(subject.free) == 1 and subject.cost == 1:
            (slot,) = subject.free  # a bare bound variable: read the slot directly
            tested = with_kernel(
                derived(v.BOOL, lambda env: test(env, env.slots[slot]), subject), kernel,
                subject.kslot)
            table = v.TILE_PREDICATES[name].table if name in v.TILE_PREDICATES else None
            if subject.type == v.TILE and table is not None and kernel is pure:
                return dataclasses.replace(tested, kinds=kinds_mask(table))
            return tested
        return with_kernel(derived(v.BOOL, lambda env: test(env, sf(env)), subject), kernel,
                            subject.kslot)

    def _enum(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left = self.lower(node.part(0), slots)
        wanted, lf = node.data, left.fn
        return derived(v.BOOL, lambda env: lf(env) == wanted, left)

    def _attribute(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        obj = self.lower(node.part(0), slots)
        _, get = node.data
        inner = obj.fn
        kernel = None
        if obj.kernel is not None:
            ok = obj.kernel
            kernel = get if ok is identity else (lambda x: get(ok(x)))
        if obj.free and len(obj.free) == 1 and obj.cost == 1:
            (slot,) = obj.free
            return with_kernel(
                derived(node.type, lambda env: get(env.slots[slot]), obj), kernel, obj.kslot)
        return with_kernel(derived(node.type, lambda env: get(inner(env)), obj), kernel,
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
                return derived(result, lambda env: call(env, g0(env)), *args)
            return derived(result, lambda env: call(env, *(f(env) for f in fns_env)), *args)
        if all(a.const for a in args):
            return constant(result, call(*(a.value for a in args)))
        fns = [a.fn for a in args]
        if len(fns) == 1:
            (f0,) = fns
            return derived(result, lambda env: call(f0(env)), *args)
        if len(fns) == 2:
            a0, a1 = fns
            if args[1].const:
                c1 = args[1].value
                return derived(result, lambda env: call(a0(env), c1), *args)
            return derived(result, lambda env: call(a0(env), a1(env)), *args)
        return derived(result, lambda env: call(*(f(env) for f in fns)), *args)

    def _list(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        items = [self.lower(item, slots) for item in node.parts if item is not None]
        if all(i.const for i in items):
            return constant(node.type, tuple(i.value for i in items))
        fns = [i.fn for i in items]
        return derived(node.type, lambda env: tuple(f(env) for f in fns), *items)

    def _range(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        low, high = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        if low.const and high.const:
            return constant(v.list_of(v.INT), tuple(range(low.value, high.value + 1)))
        lf, hf = low.fn, high.fn
        return derived(v.list_of(v.INT), lambda env: tuple(range(lf(env), hf(env) + 1)),
                        low, high)

    def _not(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        return negate(self.lower(node.part(0), slots))

    def _neg(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        inner = self.lower(node.part(0), slots)
        if inner.const:
            return constant(v.INT, -inner.value)
        f = inner.fn
        return derived(v.INT, lambda env: -f(env), inner)

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
            compiled = derived(type_, lambda env: tv if c(env) else ov, cond, then, other)
            if cond.kernel is None:
                return compiled
            ck = cond.kernel
            return with_kernel(compiled, lambda x: tv if ck(x) else ov, cond.kslot)
        return derived(type_, lambda env: th(env) if c(env) else o(env), cond, then, other)

    def _compare(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        op, flavour = node.data
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        if op in ("==", "!="):
            equal = bounded(fold2(v.BOOL, left, right, EQUALITY[flavour]), left, right, op)
            return negate(equal) if op == "!=" else with_sides(equal, left, right)
        return bounded(fold2(v.BOOL, left, right, ORDER[op]), left, right, op)

    def _arith(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        op = node.data
        if op in ("+", "-", "*"):
            return fold2(v.INT, left, right, OPERATIONS[op])
        span = node.node.span  # '/', '%' and '^' fail with the rule's place (RuleFault)
        return fold2(v.INT, left, right, guarded(op, f"{span.file}:{span.line}:{span.column}"))

    def _logic(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        """An ``and``/``or`` chain, folded and run cheapest part first (the parts have no
        side effects, so their order does not change the answer)."""
        compiled = [self.lower(p, slots) for p in node.parts if p is not None]
        absorbing = node.op == t.OR  # the value that decides the chain on its own
        live = []
        for c in compiled:
            if c.const:
                if bool(c.value) == absorbing:
                    return constant(v.BOOL, absorbing)
                continue
            live.append(c)
        if not live:
            return constant(v.BOOL, not absorbing)
        if len(live) == 1:
            return live[0]
        live.sort(key=lambda c: c.cost)
        kernel = chain_kernel(live, absorbing)
        if kernel is not None:
            return with_kinds(with_kernel(chain(live, absorbing), kernel, live[0].kslot),
                               live, absorbing)
        return chain(live, absorbing)

    def _group_is_tile(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        lf, rf = left.fn, right.fn

        def group_is_tile(env: v.Env) -> bool:
            # every tile of it is that tile: a pung, kong, pair or single of its kind
            group = lf(env)
            return (group is not None and not group.traits.is_chow
                    and group.first == rf(env).kind)

        return derived(v.BOOL, group_is_tile, left, right)

    def _has_property(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        """``G has P``: some tile of the group (or list) G has the tile property P."""
        name, is_group = node.data
        left = self.lower(node.part(0), slots)
        lf = left.fn
        prop = v.TILE_PREDICATES[name]
        test = prop.test
        compiled = derived(v.BOOL, lambda env: any(
            test(env, tile) for tile in tiles_of(lf(env), is_group)), left)
        table = prop.table
        if table is None or left.kernel is None or name not in TILE_PROPERTY_TABLES:
            return compiled
        lk = left.kernel
        kernel: Callable[[Any], bool]
        if is_group:  # some tile of the group: a flag the group carries
            group_has = operator.attrgetter("traits.any_" + name)
            kernel = group_has if lk is identity else (lambda x: group_has(lk(x)))
        else:
            def list_has(ts: Any) -> bool:
                return any(table[t.kind] for t in ts)
            kernel = list_has if lk is identity else (lambda x: list_has(lk(x)))
        return with_kernel(compiled, kernel, left.kslot)

    def _has_tile(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        lf, rf, is_group = left.fn, right.fn, node.data
        return derived(v.BOOL, lambda env: any(
            tile.kind == rf(env).kind for tile in tiles_of(lf(env), is_group)), left, right)

    def _in(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        left, right = self.lower(node.part(0), slots), self.lower(node.part(1), slots)
        if node.data:
            def member(x: Any, xs: Sequence[Any]) -> bool:
                return any(x.kind == y.kind for y in xs)
        else:
            def member(x: Any, xs: Sequence[Any]) -> bool:
                return x in xs
        return fold2(v.BOOL, left, right, member)

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
        lookup: Lookup | None = None
        if cacheable:
            for pool in (rest, local):
                for i, (node, test) in enumerate(pool):
                    lookup = lookup_of(node, test, slot)
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

    def _index(self, source: Compiled, source_key: Hashable, lookup: Lookup) -> Compiled:
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

        return dataclasses.replace(derived(source.type, looked_up, source, lookup.other, cost=4),
                                   within=source)

    def _filter(
        self, source: Compiled, test_compiled: Compiled, slot: int, key: Hashable
    ) -> Compiled:
        """The elements of ``source`` that pass the test, as a tuple cached per reading."""
        cid = self.cache_ids.setdefault(key, len(self.cache_ids))
        sf = source.fn
        test = test_compiled.fn
        missing = v.MISSING
        kernel = kernel_of(test_compiled, slot)
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
        return with_kinds(with_kernel(chain(parts, False), chain_kernel(parts, False),
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
        found = quantify(node.data, source, where, body, slot)
        if necessary is not None:
            found = dataclasses.replace(found, fn=length_guarded(*necessary, found.fn))
        return self._cached(node, found, slot, slots)

    def _count(self, node: Typed, slots: tuple[int, ...]) -> Compiled:
        source, where, slot = self._comprehension(node.part(0), node.parts[1], slots)
        sf = source.fn
        if where is None:
            return self._cached(node, dataclasses.replace(
                derived(v.INT, lambda env: len(sf(env)), source), within=source.within),
                slot, slots)
        wf = where.fn
        wk = kernel_of(where, slot)
        if wk is not None:
            kw = wk
            return self._cached(node, derived(
                v.INT, lambda env: sum(map(kw, sf(env))), source, where, cost=LOOP_COST // 2),
                slot, slots)

        def count(env: v.Env) -> int:
            env_slots = env.slots
            n = 0
            for x in sf(env):
                env_slots[slot] = x
                if wf(env):
                    n += 1
            return n

        return self._cached(node, derived(v.INT, count, source, where, cost=LOOP_COST), slot,
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
            return self._cached(node, derived(
                v.INT, distinct_by_kinds(source.present, value_masks(get)), source),
                slot, slots)
        key = lookup_key if by_kind else None
        wk2 = kernel_of(where, slot) if where is not None else None
        if key is None and (where is None or wk2 is not None):
            if wk2 is None:
                def distinct_fast(env: v.Env) -> int:
                    return len(set(map(get, sf(env))))
            else:
                kw2 = wk2

                def distinct_fast(env: v.Env) -> int:
                    return len(set(map(get, filter(kw2, sf(env)))))
            return self._cached(node, dataclasses.replace(
                derived(v.INT, distinct_fast, *parts, cost=LOOP_COST // 2),
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

        return self._cached(node, derived(v.INT, distinct, *parts, cost=LOOP_COST), slot,
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

        return self._cached(node, derived(v.INT, aggregate, *parts, body, cost=LOOP_COST),
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
