"""The search for differences between two rulesets: what it finds, that it is deterministic,
and that every difference it reports is real (each witness re-scored under both rulesets).

The parameters named below come from the rulesets' own ruleset.json (ema-2016 sets none: the
schema defaults are EMA 2016): wrc-2025 has kiriage, counted yakuman, stacked yakuman, 2 fu
for a double-wind pair, and renhou "best_of" against EMA 2016's "mangan"."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi_rules.comparison.pair import compare
from riichi_rules.conformance.cases import load_suite
from riichi_rules.errors import InputError
from riichi_rules.scoring.scorer import program, score
from riichi_rules.search.climb import Budget
from riichi_rules.search.differences import Differences, search_differences
from riichi_rules.search.situations import compact
from ruleset_pairs import EVERY_PAIR, pairs


@cache
def _search(a: str, b: str, situations: int, seed: int = 0) -> Differences:
    return search_differences(program(a), program(b), Budget.of(situations), seed)


def _rescored(found: Differences) -> None:
    """Every witness scores under each ruleset as reported, and the two outcomes differ."""
    a, b = found.rulesets
    for finding in found.findings:
        outcomes = []
        for ruleset, reported, error in zip((a, b), finding.outcomes, finding.errors,
                                            strict=True):
            try:
                again = score(compact(finding.win), ruleset).to_json()
            except InputError as refused:
                assert reported is None and refused.code == error
                outcomes.append(None)
                continue
            assert reported is not None and again == reported.to_json()
            outcomes.append(again)
        assert outcomes[0] != outcomes[1], f"{finding.cause}: no difference"


def test_ema_2016_and_wrc_2025() -> None:
    found = _search("ema-2016", "wrc-2025", 20_000)
    causes = {p for f in found.findings for p in f.cause.parameters}
    assert {"kiriage", "kazoe_yakuman", "yakuman_stacking", "double_wind_pair_fu"} <= causes
    # renhou: "mangan" and "best_of" both make a 5-han yaku that stands alone (yaku.rules),
    # so no win scores differently: the search says so instead of failing to find one
    assert "renhou" in found.alike
    _rescored(found)
    kiriage = next(f for f in found.findings if "kiriage" in f.cause.parameters)
    # the plainest witness of kiriage: 4 han 30 fu or 3 han 60 fu (basic 1920, EMA 2016 §4),
    # no limit under ema-2016, mangan under wrc-2025
    result_a, result_b = kiriage.outcomes
    assert result_a is not None and result_b is not None
    assert (result_a.han, result_a.fu) in ((4, 30), (3, 60))
    assert (result_a.limit, result_b.limit) == (None, "mangan")
    assert kiriage.win.melds == () or len(kiriage.win.melds) <= 1


def test_a_ruleset_against_itself_differs_nowhere() -> None:
    found = _search("tenhou", "tenhou", 3000)
    assert found.findings == [] and found.parameters == ()


@cache
def _suite() -> tuple[object, ...]:
    return tuple(load_suite().cases)


@pytest.mark.parametrize(("a", "b"), pairs())
def test_the_search_finds_every_cause_the_cases_show(a: str, b: str) -> None:
    """Every parameter that a scoring case's difference is put down to is named by a cause
    the search found (and the search may find more: see the closing notes)."""
    shown = {p for d in compare(a, b, suite=_suite()).cases if d.kind == "scoring"
             for r in d.why for p in r.parameters}
    found = _search(a, b, 20_000)
    named = {p for f in found.findings for p in f.cause.parameters}
    assert shown <= named, f"not found: {sorted(shown - named)}"
    _rescored(found)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.sampled_from(EVERY_PAIR))
def test_deterministic_for_a_seed_and_every_witness_rescores(seed: int, pair: tuple[str, str]
                                                             ) -> None:
    a, b = pair
    first = search_differences(program(a), program(b), Budget.of(1500), seed)
    again = search_differences(program(a), program(b), Budget.of(1500), seed)
    assert first.to_json() == again.to_json()
    _rescored(first)


def test_a_time_budget_stops_the_search() -> None:
    rng = random.Random(0)
    a, b = program("ema-2016"), program("tenhou")  # compiled or read before the clock starts
    # two seconds of wall time: on a loaded machine half a second could pass before the
    # first situation is tried (a CI run once saw 0 searched)
    budget = Budget.of(10**9, 2.0 + rng.random() * 0.1)
    found = search_differences(a, b, budget, 0)
    assert 0 < found.searched < 10**9
