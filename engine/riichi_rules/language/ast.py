"""The AST of the rules language: frozen dataclasses, each carrying its source span."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node is written: 1-based line and column of its first character, and the line
    and column just after its last (0: not known)."""

    file: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0


# ---- expressions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Int:
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class Str:
    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class TileLit:
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Name:
    name: str
    span: Span


@dataclass(frozen=True, slots=True)
class Param:
    """``rule.NAME``: a ruleset parameter, folded in as a constant."""

    name: str
    span: Span


@dataclass(frozen=True, slots=True)
class HasYaku:
    """``yaku(ID)``: whether the yaku ID scored in this reading."""

    yaku: str
    span: Span


@dataclass(frozen=True, slots=True)
class Attr:
    obj: Expr
    name: str
    span: Span


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class ListLit:
    items: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Range:
    low: Expr
    high: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Unary:
    op: str  # "not" | "-"
    operand: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Binary:
    """Arithmetic, comparison, ``and``/``or``, and the tests ``is``, ``is_not``, ``has``,
    ``in``, ``not_in``."""

    op: str
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Ternary:
    cond: Expr
    then: Expr
    other: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Comprehension:
    """``SOURCE [as NAME] [where COND]``: the elements of a collection that satisfy COND."""

    source: Expr
    binder: str | None
    where: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class Quantified:
    """``every(...)``, ``some(...)``, ``no(...)`` with an optional ``: BODY``."""

    quantifier: str
    comp: Comprehension
    body: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class NounTest:
    """The sugar ``every set is chow`` / ``no tile has ...``: QUANTIFIER NOUN is|is_not|has X."""

    quantifier: str
    noun: str
    test: str
    subject: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Aggregate:
    """``count(...)``, ``count(distinct ATTR of ...)``, ``sum(...: BODY)``, ``max(...: BODY)``."""

    kind: str  # "count" | "distinct" | "sum" | "max"
    comp: Comprehension
    attr: str | None
    body: Expr | None
    span: Span


Expr = (
    Int | Str | TileLit | Name | Param | HasYaku | Attr | Call | ListLit | Range | Unary | Binary
    | Ternary | Quantified | NounTest | Aggregate
)


# ---- declarations --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Clause:
    """One line of a declaration. ``keyword`` names the clause (``han``, ``when``, ``add`` ...);
    the other fields hold what that clause carries."""

    keyword: str
    span: Span
    value: Expr | None = None
    open_value: Expr | None = None
    when: Expr | None = None
    label: str | None = None
    name: str | None = None
    names: tuple[str, ...] = ()
    name_spans: tuple[Span, ...] = ()
    comp: Comprehension | None = None
    closed_only: bool = False


@dataclass(frozen=True, slots=True)
class Declaration:
    """``[override] KIND NAME ["Title"] { clauses }``."""

    kind: str
    name: str
    title: str | None
    override: bool
    clauses: tuple[Clause, ...]
    span: Span

    def clauses_of(self, keyword: str) -> tuple[Clause, ...]:
        return tuple(c for c in self.clauses if c.keyword == keyword)

    def first(self, keyword: str) -> Clause | None:
        for clause in self.clauses:
            if clause.keyword == keyword:
                return clause
        return None


@dataclass(frozen=True, slots=True)
class RuleFile:
    path: str
    text: str
    declarations: tuple[Declaration, ...]


def unspanned(node: object) -> object:
    """A node as plain data without where it is written: equal for nodes written alike in
    different places."""
    if isinstance(node, tuple):
        return tuple(unspanned(x) for x in node)
    if hasattr(node, "__dataclass_fields__") and not isinstance(node, Span):
        return (type(node).__name__, *(
            (name, unspanned(getattr(node, name))) for name in node.__dataclass_fields__
            if name not in ("span", "name_spans")))
    return node
