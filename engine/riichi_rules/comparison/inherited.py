"""A ruleset that extends another (a club's house rules on tenhou, say) takes that ruleset's
conformance expectations where a case states none of its own (Case.expectation). Where a case
then fails, the change the ruleset makes may explain it: the case passes under the ruleset it
extends, and its outcome there and here differ for reasons (rules and parameters) that only a
change can give. Such a result is a difference shown with its cause (status ``changed``), not
a failure; a failure nothing explains stays a failure."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from riichi_rules.comparison.cases import referee_differences, scoring_differences
from riichi_rules.conformance.runner import CHANGED, CaseResult, run_case
from riichi_rules.errors import RiichiError
from riichi_rules.rulesets.config import RulesetConfig, load_config
from riichi_rules.scoring.scorer import program

__all__ = ["explain_changes"]


def explain_changes(results: Sequence[CaseResult], configs: Sequence[RulesetConfig]
                    ) -> list[CaseResult]:
    """``results`` with each failure of an expectation taken from an extended ruleset that a
    change of the ruleset explains marked ``changed``, its reason naming the ruleset
    extended, both outcomes and the causes."""
    by_id = {c.id: c for c in configs}
    parents: dict[str, RulesetConfig | None] = {}
    out = []
    for result in results:
        config = by_id.get(result.ruleset)
        if not result.failed or config is None or result.expected_from == config.id:
            out.append(result)
            continue
        parent = _parent(config, parents)
        why = _explained(result, parent, config) if parent is not None else None
        out.append(result if why is None else dataclasses.replace(
            result, status=CHANGED, reason=why))
    return out


def _parent(config: RulesetConfig, known: dict[str, RulesetConfig | None]
            ) -> RulesetConfig | None:
    """The ruleset ``config`` extends (None for one that extends only base)."""
    if len(config.chain) < 3:
        return None
    name = config.chain[-2]
    if name not in known:
        try:
            known[name] = load_config(name)
        except RiichiError:  # extended by a path that is not a bundled id
            known[name] = None
    return known[name]


def _explained(result: CaseResult, parent: RulesetConfig, config: RulesetConfig
               ) -> str | None:
    case = result.case
    if not run_case(case, parent).passed:
        return None  # the expectation fails where it comes from: not a change of ours
    progs = [program(parent), program(config)]
    found = (scoring_differences if case.win is not None else referee_differences)(
        progs, [case])[1]
    if not found:
        return None
    _, shown, why = found[0]
    if not why[1]:
        return None
    return (f"differs from {parent.id}, whose expectation it takes: {shown[0]} there, "
            f"{shown[1]} here, because of " + "; ".join(str(r) for r in why[1]))
