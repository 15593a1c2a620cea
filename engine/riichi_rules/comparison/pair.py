"""Where two rulesets differ: parameter by parameter, yaku by yaku, and case by case on the
conformance suite, scoring and referee cases alike, with the rules and parameters that made
each difference.

``riichi compare A B`` prints a :class:`Comparison`; the generated rulebook's pair pages are
made from one too."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.comparison.cases import (
    CaseDifference,
    by_kind,
    case_source,
    referee_differences,
    suite_differences,
)
from riichi_rules.comparison.parts import (
    ParameterDifference,
    YakuDifference,
    parameter_differences,
    yaku_differences,
)
from riichi_rules.rulesets.config import RulesetConfig
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program


@dataclass(frozen=True, slots=True)
class Comparison:
    a: str
    b: str
    parameters: tuple[ParameterDifference, ...]
    yaku: tuple[YakuDifference, ...]
    cases: tuple[CaseDifference, ...]
    cases_compared: int  # scoring and referee cases
    referee_compared: int = 0  # of which referee cases

    @property
    def by_kind(self) -> dict[str, tuple[int, int]]:
        """For each kind of case: (how many differ, how many were compared)."""
        return by_kind([c.kind for c in self.cases], self.cases_compared,
                        self.referee_compared)

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a, "b": self.b,
            "parameters": [
                {"name": p.name, "title": p.title, "description": p.description, "a": p.a,
                 "b": p.b, **({"uncertain": list(p.uncertain)} if any(p.uncertain) else {})}
                for p in self.parameters
            ],
            "yaku": [
                {"id": y.id, "title": y.title, "a": y.a.describe(), "b": y.b.describe(),
                 "parameters": list(y.parameters), "changes": list(y.changes)}
                for y in self.yaku
            ],
            "cases_compared": self.cases_compared,
            "cases_compared_by_kind": {k: n for k, (_, n) in self.by_kind.items()},
            "cases": [
                {"case": c.case, "kind": c.kind, "location": c.location, "a": c.a, "b": c.b,
                 "reasons": list(c.reasons), "source": c.source}
                for c in self.cases
            ],
        }


Ruleset = str | Path | RulesetConfig | ScoringProgram


def compare(
    a: Ruleset, b: Ruleset, cases: bool = True, cases_root: Path | None = None,
    suite: Sequence[Any] | None = None,
) -> Comparison:
    """Compare two rulesets (ids, paths, configs or compiled programs), on the bundled
    conformance suite, the cases under ``cases_root``, or the cases given as ``suite``
    (conformance :class:`~riichi_rules.conformance.cases.Case` objects, loaded once by a
    caller that compares several pairs). Raises :class:`~riichi_rules.errors.RulesetFault`
    at the first case a rule of either has no value on."""
    prog_a, prog_b = program(a), program(b)
    config_a, config_b = prog_a.config, prog_b.config
    params = parameter_differences(config_a, config_b)
    differing = {p.name for p in params}
    yaku = yaku_differences(prog_a, prog_b, differing)
    case_diffs: list[CaseDifference] = []
    compared = referee_compared = 0
    if cases:
        compared, found, suite = suite_differences([prog_a, prog_b], suite, cases_root)
        case_diffs = [CaseDifference(case.id, case.location, shown[0], shown[1], why[1],
                                     case_source(case)) for case, shown, why in found]
        referee_compared, referee_diffs = _referee_cases(prog_a, prog_b, suite)
        compared += referee_compared
        case_diffs += referee_diffs
    return Comparison(config_a.label, config_b.label, tuple(params), tuple(yaku), tuple(case_diffs),
                      compared, referee_compared)


def _referee_cases(
    a: ScoringProgram, b: ScoringProgram, suite: Sequence[Any]
) -> tuple[int, list[CaseDifference]]:
    """The referee cases (a deal and events) followed under both rulesets, and those whose
    outcome differs, with the clauses of the table rules (or the scorings) behind it."""
    compared, found = referee_differences([a, b], suite)
    return compared, [CaseDifference(case.id, case.location, shown[0], shown[1], why[1],
                                     case_source(case), kind="referee")
                      for case, shown, why in found]
