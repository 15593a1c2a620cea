"""A ruleset's rules compiled once: the rule files parsed, checked and typed by the front end
(:mod:`riichi_rules.language.rules`), then lowered to closures (yaku, yakuman, dora, fu,
limits, payments, and the table rules the referee asks), each remembering the file and line it
was written on."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules import limits
from riichi_rules.errors import Diagnostic, InputError, RuleError, did_you_mean
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.compiler import Compiled, Lowerer
from riichi_rules.language.fold import fold
from riichi_rules.language.parser import parse_rules
from riichi_rules.language.rules import (
    ONE_OF_EACH,
    Declarations,
    TypedRules,
    TypedYaku,
    type_rules,
)
from riichi_rules.language.typed import Typed
from riichi_rules.rulesets.config import RulesetConfig, parameter_values
from riichi_rules.scoring.result import FuItem

Fn = Callable[[Any], Any]  # a compiled rule: of an Env (scoring) or a TableEnv (table)

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


@dataclass(frozen=True, slots=True)
class SituationRule:
    """Facts of a win that cannot hold together (a ``situation`` rule): ``forbid`` holds of
    such a win, ``message`` (its ``doc``) says why."""

    name: str
    forbid: Fn
    message: str
    origin: Origin


@dataclass(frozen=True)
class SituationProgram:
    """The situation rules, with the environment sizes they need (they run before the hand is
    read, in an environment of their own)."""

    rules: tuple[SituationRule, ...] = ()
    slot_count: int = 0
    cache_size: int = 0


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
    situations: SituationProgram = field(default_factory=SituationProgram)
    # the rules as the front end typed them (what the reference evaluator and the search read)
    typed: TypedRules = field(default_factory=TypedRules, repr=False, compare=False)
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
    """Parse, check, type and lower every rule file of a ruleset. Raises :class:`RuleError`
    with every problem found, before anything runs."""
    sources = _Sources()
    diagnostics: list[Diagnostic] = []
    decls = Declarations(diagnostics, sources.line)
    for path in config.rule_files:
        name = display_path(path)
        try:
            text = read_rule_file(path)
        except InputError as error:
            diagnostics.append(Diagnostic(name, 1, 1, error.message))
            continue
        sources.add(name, text)
        try:
            rule_file = parse_rules(text, name)
        except RuleError as error:
            diagnostics.extend(error.diagnostics)
            continue
        for declaration in rule_file.declarations:
            decls.declare(declaration)
    for yaku_id, change in config.yaku_overrides.items():
        if yaku_id not in decls.scoring:
            diagnostics.append(Diagnostic(
                display_path(config.path), 1, 1,
                f"yaku.{yaku_id}: no yaku '{yaku_id}' is declared in the rule files",
                hint=did_you_mean(yaku_id, decls.scoring)))
        elif change.get("enabled") is False:
            decls.disable(yaku_id)
    known, disabled = decls.scoring, decls.disabled
    typed = type_rules(decls, config.parameters,
                       lambda name: name in known or name in disabled, parameter_values())
    for kind in ONE_OF_EACH:
        if kind not in decls.singletons:
            diagnostics.append(Diagnostic(config.id, 1, 1,
                                          f"the ruleset declares no '{kind}' rule"))
    decls.check_referee_rules(config.id)
    if diagnostics:
        raise RuleError(diagnostics)
    return _Lowering(config, decls, typed).program()


def read_rule_file(path: Path) -> str:
    """The text of a rule file (UTF-8, at most :data:`~riichi_rules.limits.RULE_FILE_BYTES`).
    Raises InputError ``too_large``, ``bad_encoding`` or ``unreadable``."""
    return limits.read_text(path, limits.RULE_FILE_BYTES, "a rule file")


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
    decls = Declarations(diagnostics, sources.line, standalone=True)
    for declaration in rule_file.declarations:
        decls.declare(declaration)
    type_rules(decls, parameters, lambda name: True, parameter_values())
    return diagnostics


class _Lowering:
    """The typed rules of a ruleset lowered to the program the scorer and the referee run."""

    def __init__(self, config: RulesetConfig, decls: Declarations, typed: TypedRules) -> None:
        self.config = config
        self.decls = decls
        self.typed = typed
        self.lowerer = Lowerer()
        self.lowerer.count_uses(typed.trees())

    def lower(self, node: Typed | None) -> Compiled | None:
        return self.lowerer.lower(fold(node)) if node is not None else None

    def fn(self, node: Typed | None) -> Fn | None:
        compiled = self.lower(node)
        return compiled.fn if compiled is not None else None

    def program(self) -> ScoringProgram:
        yakuman: list[YakuRule] = []
        yaku: list[YakuRule] = []
        dora: list[DoraRule] = []
        for spec in self.typed.yaku.values():
            if spec.kind == "dora":
                dora.append(self._dora(spec))
            else:
                rule = self._yaku(spec)
                (yakuman if rule.yakuman else yaku).append(rule)
        fu, limits, payments = self._fu(), self._limits(), self._payments()
        return ScoringProgram(
            self.config, tuple(yakuman), tuple(yaku), tuple(dora), fu, limits, payments,
            self.lowerer.slot_count, self.lowerer.cache_size, dict(self.decls.scoring),
            self._table(), self._situations(), typed=self.typed)

    def _origin(self, decl: ast.Declaration) -> Origin:
        source = decl.first("source")
        return Origin(decl.span.file, decl.span.line, source.label or "" if source else "")

    def _yaku(self, spec: TypedYaku) -> YakuRule:
        decl = spec.declaration
        assert spec.when is not None
        when = self.lower(spec.when)
        assert when is not None
        han_closed: Fn | None = None
        han_open: Fn | None = None
        closed_value: int | None = None
        open_value: int | None = None
        compiled = self.lower(spec.han)
        if compiled is not None:
            han_closed, closed_value = compiled.fn, compiled.value if compiled.const else None
            compiled = self.lower(spec.han_open)
            if compiled is not None:
                han_open, open_value = compiled.fn, compiled.value if compiled.const else None
        change = self.config.yaku_overrides.get(decl.name, {})
        if "han_closed" in change:
            closed_value = int(change["han_closed"])  # type: ignore[call-overload]
            han_closed = _const_fn(closed_value)
        if "han_open" in change:
            raw = change["han_open"]
            open_value = None if raw is None else int(raw)  # type: ignore[call-overload]
            han_open = None if open_value is None else _const_fn(open_value)
        lowered = [(self.lower(value), self.lower(cond)) for value, cond in spec.multiples]
        multiples = tuple(
            (value.fn, cond.fn if cond is not None else (lambda env: True))
            for value, cond in lowered if value is not None)
        multiple_value: int | None = 1
        for value, cond in lowered:
            assert value is not None
            if cond is not None and not cond.const:
                multiple_value = None
                break
            if cond is None or cond.value:
                multiple_value = value.value if value.const else None
        replaces = tuple(n for c in decl.clauses_of("replaces") for n in c.names)
        origin = self._origin(decl)
        if "han_closed" in change or "han_open" in change:
            origin = Origin(origin.file, origin.line, origin.source,
                            f"han set by {display_path(self.config.path)} yaku.{decl.name}")
        return YakuRule(
            decl.name, decl.title or decl.name, decl.kind == "yakuman", when.fn, han_closed,
            han_open, multiples, replaces, bool(decl.clauses_of("stands_alone")),
            origin, decl, when.const and not when.value, closed_value, open_value,
            multiple_value if decl.kind == "yakuman" else None,
        )

    def _dora(self, spec: TypedYaku) -> DoraRule:
        decl = spec.declaration
        compiled = self.lower(spec.when)
        when: Fn = compiled.fn if compiled is not None else (lambda env: True)
        never = compiled is not None and compiled.const and not compiled.value
        count = self.fn(spec.han)
        assert count is not None
        return DoraRule(decl.name, decl.title or decl.name, when, count, self._origin(decl), decl,
                        never)

    def _fu(self) -> FuRule:
        decl = self.decls.singletons["fu"]
        steps: list[FuStep] = []
        for step in self.typed.fu:
            origin = Origin(step.clause.span.file, step.clause.span.line)
            if step.source is not None:
                source, where, slot = self.lowerer.comprehension(
                    fold(step.source), fold(step.where) if step.where is not None else None)
                per_group = self.lowerer.lower(fold(step.value), (slot,))
                kernel = per_group.kernel if per_group.kslot == slot else None
                each = (source.fn, where.fn if where else None, slot, kernel)
                steps.append(FuStep("add", step.name, per_group.fn, None, each, origin))
                continue
            value = self.lower(step.value)
            assert value is not None
            steps.append(FuStep(step.keyword, step.name, value.fn, self.fn(step.when), None,
                                origin, value.value if value.const else None))
        return FuRule(tuple(steps), self.typed.round_to, self._origin(decl), decl)

    def _limits(self) -> LimitRule:
        decl = self.decls.singletons["limits"]
        base = next(step for step in self.typed.limits if step.keyword == "base")
        basic = self.fn(base.value)
        assert basic is not None
        steps = []
        for step in self.typed.limits:
            if step.keyword != "limit":
                continue
            points, when = self.fn(step.value), self.fn(step.when)
            assert points is not None and when is not None
            steps.append(LimitStep(step.name, points, when,
                                   Origin(step.clause.span.file, step.clause.span.line)))
        # the limits read the basic points the base formula has just set (unless the formula
        # reads them itself, or cannot be told not to)
        base_reads = plain_inputs(base.clause.value, v.FEATURES) \
            if base.clause.value is not None else None
        set_here = frozenset({"basic"} if base_reads is not None and "basic" not in base_reads
                             else ())
        reads = plain_inputs(decl, v.FEATURES, set_here)
        return LimitRule(basic, base.name or "basic points", tuple(steps), self._origin(decl),
                         decl, _readers(reads))

    def _payments(self) -> PaymentRule:
        decl = self.decls.singletons["payments"]
        pays = []
        honba = []
        deposit = None
        for step in self.typed.payments:
            origin = Origin(step.clause.span.file, step.clause.span.line)
            amount = self.fn(step.value)
            assert amount is not None
            if step.keyword == "pay":
                pays.append(PayStep(step.name, amount, self.fn(step.when), origin))
            elif step.keyword == "honba":
                honba.append(PayStep("", amount, self.fn(step.when), origin))
            elif step.keyword == "deposit":
                deposit = amount
        return PaymentRule(tuple(pays), tuple(honba), deposit, self._origin(decl), decl,
                           _readers(plain_inputs(decl, v.FEATURES)))

    def _situations(self) -> SituationProgram:
        lowerer = Lowerer()
        lowerer.count_uses(self.typed.situation_trees())
        rules = tuple(
            SituationRule(s.name, lowerer.lower(fold(s.forbid)).fn, s.message,
                          self._origin(s.declaration))
            for s in self.typed.situations)
        return SituationProgram(rules, lowerer.slot_count, lowerer.cache_size)

    def _table(self) -> TableProgram:
        lowerer = Lowerer()
        lowerer.count_uses(self.typed.table_trees())

        def fn(node: Typed | None) -> Fn | None:
            return lowerer.lower(fold(node)).fn if node is not None else None

        by_kind: dict[str, list[TableRule]] = {}
        for spec in self.typed.table:
            priority = 0
            if spec.priority is not None:
                compiled = lowerer.lower(fold(spec.priority))
                priority = int(compiled.value) if compiled.const else 0
            pays = []
            for step in spec.pays:
                amount = fn(step.value)
                assert amount is not None
                pays.append(PayStep(step.name, amount, fn(step.when),
                                    Origin(step.clause.span.file, step.clause.span.line)))
            gains = []
            for step in spec.gains:
                amount = fn(step.value)
                assert amount is not None
                gains.append(PayStep("", amount, fn(step.when),
                                     Origin(step.clause.span.file, step.clause.span.line)))
            decl = spec.declaration
            rule = TableRule(
                decl.kind, decl.name, decl.title or decl.name, fn(spec.when), fn(spec.allow),
                fn(spec.forbid), priority, fn(spec.up_to), tuple(pays), self._origin(decl),
                decl, tuple(gains), fn(spec.result), fn(spec.balance))
            by_kind.setdefault(decl.kind, []).append(rule)
        return TableProgram({k: tuple(v_) for k, v_ in by_kind.items()}, lowerer.slot_count,
                            lowerer.cache_size)


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
