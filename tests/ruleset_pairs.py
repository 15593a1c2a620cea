"""The pairs of bundled rulesets the pairwise tests run: by default each ruleset against the
reference (EMA 2016); the other pairs are marked ``exhaustive`` (``pytest -m exhaustive`` runs
them), so that the suite fits the time CI gives it while every ruleset meets another on every
run."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import pytest

from riichi_rules.rulesets.config import bundled_ids

REFERENCE = "ema-2016"
BUNDLED = tuple(i for i in bundled_ids() if i != "base")
EVERY_PAIR = tuple(itertools.combinations(BUNDLED, 2))


def pairs(known_gaps: Mapping[frozenset[str], str] | None = None) -> list[object]:
    """Every pair as a parameter ``(a, b)``: those without the reference run marked
    ``exhaustive``; a pair of ``known_gaps`` xfails (strictly) with its reason."""
    out: list[object] = []
    for a, b in EVERY_PAIR:
        marks = [] if REFERENCE in (a, b) else [pytest.mark.exhaustive]
        gap = (known_gaps or {}).get(frozenset({a, b}))
        if gap:
            marks.append(pytest.mark.xfail(reason=gap, strict=True))
        out.append(pytest.param(a, b, marks=marks))
    return out
