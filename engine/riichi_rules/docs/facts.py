"""Each yaku, yakuman and dora kind as one ruleset has it, its parameters folded in: what the
yaku pages and the side-by-side matrix show.

Where two rulesets differ is :func:`riichi_rules.comparison.pair.compare`'s business (``riichi
compare``); this module only words a yaku for the pages (:func:`han_text`).
"""

from __future__ import annotations

from dataclasses import dataclass

from riichi_rules.docs.folding import TypedView
from riichi_rules.docs.render import Const, Renderer, fold, static_value
from riichi_rules.language import ast
from riichi_rules.rulesets.config import parameter_schemas
from riichi_rules.scoring.program import ScoringProgram

__all__ = ["YakuFacts", "han_text", "yaku_facts"]

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
    params = TypedView.of_program(prog)  # what the parameters decide, as the front end folds it
    plain = Renderer(None, _titles(), view=params)
    overrides = prog.config.yaku_overrides
    # whether the parameters rule a yaku out: as the compiler decided it
    never = {r.id: r.never for r in prog.yakuman + prog.yaku}
    never.update({r.id: r.never for r in prog.dora})
    out: dict[str, YakuFacts] = {}
    for name, decl in prog.declarations.items():
        when = decl.first("when")
        folded = fold(when.value, params) if when is not None and when.value is not None else \
            Const(True, decl.span)
        scores = not never.get(name, isinstance(folded, Const) and not folded.value)
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


def _titles() -> dict[str, str]:
    return {name: str(schema.get("title", name)) for name, schema in parameter_schemas().items()}
