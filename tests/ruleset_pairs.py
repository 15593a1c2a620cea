"""The pairs of bundled rulesets the pairwise tests run: by default each ruleset against the
reference (EMA 2016) and, where a test asks for them, each against the ruleset it extends and
the three-player rulesets with each other; the other pairs are marked ``exhaustive``
(``pytest -m exhaustive`` runs them), so that the suite fits the time CI gives it while every
ruleset meets another on every run."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import pytest

from riichi_rules.rulesets.config import bundled_ids, load_config

REFERENCE = "ema-2016"
BUNDLED = tuple(i for i in bundled_ids() if i != "base")
EVERY_PAIR = tuple(itertools.combinations(BUNDLED, 2))


def always(a: str, b: str, related: bool = True) -> bool:
    """Whether the pair runs on every run (not only with ``-m exhaustive``): it holds the
    reference or, with ``related``, one ruleset extends the other or both are
    three-player."""
    first, second = load_config(a), load_config(b)
    return REFERENCE in (a, b) or (related and (
        a in second.chain or b in first.chain
        or first.parameters.get("players") == second.parameters.get("players") == 3))


def pairs(known_gaps: Mapping[frozenset[str], str] | None = None,
          related: bool = True) -> list[object]:
    """Every pair as a parameter ``(a, b)``: those not :func:`always` run marked
    ``exhaustive``; a pair of ``known_gaps`` xfails (strictly) with its reason."""
    out: list[object] = []
    for a, b in EVERY_PAIR:
        marks = [] if always(a, b, related) else [pytest.mark.exhaustive]
        gap = (known_gaps or {}).get(frozenset({a, b}))
        if gap:
            marks.append(pytest.mark.xfail(reason=gap, strict=True))
        out.append(pytest.param(a, b, marks=marks))
    return out
