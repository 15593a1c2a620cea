"""What the search aims at: the scoring rules of a ruleset, clause by clause (a yaku, a dora
kind, a fu item, a limit, a payment, honba, the riichi deposit), each with the condition under
which it counts and the value it gives; and, for two rulesets, the pairs of such clauses that
read differently (a parameter with another value, a rule written otherwise, a yaku only one
has).

A target measures how far a win is from the situations it is about, and says from a result
whether it counted there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from dataclasses import dataclass

from riichi_rules.language import ast
from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.fold import fold
from riichi_rules.language.rules import TypedStep
from riichi_rules.language.typed import Typed, hashable, structure, walk
from riichi_rules.language.vocabulary import Env
from riichi_rules.scoring.program import ScoringProgram, YakuRule, parameters_read
from riichi_rules.scoring.result import Result
from riichi_rules.search.distance import distance, squash
from riichi_rules.search.probe import Probe
from riichi_rules.search.situations import KINDS, Bias
from riichi_rules.tiles import Tile

KIND_ORDER = ("yakuman", "yaku", "dora", "fu", "limit", "pay", "honba", "deposit")


@dataclass(frozen=True, slots=True)
class Target:
    """One scoring rule (a clause) of one ruleset.

    ``condition``: when it counts (None: always); ``value``: what it gives (han, fu, points,
    a yakuman multiple; None where it gives nothing to compare); ``closed_only``: a yaku
    that counts only in a closed hand; ``source``/``where``: the groups a per-group fu item
    goes through."""

    kind: str  # yakuman | yaku | dora | fu | limit | pay | honba | deposit
    name: str
    ordinal: int  # among the clauses of the same kind and name (limits, payments)
    span: ast.Span
    condition: Typed | None
    value: Typed | None = None
    values: tuple[int | None, ...] = ()  # constant values set outside the rule text
    closed_only: bool = False
    source: Typed | None = None
    where: Typed | None = None
    parameters: frozenset[str] = frozenset()  # the parameters its declaration reads

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.kind, self.name, self.ordinal)

    @property
    def where_written(self) -> str:
        """``file:line:column`` of the clause or declaration."""
        return f"{self.span.file}:{self.span.line}:{self.span.column}"

    @property
    def label(self) -> str:
        return f"{self.kind} {self.name}".strip()

    @property
    def never(self) -> bool:
        """Its condition is false whatever the hand (a constant, after folding)."""
        return self.condition is not None and self.condition.op == t.CONST \
            and not self.condition.data

    @property
    def stage(self) -> str:
        """The scoring stage the clause is read in."""
        return {"fu": "fu", "limit": "limits", "pay": "payments", "honba": "payments",
                "deposit": "payments"}.get(self.kind, "yaku")

    def scored(self, probe: Probe) -> Env | None:
        """The environment the clause is read in when the win scores under ``probe``."""
        return probe.scored(self.stage, self.span.line if self.kind == "fu" else 0)

    def measure(self, probe: Probe, want: bool = True) -> float:
        """How far the win is from this clause counting (``want``) or not."""
        d = probe.distance(self.condition, want, self.stage,
                           self.span.line if self.kind == "fu" else 0)
        if self.source is not None:  # a fu item per group: some group it counts
            d += _some_group(self, probe, want)
        if want:
            if self.closed_only and not probe.win.closed:
                d += 1.0
            if self.kind == "honba" and not probe.win.honba:
                d += 1.0
            if self.kind == "deposit" and not probe.win.sticks:
                d += 1.0
        return d

    def counted(self, result: Result) -> bool:
        """Whether this rule shows in the result (a yaku or dora kind that scored, a fu item
        counted, the limit applied, honba or sticks paid)."""
        if self.kind in ("yaku", "yakuman", "dora"):
            return any(y.id == self.name for y in result.yaku)
        if self.kind == "fu":
            return any(item.label == self.name for item in result.fu_items)
        if self.kind == "limit":
            return result.limit == self.name and result.limit_origin.split("; ")[0] == \
                f"{self.span.file}:{self.span.line}"
        if self.kind == "honba":
            return result.honba_total > 0
        if self.kind == "deposit":
            return result.sticks > 0
        return bool(result.payments)

    def outcome(self, env: Env) -> Hashable:
        """What the clause gives in ``env``: None where it does not count, else its value
        (for a fu item per group, the values of the groups it counts)."""
        try:
            if self.source is not None:
                return tuple(
                    evaluate(self.value, env, (g,)) if self.value is not None else True
                    for g in evaluate(self.source, env)
                    if self.where is None or evaluate(self.where, env, (g,)))
            if self.condition is not None and not evaluate(self.condition, env):
                return None
            if self.closed_only and not env.facts.closed:
                return None
            value = evaluate(self.value, env) if self.value is not None else True
        except (ArithmeticError, AttributeError, TypeError, IndexError, ValueError):
            return "fails"
        return (hashable(value), self.values)

    def bias(self) -> Bias:
        """The tiles, flags and numbers the rule talks about."""
        nodes = [*walk(self.condition), *walk(self.value), *walk(self.source),
                 *walk(self.where)]
        kinds: set[int] = set()
        flags: set[str] = set()
        numbers: set[str] = set()
        for node in nodes:
            if node.op == t.CONST and isinstance(node.data, Tile):
                kinds.add(node.data.kind)
            elif node.op in (t.PREDICATE, t.HAS_PROPERTY):
                prop = v.TILE_PREDICATES.get(node.data[0])
                if prop is not None and prop.table is not None:
                    kinds.update(k for k in KINDS if prop.table[k])
                elif node.data[0] == "value":
                    kinds.update(range(27, 34))
            elif node.op == t.FEATURE:
                name = node.data[0]
                if name in _FLAG_FEATURES:
                    flags.add(_FLAG_FEATURES[name])
                elif name in ("seat_wind", "round_wind"):
                    kinds.update(range(27, 31))
                elif name == "kita":  # Norths set aside (three-player tables)
                    numbers.add("kita")
        if self.kind == "honba":
            numbers.add("honba")
        if self.kind == "deposit":
            numbers.add("sticks")
        return Bias(tuple(sorted(kinds)), frozenset(flags), frozenset(numbers))

    def shape(self) -> Hashable:
        """What decides this clause's outcome, as plain data: two rulesets whose clause has
        the same shape score it alike."""
        return (structure(self.condition), structure(self.value), self.values, self.closed_only,
                structure(self.source), structure(self.where))


_FLAG_FEATURES = {name: name for name in (
    "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")}
_FLAG_FEATURES.update({"first_turn": "tenhou"})


def _some_group(target: Target, probe: Probe, want: bool) -> float:
    """How far from (or, ``want`` false, how far from no) group the fu item counts."""
    assert target.source is not None
    best = 1.0
    for env in probe.envs(False):
        groups = list(evaluate(target.source, env))
        if not groups:
            continue
        near = [distance(target.where, env, want, (g,)) if target.where is not None else 0.0
                for g in groups]
        best = min(best, min(near) if want else sum(near))
    return best


def targets(program: ScoringProgram) -> dict[tuple[str, str, int], Target]:
    """Every scoring rule of a program, as targets, by key."""
    typed = program.typed
    rules: dict[str, YakuRule] = {r.id: r for r in (*program.yakuman, *program.yaku)}
    dora_never = {r.id: r.never for r in program.dora}
    out: dict[tuple[str, str, int], Target] = {}
    for rule_id, yaku in typed.yaku.items():
        decl = yaku.declaration
        params = _params(decl)
        rule = rules.get(rule_id)
        if yaku.kind == "dora":
            target = Target("dora", rule_id, 0, decl.span, yaku.when, yaku.han,
                            parameters=params)
        elif rule is not None and rule.yakuman:
            target = Target("yakuman", rule_id, 0, decl.span, yaku.when, None,
                            (rule.multiple_value,), parameters=params)
            if rule.multiple_value is None:
                target = dataclasses.replace(target, value=_multiplestructure(yaku.multiples))
        else:
            assert rule is not None
            target = Target("yaku", rule_id, 0, decl.span, yaku.when, yaku.han,
                            (rule.han_closed_value, rule.han_open_value),
                            closed_only=rule.han_open is None, parameters=params)
        never = dora_never.get(rule_id, False) if rule is None else rule.never
        if never:  # its parameters rule it out
            target = dataclasses.replace(target, condition=_FALSE)
        out[target.key] = _folded(target)
    for kind, steps in (("fu", typed.fu), ("limits", typed.limits),
                        ("payments", typed.payments)):
        seen: dict[tuple[str, str], int] = {}
        for step in steps:
            made = _step_target(kind, step, seen)
            if made is not None:
                out[made.key] = _folded(made)
    return out


def _folded(target: Target) -> Target:
    """The target with its trees' constant parts worked out (see language.fold)."""
    return dataclasses.replace(
        target, condition=_fold(target.condition), value=_fold(target.value),
        source=_fold(target.source), where=_fold(target.where))


def _fold(node: Typed | None) -> Typed | None:
    return fold(node) if node is not None else None


_FALSE = Typed(t.CONST, v.BOOL, ast.Int(0, ast.Span("", 0, 0)), data=False)


def _multiplestructure(multiples: tuple[tuple[Typed, Typed | None], ...]) -> Typed:
    """A yakuman's multiples as one node (for comparing their shapes)."""
    parts: list[Typed | None] = []
    for value, when in multiples:
        parts += [value, when]
    return Typed(t.LIST, v.ANY, parts[0].node if parts and parts[0] is not None else
                 _FALSE.node, tuple(parts))


def _params(node: object) -> frozenset[str]:
    return parameters_read(node)


def _step_target(kind: str, step: TypedStep, seen: dict[tuple[str, str], int]
                 ) -> Target | None:
    keyword = step.keyword
    if kind == "fu":
        name = step.name
        label = "fu"
    elif keyword == "limit":
        name, label = step.name, "limit"
    elif keyword == "base":
        return None  # the base formula shows through the limits
    elif keyword == "multiple":
        return None  # the yakuman a result counts as: its basic points show them
    elif keyword == "pay":
        name, label = step.name, "pay"
    else:
        name, label = "", keyword
    ordinal = seen.get((label, name), 0)
    seen[(label, name)] = ordinal + 1
    condition = step.when
    if step.source is not None:
        condition = None
    return Target(label, name, ordinal, step.clause.span, condition, step.value,
                  source=step.source, where=step.where,
                  parameters=_params(step.clause))


@dataclass(frozen=True, slots=True)
class Pair:
    """A clause as two rulesets have it (None: one of them has no such clause)."""

    a: Target | None
    b: Target | None
    # where only the value differs and it adds up what other rules gave (han, yakuman): those
    # rules (two ways of adding up differ once more than one of them counts)
    aggregates: tuple[Target, ...] = ()

    @property
    def key(self) -> tuple[str, str, int]:
        side = self.a or self.b
        assert side is not None
        return side.key

    @property
    def either(self) -> Target:
        side = self.a or self.b
        assert side is not None
        return side

    def measure(self, probe_a: Probe, probe_b: Probe) -> float:
        """How far a win is from a situation where the two clauses may score differently:
        one counts and the other not, or (where they differ only in value) both count."""
        if self.a is None or self.b is None or structure(self.a.condition) != structure(
                self.b.condition) or self.a.closed_only != self.b.closed_only:
            a_only = (self.a.measure(probe_a) if self.a else 1.0) + (
                self.b.measure(probe_b, False) if self.b else 0.0)
            b_only = (self.b.measure(probe_b) if self.b else 1.0) + (
                self.a.measure(probe_a, False) if self.a else 0.0)
            return min(a_only, b_only)
        d = min(self.a.measure(probe_a), self.b.measure(probe_b))
        if d > 0 or not self.aggregates or self.disagrees(probe_a, probe_b):
            return d
        # the clause counts, alike on both sides: go towards one more of the rules it adds up
        near = sorted(t.measure(probe_a) for t in self.aggregates)
        return 0.5 * squash(near[1] if len(near) > 1 else 1.0) + 0.01

    def disagrees(self, *probes: Probe) -> bool:
        """Whether the two clauses give different outcomes in the same situation: the win as
        it scored under either ruleset (its reading, han, fu and basic points)."""
        for probe in probes:
            env = self.either.scored(probe)
            if env is not None and (self.a.outcome(env) if self.a else None) != (
                    self.b.outcome(env) if self.b else None):
                return True
        return False

    def bias(self) -> Bias:
        parts = [x.bias() for x in (self.a, self.b) if x is not None]
        return Bias(tuple(sorted({k for b in parts for k in b.kinds})),
                    frozenset().union(*(b.flags for b in parts)),
                    frozenset().union(*(b.numbers for b in parts)))


# the running values that add up what several rules gave, and the kinds of those rules
_AGGREGATES = {"yakuman_total": ("yakuman",), "yakuman_max": ("yakuman",),
               "han": ("yaku", "dora")}


def differing(a: ScoringProgram, b: ScoringProgram) -> list[Pair]:
    """The clauses of two rulesets that read differently, in the order of KIND_ORDER."""
    ta, tb = targets(a), targets(b)
    out = []
    for key in sorted(set(ta) | set(tb), key=lambda k: (KIND_ORDER.index(k[0]), k[1], k[2])):
        x, y = ta.get(key), tb.get(key)
        if x is None or y is None or x.shape() != y.shape():
            out.append(Pair(x, y, _aggregated(x, y, ta)))
    return out


def _aggregated(x: Target | None, y: Target | None,
                table: dict[tuple[str, str, int], Target]) -> tuple[Target, ...]:
    """The rules whose results a value-only difference adds up (see Pair.aggregates)."""
    if x is None or y is None or structure(x.condition) != structure(y.condition):
        return ()
    read = {n.data[0] for side in (x.value, y.value) for n in walk(side) if n.op == t.FEATURE}
    kinds = {kind for name in read for kind in _AGGREGATES.get(name, ())}
    return tuple(target for target in table.values()
                 if target.kind in kinds and not target.never)
