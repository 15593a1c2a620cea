"""Witnesses for a house ruleset's own table rules, and the clauses that can never matter
(``riichi check --witness``, beside the scoring rules of search/witness.py).

A clause of a table rule written by the ruleset itself (not in the bundled rule files) is
searched against the ruleset it extends with the table search (table_differences.py): its
witness is an event sequence on which the two referees decide differently because of it. A
clause with no witness is a finding, said with its place in the rule files:

* its condition is false (or its payment nothing) whatever happens, under this ruleset's
  parameters;
* the referee never asks it (a rule of a name the referee does not know);
* parts of its condition never hold together in any question it was asked (the smallest set
  of its parts never seen true at once);
* it holds, but changes nothing: wherever it held, another rule of its kind decided the same
  (it is subsumed by that rule, or always overridden by it).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules.errors import Diagnostic
from riichi_rules.language import typed as t
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.table_vocabulary import TableEnv
from riichi_rules.language.typed import Typed
from riichi_rules.referee.shadow import Part
from riichi_rules.resources import rulesets_dir
from riichi_rules.rulesets.config import bundled_ids, load_config
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.search.climb import Budget
from riichi_rules.search.table_differences import TableFinding, label, search_table
from riichi_rules.search.table_driver import Asked
from riichi_rules.search.table_report import decided
from riichi_rules.search.table_targets import TableClause, table_clauses
from riichi_rules.search.witness import _diagnostic, _json, _texts, _where

__all__ = ["TableWitnessReport", "TableWitnessed", "own_clauses", "table_witness_report"]

_ERRORS = (ArithmeticError, AttributeError, TypeError, IndexError, KeyError, ValueError)


@dataclass(slots=True)
class TableWitnessed:
    """One clause of the ruleset's own table rules: its witness (a finding of the table
    search), or the problem that it has none."""

    clause: TableClause
    finding: TableFinding | None = None
    problem: Diagnostic | None = None

    @property
    def label(self) -> str:
        return label(self.clause.part)


@dataclass(slots=True)
class TableWitnessReport:
    ruleset: str
    base: str  # the ruleset it is compared with (the one it extends)
    clauses: list[TableWitnessed] = field(default_factory=list)
    searched: int = 0
    seconds: float = 0.0

    @property
    def problems(self) -> list[Diagnostic]:
        return [w.problem for w in self.clauses if w.problem is not None]

    def lines(self) -> list[str]:
        """One line per witnessed clause: what each referee decided, and in how many
        events."""
        width = max((len(w.label) for w in self.clauses), default=0)
        out = []
        for w in self.clauses:
            if w.finding is None:
                continue
            ea, eb = w.finding.expect
            out.append(f"  {w.label:<{width}}  {len(w.finding.steps)} events: {self.base}: "
                       f"{decided(ea)} | {self.ruleset}: {decided(eb)}")
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "compared_with": self.base, "searched": self.searched,
            "clauses": [{"clause": w.label, "part": list(w.clause.part),
                         "where": _where(w.clause.span),
                         "witness": None if w.finding is None else w.finding.text}
                        for w in self.clauses],
            "problems": [_json(d) for d in self.problems],
        }


def own_clauses(program: ScoringProgram) -> dict[Part, TableClause]:
    """The clauses of the table rules a ruleset writes itself (outside the bundled rule
    files)."""
    bundled = rulesets_dir().resolve()
    return {part: c for part, c in table_clauses(program).items()
            if not Path(c.span.file).resolve().is_relative_to(bundled)}


def table_witness_report(program: ScoringProgram, budget: Budget, seed: int = 0
                         ) -> TableWitnessReport:
    """A witness for every clause of the ruleset's own table rules, searched against the
    nearest bundled ruleset it extends, and the problems of those without one."""
    from riichi_rules.scoring.scorer import program as compiled

    started = time.monotonic()
    own = own_clauses(program)
    config = program.config
    nearest = next((c for c in reversed(config.chain[:-1]) if c in bundled_ids()), "base")
    parent = compiled(load_config(nearest)) if own else program
    report = TableWitnessReport(config.id, parent.config.id)
    if not own:
        return report
    static = {part: why for part, c in own.items() if (why := _never(c)) is not None}
    samples: dict[Part, Asked] = {}
    found = search_table(parent, program, budget, seed,
                         [p for p in own if p not in static], samples)
    report.searched = found.searched
    by_part = {t.pair.part: t for t in found.targets}
    for part, clause in sorted(own.items(), key=lambda kv: (kv[1].span.line, kv[0])):
        target = by_part.get(part)
        if part not in static and target is None:
            continue  # written as the rule it overrides has it: nothing differs
        w = TableWitnessed(clause)
        if part in static:
            w.problem = _diagnostic(clause.span, f"{w.label} can never apply: "
                                    f"{static[part]}{_params(program, clause)}",
                                    "remove it, or change the parameter if it should apply")
        elif target is not None and target.finding is not None \
                and _decides(target.finding):
            w.finding = target.finding
        elif target is not None:
            w.problem = _unwitnessed(program, clause, samples.get(part, Asked()), found.searched,
                                     target.note)
        report.clauses.append(w)
    report.seconds = time.monotonic() - started
    return report


def _decides(finding: TableFinding) -> bool:
    """Whether the two referees decide differently, not only name the furiten rules that
    hold for a seat that is furiten under both."""
    a, b = ({name: ({s: bool(v) for s, v in value.items()} if name == "furiten" and value
                    else value) for name, value in o.items()} for o in finding.outcomes)
    return a != b


def _never(clause: TableClause) -> str | None:
    """Why the clause can never matter, seen from its folded form alone (None: it may)."""
    node = clause.value if clause.condition else clause.when
    if node is not None and node.op == t.CONST and node.data is False:
        return "its condition is false whatever happens at the table"
    if clause.step and clause.value is not None and clause.value.op == t.CONST \
            and clause.value.data == 0:
        return "it pays nothing whatever happens at the table"
    return None


def _params(program: ScoringProgram, clause: TableClause) -> str:
    if not clause.parameters:
        return ""
    values = ", ".join(f"rule.{p} = {program.config.parameters.get(p)!r}"
                       for p in sorted(clause.parameters))
    return f" under this ruleset's parameters ({values})"


def _unwitnessed(program: ScoringProgram, clause: TableClause, questions: Asked,
                 scenarios: int, note: str) -> Diagnostic:
    """The problem of a clause of the ruleset's own with no witness."""
    asked = questions.asked
    kind = clause.part[0]
    what = label(clause.part)
    if not asked:
        return _diagnostic(clause.span, f"{what} is never asked: the referee did not put it "
                           f"a question in any of {scenarios} scenarios played",
                           f"the referee asks only the {kind} rules it knows by name "
                           "(docs/referee.md); check the rule's kind and name")
    node = clause.value if clause.condition else clause.when
    held = [env for env in (*asked, *questions.parted) if _true(node, env)]
    if node is not None and not held:
        core = _core(node, asked)
        named = _texts(core)
        parts = " and ".join(f"'{text}' ({_where(n.node.span)})" for n, text in named)
        together = "never holds" if len(core) == 1 else "never hold together"
        return _diagnostic(core[0].node.span, f"{what} can never apply: {parts} {together} "
                           f"in any of the {len(asked)} questions looked at, of the "
                           f"{questions.seen} it was asked in {scenarios} scenarios",
                           "no moment at the table can meet this condition as written")
    others = _always_with(program, clause, held)
    if others:
        return _diagnostic(clause.span, f"{what} changes nothing: wherever it holds "
                           f"({len(held)} questions), {' and '.join(others)} decides the "
                           "same already", "it is subsumed by that rule (or always "
                           "overridden by it): remove it, or make it say something new")
    return _diagnostic(clause.span, f"{what}: no witness found in {scenarios} scenarios "
                       f"({note})", "give the search more time (--budget)")


def _true(node: Typed | None, env: TableEnv) -> bool:
    try:
        return node is None or bool(evaluate(node, env))
    except _ERRORS:
        return False


def _core(node: Typed, asked: Sequence[TableEnv]) -> list[Typed]:
    """The smallest set of the condition's parts (those joined by 'and') never true together
    in the questions asked: each part dropped in turn, and kept out when the rest is still
    never true."""
    parts = [p for p in node.parts if p is not None] if node.op == t.AND else [node]

    def ever(chosen: list[Typed]) -> bool:
        return any(all(_true(p, env) for p in chosen) for env in asked)

    needed = list(parts)
    for part in parts:
        if len(needed) == 1:
            break
        rest = [p for p in needed if p is not part]
        if not ever(rest):
            needed = rest
    return needed


def _always_with(program: ScoringProgram, clause: TableClause,
                 held: Sequence[TableEnv]) -> list[str]:
    """The other rules of the clause's kind whose same clause held on every question where
    it held (a furiten rule beside another, a discard forbidden by another rule too)."""
    kind, name, keyword = clause.part
    if not held or keyword not in ("when", "forbid"):
        return []
    out = []
    for rule in program.table.of(kind):
        fn = getattr(rule, keyword, None)
        if rule.name == name or fn is None:
            continue
        try:
            if all(fn(env) for env in held):
                out.append(f"{kind} {rule.name}")
        except _ERRORS:
            continue
    return out
