"""Run a conformance case under a ruleset and compare the outcome with the expectation.

Only the fields an expectation states are compared. For a ``win``: ``han``, ``fu``,
``yakuman``, ``limit``, ``yaku`` (the exact set of ids scored, dora kinds included),
``yaku_han`` (the han of each listed id), ``points`` (the total before honba and sticks),
``payments`` (who pays what, in any order), ``winner_receives`` and ``error`` (the input error
code the scorer raises). For ``events`` (followed by the referee, see events.py): ``legal`` /
``illegal`` (the disagreement the last event raises; an earlier event raising one fails the
case), ``furiten`` and ``claims`` (per seat listed), ``wins`` (per winning seat, the fields of a
win), ``deltas``, ``tenpai``, ``next`` and ``sticks``; once the hand has ended, ``game_over``
(the table rule ``next_hand game_end``), ``final_scores`` and ``final_points`` (the standings
rules, as if the game ended with the hand).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.conformance.cases import Case
from riichi_rules.conformance.events import Play, observe, play
from riichi_rules.conformance.outcomes import (
    compare,
    compare_events,
    inline,
    outcome_of,
    short,
    short_events,
)
from riichi_rules.errors import InputError, RuleFault
from riichi_rules.rulesets.config import RulesetConfig, load_config
from riichi_rules.scoring.scorer import program, score

__all__ = [
    "CHANGED",
    "FAILED",
    "PASSED",
    "SKIPPED",
    "CaseResult",
    "at_case_date",
    "compare",
    "compare_events",
    "outcome_of",
    "rulesets_for",
    "run_case",
    "run_suite",
    "select",
    "short",
]

PASSED = "passed"
FAILED = "failed"
SKIPPED = "skipped"
CHANGED = "changed"
"""Not as the ruleset it extends expects, and explained by a change the ruleset makes
(riichi_rules.comparison.inherited): a difference shown with its cause, not a failure."""


@dataclass(frozen=True)
class CaseResult:
    """One case under one ruleset: ``status`` is passed, failed or skipped (``reason``)."""

    case: Case
    ruleset: str
    status: str
    expected: Mapping[str, Any]
    actual: Mapping[str, Any]
    trace: str
    mismatches: tuple[str, ...] = ()
    reason: str = ""
    expected_source: str | None = None
    expected_from: str = ""
    """Whose expectation was compared: the ruleset's own, one it extends, or ``default``."""
    fault: RuleFault | None = None
    """The rule that had no value on the case (on its win, or where its events lead: a ron
    checked, a hand settled); its error is then ``rule_fault``."""

    @property
    def passed(self) -> bool:
        return self.status == PASSED

    @property
    def failed(self) -> bool:
        return self.status == FAILED

    @property
    def skipped(self) -> bool:
        return self.status == SKIPPED

    @property
    def changed(self) -> bool:
        return self.status == CHANGED

    @property
    def short(self) -> str:
        """A few characters for a matrix cell: ``4h30f 7700``, ``undecided``..."""
        if self.skipped:
            return "undecided" if self.reason.startswith("undecided") else "skipped"
        if self.case.events is not None:
            return short_events(self.actual)
        return short(self.actual)

    def report(self) -> str:
        """Expected against actual, the mismatches, and the engine's explanation."""
        lines = [f"{self.case.id} under {self.ruleset} ({self.case.location}): {self.status}"]
        if self.reason:
            lines.append(f"  {self.reason}")
        lines.append(f"  source: {self.case.source.strip()}")
        if self.expected_source:
            lines.append(f"  {self.ruleset} override: {self.expected_source.strip()}")
        if self.mismatches:
            lines.append("  mismatches:")
            lines.extend(f"    - {m}" for m in self.mismatches)
        if self.expected:
            lines.append("  expected: " + inline(self.expected))
        if self.actual:
            shown = {k: self.actual[k] for k in self.actual if k in self.expected} or self.actual
            lines.append("  actual:   " + inline(shown))
        if self.trace:
            lines.append("  engine explanation:" if self.case.events is None
                         else "  the events, as the referee followed them:")
            lines.extend("    " + line for line in self.trace.splitlines())
        return "\n".join(lines)

    def to_json(self, *, trace: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "case": self.case.id,
            "ruleset": self.ruleset,
            "status": self.status,
            "file": self.case.location,
            "expected": dict(self.expected),
            "actual": dict(self.actual),
        }
        if self.mismatches:
            out["mismatches"] = list(self.mismatches)
        if self.reason:
            out["reason"] = self.reason
        if trace:
            out["trace"] = self.trace
        return out


def run_case(case: Case, ruleset: str | Path | RulesetConfig) -> CaseResult:
    """Run ``case`` under ``ruleset`` (an id, a path or a loaded config) and compare the
    stated fields. Problems in the ruleset itself (ConfigError, RuleError) propagate."""
    config = at_case_date(case, ruleset if isinstance(ruleset, RulesetConfig)
                          else load_config(ruleset))
    rid = config.id
    expectation = case.expectation(rid, extended(config))
    if expectation is None:
        return CaseResult(case, rid, SKIPPED, {}, {}, "",
                          reason="no expectation for this ruleset (no default, no override)")
    if expectation.undecided is not None:
        return CaseResult(case, rid, SKIPPED, {}, {}, "",
                          reason=f"undecided: {expectation.undecided}",
                          expected_source=expectation.source)
    result = _run(case, config, expectation.fields, expectation.source)
    return dataclasses.replace(result, expected_from=expectation.owner)


def _run(case: Case, config: RulesetConfig, expected: Mapping[str, Any],
         source: str | None) -> CaseResult:
    rid = config.id
    if case.events is not None:
        return _run_events(case, config, expected, source)
    if case.win is None:
        return CaseResult(case, rid, FAILED, dict(expected), {}, "",
                          ("the case states no win and no events",))
    fault = None
    try:
        result = score(case.win, config)
    except InputError as error:
        actual: dict[str, Any] = {"error": error.code}
        trace = f"InputError {error.code}: {error.message}"
        fault = error if isinstance(error, RuleFault) else None
    else:
        actual = outcome_of(result)
        trace = result.explain()
    mismatches = tuple(compare(expected, actual))
    return CaseResult(
        case, rid, FAILED if mismatches else PASSED, dict(expected), actual, trace,
        mismatches, expected_source=source, fault=fault,
    )


def at_case_date(case: Case, config: RulesetConfig) -> RulesetConfig:
    """The ruleset as the case runs under it: at the case's date, unless the ruleset was
    named with a date of its own (``tenhou@2009-06-01``)."""
    if case.date is None or config.date is not None:
        return config
    return config.at(case.date)


def _run_events(case: Case, config: RulesetConfig, expected: Mapping[str, Any],
                source: str | None) -> CaseResult:
    rid = config.id
    if case.deal is None or not case.steps:
        return CaseResult(case, rid, FAILED, dict(expected), {}, "",
                          ("the case's deal or events could not be read",))
    try:
        played = play(case.deal, case.steps, program(config), name=f"{case.id} ({rid})")
        actual = observe(played) if not played.error else {}
    except RuleFault as fault:  # a rule with no value where the events lead: not the case's
        return CaseResult(case, rid, FAILED, dict(expected), {"error": fault.code},
                          f"RuleFault: {fault.message}", (fault.message,),
                          expected_source=source, fault=fault)
    trace = _events_trace(case, played)
    if played.error:
        step = case.steps[played.error_step]
        where = case.at(step.line)
        return CaseResult(case, rid, FAILED, dict(expected), {}, trace,
                          (f"{where}: event '{step.text}' cannot happen: {played.error}",),
                          expected_source=source)
    mismatches = [*_setup_problems(case, played), *compare_events(expected, actual)]
    return CaseResult(case, rid, FAILED if mismatches else PASSED, dict(expected), actual,
                      trace, tuple(mismatches), expected_source=source)


def _setup_problems(case: Case, played: Play) -> list[str]:
    """Disagreements raised before the last event: the situation itself is not legal."""
    out: list[str] = []
    for index, raised in enumerate(played.disagreements[:-1]):
        step = case.steps[index]
        out.extend(f"{case.at(step.line)}: event '{step.text}' (not the last one) "
                   f"raised {d.what}: {d.message}" for d in raised)
    return out


def _events_trace(case: Case, played: Play) -> str:
    lines = []
    for index, step in enumerate(case.steps):
        if index >= len(played.disagreements) and index != played.error_step:
            break
        mark = f"line {step.line}: {step.text}"
        if index == played.error_step:
            lines.append(f"{mark}  <- cannot happen: {played.error}")
            break
        raised = played.disagreements[index]
        if index in played.turned:
            mark += f" ({played.turned[index]})"
        lines.append(mark + "".join(f"  <- {d.what}: {d.message}" for d in raised))
    for win in played.referee.wins:
        lines.append(f"seat {win.seat} wins, score changes {list(win.deltas)}:")
        lines.extend("  " + line for line in win.result.explain().splitlines())
    return "\n".join(lines)


def extended(config: RulesetConfig) -> tuple[str, ...]:
    """The rulesets ``config`` extends, nearest first: whose expectations it takes where a
    case states none of its own."""
    return tuple(reversed(config.chain[:-1]))


def rulesets_for(
    case: Case, selected: Sequence[RulesetConfig], own: bool = True,
) -> list[RulesetConfig]:
    """The rulesets ``case`` runs under: each selected one it has an expectation for (its
    default or an override) with as many players as the case is for, then its own rulesets
    (when ``own``, or when selected by id)."""
    out = [c for c in selected
           if case.expectation(c.id, extended(c)) is not None and case.plays(c)]
    ids = {c.id for c in selected}
    for path, rid in zip(case.rulesets, case.ruleset_ids, strict=True):
        if (own or rid in ids) and rid not in {c.id for c in out}:
            out.append(load_config(path))
    return out


def select(cases: Iterable[Case], tags: Sequence[str] = ()) -> list[Case]:
    """The cases carrying any of ``tags`` (all cases when no tag is given)."""
    wanted = set(tags)
    return [c for c in cases if not wanted or wanted.intersection(c.tags)]


def run_suite(
    cases: Iterable[Case],
    rulesets: Sequence[str | Path | RulesetConfig],
    tags: Sequence[str] = (),
    *,
    own_rulesets: bool = True,
) -> list[CaseResult]:
    """Every selected case under every ruleset it has an expectation for (and its own
    rulesets, see :func:`rulesets_for`), case by case."""
    configs = [r if isinstance(r, RulesetConfig) else load_config(r) for r in rulesets]
    return [run_case(case, config) for case in select(cases, tags)
            for config in rulesets_for(case, configs, own_rulesets)]
