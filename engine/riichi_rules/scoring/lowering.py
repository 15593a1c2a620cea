"""A ruleset's rules compiled: the rule files parsed, checked and typed by the front end
(:mod:`riichi_rules.language.rules`), then lowered to the program of
:mod:`riichi_rules.scoring.program` (yaku, yakuman, dora, fu, limits, payments, and the table
rules the referee asks) by a backend of :mod:`riichi_rules.scoring.backends` (generated code,
or closures)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from riichi_rules.errors import Diagnostic, InputError, RuleError, did_you_mean
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.fold import fold
from riichi_rules.language.generated import Generated
from riichi_rules.language.rules import (
    ONE_OF_EACH,
    Declarations,
    TypedRules,
    TypedYaku,
    type_rules,
)
from riichi_rules.language.typed import CONST, Typed
from riichi_rules.limits import RULE_FILE_BYTES, read_text
from riichi_rules.rulesets.config import RulesetConfig, parameter_values
from riichi_rules.scoring.backends import Closures, GeneratedCode, backend_for, default_backend
from riichi_rules.scoring.program import (
    Declared,
    DoraRule,
    Fn,
    FuRule,
    FuStep,
    LimitRule,
    LimitStep,
    Origin,
    PaymentRule,
    PayStep,
    ScoringProgram,
    SituationProgram,
    SituationRule,
    TableProgram,
    TableRule,
    YakuRule,
    display_path,
    program_objects,
)


class _Sources:
    """The text of every rule file read, for diagnostics."""

    def __init__(self) -> None:
        self.lines: dict[str, list[str]] = {}

    def add(self, name: str, text: str) -> None:
        self.lines[name] = text.splitlines()

    def line(self, name: str, number: int) -> str:
        lines = self.lines.get(name, [])
        return lines[number - 1] if 0 < number <= len(lines) else ""


def _at_override(config: RulesetConfig, yaku_id: str, message: str, hint: str) -> Diagnostic:
    """A diagnostic at the key of a yaku's override in the ruleset's own ruleset.json (the
    file's first line if the override comes from a ruleset it extends)."""
    from riichi_rules.rulesets.jsonpos import scan

    shown = display_path(config.path)
    try:
        positions = scan(config.path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Diagnostic(shown, 1, 1, message, hint=hint)
    at = positions.keys.get(("yaku", yaku_id))
    if at is None:
        return Diagnostic(shown, 1, 1, message, positions.source_line(1), hint)
    return Diagnostic(shown, at.line, at.column, message, positions.source_line(at.line), hint,
                      at.column + len(yaku_id) + 2)


def compile_program(config: RulesetConfig, backend: str | None = None) -> ScoringProgram:
    """Parse, check, type and lower every rule file of a ruleset, by ``backend`` (see
    :mod:`riichi_rules.scoring.backends`; default: $RIICHI_RULES_BACKEND, else generated
    code). Raises :class:`RuleError` with every problem found, before anything runs."""
    from riichi_rules.language.parser import parse_rules

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
            diagnostics.append(_at_override(
                config, yaku_id,
                f"yaku.{yaku_id}: no yaku '{yaku_id}' is declared in the rule files",
                did_you_mean(yaku_id, decls.scoring)))
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
    return _Lowering(config, decls, typed, backend or default_backend()).program()


def read_rule_file(path: Path) -> str:
    """The text of a rule file (UTF-8, at most :data:`~riichi_rules.limits.RULE_FILE_BYTES`).
    Raises InputError ``too_large``, ``bad_encoding`` or ``unreadable``."""
    return read_text(path, RULE_FILE_BYTES, "a rule file")


def check_rule_text(text: str, file: str, parameters: Mapping[str, object]) -> list[Diagnostic]:
    """Check one rule file on its own (``riichi check FILE.rules``): syntax, names, types.
    Declarations it refers to in other files are not required to exist."""
    from riichi_rules.language.parser import parse_rules

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
    """The typed rules of a ruleset lowered to the program the scorer and the referee run, by
    a backend (:mod:`riichi_rules.scoring.backends`): the trees are folded first, and what
    the parameters decide (a constant han, a condition that cannot hold) is read from the
    folded trees."""

    def __init__(self, config: RulesetConfig, decls: Declarations, typed: TypedRules,
                 backend: str) -> None:
        self.config = config
        self.decls = decls
        self.typed = typed
        self.backend_name = backend
        # the situation rules read the win's facts alone, a part of the scoring vocabulary:
        # they are lowered with the scoring rules, and share the program's environment sizes
        self.backend = backend_for(backend, [*typed.trees(), *typed.situation_trees()],
                                   v.FEATURES, "scoring")

    def fn(self, node: Typed | None, label: str = "rule") -> Fn | None:
        return self.backend.fn(fold(node), label) if node is not None else None

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
        situations = self._situations()
        table, table_backend = self._table()
        program = ScoringProgram(
            self.config, tuple(yakuman), tuple(yaku), tuple(dora), fu, limits, payments,
            self.backend.slot_count, self.backend.cache_size, dict(self.decls.scoring),
            table, SituationProgram(situations, self._situations_at_once()),
            typed=self.typed, backend=self.backend_name)
        if isinstance(self.backend, GeneratedCode):
            program = dataclasses.replace(program, runs=_run_checks_at_once(program,
                                                                            self.backend))
            generated: tuple[Generated, ...] = (self.backend.generator.generated(),)
            if isinstance(table_backend, GeneratedCode):
                generated += (table_backend.generator.generated(),)
            object.__setattr__(program, "generated", generated)
        return program

    def _origin(self, decl: ast.Declaration) -> Origin:
        source = decl.first("source")
        return Origin(decl.span.file, decl.span.line, source.label or "" if source else "")

    def _han(self, tree: Typed | None, label: str) -> tuple[Fn | None, int | None]:
        """A han clause: its function, and its value when the parameters decide it."""
        if tree is None:
            return None, None
        folded = fold(tree)
        value = folded.data if folded.op == CONST else None
        return self.backend.fn(folded, label), value

    def _yaku(self, spec: TypedYaku) -> YakuRule:
        decl = spec.declaration
        assert spec.when is not None
        when = fold(spec.when)
        han_closed, closed_value = self._han(spec.han, "han")
        han_open, open_value = self._han(spec.han_open, "han_open") if spec.han else (None, None)
        change = self.config.yaku_overrides.get(decl.name, {})
        if "han_closed" in change:
            closed_value = int(change["han_closed"])  # type: ignore[call-overload]
            han_closed = self.backend.constant(closed_value)
        if "han_open" in change:
            raw = change["han_open"]
            open_value = None if raw is None else int(raw)  # type: ignore[call-overload]
            han_open = None if open_value is None else self.backend.constant(open_value)
        folded = [(fold(value), fold(cond) if cond is not None else None)
                  for value, cond in spec.multiples]
        multiples = tuple(
            (self.backend.fn(value, "multiple"),
             self.backend.fn(cond, "multiple_when") if cond is not None
             else self.backend.constant(True))
            for value, cond in folded)
        multiple_value: int | None = 1
        for value, cond in folded:
            if cond is not None and cond.op != CONST:
                multiple_value = None
                break
            if cond is None or cond.data:
                multiple_value = value.data if value.op == CONST else None
        replaces = tuple(n for c in decl.clauses_of("replaces") for n in c.names)
        origin = self._origin(decl)
        if "han_closed" in change or "han_open" in change:
            origin = Origin(origin.file, origin.line, origin.source,
                            f"han set by {display_path(self.config.path)} yaku.{decl.name}")
        return YakuRule(
            decl.name, decl.title or decl.name, decl.kind == "yakuman",
            self.backend.fn(when, "when"), han_closed, han_open,
            multiples, replaces, bool(decl.clauses_of("stands_alone")),
            origin, Declared(decl), when.op == CONST and not when.data, closed_value,
            open_value,
            multiple_value if decl.kind == "yakuman" else None,
        )

    def _dora(self, spec: TypedYaku) -> DoraRule:
        decl = spec.declaration
        folded = fold(spec.when) if spec.when is not None else None
        when = (self.backend.fn(folded, "dora_when") if folded is not None
                else self.backend.constant(True))
        never = folded is not None and folded.op == CONST and not folded.data
        count = self.fn(spec.han, "dora_count")
        assert count is not None
        return DoraRule(decl.name, decl.title or decl.name, when, count, self._origin(decl),
                        Declared(decl),
                        never)

    def _fu(self) -> FuRule:
        decl = self.decls.singletons["fu"]
        steps: list[FuStep] = []
        for step in self.typed.fu:
            origin = Origin(step.clause.span.file, step.clause.span.line)
            if step.source is not None:
                each, value_fn = self.backend.each(
                    fold(step.source), fold(step.where) if step.where is not None else None,
                    fold(step.value))
                steps.append(FuStep("add", step.name, value_fn, None, each, origin))
                continue
            value = fold(step.value)
            steps.append(FuStep(step.keyword, step.name, self.backend.fn(value, "fu"),
                                self.fn(step.when, "fu_when"), None, origin,
                                value.data if value.op == CONST else None))
        return FuRule(tuple(steps), self.typed.round_to, self._origin(decl), Declared(decl))

    def _limits(self) -> LimitRule:
        decl = self.decls.singletons["limits"]
        base = next(step for step in self.typed.limits if step.keyword == "base")
        basic = self.fn(base.value, "basic")
        assert basic is not None
        steps = []
        multiples = []
        for step in self.typed.limits:
            if step.keyword == "multiple":
                count = self.fn(step.value, "yakuman_count")
                assert count is not None
                multiples.append((count, self.fn(step.when, "yakuman_count_when")))
            if step.keyword != "limit":
                continue
            points, when = self.fn(step.value, "limit"), self.fn(step.when, "limit_when")
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
                         Declared(decl), tuple(multiples), _readers(reads))

    def _payments(self) -> PaymentRule:
        decl = self.decls.singletons["payments"]
        pays = []
        honba = []
        deposit = None
        for step in self.typed.payments:
            origin = Origin(step.clause.span.file, step.clause.span.line)
            amount = self.fn(step.value, "pay")
            assert amount is not None
            if step.keyword == "pay":
                pays.append(PayStep(step.name, amount, self.fn(step.when, "pay_when"), origin))
            elif step.keyword == "honba":
                honba.append(PayStep("", amount, self.fn(step.when, "honba_when"), origin))
            elif step.keyword == "deposit":
                deposit = amount
        return PaymentRule(tuple(pays), tuple(honba), deposit, self._origin(decl),
                           Declared(decl),
                           _readers(plain_inputs(decl, v.FEATURES)))

    def _situations(self) -> tuple[SituationRule, ...]:
        return tuple(
            SituationRule(s.name, self.backend.fn(fold(s.forbid), "situation"), s.message,
                          self._origin(s.declaration))
            for s in self.typed.situations)

    def _situations_at_once(self) -> Callable[[v.Env], list[int]] | None:
        """One generated function that tests every situation rule (see
        :meth:`riichi_rules.language.codegen.Generator.holding`), or None."""
        from riichi_rules.language.codegen import Unsupported

        if not isinstance(self.backend, GeneratedCode) or not self.typed.situations:
            return None
        generator = self.backend.generator
        try:
            return generator.make(generator.holding(
                [fold(s.forbid) for s in self.typed.situations], "situations"))
        except Unsupported:
            return None

    def _table(self) -> tuple[TableProgram, Closures | GeneratedCode]:
        from riichi_rules.language.table_vocabulary import TABLE_FEATURES

        backend = backend_for(self.backend_name, list(self.typed.table_trees()),
                              TABLE_FEATURES, "table")

        def fn(node: Typed | None, label: str) -> Fn | None:
            return backend.fn(fold(node), label) if node is not None else None

        by_kind: dict[str, list[TableRule]] = {}
        for spec in self.typed.table:
            priority = 0
            if spec.priority is not None:
                folded = fold(spec.priority)
                priority = int(folded.data) if folded.op == CONST else 0
            pays = []
            for step in spec.pays:
                amount = fn(step.value, "table_pay")
                assert amount is not None
                pays.append(PayStep(step.name, amount, fn(step.when, "table_pay_when"),
                                    Origin(step.clause.span.file, step.clause.span.line)))
            gains = []
            for step in spec.gains:
                amount = fn(step.value, "table_gain")
                assert amount is not None
                gains.append(PayStep("", amount, fn(step.when, "table_gain_when"),
                                     Origin(step.clause.span.file, step.clause.span.line)))
            decl = spec.declaration
            rule = TableRule(
                decl.kind, decl.name, decl.title or decl.name, fn(spec.when, "table_when"),
                fn(spec.allow, "table_allow"), fn(spec.forbid, "table_forbid"), priority,
                fn(spec.up_to, "table_up_to"), tuple(pays), self._origin(decl), decl,
                tuple(gains), fn(spec.result, "table_result"), fn(spec.balance, "table_balance"))
            by_kind.setdefault(decl.kind, []).append(rule)
        return TableProgram({k: tuple(v_) for k, v_ in by_kind.items()}, backend.slot_count,
                            backend.cache_size), backend


def _run_checks_at_once(program: ScoringProgram, backend: GeneratedCode
                        ) -> dict[str, Callable[[v.Env], Any]]:
    """For each list of checks of the program, one generated function that runs all its
    conditions (see :meth:`riichi_rules.language.codegen.Generator.checks`), by list."""
    from riichi_rules.language.codegen import CheckSpec, Unsupported

    typed = program.typed.yaku
    lists = {"yakuman": program.yakuman_checks, "closed": program.closed_checks,
             "open": program.open_checks}
    runs: dict[str, Callable[[v.Env], Any]] = {}
    for list_name, checks in lists.items():
        ids = [rule.id for rule, _, _ in checks.items]
        specs = []
        for i, (rule, _, amount) in enumerate(checks.items):
            spec = typed[rule.id]
            assert spec.when is not None
            han_tree = spec.han if list_name != "open" else spec.han_open
            constant = amount if isinstance(amount, int) else None
            specs.append(CheckSpec(
                fold(spec.when),
                None if rule.yakuman else (constant if constant is not None
                                           else fold(han_tree) if han_tree else None),
                tuple((fold(value), fold(cond) if cond is not None else None)
                      for value, cond in spec.multiples),
                tuple(ids.index(name) for name in rule.replaces if name in ids),
                (list_name, i), yakuman=rule.yakuman,
                multiple=constant if rule.yakuman else None))

        try:
            runs[list_name] = backend.generator.make(backend.generator.checks(specs, "checks"),
                                                     program_objects(program))
        except Unsupported:
            continue
    return runs


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
