"""Where two rulesets differ: parameter by parameter, yaku by yaku, and case by case on the
conformance suite, scoring and referee cases alike (with the rules and parameters that made
each difference; the referee cases are followed by compare_referee.py).

``riichi compare`` prints a :class:`Comparison`; the generated rulebook's pair pages are made
from one too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.compare_referee import (
    Cause,
    Panel,
    cells,
    part_origin,
    part_parameters,
    part_text,
    programs_on,
)
from riichi_rules.errors import InputError
from riichi_rules.hand import Win
from riichi_rules.language import ast
from riichi_rules.referee.shadow import SCORING, Scored
from riichi_rules.rulesets.config import RulesetConfig, parameter_schemas
from riichi_rules.scoring.program import DoraRule, ScoringProgram, YakuRule, parameters_read
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import program, score
from riichi_rules.search.causes import Cause as SearchCause
from riichi_rules.search.causes import explainer
from riichi_rules.search.probe import Probe


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
    stands_alone: bool = False
    replaces: tuple[str, ...] = ()
    ruled_out: bool = False  # declared, but the parameters make its condition false

    def describe(self) -> str:
        if not self.present:
            return "absent"  # not declared, or ruled out (see ``ruled_out``)
        if self.dora:
            return "counted"
        if self.yakuman is not None:
            return {0: "yakuman (multiple varies)", 1: "yakuman"}.get(
                self.yakuman, f"{self.yakuman}x yakuman")
        closed = "?" if self.han_closed is None else str(self.han_closed)
        opened = "closed only" if self.han_open is None else f"open {self.han_open}"
        return f"{closed} han, {opened}" + (", stands alone" if self.stands_alone else "")


@dataclass(frozen=True, slots=True)
class YakuDifference:
    id: str
    title: str
    a: YakuSide
    b: YakuSide
    parameters: tuple[str, ...]  # parameters the yaku reads whose values differ
    origins: tuple[str, str] = ("", "")  # where each side declares it (file:line), "" absent
    rewritten: bool = False  # declared on both sides, its rule written differently
    changes: tuple[str, ...] = ()  # what differs, in words


@dataclass(frozen=True, slots=True)
class Reason:
    """One rule whose contribution differs on a case, and the differing parameters it reads."""

    what: str  # "yaku riichi", "fu: Double-wind pair", "limit none vs mangan"
    origin: str  # where the rule is written: "file:line" (with "; note" when a config changed it)
    parameters: tuple[str, ...] = ()

    def __str__(self) -> str:
        return _reason(f"{self.what} ({self.origin})", self.parameters)


@dataclass(frozen=True, slots=True)
class CaseDifference:
    case: str
    location: str
    a: str  # short outcome
    b: str
    why: tuple[Reason, ...]  # the rules and parameters behind the difference
    source: str = ""  # the case's own source (rulebook section, worked example)
    kind: str = "scoring"  # "scoring" (a win to score) or "referee" (a deal and events)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Each reason as one line: ``limit none vs mangan (file:line) [rule.kiriage]``."""
        return tuple(str(r) for r in self.why)


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
        return _by_kind([c.kind for c in self.cases], self.cases_compared,
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


def _by_kind(kinds: Sequence[str], compared: int, referee: int) -> dict[str, tuple[int, int]]:
    """For "scoring" and "referee": (how many of ``kinds`` are of it, how many cases of it
    were compared, of ``compared`` cases in all, ``referee`` of them referee cases)."""
    return {kind: (kinds.count(kind), n)
            for kind, n in (("scoring", compared - referee), ("referee", referee))}


Ruleset = str | Path | RulesetConfig | ScoringProgram


def compare(
    a: Ruleset, b: Ruleset, cases: bool = True, cases_root: Path | None = None,
    suite: Sequence[Any] | None = None,
) -> Comparison:
    """Compare two rulesets (ids, paths, configs or compiled programs), on the bundled
    conformance suite, the cases under ``cases_root``, or the cases given as ``suite``
    (conformance :class:`~riichi_rules.conformance.cases.Case` objects, loaded once by a
    caller that compares several pairs)."""
    prog_a, prog_b = program(a), program(b)
    config_a, config_b = prog_a.config, prog_b.config
    params = _parameters(config_a, config_b)
    differing = {p.name for p in params}
    yaku = _yaku(prog_a, prog_b, differing)
    case_diffs: list[CaseDifference] = []
    compared = referee_compared = 0
    if cases:
        if suite is None:
            from riichi_rules.conformance.cases import load_suite

            suite = load_suite(cases_root).cases
        compared, case_diffs = _cases(prog_a, prog_b, differing, suite)
        referee_compared, referee_diffs = _referee_cases(prog_a, prog_b, suite)
        compared += referee_compared
        case_diffs += referee_diffs
    return Comparison(config_a.label, config_b.label, tuple(params), tuple(yaku), tuple(case_diffs),
                      compared, referee_compared)


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
    if rule is None:
        return YakuSide(False)
    if rule.never:
        return YakuSide(False, ruled_out=True)
    if isinstance(rule, DoraRule):
        return YakuSide(True, dora=True)
    if rule.yakuman:
        return YakuSide(True, yakuman=rule.multiple_value or 0, replaces=rule.replaces)
    return YakuSide(True, rule.han_closed_value, rule.han_open_value,
                    stands_alone=rule.stands_alone, replaces=rule.replaces)


def _rules(prog: ScoringProgram) -> dict[str, YakuRule | DoraRule]:
    rules: dict[str, YakuRule | DoraRule] = {r.id: r for r in (*prog.yakuman, *prog.yaku)}
    rules.update({r.id: r for r in prog.dora})
    return rules


# The clauses that decide what a yaku does (a changed "doc" or "source" changes nothing).
_EFFECTIVE_CLAUSES = frozenset({"when", "han", "multiple", "replaces", "stands_alone"})


def _written(decl: ast.Declaration) -> tuple[Any, ...]:
    """A declaration's effective clauses as plain data, without their places in the files."""
    return tuple(_unspanned(c) for c in decl.clauses if c.keyword in _EFFECTIVE_CLAUSES)


def _unspanned(node: object) -> Any:
    if isinstance(node, tuple):
        return tuple(_unspanned(x) for x in node)
    if hasattr(node, "__dataclass_fields__") and not isinstance(node, ast.Span):
        return (type(node).__name__, *(
            (name, _unspanned(getattr(node, name))) for name in node.__dataclass_fields__
            if name not in ("span", "name_spans")))
    return node


def _yaku(a: ScoringProgram, b: ScoringProgram, differing: set[str]) -> list[YakuDifference]:
    rules_a, rules_b = _rules(a), _rules(b)
    out = []
    for yaku_id in sorted(set(rules_a) | set(rules_b)):
        ra, rb = rules_a.get(yaku_id), rules_b.get(yaku_id)
        side_a, side_b = _side(ra), _side(rb)
        reads = tuple(sorted((_params_of(ra.declaration if ra else None)
                              | _params_of(rb.declaration if rb else None)) & differing))
        rewritten = (ra is not None and rb is not None
                     and _written(ra.declaration) != _written(rb.declaration))
        if side_a != side_b or reads or rewritten:
            title = (ra or rb).title  # type: ignore[union-attr]
            origins = (ra.origin.text if ra else "", rb.origin.text if rb else "")
            out.append(YakuDifference(
                yaku_id, title, side_a, side_b, reads, origins, rewritten,
                _changes(a.config.label, b.config.label, side_a, side_b, reads, origins,
                         rewritten)))
    return out


def _changes(
    id_a: str, id_b: str, a: YakuSide, b: YakuSide, reads: Sequence[str],
    origins: tuple[str, str], rewritten: bool,
) -> tuple[str, ...]:
    """What differs about a yaku, in words: "only in ema-2016", "han when closed: 2 -> 1"."""
    if not (a.present or a.ruled_out) or not (b.present or b.ruled_out):
        return (f"only in {id_a if a.present or a.ruled_out else id_b}",)
    out: list[str] = []
    if a.ruled_out != b.ruled_out:
        out.append(f"never scores in {id_a if a.ruled_out else id_b} "
                   "(its parameters rule it out)")
    elif a != b:
        if a.han_closed != b.han_closed:
            out.append(f"han when closed: {_han(a.han_closed)} → {_han(b.han_closed)}")
        if a.han_open != b.han_open:
            out.append(f"han when open: {_open(a.han_open)} → {_open(b.han_open)}")
        if a.yakuman != b.yakuman:
            out.append(f"yakuman multiple: {_multiple(a.yakuman)} → {_multiple(b.yakuman)}")
        if a.stands_alone != b.stands_alone:
            out.append(f"stands alone in {id_a if a.stands_alone else id_b} only")
        if a.replaces != b.replaces:
            out.append(f"replaces: {', '.join(a.replaces) or 'nothing'} → "
                       f"{', '.join(b.replaces) or 'nothing'}")
    if rewritten:
        out.append(f"its rule is written differently ({origins[0]} / {origins[1]})")
    if reads:
        names = " and ".join(f"rule.{p}" for p in reads)
        out.append(f"its rule reads {names}, whose "
                   + ("value differs" if len(reads) == 1 else "values differ"))
    return tuple(out)


def _han(value: int | None) -> str:
    return "?" if value is None else str(value)


def _open(value: int | None) -> str:
    return "closed only" if value is None else str(value)


def _multiple(value: int | None) -> str:
    return {None: "not a yakuman", 0: "depends on the hand"}.get(value, str(value))


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
    a: ScoringProgram, b: ScoringProgram, differing: set[str], suite: Sequence[Any]
) -> tuple[int, list[CaseDifference]]:
    compared, found = _scoring_differences([a, b], suite)
    return compared, [CaseDifference(case.id, case.location, shown[0], shown[1], why[1],
                                     _source(case)) for case, shown, why in found]


def _scoring_differences(
    progs: Sequence[ScoringProgram], suite: Sequence[Any]
) -> tuple[int, list[tuple[Any, list[str], tuple[tuple[Reason, ...], ...]]]]:
    """How many scoring cases were scored under every ruleset, and those on which the
    rulesets do not all agree (the score, or the yaku that make it): each with its outcomes
    in a few words and, for each ruleset, the reasons it differs from the first (none where it
    does not)."""
    out = []
    compared = 0
    for case in suite:
        if case.win is None:
            continue
        compared += 1
        dated = programs_on(case, progs)
        runs = [_run(case.win, p) for p in dated]
        seen = [(outcome(r, e), _yaku_set(r)) for r, e in runs]
        if all(s == seen[0] for s in seen):
            continue
        why = tuple(() if seen[k] == seen[0] else reasons(case.win, dated[0], dated[k])
                    for k in range(len(progs)))
        out.append((case, [shown for shown, _ in seen], why))
    return compared, out


def _referee_cases(
    a: ScoringProgram, b: ScoringProgram, suite: Sequence[Any]
) -> tuple[int, list[CaseDifference]]:
    """The referee cases (a deal and events) followed under both rulesets, and those whose
    outcome differs, with the clauses of the table rules (or the scorings) behind it."""
    compared, found = _referee_differences([a, b], suite)
    return compared, [CaseDifference(case.id, case.location, shown[0], shown[1], why[1],
                                     _source(case), kind="referee")
                      for case, shown, why in found]


def _referee_differences(
    progs: Sequence[ScoringProgram], suite: Sequence[Any]
) -> tuple[int, list[tuple[Any, list[str], tuple[tuple[Reason, ...], ...]]]]:
    """How many referee cases were followed under every ruleset, and those on which the
    rulesets do not all agree: each with its outcomes in a few words and, for each ruleset,
    the reasons it differs from the first (none where it does not)."""
    panels: dict[tuple[int, ...], Panel] = {}
    out = []
    compared = 0
    for case in suite:
        if case.events is None or case.deal is None:
            continue
        compared += 1
        dated = programs_on(case, progs)  # the programs at the case's date
        key = tuple(map(id, dated))
        panel = panels.get(key) or panels.setdefault(key, Panel(dated))
        outcomes = panel.outcomes(case)
        if all(o == outcomes[0] for o in outcomes):
            continue
        why = tuple(() if outcomes[k] == outcomes[0] else
                    _referee_reasons(panel.causes(case, outcomes, 0, k), dated[0], dated[k],
                                     _differing(dated[0], dated[k]))
                    for k in range(len(dated)))
        out.append((case, cells(outcomes), why))
    return compared, out


def _differing(a: ScoringProgram, b: ScoringProgram) -> set[str]:
    """The parameters whose values differ between two rulesets."""
    return {p.name for p in _parameters(a.config, b.config)}


def _source(case: Any) -> str:
    """A case's source on one line."""
    return " ".join(str(case.source).split())


def _referee_reasons(
    causes: Sequence[Cause], a: ScoringProgram, b: ScoringProgram, differing: set[str],
) -> tuple[Reason, ...]:
    """Each cause as reasons: a clause of a table rule, where it is written and the differing
    parameters it reads; a scoring, as :func:`reasons`, but where the scorer refuses the win
    under one ruleset, the refusal (and the yaku only if it is for want of a yaku)."""
    out: list[Reason] = []
    for cause in causes:
        if cause.part != SCORING:
            params = (part_parameters(a, cause.part) | part_parameters(b, cause.part)) & differing
            out.append(Reason(part_text(a if part_origin(a, cause.part) else b, cause),
                              part_origin(a, cause.part) or part_origin(b, cause.part),
                              tuple(sorted(params))))
            continue
        errors = [s for s in (cause.a, cause.b) if isinstance(s, InputError)]
        if errors:
            out.append(Reason(
                f"the win: {_scored_text(cause.a)} vs {_scored_text(cause.b)}", "the scorer"))
        if all(e.code == "no_yaku" for e in errors) and cause.win is not None:
            out.extend(reasons(cause.win, a, b))
    return tuple(dict.fromkeys(out))


def _result_of(scored: Scored) -> Result | None:
    return None if isinstance(scored, InputError) else scored


def _scored_text(scored: Scored) -> str:
    if isinstance(scored, InputError):
        return f"error {scored.code} ({scored.message})"
    return outcome(scored)


def _yaku_set(result: Result | None) -> frozenset[tuple[str, int, int]]:
    if result is None:
        return frozenset()
    return frozenset((y.id, y.han, y.yakuman) for y in result.yaku)


def reasons(win: Win | Mapping[str, Any], a: ScoringProgram, b: ScoringProgram
            ) -> tuple[Reason, ...]:
    """Why a win scores differently under two rulesets: the rules whose two versions, read
    in the same situation, part (see :class:`riichi_rules.search.causes.Explainer`), each
    where it is written and with the differing parameters it reads; where no rule's versions
    part, the parts of the results that differ."""
    if not isinstance(win, Win):
        win = Win.from_json(win)
    explained = explainer(a, b).explain(Probe(win, a), Probe(win, b))
    return tuple(_as_reason(c) for c in explained.causes or explained.effects)


_WHAT = {"yaku": "yaku {}", "dora": "dora {}", "fu": "fu: {}", "limit": "limit {}",
         "payments": "payments", "honba": "honba", "deposit": "riichi deposit",
         "refused": "refused: {}"}


def _as_reason(cause: SearchCause) -> Reason:
    return Reason(_WHAT[cause.stage].format(cause.name), cause.origin, cause.parameters)


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
    for kind, (differ, compared) in c.by_kind.items():
        lines += ["", f"{kind.capitalize()} cases whose outcome differs ({differ} of "
                  f"{compared}):"]
        for d in c.cases:
            if d.kind == kind:
                lines.append(f"  {d.case}: {d.a} | {d.b}   ({d.location})")
                lines.extend(f"      {reason}" for reason in d.reasons)
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
    for kind, (differ, compared) in c.by_kind.items():
        lines += ["", f"## {kind.capitalize()} cases ({differ} of {compared} differ)", "",
                  f"| case | {c.a} | {c.b} | why |", "|---|---|---|---|"]
        lines.extend(f"| `{d.case}` | {_cell(d.a)} | {_cell(d.b)} | "
                     f"{_cell('; '.join(d.reasons))} |" for d in c.cases if d.kind == kind)
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """Text for a Markdown table cell."""
    return text.replace("|", "/")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return str(value)
