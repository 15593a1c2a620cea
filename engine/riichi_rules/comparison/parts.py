"""What two or more rulesets' parameters and yaku are, side by side: the parameter values that
differ, how each ruleset has a yaku (absent, its han, its yakuman standing, ruled out), and
what differs about it in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_rules.language import ast
from riichi_rules.rulesets.config import RulesetConfig, parameter_schemas
from riichi_rules.scoring.program import DoraRule, ScoringProgram, YakuRule, parameters_read


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


def parameter_differences(a: RulesetConfig, b: RulesetConfig) -> list[ParameterDifference]:
    out = []
    for name, schema in parameter_schemas().items():
        va, vb = a.parameters.get(name), b.parameters.get(name)
        if plain(va) != plain(vb):
            out.append(ParameterDifference(
                name, str(schema.get("title", name)), str(schema.get("description", "")),
                plain(va), plain(vb), (a.uncertain.get(name, ""), b.uncertain.get(name, ""))))
    return out


def plain(value: Any) -> Any:
    """Config values are frozen (tuples, mapping proxies): make them JSON-like."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def yaku_side(rule: YakuRule | DoraRule | None) -> YakuSide:
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


def rules_of(prog: ScoringProgram) -> dict[str, YakuRule | DoraRule]:
    rules: dict[str, YakuRule | DoraRule] = {r.id: r for r in (*prog.yakuman, *prog.yaku)}
    rules.update({r.id: r for r in prog.dora})
    return rules


# The clauses that decide what a yaku does (a changed "doc" or "source" changes nothing).
_EFFECTIVE_CLAUSES = frozenset({"when", "han", "multiple", "replaces", "stands_alone"})


def written(decl: ast.Declaration) -> tuple[Any, ...]:
    """A declaration's effective clauses as plain data, without their places in the files."""
    return tuple(ast.unspanned(c) for c in decl.clauses if c.keyword in _EFFECTIVE_CLAUSES)


def yaku_differences(
    a: ScoringProgram, b: ScoringProgram, differing: set[str]
) -> list[YakuDifference]:
    rules_a, rules_b = rules_of(a), rules_of(b)
    out = []
    for yaku_id in sorted(set(rules_a) | set(rules_b)):
        ra, rb = rules_a.get(yaku_id), rules_b.get(yaku_id)
        side_a, side_b = yaku_side(ra), yaku_side(rb)
        reads = tuple(sorted((params_of(ra.declaration if ra else None)
                              | params_of(rb.declaration if rb else None)) & differing))
        rewritten = (ra is not None and rb is not None
                     and written(ra.declaration) != written(rb.declaration))
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


def differing(a: ScoringProgram, b: ScoringProgram) -> set[str]:
    """The parameters whose values differ between two rulesets."""
    return {p.name for p in parameter_differences(a.config, b.config)}


def params_of(node: object) -> frozenset[str]:
    return parameters_read(node) if node is not None else frozenset()
