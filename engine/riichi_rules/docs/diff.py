"""Where two rulesets differ: parameter by parameter and yaku by yaku.

:func:`diff_rulesets` is the one entry point the pages use; a ``riichi compare`` command may
take its place later.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from riichi_rules.docs.render import Const, Renderer, fold, static_value
from riichi_rules.language import ast
from riichi_rules.rulesets.config import parameter_schemas
from riichi_rules.scoring.program import ScoringProgram

__all__ = [
    "ParameterDiff",
    "RulesetDiff",
    "YakuDiff",
    "YakuFacts",
    "diff_rulesets",
    "han_text",
    "yaku_facts",
]

Han = int | str | None


@dataclass(frozen=True, slots=True)
class YakuFacts:
    """A yaku, yakuman or dora kind as one ruleset has it, its parameters folded in."""

    id: str
    title: str
    kind: str  # "yaku" | "yakuman" | "dora"
    han_closed: Han  # a number, a formula (dora), or None for a yakuman
    han_open: Han  # None: closed hands only
    multiple: Han  # yakuman multiple in this ruleset (1, 2, or a formula)
    scores: bool  # False when the parameters make the condition false
    condition: str  # the condition with the parameters folded in, as a sentence
    replaces: tuple[str, ...]
    stands_alone: bool
    origin: str  # file:line
    source: str
    declaration: ast.Declaration


def _han(value: object, expr: object, renderer: Renderer) -> Han:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | str):
        return value
    return renderer.value(expr) if expr is not None else None


def yaku_facts(prog: ScoringProgram) -> dict[str, YakuFacts]:
    """Every yaku, yakuman and dora kind of a program, in declaration order."""
    params = prog.config.parameters
    plain = Renderer(None, _titles())
    overrides = prog.config.yaku_overrides
    out: dict[str, YakuFacts] = {}
    for name, decl in prog.declarations.items():
        when = decl.first("when")
        folded = fold(when.value, params) if when is not None and when.value is not None else \
            Const(True, decl.span)
        scores = not (isinstance(folded, Const) and not folded.value)
        condition = plain.condition(folded)
        han = decl.first("han")
        change = overrides.get(name, {})
        han_closed: Han = None
        han_open: Han = None
        if han is not None and han.value is not None:
            han_closed = _han(static_value(han.value, params), fold(han.value, params), plain)
            if han.open_value is not None:
                han_open = _han(static_value(han.open_value, params),
                                fold(han.open_value, params), plain)
            elif decl.kind == "dora":
                han_open = han_closed
        if "han_closed" in change:
            han_closed = _han(change["han_closed"], None, plain)
        if "han_open" in change:
            han_open = _han(change["han_open"], None, plain)
        multiple: Han = None
        if decl.kind == "yakuman":
            multiple = 1
            for clause in decl.clauses_of("multiple"):
                if clause.value is None:
                    continue
                cond = fold(clause.when, params) if clause.when is not None else \
                    Const(True, clause.span)
                if isinstance(cond, Const):
                    if cond.value:
                        multiple = _han(static_value(clause.value, params),
                                        fold(clause.value, params), plain)
                else:
                    multiple = (f"{plain.value(fold(clause.value, params))} when "
                                f"{plain.condition(cond)}")
        source = decl.first("source")
        out[name] = YakuFacts(
            id=name, title=decl.title or name, kind=decl.kind, han_closed=han_closed,
            han_open=han_open, multiple=multiple, scores=scores, condition=condition,
            replaces=tuple(n for c in decl.clauses_of("replaces") for n in c.names),
            stands_alone=bool(decl.clauses_of("stands_alone")),
            origin=f"{decl.span.file}:{decl.span.line}",
            source=(source.label or "") if source is not None else "",
            declaration=decl,
        )
    return out


def han_text(facts: YakuFacts | None) -> str:
    """A short cell: ``2/1`` (closed/open), ``1/-`` (closed only), ``Y``, ``Yx2``, ``—``
    (absent), ``never`` (the parameters switch it off)."""
    if facts is None:
        return "—"
    if not facts.scores:
        return "never"
    if facts.kind == "yakuman":
        return "Y" if facts.multiple == 1 else (
            f"Y\u00d7{facts.multiple}" if isinstance(facts.multiple, int) else "Y (\u00d72 if …)")
    if facts.kind == "dora":
        return "per tile"
    closed = facts.han_closed if facts.han_closed is not None else "\u2013"
    opened = facts.han_open if facts.han_open is not None else "\u2013"
    alone = " alone" if facts.stands_alone else ""
    return f"{closed}/{opened}{alone}"


@dataclass(frozen=True, slots=True)
class ParameterDiff:
    name: str
    title: str
    description: str
    a: object
    b: object
    a_uncertain: str | None
    b_uncertain: str | None


@dataclass(frozen=True, slots=True)
class YakuDiff:
    id: str
    title: str
    a: YakuFacts | None
    b: YakuFacts | None
    changes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RulesetDiff:
    a: str
    b: str
    parameters: tuple[ParameterDiff, ...]
    yaku: tuple[YakuDiff, ...]


def _titles() -> dict[str, str]:
    return {name: str(schema.get("title", name)) for name, schema in parameter_schemas().items()}


def _same(x: object, y: object) -> bool:
    return _plain(x) == _plain(y)


def _plain(value: object) -> object:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def diff_rulesets(a: ScoringProgram, b: ScoringProgram) -> RulesetDiff:
    """The parameters whose values differ and the yaku that differ (present in one only,
    other han, another yakuman multiple, a condition the parameters change)."""
    schemas = parameter_schemas()
    params = []
    for name, schema in schemas.items():
        va, vb = a.config.parameters.get(name), b.config.parameters.get(name)
        if not _same(va, vb):
            params.append(ParameterDiff(
                name, str(schema.get("title", name)), str(schema.get("description", "")), va, vb,
                a.config.uncertain.get(name), b.config.uncertain.get(name)))
    fa, fb = yaku_facts(a), yaku_facts(b)
    order = list(fa) + [k for k in fb if k not in fa]
    yaku = []
    for name in order:
        x, y = fa.get(name), fb.get(name)
        changes: list[str] = []
        if x is None or y is None:
            present = a.config.id if x is not None else b.config.id
            changes.append(f"only in {present}")
        else:
            if x.scores != y.scores:
                off = a.config.id if not x.scores else b.config.id
                changes.append(f"never scores in {off} (its parameters rule it out)")
            if x.han_closed != y.han_closed:
                changes.append(f"han when closed: {x.han_closed} → {y.han_closed}")
            if x.han_open != y.han_open:
                changes.append(f"han when open: {_open(x.han_open)} → {_open(y.han_open)}")
            if x.multiple != y.multiple:
                changes.append(f"yakuman multiple: {x.multiple} → {y.multiple}")
            if x.stands_alone != y.stands_alone:
                changes.append("stands alone" if y.stands_alone else "no longer stands alone")
            if x.replaces != y.replaces:
                changes.append(f"replaces: {', '.join(x.replaces) or 'nothing'} → "
                               f"{', '.join(y.replaces) or 'nothing'}")
            if x.scores and y.scores and x.condition != y.condition:
                changes.append(f"condition: “{x.condition}” → “{y.condition}”")
        if changes:
            title = x.title if x is not None else (y.title if y is not None else name)
            yaku.append(YakuDiff(name, title, x, y, tuple(changes)))
    return RulesetDiff(a.config.id, b.config.id, tuple(params), tuple(yaku))


def _open(value: Han) -> str:
    return "closed only" if value is None else str(value)
