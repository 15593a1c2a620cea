"""Witness hands for every scoring rule (``riichi check --witness``): each witness and near
miss re-scored as claimed, a witness for every yaku and yakuman of every bundled ruleset, and
a ruleset of house yaku broken on purpose flagged rule by rule."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from riichi_rules.conformance.cases import known_ruleset_ids
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program, score
from riichi_rules.search.climb import Budget
from riichi_rules.search.situations import compact
from riichi_rules.search.witness import WitnessReport, witness_report

BROKEN = Path(__file__).with_name("broken-house-rules")


@cache
def _report(ruleset: str, samples: int = 1, situations: int = 100_000) -> WitnessReport:
    return witness_report(_program(ruleset), Budget.of(situations), 0, samples)


def _program(ruleset: str) -> ScoringProgram:
    return program(load_config(BROKEN if ruleset == "broken" else ruleset))


@pytest.mark.parametrize("ruleset", known_ruleset_ids())
def test_every_yaku_and_yakuman_has_a_witness(ruleset: str) -> None:
    """Every yaku and yakuman of the ruleset (its local yaku included) has a witness that
    re-scores with it, and a near miss that re-scores without it; the rules without one are
    those the ruleset's own parameters rule out (notes, not problems)."""
    found = _report(ruleset)
    assert not found.problems, [d.render() for d in found.problems]
    prog = _program(ruleset)
    for w in found.rules:
        kind = w.target.kind
        if w.witness is None:
            # only a rule its parameters rule out, or one a rule the ruleset switches on
            # replaces every time (a note naming it)
            assert any(w.target.name in d.message or w.target.label in d.message
                       for d in found.notes), w.target.label
            continue
        win, result = w.witness
        again = score(compact(win), prog)
        assert again.to_json() == result.to_json()
        assert w.target.counted(again), w.target.label
        if kind in ("yaku", "yakuman") and w.near_miss is not None:
            miss = score(compact(w.near_miss[0]), prog)
            assert not w.target.counted(miss), w.target.label
    witnessed = {w.target.name for w in found.rules if w.witness is not None
                 and w.target.kind in ("yaku", "yakuman")}
    scoring = {r.id for r in (*prog.yaku, *prog.yakuman) if not r.never}
    pushed_out = {w.target.name for w in found.rules if w.witness is None}
    assert scoring - pushed_out <= witnessed


def test_deterministic_for_a_seed() -> None:
    prog = program("tenhou")
    first = witness_report(prog, Budget.of(12_000), 3, samples=1).to_json()
    again = witness_report(prog, Budget.of(12_000), 3, samples=1).to_json()
    assert first == again


# Each broken house yaku of tests/search/broken-house-rules/broken.rules, the line its problem
# is reported at, and what the problem must say (the file's comments say why each is wrong).
EXPECTED = {
    "contradiction": (8, r"can never apply: 'closed' .* and 'open' .* never hold together"),
    "no_such_tile": (14, r"can never apply: 'some\(tiles where simple and honour\)' .* never "
                         r"holds"),
    "five_sets": (20, r"can never apply: 'count\(sets\) == 5' .* never holds"),
    "haitei_ron": (26, r"can never apply: 'haitei' .* and 'ron' .* never hold together"),
    "open_only": (32, r"can never apply: 'count\(melds where called\) >= 1' .* and 'a closed "
                      r"hand .*' .* never hold together"),
    "riichi_tsumo": (36, r"never scores: its condition held in \d+ situations found, but "
                         r"greedy_riichi replaces it"),
    "greedy_riichi": (41, r"is not new: it and riichi .* always score together"),
    "all_green": (48, r"is not new: it and ryuuiisou .* always score together"),
    "many_kongs": (53, r"also fires on every hand of suukantsu .* it scores on top of it"),
    "never": (58, r"can never apply: its condition is false whatever the hand$"),
}


def test_broken_house_rules_are_flagged_rule_by_rule() -> None:
    found = _report("broken", samples=12, situations=120_000)
    problems = [d for d in found.problems if d.file.endswith("broken.rules")]
    for name, (line, pattern) in EXPECTED.items():
        mine = [d for d in problems if d.line == line and name in d.message]
        assert mine, f"{name}: no problem at line {line}: " + "\n".join(
            d.render() for d in problems)
        assert any(re.search(pattern, d.message) for d in mine), [d.message for d in mine]
    # nothing else of the file is a problem, and no bundled rule is (they are notes)
    assert {d.line for d in problems} <= {line for line, _ in EXPECTED.values()}
    assert all(d.file.endswith("broken.rules") for d in found.problems)
