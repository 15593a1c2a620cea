"""Where two rulesets score differently, found by search (``riichi compare A B --search``).

The rules decide where to look: every scoring clause the two rulesets read differently (a
parameter with another value, a rule written otherwise, a yaku only one of them has) is a
target, and a hill climb per target goes towards the wins where one side's clause counts and
the other's does not (or both count, where only the value differs): a limit with kiriage is
aimed at with 4 han 30 fu because its condition says ``basic >= 1920``, a double-wind pair
fu with the seat wind equal to the round wind because its condition says so. A free random
walk runs beside them. Every win reached is scored under both rulesets; each difference is
put down to its causes (:mod:`riichi_rules.search.causes`), and for each cause the plainest
witness is kept and made plainer still, one part at a time, while it still shows that cause.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from riichi_rules.hand import Win
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import PARAMETERS_READ, situation_error
from riichi_rules.search.causes import Cause, Explainer, Explanation
from riichi_rules.search.climb import Budget, Climber
from riichi_rules.search.probe import Probe
from riichi_rules.search.situations import NO_BIAS, Situation, compact, simpler
from riichi_rules.search.targets import Pair, differing

CHUNK = 50  # situations each climb tries in its turn
_NOTHING = Explanation((), ())


@dataclass(slots=True)
class Finding:
    """A cause of differences, with the plainest win found that shows it."""

    cause: Cause
    situation: Situation
    win: Win
    outcomes: tuple[Result | None, Result | None]
    errors: tuple[str, str]
    causes: tuple[Cause, ...]  # every cause the witness shows (this one first)
    effects: tuple[Cause, ...] = ()  # the other parts of the results that differ
    count: int = 1  # situations of the search that showed it

    @property
    def points_differ(self) -> bool:
        a, b = self.outcomes
        return a is None or b is None or a.winner_receives != b.winner_receives

    def rank(self) -> tuple[Any, ...]:
        """Smaller is plainer: one cause alone, points that differ (not only han or fu), then
        fewer melds, flags, indicators ... (Situation.plainness), then fewer han."""
        han = self.outcomes[0].han if self.outcomes[0] is not None else 99
        return (len(self.causes), not self.points_differ, len(self.effects),
                self.situation.plainness(), han)


@dataclass(slots=True)
class Differences:
    """What a search found: each cause with its witness, the parameters the scoring reads
    that differ, and which of them a witness names."""

    rulesets: tuple[str, str]
    searched: int
    findings: list[Finding]
    parameters: tuple[str, ...]  # differing parameters that scoring reads
    alike: frozenset[str] = frozenset()  # of those, the ones no rule reads differently
    targets: list[Pair] = field(default_factory=list)
    seed: int = 0

    def found_for(self, parameter: str) -> list[Finding]:
        return [f for f in self.findings if parameter in f.cause.parameters]

    def to_json(self) -> dict[str, Any]:
        a, b = self.rulesets
        return {
            "rulesets": [a, b],
            "searched": self.searched,
            "differences": [{
                "cause": f.cause.to_json(),
                "witness": compact(f.win),
                "outcomes": {a: _outcome(f.outcomes[0], f.errors[0]),
                             b: _outcome(f.outcomes[1], f.errors[1])},
                "count": f.count,
                "also": [str(c) for c in f.causes if c != f.cause],
                "effects": [str(c) for c in f.effects],
            } for f in self.findings],
            "parameters": {p: [str(f.cause) for f in self.found_for(p)]
                           for p in self.parameters},
            "alike": sorted(self.alike),
            "seed": self.seed,
        }


def _outcome(result: Result | None, error: str) -> dict[str, Any]:
    return result.to_json() if result is not None else {"error": error}


class _Search:
    def __init__(self, a: ScoringProgram, b: ScoringProgram, seed: int) -> None:
        self.a, self.b = a, b
        self.explainer = Explainer(a, b)
        self.pairs = differing(a, b)
        self.found: dict[tuple[Any, ...], Finding] = {}
        self.climbers = [Climber(random.Random(f"{seed}:{i}:{pair.key}"),
                                 self._measure(pair), pair.bias(), possible=self._possible)
                         for i, pair in enumerate(self.pairs)]
        self.climbers.append(Climber(random.Random(f"{seed}:free"), lambda win: 0.0, NO_BIAS,
                                     possible=self._possible))

    def _possible(self, win: Win) -> bool:
        """Whether either ruleset's situation rules let the win be (one refusing it where the
        other scores it is a difference)."""
        return situation_error(win, self.a) is None or situation_error(win, self.b) is None

    def _measure(self, pair: Pair) -> Any:
        def measure(win: Win) -> float:
            return pair.measure(Probe(win, self.a), Probe(win, self.b))
        return measure

    def outcome(self, win: Win) -> tuple[Probe, Probe, Explanation]:
        pa, pb = Probe(win, self.a), Probe(win, self.b)
        if _same(pa.result, pb.result):
            return pa, pb, _NOTHING
        return pa, pb, self.explainer.explain(pa, pb)

    def run(self, budget: Budget) -> None:
        while budget.left():
            for climber in self.climbers:
                for _ in range(CHUNK):
                    if not budget.left():
                        return
                    hit = climber.step(budget)
                    if hit is not None:
                        self.record(*hit)

    def record(self, situation: Situation, win: Win) -> None:
        pa, pb, explained = self.outcome(win)
        for cause in explained.causes:
            first = (cause, *(c for c in explained.causes if c != cause))
            finding = Finding(cause, situation, win, (pa.result, pb.result),
                              (pa.error, pb.error), first, explained.effects)
            known = self.found.get(cause.key)
            if known is None:
                self.found[cause.key] = finding
            else:
                known.count += 1
                if finding.rank() < known.rank():
                    finding.count = known.count
                    self.found[cause.key] = finding

    def plainer(self, finding: Finding, tries: int = 400) -> Finding:
        """The witness made plainer one part at a time while it still shows the cause and
        no more causes than before."""
        current = finding
        improved = True
        while improved and tries > 0:
            improved = False
            for candidate in simpler(current.situation):
                tries -= 1
                win = candidate.to_win()
                if win is None:
                    continue
                pa, pb, explained = self.outcome(win)
                causes = explained.causes
                if (current.cause not in causes or len(causes) > len(current.causes)
                        or (current.points_differ and not _points_differ(pa, pb))):
                    continue
                current = Finding(current.cause, candidate, win, (pa.result, pb.result),
                                  (pa.error, pb.error),
                                  (current.cause, *(c for c in causes if c != current.cause)),
                                  explained.effects, current.count)
                improved = True
                break
        return current


def _points_differ(pa: Probe, pb: Probe) -> bool:
    ra, rb = pa.result, pb.result
    return ra is None or rb is None or ra.winner_receives != rb.winner_receives


def _same(ra: Result | None, rb: Result | None) -> bool:
    if ra is None or rb is None:
        return ra is rb
    return (ra.han, ra.fu, ra.yakuman, ra.limit, ra.basic, ra.points, ra.honba_total,
            ra.sticks, sorted((y.id, y.han, y.yakuman) for y in ra.yaku),
            sorted((p.payer, p.points, p.honba) for p in ra.payments)) == (
        rb.han, rb.fu, rb.yakuman, rb.limit, rb.basic, rb.points, rb.honba_total, rb.sticks,
        sorted((y.id, y.han, y.yakuman) for y in rb.yaku),
        sorted((p.payer, p.points, p.honba) for p in rb.payments))


def search_differences(a: ScoringProgram, b: ScoringProgram, budget: Budget,
                       seed: int = 0) -> Differences:
    """Search for wins that ``a`` and ``b`` score differently, within ``budget``."""
    search = _Search(a, b, seed)
    search.run(budget)
    findings = sorted((search.plainer(f) for f in search.found.values()),
                      key=lambda f: (f.cause.stage, f.cause.name, f.cause.origin))
    read = set(PARAMETERS_READ)
    for table in search.explainer.targets:
        for target in table.values():
            read |= target.parameters
    read_differently = {p for pair in search.pairs for side in (pair.a, pair.b)
                        if side is not None for p in side.parameters}
    params = frozenset(read) & search.explainer.differing
    alike = params - read_differently - PARAMETERS_READ
    return Differences((a.config.label, b.config.label), budget.tried, findings,
                       tuple(sorted(params)), alike, search.pairs, seed)
