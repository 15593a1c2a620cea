"""Witnesses for a house ruleset's own table rules (search/table_witness.py, ``riichi check
--witness``): a folder of table rules broken on purpose is flagged rule by rule, each with
the problem its comment in broken.rules names; good house rules get witnesses and no
problem; a bundled ruleset writes no table rules of its own."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from riichi_rules import resources
from riichi_rules.conformance.cases import load_text
from riichi_rules.conformance.runner import run_case
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.scorer import program
from riichi_rules.search.climb import Budget
from riichi_rules.search.table_witness import (
    TableWitnessReport,
    own_clauses,
    table_witness_report,
)

HERE = Path(__file__).parent
BROKEN = HERE / "broken-table-rules"
HOUSE = HERE / "house-table-rules"

# each broken rule (broken.rules), the problem it must get: the words of the diagnostic
EXPECTED = {
    ("furiten", "both_ways", "when"): "its condition is false whatever happens",
    ("furiten", "never", "when"): "its condition is false whatever happens",
    ("furiten", "simple_honour", "when"): "can never apply: 'some(waits as w: w is simple "
                                          "and w is honour)' (",
    ("pao", "five_kongs", "when"): "can never apply: 'count(melds where kong) == 5' (",
    ("furiten", "first_and_last", "when"): "'first_turn' (",
    ("furiten", "riichi_own_wait", "when"): "changes nothing: wherever it holds",
    ("discard", "riichi_honours", "forbid"): "discard riichi_tsumogiri decides the same",
    ("claim", "kita", "allow"): "is never asked",
    ("collect", "nothing", "gain 0"): "it pays nothing whatever happens",
}


@cache
def _report(path: Path, scenarios: int = 600) -> TableWitnessReport:
    return table_witness_report(program(load_config(path)), Budget.of(scenarios), 0)


def test_broken_table_rules_are_flagged_rule_by_rule() -> None:
    """Every clause of broken.rules gets exactly one problem, at its own line of the file,
    saying what is wrong with it (and none gets a witness)."""
    found = _report(BROKEN)
    assert {w.clause.part for w in found.clauses} == set(EXPECTED)
    lines = (BROKEN / "broken.rules").read_text(encoding="utf-8").splitlines()
    for w in found.clauses:
        assert w.finding is None and w.problem is not None, w.label
        assert EXPECTED[w.clause.part] in w.problem.message, w.problem.message
        if "' (" in EXPECTED[w.clause.part]:
            assert "never hold" in w.problem.message
        assert w.problem.line == w.clause.span.line
        assert Path(w.problem.file).name == "broken.rules"
        keyword = w.clause.part[2].split(" ")[0]
        assert lines[w.problem.line - 1].strip().startswith(keyword)
    # two parts that never hold together are both named, each where it is written
    last = next(w for w in found.clauses if w.clause.part[1] == "first_and_last")
    assert last.problem is not None and "'last_tile' (" in last.problem.message
    assert "never hold together" in last.problem.message


def test_good_house_table_rules_have_witnesses() -> None:
    """house-table-rules (a chow from any seat, a dragon-wait furiten in riichi): a witness
    for each, a case that loads and passes under EMA 2016 and the house ruleset, and no
    problem."""
    found = _report(HOUSE)
    assert not found.problems, [d.render() for d in found.problems]
    assert {w.clause.part for w in found.clauses} == {("claim", "chi", "allow"),
                                                      ("furiten", "dragon_wait", "when")}
    configs = [load_config("ema-2016"), load_config(HOUSE)]
    for w in found.clauses:
        assert w.finding is not None
        (case,) = load_text(w.finding.text, resources.conformance_dir() / "search.yaml")
        for config in configs:
            assert run_case(case, config).passed
    assert len(found.lines()) == 2


def test_a_bundled_ruleset_writes_no_table_rules_of_its_own() -> None:
    assert own_clauses(program("tenhou")) == {}
    report = table_witness_report(program("tenhou"), Budget.of(10), 0)
    assert report.clauses == [] and report.searched == 0
