"""What the table search aims at: the clauses of the table rules (rulesets/base/table.rules and
a ruleset's own) that two rulesets read differently, as :mod:`riichi_rules.search.targets`
finds the scoring clauses: each clause typed (language/typed.py, with the table vocabulary)
and folded (language/fold.py, the ruleset's parameters being constants), and compared by
shape.

A clause is what the referee asks one at a time (referee/shadow.py names them the same way):
a rule's ``when``, ``allow``, ``forbid``, ``up to``, ``result`` or ``balance``, or one of its
``pay``/``gain`` steps (its amount where its condition holds). A :class:`TablePair` measures
how far a question (a :class:`~riichi_rules.language.table_vocabulary.TableEnv`) is from the
two rulesets answering it differently, and says what the rules read (for the scenarios the
search draws, see table_scenarios.py).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from riichi_rules.language import ast
from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.fold import fold
from riichi_rules.language.table_vocabulary import TABLE_FEATURES
from riichi_rules.language.typed import Typed, Typer, hashable, structure, walk
from riichi_rules.referee.shadow import Part
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.search.distance import distance
from riichi_rules.search.table_causes import part_parameters

__all__ = ["TableClause", "TablePair", "differing_clauses", "table_clauses"]

_CONDITIONS = frozenset({"when", "allow", "forbid", "balance"})
_NUMBERS = frozenset({"up_to", "result"})
_STEPS = frozenset({"pay", "gain"})
_ERRORS = (ArithmeticError, AttributeError, TypeError, IndexError, KeyError, ValueError)


@dataclass(frozen=True, slots=True)
class TableClause:
    """One clause of a table rule of one ruleset, typed and folded. ``value``: the condition
    (``when`` ...; None: always), the number (``up to``, ``result``) or a step's amount;
    ``when``: a step's condition (None: always); ``reads``: what the whole rule reads (its
    features, predicates and enum values) and ``themes`` the tile kinds it names (each tile
    property, such as ``dragon``, and its tile constants), which decide the scenarios drawn
    for it."""

    part: Part
    span: ast.Span
    value: Typed | None
    when: Typed | None
    parameters: frozenset[str]
    reads: frozenset[str]
    themes: tuple[tuple[int, ...], ...]

    @property
    def condition(self) -> bool:
        return self.part[2] in _CONDITIONS

    @property
    def origin(self) -> str:
        return f"{self.span.file}:{self.span.line}"

    def answer(self, env: Any) -> Hashable:
        """The clause's answer to the question ``env``: a truth value, a number, or (a step)
        its amount where its condition holds and it is not nothing, else None; "fails" where
        it cannot be evaluated (a division by nothing)."""
        try:
            if self.condition:
                return self.value is None or bool(evaluate(self.value, env))
            if self.when is not None and not evaluate(self.when, env):
                return None
            value = hashable(evaluate(self.value, env)) if self.value is not None else None
        except _ERRORS:
            return "fails"
        return None if self.step and value == 0 else value

    @property
    def step(self) -> bool:
        """A ``pay`` or ``gain`` step: an amount paid where its condition holds."""
        return self.part[2].split(" ")[0] in _STEPS

    def near(self, env: Any, want: bool) -> float:
        """How far the question is from the clause's condition (a step's: its ``when``)
        being ``want``."""
        node = self.value if self.condition else self.when
        if node is None:
            return 0.0 if want else 1.0
        return distance(node, env, want)

    def shape(self) -> Hashable:
        return (structure(self.value), structure(self.when))


@dataclass(frozen=True, slots=True)
class TablePair:
    """A clause as two rulesets have it (None: that ruleset has no such clause)."""

    a: TableClause | None
    b: TableClause | None

    @property
    def either(self) -> TableClause:
        side = self.a or self.b
        assert side is not None
        return side

    @property
    def part(self) -> Part:
        return self.either.part

    @property
    def origin(self) -> str:
        """Where each side writes it (``file:line``, both when they differ)."""
        return " / ".join(dict.fromkeys(c.origin for c in (self.a, self.b) if c is not None))

    @property
    def parameters(self) -> frozenset[str]:
        return frozenset().union(*(c.parameters for c in (self.a, self.b) if c is not None))

    @property
    def reads(self) -> frozenset[str]:
        """What the two rules read, all of their clauses."""
        return frozenset().union(*(c.reads for c in (self.a, self.b) if c is not None))

    @property
    def differs(self) -> frozenset[str]:
        """What the parts of the clause that the two rulesets write differently read (the
        whole clause, where one of them has none)."""
        a, b = self.a, self.b
        nodes: list[Typed] = []
        if a is None or b is None:
            present = a or b
            assert present is not None
            nodes = [n for n in (present.value, present.when) if n is not None]
        else:
            nodes = [*_apart(a.value, b.value), *_apart(a.when, b.when)]
        return _reads(nodes)[0]

    @property
    def themes(self) -> tuple[tuple[int, ...], ...]:
        return tuple(dict.fromkeys(t for c in (self.a, self.b) if c is not None
                                   for t in c.themes))

    def distance(self, env: Any) -> float:
        """How far the question ``env`` is from the two clauses answering it differently (0:
        they do). Two conditions: one true and the other false; a clause one side lacks: its
        condition true (the rule then says something the other cannot); numbers and steps:
        0 where they differ, else how far a step's condition is from holding on one side."""
        a, b = self.a, self.b
        if a is None or b is None:
            present = a or b
            assert present is not None
            return present.near(env, True) if present.condition else 0.0
        if a.condition and b.condition:
            return min(a.near(env, True) + b.near(env, False),
                       a.near(env, False) + b.near(env, True))
        if a.answer(env) != b.answer(env):
            return 0.0
        if (a.when is not None or b.when is not None) and a.answer(env) is None:
            # neither step is paid: one of them must be (and for something)
            return min(a.near(env, True), b.near(env, True)) + 0.5
        return 1.0


def table_clauses(program: ScoringProgram) -> dict[Part, TableClause]:
    """Every clause of a program's table rules, typed and folded, by part."""
    typer = Typer(program.config.parameters, TABLE_FEATURES)
    out: dict[Part, TableClause] = {}
    for rules in program.table.rules.values():
        for rule in rules:
            decl = rule.declaration
            typer.declare_lets(decl.clauses, "table")
            clauses: list[tuple[Part, ast.Clause, Typed | None, Typed | None]] = []
            seen: dict[str, int] = {}
            for clause in decl.clauses:
                keyword = clause.keyword
                if keyword in _CONDITIONS:
                    expr = clause.when if keyword in ("allow", "forbid", "balance") \
                        else clause.value
                    clauses.append(((rule.kind, rule.name, keyword), clause,
                                    _typed(typer, expr), None))
                elif keyword in _NUMBERS:
                    clauses.append(((rule.kind, rule.name, keyword), clause,
                                    _typed(typer, clause.value), None))
                elif keyword in _STEPS:
                    index = seen.get(keyword, 0)
                    seen[keyword] = index + 1
                    clauses.append(((rule.kind, rule.name, f"{keyword} {index}"), clause,
                                    _typed(typer, clause.value), _typed(typer, clause.when)))
            trees = [x for _, _, value, when in clauses for x in (value, when)]
            reads, themes = _reads(trees)
            for part, clause, value, when in clauses:
                out[part] = TableClause(part, clause.span, value, when,
                                        part_parameters(program, part), reads, themes)
    return out


def _typed(typer: Typer, expr: ast.Expr | None) -> Typed | None:
    return fold(typer.type(expr)) if expr is not None else None


def _reads(trees: Iterable[Typed | None]
           ) -> tuple[frozenset[str], tuple[tuple[int, ...], ...]]:
    """The features, predicates and enum values a rule's trees read, and the tile kinds they
    name: each tile property such as ``dragon`` or ``yaochuu``, and the constant tiles."""
    reads: set[str] = set()
    themes: list[tuple[int, ...]] = []
    tiles: set[int] = set()
    for tree in trees:
        for node in walk(tree):
            if node.op in (t.FEATURE, t.CALL):
                reads.add(str(node.data[0]))
            elif node.op in (t.PREDICATE, t.HAS_PROPERTY):
                name = str(node.data[0])
                reads.add(name)
                prop = v.TILE_PREDICATES.get(name)
                if prop is not None and prop.table is not None:
                    themes.append(tuple(k for k in range(34) if prop.table[k]))
            elif node.op == t.ENUM:
                reads.add(str(node.data))
            elif node.op == t.CONST and hasattr(node.data, "kind") and node.type == v.TILE:
                tiles.add(int(node.data.kind))
            elif node.op == t.COMPARE and _counts_to_many(node):
                reads.add("many")
    if tiles:
        themes.append(tuple(sorted(tiles)))
    return frozenset(reads), tuple(dict.fromkeys(themes))


_COUNTS = frozenset({"kans", "kan_seats", "riichi_seats", "ron_claims", "tenpai_count",
                     "noten_count"})
"""The features that count things a scenario makes happen at the table (kans, seats in
riichi, claims on one tile, seats in tenpai)."""


def _counts_to_many(node: Typed) -> bool:
    """``count(...) == 4``, ``kans >= 3``: a count of things at the table that must reach
    three or more (a scenario needs many of them; ``kans < 4`` is a limit, not a goal)."""
    left, right = node.parts
    op = node.data[0]
    for one, other, goal in ((left, right, ("==", ">=", ">")), (right, left, ("==", "<=", "<"))):
        counted = one is not None and (one.op == t.COUNT or (one.op == t.FEATURE
                                                              and one.data[0] in _COUNTS))
        if (counted and other is not None
                and op in goal and other.op == t.CONST and isinstance(other.data, int)
                and not isinstance(other.data, bool) and other.data >= 3):
            return True
    return False


def _apart(x: Typed | None, y: Typed | None) -> list[Typed]:
    """The parts of two trees that differ: where the shapes of two nodes differ, both (the
    parts of an ``and``/``or`` that only one of them has, where only those differ)."""
    if structure(x) == structure(y):
        return []
    if x is None or y is None:
        return [n for n in (x, y) if n is not None]
    if x.op == y.op and x.data == y.data and len(x.parts) == len(y.parts) and \
            x.op not in (t.CONST,):
        return [n for px, py in zip(x.parts, y.parts, strict=True) for n in _apart(px, py)]
    if x.op == y.op and x.op in (t.AND, t.OR):
        xs = {structure(p): p for p in x.parts if p is not None}
        ys = {structure(p): p for p in y.parts if p is not None}
        return [*(p for k, p in xs.items() if k not in ys), *(p for k, p in ys.items()
                                                              if k not in xs)]
    return [x, y]


def differing_clauses(a: ScoringProgram, b: ScoringProgram) -> list[TablePair]:
    """The table clauses two rulesets read differently, in the order they are written."""
    ca, cb = table_clauses(a), table_clauses(b)
    out = []
    for part in set(ca) | set(cb):
        x, y = ca.get(part), cb.get(part)
        if x is None or y is None or x.shape() != y.shape():
            out.append(TablePair(x, y))
    return sorted(out, key=lambda p: (p.either.span.file, p.either.span.line, p.part))
