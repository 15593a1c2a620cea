"""The search for event sequences on which two rulesets' referees decide differently
(search/table_differences.py): every table parameter a referee conformance case's difference
is put down to is found, for every pair of bundled rulesets; every witness is a conformance
case that loads, passes under both rulesets with the outcomes reported, and shows its clause
as search/table_causes names causes; the search is deterministic for a seed and stops on time;
and it works for a house ruleset's own table rules."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_rules import house_ruleset
from riichi_rules import resources
from riichi_rules.comparison.pair import compare
from riichi_rules.conformance.cases import load_suite, load_text
from riichi_rules.conformance.events import play
from riichi_rules.conformance.runner import run_case
from riichi_rules.referee.questions import waits
from riichi_rules.referee.state import relation
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.scorer import program
from riichi_rules.search.climb import Budget
from riichi_rules.search.table_causes import Panel
from riichi_rules.search.table_differences import TableDifferences, search_table
from riichi_rules.search.table_driver import outcome
from riichi_rules.search.table_targets import differing_clauses, table_clauses
from ruleset_pairs import BUNDLED, EVERY_PAIR, pairs

# Where the search does not yet find what a case shows (the reason each), failing if found:
KNOWN_GAPS = {
    frozenset({"ema-2016", "tenhou"}): "final_points_rounding: the standings final_points "
    "group counts as witnessed once any parameter it reads is shown",
}
SCENARIOS = 2500  # per pair; the search stops before where every clause has a witness
HOUSE = str(Path(__file__).parent / "house-table-rules")


@cache
def _search(a: str, b: str, scenarios: int = SCENARIOS, seed: int = 0) -> TableDifferences:
    return search_table(program(a), program(b), Budget.of(scenarios), seed)


@cache
def _suite() -> tuple[object, ...]:
    return tuple(load_suite().cases)


def _replayed(found: TableDifferences) -> None:
    """Every witness: its case loads and passes under both rulesets; the referees decide as
    reported; and the panel (search/table_causes.py), following the case, puts the
    difference down to the clause the witness is for (its first cause), written where the
    witness says."""
    a, b = found.rulesets
    configs = [load_config(r) if r in BUNDLED else load_config(HOUSE) for r in (a, b)]
    panel = Panel([program(c) for c in configs])
    for finding in found.findings:
        (case,) = load_text(finding.text, resources.conformance_dir() / "search.yaml")
        for config in configs:
            result = run_case(case, config)
            assert result.passed, result.report()
        assert case.deal is not None
        decided = tuple(outcome(play(case.deal, case.steps, program(c))) for c in configs)
        assert decided == finding.outcomes
        first = finding.causes[0]
        named = {c.part for c in panel.causes(case, panel.outcomes(case), 0, 1)}
        assert first.part in named
        keyword = first.part[2].split(" ")[0].replace("_", " ")
        for origin in first.origin.split(" / "):  # where the clause is written, each side's
            file, line = origin.rsplit(":", 1)
            text = Path(file).read_text(encoding="utf-8").splitlines()[int(line) - 1]
            assert text.strip().startswith(keyword), (origin, text)


def _table_parameters(a: str, b: str) -> set[str]:
    """The parameters the table rules of either ruleset read."""
    return {p for r in (a, b) for clause in table_clauses(program(r)).values()
            for p in clause.parameters}


@pytest.mark.parametrize(("a", "b"), pairs(KNOWN_GAPS))
def test_the_search_finds_every_table_parameter_the_cases_show(a: str, b: str) -> None:
    """Every table parameter that a referee case's difference is put down to (compare's
    reasons) is read by a clause some witness of the search shows (and the search may find
    more: see the report of the commit that added it)."""
    shown = {p for d in compare(a, b, suite=_suite()).cases if d.kind == "referee"
             for r in d.why for p in r.parameters} & _table_parameters(a, b)
    found = _search(a, b)
    assert shown <= found.parameters, f"not found: {sorted(shown - found.parameters)}"
    _replayed(found)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.sampled_from(EVERY_PAIR))
def test_deterministic_for_a_seed_and_every_witness_replays(seed: int, pair: tuple[str, str]
                                                            ) -> None:
    a, b = pair
    first = search_table(program(a), program(b), Budget.of(120), seed)
    again = search_table(program(a), program(b), Budget.of(120), seed)
    assert first.to_json() == again.to_json()
    assert first.unwitnessed_json() == again.unwitnessed_json()
    _replayed(first)


def test_a_ruleset_against_itself_differs_nowhere() -> None:
    found = search_table(program("tenhou"), program("tenhou"), Budget.of(50), 0)
    assert found.targets == [] and found.findings == [] and found.searched == 0


def test_a_table_of_other_players_is_not_searched() -> None:
    """The scenarios deal the four-player set to four seats (table_scenarios.py); a
    three-player ruleset (tenhou-sanma: rule.players 3, 2m-8m removed) is never dealt them:
    every clause it reads differently is left with the reason, and nothing is played."""
    a, b = program("ema-2016"), program("tenhou-sanma")
    found = search_table(a, b, Budget.of(50), 0)
    assert found.searched == 0 and found.findings == []
    assert [t.pair.part for t in found.targets] == [p.part for p in differing_clauses(a, b)]
    assert found.targets and all("tenhou-sanma is played by 3 players" in t.note
                                 for t in found.targets)


def test_a_time_budget_stops_the_search() -> None:
    rng = random.Random(0)
    a, b = program("ema-2016"), program("tenhou")  # compiled or read before the clock starts
    budget = Budget.of(10**9, 1.0 + rng.random() * 0.1)  # its targets are made in it too
    found = search_table(a, b, budget, 0)
    assert 0 < found.searched < 10**9


def test_a_house_rulesets_own_table_rules() -> None:
    """tests/search/house-table-rules: EMA 2016 with a chow from any seat (an override of
    claim chi, which EMA 2016 allows only from the player on the left, §3.3.3) and a furiten
    rule of its own (a player in riichi waiting on a dragon). Neither reads a parameter; the
    search finds both: a chow offered from a seat that is not on the left, and a seat in
    riichi waiting on a dragon that is furiten under the house rules only."""
    found = search_table(program("ema-2016"), program(HOUSE), Budget.of(600), 0)
    witnessed = {f.causes[0].part: f for f in found.findings}
    assert set(witnessed) == {("claim", "chi", "allow"), ("furiten", "dragon_wait", "when")}
    _replayed(found)
    chow = witnessed[("claim", "chi", "allow")]
    ema, house = chow.outcomes
    (seat,) = [s for s, claims in house["claims"].items() if "chi" in claims
               and "chi" not in ema["claims"][s]]
    (case,) = load_text(chow.text, resources.conformance_dir() / "search.yaml")
    assert case.deal is not None
    played = play(case.deal, case.steps, program("ema-2016"))
    release = played.referee.state.last_release
    assert release is not None and relation(seat, release[0]) != "left"
    furiten = witnessed[("furiten", "dragon_wait", "when")]
    (case,) = load_text(furiten.text, resources.conformance_dir() / "search.yaml")
    assert case.deal is not None
    played = play(case.deal, case.steps, program(HOUSE))
    (seat,) = [s for s, rules in furiten.outcomes[1]["furiten"].items()
               if "dragon_wait" in rules]
    state = played.referee.state.seats[seat]
    assert state.riichi
    assert any(w.kind >= 31 for w in waits(state.hand, state.melds))  # 5z 6z 7z


def test_a_scenario_on_which_a_rule_faults_is_passed_over(tmp_path: Path) -> None:
    """A house yaku with no value on any closed win (14 / (count(tiles) - 14): a division by
    zero on 14 tiles) faults wherever the referee scores a hand to list a self-draw or allow a
    ron; the table search passes those scenarios over (the fault is riichi check's, compare's
    and conformance's to report) and still witnesses the noten payment the house halves
    (noten_payment_total 1500 against Tenhou's 3000)."""
    house = house_ruleset(
        tmp_path, 'yaku house "House" {\n    han 14 / (count(tiles) - 14)\n    when closed\n}\n',
        parameters={"noten_payment_total": 1500})
    found = search_table(program("tenhou"), program(load_config(house)), Budget.of(300), 0)
    assert found.found_for("noten_payment_total")
