"""Why a win scores differently under two rulesets: the rules behind the difference, each
with where it is written and the parameters it reads whose values differ.

Every part of the two results that differs (a yaku or dora kind, a fu item, the limit, the
payments, honba, the riichi deposit) comes from a rule. That rule is a *cause* when the two
rulesets' versions of it, read in the same situation (the same reading, han, fu and basic
points, taken from either result), give different outcomes; otherwise it is an *effect* of
another cause (a limit reached with the han a red five added, a yaku pushed out by a yaku
that stands alone, every yaku of a win the other ruleset refuses).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_rules.hand import Win
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import PARAMETERS_READ
from riichi_rules.search.probe import Probe
from riichi_rules.search.targets import Pair, Target, differing, targets


@dataclass(frozen=True, slots=True, order=True)
class Cause:
    """One rule behind a difference. ``stage``: yaku, dora, fu, limit, payments, honba,
    deposit or refused; ``name``: the yaku id, fu label, the limits on each side, or the
    refusal; ``origin``: where the rule is written (``file:line``, both sides' when they
    differ); ``parameters``: the parameters it reads whose values differ."""

    stage: str
    name: str
    origin: str
    parameters: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[str, str, str, tuple[str, ...]]:
        return (self.stage, self.name, self.origin, self.parameters)

    def __str__(self) -> str:
        params = f" [rule.{', rule.'.join(self.parameters)}]" if self.parameters else ""
        return f"{self.stage} {self.name} ({self.origin}){params}"

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "name": self.name, "origin": self.origin,
                "parameters": list(self.parameters)}


def differing_parameters(a: ScoringProgram, b: ScoringProgram) -> frozenset[str]:
    """The parameters whose values differ between two rulesets."""
    pa, pb = a.config.parameters, b.config.parameters
    return frozenset(name for name in set(pa) | set(pb) if pa.get(name) != pb.get(name))


# a part of the results that differs, as a cause, and the keys of the clauses it comes from
_Part = tuple[Cause, tuple[tuple[str, str, int], ...]]


@dataclass(frozen=True, slots=True)
class Explanation:
    causes: tuple[Cause, ...]
    effects: tuple[Cause, ...]

    @property
    def all(self) -> tuple[Cause, ...]:
        return self.causes + self.effects


class Explainer:
    """Names the causes of differences between two rulesets' results."""

    def __init__(self, a: ScoringProgram, b: ScoringProgram) -> None:
        self.a, self.b = a, b
        self.targets = (targets(a), targets(b))
        self.differing = differing_parameters(a, b)
        self.pairs: dict[tuple[str, str, int], Pair] = {p.key: p for p in differing(a, b)}

    def explain(self, pa: Probe, pb: Probe) -> Explanation:
        """The causes and the effects of the difference between a win's outcomes under the
        two rulesets (none when both refuse it)."""
        ra, rb = pa.result, pb.result
        if ra is None and rb is None:
            return Explanation((), ())
        if ra is None or rb is None:
            refused = self._refused(pa.error or pb.error)
            if refused is not None:
                return Explanation((refused,), ())
        causes: list[Cause] = []
        effects: list[Cause] = []
        for cause, keys in self._parts(ra, rb):
            pairs = [self.pairs[k] for k in keys if k in self.pairs]
            primary = any(pair.disagrees(pa, pb) for pair in pairs)
            (causes if primary else effects).append(cause)
        return Explanation(tuple(dict.fromkeys(causes)), tuple(dict.fromkeys(effects)))

    def _refused(self, code: str) -> Cause | None:
        """A win one ruleset refuses for a reason its parameters give (red fives: a fourth
        plain five), not for want of a yaku."""
        params = tuple(sorted(PARAMETERS_READ & self.differing))
        if code == "no_yaku" or not params:
            return None
        return Cause("refused", code, "the tile set", params)

    # -- the parts of the results that differ, each with the clauses it comes from --------------
    def _parts(self, ra: Result | None, rb: Result | None) -> list[_Part]:
        out = self._yaku(ra, rb)
        if ra is not None and rb is not None:
            out += self._fu(ra, rb)
            out += self._limit(ra, rb)
            for stage, kind, differs in (
                    ("payments", "pay", ra.points != rb.points and ra.basic == rb.basic),
                    ("honba", "honba", ra.honba_total != rb.honba_total),
                    ("deposit", "deposit", ra.sticks != rb.sticks)):
                if differs:
                    out.append(self._whole(stage, kind))
        return out

    def _cause(self, stage: str, name: str, sides: tuple[Target | None, Target | None]
               ) -> Cause:
        origins = list(dict.fromkeys(f"{t.span.file}:{t.span.line}" for t in sides if t))
        params: set[str] = set()
        for side in sides:
            if side is not None:
                params |= side.parameters & self.differing
        return Cause(stage, name, " / ".join(origins), tuple(sorted(params)))

    def _yaku(self, ra: Result | None, rb: Result | None) -> list[_Part]:
        ya = {y.id: (y.han, y.yakuman) for y in (ra.yaku if ra else ())}
        yb = {y.id: (y.han, y.yakuman) for y in (rb.yaku if rb else ())}
        out: list[_Part] = []
        for yaku_id in sorted(set(ya) | set(yb)):
            if ya.get(yaku_id) == yb.get(yaku_id):
                continue
            for kind in ("yaku", "yakuman", "dora"):
                key = (kind, yaku_id, 0)
                sides = (self.targets[0].get(key), self.targets[1].get(key))
                if any(sides):
                    stage = "dora" if kind == "dora" else "yaku"
                    out.append((self._cause(stage, yaku_id, sides), (key,)))
                    break
        return out

    def _fu(self, ra: Result, rb: Result) -> list[_Part]:
        if ra.fu == rb.fu:
            return []
        fa: dict[str, int] = {}
        fb: dict[str, int] = {}
        for items, into in ((ra.fu_items, fa), (rb.fu_items, fb)):
            for item in items:
                into[item.label] = into.get(item.label, 0) + item.fu
        labels = sorted(label for label in set(fa) | set(fb) if fa.get(label) != fb.get(label))
        if not labels:
            return [self._whole("fu", "fu")]
        out: list[_Part] = []
        for label in labels:
            keys = tuple(k for table in self.targets for k in table
                         if k[0] == "fu" and k[1] == label)
            sides = (self.targets[0].get(("fu", label, 0)), self.targets[1].get(("fu", label, 0)))
            out.append((self._cause("fu", label, sides), keys))
        return out

    def _limit(self, ra: Result, rb: Result) -> list[_Part]:
        if ra.limit == rb.limit and (not ra.limit or ra.basic == rb.basic):
            return []
        name = (f"{ra.limit or 'none'} vs {rb.limit or 'none'}" if ra.limit != rb.limit
                else f"{ra.limit}: {ra.basic} vs {rb.basic} basic points")
        clauses = [c for c in (self._limit_target(0, ra), self._limit_target(1, rb)) if c]
        keys = tuple(k for table in self.targets for k in table if k[0] == "limit")
        if not clauses:
            return [(self._whole("limit", "limit")[0], keys)]
        read_differently = [c for c in clauses if c.key in self.pairs] or clauses
        origins = " / ".join(dict.fromkeys(f"{c.span.file}:{c.span.line}"
                                           for c in read_differently))
        params = sorted({p for c in read_differently for p in c.parameters} & self.differing)
        return [(Cause("limit", name, origins, tuple(params)), keys)]

    def _limit_target(self, side: int, result: Result) -> Target | None:
        if not result.limit:
            return None
        where = result.limit_origin.split("; ")[0]
        for target in self.targets[side].values():
            if target.kind == "limit" and f"{target.span.file}:{target.span.line}" == where:
                return target
        return None

    def _whole(self, stage: str, kind: str) -> _Part:
        """The clauses of one kind (all payments, all honba ...) as one cause, placed at the
        first clause of each ruleset's (the rule each one pays by)."""
        each = [[target for target in table.values() if target.kind == kind]
                for table in self.targets]
        sides = [target for side in each for target in side]
        params: set[str] = set()
        for target in sides:
            params |= target.parameters & self.differing
        origins = list(dict.fromkeys(f"{side[0].span.file}:{side[0].span.line}"
                                     for side in each if side))
        keys = tuple(dict.fromkeys(t.key for t in sides))
        return (Cause(stage, kind, " / ".join(origins), tuple(sorted(params))), keys)



_EXPLAINERS: dict[tuple[int, int], tuple[ScoringProgram, ScoringProgram, Explainer]] = {}


def explainer(a: ScoringProgram, b: ScoringProgram) -> Explainer:
    """The explainer of two compiled rulesets (made once per pair of programs)."""
    known = _EXPLAINERS.get((id(a), id(b)))
    if known is None or known[0] is not a or known[1] is not b:
        known = _EXPLAINERS[(id(a), id(b))] = (a, b, Explainer(a, b))
    return known[2]


# ---- the causes as reasons, in a few words ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reason:
    """One rule whose contribution differs on a case, and the differing parameters it reads."""

    what: str  # "yaku riichi", "fu: Double-wind pair", "limit none vs mangan"
    origin: str  # where the rule is written: "file:line" (with "; note" when a config changed it)
    parameters: tuple[str, ...] = ()

    def __str__(self) -> str:
        return reason_line(f"{self.what} ({self.origin})", self.parameters)


def reason_line(text: str, params: Sequence[str]) -> str:
    return text + (f" [rule.{', rule.'.join(params)}]" if params else "")


def outcome(result: Result | None, error: str = "") -> str:
    """A short outcome: "4h30f 7700 (riichi pinfu ittsu)", "yakuman x2 64000", "error no_yaku"."""
    if result is None:
        return f"error {error}"
    value = f"yakuman x{result.yakuman}" if result.yakuman else f"{result.han}h{result.fu}f"
    return f"{value} {result.points}"


def reasons(win: Win | Mapping[str, Any], a: ScoringProgram, b: ScoringProgram
            ) -> tuple[Reason, ...]:
    """Why a win scores differently under two rulesets: the rules whose two versions, read
    in the same situation, part (see :class:`Explainer`), each where it is written and with
    the differing parameters it reads; where no rule's versions part, the parts of the
    results that differ."""
    if not isinstance(win, Win):
        win = Win.from_json(win)
    explained = explainer(a, b).explain(Probe(win, a), Probe(win, b))
    return tuple(_as_reason(c) for c in explained.causes or explained.effects)


_WHAT = {"yaku": "yaku {}", "dora": "dora {}", "fu": "fu: {}", "limit": "limit {}",
         "payments": "payments", "honba": "honba", "deposit": "riichi deposit",
         "refused": "refused: {}"}


def _as_reason(cause: Cause) -> Reason:
    return Reason(_WHAT[cause.stage].format(cause.name), cause.origin, cause.parameters)
