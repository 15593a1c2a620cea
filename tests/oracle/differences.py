"""Compare riichi-rules with the ``mahjong`` package hand by hand, and sort every disagreement
into a named category (tests/oracle/KNOWN_DIFFERENCES.md explains each one with its rule).

A category is a predicate over the hand, the ruleset's parameters and both answers; it checks
the *shape* of the disagreement too (e.g. "our total is the package's divided by its number of
yakuman"), so a different disagreement on the same hand is not swallowed by it.

Run it as a report (from the tests/ folder, so that ``oracle`` is importable)::

    cd tests && ../.venv/bin/python -m oracle.differences --ruleset ema-2016 --hands 20000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from riichi_rules.rulesets.config import load_config

from .generate import perturb, random_win
from .mahjong_adapter import Outcome, ours, theirs

__all__ = [
    "CATEGORIES",
    "Category",
    "Disagreement",
    "classify",
    "compare",
    "run",
]

Params = Mapping[str, Any]
Win = Mapping[str, Any]


def compare(a: Outcome, b: Outcome) -> tuple[str, ...]:
    """The fields on which two answers differ (han and fu only for a hand that is not a
    yakuman on either side: a yakuman's han and fu mean nothing)."""
    if a.error or b.error:
        return ("error",) if a.error != b.error else ()
    fields = [f for f in ("yakuman", "total", "honba", "sticks", "yaku")
              if getattr(a, f) != getattr(b, f)]
    if not (a.yakuman or b.yakuman):
        fields += [f for f in ("han", "fu") if getattr(a, f) != getattr(b, f)]
    return tuple(fields)


@dataclass(frozen=True)
class Category:
    name: str
    kind: str  # "rule": the rulesets differ on purpose; "bug": ours is wrong (lead to fix)
    rule: str
    matches: Callable[[Win, Params, Outcome, Outcome], bool]


# ---------------------------------------------------------------------- the predicates

def _yakuman_not_stacked(win: Win, p: Params, a: Outcome, b: Outcome) -> bool:
    """Two or more yakuman in one hand: ours pays the largest once (no stacking), the package
    adds them up. Same yakuman on both sides; ours pays exactly one share of the package's."""
    return (
        not p["yakuman_stacking"]
        and a.error is None and b.error is None
        and a.yaku == b.yaku
        and len(a.yaku) >= 2
        and a.yakuman == 1 and b.yakuman == len(b.yaku)
        and a.total * b.yakuman == b.total
        and (a.honba, a.sticks) == (b.honba, b.sticks)
    )


def _renhou_stands_alone(win: Win, p: Params, a: Outcome, b: Outcome) -> bool:
    """Renhou not cumulative: ours scores renhou alone (5 han, a mangan) or the hand without
    renhou, whichever pays more; the package adds renhou's 5 han to the other yaku and dora.
    Checked against the package's own answer for the same hand without the renhou flag."""
    if not win.get("renhou") or p["renhou"] != "mangan" or a.error is not None:
        return False
    if b.error is not None or ("renhou", 5) not in b.yaku:
        return False
    rest = theirs({k: v for k, v in win.items() if k != "renhou"}, p["__id__"])
    mangan = 8000  # renhou is a non-dealer's ron: a non-dealer mangan on a discard
    alone_ok = a.yaku == frozenset({("renhou", 5)}) and a.total == mangan
    rest_ok = rest.error is None and not compare(a, rest)
    if rest.error is not None or rest.total < mangan:
        return alone_ok
    if rest.total > mangan:
        return rest_ok
    return alone_ok or rest_ok


CATEGORIES: tuple[Category, ...] = (
    Category(
        "yakuman_not_stacked", "rule",
        "EMA 2016 §4 (003_*.txt): '役满不能复合' - yakuman do not combine; variants.md #15. "
        "The package always adds yakuman up.",
        _yakuman_not_stacked,
    ),
    Category(
        "renhou_stands_alone", "rule",
        "EMA 2016 §4 Renho (003_*.txt): '不与其它役或宝牌累计' - not cumulative with other yaku "
        "or dora; variants.md #16. The package adds renhou's 5 han to everything else.",
        _renhou_stands_alone,
    ),
)


@dataclass(frozen=True)
class Disagreement:
    win: Win
    ours: Outcome
    theirs: Outcome
    fields: tuple[str, ...]
    category: str | None


def classify(win: Win, params: Params, a: Outcome, b: Outcome) -> str | None:
    for cat in CATEGORIES:
        if cat.matches(win, params, a, b):
            return cat.name
    return None


def _params(ruleset: str) -> dict[str, Any]:
    params = dict(load_config(ruleset).parameters)
    params["__id__"] = ruleset
    return params


def run(ruleset: str, seed: int, hands: int, not_a_win_rate: float = 0.03
        ) -> tuple[Counter[str], list[Disagreement]]:
    """Score ``hands`` random hands (a few perturbed into non-wins) with both scorers.
    Returns counts (``hands``, ``perturbed``, ``scored``, ``no_yaku``, ``not_a_win`` (ours),
    ``agree``, ``generated_not_a_win`` (must stay 0), and one count per disagreement category
    or ``uncategorised``) and every disagreement."""
    params = _params(ruleset)
    red = int(params["red_fives"]) > 0
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    found: list[Disagreement] = []
    for _ in range(hands):
        win = random_win(rng, red)
        perturbed = rng.random() < not_a_win_rate
        if perturbed:
            win = perturb(win, rng, red)
            counts["perturbed"] += 1
        a, b = ours(win, ruleset), theirs(win, ruleset)
        counts["hands"] += 1
        counts[a.error or "scored"] += 1
        if not perturbed and "not_a_win" in (a.error, b.error):
            counts["generated_not_a_win"] += 1  # a generator bug: it makes complete hands
        fields = compare(a, b)
        if not fields:
            counts["agree"] += 1
            continue
        cat = classify(win, params, a, b)
        counts[cat or "uncategorised"] += 1
        found.append(Disagreement(win, a, b, fields, cat))
    return counts, found


def _short(o: Outcome) -> dict[str, Any]:
    d = {"error": o.error} if o.error else {
        "han": o.han, "fu": o.fu, "yakuman": o.yakuman, "total": o.total,
        "yaku": sorted(f"{i}:{h}" for i, h in o.yaku)}
    return d


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="ema-2016")
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    counts, found = run(args.ruleset, args.seed, args.hands)
    print(json.dumps(dict(sorted(counts.items())), indent=1))
    by_cat: dict[str, list[Disagreement]] = {}
    for d in found:
        by_cat.setdefault(d.category or "uncategorised", []).append(d)
    for cat, items in by_cat.items():
        d = min(items, key=lambda x: len(json.dumps(x.win)))
        print(f"\n== {cat} ({len(items)}), e.g. fields {d.fields}")
        print("  win   ", json.dumps(d.win))
        print("  ours  ", json.dumps(_short(d.ours)))
        print("  theirs", json.dumps(_short(d.theirs)))
    return 1 if counts["uncategorised"] else 0


if __name__ == "__main__":
    sys.exit(main())
