"""A compiled program's rules as typed trees, clause by clause: what the reference evaluator
runs (to check the compiled closures) and what the search takes apart (to aim at a rule).

Each typed clause keeps the clause it comes from, so that a finding can name its file,
line and column.
"""

from __future__ import annotations

from dataclasses import dataclass

from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.typed import Typed, Typer
from riichi_rules.scoring.program import ScoringProgram


@dataclass(frozen=True, slots=True)
class TypedYaku:
    """A yaku, yakuman or dora kind: its condition (None: always), its han (a dora kind's
    count) closed and open, its yakuman multiples ((value, condition or None), in order)."""

    id: str
    kind: str  # yaku | yakuman | dora
    declaration: ast.Declaration
    when: Typed | None
    han: Typed | None
    han_open: Typed | None
    multiples: tuple[tuple[Typed, Typed | None], ...]


@dataclass(frozen=True, slots=True)
class TypedStep:
    """A clause of the fu, limits or payments rule: ``keyword`` (fixed, base, add, limit,
    pay, honba, deposit), its label or name, its value and condition; for a fu step per
    group, the groups it goes through (``source``, ``where``, the value read with the group
    bound at depth 0)."""

    keyword: str
    name: str
    clause: ast.Clause
    value: Typed
    when: Typed | None
    source: Typed | None = None
    where: Typed | None = None


@dataclass(frozen=True, slots=True)
class TypedRules:
    yaku: dict[str, TypedYaku]  # yaku, yakuman and dora kinds, by id
    fu: tuple[TypedStep, ...]
    limits: tuple[TypedStep, ...]  # the base formula first
    payments: tuple[TypedStep, ...]


_TYPED: dict[int, tuple[ScoringProgram, TypedRules]] = {}


def typed_rules(program: ScoringProgram) -> TypedRules:
    """The typed rules of a compiled program (typed once per program)."""
    known = _TYPED.get(id(program))
    if known is None or known[0] is not program:
        known = _TYPED[id(program)] = (program, _build(program))
    return known[1]


def _build(program: ScoringProgram) -> TypedRules:
    typer = Typer(program.config.parameters, v.FEATURES)
    yaku: dict[str, TypedYaku] = {}
    for rule_id, decl in program.declarations.items():
        typer.declare_lets(decl.clauses)
        yaku[rule_id] = _yaku(typer, decl)
    return TypedRules(
        yaku,
        _steps(typer, program.fu.declaration),
        _steps(typer, program.limits.declaration),
        _steps(typer, program.payments.declaration),
    )


def _typed_or_none(typer: Typer, expr: ast.Expr | None) -> Typed | None:
    return typer.type(expr) if expr is not None else None


def _yaku(typer: Typer, decl: ast.Declaration) -> TypedYaku:
    when = decl.first("when")
    han = decl.first("han")
    multiples = tuple(
        (typer.type(c.value), _typed_or_none(typer, c.when))
        for c in decl.clauses_of("multiple") if c.value is not None)
    return TypedYaku(
        decl.name, decl.kind, decl,
        _typed_or_none(typer, when.value if when else None),
        _typed_or_none(typer, han.value if han else None),
        _typed_or_none(typer, han.open_value if han else None),
        multiples)


_STEP_KEYWORDS = frozenset({"fixed", "base", "add", "limit", "pay", "honba", "deposit"})


def _steps(typer: Typer, decl: ast.Declaration) -> tuple[TypedStep, ...]:
    typer.declare_lets(decl.clauses)
    out: list[TypedStep] = []
    for clause in decl.clauses:
        if clause.keyword not in _STEP_KEYWORDS or clause.value is None:
            continue
        name = clause.label or clause.name or ""
        if clause.comp is not None:
            source, where = typer.comprehension(clause.comp)
            value = typer.in_element_scope(clause.value, clause.comp)
            out.append(TypedStep(clause.keyword, name, clause, value, None, source, where))
        else:
            out.append(TypedStep(clause.keyword, name, clause, typer.type(clause.value),
                                 _typed_or_none(typer, clause.when)))
    return tuple(out)
