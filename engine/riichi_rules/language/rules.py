"""The front end of a ruleset's rule files: declarations collected and checked, then every
clause typed (:mod:`riichi_rules.language.typed`).

:class:`Declarations` takes the parsed declarations of every rule file in order: it checks
each one's clauses (the kinds of clause it may have, those it must have, those it may have
once), applies ``override``, and checks the ``replaces`` graph. :func:`type_rules` then types
each clause against the vocabulary of its stage (the table rules against the table's) and
returns :class:`TypedRules`, which the compiler lowers and the reference evaluator and the
search read. Every problem is a diagnostic; all of them are collected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from riichi_rules.errors import Diagnostic, did_you_mean
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.fold import fold
from riichi_rules.language.table_vocabulary import REFEREE_ASKS, TABLE_FEATURES
from riichi_rules.language.typed import CONST, Scope, Typed, Typer

# Which clauses each kind of declaration takes, and which it must have.
CLAUSES: dict[str, frozenset[str]] = {
    "yaku": frozenset({"han", "when", "replaces", "source", "doc", "stands_alone"}),
    "yakuman": frozenset({"when", "multiple", "replaces", "source", "doc"}),
    "dora": frozenset({"han", "when", "source", "doc"}),
    "fu": frozenset({"fixed", "base", "add", "round", "source", "doc"}),
    "limits": frozenset({"base", "limit", "multiple", "source", "doc"}),
    "payments": frozenset({"pay", "honba", "deposit", "source", "doc"}),
    # facts of a win that cannot hold together: checked before the win is scored
    "situation": frozenset({"forbid", "source", "doc"}),
}
# The table rules, read by the referee.
TABLE_CLAUSES: dict[str, frozenset[str]] = {
    "furiten": frozenset({"when", "source", "doc"}),
    "claim": frozenset({"allow", "priority", "up_to", "source", "doc"}),
    "discard": frozenset({"forbid", "source", "doc"}),
    "riichi_rule": frozenset({"allow", "gain", "source", "doc"}),
    "kan_rule": frozenset({"allow", "when", "source", "doc"}),
    "pao": frozenset({"when", "source", "doc"}),
    "pao_payment": frozenset({"pay", "source", "doc"}),
    "draw": frozenset({"allow", "when", "pay", "gain", "source", "doc"}),
    "next_hand": frozenset({"when", "source", "doc"}),
    "collect": frozenset({"when", "gain", "result", "source", "doc"}),
    "standings": frozenset({"gain", "result", "balance", "source", "doc"}),
    # the situation flags of a win (haitei, rinshan, tenhou ...), given to the scorer
    "win_flag": frozenset({"when", "source", "doc"}),
}
CLAUSES.update(TABLE_CLAUSES)
for _kind in CLAUSES:  # a named value for a declaration: 'let NAME = EXPR'
    CLAUSES[_kind] = CLAUSES[_kind] | {"let"}
REQUIRED: dict[str, tuple[str, ...]] = {
    "yaku": ("han", "when"), "yakuman": ("when",), "dora": ("han",),
    "fu": ("base",), "limits": ("base",), "payments": ("pay",), "situation": ("forbid", "doc"),
    "furiten": ("when",), "claim": ("allow", "priority"), "discard": ("forbid",),
    "riichi_rule": (), "kan_rule": (), "pao": ("when",), "pao_payment": ("pay",),
    "draw": (), "next_hand": ("when",), "collect": (), "standings": (), "win_flag": ("when",),
}
SINGLE_CLAUSES = frozenset({"han", "when", "source", "doc", "base", "round", "deposit",
                            "allow", "forbid", "priority", "up_to", "result", "balance"})
TABLE_KINDS = frozenset(TABLE_CLAUSES)
ONE_OF_EACH = ("fu", "limits", "payments")
PAYERS = frozenset({"discarder", "each", "dealer", "non_dealer"})
TABLE_PAYERS: dict[str, frozenset[str]] = {
    "pao_payment": frozenset({"liable", "discarder", "normally"}),
    "draw": frozenset({"each", "dealer", "non_dealer"}),
}
_CLAUSE_EXAMPLES = {
    "han": "write its han, e.g. 'han 1 closed' (closed hands only) or 'han 2, open 1'",
    "when": "write its condition, e.g. 'when closed and tsumo'",
    "base": "write the starting value, e.g. 'base \"Base\" 20'",
    "pay": "write who pays what, e.g. 'pay discarder round_up(basic * 4, 100) when ron'",
    "allow": "write when it is allowed, e.g. 'allow when not riichi'",
    "forbid": "write when it is forbidden, e.g. 'forbid when riichi and not drawn'",
    "doc": "write what is wrong, e.g. 'doc \"ippatsu and rinshan cannot both hold: ...\"'",
    "priority": "write its priority among claims, e.g. 'priority 2'",
}
SourceLines = Callable[[str, int], str]


class Declarations:
    """The declarations of a ruleset's rule files, collected in order with their overrides
    and checked clause by clause; problems go to ``diagnostics``. ``standalone``: one rule
    file checked on its own (what it overrides or replaces may be in other files)."""

    def __init__(self, diagnostics: list[Diagnostic], source_lines: SourceLines,
                 standalone: bool = False) -> None:
        self.diagnostics = diagnostics
        self.source_lines = source_lines
        self.standalone = standalone
        self.scoring: dict[str, ast.Declaration] = {}  # yaku, yakuman and dora kinds by id
        self.singletons: dict[str, ast.Declaration] = {}  # fu, limits, payments
        self.situations: dict[str, ast.Declaration] = {}  # facts that cannot hold together
        self.disabled: set[str] = set()  # yaku a ruleset switches off ("enabled": false)
        self.table: dict[str, ast.Declaration] = {}  # "kind name" -> declaration

    def error(self, span: ast.Span, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic.at(span, message,
                                              self.source_lines(span.file, span.line), hint))

    def declare(self, decl: ast.Declaration) -> None:
        if decl.kind not in CLAUSES:
            self.error(decl.span, f"unknown kind of declaration '{decl.kind}'",
                       did_you_mean(decl.kind, [*CLAUSES, *TABLE_KINDS]))
            return
        if not self._clauses_ok(decl):
            return
        if decl.kind in TABLE_KINDS:
            table = self.table
            key = f"{decl.kind} {decl.name}"
        elif decl.kind in ONE_OF_EACH:
            table, key = self.singletons, decl.kind
        elif decl.kind == "situation":
            table, key = self.situations, decl.name
        else:
            table, key = self.scoring, decl.name
        existing = table.get(key)
        if decl.override:
            if existing is None and not self.standalone:
                self.error(decl.span, f"'override {decl.kind} {decl.name}' overrides nothing: "
                           f"no earlier {decl.kind} '{decl.name}'",
                           did_you_mean(decl.name, table))
                return
            if existing is not None and existing.kind != decl.kind:
                self.error(decl.span, f"'{decl.name}' is a {existing.kind}, declared at "
                           f"{existing.span.file}:{existing.span.line}; an override must keep "
                           "its kind")
                return
        elif existing is not None:
            self.error(decl.span, f"{decl.kind} '{decl.name}' is already declared at "
                       f"{existing.span.file}:{existing.span.line}",
                       f"write 'override {decl.kind} {decl.name}' to replace it")
            return
        table[key] = decl

    def _clauses_ok(self, decl: ast.Declaration) -> bool:
        allowed = CLAUSES[decl.kind]
        ok = True
        seen: set[str] = set()
        for clause in decl.clauses:
            if clause.keyword not in allowed:
                self.error(clause.span, f"a {decl.kind} has no '{clause.keyword}' clause",
                           f"a {decl.kind} takes: {', '.join(sorted(allowed))}")
                ok = False
            elif clause.keyword in SINGLE_CLAUSES and clause.keyword in seen:
                hint = ("join the two conditions with 'and' in one 'when'"
                        if clause.keyword == "when" else f"keep one '{clause.keyword}'")
                self.error(clause.span, f"'{clause.keyword}' is given twice in "
                           f"{decl.kind} '{decl.name}'", hint)
                ok = False
            seen.add(clause.keyword)
        for keyword in REQUIRED[decl.kind]:
            if keyword not in seen:
                self.error(decl.span, f"{decl.kind} '{decl.name}' has no '{keyword}' clause",
                           _CLAUSE_EXAMPLES.get(keyword, ""))
                ok = False
        return ok

    def check_referee_rules(self, span_file: str) -> None:
        """Every table rule the referee asks by name is declared (see
        :data:`~riichi_rules.language.table_vocabulary.REFEREE_ASKS`)."""
        for (kind, name), ask in REFEREE_ASKS.items():
            decl = self.table.get(f"{kind} {name}")
            if decl is None:
                self.diagnostics.append(Diagnostic(
                    span_file, 1, 1, f"no table rule '{kind} {name}': the referee asks it "
                    f"{ask.what}", f"declare '{kind} {name} {{ ... }}' (its condition may be "
                    "false if the ruleset never allows it), or keep the base rules' one"))
                continue
            for keyword in ask.reads:
                if not decl.clauses_of(keyword):
                    self.error(decl.span, f"{kind} '{name}' has no '{keyword}' clause: the "
                               f"referee reads it to know {ask.what}",
                               _CLAUSE_EXAMPLES.get(keyword, f"write its '{keyword}' clause"))

    def disable(self, name: str) -> bool:
        """Leave out a yaku (a ruleset's ``"enabled": false``): it does not exist at the
        table, so it never scores, ``yaku(NAME)`` is false and a ``replaces NAME`` has
        nothing to replace. False if none is declared."""
        if self.scoring.pop(name, None) is None:
            return False
        self.disabled.add(name)
        return True

    def check_replaces(self) -> None:
        """Every name a ``replaces`` gives is declared, and no yaku replaces itself through
        others."""
        graph: dict[str, tuple[str, ...]] = {}
        for decl in self.scoring.values():
            names = tuple(n for c in decl.clauses_of("replaces") for n in c.names)
            for clause in decl.clauses_of("replaces"):
                spans = clause.name_spans or tuple(clause.span for _ in clause.names)
                for name, span in zip(clause.names, spans, strict=False):
                    if name not in self.scoring and name not in self.disabled \
                            and not self.standalone:
                        self.error(span, f"{decl.name} replaces '{name}', which is not "
                                   "declared", did_you_mean(name, self.scoring))
            graph[decl.name] = tuple(n for n in names if n not in self.disabled)
        state: dict[str, int] = {}

        def visit(node: str, path: list[str]) -> None:
            state[node] = 1
            for nxt in graph.get(node, ()):
                if state.get(nxt) == 1:
                    decl = self.scoring[node]
                    cycle = " -> ".join([*path[path.index(nxt):], nxt]) if nxt in path else nxt
                    self.error(decl.span, f"'replaces' goes round in a circle: {cycle}",
                               "remove the 'replaces' of one of them: a yaku cannot replace "
                               "a yaku that replaces it")
                elif nxt in graph and state.get(nxt) is None:
                    visit(nxt, [*path, nxt])
            state[node] = 2

        for name in graph:
            if state.get(name) is None:
                visit(name, [name])


# -- the typed rules -----------------------------------------------------------------------------


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
    """A clause of the fu, limits or payments rule, or a ``pay``/``gain`` of a table rule:
    ``keyword`` (fixed, base, add, limit, multiple, pay, honba, deposit, gain), its label or
    name, its
    value and condition; for a fu item per group, the groups it goes through (``source``,
    ``where``, and the value read with the group bound at depth 0)."""

    keyword: str
    name: str
    clause: ast.Clause
    value: Typed
    when: Typed | None
    source: Typed | None = None
    where: Typed | None = None


@dataclass(frozen=True, slots=True)
class TypedTable:
    """A table rule: each of its clauses typed (None where it has none). A clause that may
    be written without a condition (``allow``, ``forbid``, ``balance``) is a constant true."""

    kind: str
    name: str
    declaration: ast.Declaration
    when: Typed | None = None
    allow: Typed | None = None
    forbid: Typed | None = None
    priority: Typed | None = None
    up_to: Typed | None = None
    pays: tuple[TypedStep, ...] = ()
    gains: tuple[TypedStep, ...] = ()
    result: Typed | None = None
    balance: Typed | None = None


@dataclass(frozen=True, slots=True)
class TypedSituation:
    """Facts of a win that cannot hold together: the ``forbid`` condition (over the win's own
    facts, not a reading's) and the ``doc`` that says why, the message of the refusal."""

    name: str
    declaration: ast.Declaration
    forbid: Typed
    message: str


@dataclass(frozen=True, slots=True)
class TypedRules:
    """Every rule of a ruleset after the front end."""

    yaku: dict[str, TypedYaku] = field(default_factory=dict)  # yaku, yakuman, dora by id
    fu: tuple[TypedStep, ...] = ()
    round_to: int = 1
    limits: tuple[TypedStep, ...] = ()  # the base formula first
    payments: tuple[TypedStep, ...] = ()
    table: tuple[TypedTable, ...] = ()
    situations: tuple[TypedSituation, ...] = ()

    def trees(self) -> Iterable[Typed | None]:
        """Every typed tree of the scoring rules (for counting shared loops)."""
        for yaku in self.yaku.values():
            yield from (yaku.when, yaku.han, yaku.han_open)
            for value, when in yaku.multiples:
                yield from (value, when)
        for step in (*self.fu, *self.limits, *self.payments):
            yield from (step.value, step.when, step.source, step.where)

    def table_trees(self) -> Iterable[Typed | None]:
        for rule in self.table:
            yield from (rule.when, rule.allow, rule.forbid, rule.priority, rule.up_to,
                        rule.result, rule.balance)
            for step in (*rule.pays, *rule.gains):
                yield from (step.value, step.when)

    def situation_trees(self) -> Iterable[Typed]:
        for situation in self.situations:
            yield situation.forbid


_TRUE_CLAUSES = ("allow", "forbid", "balance")  # written alone, they always hold


def type_rules(decls: Declarations, parameters: Mapping[str, Any],
               known_yaku: Callable[[str], bool],
               parameter_values: Mapping[str, tuple[Any, ...]] | None = None) -> TypedRules:
    """Type every clause of the declarations (``parameter_values``: the values each parameter
    may take); the diagnostics go to ``decls.diagnostics``, the typer's after those of the
    declarations themselves."""
    scoring = Typer(parameters, v.FEATURES, known_yaku, decls.source_lines, parameter_values)
    yaku = {name: _yaku(scoring, decl) for name, decl in decls.scoring.items()}
    decls.check_replaces()
    steps = {kind: _steps(scoring, decls.singletons[kind], stage)
             for kind, stage in (("fu", "fu"), ("limits", "limits"), ("payments", "payments"))
             if kind in decls.singletons}
    decls.diagnostics.extend(scoring.diagnostics)
    table = _table(decls, Typer(parameters, TABLE_FEATURES, known_yaku, decls.source_lines,
                                parameter_values))
    fu_decl = decls.singletons.get("fu")
    round_to = next((c.value.value for c in fu_decl.clauses_of("round")
                     if isinstance(c.value, ast.Int)), 1) if fu_decl is not None else 1
    situations = _situations(decls, Typer(parameters, v.SITUATION_FEATURES, known_yaku,
                                          decls.source_lines, parameter_values))
    typed = TypedRules(yaku, steps.get("fu", ()), round_to, steps.get("limits", ()),
                       steps.get("payments", ()), table, situations)
    _check_values(typed, decls)
    return typed


def _check_values(typed: TypedRules, decls: Declarations) -> None:
    """What the checker proves of values beyond their types: constant arithmetic that has
    no value (a division by zero, an exponent out of range), a yaku's han below 1 or open
    above closed, a yakuman multiple below 1."""
    faults: list[tuple[Typed, str]] = []
    for tree in (*typed.trees(), *typed.table_trees(), *typed.situation_trees()):
        if tree is not None:
            fold(tree, faults)
    for node, why in faults:
        decls.error(node.node.span, f"this has no value: {why}",
                    "write the value the rule should give")
    for spec in typed.yaku.values():
        if spec.kind == "yaku":
            closed, opened = _constant(spec.han), _constant(spec.han_open)
            for value, which in ((closed, "closed"), (opened, "open")):
                if value is not None and value < 1:
                    tree = spec.han if which == "closed" else spec.han_open
                    assert tree is not None
                    decls.error(tree.node.span, f"a yaku is worth 1 han or more, not {value} "
                                f"({which})", "leave the yaku out instead, or give it 1 han")
            if closed is not None and opened is not None and opened > closed:
                assert spec.han_open is not None
                decls.error(spec.han_open.node.span, f"open han {opened} is more than closed "
                            f"han {closed}", "a yaku is worth as much or less when open")
        for value_tree, _ in spec.multiples:
            multiple = _constant(value_tree)
            if multiple is not None and multiple < 1:
                decls.error(value_tree.node.span, f"a yakuman counts once or more, not "
                            f"{multiple} times", "write 'multiple 2' for a double yakuman")


def _constant(tree: Typed | None) -> int | None:
    """The value of a tree the parameters decide (None: it depends on the hand, or fails)."""
    if tree is None:
        return None
    folded = fold(tree)
    return folded.data if folded.op == CONST and type(folded.data) is int else None


def _optional(typer: Typer, expr: ast.Expr | None, stage: str, number: bool = False
              ) -> Typed | None:
    if expr is None:
        return None
    return typer.number(expr, stage) if number else typer.condition(expr, stage)


def _yaku(typer: Typer, decl: ast.Declaration) -> TypedYaku:
    stage = "dora" if decl.kind == "dora" else "yaku"
    typer.declare_lets(decl.clauses, stage)
    when = decl.first("when")
    han = decl.first("han")
    multiples = tuple(
        (typer.number(c.value, stage), _optional(typer, c.when, stage))
        for c in decl.clauses_of("multiple") if c.value is not None)
    return TypedYaku(
        decl.name, decl.kind, decl,
        _optional(typer, when.value if when else None, stage),
        _optional(typer, han.value if han else None, stage, number=True),
        _optional(typer, han.open_value if han else None, stage, number=True),
        multiples)


_STEP_KEYWORDS = frozenset({"fixed", "base", "add", "limit", "multiple", "pay", "honba",
                            "deposit"})


def _steps(typer: Typer, decl: ast.Declaration, stage: str) -> tuple[TypedStep, ...]:
    typer.declare_lets(decl.clauses, stage)
    out: list[TypedStep] = []
    for clause in decl.clauses:
        if clause.keyword not in _STEP_KEYWORDS or clause.value is None:
            continue
        name = clause.label or clause.name or ""
        if clause.comp is not None:
            source, where, scope = typer.comprehension(clause.comp, stage)
            value = typer.in_scope(clause.value, scope, v.INT)
            out.append(TypedStep(clause.keyword, name, clause, value, None, source, where))
        else:
            when = _optional(typer, clause.when, stage)
            out.append(TypedStep(clause.keyword, name, clause,
                                 typer.number(clause.value, stage), when))
    return tuple(out)


def _table(decls: Declarations, typer: Typer) -> tuple[TypedTable, ...]:
    results = [d for d in decls.table.values()
               if d.kind == "standings" and d.first("result") is not None]
    for extra in results[1:]:
        first = results[0].span
        decls.error(extra.span, f"standings '{extra.name}' gives a result, and so does "
                    f"standings '{results[0].name}' ({first.file}:{first.line})",
                    "one standings rule says the final result: keep one 'result' clause")
    out = []
    for decl in decls.table.values():
        stage = decl.kind  # the names of its kind's question (TABLE_SCOPES)
        typer.declare_lets(decl.clauses, stage)
        parts: dict[str, Typed | None] = {}
        for keyword in ("when", "allow", "forbid", "balance"):
            clause = decl.first(keyword)
            if clause is None:
                continue
            expr = clause.when if keyword in _TRUE_CLAUSES else clause.value
            parts[keyword] = (_always(clause) if expr is None
                              else typer.condition(expr, stage))
        for keyword in ("priority", "up_to", "result"):
            clause = decl.first(keyword)
            if clause is not None and clause.value is not None:
                parts[keyword] = typer.number(clause.value, stage)
        pays = []
        for clause in decl.clauses_of("pay"):
            allowed = TABLE_PAYERS.get(decl.kind, frozenset())
            if clause.name not in allowed:
                decls.error(clause.span, f"unknown payer '{clause.name}' in a {decl.kind} "
                            f"rule", did_you_mean(clause.name or "", allowed))
            assert clause.value is not None
            pays.append(TypedStep("pay", clause.name or "", clause,
                                  typer.number(clause.value, stage),
                                  _optional(typer, clause.when, stage)))
        gains = tuple(TypedStep("gain", "", clause, typer.number(clause.value, stage),
                                _optional(typer, clause.when, stage))
                      for clause in decl.clauses_of("gain") if clause.value is not None)
        out.append(TypedTable(decl.kind, decl.name, decl, parts.get("when"),
                              parts.get("allow"), parts.get("forbid"), parts.get("priority"),
                              parts.get("up_to"), tuple(pays), gains, parts.get("result"),
                              parts.get("balance")))
    decls.diagnostics.extend(typer.diagnostics)
    return tuple(out)


def _situations(decls: Declarations, typer: Typer) -> tuple[TypedSituation, ...]:
    """Each situation rule's ``forbid``, typed against the facts of the win alone (stage
    ``situation``): it is checked before the hand is read."""
    out = []
    for decl in decls.situations.values():
        typer.declare_lets(decl.clauses, "situation")
        clause = decl.first("forbid")
        doc = decl.first("doc")
        assert clause is not None and doc is not None
        forbid = (_always(clause) if clause.when is None
                  else typer.condition(clause.when, "situation"))
        out.append(TypedSituation(decl.name, decl, forbid, doc.label or ""))
    decls.diagnostics.extend(typer.diagnostics)
    return tuple(out)


def _always(clause: ast.Clause) -> Typed:
    """A clause written without a condition (``allow``): a constant true at its place."""
    return Typed(CONST, v.BOOL, ast.Int(1, clause.span), data=True)


__all__ = ["CLAUSES", "ONE_OF_EACH", "PAYERS", "REQUIRED", "SINGLE_CLAUSES", "TABLE_CLAUSES",
           "TABLE_KINDS", "TABLE_PAYERS", "Declarations", "Scope", "TypedRules",
           "TypedSituation", "TypedStep", "TypedTable", "TypedYaku", "type_rules"]
