"""Where two rulesets differ: parameter by parameter, yaku by yaku, and case by case on the
conformance suite (with the rules and parameters that made each difference)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.errors import InputError
from riichi_rules.rulesets.config import RulesetConfig, load_config, parameter_schemas
from riichi_rules.scoring.program import DoraRule, ScoringProgram, YakuRule, parameters_read
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import program, score


@dataclass(frozen=True, slots=True)
class ParameterDifference:
    name: str
    title: str
    description: str
    a: Any
    b: Any
    uncertain: tuple[str, str]  # the note of each side, "" when the value is sourced


@dataclass(frozen=True, slots=True)
class YakuSide:
    """How one ruleset has a yaku: absent, or its han closed / open (None: closed only), or
    its yakuman standing."""

    present: bool
    han_closed: int | None = None
    han_open: int | None = None
    yakuman: int | None = None  # the multiple (None: not a yakuman, 0: depends on the hand)
    dora: bool = False

    def describe(self) -> str:
        if not self.present:
            return "absent"
        if self.dora:
            return "counted"
        if self.yakuman is not None:
            return {0: "yakuman (multiple varies)", 1: "yakuman"}.get(
                self.yakuman, f"{self.yakuman}x yakuman")
        closed = "?" if self.han_closed is None else str(self.han_closed)
        opened = "closed only" if self.han_open is None else f"open {self.han_open}"
        return f"{closed} han, {opened}"


@dataclass(frozen=True, slots=True)
class YakuDifference:
    id: str
    title: str
    a: YakuSide
    b: YakuSide
    parameters: tuple[str, ...]  # parameters the yaku reads whose values differ


@dataclass(frozen=True, slots=True)
class CaseDifference:
    case: str
    location: str
    a: str  # short outcome
    b: str
    reasons: tuple[str, ...]  # the rules (file:line) and parameters behind the difference


@dataclass(frozen=True, slots=True)
class Comparison:
    a: str
    b: str
    parameters: tuple[ParameterDifference, ...]
    yaku: tuple[YakuDifference, ...]
    cases: tuple[CaseDifference, ...]
    cases_compared: int

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
                 "parameters": list(y.parameters)}
                for y in self.yaku
            ],
            "cases_compared": self.cases_compared,
            "cases": [
                {"case": c.case, "location": c.location, "a": c.a, "b": c.b,
                 "reasons": list(c.reasons)}
                for c in self.cases
            ],
        }


def compare(a: str, b: str, cases: bool = True, cases_root: Path | None = None) -> Comparison:
    """Compare two rulesets (ids or paths), on the bundled conformance suite or the cases
    under ``cases_root``."""
    config_a, config_b = load_config(a), load_config(b)
    prog_a, prog_b = program(config_a), program(config_b)
    params = _parameters(config_a, config_b)
    differing = {p.name for p in params}
    yaku = _yaku(prog_a, prog_b, differing)
    case_diffs: list[CaseDifference] = []
    compared = 0
    if cases:
        compared, case_diffs = _cases(prog_a, prog_b, differing, cases_root)
    return Comparison(config_a.id, config_b.id, tuple(params), tuple(yaku), tuple(case_diffs),
                      compared)


def _parameters(a: RulesetConfig, b: RulesetConfig) -> list[ParameterDifference]:
    out = []
    for name, schema in parameter_schemas().items():
        va, vb = a.parameters.get(name), b.parameters.get(name)
        if _plain(va) != _plain(vb):
            out.append(ParameterDifference(
                name, str(schema.get("title", name)), str(schema.get("description", "")),
                _plain(va), _plain(vb), (a.uncertain.get(name, ""), b.uncertain.get(name, ""))))
    return out


def _plain(value: Any) -> Any:
    """Config values are frozen (tuples, mapping proxies): make them JSON-like."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _side(rule: YakuRule | DoraRule | None) -> YakuSide:
    if rule is None or rule.never:
        return YakuSide(False)
    if isinstance(rule, DoraRule):
        return YakuSide(True, dora=True)
    if rule.yakuman:
        return YakuSide(True, yakuman=rule.multiple_value or 0)
    return YakuSide(True, rule.han_closed_value, rule.han_open_value)


def _rules(prog: ScoringProgram) -> dict[str, YakuRule | DoraRule]:
    rules: dict[str, YakuRule | DoraRule] = {r.id: r for r in (*prog.yakuman, *prog.yaku)}
    rules.update({r.id: r for r in prog.dora})
    return rules


def _yaku(a: ScoringProgram, b: ScoringProgram, differing: set[str]) -> list[YakuDifference]:
    rules_a, rules_b = _rules(a), _rules(b)
    out = []
    for yaku_id in sorted(set(rules_a) | set(rules_b)):
        ra, rb = rules_a.get(yaku_id), rules_b.get(yaku_id)
        side_a, side_b = _side(ra), _side(rb)
        reads = sorted((_params_of(ra.declaration if ra else None)
                        | _params_of(rb.declaration if rb else None)) & differing)
        if side_a != side_b or reads:
            title = (ra or rb).title  # type: ignore[union-attr]
            out.append(YakuDifference(yaku_id, title, side_a, side_b, tuple(reads)))
    return out


def outcome(result: Result | None, error: str = "") -> str:
    """A short outcome: "4h30f 7700 (riichi pinfu ittsu)", "yakuman x2 64000", "error no_yaku"."""
    if result is None:
        return f"error {error}"
    value = f"yakuman x{result.yakuman}" if result.yakuman else f"{result.han}h{result.fu}f"
    return f"{value} {result.total}"


def _run(win: Mapping[str, Any], prog: ScoringProgram) -> tuple[Result | None, str]:
    try:
        return score(win, prog), ""
    except InputError as error:
        return None, error.code


def _cases(
    a: ScoringProgram, b: ScoringProgram, differing: set[str], root: Path | None
) -> tuple[int, list[CaseDifference]]:
    from riichi_rules.conformance.cases import load_suite

    suite = load_suite(root)
    out = []
    compared = 0
    for case in suite.cases:
        if case.win is None:
            continue
        compared += 1
        result_a, error_a = _run(case.win, a)
        result_b, error_b = _run(case.win, b)
        short_a, short_b = outcome(result_a, error_a), outcome(result_b, error_b)
        yaku_a = _yaku_set(result_a)
        yaku_b = _yaku_set(result_b)
        if short_a == short_b and yaku_a == yaku_b:
            continue
        out.append(CaseDifference(case.id, case.location, short_a, short_b,
                                  _reasons(result_a, result_b, a, b, differing)))
    return compared, out


def _yaku_set(result: Result | None) -> frozenset[tuple[str, int, int]]:
    if result is None:
        return frozenset()
    return frozenset((y.id, y.han, y.yakuman) for y in result.yaku)


def _reasons(
    ra: Result | None, rb: Result | None, a: ScoringProgram, b: ScoringProgram,
    differing: set[str],
) -> tuple[str, ...]:
    """The rules whose contribution differs, each with the differing parameters it reads."""
    reasons: list[str] = []
    by_id = {r.id: r for prog in (a, b) for r in (*prog.yakuman, *prog.yaku)}
    ya = {y.id: y for y in (ra.yaku if ra else ())}
    yb = {y.id: y for y in (rb.yaku if rb else ())}
    for yaku_id in sorted(set(ya) | set(yb)):
        sa, sb = ya.get(yaku_id), yb.get(yaku_id)
        if sa is not None and sb is not None and (sa.han, sa.yakuman) == (sb.han, sb.yakuman):
            continue
        origin = (sa or sb).origin  # type: ignore[union-attr]
        rule = by_id.get(yaku_id)
        params = sorted(rule.parameters & differing) if rule else []
        reasons.append(_reason(f"yaku {yaku_id} ({origin})", params))
    if ra and rb and ra.fu != rb.fu:
        items_a = {(f.label, f.fu) for f in ra.fu_items}
        items_b = {(f.label, f.fu) for f in rb.fu_items}
        labels = sorted({label for label, _ in items_a ^ items_b})
        fu_params = sorted(_params_of(a.fu.declaration) & differing)
        reasons.append(_reason(f"fu: {', '.join(labels) or 'rounding'} ({a.fu.origin})",
                               fu_params))
    if ra and rb and ra.limit != rb.limit:
        limit_params = sorted(_params_of(a.limits.declaration) & differing)
        origin = ra.limit_origin or rb.limit_origin
        reasons.append(_reason(f"limit {ra.limit or 'none'} vs {rb.limit or 'none'} ({origin})",
                               limit_params))
    return tuple(reasons)


def _params_of(node: object) -> frozenset[str]:
    return parameters_read(node) if node is not None else frozenset()


def _reason(text: str, params: Sequence[str]) -> str:
    return text + (f" [rule.{', rule.'.join(params)}]" if params else "")


def render_text(c: Comparison) -> str:
    lines = [f"{c.a} vs {c.b}", "", f"Parameters that differ ({len(c.parameters)}):"]
    for p in c.parameters:
        note = " (uncertain)" if any(p.uncertain) else ""
        lines.append(f"  {p.name}: {_show(p.a)} | {_show(p.b)}{note}")
        lines.append(f"      {p.title}")
    lines += ["", f"Yaku that differ ({len(c.yaku)}):"]
    for y in c.yaku:
        reads = f"  [reads {', '.join(y.parameters)}]" if y.parameters else ""
        lines.append(f"  {y.id}: {y.a.describe()} | {y.b.describe()}{reads}")
    lines += ["", f"Conformance cases whose outcome differs ({len(c.cases)} of "
              f"{c.cases_compared}):"]
    for d in c.cases:
        lines.append(f"  {d.case}: {d.a} | {d.b}   ({d.location})")
        for reason in d.reasons:
            lines.append(f"      {reason}")
    return "\n".join(lines)


def render_markdown(c: Comparison) -> str:
    lines = [f"# {c.a} vs {c.b}", "", "## Parameters", "",
             f"| parameter | {c.a} | {c.b} | meaning |", "|---|---|---|---|"]
    for p in c.parameters:
        lines.append(f"| `{p.name}` | {_show(p.a)} | {_show(p.b)} | {p.title}: "
                     f"{p.description.replace('|', '/')} |")
    lines += ["", "## Yaku", "", f"| yaku | {c.a} | {c.b} | parameters read |", "|---|---|---|---|"]
    for y in c.yaku:
        lines.append(f"| `{y.id}` {y.title} | {y.a.describe()} | {y.b.describe()} | "
                     f"{', '.join(y.parameters)} |")
    lines += ["", f"## Conformance cases ({len(c.cases)} of {c.cases_compared} differ)", "",
              f"| case | {c.a} | {c.b} | why |", "|---|---|---|---|"]
    for d in c.cases:
        lines.append(f"| `{d.case}` | {d.a} | {d.b} | {'; '.join(d.reasons)} |")
    return "\n".join(lines) + "\n"


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)
