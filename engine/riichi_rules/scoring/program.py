"""A ruleset's scoring rules, checked and compiled once: yaku, yakuman, dora, fu, limits and
payments as closures, each remembering the file and line it was written on."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules.errors import Diagnostic, RuleError, did_you_mean
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.compiler import Compiled, ExpressionCompiler
from riichi_rules.language.parser import parse_rules
from riichi_rules.rulesets.config import RulesetConfig
from riichi_rules.scoring.result import FuItem

Fn = Callable[[Any], Any]  # a compiled rule: of an Env (scoring) or a TableEnv (table)

# Which clauses each kind of declaration takes, and which it must have.
CLAUSES: dict[str, frozenset[str]] = {
    "yaku": frozenset({"han", "when", "replaces", "source", "doc", "stands_alone"}),
    "yakuman": frozenset({"when", "multiple", "replaces", "source", "doc"}),
    "dora": frozenset({"han", "when", "source", "doc"}),
    "fu": frozenset({"fixed", "base", "add", "round", "source", "doc"}),
    "limits": frozenset({"base", "limit", "source", "doc"}),
    "payments": frozenset({"pay", "honba", "deposit", "source", "doc"}),
}
# The table rules, read by the referee.
TABLE_CLAUSES: dict[str, frozenset[str]] = {
    "furiten": frozenset({"when", "source", "doc"}),
    "claim": frozenset({"allow", "priority", "up_to", "source", "doc"}),
    "discard": frozenset({"forbid", "source", "doc"}),
    "riichi_rule": frozenset({"allow", "source", "doc"}),
    "kan_rule": frozenset({"allow", "when", "source", "doc"}),
    "pao": frozenset({"when", "source", "doc"}),
    "pao_payment": frozenset({"pay", "source", "doc"}),
    "draw": frozenset({"allow", "when", "pay", "source", "doc"}),
    "next_hand": frozenset({"when", "source", "doc"}),
    "collect": frozenset({"when", "gain", "source", "doc"}),
    "standings": frozenset({"gain", "result", "balance", "source", "doc"}),
}
CLAUSES.update(TABLE_CLAUSES)
for _kind in CLAUSES:  # a named value for a declaration: 'let NAME = EXPR'
    CLAUSES[_kind] = CLAUSES[_kind] | {"let"}
REQUIRED: dict[str, tuple[str, ...]] = {
    "yaku": ("han", "when"), "yakuman": ("when",), "dora": ("han",),
    "fu": ("base",), "limits": ("base",), "payments": ("pay",),
    "furiten": ("when",), "claim": ("allow", "priority"), "discard": ("forbid",),
    "riichi_rule": ("allow",), "kan_rule": (), "pao": ("when",), "pao_payment": ("pay",),
    "draw": (), "next_hand": ("when",), "collect": (), "standings": (),
}
SINGLE_CLAUSES = frozenset({"han", "when", "source", "doc", "base", "round", "deposit",
                            "allow", "forbid", "priority", "up_to", "result", "balance"})
TABLE_KINDS = frozenset(TABLE_CLAUSES)
ONE_OF_EACH = ("fu", "limits", "payments")
PAYERS = frozenset({"discarder", "each", "dealer", "non_dealer"})
TABLE_PAYERS: dict[str, frozenset[str]] = {
    "pao_payment": frozenset({"liable", "discarder", "normally"}),
    "draw": frozenset({"noten", "each", "dealer", "non_dealer"}),
}


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a rule is written, and the rulebook passage it cites."""

    file: str
    line: int
    source: str = ""
    note: str = ""  # e.g. a ruleset.json that changed the rule's han
    text: str = field(init=False, compare=False, repr=False)  # "file:line[; note]"

    def __post_init__(self) -> None:
        text = f"{self.file}:{self.line}" + (f"; {self.note}" if self.note else "")
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class YakuRule:
    id: str
    title: str
    yakuman: bool
    when: Fn
    han_closed: Fn | None
    han_open: Fn | None
    multiples: tuple[tuple[Fn, Fn], ...]
    replaces: tuple[str, ...]
    stands_alone: bool
    origin: Origin
    declaration: ast.Declaration
    never: bool = False  # the condition folded to false under this ruleset's parameters
    han_closed_value: int | None = None  # the han when it is a constant
    han_open_value: int | None = None
    multiple_value: int | None = None  # a yakuman's multiple when it does not depend on the hand

    @property
    def parameters(self) -> frozenset[str]:
        """The ruleset parameters its declaration reads."""
        return parameters_read(self.declaration)


def parameters_read(node: object) -> frozenset[str]:
    """Every ``rule.NAME`` inside an AST node."""
    return _names_of(node, ast.Param)


def names_read(node: object) -> frozenset[str]:
    """Every bare name (a feature, or a ``let`` of the declaration) inside an AST node."""
    return _names_of(node, ast.Name)


def _names_of(node: object, kind: type[ast.Param] | type[ast.Name]) -> frozenset[str]:
    found: set[str] = set()

    def walk(item: object) -> None:
        if isinstance(item, kind):
            found.add(item.name)
        elif isinstance(item, tuple):
            for x in item:
                walk(x)
        elif hasattr(item, "__dataclass_fields__") and not isinstance(item, ast.Span):
            for name in item.__dataclass_fields__:
                walk(getattr(item, name))

    walk(node)
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class DoraRule:
    id: str
    title: str
    when: Fn
    count: Fn
    origin: Origin
    declaration: ast.Declaration
    never: bool = False


@dataclass(frozen=True, slots=True)
class FuStep:
    """One line of the fu rule: ``fixed``, ``base``, ``add`` (or ``add ... for`` per group)."""

    keyword: str
    label: str
    value: Fn
    when: Fn | None
    # per group: (source, where, element slot, the value as a function of the element alone
    # or None)
    each: tuple[Fn, Fn | None, int, Callable[[Any], Any] | None] | None
    origin: Origin
    constant: int | None = None  # the value, when it does not depend on the hand
    # per group, when the value is a function of the group alone: the values already
    # computed, and the fu item shown for them, by the group's identity (see scorer._fu)
    known: dict[int, tuple[Any, int, FuItem]] = field(default_factory=dict, compare=False,
                                                   repr=False)
    item: FuItem | None = field(default=None, compare=False, repr=False)  # of a constant

    def __post_init__(self) -> None:
        if self.constant is not None:
            object.__setattr__(self, "item", FuItem(self.label, self.constant, (),
                                                    self.origin.text))

    @property
    def origin_text(self) -> str:
        return self.origin.text


@dataclass(frozen=True, slots=True)
class FuRule:
    steps: tuple[FuStep, ...]
    round_to: int
    origin: Origin
    declaration: ast.Declaration


@dataclass(frozen=True, slots=True)
class LimitStep:
    name: str
    points: Fn
    when: Fn
    origin: Origin


@dataclass(frozen=True, slots=True)
class LimitRule:
    basic: Fn
    basic_label: str
    limits: tuple[LimitStep, ...]
    origin: Origin
    declaration: ast.Declaration
    # the readers of the flags and numbers the rule's outcome depends on, when they are all
    # it reads (see plain_inputs): the scorer then remembers each outcome in ``outcomes``
    inputs: tuple[Fn, ...] | None = None
    outcomes: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False,
                                                repr=False)


@dataclass(frozen=True, slots=True)
class PayStep:
    payer: str
    amount: Fn
    when: Fn | None
    origin: Origin


@dataclass(frozen=True, slots=True)
class PaymentRule:
    pays: tuple[PayStep, ...]
    honba: tuple[PayStep, ...]
    deposit: Fn | None
    origin: Origin
    declaration: ast.Declaration
    inputs: tuple[Fn, ...] | None = None  # as for LimitRule
    outcomes: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False,
                                                repr=False)


@dataclass(frozen=True, slots=True)
class TableRule:
    """A rule of the table: furiten, a claim, a discard, riichi, a kan, pao, a draw, the next
    hand, what a winner collects, or the final standings. ``gains`` are its ``gain VALUE when
    COND`` clauses (points the seat in question gains); ``result`` a seat's final result;
    ``balance`` when a seat's result is what makes the results sum to zero."""

    kind: str
    name: str
    title: str
    when: Fn | None
    allow: Fn | None
    forbid: Fn | None
    priority: int
    up_to: Fn | None
    pays: tuple[PayStep, ...]
    origin: Origin
    declaration: ast.Declaration
    gains: tuple[PayStep, ...] = ()
    result: Fn | None = None
    balance: Fn | None = None

    def gained(self, env: Any) -> int:
        """The points of the ``gain`` clauses that hold, added up."""
        return sum(int(g.amount(env)) for g in self.gains if g.when is None or g.when(env))


@dataclass(frozen=True)
class TableProgram:
    """The table rules of a ruleset, by kind, with the environment sizes they need."""

    rules: Mapping[str, tuple[TableRule, ...]]
    slot_count: int
    cache_size: int

    def of(self, kind: str) -> tuple[TableRule, ...]:
        return self.rules.get(kind, ())

    def named(self, kind: str, name: str) -> TableRule | None:
        for rule in self.of(kind):
            if rule.name == name:
                return rule
        return None


@dataclass(frozen=True)
class ScoringProgram:
    """Everything the scorer runs for one ruleset."""

    config: RulesetConfig
    yakuman: tuple[YakuRule, ...]
    yaku: tuple[YakuRule, ...]
    dora: tuple[DoraRule, ...]
    fu: FuRule
    limits: LimitRule
    payments: PaymentRule
    slot_count: int
    cache_size: int
    declarations: Mapping[str, ast.Declaration] = field(default_factory=dict)
    table: TableProgram = field(default_factory=lambda: TableProgram({}, 0, 0))
    # what the scorer runs, rule by rule: (rule, condition, han or yakuman multiple: a
    # constant or a function), the rules that cannot score left out
    yakuman_checks: Checks = field(init=False, repr=False, compare=False)
    closed_checks: Checks = field(init=False, repr=False, compare=False)
    open_checks: Checks = field(init=False, repr=False, compare=False)
    dora_checks: tuple[DoraRule, ...] = field(init=False, repr=False, compare=False)
    red_fives: int = field(init=False, repr=False, compare=False)  # rule.red_fives (suits)
    # the parts of results already made (they repeat from hand to hand), keyed by the
    # identity of the rule or fu step that made them (which the program keeps alive) and
    # the values shown (for a fu item, its value and the identity of the tiles it holds):
    # see scorer._shown and scorer._fu_item
    shown: dict[tuple[int, int, int], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        yakuman = Checks.of((r, r.when, r.multiple_value if r.multiple_value is not None
                             else _multiple_of(r)) for r in self.yakuman if not r.never)
        closed = Checks.of((r, r.when, r.han_closed_value if r.han_closed_value is not None
                            else r.han_closed) for r in self.yaku
                           if not r.never and r.han_closed is not None)
        opened = Checks.of((r, r.when, r.han_open_value if r.han_open_value is not None
                            else r.han_open) for r in self.yaku
                           if not r.never and r.han_open is not None)
        object.__setattr__(self, "yakuman_checks", yakuman)
        object.__setattr__(self, "closed_checks", closed)
        object.__setattr__(self, "open_checks", opened)
        object.__setattr__(self, "dora_checks", tuple(r for r in self.dora if not r.never))
        object.__setattr__(self, "red_fives",
                           int(self.config.parameters.get("red_fives") or 0))  # type: ignore[call-overload]


Check = tuple[YakuRule, Fn, "int | Fn"]


@dataclass(frozen=True, slots=True)
class Checks:
    """Rules the scorer runs on each reading, in order: (rule, condition, han or yakuman
    multiple: a constant or a function) for each, and their conditions alone (the scorer
    runs them in one pass, without a Python loop)."""

    items: tuple[Check, ...]
    conditions: tuple[Fn, ...]

    @staticmethod
    def of(items: Iterable[Check]) -> Checks:
        listed = tuple(items)
        return Checks(listed, tuple(when for _, when, _ in listed))


def _multiple_of(rule: YakuRule) -> Fn:
    """A yakuman's multiple: the last of its ``multiple`` clauses that holds, else 1."""
    multiples = rule.multiples

    def multiple(env: v.Env) -> int:
        value = 1
        for amount, when in multiples:
            if when(env):
                value = amount(env)
        return value

    return multiple


_CLAUSE_EXAMPLES = {
    "han": "write its han, e.g. 'han 1 closed' (closed hands only) or 'han 2, open 1'",
    "when": "write its condition, e.g. 'when closed and tsumo'",
    "base": "write the starting value, e.g. 'base \"Base\" 20'",
    "pay": "write who pays what, e.g. 'pay discarder round_up(basic * 4, 100) when ron'",
    "allow": "write when it is allowed, e.g. 'allow when not riichi'",
    "forbid": "write when it is forbidden, e.g. 'forbid when riichi and not drawn'",
    "priority": "write its priority among claims, e.g. 'priority 2'",
}


class _Sources:
    """The text of every rule file read, for diagnostics."""

    def __init__(self) -> None:
        self.lines: dict[str, list[str]] = {}

    def add(self, name: str, text: str) -> None:
        self.lines[name] = text.splitlines()

    def line(self, name: str, number: int) -> str:
        lines = self.lines.get(name, [])
        return lines[number - 1] if 0 < number <= len(lines) else ""


def display_path(path: Path) -> str:
    """A rule file's name as diagnostics show it: relative to the working directory when
    possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def compile_program(config: RulesetConfig) -> ScoringProgram:
    """Parse, check and compile every rule file of a ruleset. Raises :class:`RuleError` with
    every problem found, before anything runs."""
    sources = _Sources()
    diagnostics: list[Diagnostic] = []
    files: list[ast.RuleFile] = []
    for path in config.rule_files:
        name = display_path(path)
        text = path.read_text(encoding="utf-8")
        sources.add(name, text)
        try:
            files.append(parse_rules(text, name))
        except RuleError as error:
            diagnostics.extend(error.diagnostics)
    builder = _Builder(config, sources, diagnostics)
    for rule_file in files:
        for declaration in rule_file.declarations:
            builder.declare(declaration)
    program = builder.build()
    if diagnostics:
        raise RuleError(diagnostics)
    assert program is not None
    return program


def check_rule_text(text: str, file: str, parameters: Mapping[str, object]) -> list[Diagnostic]:
    """Check one rule file on its own (``riichi check FILE.rules``): syntax, names, types.
    Declarations it refers to in other files are not required to exist."""
    sources = _Sources()
    sources.add(file, text)
    try:
        rule_file = parse_rules(text, file)
    except RuleError as error:
        return list(error.diagnostics)
    diagnostics: list[Diagnostic] = []
    builder = _Builder(None, sources, diagnostics, parameters=parameters, standalone=True)
    for declaration in rule_file.declarations:
        builder.declare(declaration)
    builder.build()
    return diagnostics


class _Builder:
    def __init__(
        self,
        config: RulesetConfig | None,
        sources: _Sources,
        diagnostics: list[Diagnostic],
        parameters: Mapping[str, object] | None = None,
        standalone: bool = False,
    ) -> None:
        self.config = config
        self.sources = sources
        self.diagnostics = diagnostics
        self.parameters = parameters if parameters is not None else (
            config.parameters if config else {})
        self.standalone = standalone
        self.declarations: dict[str, ast.Declaration] = {}  # yaku/yakuman/dora by id
        self.singletons: dict[str, ast.Declaration] = {}  # fu, limits, payments
        self.table_decls: dict[str, ast.Declaration] = {}  # "kind name" -> declaration

    def error(self, span: ast.Span, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic(
            span.file, span.line, span.column, message,
            self.sources.line(span.file, span.line), hint))

    # -- collecting declarations, with overrides -------------------------------------------
    def declare(self, decl: ast.Declaration) -> None:
        if decl.kind not in CLAUSES:
            self.error(decl.span, f"unknown kind of declaration '{decl.kind}'",
                       did_you_mean(decl.kind, [*CLAUSES, *TABLE_KINDS]))
            return
        if not self._clauses_ok(decl):
            return
        if decl.kind in TABLE_KINDS:
            table = self.table_decls
            key = f"{decl.kind} {decl.name}"
        elif decl.kind in ONE_OF_EACH:
            table, key = self.singletons, decl.kind
        else:
            table, key = self.declarations, decl.name
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

    # -- compiling -------------------------------------------------------------------------
    def build(self) -> ScoringProgram | None:
        self._apply_config_overrides()
        known = self.declarations
        compiler = ExpressionCompiler(
            self.parameters,
            (lambda name: True) if self.standalone else (lambda name: name in known),
            self.sources.line,
        )
        compiler.count_uses([*known.values(), *self.singletons.values()])
        yakuman: list[YakuRule] = []
        yaku: list[YakuRule] = []
        dora: list[DoraRule] = []
        for decl in known.values():
            if decl.kind == "dora":
                dora.append(self._dora(decl, compiler))
            else:
                rule = self._yaku(decl, compiler)
                (yakuman if rule.yakuman else yaku).append(rule)
        self._check_replaces()
        fu = self._fu(compiler)
        limits = self._limits(compiler)
        payments = self._payments(compiler)
        self.diagnostics.extend(compiler.diagnostics)
        table = self._table()
        if self.standalone or self.diagnostics or fu is None or limits is None or payments is None:
            return None
        assert self.config is not None
        return ScoringProgram(
            self.config, tuple(yakuman), tuple(yaku), tuple(dora), fu, limits, payments,
            compiler.slot_count, compiler.cache_size, dict(known), table,
        )

    def _table(self) -> TableProgram:
        from riichi_rules.language.table_vocabulary import TABLE_FEATURES

        compiler = ExpressionCompiler(
            self.parameters, lambda name: name in self.declarations, self.sources.line,
            features=TABLE_FEATURES)
        by_kind: dict[str, list[TableRule]] = {}
        stage = "table"
        results = [d for d in self.table_decls.values() if d.first("result") is not None]
        for extra in results[1:]:
            first = results[0].span
            self.error(extra.span, f"standings '{extra.name}' gives a result, and so does "
                       f"standings '{results[0].name}' ({first.file}:{first.line})",
                       "one standings rule says the final result: keep one 'result' clause")
        for decl in self.table_decls.values():
            compiler.declare_lets(decl.clauses, stage)

            def cond(keyword: str, decl: ast.Declaration = decl) -> Fn | None:
                clause = decl.first(keyword)
                if clause is None:
                    return None
                expr = clause.when if keyword in ("allow", "forbid", "balance") else clause.value
                if expr is None:
                    return lambda env: True
                return compiler.condition(expr, stage).fn

            priority_clause = decl.first("priority")
            priority = 0
            if priority_clause is not None and priority_clause.value is not None:
                compiled = compiler.number(priority_clause.value, stage)
                priority = int(compiled.value) if compiled.const else 0
            up_to_clause = decl.first("up_to")
            up_to = (compiler.number(up_to_clause.value, stage).fn
                     if up_to_clause is not None and up_to_clause.value is not None else None)
            pays = []
            for clause in decl.clauses_of("pay"):
                allowed = TABLE_PAYERS.get(decl.kind, frozenset())
                if clause.name not in allowed:
                    self.error(clause.span, f"unknown payer '{clause.name}' in a {decl.kind} "
                               f"rule", did_you_mean(clause.name or "", allowed))
                assert clause.value is not None
                pays.append(PayStep(
                    clause.name or "", compiler.number(clause.value, stage).fn,
                    compiler.condition(clause.when, stage).fn if clause.when else None,
                    Origin(clause.span.file, clause.span.line)))
            gains = tuple(
                PayStep("", compiler.number(clause.value, stage).fn,
                        compiler.condition(clause.when, stage).fn if clause.when else None,
                        Origin(clause.span.file, clause.span.line))
                for clause in decl.clauses_of("gain") if clause.value is not None)
            result_clause = decl.first("result")
            result = (compiler.number(result_clause.value, stage).fn
                      if result_clause is not None and result_clause.value is not None else None)
            rule = TableRule(
                decl.kind, decl.name, decl.title or decl.name, cond("when"), cond("allow"),
                cond("forbid"), priority, up_to, tuple(pays), self._origin(decl), decl,
                gains, result, cond("balance"))
            by_kind.setdefault(decl.kind, []).append(rule)
        self.diagnostics.extend(compiler.diagnostics)
        return TableProgram({k: tuple(v_) for k, v_ in by_kind.items()}, compiler.slot_count,
                            compiler.cache_size)

    def _apply_config_overrides(self) -> None:
        if self.config is None:
            return
        for yaku_id, change in self.config.yaku_overrides.items():
            decl = self.declarations.get(yaku_id)
            if decl is None:
                self.diagnostics.append(Diagnostic(
                    display_path(self.config.path), 1, 1,
                    f"yaku.{yaku_id}: no yaku '{yaku_id}' is declared in the rule files",
                    hint=did_you_mean(yaku_id, self.declarations)))
                continue
            if change.get("enabled") is False:
                del self.declarations[yaku_id]

    def _origin(self, decl: ast.Declaration) -> Origin:
        source = decl.first("source")
        return Origin(decl.span.file, decl.span.line, source.label or "" if source else "")

    def _yaku(self, decl: ast.Declaration, compiler: ExpressionCompiler) -> YakuRule:
        stage = "yaku"
        compiler.declare_lets(decl.clauses, stage)
        when_clause = decl.first("when")
        assert when_clause is not None and when_clause.value is not None
        when = compiler.condition(when_clause.value, stage)
        han_closed: Fn | None = None
        han_open: Fn | None = None
        closed_value: int | None = None
        open_value: int | None = None
        han = decl.first("han")
        if han is not None and han.value is not None:
            compiled = compiler.number(han.value, stage)
            han_closed, closed_value = compiled.fn, compiled.value if compiled.const else None
            if han.open_value is not None:
                compiled = compiler.number(han.open_value, stage)
                han_open, open_value = compiled.fn, compiled.value if compiled.const else None
        change = self.config.yaku_overrides.get(decl.name, {}) if self.config else {}
        if "han_closed" in change:
            closed_value = int(change["han_closed"])  # type: ignore[call-overload]
            han_closed = _const_fn(closed_value)
        if "han_open" in change:
            raw = change["han_open"]
            open_value = None if raw is None else int(raw)  # type: ignore[call-overload]
            han_open = None if open_value is None else _const_fn(open_value)
        compiled_multiples = [
            (compiler.number(c.value, stage),
             compiler.condition(c.when, stage) if c.when else None)
            for c in decl.clauses_of("multiple") if c.value is not None
        ]
        multiples = tuple(
            (value.fn, when_.fn if when_ is not None else (lambda env: True))
            for value, when_ in compiled_multiples
        )
        multiple_value: int | None = 1
        for value, when_ in compiled_multiples:
            if when_ is not None and not when_.const:
                multiple_value = None
                break
            if when_ is None or when_.value:
                multiple_value = value.value if value.const else None
        replaces = tuple(n for c in decl.clauses_of("replaces") for n in c.names)
        origin = self._origin(decl)
        if self.config is not None and ("han_closed" in change or "han_open" in change):
            origin = Origin(origin.file, origin.line, origin.source,
                            f"han set by {display_path(self.config.path)} yaku.{decl.name}")
        return YakuRule(
            decl.name, decl.title or decl.name, decl.kind == "yakuman", when.fn, han_closed,
            han_open, multiples, replaces, bool(decl.clauses_of("stands_alone")),
            origin, decl, when.const and not when.value, closed_value, open_value,
            multiple_value if decl.kind == "yakuman" else None,
        )

    def _dora(self, decl: ast.Declaration, compiler: ExpressionCompiler) -> DoraRule:
        compiler.declare_lets(decl.clauses, "dora")
        when_clause = decl.first("when")
        compiled = (compiler.condition(when_clause.value, "dora")
                    if when_clause and when_clause.value else None)
        when: Fn = compiled.fn if compiled is not None else (lambda env: True)
        never = compiled is not None and compiled.const and not compiled.value
        han = decl.first("han")
        assert han is not None and han.value is not None
        count = compiler.number(han.value, "dora").fn
        return DoraRule(decl.name, decl.title or decl.name, when, count, self._origin(decl), decl,
                        never)

    def _check_replaces(self) -> None:
        graph: dict[str, tuple[str, ...]] = {}
        for decl in self.declarations.values():
            names = tuple(n for c in decl.clauses_of("replaces") for n in c.names)
            for clause in decl.clauses_of("replaces"):
                spans = clause.name_spans or tuple(clause.span for _ in clause.names)
                for name, span in zip(clause.names, spans, strict=False):
                    if name not in self.declarations and not self.standalone:
                        self.error(span, f"{decl.name} replaces '{name}', which is not "
                                   "declared", did_you_mean(name, self.declarations))
            graph[decl.name] = names
        state: dict[str, int] = {}

        def visit(node: str, path: list[str]) -> None:
            state[node] = 1
            for nxt in graph.get(node, ()):
                if state.get(nxt) == 1:
                    decl = self.declarations[node]
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

    def _singleton(self, kind: str) -> ast.Declaration | None:
        decl = self.singletons.get(kind)
        if decl is None and not self.standalone:
            self.diagnostics.append(Diagnostic(
                self.config.id if self.config else "?", 1, 1,
                f"the ruleset declares no '{kind}' rule"))
        return decl

    def _fu(self, compiler: ExpressionCompiler) -> FuRule | None:
        decl = self._singleton("fu")
        if decl is None:
            return None
        compiler.declare_lets(decl.clauses, "fu")
        steps: list[FuStep] = []
        round_to = 1
        for clause in decl.clauses:
            origin = Origin(clause.span.file, clause.span.line)
            if clause.keyword == "round":
                assert isinstance(clause.value, ast.Int)
                round_to = clause.value.value
            elif clause.keyword in ("fixed", "base", "add") and clause.value is not None:
                when = compiler.condition(clause.when, "fu").fn if clause.when else None
                if clause.comp is not None:
                    source, scope, where, slot = compiler.comprehension(clause.comp, "fu")
                    per_group = compiler.in_scope(clause.value, scope, v.INT)
                    kernel = per_group.kernel if per_group.kslot == slot else None
                    each = (source.fn, where.fn if where else None, slot, kernel)
                    steps.append(FuStep("add", clause.label or "", per_group.fn, None, each,
                                        origin))
                else:
                    value = compiler.number(clause.value, "fu")
                    steps.append(FuStep(clause.keyword, clause.label or "", value.fn, when, None,
                                        origin, value.value if value.const else None))
        return FuRule(tuple(steps), round_to, self._origin(decl), decl)

    def _limits(self, compiler: ExpressionCompiler) -> LimitRule | None:
        decl = self._singleton("limits")
        if decl is None:
            return None
        compiler.declare_lets(decl.clauses, "limits")
        base = decl.first("base")
        assert base is not None and base.value is not None
        basic = compiler.number(base.value, "limits").fn
        steps = []
        for clause in decl.clauses_of("limit"):
            assert clause.value is not None and clause.when is not None
            steps.append(LimitStep(
                clause.name or "", compiler.number(clause.value, "limits").fn,
                compiler.condition(clause.when, "limits").fn,
                Origin(clause.span.file, clause.span.line)))
        # the limits read the basic points the base formula has just set (unless the formula
        # reads them itself, or cannot be told not to)
        base_reads = plain_inputs(base.value, v.FEATURES)
        set_here = frozenset({"basic"} if base_reads is not None and "basic" not in base_reads
                             else ())
        reads = plain_inputs(decl, v.FEATURES, set_here)
        return LimitRule(basic, base.label or "basic points", tuple(steps), self._origin(decl),
                         decl, _readers(reads))

    def _payments(self, compiler: ExpressionCompiler) -> PaymentRule | None:
        decl = self._singleton("payments")
        if decl is None:
            return None
        compiler.declare_lets(decl.clauses, "payments")
        pays = []
        honba = []
        deposit = None
        for clause in decl.clauses:
            origin = Origin(clause.span.file, clause.span.line)
            if clause.value is None:
                continue
            when = compiler.condition(clause.when, "payments").fn if clause.when else None
            if clause.keyword == "pay":
                if clause.name not in PAYERS:
                    self.error(clause.span, f"unknown payer '{clause.name}'",
                               did_you_mean(clause.name or "", PAYERS))
                pays.append(PayStep(clause.name or "", compiler.number(
                    clause.value, "payments").fn, when, origin))
            elif clause.keyword == "honba":
                honba.append(PayStep("", compiler.number(clause.value, "payments").fn, when,
                                     origin))
            elif clause.keyword == "deposit":
                deposit = compiler.number(clause.value, "payments").fn
        return PaymentRule(tuple(pays), tuple(honba), deposit, self._origin(decl), decl,
                           _readers(plain_inputs(decl, v.FEATURES)))


_PLAIN_TYPES = frozenset({v.BOOL, v.INT})


def plain_inputs(node: ast.Declaration | ast.Expr, features: Mapping[str, v.Feature],
                 set_here: frozenset[str] = frozenset()) -> tuple[str, ...] | None:
    """The situation's flags and numbers (``ron``, ``han`` ...) a declaration or expression
    reads, sorted, when they are all it reads: no list, tile, group, loop, ``yaku(...)`` or
    function of the hand, so that its outcome is a function of their values. None otherwise.
    ``set_here``: names the declaration sets itself before reading them (not inputs)."""
    lets: set[str] = set()
    exprs: list[Any] = []
    if isinstance(node, ast.Declaration):
        for clause in node.clauses:
            if clause.keyword == "let" and clause.name:
                lets.add(clause.name)
            exprs += [clause.value, clause.open_value, clause.when, clause.comp]
    else:
        exprs.append(node)
    found: set[str] = set()
    while exprs:
        expr = exprs.pop()
        if expr is None or isinstance(expr, (ast.Int, ast.Str, ast.TileLit, ast.Param)):
            continue
        if isinstance(expr, ast.Name):
            if expr.name in lets:  # its expression is walked with the clauses
                continue
            feature = features.get(expr.name)
            if feature is None or feature.type not in _PLAIN_TYPES:
                return None
            found.add(expr.name)
        elif isinstance(expr, ast.Call):
            function = v.FUNCTIONS.get(expr.func)
            if function is None or function.situational:
                return None
            exprs += expr.args
        elif isinstance(expr, ast.Unary):
            exprs.append(expr.operand)
        elif isinstance(expr, ast.Binary):
            exprs += [expr.left, expr.right]
        elif isinstance(expr, ast.Ternary):
            exprs += [expr.cond, expr.then, expr.other]
        elif isinstance(expr, ast.ListLit):
            exprs += expr.items
        elif isinstance(expr, ast.Range):
            exprs += [expr.low, expr.high]
        else:
            return None
    return tuple(sorted(found - set_here))


def _readers(names: tuple[str, ...] | None) -> tuple[Fn, ...] | None:
    return None if names is None else tuple(v.FEATURES[name].get for name in names)


def _const_fn(value: object) -> Fn:
    return lambda env: value


def compiled_names(compiled: Sequence[Compiled]) -> list[str]:  # pragma: no cover - debugging
    return [c.type for c in compiled]
