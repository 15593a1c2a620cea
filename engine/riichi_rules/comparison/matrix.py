"""Three or more rulesets side by side (``riichi compare A B C ...``): the parameters, yaku and
conformance cases on which they do not all agree, one column per ruleset. Where a case's
outcome under a ruleset differs from the first ruleset's, the rules behind it are named as
:func:`riichi_rules.comparison.pair.compare` names them for that pair."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.comparison.cases import (
    by_kind,
    case_source,
    referee_differences,
    suite_differences,
)
from riichi_rules.comparison.pair import Ruleset
from riichi_rules.comparison.parts import plain, rules_of, written, yaku_side
from riichi_rules.rulesets.config import parameter_schemas
from riichi_rules.scoring.program import ScoringProgram, parameters_read
from riichi_rules.scoring.scorer import program
from riichi_rules.search.causes import Reason


@dataclass(frozen=True, slots=True)
class ParameterRow:
    name: str
    title: str
    description: str
    values: tuple[Any, ...]  # one per ruleset
    uncertain: tuple[str, ...]  # the note of each ruleset, "" when the value is sourced


@dataclass(frozen=True, slots=True)
class YakuRow:
    id: str
    title: str
    cells: tuple[str, ...]  # how each ruleset has it (YakuSide.describe)
    parameters: tuple[str, ...]  # parameters its rule reads whose values are not all equal
    rewritten: bool  # declared by several rulesets, its rule written differently


@dataclass(frozen=True, slots=True)
class CaseRow:
    case: str
    location: str
    kind: str  # "scoring" or "referee"
    cells: tuple[str, ...]  # each ruleset's short outcome
    why: tuple[tuple[Reason, ...], ...]  # each ruleset's against the first ((): the same)
    source: str


@dataclass(frozen=True)
class Matrix:
    rulesets: tuple[str, ...]
    parameters: tuple[ParameterRow, ...]
    yaku: tuple[YakuRow, ...]
    cases: tuple[CaseRow, ...]
    cases_compared: int  # scoring and referee cases
    referee_compared: int

    @property
    def by_kind(self) -> dict[str, tuple[int, int]]:
        """For each kind of case: (how many rows, how many were compared)."""
        return by_kind([c.kind for c in self.cases], self.cases_compared,
                        self.referee_compared)

    def to_json(self) -> dict[str, Any]:
        ids = self.rulesets
        return {
            "rulesets": list(ids),
            "parameters": [
                {"name": p.name, "title": p.title, "description": p.description,
                 "values": dict(zip(ids, p.values, strict=True)),
                 **({"uncertain": {r: n for r, n in zip(ids, p.uncertain, strict=True) if n}}
                    if any(p.uncertain) else {})}
                for p in self.parameters
            ],
            "yaku": [
                {"id": y.id, "title": y.title, "values": dict(zip(ids, y.cells, strict=True)),
                 "parameters": list(y.parameters), "rewritten": y.rewritten}
                for y in self.yaku
            ],
            "cases_compared": self.cases_compared,
            "cases_compared_by_kind": {k: n for k, (_, n) in self.by_kind.items()},
            "cases": [
                {"case": c.case, "kind": c.kind, "location": c.location, "source": c.source,
                 "outcomes": dict(zip(ids, c.cells, strict=True)),
                 "reasons": {r: [str(x) for x in why]
                             for r, why, cell in zip(ids, c.why, c.cells, strict=True)
                             if cell != c.cells[0]}}
                for c in self.cases
            ],
        }


def matrix(
    rulesets: Sequence[Ruleset], cases: bool = True, cases_root: Path | None = None,
    suite: Sequence[Any] | None = None,
) -> Matrix:
    """Compare several rulesets (ids, paths, configs or compiled programs) at once, on the
    bundled conformance suite, the cases under ``cases_root``, or ``suite``. Raises
    :class:`~riichi_rules.errors.RulesetFault` at the first case a rule has no value on."""
    progs = [program(r) for r in rulesets]
    ids = tuple(p.config.label for p in progs)
    if len(set(ids)) < len(ids):
        raise ValueError(f"a ruleset is given twice: {', '.join(ids)}")
    params = _parameters(progs)
    rows: list[CaseRow] = []
    compared = referee_compared = 0
    if cases:
        compared, found, suite = suite_differences(progs, suite, cases_root)
        rows = [CaseRow(case.id, case.location, "scoring", tuple(shown), why,
                        case_source(case)) for case, shown, why in found]
        referee_compared, referee_rows = _referee_rows(progs, suite)
        compared += referee_compared
        rows += referee_rows
    return Matrix(ids, tuple(params), tuple(_yaku(progs)), tuple(rows), compared,
                  referee_compared)


def _parameters(progs: Sequence[ScoringProgram]) -> list[ParameterRow]:
    out = []
    for name, schema in parameter_schemas().items():
        values = tuple(plain(p.config.parameters.get(name)) for p in progs)
        if any(v != values[0] for v in values):
            out.append(ParameterRow(
                name, str(schema.get("title", name)), str(schema.get("description", "")),
                values, tuple(p.config.uncertain.get(name, "") for p in progs)))
    return out


def _yaku(progs: Sequence[ScoringProgram]) -> list[YakuRow]:
    rules = [rules_of(p) for p in progs]
    differing = {p.name for p in _parameters(progs)}
    out = []
    for yaku_id in sorted({k for r in rules for k in r}):
        found = [r.get(yaku_id) for r in rules]
        sides = tuple(yaku_side(f).describe() for f in found)
        declared = [f.declaration for f in found if f is not None]
        reads = frozenset().union(*(parameters_read(d) for d in declared)) & differing
        rewritten = len({repr(written(d)) for d in declared}) > 1
        if len(set(sides)) > 1 or reads or rewritten:
            title = next(f.title for f in found if f is not None)
            out.append(YakuRow(yaku_id, title, sides, tuple(sorted(reads)), rewritten))
    return out


def _referee_rows(
    progs: Sequence[ScoringProgram], suite: Sequence[Any]
) -> tuple[int, list[CaseRow]]:
    compared, found = referee_differences(progs, suite)
    return compared, [CaseRow(case.id, case.location, "referee", tuple(shown), why,
                              case_source(case)) for case, shown, why in found]
