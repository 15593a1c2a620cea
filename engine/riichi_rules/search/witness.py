"""Witness hands for every scoring rule, and the rules that can never apply
(``riichi check --witness``).

For each yaku, yakuman, dora kind, fu item and limit of a ruleset the search (aimed by the
rule's own condition) looks for a win where it counts, verified by scoring it, and then for a
near miss: a win one change away that still scores but without it. A rule with no witness
is a finding, said with its place in the rule files:

* its condition is false whatever the hand, under this ruleset's parameters;
* parts of its condition never hold together (the search narrows them down to the
  smallest set of parts that it never saw true at once);
* its condition holds, but it never scores: another rule replaces it every time, a yakuman
  pushes it out, or it needs a closed hand and its condition an open one.

For a house rule (declared outside the bundled base rules) it also says when the rule is not
new: it holds on every witness of a bundled yaku (it fires on every such hand), or a bundled
yaku holds on every witness of it (it never fires without that yaku).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules.errors import Diagnostic
from riichi_rules.hand import Win
from riichi_rules.language import ast
from riichi_rules.language import typed as t
from riichi_rules.language import vocabulary as v
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.typed import Typed
from riichi_rules.resources import rulesets_dir
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import situation_error
from riichi_rules.search.climb import Budget, Climber
from riichi_rules.search.probe import Probe
from riichi_rules.search.situations import Situation, mutate, simpler
from riichi_rules.search.targets import Target, targets

KINDS = ("yaku", "yakuman", "dora", "fu", "limit")
SAMPLES = 12  # witnesses kept per rule, to judge what a house rule adds


@dataclass(slots=True)
class Witnessed:
    """What the search found for one rule: a witness and a near miss (each a win and its
    result), how many situations it tried, and the findings about a rule without witness."""

    target: Target
    witness: tuple[Win, Result] | None = None
    near_miss: tuple[Win, Result] | None = None
    tried: int = 0
    held: int = 0  # situations where its condition held
    pushed_out: dict[str, int] = field(default_factory=dict)  # by what, when it held
    problems: list[Diagnostic] = field(default_factory=list)
    notes: list[Diagnostic] = field(default_factory=list)  # ruled out by the parameters
    samples: list[tuple[Win, Probe]] = field(default_factory=list)

    @property
    def found(self) -> bool:
        return self.witness is not None


class _Witnesses:
    def __init__(self, program: ScoringProgram, seed: int, samples: int = SAMPLES) -> None:
        self.program = program
        self.seed = seed
        self.samples = samples
        self.targets = [tg for tg in targets(program).values() if tg.kind in KINDS]

    def probe(self, win: Win) -> Probe:
        return Probe(win, self.program)

    def possible(self, win: Win) -> bool:
        """Whether the ruleset's situation rules let the win be."""
        return situation_error(win, self.program) is None

    def find(self, target: Target, budget: Budget) -> Witnessed:
        found = Witnessed(target)
        if target.never:
            (found.notes if target.parameters else found.problems).append(self._never(target))
            return found
        rng = random.Random(f"{self.seed}:{target.key}")
        climber = Climber(rng, lambda win: target.measure(self.probe(win)), target.bias(),
                          possible=self.possible)
        best: tuple[Situation, Win, Result] | None = None
        while budget.left() and len(found.samples) < self.samples:
            start = budget.tried
            hit = climber.step(budget)
            found.tried += budget.tried - start
            if hit is None:
                continue
            situation, win = hit
            probe = self.probe(win)
            result = probe.result
            found.held += 1
            if result is not None and target.counted(result):
                found.samples.append((win, probe))
                if best is None or situation.plainness() < best[0].plainness():
                    best = (situation, win, result)
            else:
                why = self._pushed_out(target, result, probe.error)
                found.pushed_out[why] = found.pushed_out.get(why, 0) + 1
            if best is not None and found.tried > 4000 and len(found.samples) >= min(
                    3, self.samples):
                break
        if best is None:
            dead = self._unreachable(found, budget)
            (found.notes if is_bundled(target) else found.problems).append(dead)
            return found
        situation, win, result = self._plainer(target, best)
        found.witness = (win, result)
        found.near_miss = self._near_miss(target, situation, rng)
        return found

    # -- the plainest witness, and a near miss ------------------------------------------------
    def _plainer(self, target: Target, best: tuple[Situation, Win, Result]
                 ) -> tuple[Situation, Win, Result]:
        current = best
        improved = True
        while improved:
            improved = False
            for candidate in simpler(current[0]):
                win = candidate.to_win()
                if win is None:
                    continue
                result = self.probe(win).result
                if result is not None and target.counted(result):
                    current = (candidate, win, result)
                    improved = True
                    break
        return current

    def _near_miss(self, target: Target, situation: Situation, rng: random.Random
                   ) -> tuple[Win, Result] | None:
        """A win as close to the witness as can be found that scores, and where the rule's
        condition fails: the fewest parts changed, then the plainest, among the witness's
        plainer versions and 400 changes of it."""
        best: tuple[tuple[int, ...], Win, Result] | None = None
        candidates = [*simpler(situation), *(mutate(rng, situation) for _ in range(400))]
        for candidate in candidates:
            win = candidate.to_win()
            if win is None:
                continue
            probe = self.probe(win)
            result = probe.result
            if result is None or target.counted(result) or target.measure(probe) == 0:
                continue  # a near miss scores, and the rule's condition fails in it
            rank = (candidate.changes_from(situation), *candidate.plainness())
            if best is None or rank < best[0]:
                best = (rank, win, result)
        return (best[1], best[2]) if best is not None else None

    # -- findings about a rule without witness -------------------------------------------------
    def _pushed_out(self, target: Target, result: Result | None, error: str) -> str:
        if result is None:
            return f"the win is refused ({error})"
        declaration = self.program.declarations.get(target.name)
        for rule in (*self.program.yakuman, *self.program.yaku):
            if target.name in rule.replaces and any(y.id == rule.id for y in result.yaku):
                return f"{rule.id} replaces it ({rule.origin.text})"
        if result.yakuman and declaration is not None and declaration.kind != "yakuman":
            return "a yakuman scores instead"
        alone = [y.id for y in result.yaku if self._stands_alone(y.id)]
        if alone:
            return f"{alone[0]} stands alone and is worth more"
        return "it counts for nothing in that hand"

    def _stands_alone(self, yaku_id: str) -> bool:
        return any(r.id == yaku_id and r.stands_alone for r in self.program.yaku)

    def _never(self, target: Target) -> Diagnostic:
        params = ", ".join(f"rule.{p} = {self.program.config.parameters.get(p)!r}"
                           for p in sorted(target.parameters))
        why = f" under this ruleset's parameters ({params})" if params else ""
        return _diagnostic(target.span, f"{target.label} can never apply: its condition is "
                           f"false whatever the hand{why}", "remove it, or change the "
                           "parameter if it should apply")

    def _unreachable(self, found: Witnessed, budget: Budget) -> Diagnostic:
        target = found.target
        if found.held:
            reasons = sorted(found.pushed_out.items(), key=lambda kv: -kv[1])
            why = "; ".join(f"{reason} ({n} of {found.held})" for reason, n in reasons)
            return _diagnostic(target.span, f"{target.label} never scores: its condition "
                               f"held in {found.held} situations found, but {why}",
                               "if the other rule should not replace it, change its "
                               "'replaces'; otherwise the rule is dead")
        core = self._core(target)
        if core:
            named = _texts(core)
            parts = " and ".join(f"'{text}' ({_where(node.node.span)})" for node, text in named)
            together = "never holds" if len(core) == 1 else "never hold together"
            return _diagnostic(core[0].node.span, f"{target.label} can never apply: {parts} "
                               f"{together} in any of {found.tried} situations tried",
                               "no hand can meet this condition as written")
        return _diagnostic(target.span, f"{target.label}: no witness found in {found.tried} "
                           "situations tried", "give the search more time (--budget)")

    def _core(self, target: Target) -> list[Typed]:
        """The smallest set of the condition's parts (those joined by 'and'; for a yaku that
        scores only closed, 'closed' too) that the search never sees true together: each part
        is dropped in turn and kept out when the rest is still never true. Empty when the
        whole condition can hold."""
        condition = target.condition
        parts: list[Typed] = []
        if condition is not None:
            parts = [p for p in condition.parts if p is not None] if condition.op == t.AND \
                else [condition]
        if target.closed_only:
            parts.append(_closed(target))
        if not parts or self._ever(target, parts):
            return []
        needed = list(parts)
        for part in parts:
            if len(needed) == 1:
                break
            rest = [p for p in needed if p is not part]
            if not self._ever(target, rest):
                needed = rest
        return needed

    def _ever(self, target: Target, parts: list[Typed], situations: int = 3000) -> bool:
        """Whether the search finds, in ``situations`` tries, a win where all ``parts`` of
        the target's condition hold."""
        rng = random.Random(f"{self.seed}:core:{target.key}:{len(parts)}")
        whole = _conjunction(parts, parts[0])
        climber = Climber(rng, lambda win: self.probe(win).distance(whole, True, target.stage),
                          target.bias(), possible=self.possible)
        budget = Budget(situations)
        while budget.left():
            if climber.step(budget) is not None:
                return True
        return False


def _conjunction(parts: list[Typed], like: Typed) -> Typed:
    return parts[0] if len(parts) == 1 else Typed(t.AND, like.type, like.node, tuple(parts))


def _diagnostic(span: ast.Span, message: str, hint: str) -> Diagnostic:
    return Diagnostic(span.file, span.line, span.column, message, _line(span), hint)


def _line(span: ast.Span) -> str:
    try:
        with open(span.file, encoding="utf-8") as handle:
            for number, text in enumerate(handle, 1):
                if number == span.line:
                    return text.rstrip("\n")
    except OSError:
        return ""
    return ""


def _where(span: ast.Span) -> str:
    return f"{span.file}:{span.line}:{span.column}"


def _texts(parts: list[Typed]) -> list[tuple[Typed, str]]:
    """Each part with its source text as written: from its column to where the next part on
    its line starts (without the 'and' between them), or to the end of the line."""
    out = []
    for part in parts:
        if isinstance(part.node, ast.Name) and part.node.name == _CLOSED_HAND:
            out.append((part, _CLOSED_HAND))
            continue
        span = part.node.span
        line = _line(span)
        after = [p.node.span.column for p in parts
                 if p.node.span.line == span.line and p.node.span.column > span.column]
        text = line[span.column - 1:min(after) - 1 if after else None].strip()
        text = text.removesuffix(" and").removesuffix(" or").strip()
        out.append((part, text[:60] or part.op))
    return out


_CLOSED_HAND = "a closed hand (its han is for a closed hand only)"


def _closed(target: Target) -> Typed:
    """The requirement of a yaku that scores only closed, as a part of its condition
    (placed where the yaku is declared)."""
    feature = v.FEATURES["closed"]
    return Typed(t.FEATURE, v.BOOL, ast.Name(_CLOSED_HAND, target.span),
                 data=("closed", feature))


# -- what a house rule adds ----------------------------------------------------------------------


def is_bundled(target: Target) -> bool:
    """Whether a rule is declared in the bundled base rules."""
    base = (rulesets_dir() / "base").resolve()
    try:
        return Path(target.span.file).resolve().is_relative_to(base)
    except (OSError, ValueError):
        return False


MIN_SAMPLES = 5  # witnesses needed before a rule is said to always go with another


def overlaps(found: Iterable[Witnessed], replaced: frozenset[tuple[str, str]] = frozenset()
             ) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """What each house yaku (declared outside the base rules) adds beside a bundled one of
    the same tier (yaku beside yaku, yakuman beside yakuman; one that replaces the other is
    left alone: ``replaced`` holds (replacing, replaced) pairs of ids). Problems: the two
    always fire together, or the house yaku fires on every witness of the bundled one (it
    scores on top of it every time). Notes: the bundled yaku holds on every witness of the
    house yaku (the house yaku is a special case, scored on top of it)."""
    found = list(found)
    yaku = [w for w in found if w.target.kind in ("yaku", "yakuman")
            and len(w.samples) >= MIN_SAMPLES]
    house = [w for w in yaku if not is_bundled(w.target)]
    bundled = [w for w in yaku if is_bundled(w.target)]
    problems: list[Diagnostic] = []
    notes: list[Diagnostic] = []
    for mine in house:
        for theirs in bundled:
            names = (mine.target.name, theirs.target.name)
            if (mine.target.kind != theirs.target.kind or names in replaced
                    or names[::-1] in replaced):
                continue
            implied = all(_holds(theirs.target, probe) for _, probe in mine.samples)
            covers = all(_holds(mine.target, probe) for _, probe in theirs.samples)
            other = f"{theirs.target.name} ({_where(theirs.target.span)})"
            if implied and covers:
                problems.append(_diagnostic(
                    mine.target.span, f"{mine.target.label} is not new: it and {other} hold "
                    f"together on every witness of either ({len(mine.samples)} and "
                    f"{len(theirs.samples)} found): the two always score together",
                    "remove one, or let one replace the other ('replaces')"))
            elif covers:
                problems.append(_diagnostic(
                    mine.target.span, f"{mine.target.label} also fires on every hand of "
                    f"{other} ({len(theirs.samples)} witnesses found): it scores on top of "
                    "it every time", "narrow its condition, or let one replace the other "
                    "('replaces')"))
            elif implied:
                notes.append(_diagnostic(
                    mine.target.span, f"{mine.target.label} never fires without {other} "
                    f"(it held on all {len(mine.samples)} witnesses found): a special case, "
                    "scored on top of it", "if it should be scored instead, add "
                    f"'replaces {theirs.target.name}'"))
    return problems, notes


def _holds(target: Target, probe: Probe) -> bool:
    """Whether the target's condition holds in some reading of the win."""
    return any(evaluate(target.condition, env) if target.condition is not None else True
               for env in probe.envs(False))


@dataclass(slots=True)
class WitnessReport:
    ruleset: str
    rules: list[Witnessed]
    overlaps: tuple[list[Diagnostic], list[Diagnostic]]  # problems, notes
    seconds: float = 0.0

    @property
    def problems(self) -> list[Diagnostic]:
        return [d for w in self.rules for d in w.problems] + self.overlaps[0]

    @property
    def notes(self) -> list[Diagnostic]:
        """Not problems: rules this ruleset's parameters rule out, bundled rules a house rule
        replaces every time, house yaku that are special cases of bundled ones."""
        return [d for w in self.rules for d in w.notes] + self.overlaps[1]

    def to_json(self) -> dict[str, Any]:
        from riichi_rules.search.situations import compact

        def pair(found: tuple[Win, Result] | None) -> dict[str, Any] | None:
            if found is None:
                return None
            return {"win": compact(found[0]), "score": found[1].to_json()}

        return {
            "ruleset": self.ruleset,
            "rules": [{"kind": w.target.kind, "name": w.target.name,
                       "where": _where(w.target.span), "witness": pair(w.witness),
                       "near_miss": pair(w.near_miss), "tried": w.tried}
                      for w in self.rules],
            "problems": [_json(d) for d in self.problems],
            "notes": [_json(d) for d in self.notes],
        }


def _json(d: Diagnostic) -> dict[str, Any]:
    return {"file": d.file, "line": d.line, "column": d.column, "message": d.message,
            "hint": d.hint}


def witness_report(program: ScoringProgram, budget: Budget, seed: int = 0,
                   samples: int = SAMPLES) -> WitnessReport:
    """A witness and a near miss for every scoring rule of a program, and the problems. Each
    rule may take up to three times its fair share of what is left of the budget. The search
    for a rule stops once it has ``samples`` witnesses (the plainest is kept): fewer than
    MIN_SAMPLES leave out what house yaku add beside bundled ones."""
    started = time.monotonic()
    replaced = frozenset((r.id, name) for r in (*program.yakuman, *program.yaku)
                         for name in r.replaces)
    search = _Witnesses(program, seed, samples)
    rules: list[Witnessed] = []
    for i, target in enumerate(search.targets):
        left = len(search.targets) - i
        share = Budget(budget.tried + max(1, 3 * (budget.situations - budget.tried) // left),
                       None if budget.deadline is None else
                       min(budget.deadline,
                           time.monotonic() + 3 * max(0.0, budget.deadline - time.monotonic())
                           / left), budget.tried)
        rules.append(search.find(target, share))
        budget.tried = share.tried
    return WitnessReport(program.config.id, rules, overlaps(rules, replaced),
                         time.monotonic() - started)
